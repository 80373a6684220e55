//! The learned dice reader: a detector finds what may be a die, a classifier says what it is.
//!
//! 1. **Detector** ([`DETECTOR_SHAPE`]): the picture is resampled so its shorter side is
//!    [`DETECTOR_SIDE`] pixels, and a fully convolutional net gives, for every cell of
//!    [`STRIDE`]×[`STRIDE`] pixels, how likely a die's centre lies near, where it lies and the
//!    die's size. Cells above [`DETECT_LEVEL`] are proposals; the surest of those pointing at
//!    one centre speaks for them. The dice's typical size then sets a second look at the
//!    scale where they come out [`DIE_PIXELS`] (the middle of what the detector is trained
//!    on), so that dice close up and far away are found alike. It is trained to fire on any
//!    die, pip d6 or not, so it misses little.
//! 2. **Classifier** ([`CLASSIFIER_SHAPE`]): each proposal is resampled ([`sample`]) from the full
//!    picture to [`PATCH`]×[`PATCH`] pixels around the die (its side times [`PATCH_MARGIN`])
//!    and classified: not a pip d6 (a numeral die, a d8, a shadow, a printed dot on a card),
//!    or a pip d6 showing 1–6, all proposals in one pass of the net. An unsure reading is read
//!    again with the patch turned each quarter way, and the probabilities averaged. The
//!    probability of the value is the reading's confidence.
//! 3. **Colour**: the body is the larger of the two lightness clusters inside the face; its
//!    median and the pips', balanced by the light that white pips show, name the colour by
//!    the dice told by eye that look most like it ([`super::colour`]).
//!
//! Both nets are trained by `models/dice/training/examples/dice_train/` (see `models/dice/README.md`) and
//! embedded in the binary. Pure: no I/O, no clock.

use super::cnn::{Net, NetError, Shape, sigmoid, softmax};
use super::grid::{face_contrast, normalised, sample, sample_general};
use super::{Area, SeenDie, colour, primitives};
use image::RgbImage;

/// The detector's first look: the shorter side of the picture (or the area read), in pixels.
pub const DETECTOR_SIDE: f32 = 192.0;
/// The dice's side the detector's second look brings them to, in its pixels (it is trained on
/// 9 to 32).
pub const DIE_PIXELS: f32 = 20.0;
/// The most the second look's shorter side may be.
const MAX_SIDE: f32 = 384.0;
/// The look for dice close up: the shorter side, in pixels.
pub const CLOSE_SIDE: f32 = 96.0;
/// The shorter side of the whole look, when the others read no die: a die 0.8 of the
/// picture's side (a die held up to the camera) comes out 32 pixels, the largest the detector
/// learned; one 0.225 of it, [`SMALLEST_DIE`], the smallest.
pub const WHOLE_SIDE: f32 = 40.0;
/// The smallest side of a die the detector learned, in its pixels (the largest is 32).
pub const SMALLEST_DIE: f32 = 9.0;
/// A reading less sure than this is read again with its patch turned (see [`TURNS`]).
pub const LOOK_AGAIN: f32 = 0.9;
/// How many turned patches an unsure reading adds (see [`Look::turns`]): each quarter way.
/// Two (a quarter either way) read the pictures trained on as well and the benchmark's photo in
/// 21.4 ms, not 24.7, but each source left out of training worse, by 0.4 to 1.2 points of
/// value (`models/dice/README.md`).
pub const TURNS: u8 = 3;
/// The most a die's side may be, in sides of the middle die's (see [`Look::size_spread`]).
pub const SIZE_SPREAD: f32 = 2.5;
/// A candidate the classifier calls no pip d6 with at least this probability is none.
pub const NO_DIE: f32 = 0.25;

/// A known roll's dice missing are filled from the candidates whose "no die" is under this
/// (chosen on the pictures trained on, `dice_accuracy --train --count-known`: of 0.45, 0.6,
/// 0.75 and 0.95, 0.75 left the fewest dice to fix over the eight sources).
pub const FILL_NO_DIE: f32 = 0.75;
/// One detector cell, in the detector's pixels.
pub const STRIDE: usize = 8;
/// The classifier's input side, in pixels.
pub const PATCH: usize = 32;
/// The classifier sees this many die sides around the die's centre.
pub const PATCH_MARGIN: f32 = 1.4;
/// Two proposals whose centres lie within this many die sides are one die.
const SAME_DIE: f32 = 0.5;
/// A detector cell at least this sure is a candidate.
pub const DETECT_LEVEL: f32 = 0.25;

