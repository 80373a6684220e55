//! Synthetic pictures of dice, for training, tests and benchmarks: flat squares with round
//! pips, cubes seen from above ([`draw_cube`]), and the made-up backgrounds they lie on
//! ([`background`]).

use image::{Rgb, RgbImage};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

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

/// How a die is seen by [`draw_cube`]: its faces, its turn and tilt, its colours and light.
#[derive(Debug, Clone, Copy)]
pub struct Cube {
    /// The face up (the value read), and the faces towards +x and +y of the die (next to
    /// it: neither it nor its opposite, nor each other's opposite).
    pub top: u8,
    pub east: u8,
    pub north: u8,
    /// The die's side, in pixels.
    pub side: f32,
    /// Turned about the vertical (radians), then tilted towards the camera by `tilt`
    /// (radians, 0: seen from straight above) about a level axis at `tilt_towards`.
    pub turn: f32,
    pub tilt: f32,
    pub tilt_towards: f32,
    pub body: [u8; 3],
    pub pip: [u8; 3],
    /// The pips' radius, a share of the face's half side (about 0.18).
    pub pip_radius: f32,
    /// How much of what lies behind shows through the body (0: opaque; casino dice about
    /// 0.3): the far faces' pips show as ghosts.
    pub see_through: f32,
    /// Where the light comes from (a direction, need not be of length 1).
    pub light: [f32; 3],
    /// A maker's mark, as many dice carry (casino dice above all): a ring of letters around
    /// the 1's pip and an emblem between the 2's pips, in the pips' colour; the number seeds
    /// the letters' shapes (0: no mark).
    pub mark: u32,
}

/// Whether the maker's mark `mark` covers the point (`a`, `b`) of a face showing `value`
/// whose pips have radius `pip_radius` (face coordinates, −1 to 1 a side).
fn on_mark(mark: u32, value: u8, pip_radius: f32, a: f32, b: f32) -> bool {
    let r = a.hypot(b);
    match value {
        1 => {
            // Letters on a ring: cells around it, each a 2×3 grid of strokes on or off.
            let (inner, outer) = (pip_radius * 1.25, pip_radius * 1.25 + 0.22);
            if !(inner..outer).contains(&r) {
                return false;
            }
            let cells = 18.0;
            let turn = (b.atan2(a) / std::f32::consts::TAU + 0.5) * cells;
            let cell = turn.floor() as u32;
            let along = turn.fract();
            if along > 0.75 {
                return false; // the space between letters
            }
            let col = (along / 0.375) as u32;
            let row = (((r - inner) / (outer - inner)) * 3.0) as u32;
            let bits = (mark ^ cell.wrapping_mul(0x9e37_79b9)).wrapping_mul(0x85eb_ca6b) >> 7;
            (bits >> (row * 2 + col)) & 1 == 1
        }
        2 => {
            // An emblem in the middle: a ring open on one side, or a disc with a bar.
            let size = pip_radius * 1.1;
            if mark & 1 == 0 {
                (0.55 * size..size).contains(&r) && b.atan2(a) > -2.2
            } else {
                r < 0.6 * size || (a.abs() < 0.25 * size && b.abs() < 1.6 * size)
            }
        }
        _ => false,
    }
}

/// The pips of `value` on a face, in the face's own coordinates (−1 to 1 a side).
fn pip_places(value: u8) -> &'static [(f32, f32)] {
    match value {
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
    }
}

