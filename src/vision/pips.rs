//! Reading a die by its pips: a small fully convolutional net over the classifier's patch
//! that marks, on a grid of 2-pixel cells, where a pip's centre lies and where a pip d6's face
//! is. The value is the number of pips marked on the face; no face, or a count out of 1–6, is
//! no die. Each pip is a small round mark on a plain face whatever the die's colour, so what
//! the net learns of one die holds for dice it never saw.
//!
//! Trained from rendered and drawn dice, whose pips' places are known, and from the photos'
//! labelled dice, whose pips are only counted (the marks on a die's face must add up to its
//! value). Pure: no I/O, no clock.

use super::SeenDie;
use super::grid::sample;
use super::learned::{Candidate, Model, PATCH, PATCH_MARGIN, classifier_input, patch_at};
use super::net::{Net, Shape, sigmoid};
use super::training::{Library, any_turn, background, drawn_die, look_changes, wrong_scale};
use image::RgbImage;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The pip net's cells are this many pixels of the patch a side: a die's pips lie 4.8 to 7
/// pixels apart in the patch, two to three cells (at 4 pixels, neighbouring pips' marks ran
/// together and were counted as one or three).
pub const CELL: usize = 2;
/// The cells along a side of the patch.
pub const CELLS: usize = PATCH / CELL;

/// The pip net's layers: two planes out, a pip's centre and a pip d6's face.
pub const PIP_SHAPE: [Shape; 6] = [
    Shape::conv(3, 16, 3, 1),
    Shape::conv(16, 24, 3, 2),
    Shape::conv(24, 32, 3, 1),
    Shape::conv(32, 32, 3, 1),
    Shape::conv(32, 32, 3, 1),
    Shape::conv(32, 2, 1, 1),
];

/// What a patch holds, in the patch's pixels: the die in its middle (centre and side), its
/// value (0: no pip d6), and its pips' centres when they are known.
#[derive(Debug, Clone, Default)]
pub struct PipTarget {
    pub die: Option<(f32, f32, f32)>,
    pub value: u8,
    pub pips: Option<Vec<(f32, f32)>>,
    /// The die's place is known only roughly (a crop, its die taken to lie in the middle):
    /// its pips are counted over the whole patch.
    pub rough: bool,
}

/// A cell's centre in the patch's pixels.
fn cell_centre(k: usize) -> f32 {
    (k * CELL) as f32 + 0.5
}

/// The cell a point of the patch falls in.
fn cell_of(x: f32) -> Option<usize> {
    let k = ((x - 0.5) / CELL as f32).round();
    (k >= 0.0 && k < CELLS as f32).then_some(k as usize)
}

/// Binary cross-entropy of logit `z` against `t`, and its gradient.
fn bce(z: f32, t: f32) -> (f32, f32) {
    let p = sigmoid(z).clamp(1e-6, 1.0 - 1e-6);
    (-(t * p.ln() + (1.0 - t) * (1.0 - p).ln()), p - t)
}