/// The detector's layers.
pub const DETECTOR_SHAPE: [Shape; 6] = [
    Shape::conv(3, 8, 3, 2),
    Shape::conv(8, 16, 3, 2),
    Shape::conv(16, 16, 3, 1),
    Shape::conv(16, 32, 3, 2),
    Shape::conv(32, 32, 3, 1),
    Shape::conv(32, 4, 1, 1),
];
/// The classifier's layers (shipped); the last is averaged over the patch.
pub const CLASSIFIER_SHAPE: [Shape; 7] = [
    Shape::conv(3, 16, 3, 1),
    Shape::conv(16, 24, 3, 2),
    Shape::conv(24, 32, 3, 1),
    Shape::conv(32, 48, 3, 2),
    Shape::conv(48, 64, 3, 1),
    Shape::conv(64, 64, 3, 2),
    Shape::conv(64, 7, 1, 1),
];

/// The classifier's inputs ([`classifier_input`]), by its first layer's channels: the
/// colours (3, shipped), colour-blind along one or two colour axes (1, 2), or the colours and
/// one axis (4).
pub const CLASSIFIER_CHANNELS: [usize; 4] = [3, 1, 2, 4];

/// The two nets, and how they are used.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    pub detector: Net,
    pub classifier: Net,
    pub look: Look,
}

/// How the reader looks, besides the nets: [`DIE_PIXELS`], [`LOOK_AGAIN`], [`TURNS`] and
/// [`SIZE_SPREAD`] unless told (`models/dice/training/examples/dice_accuracy.rs` tries others).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// The dice's side the detector's second look brings them to, in its pixels.
    pub die_pixels: f32,
    /// A reading less sure than this is read again with its patch turned.
    pub look_again: f32,
    /// How many turned patches that second reading adds: 3 (each quarter way), 2 (a quarter
    /// either way) or 1 (half a turn).
    pub turns: u8,
    /// The most a die's side may be, in sides of the middle die's (0: no bound).
    pub size_spread: f32,
    /// The shorter side of the whole look, taken when the others read no die (0: none).
    pub whole: f32,
    /// Whether the close look's candidates are read even when the dice are small (the look
    /// again taken) and three or more were read at the usual looks (`Model::read`).
    pub close_always: bool,
    /// Whether the detector's looks sample the picture the general way ([`sample_general`]),
    /// sub-point by sub-point, as the training's proposals do: the same numbers to the bit
    /// as when the nets were trained, a few times slower than the reader's quick way.
    pub general_sampling: bool,
}

impl Default for Look {
    fn default() -> Look {
        Look {
            die_pixels: DIE_PIXELS,
            look_again: LOOK_AGAIN,
            turns: TURNS,
            size_spread: SIZE_SPREAD,
            whole: WHOLE_SIDE,
            close_always: false,
            general_sampling: false,
        }
    }
}

/// The weights that ship, embedded in the binary (safetensors: [`Net::to_bytes`]).
pub const DETECTOR_WEIGHTS: &[u8] = include_bytes!("../../../models/dice/detector.safetensors");
pub const CLASSIFIER_WEIGHTS: &[u8] = include_bytes!("../../../models/dice/classifier.safetensors");

static SHIPPED: std::sync::LazyLock<Result<Model, NetError>> =
    std::sync::LazyLock::new(|| Model::from_bytes(DETECTOR_WEIGHTS, CLASSIFIER_WEIGHTS));

