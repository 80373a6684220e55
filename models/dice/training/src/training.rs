//! Training the dice reader's two nets ([`foreman_vision::learned`]) from labelled photos and crops.
//!
//! Pure: the caller loads the pictures (see `models/dice/training/examples/dice_train/`); every random choice
//! comes from a generator seeded by the run's seed, the epoch and the sample's number, so a run
//! gives the same weights each time on one machine, whatever thread computes a sample.
//!
//! **Made data.** Besides the photos as they are, every sample is drawn afresh each epoch:
//! - the picture is turned by any angle, mirrored, squeezed up to 15 % along either axis (a
//!   camera a little aslant), and for the detector scaled so dice are 9 to 30 pixels;
//! - its light changes: brighter or darker, a tint, more or less contrast, grey, blurred,
//!   noisy, saved again as a JPEG of quality 25–90;
//! - dice are cut out of their photos (and crops) and pasted, turned and scaled, onto made-up
//!   backgrounds ([`background`]): wood, cloth, felt, paper, and card-like and board-like
//!   pictures with frames, text-like strokes and printed dots. Those backgrounds alone, and
//!   places of the photos without a die, teach the classifier what is no die.

use foreman_vision::cnn::{Net, sigmoid};
use foreman_vision::grid::{normalised, sample};
use foreman_vision::learned::{Candidate, Model, PATCH, PATCH_MARGIN, STRIDE, classifier_input};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use foreman_vision::labelled::{LabelledDie, LabelledPicture, UNKNOWN};

/// The pictures of one source (a camera, a table, a set of dice).
#[derive(Debug, Clone)]
pub struct Source {
    pub name: String,
    pub pictures: Vec<LabelledPicture>,
}

/// Whether a file is held back from training (a fifth of each source, by its name's hash, the
/// same on every run and machine).
pub fn held_back(name: &str) -> bool {
    fifth(name) == 0
}

/// Whether a file is set aside for comparing training recipes (`dice_train --validate`):
/// another fifth, never one held back, so recipes are compared without ever looking at the
/// held-back files.
pub fn validation(name: &str) -> bool {
    fifth(name) == 1
}

fn fifth(name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h % 5
}

pub use foreman_vision::fit::{Schedule, class_loss, fit, fit_until, look_changes, new_net};

/// A die as the detector sees it: centre and side in the detector's pixels.
#[derive(Debug, Clone, Copy)]
pub struct DetectorDie {
    pub x: f32,
    pub y: f32,
    pub size: f32,
}

