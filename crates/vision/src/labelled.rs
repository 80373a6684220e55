//! A picture whose dice are known: a roll the player confirmed at the table (which teaches
//! the reader, [`super::adapt`]), or a labelled photo the reader is measured on. And how a
//! reading is matched to those dice.

use super::learned::Model;
use super::{Area, SeenDie};
use image::RgbImage;

/// The class of a pip d6 whose value is not known: found (or missed) as a die, never scored
/// nor trained for its value.
pub const UNKNOWN: u8 = 7;

/// One labelled die: centre and side in picture pixels; `class` 0 is not a pip d6, 1–6 the
/// face of one, [`UNKNOWN`] a pip d6 whose face is not known.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LabelledDie {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub class: u8,
}

impl LabelledDie {
    /// A die read (or told) at `d`'s place and side, labelled `class`.
    pub fn at(d: &SeenDie, class: u8) -> LabelledDie {
        LabelledDie {
            x: d.x,
            y: d.y,
            size: d.size,
            class,
        }
    }
}

/// A labelled picture: a photo with every die labelled, or a crop around one die (whose
/// background is not known to hold no die).
#[derive(Debug, Clone)]
pub struct LabelledPicture {
    pub image: RgbImage,
    pub dice: Vec<LabelledDie>,
    /// Every die in it is labelled: its other places are no die.
    pub whole: bool,
}

/// For each labelled die, the reading that counts for it, if any: a reading
/// counts for the nearest labelled die whose box (a square of its side) holds its centre, one
/// reading a die.
pub fn matches(labelled: &[LabelledDie], seen: &[SeenDie]) -> Vec<Option<usize>> {
    let mut pairs = Vec::new();
    for (i, s) in seen.iter().enumerate() {
        for (j, d) in labelled.iter().enumerate() {
            let (dx, dy) = (s.x - d.x, s.y - d.y);
            if dx.abs() <= d.size / 2.0 && dy.abs() <= d.size / 2.0 {
                pairs.push((dx.hypot(dy), i, j));
            }
        }
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut used_seen = vec![false; seen.len()];
    let mut matched = vec![None; labelled.len()];
    for (_, i, j) in pairs {
        if used_seen[i] || matched[j].is_some() {
            continue;
        }
        used_seen[i] = true;
        matched[j] = Some(i);
    }
    matched
}

/// A picture read as the reader reads it; a crop is read set in the middle of a picture three
/// times its size, filled out with its own edge colours, as a die on a table.
pub fn read_picture(model: &Model, image: &RgbImage, whole: bool) -> Vec<SeenDie> {
    if whole {
        return model.read(image, Area::whole(image.width(), image.height()));
    }
    let (w, h) = image.dimensions();
    let mut seen = model.read(&framed(image), Area::whole(3 * w, 3 * h));
    for s in &mut seen {
        s.x -= w as f32;
        s.y -= h as f32;
    }
    seen
}

/// [`read_picture`] for a roll of `count` dice (the game says how many: issue 90, point 1).
pub fn read_picture_expecting(
    model: &Model,
    image: &RgbImage,
    whole: bool,
    count: usize,
) -> Vec<SeenDie> {
    if whole {
        return model.read_expecting(image, Area::whole(image.width(), image.height()), count);
    }
    let (w, h) = image.dimensions();
    let mut seen = model.read_expecting(&framed(image), Area::whole(3 * w, 3 * h), count);
    for s in &mut seen {
        s.x -= w as f32;
        s.y -= h as f32;
    }
    seen
}

/// A crop set in the middle of a picture three times its size, filled out with its own edge
/// colours: the crop's pixel (x, y) lies at (x + width, y + height).
pub fn framed(image: &RgbImage) -> RgbImage {
    let (w, h) = image.dimensions();
    let mut framed = RgbImage::new(3 * w, 3 * h);
    for (x, y, p) in framed.enumerate_pixels_mut() {
        let sx = (x as i64 - i64::from(w)).clamp(0, i64::from(w) - 1) as u32;
        let sy = (y as i64 - i64::from(h)).clamp(0, i64::from(h) - 1) as u32;
        *p = *image.get_pixel(sx, sy);
    }
    framed
}
