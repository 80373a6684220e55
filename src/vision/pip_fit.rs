//! The pips' places on a labelled die, found by fitting its value's pattern to where a pip
//! net marks pips.
//!
//! A labelled die gives its middle, its box and its value, not where its pips lie; a pip net
//! taught only the count (the marks on a face add up to the value) marks pips softly and
//! counts badly. But a d6's pips sit on a 3×3 grid about the face's middle, and the value
//! says which of the nine places hold one ([`super::synthetic::pip_places`]). [`fit`] tries
//! the grid turned (every 3 degrees), scaled (its step 0.17 to 0.29 of the box) and moved (up
//! to 0.12 of the box) on a pip net's marks, and keeps the fit whose least-marked pip place
//! is marked most above its most-marked empty place. A fit is kept only with a clear
//! [`MARGIN`]: then the value's pattern lies on the die, even where the net's own count is
//! wrong (a pip marked faintly, a mark between two). The next pip net learns those places
//! ([`super::training::Library::pip_places`]) as it learns the rendered dice's.

use super::learned::{Candidate, PATCH, PATCH_MARGIN};
use super::net::Net;
use super::pips::{CELL, CELLS, patch};
use super::training::{LabelledDie, Places, Source};
use image::RgbImage;
use std::collections::HashMap;

/// The nine grid places, in steps from the middle.
const GRID: [(f32, f32); 9] = [
    (-1.0, -1.0),
    (0.0, -1.0),
    (1.0, -1.0),
    (-1.0, 0.0),
    (0.0, 0.0),
    (1.0, 0.0),
    (-1.0, 1.0),
    (0.0, 1.0),
    (1.0, 1.0),
];

/// A fit's margin: the least-marked pip place's mark less the most-marked empty place's, as a
/// share of the pip places' mean mark. A fit under it is not kept.
pub const MARGIN: f32 = 0.25;

/// A fit of a value's pattern: its pips' places (picture pixels) and its margin.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub places: Places,
    pub margin: f32,
}

/// The best fit of `value`'s pattern on `map` (how likely a pip's centre lies at a picture
/// point; `None` off what it knows) about a die's middle (`x`, `y`) and box `size`: the
/// placement whose least-marked pip place is marked most above its most-marked empty place;
/// its margin is that gap as a share of the pip places' mean mark (at least 0.05).
fn fit_on(
    map: &dyn Fn(f32, f32) -> Option<f32>,
    x: f32,
    y: f32,
    size: f32,
    value: u8,
) -> Option<Fit> {
    let pips = super::synthetic::pip_places(value);
    let used: Vec<bool> = GRID.iter().map(|g| pips.contains(g)).collect();
    // A placement (middle, step, turn) judged: the least-marked pip place's mark less the
    // most-marked empty place's, and the pip places' mean mark.
    let judge = |cx: f32, cy: f32, q: f32, angle: f32| -> Option<(f32, f32)> {
        let (mut pip_min, mut pip_sum, mut empty_max) = (f32::MAX, 0.0, 0.0f32);
        for (g, &is_pip) in GRID.iter().zip(&used) {
            let (px, py) = placed(*g, (cx, cy), q, angle);
            let c = map(px, py)?;
            if is_pip {
                pip_min = pip_min.min(c);
                pip_sum += c;
            } else {
                empty_max = empty_max.max(c);
            }
        }
        Some((pip_min - empty_max, pip_sum / pips.len() as f32))
    };
    // Half a turn tells apart the turns of a 2, a 3 and a 6; a quarter the others.
    let turns = if matches!(value, 2 | 3 | 6) { 60 } else { 30 };
    type Placed = Option<(f32, f32, f32, f32, f32, f32)>;
    let mut best: Placed = None;
    let consider = |best: &mut Placed, cx: f32, cy: f32, q: f32, angle: f32| {
        if let Some((gap, mean)) = judge(cx, cy, q, angle)
            && best.is_none_or(|b| gap > b.0)
        {
            *best = Some((gap, mean, cx, cy, q, angle));
        }
    };
    let offsets = [-0.12f32, -0.06, 0.0, 0.06, 0.12];
    for k in 0..turns {
        let angle = (k as f32 * 3.0).to_radians();
        for step in [0.17f32, 0.2, 0.23, 0.26, 0.29] {
            for &ox in &offsets {
                for &oy in &offsets {
                    consider(&mut best, x + ox * size, y + oy * size, step * size, angle);
                }
            }
        }
    }
    // Then finer about the best: half the steps each way.
    let (_, _, bx, by, bq, ba) = best?;
    for da in [-1.5f32, 0.0, 1.5] {
        for dq in [-0.015f32, 0.0, 0.015] {
            for dx in [-0.03f32, 0.0, 0.03] {
                for dy in [-0.03f32, 0.0, 0.03] {
                    consider(
                        &mut best,
                        bx + dx * size,
                        by + dy * size,
                        bq + dq * size,
                        ba + da.to_radians(),
                    );
                }
            }
        }
    }
    let (gap, mean, cx, cy, q, angle) = best?;
    let margin = gap / mean.max(0.05);
    let places = pips
        .iter()
        .map(|&g| placed(g, (cx, cy), q, angle))
        .collect();
    Some(Fit { places, margin })
}