/// The detector's loss (`out`: 4 planes of `gh × gw` cells): a focal loss on the centre map
/// (the centre's cell is 1; others count less the nearer a centre they lie), and squared
/// errors of the centre's place in its cell and of the side's logarithm there.
pub fn detector_loss(
    out: &[f32],
    target: &(usize, usize, Vec<DetectorDie>),
    d: &mut Vec<f32>,
) -> f32 {
    let (gh, gw, dice) = (target.0, target.1, &target.2);
    let n = gh * gw;
    d.clear();
    d.resize(out.len(), 0.0);
    let s = STRIDE as f32;
    let mut near = vec![0f32; n];
    let mut centre = vec![false; n];
    // Each cell's nearest die within a cell and a half, for its place and side.
    let mut nearest: Vec<Option<(f32, f32, f32, f32)>> = vec![None; n];
    for die in dice {
        let (fx, fy) = ((die.x - 0.5) / s, (die.y - 0.5) / s);
        let (gx, gy) = (fx.round(), fy.round());
        if gx < 0.0 || gy < 0.0 || gx >= gw as f32 || gy >= gh as f32 {
            continue;
        }
        let sigma = (0.3 * die.size / s).max(0.5);
        let ls = (die.size / s).max(0.5).ln();
        for y in 0..gh {
            for x in 0..gw {
                let d2 = (x as f32 - fx).powi(2) + (y as f32 - fy).powi(2);
                let v = (-d2 / (2.0 * sigma * sigma)).exp();
                let i = y * gw + x;
                near[i] = near[i].max(v);
                if d2 <= 2.25 && nearest[i].is_none_or(|(_, _, _, e)| d2 < e) {
                    nearest[i] = Some((fx - x as f32, fy - y as f32, ls, d2));
                }
            }
        }
        centre[gy as usize * gw + gx as usize] = true;
    }
    let positives = centre.iter().filter(|c| **c).count().max(1) as f32;
    let mut loss = 0.0;
    for i in 0..n {
        let z = out[i];
        let p = sigmoid(z).clamp(1e-6, 1.0 - 1e-6);
        if centre[i] {
            loss += -(1.0 - p).powi(2) * p.ln();
            d[i] = (2.0 * (1.0 - p).powi(2) * p * p.ln() - (1.0 - p).powi(3)) / positives;
        } else {
            let w = (1.0 - near[i]).powi(4);
            loss += -w * p * p * (1.0 - p).ln();
            d[i] = -w * (2.0 * p * p * (1.0 - p) * (1.0 - p).ln() - p.powi(3)) / positives;
        }
        // Every cell near a die says where its centre lies and how large it is, so that the
        // cells one die lights up agree, and two dice side by side stay two.
        if let Some((dx, dy, ls, _)) = nearest[i] {
            let weight = if centre[i] { 1.0 } else { 0.5 };
            for (k, t) in [(1, dx), (2, dy), (3, ls)] {
                let e = out[k * n + i] - t;
                loss += weight * e * e;
                d[k * n + i] = weight * 2.0 * e / positives;
            }
        }
    }
    loss / positives
}
/// A turn by any angle, a mirror, and a squeeze along either axis, times `scale`.
pub(crate) fn any_turn(scale: f32, rng: &mut ChaCha8Rng) -> [f32; 4] {
    let angle = rng.random_range(0.0f32..std::f32::consts::TAU);
    let (sin, cos) = angle.sin_cos();
    let mirror = if rng.random_bool(0.5) { -1.0 } else { 1.0 };
    let sx = scale * mirror * rng.random_range(0.87f32..1.15);
    let sy = scale * rng.random_range(0.87f32..1.15);
    [cos * sx, -sin * sy, sin * sx, cos * sy]
}

pub use crate::synthetic::background;

/// A patch's centre and side on die `d` of `p` at the wrong scale, which is no die: on a few
/// of its pips (as the close look sees a die among smaller ones), or holding it small among
/// its neighbours (as a look for larger dice sees a cluster).
pub(crate) fn wrong_scale(
    p: &LabelledPicture,
    d: LabelledDie,
    rng: &mut ChaCha8Rng,
) -> ((f32, f32), f32) {
    let (size, reach) = if !p.whole || rng.random_bool(0.5) {
        (d.size * rng.random_range(0.2f32..0.42), 0.3 * d.size)
    } else {
        (d.size * rng.random_range(2.2f32..3.5), 0.4 * d.size)
    };
    let centre = (
        d.x + rng.random_range(-reach..reach),
        d.y + rng.random_range(-reach..reach),
    );
    (centre, size)
}

/// A die drawn flat (a square with round pips, `synthetic::draw_die`) on a made-up
/// background, of any colours that tell pips from body.
pub(crate) fn drawn_die(rng: &mut ChaCha8Rng) -> (LabelledPicture, LabelledDie) {
    let mut picture = background(64, 64, rng);
    let body: [u8; 3] = std::array::from_fn(|_| rng.random_range(0..=255));
    let light = body.iter().map(|&c| u32::from(c)).sum::<u32>() > 384;
    let pip: [u8; 3] = std::array::from_fn(|_| {
        if light {
            rng.random_range(0..90)
        } else {
            rng.random_range(170..=255)
        }
    });
    let value = rng.random_range(1..=6);
    let size = rng.random_range(24.0f32..34.0);
    crate::synthetic::draw_die(&mut picture, 32.0, 32.0, size, value, body, pip);
    let die = LabelledDie {
        x: 32.0,
        y: 32.0,
        size,
        class: value,
    };
    (
        LabelledPicture {
            image: picture,
            dice: vec![die],
            whole: false,
        },
        die,
    )
}