impl Model {
    /// The model built into Foreman.
    pub fn shipped() -> Result<&'static Model, NetError> {
        SHIPPED.as_ref().map_err(|e| e.clone())
    }

    /// The model of its nets' bytes ([`Net::from_bytes`]: safetensors, or the FNET bytes of
    /// models written before), each of its net's shape.
    pub fn from_bytes(detector: &[u8], classifier: &[u8]) -> Result<Model, NetError> {
        let model = Model {
            detector: Net::from_bytes(detector)?,
            classifier: Net::from_bytes(classifier)?,
            look: Look::default(),
        };
        if model.detector.shape() != DETECTOR_SHAPE || model.detector.pooled {
            return Err(NetError::Shape);
        }
        let mut classifier = model.classifier.shape();
        if let Some(first) = classifier.first_mut()
            && CLASSIFIER_CHANNELS.contains(&first.cin)
        {
            first.cin = 3;
        }
        if classifier != CLASSIFIER_SHAPE || !model.classifier.pooled {
            return Err(NetError::Shape);
        }
        Ok(model)
    }

    /// The whole look's candidates (`Look::whole`, none when 0), those of a size the detector
    /// learned: what [`Model::read`] reads when no other look reads a die.
    pub fn whole_candidates(&self, image: &RgbImage, area: Area) -> Vec<Candidate> {
        if self.look.whole <= 0.0 {
            return Vec::new();
        }
        let scale = area.width.min(area.height) as f32 / self.look.whole;
        let mut whole = self.candidates_at(image, area, self.look.whole);
        whole.retain(|c| c.size >= SMALLEST_DIE * scale);
        whole
    }

    /// Every pip d6 in `area` of the picture: the dice read among [`Model::candidates_read`],
    /// or when none, among the whole look's candidates; one die found twice kept once, and
    /// dice far larger than the rest dropped.
    pub fn read(&self, image: &RgbImage, area: Area) -> Vec<SeenDie> {
        self.read_surest(image, area, None).0
    }

    /// [`Model::read`] when the game says how many dice the roll has (issue 90, point 1): at
    /// most `count` dice, the surest of those read (a die is no less a die for being
    /// one too many: the least sure ones are the phantoms).
    pub fn read_expecting(&self, image: &RgbImage, area: Area, count: usize) -> Vec<SeenDie> {
        self.read_surest(image, area, Some(count)).0
    }

    /// [`Model::read_expecting`], and how many dice were read before the roll's count was
    /// taken (more than `count`: the camera says it sees more dice than the roll has).
    pub fn read_expecting_seen(
        &self,
        image: &RgbImage,
        area: Area,
        count: usize,
    ) -> (Vec<SeenDie>, usize) {
        self.read_surest(image, area, Some(count))
    }

    fn read_surest(
        &self,
        image: &RgbImage,
        area: Area,
        count: Option<usize>,
    ) -> (Vec<SeenDie>, usize) {
        let (candidates, mut dice) = self.candidates_read(image, area);
        if dice.is_empty() && self.look.whole > 0.0 {
            // No die at the usual looks: perhaps dice too large for them, which they see only
            // in part.
            dice = self.dice_among(image, &self.whole_candidates(image, area));
        }
        // One die found twice: keep the surer.
        dice.sort_by(|a, b| b.1.total_cmp(&a.1));
        // A die's centre never lies on another die: one inside a surer die's square is a
        // part of it (a pip) or the same die.
        let mut kept: Vec<SeenDie> = Vec::with_capacity(dice.len());
        for (d, _) in dice {
            if kept.iter().all(|k| apart(k, d.x, d.y, d.size)) {
                kept.push(d);
            }
        }
        keep_one_size(&mut kept, self.look.size_spread);
        let seen = kept.len();
        // `kept` is surest first: a known count keeps the surest, and when the roll has more
        // dice than were read, the likeliest of the candidates the classifier doubted fill it
        // (a die of the roll's size, on no die read).
        if let Some(n) = count {
            kept.truncate(n);
            if kept.len() < n {
                self.fill(image, &candidates, &mut kept, n);
            }
        }
        colour_dice(image, &mut kept);
        (kept, seen)
    }

    /// Adds to `kept` (fewer than `n` dice) the candidates most likely a die among those the
    /// classifier doubted (its "no die" under [`FILL_NO_DIE`]), of the kept dice's size, on none.
    fn fill(&self, image: &RgbImage, candidates: &[Candidate], kept: &mut Vec<SeenDie>, n: usize) {
        let mut sizes: Vec<f32> = kept.iter().map(|d| d.size).collect();
        sizes.sort_by(f32::total_cmp);
        let typical = sizes.get(sizes.len() / 2).copied();
        let free: Vec<Candidate> = candidates
            .iter()
            .copied()
            .filter(|c| {
                kept.iter().all(|k| apart(k, c.x, c.y, c.size))
                    && typical.is_none_or(|t| (0.67..1.5).contains(&(c.size / t)))
            })
            .collect();
        let probs = self.classes_of(image, &free);
        let mut doubted: Vec<(SeenDie, f32)> = free
            .iter()
            .zip(&probs)
            .filter(|(_, p)| p[0] < FILL_NO_DIE)
            .filter_map(|(&c, &p)| {
                let mut q = p;
                q[0] = 0.0;
                reading(c, q).map(|(d, _)| (d, 1.0 - p[0]))
            })
            .collect();
        doubted.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (d, _) in doubted {
            if kept.len() >= n {
                break;
            }
            if kept.iter().all(|k| apart(k, d.x, d.y, d.size)) {
                kept.push(d);
            }
        }
    }

    /// The candidates [`Model::read`] reads, and the dice read among them (each with how sure
    /// the model is that it is a pip d6 at all): the usual looks' candidates, then the close
    /// look's, unless the dice are small (the look again taken) and three or more were read.
    /// A game's dice are one size: among three small ones, nothing the close look finds that
    /// they did not is a die of theirs (it sees larger things only: the tray's screw holes,
    /// a token), and its look and patches took a seventh of the benchmark photo's reading.
    pub fn candidates_read(
        &self,
        image: &RgbImage,
        area: Area,
    ) -> (Vec<Candidate>, Vec<(SeenDie, f32)>) {
        let (mut candidates, farther) = self.usual_candidates(image, area);
        let close_with_rest = !farther || self.look.close_always;
        if close_with_rest {
            // Read with the rest (the classifier is quicker on many patches at once).
            let close = self.close_candidates(image, area, &candidates);
            candidates.extend(close);
        }
        let mut dice = self.dice_among(image, &candidates);
        if !close_with_rest && dice.len() < 3 {
            let close = self.close_candidates(image, area, &candidates);
            dice.extend(self.dice_among(image, &close));
            candidates.extend(close);
        }
        (candidates, dice)
    }

    /// The dice read among `candidates`, each with how sure the model is that it is a pip d6.
    fn dice_among(&self, image: &RgbImage, candidates: &[Candidate]) -> Vec<(SeenDie, f32)> {
        self.readings(image, candidates)
            .into_iter()
            .flatten()
            .collect()
    }

    /// The classifier alone on given boxes (each read as [`Model::read`] reads a candidate,
    /// turned when unsure): what the dice read would be with a perfect detector. None where
    /// the classifier says no pip d6.
    pub fn read_boxes(&self, image: &RgbImage, boxes: &[Candidate]) -> Vec<Option<SeenDie>> {
        self.readings(image, boxes)
            .into_iter()
            .map(|r| r.map(|(d, _)| d))
            .collect()
    }

    /// Each candidate read: the die, and how sure the model is that it is a pip d6 at all;
    /// none where it reads no pip d6.
    fn readings(&self, image: &RgbImage, candidates: &[Candidate]) -> Vec<Option<(SeenDie, f32)>> {
        let probs = self.classes_of(image, candidates);
        candidates
            .iter()
            .zip(&probs)
            .map(|(&c, &p)| reading(c, p))
            .collect()
    }

    /// The detector's candidates in `area`: centre, side (picture pixels), how sure. A first
    /// look with the area's shorter side at [`DETECTOR_SIDE`] pixels tells the dice's typical
    /// size (the median of the sure proposals); when that is well under [`DIE_PIXELS`], the
    /// detector looks again at the scale where it is that (dice far away). A look at
    /// [`CLOSE_SIDE`] finds dice too large for the first look, which sees no more than a few of
    /// their pips at a time (dice close up); what it finds that the others did not joins them,
    /// for the classifier to tell a die from a pip.
    pub fn candidates(&self, image: &RgbImage, area: Area) -> Vec<Candidate> {
        let (mut found, _) = self.usual_candidates(image, area);
        let close = self.close_candidates(image, area, &found);
        found.extend(close);
        found
    }

    /// [`Model::candidates`] but the close look's: the first look's, or the look again at
    /// the scale the first look's dice ask for.
    pub fn usual_candidates(&self, image: &RgbImage, area: Area) -> (Vec<Candidate>, bool) {
        let first = self.candidates_at(image, area, DETECTOR_SIDE);
        let scale = area.width.min(area.height) as f32 / DETECTOR_SIDE;
        let mut sizes: Vec<f32> = first
            .iter()
            .filter(|c| c.sure >= 0.5)
            .map(|c| c.size / scale)
            .collect();
        sizes.sort_by(f32::total_cmp);
        let side = sizes
            .get(sizes.len() / 2)
            .map_or(DETECTOR_SIDE, |&typical| {
                (DETECTOR_SIDE * self.look.die_pixels / typical).clamp(DETECTOR_SIDE, MAX_SIDE)
            });
        if side > 1.1 * DETECTOR_SIDE {
            (self.candidates_at(image, area, side), true)
        } else {
            (first, false)
        }
    }

    /// The close look's candidates that none of `found` already is.
    pub fn close_candidates(
        &self,
        image: &RgbImage,
        area: Area,
        found: &[Candidate],
    ) -> Vec<Candidate> {
        let mut close = self.candidates_at(image, area, CLOSE_SIDE);
        close.retain(|c| {
            !found.iter().any(|f| {
                (f.x - c.x).hypot(f.y - c.y) < SAME_DIE * f.size.min(c.size)
                    && (0.6..1.6).contains(&(c.size / f.size))
            })
        });
        close
    }

    /// The candidates at one scale: the area's shorter side resampled to `side` pixels.
    pub fn candidates_at(&self, image: &RgbImage, area: Area, side: f32) -> Vec<Candidate> {
        let shorter = area.width.min(area.height) as f32;
        if shorter < 8.0 {
            return Vec::new();
        }
        let scale = shorter / side;
        let dw = ((area.width as f32 / scale).round() as usize).max(STRIDE);
        let dh = ((area.height as f32 / scale).round() as usize).max(STRIDE);
        let (cx, cy) = (
            area.x as f32 + area.width as f32 / 2.0,
            area.y as f32 + area.height as f32 / 2.0,
        );
        let a = [scale, 0.0, 0.0, scale];
        let pixels = if self.look.general_sampling {
            sample_general(image, (cx, cy), a, dw, dh)
        } else {
            sample(image, (cx, cy), a, dw, dh)
        };
        let input = normalised(&pixels, dw, dh);
        let out = self.detector.forward(&input, dh, dw);
        let (gh, gw) = (dh.div_ceil(STRIDE), dw.div_ceil(STRIDE));
        let n = gh * gw;
        if out.len() < 4 * n {
            return Vec::new();
        }
        let (x0, y0) = (cx - scale * dw as f32 / 2.0, cy - scale * dh as f32 / 2.0);
        let mut cells = Vec::new();
        for gy in 0..gh {
            for gx in 0..gw {
                let i = gy * gw + gx;
                let sure = sigmoid(out[i]);
                if sure < DETECT_LEVEL {
                    continue;
                }
                let dx = out[n + i].clamp(-1.5, 1.5);
                let dy = out[2 * n + i].clamp(-1.5, 1.5);
                let side = out[3 * n + i].clamp(-1.0, 3.5).exp() * STRIDE as f32;
                // Detector pixel u's centre lies at x0 + scale·(u + ½).
                cells.push(Candidate {
                    x: x0 + scale * ((gx as f32 + dx) * STRIDE as f32 + 0.5),
                    y: y0 + scale * ((gy as f32 + dy) * STRIDE as f32 + 0.5),
                    size: side * scale,
                    sure,
                });
            }
        }
        // The cells around a die all point at its centre: the surest speaks for them.
        cells.sort_by(|a, b| b.sure.total_cmp(&a.sure));
        let mut found: Vec<Candidate> = Vec::new();
        for c in cells {
            if found
                .iter()
                .all(|f| (f.x - c.x).hypot(f.y - c.y) >= SAME_DIE * f.size.min(c.size))
            {
                found.push(c);
            }
        }
        found
    }

    /// The classifier's probabilities for the patch around `c`: not a pip d6, then 1–6.
    pub fn classes(&self, image: &RgbImage, c: Candidate) -> [f32; 7] {
        self.probabilities(&[self.patch(image, c, 0)])[0]
    }

    /// The mean of the classifier's probabilities over the patch straight and turned each of
    /// `quarters` quarter turns (a die's face reads the same each way).
    pub fn classes_turned(&self, image: &RgbImage, c: Candidate, quarters: &[u8]) -> [f32; 7] {
        let patches: Vec<Vec<f32>> = std::iter::once(0)
            .chain(quarters.iter().copied())
            .map(|q| self.patch(image, c, q))
            .collect();
        mean(&self.probabilities(&patches))
    }

    /// The classifier's input for `c`: the picture around it, turned `quarter` quarters, in
    /// the channels the classifier reads ([`patch_at`]).
    pub fn patch(&self, image: &RgbImage, c: Candidate, quarter: u8) -> Vec<f32> {
        patch_at(image, c, quarter, self.classifier_channels())
    }

    /// The channels the classifier reads, one of [`CLASSIFIER_CHANNELS`].
    pub fn classifier_channels(&self) -> usize {
        self.classifier.layers.first().map_or(3, |l| l.cin)
    }

    /// The quarter turns an unsure reading is read again at, by `look.turns`, step by step:
    /// each step's for the readings not yet a sure value after the steps before. Each quarter
    /// way (3) is half a turn first, then, for those not yet sure, a quarter either way: a die
    /// its straight and half-turned patches agree on is read twice, not four times.
    pub fn quarters(&self) -> &'static [&'static [u8]] {
        match self.look.turns {
            0 => &[],
            1 => &[&[2]],
            2 => &[&[1, 3]],
            _ => &[&[2], &[1, 3]],
        }
    }

    /// The classifier's probabilities for each of `patches`, all in one pass of the net.
    fn probabilities(&self, patches: &[Vec<f32>]) -> Vec<[f32; 7]> {
        if patches.is_empty() {
            return Vec::new();
        }
        self.classifier
            .forward_many(patches, PATCH, PATCH)
            .into_iter()
            .map(|mut p| {
                softmax(&mut p);
                std::array::from_fn(|i| p.get(i).copied().unwrap_or(0.0))
            })
            .collect()
    }

    /// Whether a reading's probabilities are a pip d6 of a value at least `look.look_again`
    /// sure.
    pub fn sure_value(&self, p: &[f32; 7]) -> bool {
        p[0] < NO_DIE && p[1..].iter().copied().fold(0.0, f32::max) >= self.look.look_again
    }

    /// Whether a reading's probabilities are an unsure pip d6: not a die less than [`NO_DIE`],
    /// its likeliest value less than `look.look_again` (it is read again turned).
    pub fn unsure(&self, p: &[f32; 7]) -> bool {
        p[0] < NO_DIE && !self.sure_value(p)
    }

    /// The probabilities for each candidate: straight, and for an unsure one (a pip d6, but
    /// its value less than [`LOOK_AGAIN`] sure) the mean over its patch straight and turned,
    /// step by step as [`Model::quarters`] says. All candidates go through the net at once
    /// (its small layers are quick only on many patches), then at each step all the unsure
    /// ones turned.
    pub fn classes_of(&self, image: &RgbImage, candidates: &[Candidate]) -> Vec<[f32; 7]> {
        let straight: Vec<Vec<f32>> = candidates
            .iter()
            .map(|&c| self.patch(image, c, 0))
            .collect();
        let mut probs = self.probabilities(&straight);
        let mut readings: Vec<Vec<[f32; 7]>> = probs.iter().map(|&p| vec![p]).collect();
        // Read again: the unsure ones, then at each further step those not yet a sure value
        // (one a half turn made look like no die is read the quarter turns as well).
        let mut unsure: Vec<usize> = (0..probs.len())
            .filter(|&i| self.unsure(&probs[i]))
            .collect();
        for &quarters in self.quarters() {
            if unsure.is_empty() {
                break;
            }
            let turned: Vec<Vec<f32>> = unsure
                .iter()
                .flat_map(|&i| quarters.iter().map(move |&q| (i, q)))
                .map(|(i, q)| self.patch(image, candidates[i], q))
                .collect();
            let again = self.probabilities(&turned);
            for (&i, more) in unsure.iter().zip(again.chunks(quarters.len())) {
                readings[i].extend_from_slice(more);
                probs[i] = mean(&readings[i]);
            }
            unsure.retain(|&i| !self.sure_value(&probs[i]));
        }
        probs
    }
}

