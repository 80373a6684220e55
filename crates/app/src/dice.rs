//! Dice sources that only emit readings; they never touch the game.
//!
//! - [`serial`]: smart dice on a serial port (the protocol of `firmware/protocol`).
//! - [`camera`]: a webcam or picture files, read by [`crate::vision`].

pub mod camera;
pub mod relearner;
pub mod serial;
pub mod teach;

pub use foreman_dice_protocol::{DieColour, RollState};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// A settled roll of one physical die: which die, its colour, the face up, and the die's own
/// roll counter (so a repeated report of the same roll can be told apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Reading {
    pub die_id: u64,
    #[serde(serialize_with = "colour_name")]
    pub colour: DieColour,
    pub face: u8,
    pub roll_id: u32,
}

fn colour_name<S: serde::Serializer>(c: &DieColour, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

/// How a dice source's thread wakes the window after each report, so that the window needs no
/// timer to look for them: empty until the window sets it (a repaint), then called after each
/// event [`ToWindow`] sends.
#[derive(Clone, Default)]
pub struct Wake(Arc<Mutex<Option<WakeFn>>>);

type WakeFn = Box<dyn Fn() + Send>;

impl Wake {
    /// Whether the window set a wake.
    pub fn is_set(&self) -> bool {
        self.0.lock().is_ok_and(|w| w.is_some())
    }

    /// Calls `wake` after each event from now on.
    pub fn set(&self, wake: impl Fn() + Send + 'static) {
        if let Ok(mut w) = self.0.lock() {
            *w = Some(Box::new(wake));
        }
    }

    fn call(&self) {
        if let Ok(w) = self.0.lock()
            && let Some(wake) = w.as_ref()
        {
            wake();
        }
    }
}

/// A dice source thread's way to the window: its events, each followed by a wake.
pub struct ToWindow<E> {
    tx: Sender<E>,
    wake: Wake,
}

impl<E> Clone for ToWindow<E> {
    fn clone(&self) -> Self {
        ToWindow {
            tx: self.tx.clone(),
            wake: self.wake.clone(),
        }
    }
}

impl<E> ToWindow<E> {
    pub fn new(tx: Sender<E>, wake: Wake) -> ToWindow<E> {
        ToWindow { tx, wake }
    }

    /// Sends `event`, then wakes the window; false once the window is gone.
    pub fn send(&self, event: E) -> bool {
        let sent = self.tx.send(event).is_ok();
        self.wake.call();
        sent
    }
}
