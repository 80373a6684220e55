//! Learning the table: each roll the player confirms, corrections made, teaches the reader the
//! dice, light and table in front of the camera.
//!
//! A confirmed roll says what every die in the picture is: each die of the roll is a pip d6
//! showing its value; each reading the player took away, and whatever else the detector
//! proposed that is not one of the roll's dice, is no pip d6. Each becomes a [`Lesson`]: what
//! the classifier's last layer sees of its patch (the layer before it, averaged:
//! [`Net::features_many`](super::cnn::Net::features_many)) and the class. A die's patch is
//! also taken turned each quarter way (a face reads the same each way).
//!
//! [`Model::adapted`] then fits that last layer (a 1×1 layer of 64 inputs and 7 outputs: a
//! multinomial logistic regression on those features, by Adam) to the lessons, pulled towards
//! the shipped weights ([`PULL`]) so that a few lessons move it only as far as they show;
//! [`Model::taught`] uses it from [`LEAST_ROLLS`] rolls on. The layers before it, and the
//! detector, stay as shipped. Measured: 6 ms for 20 lessons, about 0.3 s for 1,000
//! (`models/dice/training/examples/dice_adapt.rs`). Pure: no I/O, no clock.

use super::labelled::{LabelledDie, LabelledPicture, framed, matches, read_picture};
use super::learned::{Candidate, Model, PATCH, SMALLEST_DIE, classifier_input, patch_pixels};
use super::{Area, SeenDie};
use image::RgbImage;
use std::collections::VecDeque;

/// How strongly the last layer is pulled towards the shipped weights (a ridge on the change).
pub const PULL: f32 = 0.1;
/// Steps of the fit.
pub const STEPS: usize = 300;
/// The fit's step (Adam's rate).
const RATE: f32 = 0.01;
/// The reader uses what it learned from this many rolls on (fewer taught the tray photos,
/// with the model trained without them, more harm than good: `models/dice/training/examples/dice_adapt.rs --tune`).
pub const LEAST_ROLLS: usize = 5;
/// The most lessons kept: the oldest go first.
pub const MOST_LESSONS: usize = 1000;
/// The most "no pip d6" lessons one roll gives, in lessons per die of the roll (at least 8): a
/// bound against a picture full of proposals, which a table's few never reach.
const OTHERS_PER_DIE: usize = 100;

/// One patch and what it is: 0 no pip d6, 1–6 the face of one.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    pub features: Vec<f32>,
    /// The patch's pixels ([`PATCH`] a side, row by row), which the whole classifier is
    /// trained again on ([`super::relearn`]).
    pub pixels: Vec<[u8; 3]>,
    pub class: u8,
    /// The roll it came from (counting from 0).
    pub roll: usize,
}

/// The lessons of the rolls confirmed so far, newest last.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Lessons {
    pub lessons: VecDeque<Lesson>,
    /// Rolls learned from.
    pub rolls: usize,
}

impl Lessons {
    pub fn len(&self) -> usize {
        self.lessons.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lessons.is_empty()
    }

    /// Learns from a roll the player confirmed on `image`, read in `area`: `dice` is the roll
    /// as confirmed (each die's place, side and value), `taken_away` the readings the player
    /// took away (no dice). `whole`: every die in the area is in the roll, so the detector's
    /// other proposals there are no dice either (false for a crop around one die, whose
    /// surroundings are not known).
    pub fn learn(
        &mut self,
        model: &Model,
        image: &RgbImage,
        area: Area,
        dice: &[SeenDie],
        taken_away: &[SeenDie],
        whole: bool,
    ) {
        let mut patches = Vec::new();
        let mut classes = Vec::new();
        for d in dice.iter().filter(|d| (1..=6).contains(&d.value)) {
            let c = Candidate::known(d.x, d.y, d.size);
            for q in 0..4 {
                patches.push(patch_pixels(image, c, q));
                classes.push(d.value);
            }
        }
        let mut no_dice: Vec<Candidate> = taken_away
            .iter()
            .map(|d| Candidate::known(d.x, d.y, d.size))
            .collect();
        if whole {
            let most = (OTHERS_PER_DIE * dice.len()).max(8);
            let others = model
                .candidates(image, area)
                .into_iter()
                .filter(|c| {
                    !dice.iter().any(|d| same_die(d, c))
                        && !no_dice
                            .iter()
                            .any(|t| (t.x - c.x).hypot(t.y - c.y) < 0.25 * t.size)
                })
                .take(most.saturating_sub(no_dice.len()))
                .collect::<Vec<_>>();
            no_dice.extend(others);
        }
        for c in no_dice {
            patches.push(patch_pixels(image, c, 0));
            classes.push(0);
        }
        if patches.is_empty() {
            return;
        }
        // Seen as kept (whole levels), so that lessons read back are the lessons learned.
        let pixels: Vec<Vec<[u8; 3]>> = patches
            .iter()
            .map(|p| p.iter().map(|c| c.map(|v| v.round() as u8)).collect())
            .collect();
        let features = features_of(model, pixels.iter().map(Vec::as_slice));
        for ((features, class), pixels) in features.into_iter().zip(classes).zip(pixels) {
            self.lessons.push_back(Lesson {
                features,
                pixels,
                class,
                roll: self.rolls,
            });
        }
        while self.lessons.len() > MOST_LESSONS {
            self.lessons.pop_front();
        }
        self.rolls += 1;
    }
}

