//! The camera reader's classifier trained again on the player's confirmed rolls
//! ([`crate::vision::relearn`]), on a thread of its own while the reader reads on.
//!
//! One training at a time; dropping the [`Relearner`] gives it up within one step. [`Whole`]
//! holds what was trained, and keeps it in a file between sessions (the window's data folder):
//! a reader started again reads with it at once, and trains further from it.

use crate::store::{StoreError, write_atomic};
use crate::vision::adapt::Lessons;
use crate::vision::cnn::Net;
use crate::vision::learned::Model;
use crate::vision::relearn::{Relearning, Replay, relearned};
use std::path::{Path, PathBuf};
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
        base: Arc<Model>,
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
                    if let Some(model) = relearned(&base, &replay, &lessons, how, log, &stop) {
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

/// The start of a kept classifier's file.
const KEPT: &[u8; 5] = b"FRLC1";

/// The file, beside the kept classifier's, of the lessons of the rolls confirmed
/// ([`Lessons::to_bytes`]): a session started again goes on learning from them.
pub const KEPT_LESSONS: &str = "dice-lessons.bin";

/// The classifier trained again, if any, with the confirmed rolls it learned from; kept in a
/// file between sessions when given one, and the lessons beside it.
pub struct Whole {
    kept: Option<PathBuf>,
    /// The classifier and the rolls it learned from (the lessons' count of rolls when its
    /// training started, in all sessions since the last forgetting).
    trained: Option<(Arc<Model>, usize)>,
    /// Of the lessons' rolls, those it learned from: its rolls, unless it was kept without
    /// its lessons (then none of the lessons now held).
    counted: usize,
    running: Option<Relearner>,
    how: Relearning,
}

impl Whole {
    /// What `base` learned whole before, read from `kept` (nothing when there is no such file;
    /// a file that cannot be read is told in the log and left alone).
    pub fn new(base: &Model, kept: Option<PathBuf>, how: Relearning) -> Whole {
        let trained = kept
            .as_deref()
            .and_then(|path| match read_kept(base, path) {
                Ok(found) => found,
                Err(e) => {
                    tracing::warn!("{}: not a classifier Foreman trained: {e}", path.display());
                    None
                }
            });
        let lessons_kept = kept
            .as_ref()
            .is_some_and(|k| k.with_file_name(KEPT_LESSONS).exists());
        let counted = match &trained {
            Some((_, rolls)) if lessons_kept => *rolls,
            _ => 0,
        };
        Whole {
            kept,
            trained,
            counted,
            running: None,
            how,
        }
    }

    fn lessons_path(&self) -> Option<PathBuf> {
        self.kept.as_ref().map(|k| k.with_file_name(KEPT_LESSONS))
    }

    /// The lessons kept beside the classifier, read for `base` (none when there is no such
    /// file; a file that cannot be read is told in the log and left alone).
    pub fn kept_lessons(&self, base: &Model) -> Lessons {
        let Some(path) = self.lessons_path() else {
            return Lessons::default();
        };
        let read = match std::fs::read(&path) {
            Ok(bytes) => Lessons::from_bytes(base, &bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Lessons::default()),
            Err(e) => Err(e.to_string()),
        };
        read.unwrap_or_else(|e| {
            tracing::warn!("{}: not lessons Foreman kept: {e}", path.display());
            Lessons::default()
        })
    }

    /// Keeps `lessons` beside the classifier, for the next session.
    pub fn keep_lessons(&self, lessons: &Lessons) {
        if let Some(path) = self.lessons_path()
            && let Err(e) = write_atomic(&path, lessons.to_bytes())
        {
            tracing::warn!("the dice reader's lessons not kept: {e}");
        }
    }

    /// Whether a training runs.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// The classifier trained again, in a model, once there is one.
    pub fn model(&self) -> Option<Arc<Model>> {
        self.trained.as_ref().map(|t| t.0.clone())
    }

    /// The confirmed rolls it learned from (0: none).
    pub fn rolls(&self) -> usize {
        self.trained.as_ref().map_or(0, |t| t.1)
    }

    /// Forgets it: a training running is given up, and the kept classifier and lessons
    /// removed.
    pub fn forget(&mut self) {
        self.running = None;
        self.trained = None;
        self.counted = 0;
        for path in [self.kept.clone(), self.lessons_path()]
            .into_iter()
            .flatten()
        {
            if path.exists()
                && let Err(e) = std::fs::remove_file(&path)
            {
                tracing::warn!("{}: could not be removed: {e}", path.display());
            }
        }
    }

    /// Takes in a training that ended: true when it gave a classifier (then kept).
    pub fn poll(&mut self) -> bool {
        let Some(r) = self.running.as_mut() else {
            return false;
        };
        let Some(done) = r.finished() else {
            return false;
        };
        let rolls = r.rolls;
        self.running = None;
        match done {
            Ok(model) => {
                tracing::info!("the dice reader's classifier trained again on {rolls} rolls");
                if let Some(path) = &self.kept
                    && let Err(e) = write_kept(path, &model, rolls)
                {
                    tracing::warn!("the dice reader's classifier not kept: {e}");
                }
                self.trained = Some((Arc::new(model), rolls));
                self.counted = rolls;
                true
            }
            Err(e) => {
                tracing::warn!("the dice reader could not be trained again: {e}");
                false
            }
        }
    }

    /// Whether a training on `lessons` is due ([`due`]) and none runs. A classifier kept
    /// without its lessons counts as trained on none of them.
    pub fn due(&self, lessons: &Lessons) -> bool {
        self.running.is_none() && due(lessons.rolls, self.counted)
    }

    /// Starts a training on `lessons` when [`Whole::due`], from the classifier trained before
    /// if any, else from `base`; `epoch` hears the rolls it learns from, each epoch done and
    /// the epochs.
    pub fn start(
        &mut self,
        base: &Model,
        lessons: &Lessons,
        epoch: impl Fn(usize, usize, usize) + Send + 'static,
    ) {
        if !self.due(lessons) {
            return;
        }
        let from = self.model().unwrap_or_else(|| Arc::new(base.clone()));
        let rolls = lessons.rolls;
        match Relearner::start(from, lessons.clone(), self.how, move |e, n| {
            epoch(rolls, e, n)
        }) {
            Ok(r) => self.running = Some(r),
            Err(e) => tracing::warn!("no thread to train the dice reader on: {e}"),
        }
    }
}

fn read_kept(base: &Model, path: &Path) -> Result<Option<(Arc<Model>, usize)>, String> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    let rest = bytes.strip_prefix(KEPT).ok_or("not one")?;
    let (rolls, net) = rest.split_at_checked(4).ok_or("cut short")?;
    let rolls = u32::from_le_bytes([rolls[0], rolls[1], rolls[2], rolls[3]]) as usize;
    let classifier = Net::from_bytes(net).map_err(|e| e.to_string())?;
    if classifier.shape() != base.classifier.shape() {
        return Err("another classifier's shape".into());
    }
    let model = Model {
        classifier,
        ..base.clone()
    };
    Ok(Some((Arc::new(model), rolls)))
}

