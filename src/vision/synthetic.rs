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
    let h = side / 2.0;
    let (w, ht) = img.dimensions();
    let mut put = |x: u32, y: u32, c: [u8; 3]| {
        if x < w && y < ht {
            img.put_pixel(x, y, Rgb(c));
        }
    };
    for y in (cy - h).max(0.0) as u32..(cy + h).max(0.0) as u32 {
        for x in (cx - h).max(0.0) as u32..(cx + h).max(0.0) as u32 {
            put(x, y, body);
        }
    }
    let q = side * 0.27;
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
    let r = side * 0.09;
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