/// What a player confirming `dice` would have had to fix in a reading `seen` of the same
/// picture: each die of the roll missed or read with another value, and each reading on no
/// die (as the training crate's `Tally::to_fix` counts). The confirmed roll is the
/// truth a [`Judge`] weighs two models by.
pub fn to_fix(seen: &[SeenDie], dice: &[SeenDie]) -> usize {
    let as_labelled: Vec<LabelledDie> = dice.iter().map(|d| LabelledDie::at(d, d.value)).collect();
    let matched = matches(&as_labelled, seen);
    let missed_or_wrong = matched
        .iter()
        .zip(dice)
        .filter(|(m, d)| m.is_none_or(|i| seen[i].value != d.value))
        .count();
    let on_no_die = seen.len() - matched.iter().flatten().count();
    missed_or_wrong + on_no_die
}

/// Rolls judged before the last layer fitted alone may be preferred to the classifier trained
/// again.
pub const JUDGED_AFTER: usize = 3;

/// Two ways of reading weighed on the rolls confirmed after the classifier was trained again,
/// which neither learned from when it read them: the classifier trained again (`whole`) and
/// the last layer fitted alone (`layer`), by what the player would have had to fix in each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Judge {
    pub rolls: usize,
    pub whole: usize,
    pub layer: usize,
}

impl Judge {
    /// Weighs one more roll: what each way would have left to fix.
    pub fn weigh(&mut self, whole: usize, layer: usize) {
        self.rolls += 1;
        self.whole += whole;
        self.layer += layer;
    }

    /// Whether the classifier trained again reads (the default: it reads better on three
    /// sources of four, `models/dice/README.md`), or, after [`JUDGED_AFTER`] rolls, the last
    /// layer fitted alone left less to fix.
    pub fn whole_reads(&self) -> bool {
        self.rolls < JUDGED_AFTER || self.whole <= self.layer
    }
}

/// What `model`'s classifier's last layer sees of each patch.
fn features_of<'a>(
    model: &Model,
    patches: impl IntoIterator<Item = &'a [[u8; 3]]>,
) -> Vec<Vec<f32>> {
    let channels = model.classifier_channels();
    let inputs: Vec<Vec<f32>> = patches
        .into_iter()
        .map(|p| {
            let as_read: Vec<[f32; 3]> = p.iter().map(|c| c.map(f32::from)).collect();
            classifier_input(&as_read, PATCH, PATCH, channels)
        })
        .collect();
    if inputs.is_empty() {
        return Vec::new();
    }
    model.classifier.features_many(&inputs, PATCH, PATCH)
}

/// The start of the lessons' bytes ([`Lessons::to_bytes`]).
const LESSONS_MAGIC: &[u8; 5] = b"FLSN1";
/// The bytes of one lesson: its class, its roll (4), its patch's pixels.
const LESSON_BYTES: usize = 1 + 4 + PATCH * PATCH * 3;

