//! Dice rendered for training: pip d6 of looks the labelled sources lack (any body colour,
//! solid, marbled or see-through with the far pips showing, pips of any size and colour, a
//! side showing when tilted, lit, shining and shadowed), and things like a die that are none
//! (numeral cubes, blank cubes, d4, d8 and d10 shapes, tokens with dots, rings, gears with a
//! hole). Each is drawn in its own coordinates by distances to its shapes, four samples a
//! pixel, onto a made-up background.

use image::RgbImage;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The side of a rendered picture, in pixels.
pub const SIDE: usize = 64;

/// A rendered picture and the die (or the thing that is no die) in it.
#[derive(Debug, Clone)]
pub struct RenderedDie {
    pub image: RgbImage,
    pub x: f32,
    pub y: f32,
    /// The side of the die's face, in pixels.
    pub size: f32,
    /// 0 for no pip d6, else the value shown.
    pub class: u8,
    /// The centres of the pips of a pip d6, in pixels of the picture (none for no die).
    pub pips: Vec<(f32, f32)>,
}

/// What is drawn.
#[derive(Clone, Copy)]
enum Thing {
    Pips(u8),
    Numeral(u8),
    Blank,
    Triangle,
    Kite,
    Token,
    Ring,
    Gear,
}

/// A pip d6 when `pip_die`, else a thing like a die that is none.
pub fn rendered_die(rng: &mut ChaCha8Rng, pip_die: bool) -> RenderedDie {
    let thing = if pip_die {
        Thing::Pips(rng.random_range(1..=6))
    } else {
        match rng.random_range(0..8) {
            0 | 1 => Thing::Numeral(rng.random_range(0..=9)),
            2 => Thing::Blank,
            3 => Thing::Triangle,
            4 => Thing::Kite,
            5 => Thing::Token,
            6 => Thing::Ring,
            _ => Thing::Gear,
        }
    };
    let bg = crate::synthetic::background(SIDE, SIDE, rng);
    let size = rng.random_range(22.0f32..34.0);
    let (cx, cy) = (
        SIDE as f32 / 2.0 + rng.random_range(-2.0f32..2.0),
        SIDE as f32 / 2.0 + rng.random_range(-2.0f32..2.0),
    );
    let angle = rng.random_range(0.0f32..std::f32::consts::TAU);
    let (sin, cos) = angle.sin_cos();
    let squeeze = [
        rng.random_range(0.87f32..1.13),
        rng.random_range(0.87f32..1.13),
    ];
    let corner = rng.random_range(0.08f32..0.45);
    let colour = |rng: &mut ChaCha8Rng| -> [f32; 3] {
        std::array::from_fn(|_| rng.random_range(0.0f32..255.0))
    };
    let body = colour(rng);
    let second = colour(rng);
    let body_light = body.iter().sum::<f32>() > 384.0;
    let mark: [f32; 3] = if rng.random_bool(0.25) {
        colour(rng)
    } else if body_light {
        std::array::from_fn(|_| rng.random_range(0.0f32..70.0))
    } else {
        std::array::from_fn(|_| rng.random_range(185.0f32..255.0))
    };
    // How the body looks: solid, marbled, or see-through.
    let style = rng.random_range(0..4);
    let marble = (rng.random_range(2.0f32..6.0), rng.random_range(0.0f32..6.0));
    let see_through = if style == 3 {
        rng.random_range(0.5f32..0.8)
    } else {
        1.0
    };
    let pip_r = rng.random_range(0.13f32..0.21);
    let spread = rng.random_range(0.42f32..0.56);
    let ring_pips = rng.random_bool(0.15);
    let big_one = rng.random_bool(0.3);
    // A tilted die shows a side: the face moved by `tilt` (its own units) along `tilt_dir`.
    let tilt = if rng.random_bool(0.4) {
        rng.random_range(0.1f32..0.35)
    } else {
        0.0
    };
    let tilt_dir = rng.random_range(0.0f32..std::f32::consts::TAU);
    let side_shade = rng.random_range(0.55f32..0.85);
    let light = (
        rng.random_range(-0.2f32..0.2),
        rng.random_range(-0.2f32..0.2),
    );
    let shine = rng.random_bool(0.4).then(|| {
        (
            rng.random_range(-0.6f32..0.6),
            rng.random_range(-0.6f32..0.6),
        )
    });
    let shadow = rng.random_bool(0.5).then(|| {
        (
            rng.random_range(-0.3f32..0.3),
            rng.random_range(0.05f32..0.35),
        )
    });
    let teeth = rng.random_range(6..11) as f32;
    let token_dots = rng.random_range(1..5);

    let half = size / 2.0;
    let mut out = RgbImage::new(SIDE as u32, SIDE as u32);
    for (x, y, px) in out.enumerate_pixels_mut() {
        let mut sum = [0f32; 3];
        for (sx, sy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
            let (dx, dy) = (x as f32 + sx - cx, y as f32 + sy - cy);
            let u = (cos * dx + sin * dy) / half / squeeze[0];
            let v = (-sin * dx + cos * dy) / half / squeeze[1];
            let back = bg.get_pixel(x, y).0.map(f32::from);
            let mut c = back;
            if let Some((ox, oy)) = shadow {
                let d = round_box(u - ox, v - oy, corner);
                if d < 0.1 {
                    let k = ((0.1 - d) / 0.3).min(1.0) * 0.45;
                    c = c.map(|v| v * (1.0 - k));
                }
            }
            let (tu, tv) = (tilt * tilt_dir.cos(), tilt * tilt_dir.sin());
            let shape = |u: f32, v: f32| -> f32 {
                match thing {
                    Thing::Pips(_) | Thing::Numeral(_) | Thing::Blank => round_box(u, v, corner),
                    Thing::Triangle => triangle(u, v),
                    Thing::Kite => (u.abs() / 0.85 + v.abs() / 1.1 - 1.0) * 0.6,
                    Thing::Token => u.hypot(v) - 1.0,
                    Thing::Ring => (u.hypot(v) - 0.8).abs() - 0.2,
                    Thing::Gear => {
                        let r = u.hypot(v);
                        let tooth = if (v.atan2(u) * teeth).cos() > 0.2 {
                            1.0
                        } else {
                            0.78
                        };
                        (r - tooth).max(0.3 - r)
                    }
                }
            };
            let body_at = |u: f32, v: f32| -> [f32; 3] {
                let mut b = match style {
                    1 | 2 => {
                        let m = ((u * marble.0 + marble.1).sin() + (v * marble.0 * 0.7).cos())
                            * 0.25
                            + 0.5;
                        std::array::from_fn(|k| body[k] * (1.0 - m) + second[k] * m)
                    }
                    _ => body,
                };
                let l = 1.0 + light.0 * u + light.1 * v;
                b = b.map(|v| v * l);
                b
            };
            // The side, beneath the face.
            if tilt > 0.0 && shape(u + tu, v + tv) < 0.0 && shape(u, v) >= 0.0 {
                let b = body_at(u, v).map(|v| v * side_shade);
                c = mix(c, b, see_through);
            }
            let d = shape(u, v);
            let cover = (0.5 - d * half).clamp(0.0, 1.0);
            if cover > 0.0 {
                let mut face = body_at(u, v);
                if style == 3 {
                    // The far face's pips, faint through the body.
                    if let Thing::Pips(n) = thing {
                        let m = pip_mark(-u, v, 7 - n, spread, pip_r, false, false);
                        face = mix(face, mark, 0.25 * m);
                    }
                }
                let m = match thing {
                    Thing::Pips(n) => pip_mark(u, v, n, spread, pip_r, ring_pips, big_one),
                    Thing::Numeral(n) => numeral(u, v, n),
                    Thing::Token => (0..token_dots)
                        .map(|k| {
                            let x = (k as f32 - (token_dots - 1) as f32 / 2.0) * 0.45;
                            ((pip_r - (u - x).hypot(v)) * 8.0).clamp(0.0, 1.0)
                        })
                        .fold(0.0, f32::max),
                    Thing::Triangle | Thing::Kite => numeral(u * 1.8, v * 1.8 - 0.2, 1),
                    _ => 0.0,
                };
                face = mix(face, mark, m);
                if let Some((hx, hy)) = shine {
                    let s = (-((u - hx).powi(2) + (v - hy).powi(2)) / 0.08).exp() * 120.0;
                    face = face.map(|v| v + s);
                }
                let alpha = cover * see_through.max(m);
                c = mix(c, face, alpha);
            }
            for k in 0..3 {
                sum[k] += c[k];
            }
        }
        px.0 = sum.map(|s| (s / 4.0).clamp(0.0, 255.0) as u8);
    }
    let class = match thing {
        Thing::Pips(n) => n,
        _ => 0,
    };
    // A pip's place (u, v) on the face, back in the picture.
    let pips = crate::synthetic::pip_places(class)
        .iter()
        .filter(|_| class > 0)
        .map(|&(px, py)| {
            let (du, dv) = (
                px * spread * half * squeeze[0],
                py * spread * half * squeeze[1],
            );
            (cx + cos * du - sin * dv, cy + sin * du + cos * dv)
        })
        .collect();
    RenderedDie {
        image: out,
        x: cx,
        y: cy,
        size,
        class,
        pips,
    }
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    std::array::from_fn(|k| a[k] + (b[k] - a[k]) * t)
}