/// Dice on one table seen by one camera lie at about one distance from it, and a game's dice
/// are one size: among three dice or more, a "die" more than `spread` times the side of the
/// middle one (the lower middle of an even count) is something else (a tray's screw hole, a
/// round token) that the close look found. Of two, neither can be told the odd one. None is
/// dropped when `spread` is 0.
/// Whether a die at (x, y) of side `size` is another die than `k`: a die's centre never lies
/// on another die (one inside a surer die's square is a part of it, a pip, or the same die).
fn apart(k: &SeenDie, x: f32, y: f32, size: f32) -> bool {
    (k.x - x).hypot(k.y - y) >= SAME_DIE * k.size.min(size)
        && (k.x - x).abs().max((k.y - y).abs()) >= 0.45 * k.size
}

fn keep_one_size(dice: &mut Vec<SeenDie>, spread: f32) {
    if spread <= 0.0 || dice.len() < 3 {
        return;
    }
    let mut sizes: Vec<f32> = dice.iter().map(|d| d.size).collect();
    sizes.sort_by(f32::total_cmp);
    let middle = sizes[(sizes.len() - 1) / 2];
    dice.retain(|d| d.size <= spread * middle);
}

/// The mean of some probabilities.
fn mean(probs: &[[f32; 7]]) -> [f32; 7] {
    let n = probs.len().max(1) as f32;
    std::array::from_fn(|k| probs.iter().map(|p| p[k]).sum::<f32>() / n)
}