impl Lessons {
    /// The lessons as bytes, to keep between sessions: `FLSN1`, the rolls (u32), the count
    /// (u32), then each lesson's class, roll (u32) and patch (RGB, row by row). What the
    /// classifier sees of each patch is not kept: it is worked out again when read.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = LESSONS_MAGIC.to_vec();
        bytes.extend_from_slice(&(self.rolls as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.lessons.len() as u32).to_le_bytes());
        for l in &self.lessons {
            bytes.push(l.class);
            bytes.extend_from_slice(&(l.roll as u32).to_le_bytes());
            bytes.extend(l.pixels.iter().flatten());
        }
        bytes
    }

    /// The lessons of [`Lessons::to_bytes`], what `model`'s classifier sees of each worked out
    /// again; an error says what is wrong with bytes that are not such lessons.
    pub fn from_bytes(model: &Model, bytes: &[u8]) -> Result<Lessons, String> {
        let rest = bytes
            .strip_prefix(LESSONS_MAGIC)
            .ok_or("not the lessons of a dice reader")?;
        let word = |at: usize| -> Result<usize, String> {
            rest.get(at..at + 4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]) as usize)
                .ok_or_else(|| "cut short".to_string())
        };
        let rolls = word(0)?;
        let count = word(4)?;
        let body = &rest[8..];
        if count > MOST_LESSONS || body.len() != count * LESSON_BYTES {
            return Err(format!(
                "{count} lessons said, {} bytes of them found",
                body.len()
            ));
        }
        let mut lessons = VecDeque::with_capacity(count);
        for chunk in body.chunks_exact(LESSON_BYTES) {
            let class = chunk[0];
            let roll = u32::from_le_bytes([chunk[1], chunk[2], chunk[3], chunk[4]]) as usize;
            if class > 6 || roll >= rolls {
                return Err(format!(
                    "a lesson of class {class} from roll {roll} of {rolls}"
                ));
            }
            let pixels: Vec<[u8; 3]> = chunk[5..]
                .chunks_exact(3)
                .map(|p| [p[0], p[1], p[2]])
                .collect();
            lessons.push_back(Lesson {
                features: Vec::new(),
                pixels,
                class,
                roll,
            });
        }
        let features = features_of(model, lessons.iter().map(|l| l.pixels.as_slice()));
        for (lesson, f) in lessons.iter_mut().zip(features) {
            lesson.features = f;
        }
        Ok(Lessons { lessons, rolls })
    }
}

/// Whether proposal `c` is die `d` seen again: centred within a quarter of its side, of about
/// its side. A proposal on a pip or a part of the die is not: it is no die.
fn same_die(d: &SeenDie, c: &Candidate) -> bool {
    (d.x - c.x).hypot(d.y - c.y) < 0.25 * d.size && (0.6..1.6).contains(&(c.size / d.size))
}

impl Model {
    /// What the reader uses after `lessons`: this model adapted to them ([`Model::adapted`])
    /// from [`LEAST_ROLLS`] rolls on; none before (this model reads on).
    pub fn taught(&self, lessons: &Lessons) -> Option<Model> {
        (lessons.rolls >= LEAST_ROLLS).then(|| self.adapted(lessons))
    }

    /// This model with its classifier's last layer fitted to `lessons` (see the module's
    /// doc); the model itself when there are none.
    pub fn adapted(&self, lessons: &Lessons) -> Model {
        let mut model = self.clone();
        let Some(last) = model.classifier.layers.last_mut() else {
            return model;
        };
        let (cin, cout) = (last.cin, last.cout);
        let usable: Vec<&Lesson> = lessons
            .lessons
            .iter()
            .filter(|l| l.features.len() == cin && usize::from(l.class) < cout)
            .collect();
        if usable.is_empty() || last.k != 1 || last.w.len() != cin * cout {
            return model;
        }
        let (w0, b0) = (last.w.clone(), last.b.clone());
        // Adam on the mean cross-entropy plus PULL/2 times the squared change: the features'
        // scales differ by a hundred times, which plain steps would have to follow.
        let n = usable.len() as f32;
        let mut logits = vec![0.0; cout];
        let mut grad = vec![0.0; cin * cout + cout];
        let (mut m, mut v) = (vec![0.0f32; grad.len()], vec![0.0f32; grad.len()]);
        let (beta1, beta2) = (0.9f32, 0.999f32);
        for step in 1..=STEPS {
            grad.fill(0.0);
            for l in &usable {
                for (o, z) in logits.iter_mut().enumerate() {
                    *z = last.b[o]
                        + last.w[o * cin..][..cin]
                            .iter()
                            .zip(&l.features)
                            .map(|(w, f)| w * f)
                            .sum::<f32>();
                }
                super::cnn::softmax(&mut logits);
                for (o, &p) in logits.iter().enumerate() {
                    let g = (p - f32::from(u8::from(usize::from(l.class) == o))) / n;
                    grad[cin * cout + o] += g;
                    for (gw, f) in grad[o * cin..][..cin].iter_mut().zip(&l.features) {
                        *gw += g * f;
                    }
                }
            }
            let (c1, c2) = (1.0 - beta1.powi(step as i32), 1.0 - beta2.powi(step as i32));
            let params = last.w.iter_mut().zip(&w0).chain(last.b.iter_mut().zip(&b0));
            for (i, (p, p0)) in params.enumerate() {
                let g = grad[i] + PULL * (*p - p0);
                m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
                *p -= RATE * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
            }
        }
        model
    }

