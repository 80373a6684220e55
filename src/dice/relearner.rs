//! The camera reader's classifier trained again on the player's confirmed rolls
//! ([`crate::vision::relearn`]), on a thread of its own while the reader reads on.
//!
//! One training at a time; dropping the [`Relearner`] gives it up within one step.

use crate::vision::adapt::Lessons;
use crate::vision::learned::Model;
use crate::vision::relearn::{Relearning, Replay, relearned};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread::JoinHandle;

/// The reader's classifier is first trained again after this many confirmed rolls…
pub const FIRST_AFTER: usize = 10;
/// …and again after each this many more.
pub const AGAIN_AFTER: usize = 10;

/// Whether a training should start: `rolls` confirmed, the last training (none: 0) on
/// `trained_on` of them.
pub fn due(rolls: usize, trained_on: usize) -> bool {
    rolls >= FIRST_AFTER && rolls >= trained_on + AGAIN_AFTER
}

/// A training running, on the lessons of `rolls` rolls.
pub struct Relearner {
    pub rolls: usize,
    stop: Arc<AtomicBool>,
    done: Receiver<Result<Model, String>>,
    thread: Option<JoinHandle<()>>,
}

impl Relearner {
    /// Starts training `base`'s classifier again on the shipped replay set and `lessons`;
    /// `epoch` hears each epoch done (its number from 1) and how many there are.
    pub fn start(
        base: &'static Model,
        lessons: Lessons,
        how: Relearning,
        epoch: impl Fn(usize, usize) + Send + 'static,
    ) -> std::io::Result<Relearner> {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, done) = channel();
        let rolls = lessons.rolls;
        let thread = {
            let stop = stop.clone();
            std::thread::Builder::new()
                .name("dice relearning".into())
                .spawn(move || {
                    let replay = match Replay::shipped() {
                        Ok(r) => r,
                        Err(e) => {
                            let _ = tx.send(Err(format!("the replay set built in: {e}")));
                            return;
                        }
                    };
                    let log = |e: usize, _loss: f32| epoch(e + 1, how.epochs);
                    if let Some(model) = relearned(base, &replay, &lessons, how, log, &stop) {
                        let _ = tx.send(Ok(model));
                    }
                })?
        };
        Ok(Relearner {
            rolls,
            stop,
            done,
            thread: Some(thread),
        })
    }

    /// The model trained, once it is; an error if the training could not run.
    pub fn finished(&mut self) -> Option<Result<Model, String>> {
        match self.done.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("the training stopped".into())),
        }
    }
}

impl Drop for Relearner {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