/// The distance (in half sides) to a square of half side 1 with corners rounded by `r`;
/// negative inside.
fn round_box(u: f32, v: f32, r: f32) -> f32 {
    let (qx, qy) = (u.abs() - (1.0 - r), v.abs() - (1.0 - r));
    qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0) - r
}

/// About the distance to an upright triangle inscribed in the unit circle; negative inside.
fn triangle(u: f32, v: f32) -> f32 {
    let k = 3f32.sqrt();
    let (u, v) = (u.abs(), v - 0.25);
    (k * u + v).max(-v) * 0.5 - 0.35
}

/// How much of the pips of `value` cover (u, v): 0 to 1.
fn pip_mark(u: f32, v: f32, value: u8, spread: f32, r: f32, ring: bool, big_one: bool) -> f32 {
    let r = if value == 1 && big_one { r * 1.6 } else { r };
    crate::synthetic::pip_places(value)
        .iter()
        .map(|&(px, py)| {
            let d = (u - px * spread).hypot(v - py * spread) - r;
            let d = if ring { d.abs() - 0.3 * r } else { d };
            (-d * 12.0 + 0.5).clamp(0.0, 1.0)
        })
        .fold(0.0, f32::max)
}

/// How much a digit drawn as seven strokes covers (u, v): 0 to 1.
fn numeral(u: f32, v: f32, digit: u8) -> f32 {
    // Segments a (top), b, c (right), d (bottom), e, f (left), g (middle).
    const ON: [u8; 10] = [
        0b0111111, 0b0000110, 0b1011011, 0b1001111, 0b1100110, 0b1101101, 0b1111101, 0b0000111,
        0b1111111, 0b1101111,
    ];
    let (w, h, t) = (0.3f32, 0.5f32, 0.09f32);
    let segments = [
        ((-w, -h), (w, -h)),
        ((w, -h), (w, 0.0)),
        ((w, 0.0), (w, h)),
        ((-w, h), (w, h)),
        ((-w, 0.0), (-w, h)),
        ((-w, -h), (-w, 0.0)),
        ((-w, 0.0), (w, 0.0)),
    ];
    let on = ON[usize::from(digit % 10)];
    segments
        .iter()
        .enumerate()
        .filter(|(i, _)| on & (1 << i) != 0)
        .map(|(_, &((x0, y0), (x1, y1)))| {
            let (dx, dy) = (x1 - x0, y1 - y0);
            let s = (((u - x0) * dx + (v - y0) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            let d = (u - x0 - s * dx).hypot(v - y0 - s * dy) - t;
            (-d * 12.0 + 0.5).clamp(0.0, 1.0)
        })
        .fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_pip_die_is_labelled_with_its_value_and_the_rest_as_no_die() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..20 {
            let die = rendered_die(&mut rng, true);
            assert!((1..=6).contains(&die.class));
            assert_eq!(die.image.dimensions(), (SIDE as u32, SIDE as u32));
            assert!(die.size >= 22.0 && die.size < 34.0);
            let none = rendered_die(&mut rng, false);
            assert_eq!(none.class, 0);
        }
    }

    #[test]
    fn a_pip_covers_its_place_and_not_the_middle_of_a_two() {
        assert!(pip_mark(0.5, 0.5, 2, 0.5, 0.15, false, false) > 0.99);
        assert!(pip_mark(0.0, 0.0, 2, 0.5, 0.15, false, false) < 0.01);
        assert!(pip_mark(0.0, 0.0, 5, 0.5, 0.15, false, false) > 0.99);
        assert!(numeral(0.3, -0.25, 1) > 0.99);
        assert!(numeral(-0.3, -0.25, 1) < 0.01);
    }
}