/// The patch around `c` (`PATCH` pixels over [`PATCH_MARGIN`] of its side), turned `quarter`
/// quarters, as a net's input of `channels` ([`classifier_input`]).
pub fn patch_at(image: &RgbImage, c: Candidate, quarter: u8, channels: usize) -> Vec<f32> {
    classifier_input(&patch_pixels(image, c, quarter), PATCH, PATCH, channels)
}

/// The pixels of [`patch_at`]'s patch, before they become the net's input.
pub fn patch_pixels(image: &RgbImage, c: Candidate, quarter: u8) -> Vec<[f32; 3]> {
    let s = c.size * PATCH_MARGIN / PATCH as f32;
    let a = match quarter % 4 {
        0 => [s, 0.0, 0.0, s],
        1 => [0.0, -s, s, 0.0],
        2 => [-s, 0.0, 0.0, -s],
        _ => [0.0, s, -s, 0.0],
    };
    sample(image, (c.x, c.y), a, PATCH, PATCH)
}

/// The classifier's input from sampled pixels, as its first layer takes: the colours as they
/// are (3 channels), colour-blind ([`face_contrast`], 1 or 2 channels), or both (4: the
/// colours, then the face's contrast along one axis).
pub fn classifier_input(pixels: &[[f32; 3]], w: usize, h: usize, channels: usize) -> Vec<f32> {
    match channels {
        1 | 2 => face_contrast(pixels, w, h, channels),
        4 => {
            let mut both = normalised(pixels, w, h);
            both.extend(face_contrast(pixels, w, h, 1));
            both
        }
        _ => normalised(pixels, w, h),
    }
}