/// The pip net's loss (`out`: the pip plane, then the face plane, `CELLS × CELLS` each).
/// Pips: where their places are known, each pip's cell is 1 and the others 0; where only the
/// value is, the marks on the face add up to it and the cells off the die are 0. Face: the
/// cells near a pip d6's middle are 1, those off it or on no pip d6 0.
pub fn pip_loss(out: &[f32], target: &PipTarget, d: &mut Vec<f32>) -> f32 {
    let n = CELLS * CELLS;
    d.clear();
    d.resize(out.len(), 0.0);
    let mut loss = 0.0;
    let distance = |i: usize| -> Option<f32> {
        let (x, y) = (cell_centre(i % CELLS), cell_centre(i / CELLS));
        target
            .die
            .map(|(cx, cy, s)| (x - cx).hypot(y - cy) / s.max(1.0))
    };
    // Pips.
    match (&target.pips, target.value) {
        (Some(pips), _) => {
            let mut on = vec![false; n];
            for &(x, y) in pips {
                if let (Some(u), Some(v)) = (cell_of(x), cell_of(y)) {
                    on[v * CELLS + u] = true;
                }
            }
            for i in 0..n {
                let (l, g) = bce(out[i], if on[i] { 1.0 } else { 0.0 });
                let w = if on[i] { 4.0 } else { 1.0 };
                loss += w * l;
                d[i] = w * g;
            }
        }
        (None, 0) => {
            for i in 0..n {
                let (l, g) = bce(out[i], 0.0);
                loss += l;
                d[i] = g;
            }
        }
        (None, value) => {
            let mut sum = 0.0;
            let mut face = Vec::new();
            for i in 0..n {
                match distance(i) {
                    _ if target.rough => {
                        sum += sigmoid(out[i]);
                        face.push(i);
                    }
                    Some(r) if r <= 0.5 => {
                        sum += sigmoid(out[i]);
                        face.push(i);
                    }
                    Some(r) if r >= 0.7 => {
                        let (l, g) = bce(out[i], 0.0);
                        loss += l;
                        d[i] = g;
                    }
                    _ => {}
                }
            }
            let e = sum - f32::from(value);
            loss += 0.5 * e * e;
            for i in face {
                let p = sigmoid(out[i]);
                d[i] = e * p * (1.0 - p);
            }
        }
    }
    // The face.
    for i in 0..n {
        let t = match (target.value, distance(i)) {
            (0, _) | (_, None) => 0.0,
            (_, Some(r)) if r <= 0.35 => 1.0,
            (_, Some(r)) if r >= 0.7 => 0.0,
            _ => continue,
        };
        let (l, g) = bce(out[n + i], t);
        loss += l;
        d[n + i] = g;
    }
    loss / n as f32
}

/// What the pip net reads on a patch: how sure it is that a pip d6's face lies in the middle,
/// the pips counted on it (the sum of the marks), and the cells marked surely.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PipReading {
    pub face: f32,
    pub count: f32,
    pub marked: usize,
    /// The cells marked more than their eight neighbours, at least 0.3 sure (each a pip).
    pub peaks: usize,
    /// The marks' sum on the face alone (within half a side of the middle).
    pub inner: f32,
    /// The peaks sit as a d6's pips do ([`d6_pattern`]).
    pub pattern: bool,
}

impl PipReading {
    /// The value read: the count rounded, when it is 1–6.
    pub fn value(&self) -> Option<u8> {
        let v = self.count.round();
        (1.0..=6.0).contains(&v).then_some(v as u8)
    }
}

/// Decodes the pip net's output on a patch whose die lies in the middle, `PATCH / PATCH_MARGIN`
/// pixels a side.
pub fn pip_reading(out: &[f32]) -> PipReading {
    let n = CELLS * CELLS;
    let side = PATCH as f32 / PATCH_MARGIN;
    let middle = PATCH as f32 / 2.0;
    let mut reading = PipReading {
        face: 0.0,
        count: 0.0,
        marked: 0,
        peaks: 0,
        inner: 0.0,
        pattern: false,
    };
    let n = n.min(out.len() / 2);
    for i in 0..n {
        let (x, y) = (cell_centre(i % CELLS), cell_centre(i / CELLS));
        let r = (x - middle).hypot(y - middle) / side;
        if r <= 0.6 {
            let p = sigmoid(out[i]);
            reading.count += p;
            reading.marked += usize::from(p >= 0.5);
            if r <= 0.5 {
                reading.inner += p;
            }
        }
        if r <= 0.25 {
            reading.face = reading.face.max(sigmoid(out[n + i]));
        }
    }
    let peaks: Vec<(f32, f32)> = peak_cells(out)
        .iter()
        .map(|&(u, v)| (cell_centre(u), cell_centre(v)))
        .collect();
    reading.peaks = peaks.len();
    reading.pattern = d6_pattern(&peaks, (middle, middle), side);
    reading
}

/// How the reader joins the pip net's reading to the classifier's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PipUse {
    /// The classifier alone.
    #[default]
    Off,
    /// The pip net alone: a face with 1–6 pips is a die showing that many.
    Alone,
    /// The classifier where it reads a die, else the pip net.
    Either,
    /// The pip net says whether a pip d6 lies there, the classifier which value it shows.
    Face,
    /// A die where both read one and agree on its value.
    Agree,
    /// The pip net alone, its peaks in a d6's pattern ([`d6_pattern`]).
    Pattern,
    /// The classifier's reading; and where it reads no die, a die all the same where the pip
    /// net sees a face and counts the value the classifier would read there.
    Rescue,
    /// The classifier's reading, sure only where the pip net counts the same value: a
    /// reading it counts otherwise is at most [`DISAGREED`] sure, for the player to confirm.
    Confirm,
}

