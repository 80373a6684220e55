//! Learning a table whole: the classifier trained further, every layer, on a replay set of
//! its training patches with the player's confirmed rolls among them.
//!
//! [`super::adapt`] fits the classifier's last layer to the rolls the player confirms; its
//! layers before stay as shipped, and they do not tell a die of a table never seen from the
//! other things the training taught as no die. Training the whole classifier with a few
//! labelled photos of the new table among its training pictures teaches it far more
//! (`models/dice/README.md`, "What a few photos of the table are worth"). The training
//! pictures do not ship, so a [`Replay`] of patches drawn from them as the training draws
//! them does (`dice_train --replay N`): each a [`PATCH`]-pixel patch, turned, scaled and moved
//! as the training does, its light not yet changed, with its class. Without it, a few hundred
//! patches of one table would move the net further than they show.
//!
//! [`relearned`] trains the classifier further from the shipped weights (or afresh,
//! [`Relearning::afresh`], which the measures found worse and slower) on samples drawn from
//! the replay set and, [`Relearning::share`] of the time, from the lessons' patches; each
//! sample is turned a quarter way at random, mirrored at random, and its light changed as the
//! training changes it. The detector stays as shipped. Measured by `models/dice/training/examples/dice_relearn.rs`
//! (`models/dice/README.md`, "Learning a table whole"). Pure: no I/O, no clock; the caller
//! runs it on a thread of its own.

use super::adapt::Lessons;
use super::fit::{self, Schedule, look_changes};
use super::learned::{Model, PATCH, classifier_input};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, Ordering};

/// The start of a replay set's bytes.
const MAGIC: &[u8; 5] = b"FRPL1";
/// Patches in a row of the stored picture.
const ROW: usize = 64;
/// The stored picture's JPEG quality: a quarter of the patches' bytes as PNG, and the
/// training saves its samples again as JPEGs of quality 25–90 anyway.
const QUALITY: u8 = 85;

/// The replay set built in (`models/dice/replay.bin`, written with the shipped weights'
/// detector by `dice_train --detector-from models/dice --epochs 0 --replay N`; see
/// `models/dice/replay.json`).
pub const REPLAY_BYTES: &[u8] = include_bytes!("../../../models/dice/replay.bin");

/// Patches drawn from the training pictures, with their classes (0 no pip d6, 1–6 a face).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Replay {
    /// Each [`PATCH`] × [`PATCH`] pixels, row by row.
    pub patches: Vec<Vec<[u8; 3]>>,
    pub classes: Vec<u8>,
}

/// A replay set that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("not a replay set of dice patches")]
    NotReplay,
    #[error("the replay set's picture: {0}")]
    Picture(#[from] image::ImageError),
    #[error("the replay set's picture is {0}×{1} pixels, not {2} patches of {PATCH}")]
    Size(u32, u32, usize),
}

impl Replay {
    /// The replay set built in.
    pub fn shipped() -> Result<Replay, ReplayError> {
        Replay::from_bytes(REPLAY_BYTES)
    }

    pub fn len(&self) -> usize {
        self.patches.len()
    }

    pub fn is_empty(&self) -> bool {
        self.patches.is_empty()
    }

    /// The set as bytes: a header, the classes, then the patches as one JPEG picture, its
    /// length first (a cut file is told from a whole one).
    pub fn to_bytes(&self) -> Result<Vec<u8>, ReplayError> {
        let n = self.patches.len();
        let rows = n.div_ceil(ROW).max(1);
        let (w, h) = ((ROW * PATCH) as u32, (rows * PATCH) as u32);
        let mut atlas = image::RgbImage::new(w, h);
        for (i, patch) in self.patches.iter().enumerate() {
            let (x0, y0) = ((i % ROW) * PATCH, (i / ROW) * PATCH);
            for (k, p) in patch.iter().enumerate().take(PATCH * PATCH) {
                atlas.put_pixel(
                    (x0 + k % PATCH) as u32,
                    (y0 + k / PATCH) as u32,
                    image::Rgb(*p),
                );
            }
        }
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&(n as u32).to_le_bytes());
        out.extend_from_slice(&self.classes);
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, QUALITY)
            .encode_image(&atlas)?;
        out.extend_from_slice(&(jpeg.len() as u32).to_le_bytes());
        out.extend_from_slice(&jpeg);
        Ok(out)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Replay, ReplayError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(ReplayError::NotReplay)?;
        let (count, rest) = rest.split_at_checked(4).ok_or(ReplayError::NotReplay)?;
        let n = u32::from_le_bytes([count[0], count[1], count[2], count[3]]) as usize;
        let (classes, rest) = rest.split_at_checked(n).ok_or(ReplayError::NotReplay)?;
        let (length, jpeg) = rest.split_at_checked(4).ok_or(ReplayError::NotReplay)?;
        if u32::from_le_bytes([length[0], length[1], length[2], length[3]]) as usize != jpeg.len() {
            return Err(ReplayError::NotReplay);
        }
        if classes.iter().any(|&c| c > 6) {
            return Err(ReplayError::NotReplay);
        }
        let atlas = image::load_from_memory_with_format(jpeg, image::ImageFormat::Jpeg)?.to_rgb8();
        let (w, h) = atlas.dimensions();
        if (w as usize) < ROW * PATCH || (h as usize) < n.div_ceil(ROW) * PATCH {
            return Err(ReplayError::Size(w, h, n));
        }
        let patches = (0..n)
            .map(|i| {
                let (x0, y0) = ((i % ROW) * PATCH, (i / ROW) * PATCH);
                (0..PATCH * PATCH)
                    .map(|k| {
                        atlas
                            .get_pixel((x0 + k % PATCH) as u32, (y0 + k / PATCH) as u32)
                            .0
                    })
                    .collect()
            })
            .collect();
        Ok(Replay {
            patches,
            classes: classes.to_vec(),
        })
    }
}