/// Writes the classifier to `path`, whole or not at all: [`KEPT`], the rolls it learned from
/// (a little-endian `u32`), then its weights as safetensors ([`Net::to_bytes`]; a file kept
/// before has them as FNET bytes, which [`Net::from_bytes`] still reads).
fn write_kept(path: &Path, model: &Model, rolls: usize) -> Result<(), StoreError> {
    let net = model.classifier.to_bytes().map_err(|e| StoreError::Write {
        path: path.to_path_buf(),
        source: std::io::Error::other(e),
    })?;
    let mut bytes = KEPT.to_vec();
    bytes.extend_from_slice(&(rolls as u32).to_le_bytes());
    bytes.extend_from_slice(&net);
    write_atomic(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_training_is_due_after_ten_rolls_then_every_ten_more() {
        assert!(!due(FIRST_AFTER - 1, 0));
        assert!(due(FIRST_AFTER, 0));
        assert!(!due(FIRST_AFTER + AGAIN_AFTER - 1, FIRST_AFTER));
        assert!(due(FIRST_AFTER + AGAIN_AFTER, FIRST_AFTER));
    }

    #[test]
    fn a_kept_classifier_reads_back_and_a_foreign_file_does_not() {
        let base = Model::shipped().expect("shipped");
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("kept.bin");
        assert_eq!(read_kept(base, &path).map(|k| k.is_none()), Ok(true));
        write_kept(&path, base, 12).expect("written");
        let (model, rolls) = read_kept(base, &path).expect("read").expect("kept");
        assert_eq!(rolls, 12);
        assert_eq!(model.classifier, base.classifier);
        std::fs::write(&path, b"not a classifier").expect("write");
        assert!(read_kept(base, &path).is_err());
        // Cut short, or its net's bytes spoilt: refused, never a panic.
        write_kept(&path, base, 12).expect("written");
        let whole_file = std::fs::read(&path).expect("read");
        for cut in [3, 7, 9, 40, whole_file.len() - 1] {
            std::fs::write(&path, &whole_file[..cut]).expect("write");
            assert!(read_kept(base, &path).is_err(), "cut at {cut}");
        }
        let whole = Whole::new(base, Some(path), Relearning::default());
        assert_eq!((whole.rolls(), whole.model().is_none()), (0, true));
    }

    /// A classifier kept before the weights were safetensors ([`KEPT`], the rolls, then the
    /// net's FNET bytes: a classifier of the shipped shape, written by that code) still reads,
    /// and is kept again as safetensors.
    #[test]
    fn a_classifier_kept_as_fnet_still_reads() {
        let base = Model::shipped().expect("shipped");
        let fnet = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/data/dice-models/casino-left-out/classifier.bin"),
        )
        .expect("an FNET classifier");
        assert!(fnet.starts_with(b"FNET"));
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("dice-classifier.bin");
        let mut old = KEPT.to_vec();
        old.extend_from_slice(&7u32.to_le_bytes());
        old.extend_from_slice(&fnet);
        std::fs::write(&path, &old).expect("write");
        let (model, rolls) = read_kept(base, &path).expect("read").expect("kept");
        assert_eq!(rolls, 7);
        assert_eq!(model.classifier, Net::from_bytes(&fnet).expect("the net"));
        assert_ne!(model.classifier, base.classifier);
        write_kept(&path, &model, 7).expect("written");
        let now = std::fs::read(&path).expect("read");
        assert!(!now[9..].starts_with(b"FNET"), "kept again as safetensors");
        let (again, _) = read_kept(base, &path).expect("read").expect("kept");
        assert_eq!(again.classifier, model.classifier);
    }

    /// Lessons kept beside the classifier count towards the next training: kept on 12 rolls
    /// with a classifier trained on 10, none is due until 20; a classifier kept without its
    /// lessons counts as trained on none of them; forgetting removes both files.
    #[test]
    fn kept_lessons_count_towards_the_next_training() {
        let base = Model::shipped().expect("shipped");
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("kept.bin");
        let rolls = |n| Lessons {
            rolls: n,
            ..Lessons::default()
        };
        write_kept(&path, base, 10).expect("written");
        let whole = Whole::new(base, Some(path.clone()), Relearning::default());
        assert_eq!(
            whole.kept_lessons(base),
            Lessons::default(),
            "none kept yet"
        );
        whole.keep_lessons(&rolls(12));
        let mut again = Whole::new(base, Some(path.clone()), Relearning::default());
        let kept = again.kept_lessons(base);
        assert_eq!((kept.rolls, again.rolls()), (12, 10));
        assert!(!again.due(&kept));
        assert!(again.due(&rolls(20)));
        std::fs::remove_file(dir.path().join(KEPT_LESSONS)).expect("removed");
        let alone = Whole::new(base, Some(path.clone()), Relearning::default());
        let none = alone.kept_lessons(base);
        assert_eq!(none.rolls, 0);
        assert!(!alone.due(&rolls(9)) && alone.due(&rolls(10)));
        again.keep_lessons(&rolls(3));
        std::fs::write(dir.path().join("stray"), b"x").expect("write");
        again.forget();
        assert!(!path.exists() && !dir.path().join(KEPT_LESSONS).exists());
        assert!(dir.path().join("stray").exists(), "only its own files go");
        std::fs::write(dir.path().join(KEPT_LESSONS), b"FLSN1 damaged").expect("write");
        assert_eq!(
            again.kept_lessons(base),
            Lessons::default(),
            "damaged: none"
        );
    }
}