/// The training pictures, with a choice of source weighted by [`source_weight`].
pub struct Library<'a> {
    pub sources: Vec<&'a Source>,
    /// What a trained detector proposes on the training pictures, with the class each
    /// proposal is (0: no die): the classifier learns the detector's own boxes, and the
    /// places it fires on wrongly (a tray's screw hole, a printed dot) as no die.
    pub proposals: Vec<(&'a LabelledPicture, Candidate, u8)>,
    /// The detector's proposals on made-up pictures without a die
    /// ([`background_proposals`]): drawn for half the made-up no-die samples when any (none in
    /// the shipped recipe).
    pub made_up: Vec<(&'a LabelledPicture, Candidate)>,
    /// How often a classifier sample, and a die pasted for the detector, is rendered
    /// ([`crate::render`]); none when 0 (the shipped recipe, whose samples are then drawn
    /// as before rendering came in).
    pub rendered: f64,
    /// How often a classifier sample of a labelled die has the die cut out of its photo and
    /// laid on a made-up background ([`crate::synthetic::pasted_die`]): a die on a dark table
    /// or a card, which the photos hardly show.
    pub pasted: f64,
    /// How often a classifier sample is a round icon ([`crate::synthetic::round_icon`]) at a
    /// die's size on a made-up background, as no die; and, when more than none, half the
    /// detector's made-up pictures carry one to four such icons, not dice (none in the shipped
    /// recipe).
    pub icons: f64,
    /// The classifier's input channels, one of [`foreman_vision::learned::CLASSIFIER_CHANNELS`] (3:
    /// the colours, as shipped; see [`classifier_input`]).
    pub channels: usize,
    /// The classifier's patch side in pixels ([`PATCH`] as shipped).
    pub patch: usize,
}

/// The detector's proposals on `pictures` and on made-up backgrounds, labelled by the dice
/// they fall on: a proposal centred within a fifth of a die's side of its centre, at 0.7 to
/// 1.5 times its side, is that die; one farther than 0.6 of a side from every die is no die;
/// the others are left out.
pub fn proposals<'a>(
    model: &Model,
    pictures: impl Iterator<Item = &'a LabelledPicture>,
) -> Vec<(&'a LabelledPicture, Candidate, u8)> {
    let model = as_trained(model);
    let mut out = Vec::new();
    for p in pictures {
        let (w, h) = p.image.dimensions();
        for c in model.candidates(&p.image, foreman_vision::Area::whole(w, h)) {
            let nearest = p.dice.iter().min_by(|a, b| {
                (a.x - c.x)
                    .hypot(a.y - c.y)
                    .total_cmp(&(b.x - c.x).hypot(b.y - c.y))
            });
            let class = match nearest {
                Some(d)
                    if (d.x - c.x).hypot(d.y - c.y) <= 0.2 * d.size
                        && (0.7..=1.5).contains(&(c.size / d.size)) =>
                {
                    if d.class == UNKNOWN {
                        continue;
                    }
                    d.class
                }
                Some(d) if (d.x - c.x).hypot(d.y - c.y) <= 0.6 * d.size.max(c.size) => continue,
                _ if p.whole => 0,
                _ => continue,
            };
            out.push((p, c, class));
        }
    }
    out
}

/// `model` looking as the training's proposals look: sampling the general way
/// (`Look::general_sampling`), so that a training run's numbers do not hang on how quickly the
/// reader samples.
fn as_trained(model: &Model) -> Model {
    let mut model = model.clone();
    model.look.general_sampling = true;
    model
}