/// How the classifier is trained again.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Relearning {
    pub seed: u64,
    pub epochs: usize,
    /// Samples in an epoch.
    pub per_epoch: usize,
    /// The share of samples drawn from the lessons (the rest from the replay set).
    pub share: f64,
    pub threads: usize,
    /// Trained afresh (from the seed), or further from the shipped weights.
    pub afresh: bool,
    /// Adam's rate at its highest.
    pub rate: f32,
}

impl Default for Relearning {
    fn default() -> Self {
        Relearning {
            seed: 2026,
            epochs: 10,
            per_epoch: 8192,
            share: 0.25,
            threads: 2,
            afresh: false,
            rate: 1e-3,
        }
    }
}

impl Relearning {
    /// At the table: one thread, the reader reading on the other core.
    pub fn at_the_table() -> Relearning {
        Relearning {
            threads: 1,
            ..Relearning::default()
        }
    }
}

/// A patch turned `quarter` quarters clockwise, mirrored first when `mirror`.
fn turned(patch: &[[u8; 3]], quarter: u8, mirror: bool) -> Vec<[f32; 3]> {
    let n = PATCH;
    let mut out = vec![[0f32; 3]; n * n];
    for y in 0..n {
        for x in 0..n {
            let sx = if mirror { n - 1 - x } else { x };
            let (tx, ty) = match quarter % 4 {
                0 => (sx, y),
                1 => (n - 1 - y, sx),
                2 => (n - 1 - sx, n - 1 - y),
                _ => (y, n - 1 - sx),
            };
            if let Some(p) = patch.get(y * n + x) {
                out[ty * n + tx] = p.map(f32::from);
            }
        }
    }
    out
}

