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

/// What a drawn die that is not a pip d6 is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtherDie {
    /// A six-sided die with a numeral on its face.
    NumeralCube,
    /// An eight-sided die from above: a triangle inside a hexagon.
    D8,
    /// A ten-sided die from above: a kite inside its outline.
    D10,
}

/// Draws a die that is no pip d6 (the hard "no die" of a table with dice of other games): its
/// outline of `body`, its upper face a little lighter, and `number` (0–99) on it in segments of
/// `ink`, as a numeral die's face is printed.
pub fn draw_other_die(
    img: &mut RgbImage,
    (cx, cy): (f32, f32),
    side: f32,
    kind: OtherDie,
    number: u8,
    (body, ink): ([u8; 3], [u8; 3]),
) {
    let h = side / 2.0;
    let lighter = body.map(|c| c.saturating_add(25));
    let at = |pts: &[(f32, f32)]| -> Vec<(f32, f32)> {
        pts.iter().map(|&(x, y)| (cx + x * h, cy + y * h)).collect()
    };
    match kind {
        OtherDie::NumeralCube => {
            fill_polygon(img, &at(&[(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]), body);
        }
        OtherDie::D8 => {
            let hexagon: Vec<(f32, f32)> = (0..6)
                .map(|k| {
                    let a = std::f32::consts::FRAC_PI_3 * k as f32 + std::f32::consts::FRAC_PI_6;
                    (1.1 * a.cos(), 1.1 * a.sin())
                })
                .collect();
            fill_polygon(img, &at(&hexagon), body);
            fill_polygon(img, &at(&[(0.0, -1.05), (0.92, 0.55), (-0.92, 0.55)]), lighter);
        }
        OtherDie::D10 => {
            let outline = [
                (0.0, -1.15),
                (1.0, -0.3),
                (0.95, 0.45),
                (0.0, 1.0),
                (-0.95, 0.45),
                (-1.0, -0.3),
            ];
            fill_polygon(img, &at(&outline), body);
            fill_polygon(img, &at(&[(0.0, -1.1), (0.7, 0.1), (0.0, 0.85), (-0.7, 0.1)]), lighter);
        }
    }
    let digits: Vec<u8> = if number >= 10 {
        vec![number / 10 % 10, number % 10]
    } else {
        vec![number]
    };
    let (dh, dw) = (0.44 * side, 0.25 * side);
    let t = 0.08 * side;
    let width = digits.len() as f32 * (dw + t);
    for (k, &digit) in digits.iter().enumerate() {
        let x0 = cx - width / 2.0 + k as f32 * (dw + t);
        let y0 = cy - dh / 2.0;
        draw_segments(img, (x0, y0), (dw, dh), t, digit, ink);
    }
    if matches!(number, 6 | 9) {
        // The bar under a 6 or a 9 that tells them apart.
        let y = cy + dh / 2.0 + 1.5 * t;
        fill_rect(img, (cx - width / 2.0, y), (width - t, t * 0.8), ink);
    }
}

/// A digit in seven segments: its top left corner, its width and height, the stroke.
fn draw_segments(
    img: &mut RgbImage,
    (x, y): (f32, f32),
    (w, h): (f32, f32),
    t: f32,
    digit: u8,
    ink: [u8; 3],
) {
    // Segments a b c d e f g, as bits 0–6.
    const LIT: [u8; 10] = [
        0b011_1111,
        0b000_0110,
        0b101_1011,
        0b100_1111,
        0b110_0110,
        0b110_1101,
        0b111_1101,
        0b000_0111,
        0b111_1111,
        0b110_1111,
    ];
    let lit = LIT[usize::from(digit % 10)];
    let half = h / 2.0;
    let segments = [
        ((x, y), (w, t)),                       // a
        ((x + w - t, y), (t, half)),            // b
        ((x + w - t, y + half), (t, half)),     // c
        ((x, y + h - t), (w, t)),               // d
        ((x, y + half), (t, half)),             // e
        ((x, y), (t, half)),                    // f
        ((x, y + half - t / 2.0), (w, t)),      // g
    ];
    for (bit, &(at, size)) in segments.iter().enumerate() {
        if lit & (1 << bit) != 0 {
            fill_rect(img, at, size, ink);
        }
    }
}

fn fill_rect(img: &mut RgbImage, (x, y): (f32, f32), (w, h): (f32, f32), colour: [u8; 3]) {
    fill_polygon(img, &[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], colour);
}

/// Fills a convex polygon (its corners in order, either way round).
fn fill_polygon(img: &mut RgbImage, corners: &[(f32, f32)], colour: [u8; 3]) {
    let (w, h) = img.dimensions();
    if corners.len() < 3 || w == 0 || h == 0 {
        return;
    }
    let xs = corners.iter().map(|p| p.0);
    let ys = corners.iter().map(|p| p.1);
    let (x0, x1) = (xs.clone().fold(f32::MAX, f32::min), xs.fold(f32::MIN, f32::max));
    let (y0, y1) = (ys.clone().fold(f32::MAX, f32::min), ys.fold(f32::MIN, f32::max));
    let inside = |px: f32, py: f32| {
        let mut sign = 0.0f32;
        for i in 0..corners.len() {
            let (ax, ay) = corners[i];
            let (bx, by) = corners[(i + 1) % corners.len()];
            let cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
            if cross != 0.0 {
                if sign != 0.0 && cross.signum() != sign {
                    return false;
                }
                sign = cross.signum();
            }
        }
        true
    };
    for y in y0.max(0.0) as u32..=(y1.max(0.0) as u32).min(h - 1) {
        for x in x0.max(0.0) as u32..=(x1.max(0.0) as u32).min(w - 1) {
            if inside(x as f32 + 0.5, y as f32 + 0.5) {
                img.put_pixel(x, y, Rgb(colour));
            }
        }
    }
}
