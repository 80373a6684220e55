//! Synthetic pictures of dice, for tests and benchmarks: flat squares with round pips.

use image::{Rgb, RgbImage};

/// Draws a die: a `side`-pixel square of `body` centred at (`cx`, `cy`), with the pips of
/// `value` as discs of `pip` colour at the usual places.
pub fn draw_die(
    img: &mut RgbImage,
    cx: f32,
    cy: f32,
    side: f32,
    value: u8,
    body: [u8; 3],
    pip: [u8; 3],
) {
    draw_die_styled(img, (cx, cy), side, value, (body, pip), Style::default());
}

/// How a drawn die looks beyond its colours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    /// A pip's radius, in die sides.
    pub pip_radius: f32,
    /// How far the outer pips lie from the centre, in die sides.
    pub spread: f32,
    /// The die's sides seen aslant: a band this many die sides deep along the right (x) and
    /// bottom (y, when positive) or left and top (when negative), in the body's colour darkened.
    pub aslant: (f32, f32),
}

impl Default for Style {
    fn default() -> Style {
        Style {
            pip_radius: 0.09,
            spread: 0.27,
            aslant: (0.0, 0.0),
        }
    }
}

/// [`draw_die`] in a [`Style`].
pub fn draw_die_styled(
    img: &mut RgbImage,
    (cx, cy): (f32, f32),
    side: f32,
    value: u8,
    (body, pip): ([u8; 3], [u8; 3]),
    style: Style,
) {
    let h = side / 2.0;
    let (w, ht) = img.dimensions();
    let mut put = |x: u32, y: u32, c: [u8; 3]| {
        if x < w && y < ht {
            img.put_pixel(x, y, Rgb(c));
        }
    };
    let (ax, ay) = (style.aslant.0 * side, style.aslant.1 * side);
    if ax != 0.0 || ay != 0.0 {
        let dark = body.map(|c| (f32::from(c) * 0.6) as u8);
        let (x0, x1) = (cx - h + ax.min(0.0), cx + h + ax.max(0.0));
        let (y0, y1) = (cy - h + ay.min(0.0), cy + h + ay.max(0.0));
        for y in y0.max(0.0) as u32..y1.max(0.0) as u32 {
            for x in x0.max(0.0) as u32..x1.max(0.0) as u32 {
                put(x, y, dark);
            }
        }
    }
    for y in (cy - h).max(0.0) as u32..(cy + h).max(0.0) as u32 {
        for x in (cx - h).max(0.0) as u32..(cx + h).max(0.0) as u32 {
            put(x, y, body);
        }
    }
    let q = side * style.spread;
    let spots: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    let r = side * style.pip_radius;
    for &(sx, sy) in spots {
        let (px, py) = (cx + sx * q, cy + sy * q);
        for y in (py - r - 1.0).max(0.0) as u32..=(py + r + 1.0).max(0.0) as u32 {
            for x in (px - r - 1.0).max(0.0) as u32..=(px + r + 1.0).max(0.0) as u32 {
                if (x as f32 + 0.5 - px).powi(2) + (y as f32 + 0.5 - py).powi(2) <= r * r {
                    put(x, y, pip);
                }
            }
        }
    }
}

/// A light grey table (like the photographed tray) of `w`×`h` pixels.
pub fn table(w: u32, h: u32) -> RgbImage {
    RgbImage::from_pixel(w, h, Rgb([200, 199, 193]))
}

/// `photo` seen from farther: shrunk by 0.76 in the middle of a picture of its size, its edges
/// drawn out to the sides (the benchmarks' picture of smaller dice).
pub fn seen_from_farther(photo: &RgbImage) -> RgbImage {
    let (w, h) = photo.dimensions();
    let (nw, nh) = (
        ((w as f32 * 0.76).round() as u32).max(1),
        ((h as f32 * 0.76).round() as u32).max(1),
    );
    let near = image::imageops::resize(photo, nw, nh, image::imageops::FilterType::Triangle);
    let (dx, dy) = ((w - nw) / 2, (h - nh) / 2);
    RgbImage::from_fn(w, h, |x, y| {
        *near.get_pixel(
            x.saturating_sub(dx).min(nw - 1),
            y.saturating_sub(dy).min(nh - 1),
        )
    })
}