/// How sure a reading is at most when the two nets read it otherwise: under
/// [`super::SURE`], so that the window asks the player.
pub const DISAGREED: f32 = 0.5;
const _: () = assert!(DISAGREED < super::SURE);

impl PipUse {
    /// Whether the pip net reads only the dice the classifier reads.
    pub fn on_classifier_dice(self) -> bool {
        matches!(self, PipUse::Agree | PipUse::Confirm)
    }
}

/// A reading by `r` on candidate `c`, joined to the classifier's (`classifier`, from its
/// probabilities `p`) as `how` says: the die and how sure it is a pip d6 at all.
pub fn joined(
    how: PipUse,
    c: Candidate,
    classifier: Option<(SeenDie, f32)>,
    p: [f32; 7],
    r: &PipReading,
) -> Option<(SeenDie, f32)> {
    let by_pips = || -> Option<(SeenDie, f32)> {
        if r.face < 0.5 || !(1..=6).contains(&r.peaks) {
            return None;
        }
        // Sure as the face is, less as the marks' sum strays from the pips counted.
        let stray = (r.count - r.peaks as f32).abs().min(1.0);
        Some((
            SeenDie {
                x: c.x,
                y: c.y,
                size: c.size,
                value: r.peaks as u8,
                colour: None,
                confidence: r.face * (1.0 - stray),
            },
            r.face,
        ))
    };
    match how {
        PipUse::Off => classifier,
        PipUse::Alone => by_pips(),
        PipUse::Pattern => by_pips().filter(|_| r.pattern),
        PipUse::Either => classifier.or_else(by_pips),
        PipUse::Agree => {
            classifier.filter(|(d, _)| by_pips().is_some_and(|(q, _)| q.value == d.value))
        }
        PipUse::Rescue => classifier.or_else(|| {
            let (d, face) = by_pips()?;
            let (value, sure) = likeliest(p)?;
            (d.value == value).then_some((
                SeenDie {
                    confidence: sure.min(DISAGREED),
                    ..d
                },
                face,
            ))
        }),
        PipUse::Confirm => classifier.map(|(mut d, die)| {
            if by_pips().is_none_or(|(q, _)| q.value != d.value) {
                d.confidence = d.confidence.min(DISAGREED);
            }
            (d, die)
        }),
        PipUse::Face => {
            let (die, face) = by_pips()?;
            let (value, sure) = likeliest(p)?;
            Some((
                SeenDie {
                    value,
                    confidence: face * sure,
                    ..die
                },
                face,
            ))
        }
    }
}

/// The classifier's likeliest value in its probabilities `p`, and how likely it is among the
/// values alone (as if the patch held a pip d6).
fn likeliest(p: [f32; 7]) -> Option<(u8, f32)> {
    let values = p[1..].iter().sum::<f32>().max(1e-6);
    let (best, &sure) = p[1..]
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))?;
    Some((best as u8 + 1, sure / values))
}

impl Model {
    /// This model with the pip net of `bytes` (`super::pips`, a trial the shipped model does
    /// not carry), each die the classifier reads sure only where the pip net counts the same
    /// value ([`PipUse::Confirm`]).
    pub fn with_pips(mut self, bytes: &[u8]) -> Result<Model, super::net::NetError> {
        let net = Net::from_bytes(bytes)?;
        if net.shape() != PIP_SHAPE || net.pooled {
            return Err(super::net::NetError::Shape);
        }
        self.pips = Some(net);
        self.look.pips = PipUse::Confirm;
        Ok(self)
    }
}

/// Each candidate's reading by the classifier (`read`, from its probabilities `probs`),
/// joined to the pip net's as `model.look.pips` says when the model has one.
pub(crate) fn joined_all(
    model: &Model,
    image: &RgbImage,
    candidates: &[Candidate],
    read: Vec<Option<(SeenDie, f32)>>,
    probs: &[[f32; 7]],
) -> Vec<Option<(SeenDie, f32)>> {
    let how = model.look.pips;
    let Some(net) = model.pips.as_ref().filter(|_| how != PipUse::Off) else {
        return read;
    };
    // The pip net reads every candidate, or only those the classifier reads as dice.
    let asked: Vec<usize> = (0..candidates.len())
        .filter(|&i| !how.on_classifier_dice() || read[i].is_some())
        .collect();
    let patches: Vec<Vec<f32>> = asked.iter().map(|&i| patch(image, candidates[i])).collect();
    let mut out = read;
    for (&i, r) in asked.iter().zip(read_pips(net, &patches)) {
        out[i] = joined(how, candidates[i], out[i], probs[i], &r);
    }
    out
}