/// Grid place `g` (in steps) of a pattern about `middle`, its step `q`, turned by `angle`.
fn placed(g: (f32, f32), middle: (f32, f32), q: f32, angle: f32) -> (f32, f32) {
    let (sin, cos) = angle.sin_cos();
    let (gx, gy) = (q * g.0, q * g.1);
    (
        middle.0 + cos * gx - sin * gy,
        middle.1 + sin * gx + cos * gy,
    )
}

/// The pip plane `out` of a pip net ([`super::pips::PIP_SHAPE`]) on the patch about a die's
/// middle (`x`, `y`) of side `size`, as a map of picture points (bilinear between cells).
fn net_map(out: &[f32], x: f32, y: f32, size: f32) -> impl Fn(f32, f32) -> Option<f32> {
    let scale = size * PATCH_MARGIN / PATCH as f32;
    let half = PATCH as f32 / 2.0;
    let plane: Vec<f32> = out[..CELLS * CELLS]
        .iter()
        .map(|&z| super::net::sigmoid(z))
        .collect();
    move |px, py| {
        let u = ((px - x) / scale + half - 0.5) / CELL as f32;
        let v = ((py - y) / scale + half - 0.5) / CELL as f32;
        let last = (CELLS - 1) as f32;
        if !(0.0..last).contains(&u) || !(0.0..last).contains(&v) {
            return None;
        }
        let (iu, iv) = (u as usize, v as usize);
        let (fu, fv) = (u - iu as f32, v - iv as f32);
        let m = |p: usize, q: usize| plane[q * CELLS + p];
        Some(
            m(iu, iv) * (1.0 - fu) * (1.0 - fv)
                + m(iu + 1, iv) * fu * (1.0 - fv)
                + m(iu, iv + 1) * (1.0 - fu) * fv
                + m(iu + 1, iv + 1) * fu * fv,
        )
    }
}

/// The fit of a labelled die's value on where `net` marks pips in its patch.
pub fn fit(net: &Net, image: &RgbImage, die: LabelledDie) -> Option<Fit> {
    let out = net.forward(
        &patch(image, Candidate::known(die.x, die.y, die.size)),
        PATCH,
        PATCH,
    );
    fit_die(&out, die)
}

/// The fit of a labelled die's value on the pip net's output `out` on its patch.
fn fit_die(out: &[f32], d: LabelledDie) -> Option<Fit> {
    if !(1..=6).contains(&d.class) || out.len() < CELLS * CELLS {
        return None;
    }
    fit_on(&net_map(out, d.x, d.y, d.size), d.x, d.y, d.size, d.class)
}