/// Draws a die as a cube seen from above, centred at (`cx`, `cy`): the face up and, when it
/// is tilted, the sides towards the camera with their pips, each face lit by how it faces
/// the light; a see-through die shows the far faces' pips through its body. Returns the side
/// of the square that holds the die's outline (its label's size).
pub fn draw_cube(img: &mut RgbImage, cx: f32, cy: f32, c: &Cube) -> f32 {
    let (turn_c, turn_s) = (c.turn.cos(), c.turn.sin());
    let (tilt_c, tilt_s) = (c.tilt.cos(), c.tilt.sin());
    let (axis_c, axis_s) = (c.tilt_towards.cos(), c.tilt_towards.sin());
    // Turn about z, then tilt about the level axis (axis_c, axis_s, 0) (Rodrigues).
    let rotate = |v: [f32; 3]| -> [f32; 3] {
        let v = [
            turn_c * v[0] - turn_s * v[1],
            turn_s * v[0] + turn_c * v[1],
            v[2],
        ];
        let k = [axis_c, axis_s, 0.0];
        let dot = k[0] * v[0] + k[1] * v[1];
        let cross = [k[1] * v[2], -k[0] * v[2], k[0] * v[1] - k[1] * v[0]];
        std::array::from_fn(|i| v[i] * tilt_c + cross[i] * tilt_s + k[i] * dot * (1.0 - tilt_c))
    };
    // Faces: normal, the face's u and v axes, value.
    type Face = ([f32; 3], [f32; 3], [f32; 3], u8);
    let faces: [Face; 6] = [
        ([0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], c.top),
        (
            [0.0, 0.0, -1.0],
            [1.0, 0.0, 0.0],
            [0.0, -1.0, 0.0],
            7 - c.top,
        ),
        ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], c.east),
        (
            [-1.0, 0.0, 0.0],
            [0.0, -1.0, 0.0],
            [0.0, 0.0, 1.0],
            7 - c.east,
        ),
        ([0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], c.north),
        (
            [0.0, -1.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 0.0, 1.0],
            7 - c.north,
        ),
    ];
    let half = c.side / 2.0;
    let norm = c.light.iter().map(|x| x * x).sum::<f32>().sqrt().max(1e-6);
    let light = c.light.map(|x| x / norm);
    // Far faces first, so that the near ones are drawn over them.
    let mut order: Vec<(f32, usize)> = faces
        .iter()
        .enumerate()
        .map(|(i, f)| (rotate(f.0)[2], i))
        .collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0));
    // The outline: the eight corners projected.
    let mut reach = 0.0f32;
    let (mut x0, mut x1, mut y0, mut y1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    for k in 0..8 {
        let corner = [
            if k & 1 == 0 { -1.0 } else { 1.0 },
            if k & 2 == 0 { -1.0 } else { 1.0 },
            if k & 4 == 0 { -1.0 } else { 1.0 },
        ];
        let p = rotate(corner);
        x0 = x0.min(p[0]);
        x1 = x1.max(p[0]);
        y0 = y0.min(p[1]);
        y1 = y1.max(p[1]);
        reach = reach.max(p[0].abs()).max(p[1].abs());
    }
    let (w, h) = img.dimensions();
    let span = (reach * half).ceil() + 1.0;
    let (px0, px1) = ((cx - span).max(0.0) as u32, (cx + span).max(0.0) as u32);
    let (py0, py1) = ((cy - span).max(0.0) as u32, (cy + span).max(0.0) as u32);
    let r2 = c.pip_radius * c.pip_radius;
    for &(z, i) in &order {
        let (n, u, v, value) = faces[i];
        let far = z <= 0.0;
        if far && c.see_through <= 0.0 {
            continue;
        }
        let (nr, ur, vr) = (rotate(n), rotate(u), rotate(v));
        // Picture point = centre + half·(n + a·u + b·v) in x and y: solve for a and b.
        let det = ur[0] * vr[1] - ur[1] * vr[0];
        if det.abs() < 1e-4 {
            continue;
        }
        let shade = 0.5 + 0.5 * (nr[0] * light[0] + nr[1] * light[1] + nr[2] * light[2]).max(0.0);
        for y in py0..py1.min(h) {
            for x in px0..px1.min(w) {
                // Picture y grows downwards; the die's y upwards.
                let dx = (x as f32 + 0.5 - cx) / half - nr[0];
                let dy = (cy - y as f32 - 0.5) / half - nr[1];
                let a = (dx * vr[1] - dy * vr[0]) / det;
                let b = (ur[0] * dy - ur[1] * dx) / det;
                if a.abs() > 1.0 || b.abs() > 1.0 {
                    continue;
                }
                let on_pip = pip_places(value)
                    .iter()
                    .any(|&(sx, sy)| (a - sx * 0.54).powi(2) + (b - sy * 0.54).powi(2) <= r2)
                    || (c.mark != 0 && on_mark(c.mark, value, c.pip_radius, a, b));
                // A darker rim where the faces meet (a die's rounded edge).
                let rim = if a.abs().max(b.abs()) > 0.9 { 0.8 } else { 1.0 };
                let colour = if on_pip { c.pip } else { c.body };
                let lit = colour.map(|k| (f32::from(k) * shade * rim).min(255.0));
                let under = img.get_pixel(x, y).0.map(f32::from);
                let mix = if far {
                    // Seen through the near body: faint.
                    if on_pip { 0.5 } else { 0.0 }
                } else if on_pip {
                    1.0
                } else {
                    1.0 - c.see_through
                };
                let out: [u8; 3] =
                    std::array::from_fn(|k| (under[k] * (1.0 - mix) + lit[k] * mix) as u8);
                img.put_pixel(x, y, Rgb(out));
            }
        }
    }
    c.side * ((x1 - x0).max(y1 - y0) / 2.0)
}