/// The detector's proposals on `count` made-up pictures without a die (wood, cloth, felt,
/// paper, card-like and board-like: [`background`], 320 to 640 pixels wide, from `seed`'s own
/// stream), the whole look's among them (a reader with no die elsewhere takes it): the places
/// of such pictures the reader asks the classifier about, each cut out three of its sides wide
/// with the proposal moved to the cut's frame, all no die. Their backgrounds' tokens with rows
/// of dots, gears and discs are what it reads as dice when it does (`dice_accuracy
/// --phantoms`).
pub fn background_proposals(
    model: &Model,
    count: usize,
    seed: u64,
) -> Vec<(LabelledPicture, Candidate)> {
    let model = as_trained(model);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6d61_6465_2d75_7021);
    let mut out = Vec::new();
    for _ in 0..count {
        let w = rng.random_range(320..=640usize);
        let h = w * 3 / 4;
        let picture = background(w, h, &mut rng);
        let area = foreman_vision::Area::whole(w as u32, h as u32);
        let mut found = model.candidates(&picture, area);
        found.extend(model.whole_candidates(&picture, area));
        for c in found {
            let half = 1.5 * c.size;
            let x0 = (c.x - half).clamp(0.0, w as f32 - 1.0) as u32;
            let y0 = (c.y - half).clamp(0.0, h as f32 - 1.0) as u32;
            let x1 = ((c.x + half).ceil().max(0.0) as u32).clamp(x0 + 1, w as u32);
            let y1 = ((c.y + half).ceil().max(0.0) as u32).clamp(y0 + 1, h as u32);
            let image = image::imageops::crop_imm(&picture, x0, y0, x1 - x0, y1 - y0).to_image();
            let moved = Candidate {
                x: c.x - x0 as f32,
                y: c.y - y0 as f32,
                ..c
            };
            let cut = LabelledPicture {
                image,
                dice: Vec::new(),
                whole: true,
            };
            out.push((cut, moved));
        }
    }
    out
}

/// How often a source is drawn, against 1: the tray photos' many-coloured dice (red pips on
/// smoky or marbled bodies) are the hardest, the cup's two dice the easiest; pictures of
/// Foreman's own window (its cards, and dice drawn flat) as often as the cup's.
pub fn source_weight(name: &str) -> f32 {
    match name {
        "d6-tray-photos" => 2.0,
        "cup-dice-crops" | "foreman-window" => 0.5,
        _ => 1.0,
    }
}

impl<'a> Library<'a> {
    /// A library of `sources` as they are: no proposals, nothing rendered, pasted or iconic,
    /// colour patches of `patch` pixels.
    pub fn plain(sources: Vec<&'a Source>, patch: usize) -> Library<'a> {
        Library {
            sources,
            proposals: Vec::new(),
            made_up: Vec::new(),
            rendered: 0.0,
            pasted: 0.0,
            icons: 0.0,
            channels: 3,
            patch,
        }
    }
}

impl Library<'_> {
    fn any_source(&self, rng: &mut ChaCha8Rng, whole_only: bool) -> Option<&Source> {
        let usable: Vec<&&Source> = self
            .sources
            .iter()
            .filter(|s| {
                !s.pictures.is_empty() && (!whole_only || s.pictures.iter().any(|p| p.whole))
            })
            .collect();
        let total: f32 = usable.iter().map(|s| source_weight(&s.name)).sum();
        let mut pick = rng.random_range(0.0..total.max(f32::EPSILON));
        for s in &usable {
            pick -= source_weight(&s.name);
            if pick <= 0.0 {
                return Some(s);
            }
        }
        usable.last().map(|s| &***s)
    }

    pub(crate) fn any_die(&self, rng: &mut ChaCha8Rng) -> Option<(&LabelledPicture, LabelledDie)> {
        let source = self.any_source(rng, false)?;
        for _ in 0..20 {
            let i = rng.random_range(0..source.pictures.len());
            let p = &source.pictures[i];
            if !p.dice.is_empty() {
                let k = rng.random_range(0..p.dice.len());
                if p.dice[k].class == UNKNOWN {
                    // No value to learn from it.
                    continue;
                }
                return Some((p, p.dice[k]));
            }
        }
        None
    }

    pub(crate) fn any_whole(&self, rng: &mut ChaCha8Rng) -> Option<&LabelledPicture> {
        let source = self.any_source(rng, true)?;
        let whole: Vec<&LabelledPicture> = source.pictures.iter().filter(|p| p.whole).collect();
        Some(whole[rng.random_range(0..whole.len())])
    }