/// The die a candidate is, by its probabilities, with how sure the model is that it is a pip
/// d6 at all; none when it is no pip d6.
pub(crate) fn reading(c: Candidate, p: [f32; 7]) -> Option<(SeenDie, f32)> {
    if p[0] >= NO_DIE {
        return None;
    }
    let (best, &confidence) = p[1..]
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))?;
    Some((
        SeenDie {
            x: c.x,
            y: c.y,
            size: c.size,
            value: best as u8 + 1,
            colour: None,
            confidence,
        },
        1.0 - p[0],
    ))
}

/// A place the detector thinks holds a die.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub sure: f32,
}

impl Candidate {
    /// A box known to hold a die (a label, a die the player confirmed): centre and side.
    pub fn known(x: f32, y: f32, size: f32) -> Candidate {
        Candidate {
            x,
            y,
            size,
            sure: 1.0,
        }
    }
}

/// How far from a die's centre its face is sampled for its colours, in sides: a quarter
/// keeps the table out when the die is found a little off its centre or larger than it is
/// (cross-validated on the training photos' told colours: 0.960 of the dice found named
/// right, against 0.949 at a third; `models/dice/training/examples/dice_colour_fit.rs`).
pub const FACE_RADIUS: f32 = 0.25;

/// The face's body colour and its pips' colour: the face's pixels (within [`FACE_RADIUS`] of
/// its centre) fall into a lighter and a darker set; the larger is the body.
fn face_colours(image: &RgbImage, d: &SeenDie) -> Option<([u8; 3], [u8; 3])> {
    let r = d.size * FACE_RADIUS;
    let (w, h) = (image.width() as f32, image.height() as f32);
    let mut pixels: Vec<[u8; 3]> = Vec::new();
    let step = (r / 8.0).max(1.0);
    let mut y = (d.y - r).max(0.0);
    while y <= (d.y + r).min(h - 1.0) {
        let mut x = (d.x - r).max(0.0);
        while x <= (d.x + r).min(w - 1.0) {
            if (x - d.x).hypot(y - d.y) <= r {
                pixels.push(image.get_pixel(x as u32, y as u32).0);
            }
            x += step;
        }
        y += step;
    }
    if pixels.len() < 8 {
        return None;
    }
    let light: Vec<u8> = pixels.iter().map(|&p| primitives::lightness(p)).collect();
    // Two means of lightness, from the extremes.
    let (mut lo, mut hi) = (
        f32::from(*light.iter().min()?),
        f32::from(*light.iter().max()?),
    );
    for _ in 0..8 {
        let mid = (lo + hi) / 2.0;
        let (mut sl, mut nl, mut sh, mut nh) = (0f32, 0f32, 0f32, 0f32);
        for &l in &light {
            if f32::from(l) < mid {
                sl += f32::from(l);
                nl += 1.0;
            } else {
                sh += f32::from(l);
                nh += 1.0;
            }
        }
        if nl == 0.0 || nh == 0.0 {
            break;
        }
        (lo, hi) = (sl / nl, sh / nh);
    }
    let mid = (lo + hi) / 2.0;
    let (mut dark, mut bright) = (Vec::new(), Vec::new());
    for (&p, &l) in pixels.iter().zip(&light) {
        if f32::from(l) < mid {
            dark.push(p);
        } else {
            bright.push(p);
        }
    }
    let median = |set: &[[u8; 3]]| -> [u8; 3] {
        std::array::from_fn(|c| primitives::median(&set.iter().map(|p| p[c]).collect::<Vec<u8>>()))
    };
    // Little contrast: the face is all body (pips hardly stand out in the sample).
    if hi - lo < 40.0 || dark.is_empty() || bright.is_empty() {
        let m = median(&pixels);
        return Some((m, m));
    }
    Some(if dark.len() >= bright.len() {
        (median(&dark), median(&bright))
    } else {
        (median(&bright), median(&dark))
    })
}