/// A made-up background of `w × h`: one of wood, cloth, felt, paper, a card-like or a
/// board-like picture.
pub fn background(w: usize, h: usize, rng: &mut ChaCha8Rng) -> RgbImage {
    let base: [f32; 3] = std::array::from_fn(|_| rng.random_range(20.0f32..235.0));
    let kind = rng.random_range(0..6);
    let mut img = vec![base; w * h];
    match kind {
        0 => {
            // Wood: grain along x, wavy.
            let f = rng.random_range(0.15f32..0.6);
            let amp = rng.random_range(8.0f32..30.0);
            let wave = rng.random_range(0.01f32..0.05);
            let phase = rng.random_range(0.0f32..6.0);
            for y in 0..h {
                for x in 0..w {
                    let g = ((y as f32 + 6.0 * (x as f32 * wave + phase).sin()) * f).sin();
                    img[y * w + x] = base.map(|c| c + amp * g);
                }
            }
        }
        1 => {
            // Cloth: a fine weave.
            let f = rng.random_range(0.8f32..2.5);
            let amp = rng.random_range(5.0f32..20.0);
            for y in 0..h {
                for x in 0..w {
                    let g = (x as f32 * f).sin() * (y as f32 * f).sin();
                    img[y * w + x] = base.map(|c| c + amp * g);
                }
            }
        }
        2 | 3 => {} // felt, paper: plain, with the noise below
        _ => {
            // Card-like or board-like: panels, frames, strokes, dots.
            let shapes = rng.random_range(3..14);
            for _ in 0..shapes {
                let colour: [f32; 3] = std::array::from_fn(|_| rng.random_range(0.0f32..255.0));
                let (x0, y0) = (rng.random_range(0..w) as i64, rng.random_range(0..h) as i64);
                let (sw, sh) = (
                    rng.random_range(4..(w as i64).max(5)),
                    rng.random_range(4..(h as i64).max(5)),
                );
                let what = rng.random_range(0..7);
                let r = rng.random_range(1.5f32..(w.min(h) as f32 / 5.0).max(2.0));
                let teeth = rng.random_range(4..10) as f32;
                let hole = if rng.random_bool(0.6) {
                    rng.random_range(0.25f32..0.45)
                } else {
                    0.0
                };
                for y in 0..h as i64 {
                    for x in 0..w as i64 {
                        let inside = match what {
                            // a panel
                            0 => (x0..x0 + sw).contains(&x) && (y0..y0 + sh).contains(&y),
                            // a frame
                            1 => {
                                let (dx, dy) = ((x - x0).abs(), (y - y0).abs());
                                (dx <= sw / 2 && dy <= sh / 2)
                                    && (dx >= sw / 2 - 2 || dy >= sh / 2 - 2)
                            }
                            // a disc (an icon, a token, a printed dot)
                            2 => ((x - x0) as f32).hypot((y - y0) as f32) <= r,
                            // text-like strokes: short dark bars in rows
                            3 => {
                                (x0..x0 + sw).contains(&x)
                                    && (y0..y0 + sh / 3).contains(&y)
                                    && (y - y0) % 6 < 2
                                    && (x * 7 / 5 + y) % 9 < 6
                            }
                            // a road or a border line
                            4 => ((x - x0) * sh - (y - y0) * sw).abs() < 2 * sw.max(sh),
                            // a ring (a token, an icon's outline)
                            5 => {
                                let d = ((x - x0) as f32).hypot((y - y0) as f32);
                                d <= r && d >= 0.6 * r
                            }
                            // a gear, as the tool icon on every blueprint's corner: a disc
                            // with teeth, often with a hole in its middle
                            _ => {
                                let (dx, dy) = ((x - x0) as f32, (y - y0) as f32);
                                let d = dx.hypot(dy);
                                let tooth = (dy.atan2(dx) * teeth).cos() > 0.3;
                                d >= hole * r && (d <= 0.75 * r || (d <= r && tooth))
                            }
                        };
                        if inside {
                            img[(y as usize) * w + x as usize] = colour;
                        }
                    }
                }
                if what == 2 && rng.random_bool(0.5) {
                    // a row of small dots, as on a card's cost
                    let dot = rng.random_range(1.0f32..3.5);
                    let colour: [f32; 3] = std::array::from_fn(|_| rng.random_range(0.0f32..255.0));
                    for k in 0..rng.random_range(2..6) {
                        let (cx, cy) = (x0 as f32 + k as f32 * 3.0 * dot, y0 as f32);
                        for y in 0..h {
                            for x in 0..w {
                                if (x as f32 - cx).hypot(y as f32 - cy) <= dot {
                                    img[y * w + x] = colour;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    let noise = rng.random_range(1.0f32..12.0);
    let mut out = RgbImage::new(w as u32, h as u32);
    for (p, v) in out.pixels_mut().zip(&img) {
        let g: f32 = rng.random_range(-1.0f32..1.0);
        p.0 = v.map(|c| (c + noise * g).clamp(0.0, 255.0) as u8);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(top: u8, tilt: f32) -> Cube {
        Cube {
            top,
            east: if top == 3 || top == 4 { 1 } else { 3 },
            north: if top == 2 || top == 5 { 1 } else { 2 },
            side: 40.0,
            turn: 0.3,
            tilt,
            tilt_towards: 0.8,
            body: [200, 30, 30],
            pip: [250, 250, 250],
            pip_radius: 0.18,
            see_through: 0.0,
            light: [0.2, 0.3, 1.0],
            mark: 0,
        }
    }

    /// The light pixels' separate blobs in `img`.
    fn blobs(img: &RgbImage) -> usize {
        let (w, h) = img.dimensions();
        let light = |x: u32, y: u32| img.get_pixel(x, y).0.iter().all(|&k| k > 150);
        let mut seen = vec![false; (w * h) as usize];
        let mut count = 0;
        for y in 0..h {
            for x in 0..w {
                if seen[(y * w + x) as usize] || !light(x, y) {
                    continue;
                }
                count += 1;
                let mut stack = vec![(x, y)];
                seen[(y * w + x) as usize] = true;
                while let Some((px, py)) = stack.pop() {
                    for (nx, ny) in [
                        (px + 1, py),
                        (px.wrapping_sub(1), py),
                        (px, py + 1),
                        (px, py.wrapping_sub(1)),
                    ] {
                        if nx < w && ny < h && !seen[(ny * w + nx) as usize] && light(nx, ny) {
                            seen[(ny * w + nx) as usize] = true;
                            stack.push((nx, ny));
                        }
                    }
                }
            }
        }
        count
    }

    /// Seen from straight above, a die shows its top face's pips and nothing else; tilted,
    /// the pips of its sides show too, and its outline is wider than its side.
    #[test]
    fn a_cube_shows_its_top_face_and_its_tilted_sides() {
        for top in 1..=6 {
            let mut img = RgbImage::from_pixel(96, 96, Rgb([20, 90, 40]));
            let size = draw_cube(&mut img, 48.0, 48.0, &cube(top, 0.0));
            assert_eq!(blobs(&img), usize::from(top), "face {top}");
            assert!((40.0..58.0).contains(&size), "{size}");
            let mut tilted = RgbImage::from_pixel(96, 96, Rgb([20, 90, 40]));
            let wide = draw_cube(&mut tilted, 48.0, 48.0, &cube(top, 0.5));
            assert!(blobs(&tilted) > usize::from(top), "face {top} tilted");
            assert!(wide > 40.0, "{wide}");
        }
    }
}