    /// A classifier sample: a patch and its class.
    pub fn classifier_sample(&self, rng: &mut ChaCha8Rng) -> (Vec<f32>, usize, usize, usize) {
        let (mut pixels, class) = self.classifier_pixels(rng);
        let side = self.patch;
        look_changes(&mut pixels, side, side, rng);
        (
            classifier_input(&pixels, side, side, self.channels),
            side,
            side,
            class,
        )
    }

    /// A classifier sample's patch as sampled (turned, scaled, moved; its light not yet
    /// changed, [`look_changes`]) and its class: what [`Library::classifier_sample`] draws
    /// first, and what a replay set keeps ([`foreman_vision::relearn::Replay`]).
    pub fn classifier_pixels(&self, rng: &mut ChaCha8Rng) -> (Vec<[f32; 3]>, usize) {
        let side = self.patch;
        let patch_scale = |size: f32| size * PATCH_MARGIN / side as f32;
        let roll = rng.random_range(0.0f32..1.0);
        let (pixels, class) = if self.rendered > 0.0 && rng.random_bool(self.rendered) {
            // A rendered die (seven in ten a pip d6), or a thing like one that is none.
            let pip_die = rng.random_bool(0.7);
            let r = crate::render::rendered_die(rng, pip_die);
            let a = any_turn(patch_scale(r.size * rng.random_range(0.88f32..1.14)), rng);
            (
                sample(&r.image, (r.x, r.y), a, side, side),
                usize::from(r.class),
            )
        } else if self.icons > 0.0 && rng.random_bool(self.icons) {
            // A round icon as large as a die, which is none.
            let img = crate::synthetic::round_icon_ground(rng);
            let a = any_turn(rng.random_range(0.85f32..1.15), rng);
            (sample(&img, (24.0, 24.0), a, side, side), 0)
        } else if roll < 0.1 {
            // A drawn die (flat, round pips) on a made-up background.
            let (picture, die) = drawn_die(rng);
            let a = any_turn(patch_scale(die.size * rng.random_range(0.88f32..1.14)), rng);
            (
                sample(&picture.image, (die.x, die.y), a, side, side),
                usize::from(die.class),
            )
        } else if roll < 0.3 && !self.proposals.is_empty() {
            let (p, c, class) = self.proposals[rng.random_range(0..self.proposals.len())];
            let j = 0.05 * c.size;
            let centre = (c.x + rng.random_range(-j..j), c.y + rng.random_range(-j..j));
            let a = any_turn(patch_scale(c.size * rng.random_range(0.93f32..1.07)), rng);
            (sample(&p.image, centre, a, side, side), usize::from(class))
        } else if roll < 0.4
            && let Some((p, d)) = self.any_die(rng)
        {
            let (centre, size) = wrong_scale(p, d, rng);
            let a = any_turn(patch_scale(size), rng);
            (sample(&p.image, centre, a, side, side), 0)
        } else if roll < 0.7
            && let Some((p, d)) = self.any_die(rng)
        {
            let j = 0.1 * d.size;
            let jitter = (rng.random_range(-j..j), rng.random_range(-j..j));
            let a = any_turn(patch_scale(d.size * rng.random_range(0.88f32..1.14)), rng);
            let pixels = if self.pasted > 0.0 && rng.random_bool(self.pasted) {
                // The die cut out and laid on a made-up background.
                let (ground, (x, y)) = crate::synthetic::pasted_die(&p.image, d, rng);
                sample(&ground, (x + jitter.0, y + jitter.1), a, side, side)
            } else {
                sample(&p.image, (d.x + jitter.0, d.y + jitter.1), a, side, side)
            };
            (pixels, usize::from(d.class))
        } else if roll < 0.86
            && let Some(p) = self.any_whole(rng)
        {
            // A place of a photo without a die, or half on one.
            let typical = p.dice.first().map_or(40.0, |d| d.size);
            let size = typical * rng.random_range(0.6f32..1.5);
            let (w, h) = (p.image.width() as f32, p.image.height() as f32);
            let mut centre = (rng.random_range(0.0..w), rng.random_range(0.0..h));
            if rng.random_bool(0.4) && !p.dice.is_empty() {
                let d = p.dice[rng.random_range(0..p.dice.len())];
                let angle = rng.random_range(0.0f32..std::f32::consts::TAU);
                let r = d.size * rng.random_range(0.6f32..1.0);
                centre = (d.x + r * angle.cos(), d.y + r * angle.sin());
            }
            let clear = p
                .dice
                .iter()
                .all(|d| (d.x - centre.0).hypot(d.y - centre.1) >= 0.55 * d.size.max(size));
            let a = any_turn(patch_scale(size), rng);
            let pixels = sample(&p.image, centre, a, side, side);
            if clear {
                (pixels, 0)
            } else {
                let class = p
                    .dice
                    .iter()
                    .min_by(|a, b| {
                        let da = (a.x - centre.0).hypot(a.y - centre.1);
                        let db = (b.x - centre.0).hypot(b.y - centre.1);
                        da.total_cmp(&db)
                    })
                    .filter(|d| (d.x - centre.0).hypot(d.y - centre.1) < 0.12 * d.size)
                    .map_or(0, |d| usize::from(d.class));
                if class == 0 || class == usize::from(UNKNOWN) {
                    // Too near a die to be a clean "no die", too far to be one: drawn again
                    // as a made-up background.
                    let bg = background(48, 48, rng);
                    let a = any_turn(rng.random_range(0.6f32..1.4), rng);
                    (sample(&bg, (24.0, 24.0), a, side, side), 0)
                } else {
                    (pixels, class)
                }
            }
        } else if roll >= 0.93 && !self.made_up.is_empty() {
            // Half the made-up backgrounds: the places of larger ones the detector proposes
            // ([`background_proposals`]), where the reader asks.
            let (p, c) = self.made_up[rng.random_range(0..self.made_up.len())];
            let j = 0.05 * c.size;
            let centre = (c.x + rng.random_range(-j..j), c.y + rng.random_range(-j..j));
            let a = any_turn(patch_scale(c.size * rng.random_range(0.93f32..1.07)), rng);
            (sample(&p.image, centre, a, side, side), 0)
        } else {
            let bg = background(48, 48, rng);
            let a = any_turn(rng.random_range(0.6f32..1.4), rng);
            (sample(&bg, (24.0, 24.0), a, side, side), 0)
        };
        (pixels, class)
    }