    /// A die the player marks at (x, y) that the reader missed: the largest of the detector's
    /// proposals (at any of its looks, the whole look too) that holds the point and is of the
    /// roll's size (the die, not a pip of it), else a die of the roll's middle size (or an eighth of the area's shorter
    /// side) centred there; its value the classifier's likeliest face.
    pub fn die_at(
        &self,
        image: &RgbImage,
        area: Area,
        (x, y): (f32, f32),
        roll: &[SeenDie],
    ) -> SeenDie {
        let mut sizes: Vec<f32> = roll.iter().map(|d| d.size).collect();
        sizes.sort_by(f32::total_cmp);
        let middle = sizes.get(sizes.len().saturating_sub(1) / 2).copied();
        let shorter = area.width.min(area.height) as f32;
        let mut proposals = self.candidates(image, area);
        if self.look.whole > 0.0 {
            let scale = shorter / self.look.whole;
            proposals.extend(
                self.candidates_at(image, area, self.look.whole)
                    .into_iter()
                    .filter(|c| c.size >= SMALLEST_DIE * scale),
            );
        }
        let fits = |c: &Candidate| {
            (c.x - x).abs().max((c.y - y).abs()) <= c.size / 2.0
                && middle.is_none_or(|m| (0.6..1.6).contains(&(c.size / m)))
        };
        // Of the proposals holding the point, the largest: the die, not one of its pips.
        let c = proposals
            .into_iter()
            .filter(fits)
            .max_by(|a, b| a.size.total_cmp(&b.size))
            .unwrap_or(Candidate {
                x,
                y,
                size: middle.unwrap_or(shorter / 8.0).max(1.0),
                sure: 0.0,
            });
        let p = self.classes(image, c);
        let value = (1..7).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap_or(1);
        let mut die = SeenDie {
            x: c.x,
            y: c.y,
            size: c.size,
            value: value as u8,
            colour: None,
            confidence: 1.0,
        };
        super::learned::colour_dice(image, std::slice::from_mut(&mut die));
        die
    }
}

/// What a player did while teaching ([`teach_as_labelled`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Work {
    /// Dice in the rolls confirmed.
    pub dice: usize,
    /// Values corrected (clicks to the right value).
    pub corrected: usize,
    /// Dice the reader missed, marked.
    pub marked: usize,
    /// Readings taken away.
    pub taken_away: usize,
}

/// One labelled picture taught as a player teaches a roll at the table (the harness's stand-in
/// for the player, `models/dice/training/examples/dice_adapt.rs`): `model` reads it; each wrong value is corrected
/// to the label; a reading of a die's size (0.6–1.6 of its labelled side) on a labelled pip d6
/// is that die, every other reading (on a pip, a numeral die, nothing) is taken away; each
/// labelled pip d6 left is marked at its centre ([`Model::die_at`] with `base`); the roll so
/// confirmed is learned.
pub fn teach_as_labelled(
    base: &Model,
    model: &Model,
    lessons: &mut Lessons,
    picture: &LabelledPicture,
    work: &mut Work,
) {
    // A player knows every die's face; a picture labelled with a face not known cannot stand
    // in for a roll the player confirms.
    if picture
        .dice
        .iter()
        .any(|d| d.class == super::labelled::UNKNOWN)
    {
        return;
    }
    let seen = read_picture(model, &picture.image, picture.whole);
    let matched = matches(&picture.dice, &seen);
    // A crop is read in the middle of a picture three times its size: taught so too.
    let (image, (ox, oy)) = if picture.whole {
        (picture.image.clone(), (0.0, 0.0))
    } else {
        let (w, h) = picture.image.dimensions();
        (framed(&picture.image), (w as f32, h as f32))
    };
    let area = Area::whole(image.width(), image.height());
    let shift = |d: &SeenDie| SeenDie {
        x: d.x + ox,
        y: d.y + oy,
        ..*d
    };
    let mut roll: Vec<SeenDie> = Vec::new();
    let mut kept = vec![false; seen.len()];
    let mut missed = Vec::new();
    for (d, m) in picture.dice.iter().zip(&matched) {
        match *m {
            Some(i) if d.class > 0 && (0.45..2.2).contains(&(seen[i].size / d.size)) => {
                work.corrected += usize::from(seen[i].value != d.class);
                kept[i] = true;
                roll.push(SeenDie {
                    value: d.class,
                    ..shift(&seen[i])
                });
            }
            _ if d.class > 0 => missed.push(*d),
            _ => {}
        }
    }
    let taken_away: Vec<SeenDie> = seen
        .iter()
        .zip(&kept)
        .filter(|(_, k)| !**k)
        .map(|(d, _)| shift(d))
        .collect();
    work.taken_away += taken_away.len();
    let read = roll.len();
    for d in missed {
        let mut die = base.die_at(&image, area, (d.x + ox, d.y + oy), &roll[..read]);
        die.value = d.class;
        roll.push(die);
        work.marked += 1;
    }
    work.dice += roll.len();
    lessons.learn(base, &image, area, &roll, &taken_away, picture.whole);
}