/// How much a picture is to be brightened or darkened for its table (the median lightness of
/// every eighth pixel each way) to come out as light as the labelled photos' (about 180),
/// when it lies outside 162–216; at most 2.5 times.
fn exposure_gain(image: &RgbImage) -> f32 {
    let samples: Vec<u8> = (0..image.height())
        .step_by(8)
        .flat_map(|y| (0..image.width()).step_by(8).map(move |x| (x, y)))
        .map(|(x, y)| primitives::lightness(image.get_pixel(x, y).0))
        .collect();
    let table = f32::from(primitives::median(&samples)).max(1.0);
    if (162.0..=216.0).contains(&table) {
        1.0
    } else {
        (180.0 / table).min(2.5)
    }
}

/// Names each die's colour from its body, the picture's exposure evened out
/// ([`exposure_gain`]), in white light when the white pips of at least [`LEAST_WHITE_PIPS`] dice
/// agree on the light's tint.
pub(crate) fn colour_dice(image: &RgbImage, dice: &mut [SeenDie]) {
    let faces = face_colours_seen(image, dice);
    for (d, face) in dice.iter_mut().zip(faces) {
        d.colour = face.and_then(|(body, pip)| colour::die_colour(body, pip));
    }
}

/// Each die's body colour as [`colour_dice`] names it: exposure evened out, in white light.
pub fn face_colours_seen(image: &RgbImage, dice: &[SeenDie]) -> Vec<Option<([u8; 3], [u8; 3])>> {
    let gain = exposure_gain(image);
    let even = |c: [u8; 3]| c.map(|v| primitives::times(v, gain));
    let faces: Vec<Option<([u8; 3], [u8; 3])>> = dice
        .iter()
        .map(|d| face_colours(image, d).map(|(body, pip)| (even(body), even(pip))))
        .collect();
    let white: Vec<[u8; 3]> = faces
        .iter()
        .flatten()
        .filter(|(body, pip)| {
            let (p, b) = (primitives::lightness(*pip), primitives::lightness(*body));
            p >= WHITE_PIP
                && p >= b.saturating_add(WHITE_PIP_OVER_BODY)
                && primitives::chroma_from(*pip, [0; 3]) <= WHITE_PIP_CHROMA
        })
        .map(|&(_, pip)| pip)
        .collect();
    let gains = if white.len() >= LEAST_WHITE_PIPS {
        let pips: [f32; 3] = std::array::from_fn(|c| {
            f32::from(primitives::median(
                &white.iter().map(|p| p[c]).collect::<Vec<u8>>(),
            ))
        });
        let mean = pips.iter().sum::<f32>() / 3.0;
        pips.map(|v| mean / v.max(1.0))
    } else {
        [1.0; 3]
    };
    let light =
        |c: [u8; 3]| -> [u8; 3] { std::array::from_fn(|k| primitives::times(c[k], gains[k])) };
    faces
        .into_iter()
        .map(|face| face.map(|(body, pip)| (light(body), light(pip))))
        .collect()
}

/// A white pip is at least this light (0–255)…
const WHITE_PIP: u8 = 120;
/// … this much lighter than its die's body…
const WHITE_PIP_OVER_BODY: u8 = 60;
/// … and no more coloured than this (max − min of its channels).
const WHITE_PIP_CHROMA: u8 = 100;
/// At least this many dice with white pips tell the light.
const LEAST_WHITE_PIPS: usize = 3;

/// The FNV-1a hash of the weights, as the manifest records it.
pub fn fnv64(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = fnv::FnvHasher::default();
    h.write(bytes);
    h.finish()
}

#[cfg(test)]
mod tests;
