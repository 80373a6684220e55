//! Synthetic pictures of dice, for training, tests and benchmarks: flat squares with round
//! pips, the made-up backgrounds they lie on ([`background`]), labelled dice cut out of their
//! photos ([`cut_out`]) and laid on such backgrounds, and a photo seen from farther or in a
//! webcam frame.

use crate::training::LabelledDie;
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
    let spots = pip_places(value);
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

/// A photo as a 1280×720 webcam frame shows it ([`in_webcam_frame`]): the photo, scaled to
/// `width` × 720, starts `left` pixels from the frame's left edge.
pub struct WebcamFrame {
    pub image: RgbImage,
    pub left: u32,
    pub width: u32,
}

/// `photo` as a 1280×720 webcam frame shows it: scaled to the frame's height, in its middle,
/// the sides filled with its edge columns (the benchmarks' and the tests' frame).
pub fn in_webcam_frame(photo: &RgbImage) -> WebcamFrame {
    let (fw, fh) = (1280u32, 720u32);
    let (w, h) = photo.dimensions();
    let sw = ((w as f32 * fh as f32 / h as f32).round() as u32).clamp(1, fw);
    let scaled = image::imageops::resize(photo, sw, fh, image::imageops::FilterType::Triangle);
    let left = (fw - sw) / 2;
    let image = RgbImage::from_fn(fw, fh, |x, y| {
        *scaled.get_pixel(x.saturating_sub(left).min(sw - 1), y)
    });
    WebcamFrame {
        image,
        left,
        width: sw,
    }
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

/// Where the pips of `value` lie on a die face, in steps of the pips' spacing from its middle
/// (−1, 0 or 1 along each axis).
pub fn pip_places(value: u8) -> &'static [(f32, f32)] {
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

/// A labelled die cut out of its photo on its box, the tray around it clear: the box's pixels
/// like the tray's colour (the median of a ring just outside the box) and joined to the box's
/// edge through such pixels are see-through. The die, its pips and its shadow stay. Where
/// the box reaches past the photo (a crop's die), its edge pixels are taken again.
pub fn cut_out(photo: &RgbImage, die: LabelledDie) -> image::RgbaImage {
    let (pw, ph) = (photo.width() as i64, photo.height() as i64);
    let half = die.size / 2.0;
    let (x0, y0) = ((die.x - half) as i64, (die.y - half) as i64);
    let side = (die.size as i64).max(1);
    // The tray: a ring four pixels wide around the box.
    let mut ring: Vec<[u8; 3]> = Vec::new();
    for y in y0 - 4..y0 + side + 4 {
        for x in x0 - 4..x0 + side + 4 {
            let inside = (x0..x0 + side).contains(&x) && (y0..y0 + side).contains(&y);
            if !inside && (0..pw).contains(&x) && (0..ph).contains(&y) {
                ring.push(photo.get_pixel(x as u32, y as u32).0);
            }
        }
    }
    let tray: [f32; 3] = std::array::from_fn(|k| {
        let mut v: Vec<u8> = ring.iter().map(|p| p[k]).collect();
        v.sort_unstable();
        v.get(v.len() / 2).map_or(0.0, |&m| f32::from(m))
    });
    let n = side as usize;
    let at = |u: usize, v: usize| -> [u8; 3] {
        let (x, y) = (
            (x0 + u as i64).clamp(0, pw - 1),
            (y0 + v as i64).clamp(0, ph - 1),
        );
        photo.get_pixel(x as u32, y as u32).0
    };
    let like_tray = |p: [u8; 3]| {
        let d: f32 = (0..3).map(|k| (f32::from(p[k]) - tray[k]).powi(2)).sum();
        d.sqrt() < 30.0
    };
    let mut clear = vec![false; n * n];
    let mut stack: Vec<(usize, usize)> = (0..n)
        .flat_map(|i| [(i, 0), (i, n - 1), (0, i), (n - 1, i)])
        .collect();
    while let Some((u, v)) = stack.pop() {
        if clear[v * n + u] || !like_tray(at(u, v)) {
            continue;
        }
        clear[v * n + u] = true;
        if u > 0 {
            stack.push((u - 1, v));
        }
        if u + 1 < n {
            stack.push((u + 1, v));
        }
        if v > 0 {
            stack.push((u, v - 1));
        }
        if v + 1 < n {
            stack.push((u, v + 1));
        }
    }
    image::RgbaImage::from_fn(n as u32, n as u32, |u, v| {
        let [r, g, b] = at(u as usize, v as usize);
        let a = if clear[v as usize * n + u as usize] {
            0
        } else {
            255
        };
        image::Rgba([r, g, b, a])
    })
}

/// `die` of `photo` cut out ([`cut_out`]) and laid in the middle of a made-up background
/// ([`background`]) a little over twice its side: the picture and the die's centre in it. A
/// die's surroundings are then any table, card or board, not its photo's alone.
pub(crate) fn pasted_die(
    photo: &RgbImage,
    die: LabelledDie,
    rng: &mut ChaCha8Rng,
) -> (RgbImage, (f32, f32)) {
    let cut = cut_out(photo, die);
    let n = cut.width();
    let m = (n as f32 * 2.2).ceil() as u32 + 2;
    let mut ground = background(m as usize, m as usize, rng);
    let at = (m - n) / 2;
    lay(&mut ground, &cut, (at, at));
    (
        ground,
        (at as f32 + n as f32 / 2.0, at as f32 + n as f32 / 2.0),
    )
}

/// `cut` laid on `ground` with its top left corner at `at`, each pixel mixed in as much as it
/// is opaque; what falls beyond the ground's edge is left out.
pub fn lay(ground: &mut RgbImage, cut: &image::RgbaImage, (left, top): (u32, u32)) {
    for (u, v, p) in cut.enumerate_pixels() {
        let (x, y) = (left + u, top + v);
        if p[3] == 0 || x >= ground.width() || y >= ground.height() {
            continue;
        }
        let a = f32::from(p[3]) / 255.0;
        let q = ground.get_pixel_mut(x, y);
        for k in 0..3 {
            q[k] = (a * f32::from(p[k]) + (1.0 - a) * f32::from(q[k])).round() as u8;
        }
    }
}

/// Draws on `canvas` (`w` pixels wide, row by row) a round icon of radius `r` centred at
/// `centre`, in one of the ways printed icons are: a gear with solid teeth (a hole in its
/// middle, sometimes a dot in the hole), a gear drawn in lines (a ring, spokes outward, a dot
/// in its middle), a target (rings round a dot), or a sun (a disc with rays); sometimes on a
/// disc of its own colour; half of them in near-grey ink, seven in ten of those light on a
/// dark disc. A light ring round a dark dot is a face showing 1 to a reader that never saw
/// one: these are taught as no die (`dice_train --icons F`).
pub fn round_icon(
    canvas: &mut [[f32; 3]],
    w: usize,
    centre: (f32, f32),
    r: f32,
    rng: &mut ChaCha8Rng,
) {
    let h = canvas.len() / w.max(1);
    let mut ink: [f32; 3] = std::array::from_fn(|_| rng.random_range(0.0f32..255.0));
    let mut dot_ink = if rng.random_bool(0.7) {
        ink
    } else {
        std::array::from_fn(|_| rng.random_range(0.0f32..255.0))
    };
    let mut backing = rng.random_bool(0.35).then(|| {
        let c: [f32; 3] = std::array::from_fn(|_| rng.random_range(0.0f32..255.0));
        (c, rng.random_range(1.0f32..1.3))
    });
    // Half the icons are printed as cards print them: near-grey ink, light on a dark disc
    // (seven in ten) or dark on a light one, the ring and the dot of one ink.
    if rng.random_bool(0.5) {
        let mut grey = |lo: f32, hi: f32| -> [f32; 3] {
            let g = rng.random_range(lo..hi);
            std::array::from_fn(|_| (g + rng.random_range(-12.0f32..12.0)).clamp(0.0, 255.0))
        };
        let (light, dark) = (grey(165.0, 255.0), grey(0.0, 80.0));
        let (fg, bg) = if rng.random_bool(0.7) {
            (light, dark)
        } else {
            (dark, light)
        };
        ink = fg;
        dot_ink = fg;
        backing = Some((bg, rng.random_range(1.0f32..1.3)));
    }
    let style = rng.random_range(0..4);
    let stroke = (r * rng.random_range(0.06f32..0.18)).max(1.0);
    let spokes = rng.random_range(4..13) as f32;
    let ring = rng.random_range(0.4f32..0.7);
    let hole = rng.random_range(0.18f32..0.45);
    let dot = if rng.random_bool(0.75) {
        rng.random_range(0.08f32..0.25)
    } else {
        0.0
    };
    let depth = rng.random_range(0.15f32..0.35);
    let turn = rng.random_range(0.0f32..std::f32::consts::TAU);
    let reach = r * backing.map_or(1.0, |(_, k)| k) + 1.0;
    let (x0, x1) = (
        (centre.0 - reach).floor().max(0.0) as usize,
        ((centre.0 + reach).ceil().max(0.0) as usize).min(w),
    );
    let (y0, y1) = (
        (centre.1 - reach).floor().max(0.0) as usize,
        ((centre.1 + reach).ceil().max(0.0) as usize).min(h),
    );
    for y in y0..y1 {
        for x in x0..x1 {
            let (dx, dy) = (x as f32 + 0.5 - centre.0, y as f32 + 0.5 - centre.1);
            let d = dx.hypot(dy);
            let a = dy.atan2(dx) + turn;
            // How far round from the nearest spoke or tooth, in pixels at distance d.
            let off_spoke = {
                let step = std::f32::consts::TAU / spokes;
                let k = (a / step).round();
                (a - k * step).abs() * d
            };
            let in_dot = d <= dot * r;
            let inked = match style {
                // solid teeth, a hole
                0 => {
                    let tooth = (a * spokes).cos() > 0.2;
                    d >= hole * r && (d <= (1.0 - depth) * r || (d <= r && tooth))
                }
                // a ring, spokes outward (the window's own gear is drawn so)
                1 => {
                    (d - ring * r).abs() <= stroke / 2.0
                        || (d >= ring * r && d <= r && off_spoke <= stroke / 2.0)
                }
                // rings round a dot
                2 => {
                    (d - r + stroke / 2.0).abs() <= stroke / 2.0
                        || ((spokes as usize).is_multiple_of(2)
                            && (d - ring * r).abs() <= stroke / 2.0)
                }
                // a disc with rays
                _ => {
                    d <= ring * r || (d <= r && d >= (ring + 0.1) * r && off_spoke <= stroke / 2.0)
                }
            };
            let i = y * w + x;
            if let Some((c, k)) = backing
                && d <= r * k
            {
                canvas[i] = c;
            }
            if in_dot {
                canvas[i] = dot_ink;
            } else if inked {
                canvas[i] = ink;
            }
        }
    }
}

/// A made-up background 48 pixels a side with a round icon ([`round_icon`]) of radius 8 to 17
/// near its middle: as large as a die in the classifier's patch, which is none.
pub fn round_icon_ground(rng: &mut ChaCha8Rng) -> RgbImage {
    let mut bg: Vec<[f32; 3]> = background(48, 48, rng)
        .pixels()
        .map(|p| p.0.map(f32::from))
        .collect();
    let r = rng.random_range(8.0f32..17.0);
    let j = 0.1 * r;
    let at = (
        24.0 + rng.random_range(-j..j),
        24.0 + rng.random_range(-j..j),
    );
    round_icon(&mut bg, 48, at, r, rng);
    RgbImage::from_fn(48, 48, |x, y| {
        Rgb(bg[y as usize * 48 + x as usize].map(|c| c.clamp(0.0, 255.0) as u8))
    })
}