    /// A detector sample: a picture of `side × side` and the dice in it.
    pub fn detector_sample(
        &self,
        rng: &mut ChaCha8Rng,
        side: usize,
    ) -> (Vec<f32>, usize, usize, (usize, usize, Vec<DetectorDie>)) {
        let (pixels, target) = self.detector_pixels(rng, side);
        (normalised(&pixels, side, side), side, side, target)
    }

    /// [`Library::detector_sample`]'s picture as pixels (RGB 0–255), and its dice on the
    /// detector's grid.
    pub fn detector_pixels(
        &self,
        rng: &mut ChaCha8Rng,
        side: usize,
    ) -> (Vec<[f32; 3]>, (usize, usize, Vec<DetectorDie>)) {
        let roll = rng.random_range(0.0f32..1.0);
        let mut dice = Vec::new();
        let mut pixels = if roll < 0.5
            && let Some(p) = self.any_whole(rng)
        {
            let mut sizes: Vec<f32> = p.dice.iter().map(|d| d.size).collect();
            sizes.sort_by(f32::total_cmp);
            let typical = sizes.get(sizes.len() / 2).copied().unwrap_or(40.0);
            let scale = typical / rng.random_range(9.0f32..32.0);
            let a = any_turn(scale, rng);
            let (w, h) = (p.image.width() as f32, p.image.height() as f32);
            let centre = if rng.random_bool(0.6) && !p.dice.is_empty() {
                let d = p.dice[rng.random_range(0..p.dice.len())];
                let r = scale * side as f32 * 0.35;
                (d.x + rng.random_range(-r..r), d.y + rng.random_range(-r..r))
            } else {
                (rng.random_range(0.0..w), rng.random_range(0.0..h))
            };
            // Picture to detector: the inverse of A.
            let det = a[0] * a[3] - a[1] * a[2];
            for d in &p.dice {
                let (px, py) = (d.x - centre.0, d.y - centre.1);
                let u = (a[3] * px - a[1] * py) / det + side as f32 / 2.0;
                let v = (-a[2] * px + a[0] * py) / det + side as f32 / 2.0;
                dice.push(DetectorDie {
                    x: u,
                    y: v,
                    size: d.size / scale,
                });
            }
            sample(&p.image, centre, a, side, side)
        } else {
            let bg = background(side, side, rng);
            let mut canvas: Vec<[f32; 3]> = bg.pixels().map(|p| p.0.map(f32::from)).collect();
            if self.icons > 0.0 && rng.random_bool(0.5) {
                for _ in 0..rng.random_range(1..5) {
                    let r = rng.random_range(9.0f32..32.0) / 2.0;
                    let at = (
                        rng.random_range(0.0..side as f32),
                        rng.random_range(0.0..side as f32),
                    );
                    crate::synthetic::round_icon(&mut canvas, side, at, r, rng);
                }
            }
            let count = if roll < 0.9 {
                rng.random_range(1..9)
            } else {
                0
            };
            let drawn = drawn_die(rng);
            let rendered = (self.rendered > 0.0).then(|| {
                let r = crate::render::rendered_die(rng, true);
                let die = LabelledDie {
                    x: r.x,
                    y: r.y,
                    size: r.size,
                    class: r.class,
                };
                let picture = LabelledPicture {
                    image: r.image,
                    dice: vec![die],
                    whole: false,
                };
                (picture, die)
            });
            for _ in 0..count {
                let (p, d) = if rng.random_bool(0.25) {
                    (&drawn.0, drawn.1)
                } else if let Some((picture, die)) = &rendered
                    && rng.random_bool(self.rendered)
                {
                    (picture, *die)
                } else {
                    let Some(pd) = self.any_die(rng) else { break };
                    pd
                };
                let t = rng.random_range(9.0f32..32.0);
                let (x, y) = (
                    rng.random_range(t * 0.5..side as f32 - t * 0.5),
                    rng.random_range(t * 0.5..side as f32 - t * 0.5),
                );
                if dice
                    .iter()
                    .any(|o: &DetectorDie| (o.x - x).hypot(o.y - y) < 0.8 * (o.size + t))
                {
                    continue;
                }
                let n = (t * 1.7).ceil() as usize;
                let a = any_turn(d.size / t, rng);
                let patch = sample(&p.image, (d.x, d.y), a, n, n);
                let (x0, y0) = (x - n as f32 / 2.0, y - n as f32 / 2.0);
                for v in 0..n {
                    for u in 0..n {
                        let (cx, cy) = (x0 + u as f32 + 0.5, y0 + v as f32 + 0.5);
                        let r = (cx - x).hypot(cy - y);
                        let alpha = ((0.8 * t - r) / (0.12 * t)).clamp(0.0, 1.0);
                        let (ix, iy) = (cx.floor(), cy.floor());
                        if alpha <= 0.0
                            || ix < 0.0
                            || iy < 0.0
                            || ix >= side as f32
                            || iy >= side as f32
                        {
                            continue;
                        }
                        let i = iy as usize * side + ix as usize;
                        let q = patch[v * n + u];
                        for k in 0..3 {
                            canvas[i][k] = alpha * q[k] + (1.0 - alpha) * canvas[i][k];
                        }
                    }
                }
                dice.push(DetectorDie { x, y, size: t });
            }
            canvas
        };
        look_changes(&mut pixels, side, side, rng);
        let g = side.div_ceil(STRIDE);
        (pixels, (g, g, dice))
    }
}

/// How sure the classifier must be... (kept for the trainer's report).
pub fn accuracy(net: &Net, samples: &[(Vec<f32>, usize)]) -> f32 {
    let right = samples
        .iter()
        .filter(|(input, class)| {
            let out = net.forward(input, PATCH, PATCH);
            out.iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .map(|(i, _)| i)
                == Some(*class)
        })
        .count();
    right as f32 / samples.len().max(1) as f32
}