/// `base` with its classifier trained again on `replay` and `lessons` (see the module's
/// doc); `log` hears each epoch's mean loss. `base` itself when there is nothing to
/// learn from. Given up once `stop` is set: `None` then.
pub fn relearned(
    base: &Model,
    replay: &Replay,
    lessons: &Lessons,
    how: Relearning,
    log: impl FnMut(usize, f32),
    stop: &AtomicBool,
) -> Option<Model> {
    let usable: Vec<(&[[u8; 3]], u8)> = lessons
        .lessons
        .iter()
        .filter(|l| l.pixels.len() == PATCH * PATCH)
        .map(|l| (l.pixels.as_slice(), l.class))
        .collect();
    let replayed: Vec<(&[[u8; 3]], u8)> = replay
        .patches
        .iter()
        .zip(&replay.classes)
        .filter(|(p, _)| p.len() == PATCH * PATCH)
        .map(|(p, &c)| (p.as_slice(), c))
        .collect();
    if usable.is_empty() || replayed.is_empty() {
        return Some(base.clone());
    }
    let channels = base.classifier_channels();
    let mut classifier = if how.afresh {
        fit::new_net(&base.classifier.shape(), true, how.seed)
    } else {
        base.classifier.clone()
    };
    let schedule = Schedule {
        seed: how.seed,
        epochs: how.epochs,
        per_epoch: how.per_epoch,
        batch: 64,
        rate: how.rate,
        threads: how.threads,
    };
    let share = how.share.clamp(0.0, 1.0);
    fit::fit_until(
        &mut classifier,
        schedule,
        |rng: &mut ChaCha8Rng| {
            let from = if rng.random_bool(share) {
                &usable
            } else {
                &replayed
            };
            let (patch, class) = from[rng.random_range(0..from.len())];
            let mut pixels = turned(patch, rng.random_range(0..4u8), rng.random_bool(0.5));
            look_changes(&mut pixels, PATCH, PATCH, rng);
            (
                classifier_input(&pixels, PATCH, PATCH, channels),
                PATCH,
                PATCH,
                usize::from(class),
            )
        },
        fit::class_loss,
        log,
        stop,
    );
    (!stop.load(Ordering::Relaxed)).then(|| Model {
        classifier,
        ..base.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn patch(seed: u8) -> Vec<[u8; 3]> {
        (0..PATCH * PATCH)
            .map(|k| {
                let (x, y) = ((k % PATCH) as u8, (k / PATCH) as u8);
                [x * 4 + seed, y * 4, 200 - seed]
            })
            .collect()
    }

    #[test]
    fn a_replay_set_reads_back_as_written_within_the_jpeg_s_loss() {
        let replay = Replay {
            patches: (0..70).map(patch).collect(),
            classes: (0..70).map(|i| (i % 7) as u8).collect(),
        };
        let bytes = replay.to_bytes().expect("written");
        let back = Replay::from_bytes(&bytes).expect("read");
        assert_eq!(back.classes, replay.classes);
        assert_eq!(back.len(), 70);
        for (a, b) in back.patches.iter().zip(&replay.patches) {
            let off = a
                .iter()
                .zip(b)
                .flat_map(|(p, q)| (0..3).map(move |k| p[k].abs_diff(q[k]) as f32))
                .sum::<f32>()
                / (3 * PATCH * PATCH) as f32;
            assert!(off < 3.0, "{off} off on average");
        }
        assert!(matches!(
            Replay::from_bytes(&bytes[..40]),
            Err(ReplayError::NotReplay)
        ));
        assert!(matches!(
            Replay::from_bytes(&bytes[..bytes.len() / 3]),
            Err(ReplayError::NotReplay)
        ));
        assert!(matches!(
            Replay::from_bytes(b"FRPL0junk"),
            Err(ReplayError::NotReplay)
        ));
    }

    #[test]
    fn four_quarter_turns_come_back_and_a_mirror_twice_too() {
        let p = patch(3);
        let once = turned(&p, 1, false);
        let back: Vec<[u8; 3]> = once.iter().map(|q| q.map(|v| v as u8)).collect();
        let thrice = turned(&back, 3, false);
        let original: Vec<[f32; 3]> = p.iter().map(|q| q.map(f32::from)).collect();
        assert_ne!(once, original);
        assert_eq!(thrice, original);
        let mirrored: Vec<[u8; 3]> = turned(&p, 0, true)
            .iter()
            .map(|q| q.map(|v| v as u8))
            .collect();
        assert_ne!(mirrored, p);
        assert_eq!(turned(&mirrored, 0, true), original);
    }

    fn lesson(pixels: Vec<[u8; 3]>, class: u8) -> super::super::adapt::Lesson {
        super::super::adapt::Lesson {
            features: Vec::new(),
            pixels,
            class,
            roll: 0,
        }
    }

    /// A die's face of `pips` dark pips on a pale face, and a plain patch.
    fn face(pips: usize) -> Vec<[u8; 3]> {
        let spots = [(10, 10), (22, 22), (10, 22), (22, 10), (16, 16), (10, 16)];
        (0..PATCH * PATCH)
            .map(|k| {
                let (x, y) = ((k % PATCH) as i32, (k / PATCH) as i32);
                let on = spots[..pips]
                    .iter()
                    .any(|&(a, b)| (x - a).pow(2) + (y - b).pow(2) <= 6);
                if on { [20, 20, 30] } else { [230, 225, 210] }
            })
            .collect()
    }

    fn class_of(model: &Model, pixels: &[[u8; 3]]) -> usize {
        let floats: Vec<[f32; 3]> = pixels.iter().map(|p| p.map(f32::from)).collect();
        let out = model.classifier.forward(
            &classifier_input(&floats, PATCH, PATCH, model.classifier_channels()),
            PATCH,
            PATCH,
        );
        (0..out.len())
            .max_by(|&a, &b| out[a].total_cmp(&out[b]))
            .unwrap_or(0)
    }

    #[test]
    fn the_classifier_trained_again_learns_the_lessons_and_keeps_the_replay() {
        let base = Model::shipped().expect("the shipped model reads");
        // The replay set says a plain pale patch is no die; the lessons, that five pips are a 5.
        let plain = vec![[200u8, 190, 170]; PATCH * PATCH];
        let replay = Replay {
            patches: vec![plain.clone(), face(1)],
            classes: vec![0, 1],
        };
        let mut lessons = Lessons::default();
        lessons.lessons.push_back(lesson(face(5), 5));
        let how = Relearning {
            seed: 7,
            epochs: 4,
            per_epoch: 1024,
            share: 0.4,
            threads: 1,
            ..Relearning::default()
        };
        let never = AtomicBool::new(false);
        let model =
            relearned(base, &replay, &lessons, how, |_, _| {}, &never).expect("not stopped");
        assert_ne!(model.classifier, base.classifier);
        assert_eq!(
            model.detector, base.detector,
            "the detector stays as shipped"
        );
        assert_eq!(class_of(&model, &face(5)), 5);
        assert_eq!(class_of(&model, &face(1)), 1);
        assert_eq!(class_of(&model, &plain), 0);
        // Stopped, it gives nothing; with nothing to learn from, the model as it was.
        let stopped = relearned(
            base,
            &replay,
            &lessons,
            how,
            |_, _| {},
            &AtomicBool::new(true),
        );
        assert!(stopped.is_none());
        let none = relearned(base, &replay, &Lessons::default(), how, |_, _| {}, &never);
        assert_eq!(none.map(|m| m.classifier), Some(base.classifier.clone()));
    }
}