/// The pips' places on each labelled pip d6 of `sources` whose fit on where `net` marks pips
/// has a margin of at least [`MARGIN`], keyed as [`super::training::Library::pip_places`].
pub fn fitted(sources: &[&Source], net: &Net) -> HashMap<(String, usize, usize), Places> {
    let mut out = HashMap::new();
    for s in sources {
        for (i, p) in s.pictures.iter().enumerate() {
            // Only the pip d6 have a pattern to fit (not a numeral die, a d8).
            let dice: Vec<usize> = (0..p.dice.len())
                .filter(|&k| (1..=6).contains(&p.dice[k].class))
                .collect();
            let patches: Vec<Vec<f32>> = dice
                .iter()
                .map(|&k| {
                    let d = p.dice[k];
                    patch(&p.image, Candidate::known(d.x, d.y, d.size))
                })
                .collect();
            let outs = net.forward_many(&patches, PATCH, PATCH);
            for (&k, o) in dice.iter().zip(&outs) {
                if let Some(f) = fit_die(o, p.dice[k])
                    && f.margin >= MARGIN
                {
                    out.insert((s.name.clone(), i, k), f.places);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pip map with a round mark at each of `pips`, as a pip net marks them.
    fn marked(pips: &[(f32, f32)]) -> impl Fn(f32, f32) -> Option<f32> + '_ {
        move |x, y| {
            let near = pips
                .iter()
                .map(|p| (x - p.0).hypot(y - p.1))
                .fold(f32::MAX, f32::min);
            Some((-(near / 2.5).powi(2)).exp())
        }
    }

    /// The pips of a die of `side` about (40, 40) turned by `angle` showing `value`.
    fn pips(value: u8, side: f32, angle: f32) -> Vec<(f32, f32)> {
        let (sin, cos) = angle.sin_cos();
        let q = 0.27 * side;
        super::super::synthetic::pip_places(value)
            .iter()
            .map(|&(gx, gy)| {
                (
                    40.0 + q * (cos * gx - sin * gy),
                    40.0 + q * (sin * gx + cos * gy),
                )
            })
            .collect()
    }

    #[test]
    fn every_value_fits_where_its_pips_are_marked() {
        for value in 1..=6u8 {
            for angle in [0.0f32, 0.3, 0.7, 1.2] {
                let drawn = pips(value, 40.0, angle);
                // A turned die's box is wider than its side.
                let size = 40.0 * (angle.cos().abs() + angle.sin().abs());
                let f = fit_on(&marked(&drawn), 40.0, 40.0, size, value).expect("a fit");
                assert!(
                    f.margin >= MARGIN,
                    "value {value} at {angle}: margin {}",
                    f.margin
                );
                // Within the search's steps: 3 degrees, 0.03 and 0.06 of the box.
                for p in &drawn {
                    let d = f.places.iter().map(|q| (q.0 - p.0).hypot(q.1 - p.1));
                    let d = d.fold(f32::MAX, f32::min);
                    assert!(d <= 3.0, "value {value} at {angle}: a pip {d} pixels off");
                }
            }
        }
    }

    #[test]
    fn a_wrong_value_or_no_pips_do_not_fit() {
        // Labelled 4, showing 5: the middle pip is where a 4 has none.
        let five = pips(5, 40.0, 0.2);
        let size = 40.0 * (0.2f32.cos() + 0.2f32.sin());
        let f = fit_on(&marked(&five), 40.0, 40.0, size, 4).expect("a fit");
        assert!(f.margin < MARGIN, "{f:?}");
        // Labelled 6, showing 5.
        let f = fit_on(&marked(&five), 40.0, 40.0, size, 6).expect("a fit");
        assert!(f.margin < MARGIN, "{f:?}");
        // Nothing marked fits no value; a value off 1-6 is not fitted.
        let blank = |_: f32, _: f32| Some(0.0);
        assert!(fit_on(&blank, 40.0, 40.0, 40.0, 3).is_some_and(|f| f.margin < MARGIN));
        let d = LabelledDie {
            x: 40.0,
            y: 40.0,
            size: 40.0,
            class: 0,
        };
        assert_eq!(fit_die(&vec![0.0; 2 * CELLS * CELLS], d), None);
    }

    #[test]
    fn the_net_map_reads_the_patch_cells_under_a_picture_point() {
        // One cell marked: the cell whose centre is 6 patch pixels right of the middle.
        let mut out = vec![-10.0; 2 * CELLS * CELLS];
        let (u, v) = ((PATCH / 2 + 6) / CELL, PATCH / 2 / CELL);
        out[v * CELLS + u] = 10.0;
        let (x, y, size) = (100.0, 50.0, 40.0);
        let scale = size * PATCH_MARGIN / PATCH as f32;
        let map = net_map(&out, x, y, size);
        let at = |du: f32, dv: f32| {
            map(
                x + scale * ((u * CELL) as f32 + 0.5 - PATCH as f32 / 2.0 + du),
                y + scale * ((v * CELL) as f32 + 0.5 - PATCH as f32 / 2.0 + dv),
            )
        };
        assert!(at(0.0, 0.0).is_some_and(|p| p > 0.99));
        assert!(at(0.0, 2.0 * CELL as f32).is_some_and(|p| p < 0.01));
        assert_eq!(map(x - size, y), None, "off the patch");
    }
}