/// The pip net's input for candidate `c`: the classifier's straight patch, in colours.
pub fn patch(image: &RgbImage, c: Candidate) -> Vec<f32> {
    patch_at(image, c, 0, 3)
}

/// Whether `peaks` (patch pixels) sit as the pips of a d6 showing as many do, on a face of
/// `side` pixels about `middle`: the places of [`super::synthetic::pip_places`] turned by some
/// angle (every 3 degrees tried) and scaled about the peaks' mean to their mean distance from
/// it, each within 0.12 of a side of a peak, with the mean within a quarter side of the middle
/// and the pips' spacing 0.15 to 0.4 of a side (a numeral's strokes, a d8's corners or a row
/// of printed dots sit otherwise).
pub fn d6_pattern(peaks: &[(f32, f32)], middle: (f32, f32), side: f32) -> bool {
    let n = peaks.len();
    if !(1..=6).contains(&n) {
        return false;
    }
    let c = (
        peaks.iter().map(|p| p.0).sum::<f32>() / n as f32,
        peaks.iter().map(|p| p.1).sum::<f32>() / n as f32,
    );
    if (c.0 - middle.0).hypot(c.1 - middle.1) > 0.25 * side {
        return false;
    }
    if n == 1 {
        return true;
    }
    let places = super::synthetic::pip_places(n as u8);
    let spread = |ps: &mut dyn Iterator<Item = f32>| ps.sum::<f32>() / n as f32;
    let seen = spread(&mut peaks.iter().map(|p| (p.0 - c.0).hypot(p.1 - c.1)));
    let canonical = spread(&mut places.iter().map(|p| p.0.hypot(p.1)));
    let step = seen / canonical.max(1e-6);
    if !(0.15 * side..=0.4 * side).contains(&step) {
        return false;
    }
    let within = 0.12 * side;
    (0..120).any(|k| {
        let (sin, cos) = (k as f32 * 3f32.to_radians()).sin_cos();
        places.iter().all(|&(x, y)| {
            let q = (
                c.0 + step * (cos * x - sin * y),
                c.1 + step * (sin * x + cos * y),
            );
            peaks.iter().any(|p| (p.0 - q.0).hypot(p.1 - q.1) <= within)
        })
    })
}

/// The pip net's readings of `patches` (each `PATCH × PATCH`, as the classifier takes).
pub fn read_pips(net: &Net, patches: &[Vec<f32>]) -> Vec<PipReading> {
    if patches.is_empty() {
        return Vec::new();
    }
    net.forward_many(patches, PATCH, PATCH)
        .iter()
        .map(|out| pip_reading(out))
        .collect()
}

/// The cells within 0.6 of a side of the patch's middle marked more than their eight
/// neighbours, at least 0.3 sure.
fn peak_cells(out: &[f32]) -> Vec<(usize, usize)> {
    let side = PATCH as f32 / PATCH_MARGIN;
    let middle = PATCH as f32 / 2.0;
    let mut peaks = Vec::new();
    for i in 0..(CELLS * CELLS).min(out.len()) {
        let (cx, cy) = (i % CELLS, i / CELLS);
        let r = (cell_centre(cx) - middle).hypot(cell_centre(cy) - middle) / side;
        if r > 0.6 || sigmoid(out[i]) < 0.3 {
            continue;
        }
        let highest = (-1..=1i64)
            .flat_map(|dy| (-1..=1i64).map(move |dx| (cx as i64 + dx, cy as i64 + dy)))
            .filter(|&(x, y)| (x, y) != (cx as i64, cy as i64))
            .filter(|&(x, y)| x >= 0 && y >= 0 && x < CELLS as i64 && y < CELLS as i64)
            .all(|(x, y)| {
                let j = y as usize * CELLS + x as usize;
                out[j] < out[i] || (out[j] == out[i] && j > i)
            });
        if highest {
            peaks.push((cx, cy));
        }
    }
    peaks
}