/// Why a roll told by its values alone cannot be placed on the dice read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Unplaced {
    /// The reader saw fewer dice than the roll has: where the others lie is not known.
    #[error("{seen} of the {told} dice seen: where the others lie is not known")]
    Missed { seen: usize, told: usize },
    /// Several dice read with values the roll does not have, and the values left differ:
    /// which is which is not known.
    #[error("{0} dice read wrong: which is which is not known")]
    Ambiguous(usize),
}

/// The dice `seen` given the values of a roll told by its faces alone (`foreman dice teach`'s
/// truth: "3 5 6 1", no places): a die whose value read is among the roll's keeps it, surest
/// first; the dice left take the values left when that is certain (one die left, or every value
/// left the same). Pure.
pub fn roll_from_values(seen: &[SeenDie], values: &[u8]) -> Result<Vec<SeenDie>, Unplaced> {
    if seen.len() < values.len() {
        return Err(Unplaced::Missed {
            seen: seen.len(),
            told: values.len(),
        });
    }
    // The surest dice, as many as the roll has.
    let mut order: Vec<usize> = (0..seen.len()).collect();
    order.sort_by(|&a, &b| seen[b].confidence.total_cmp(&seen[a].confidence));
    order.truncate(values.len());
    let mut left: Vec<u8> = values.to_vec();
    let mut roll: Vec<Option<SeenDie>> = vec![None; order.len()];
    for (k, &i) in order.iter().enumerate() {
        if let Some(j) = left.iter().position(|&v| v == seen[i].value) {
            left.swap_remove(j);
            roll[k] = Some(seen[i]);
        }
    }
    let wrong = roll.iter().filter(|d| d.is_none()).count();
    if wrong > 1 && left.iter().any(|&v| v != left[0]) {
        return Err(Unplaced::Ambiguous(wrong));
    }
    Ok(order
        .iter()
        .zip(roll)
        .map(|(&i, d)| {
            d.unwrap_or_else(|| SeenDie {
                value: left.pop().unwrap_or(seen[i].value),
                confidence: 1.0,
                ..seen[i]
            })
        })
        .collect())
}

#[cfg(test)]
mod roll_from_values_tests {
    use super::*;

    fn die(x: f32, value: u8, confidence: f32) -> SeenDie {
        SeenDie {
            x,
            y: 10.0,
            size: 20.0,
            value,
            colour: None,
            confidence,
        }
    }

    #[test]
    fn a_roll_told_by_its_values_is_placed_when_certain() {
        let seen = [die(0.0, 3, 0.9), die(30.0, 5, 0.8), die(60.0, 2, 0.4)];
        // Read right: kept as read.
        let roll = roll_from_values(&seen, &[5, 3, 2]).expect("placed");
        let mut values: Vec<u8> = roll.iter().map(|d| d.value).collect();
        values.sort_unstable();
        assert_eq!(values, [2, 3, 5]);
        // One die read wrong: it takes the value left.
        let roll = roll_from_values(&seen, &[3, 5, 6]).expect("placed");
        let third = roll.iter().find(|d| d.x == 60.0).expect("the third die");
        assert_eq!(third.value, 6);
        // Two wrong with different values left: not known which is which.
        assert_eq!(
            roll_from_values(&seen, &[3, 6, 1]),
            Err(Unplaced::Ambiguous(2))
        );
        // Two wrong, both a 6: certain.
        let roll = roll_from_values(&seen, &[3, 6, 6]).expect("placed");
        assert_eq!(roll.iter().filter(|d| d.value == 6).count(), 2);
        // Fewer seen than told.
        assert_eq!(
            roll_from_values(&seen[..2], &[3, 5, 6]),
            Err(Unplaced::Missed { seen: 2, told: 3 })
        );
        // More seen than told: the surest.
        let roll = roll_from_values(&seen, &[3, 5]).expect("placed");
        assert!(roll.iter().all(|d| d.x != 60.0));
    }
}