/// The pip net's training schedule: from the run's seed, `epochs` of 16,384 samples.
pub fn schedule(seed: u64, epochs: usize) -> super::training::Schedule {
    super::training::Schedule {
        seed: seed + 7,
        epochs,
        per_epoch: 16384,
        batch: 64,
        rate: 3e-3,
        threads: 2,
    }
}

/// Trains a pip net on `library`'s pictures from `seed` ([`schedule`]); `log` hears each
/// epoch's mean loss.
pub fn train(library: &Library, seed: u64, epochs: usize, log: impl FnMut(usize, f32)) -> Net {
    let schedule = schedule(seed, epochs);
    let mut net = super::training::new_net(&PIP_SHAPE, false, schedule.seed);
    super::training::fit(
        &mut net,
        schedule,
        |rng| library.pip_sample(rng),
        pip_loss,
        log,
    );
    net
}

/// A side of `size` picture pixels in a patch sampled with `a` ([`super::grid::sample`]).
fn side_in_patch(size: f32, a: [f32; 4]) -> f32 {
    size / (a[0] * a[3] - a[1] * a[2]).abs().sqrt()
}

/// A point of the picture in a patch sampled around `centre` with `a`
/// ([`super::grid::sample`]).
fn in_patch(p: (f32, f32), centre: (f32, f32), a: [f32; 4]) -> (f32, f32) {
    let det = a[0] * a[3] - a[1] * a[2];
    let (px, py) = (p.0 - centre.0, p.1 - centre.1);
    (
        (a[3] * px - a[1] * py) / det + PATCH as f32 / 2.0,
        (-a[2] * px + a[0] * py) / det + PATCH as f32 / 2.0,
    )
}

impl Library<'_> {
    /// A pip net sample: a patch and what it holds.
    pub fn pip_sample(&self, rng: &mut ChaCha8Rng) -> (Vec<f32>, usize, usize, PipTarget) {
        let side = PATCH;
        let scale = |size: f32| size * PATCH_MARGIN / side as f32;
        let roll = rng.random_range(0.0f32..1.0);
        let jitter = |rng: &mut ChaCha8Rng, size: f32, j: f32| {
            (
                rng.random_range(-j..=j) * size,
                rng.random_range(-j..=j) * size,
            )
        };
        let (mut pixels, target) = if roll < 0.3 {
            // A rendered die, or a thing like one that is none: its pips are known.
            let pip_die = rng.random_bool(0.65);
            let r = super::render::rendered_die(rng, pip_die);
            let (jx, jy) = jitter(rng, r.size, 0.08);
            let centre = (r.x + jx, r.y + jy);
            let a = any_turn(scale(r.size * rng.random_range(0.88f32..1.14)), rng);
            let target = PipTarget {
                die: (r.class > 0).then(|| {
                    let (x, y) = in_patch((r.x, r.y), centre, a);
                    (x, y, side_in_patch(r.size, a))
                }),
                value: r.class,
                pips: Some(r.pips.iter().map(|&p| in_patch(p, centre, a)).collect()),
                rough: false,
            };
            (sample(&r.image, centre, a, side, side), target)
        } else if roll < 0.4 {
            // A die drawn flat: its pips lie at `synthetic::pip_places`.
            let (picture, die) = drawn_die(rng);
            let (jx, jy) = jitter(rng, die.size, 0.08);
            let centre = (die.x + jx, die.y + jy);
            let a = any_turn(scale(die.size * rng.random_range(0.88f32..1.14)), rng);
            let q = die.size * 0.27;
            let pips = super::synthetic::pip_places(die.class)
                .iter()
                .map(|&(sx, sy)| in_patch((die.x + sx * q, die.y + sy * q), centre, a))
                .collect();
            let (x, y) = in_patch((die.x, die.y), centre, a);
            let target = PipTarget {
                die: Some((x, y, side_in_patch(die.size, a))),
                value: die.class,
                pips: Some(pips),
                rough: false,
            };
            (sample(&picture.image, centre, a, side, side), target)
        } else if roll < 0.75
            && let Some((p, d, places)) = self.any_die_placed(rng)
        {
            // A labelled die: its pips are counted, or placed where a pip net read them
            // before. Class 0 (a numeral die, a d8) is no die.
            let (jx, jy) = jitter(rng, d.size, 0.08);
            let centre = (d.x + jx, d.y + jy);
            let a = any_turn(scale(d.size * rng.random_range(0.88f32..1.14)), rng);
            let (x, y) = in_patch((d.x, d.y), centre, a);
            let target = PipTarget {
                die: (d.class > 0).then(|| (x, y, side_in_patch(d.size, a))),
                value: d.class,
                pips: places.map(|ps| ps.iter().map(|&q| in_patch(q, centre, a)).collect()),
                rough: !p.whole,
            };
            (sample(&p.image, centre, a, side, side), target)
        } else if roll < 0.82
            && let Some((p, d)) = self.any_die(rng)
        {
            // A die at the wrong scale is no die.
            let (centre, size) = wrong_scale(p, d, rng);
            let a = any_turn(scale(size), rng);
            (
                sample(&p.image, centre, a, side, side),
                PipTarget::default(),
            )
        } else if roll < 0.92
            && let Some(p) = self.any_whole(rng)
        {
            // A place of a photo away from every die.
            let typical = p.dice.first().map_or(40.0, |d| d.size);
            let size = typical * rng.random_range(0.6f32..1.5);
            let (w, h) = (p.image.width() as f32, p.image.height() as f32);
            let centre = (rng.random_range(0.0..w), rng.random_range(0.0..h));
            let clear = p.dice.iter().all(|d| {
                (d.x - centre.0).hypot(d.y - centre.1) >= 0.55 * d.size.max(size) + 0.7 * size
            });
            let a = any_turn(scale(size), rng);
            if clear {
                (
                    sample(&p.image, centre, a, side, side),
                    PipTarget::default(),
                )
            } else {
                let bg = background(48, 48, rng);
                let a = any_turn(rng.random_range(0.6f32..1.4), rng);
                (
                    sample(&bg, (24.0, 24.0), a, side, side),
                    PipTarget::default(),
                )
            }
        } else {
            let bg = background(48, 48, rng);
            let a = any_turn(rng.random_range(0.6f32..1.4), rng);
            (
                sample(&bg, (24.0, 24.0), a, side, side),
                PipTarget::default(),
            )
        };
        look_changes(&mut pixels, side, side, rng);
        (classifier_input(&pixels, side, side, 3), side, side, target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn logits(pips: &[(usize, usize)], face: &[(usize, usize)]) -> Vec<f32> {
        let mut out = vec![-8.0; 2 * CELLS * CELLS];
        for &(x, y) in pips {
            out[y * CELLS + x] = 8.0;
        }
        for &(x, y) in face {
            out[CELLS * CELLS + y * CELLS + x] = 8.0;
        }
        out
    }

    #[test]
    fn the_pips_marked_on_the_face_are_the_value() {
        let five = logits(
            &[(5, 5), (11, 5), (8, 8), (5, 11), (11, 11)],
            &[(8, 8), (7, 7)],
        );
        let r = pip_reading(&five);
        assert_eq!(r.value(), Some(5));
        assert_eq!(r.marked, 5);
        assert!(r.face > 0.99);
        // Marks off the face (a corner of the patch) are not counted.
        let off = logits(&[(0, 0), (15, 15), (8, 7)], &[(8, 8)]);
        assert_eq!(pip_reading(&off).value(), Some(1));
        let nothing = logits(&[], &[]);
        assert_eq!(pip_reading(&nothing).value(), None);
        assert!(pip_reading(&nothing).face < 0.01);
    }

    #[test]
    fn peaks_in_a_d6_pattern_and_others() {
        let (side, m) = (22.0, (16.0, 16.0));
        let turned = |value: u8, angle: f32, step: f32| -> Vec<(f32, f32)> {
            let (sin, cos) = angle.to_radians().sin_cos();
            crate::vision::synthetic::pip_places(value)
                .iter()
                .map(|&(x, y)| {
                    (
                        m.0 + step * (cos * x - sin * y),
                        m.1 + step * (sin * x + cos * y),
                    )
                })
                .collect()
        };
        for value in 1..=6 {
            assert!(d6_pattern(&turned(value, 31.0, 6.0), m, side), "{value}");
        }
        // Four in a row are no 4; three in an L are no 3; a 5 with its middle pip off is no 5.
        let row: Vec<(f32, f32)> = (0..4).map(|k| (8.0 + 5.0 * k as f32, 16.0)).collect();
        assert!(!d6_pattern(&row, m, side));
        assert!(!d6_pattern(
            &[(10.0, 10.0), (10.0, 16.0), (16.0, 16.0)],
            m,
            side
        ));
        let mut five = turned(5, 0.0, 6.0);
        five[2] = (20.0, 16.0);
        assert!(!d6_pattern(&five, m, side));
        // Pips far too close or far apart, or a die far off the middle, are none either.
        assert!(!d6_pattern(&turned(4, 10.0, 1.5), m, side));
        assert!(!d6_pattern(&turned(4, 10.0, 12.0), m, side));
        let off: Vec<(f32, f32)> = turned(2, 0.0, 6.0)
            .iter()
            .map(|p| (p.0 + 9.0, p.1))
            .collect();
        assert!(!d6_pattern(&off, m, side));
    }

    #[test]
    fn a_reading_the_pip_net_counts_otherwise_is_left_for_the_player() {
        let c = Candidate::known(10.0, 10.0, 20.0);
        let die = |value: u8, confidence: f32| SeenDie {
            x: 10.0,
            y: 10.0,
            size: 20.0,
            value,
            colour: None,
            confidence,
        };
        let three = PipReading {
            face: 0.9,
            count: 3.1,
            marked: 3,
            peaks: 3,
            inner: 3.0,
            pattern: true,
        };
        let p = [0.02, 0.0, 0.0, 0.95, 0.03, 0.0, 0.0];
        let agreed = joined(PipUse::Confirm, c, Some((die(3, 0.95), 0.98)), p, &three);
        assert_eq!(agreed.map(|(d, _)| d.confidence), Some(0.95));
        let other = joined(PipUse::Confirm, c, Some((die(4, 0.95), 0.98)), p, &three);
        assert_eq!(
            other.map(|(d, _)| (d.value, d.confidence)),
            Some((4, DISAGREED))
        );
        // No face seen: unsure too; and what the classifier reads as no die stays none.
        let blank = PipReading { face: 0.1, ..three };
        let unseen = joined(PipUse::Confirm, c, Some((die(3, 0.95), 0.98)), p, &blank);
        assert_eq!(unseen.map(|(d, _)| d.confidence), Some(DISAGREED));
        assert_eq!(joined(PipUse::Confirm, c, None, p, &three), None);
        // Read alone, the pips counted are the value.
        let alone = joined(PipUse::Alone, c, None, p, &three);
        assert_eq!(alone.map(|(d, _)| d.value), Some(3));
    }

    #[test]
    fn the_loss_falls_to_nothing_on_the_right_marks_and_pulls_wrong_ones() {
        let middle = PATCH as f32 / 2.0;
        let side = PATCH as f32 / PATCH_MARGIN;
        let target = PipTarget {
            die: Some((middle, middle, side)),
            value: 1,
            pips: Some(vec![(middle, middle)]),
            rough: false,
        };
        let k = cell_of(middle).unwrap_or(0);
        let face: Vec<(usize, usize)> = (0..CELLS * CELLS)
            .map(|i| (i % CELLS, i / CELLS))
            .filter(|&(x, y)| {
                (cell_centre(x) - middle).hypot(cell_centre(y) - middle) / side <= 0.5
            })
            .collect();
        let right = logits(&[(k, k)], &face);
        let mut d = Vec::new();
        let low = pip_loss(&right, &target, &mut d);
        let wrong = logits(&[(0, 0)], &[]);
        let high = pip_loss(&wrong, &target, &mut d);
        assert!(low < 0.01, "{low}");
        assert!(high > 10.0 * low, "{high} against {low}");
        // The gradient pushes the wrong mark down and the right cell up.
        assert!(d[0] > 0.5 && d[k * CELLS + k] < -0.5);
        // Counted only: the marks on the face must add up to the value.
        let counted = PipTarget {
            pips: None,
            ..target
        };
        let two = logits(&[(k, k), (k - 1, k - 1)], &face);
        pip_loss(&two, &counted, &mut d);
        assert!(d[k * CELLS + k] > 0.0, "too many marks are pulled down");
    }
}
