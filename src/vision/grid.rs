//! The picture sampled on a grid, the nets' input: turned, scaled and read bilinearly, averaged
//! over a few sub-points where the grid shrinks the picture ([`sample`]; quick, and the same to
//! the bit, when the grid is turned only by quarters), then [`normalised`]. Pure.
use image::RgbImage;

/// `image` sampled on an `w × h` grid (RGB, 0–255, rows first): grid pixel (u, v) is the
/// picture at `centre` + A·(u − w/2 + ½, v − h/2 + ½), A = `[a, b, c, d]` (row by row), read
/// bilinearly and averaged over a few sub-points when A shrinks the picture; beyond its edge,
/// the edge.
pub fn sample(
    image: &RgbImage,
    centre: (f32, f32),
    [a, b, c, d]: [f32; 4],
    w: usize,
    h: usize,
) -> Vec<[f32; 3]> {
    let (iw, ih) = (image.width() as usize, image.height() as usize);
    let mut out = vec![[0f32; 3]; w * h];
    if iw == 0 || ih == 0 {
        return out;
    }
    let reach = (a.abs() + b.abs()).max(c.abs() + d.abs());
    let q = ((reach / 1.5).ceil() as usize).clamp(1, 4);
    if (b == 0.0 && c == 0.0) || (a == 0.0 && d == 0.0) {
        sample_square(image, centre, [a, b, c, d], (w, h), q, &mut out);
    } else {
        sample_any(image, centre, [a, b, c, d], (w, h), q, &mut out);
    }
    out
}

/// [`sample`] for any A, one sub-point at a time.
fn sample_any(
    image: &RgbImage,
    centre: (f32, f32),
    [a, b, c, d]: [f32; 4],
    (w, h): (usize, usize),
    q: usize,
    out: &mut [[f32; 3]],
) {
    let (iw, ih) = (image.width() as usize, image.height() as usize);
    let raw = image.as_raw();
    let weight = 1.0 / (q * q) as f32;
    let (xmax, ymax) = ((iw - 1) as f32, (ih - 1) as f32);
    let at = |x: f32, y: f32| -> [f32; 3] {
        let x = x.clamp(0.0, xmax);
        let y = y.clamp(0.0, ymax);
        let (x0, y0) = (x.floor() as usize, y.floor() as usize);
        let (x1, y1) = ((x0 + 1).min(iw - 1), (y0 + 1).min(ih - 1));
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        let px = |x: usize, y: usize| {
            let i = (y * iw + x) * 3;
            [raw[i], raw[i + 1], raw[i + 2]].map(f32::from)
        };
        let (p00, p10, p01, p11) = (px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1));
        std::array::from_fn(|k| {
            let top = p00[k] + fx * (p10[k] - p00[k]);
            let bottom = p01[k] + fx * (p11[k] - p01[k]);
            top + fy * (bottom - top)
        })
    };
    for v in 0..h {
        for u in 0..w {
            let mut sum = [0f32; 3];
            for sv in 0..q {
                for su in 0..q {
                    let du = u as f32 - w as f32 / 2.0 + (su as f32 + 0.5) / q as f32;
                    let dv = v as f32 - h as f32 / 2.0 + (sv as f32 + 0.5) / q as f32;
                    let p = at(
                        centre.0 + a * du + b * dv - 0.5,
                        centre.1 + c * du + d * dv - 0.5,
                    );
                    for k in 0..3 {
                        sum[k] += p[k];
                    }
                }
            }
            out[v * w + u] = sum.map(|s| s * weight);
        }
    }
}

/// Where one sub-point falls along one axis of the picture: the two pixels either side and
/// how far it lies from the first.
#[derive(Clone, Copy)]
struct Tap {
    i0: usize,
    i1: usize,
    f: f32,
}

/// The sub-points along one axis: for each grid place `t` in `0..n` and sub-point `s` in
/// `0..q` (at `[t·q + s]`), the picture coordinate `from + along·(t − n/2 + (s + ½)/q) − ½`
/// clamped to `0..len`, as [`sample`] computes it.
fn taps(from: f32, along: f32, n: usize, q: usize, len: usize) -> Vec<Tap> {
    let max = (len - 1) as f32;
    let mut out = Vec::with_capacity(n * q);
    for t in 0..n {
        for s in 0..q {
            let dt = t as f32 - n as f32 / 2.0 + (s as f32 + 0.5) / q as f32;
            let x = (from + along * dt - 0.5).clamp(0.0, max);
            let i0 = x.floor() as usize;
            out.push(Tap {
                i0,
                i1: (i0 + 1).min(len - 1),
                f: x - i0 as f32,
            });
        }
    }
    out
}

/// [`sample`] when the grid's rows run along the picture's rows or columns (no turn but by
/// quarters). A sub-point's bilinear value is a mix of two points along a picture row, taken
/// on two rows: those along-the-row mixes are worked out once for every row and sub-point
/// column the grid needs, then mixed across rows and summed in [`sample_any`]'s order, with
/// the same arithmetic, so the result is the same to the bit, a few times quicker. The
/// detector's looks at a whole picture take this way.
fn sample_square(
    image: &RgbImage,
    centre: (f32, f32),
    [a, b, c, d]: [f32; 4],
    (w, h): (usize, usize),
    q: usize,
    out: &mut [[f32; 3]],
) {
    let (iw, ih) = (image.width() as usize, image.height() as usize);
    let raw = image.as_raw();
    let weight = 1.0 / (q * q) as f32;
    // Straight: x follows u, y follows v. Turned a quarter: x follows v, y follows u.
    let straight = b == 0.0 && c == 0.0;
    let (xs, ys) = if straight {
        (taps(centre.0, a, w, q, iw), taps(centre.1, d, h, q, ih))
    } else {
        (taps(centre.0, b, h, q, iw), taps(centre.1, c, w, q, ih))
    };
    let nx = xs.len();
    // A picture row mixed along itself at each sub-point column: the columns the taps reach
    // turned into numbers at once, then mixed along the row.
    let first = xs.iter().map(|t| t.i0).min().unwrap_or(0);
    let span = xs
        .iter()
        .map(|t| t.i1 + 1)
        .max()
        .unwrap_or(0)
        .saturating_sub(first);
    let mut floats = vec![[0f32; 3]; span];
    let mut along_row = |r: usize, dst: &mut [[f32; 3]]| {
        let (line, _) = raw[(r * iw + first) * 3..][..span * 3].as_chunks::<3>();
        for (f, p) in floats
            .as_flattened_mut()
            .iter_mut()
            .zip(line.as_flattened())
        {
            *f = f32::from(*p);
        }
        for (d, t) in dst.iter_mut().zip(&xs) {
            let (p0, p1) = (floats[t.i0 - first], floats[t.i1 - first]);
            *d = std::array::from_fn(|k| p0[k] + t.f * (p1[k] - p0[k]));
        }
    };
    if straight {
        // A grid row at a time: each sub-point row's mixes across rows worked out along the
        // whole grid row (one run of numbers), then added to each grid pixel's sum in turn,
        // its sub-points in order: each sum in the same order as below. The rows' mixes
        // along are worked out as the sub-points reach them and kept in a small ring (the
        // sub-points move one way down the picture), not for the whole picture at once.
        const RING: usize = 4;
        let mut ring = vec![[0f32; 3]; RING * nx];
        let mut held = [usize::MAX; RING];
        let mut sums = vec![[0f32; 3]; w];
        let mut mixed = vec![[0f32; 3]; nx];
        for (v, line) in out.chunks_exact_mut(w).enumerate() {
            sums.fill([0.0; 3]);
            for ty in &ys[v * q..(v + 1) * q] {
                for r in [ty.i0, ty.i1] {
                    if held[r % RING] != r {
                        along_row(r, &mut ring[(r % RING) * nx..][..nx]);
                        held[r % RING] = r;
                    }
                }
                let top = ring[(ty.i0 % RING) * nx..][..nx].as_flattened();
                let bottom = ring[(ty.i1 % RING) * nx..][..nx].as_flattened();
                for ((m, t), b) in mixed.as_flattened_mut().iter_mut().zip(top).zip(bottom) {
                    *m = t + ty.f * (b - t);
                }
                match q {
                    1 => add_groups::<1>(&mut sums, &mixed),
                    2 => add_groups::<2>(&mut sums, &mixed),
                    3 => add_groups::<3>(&mut sums, &mixed),
                    _ => add_groups::<4>(&mut sums, &mixed),
                }
            }
            for (o, sum) in line.iter_mut().zip(&sums) {
                *o = sum.map(|s| s * weight);
            }
        }
        return;
    }
    let (Some(lo), Some(hi)) = (ys.iter().map(|t| t.i0).min(), ys.iter().map(|t| t.i1).max())
    else {
        return;
    };
    // along[row − lo][x tap]: the mix along the row at each sub-point column.
    let mut along = vec![[0f32; 3]; (hi - lo + 1) * nx];
    for (r, dst) in (lo..=hi).zip(along.chunks_exact_mut(nx.max(1))) {
        along_row(r, dst);
    }
    for v in 0..h {
        for u in 0..w {
            let mut sum = [0f32; 3];
            for sv in 0..q {
                for su in 0..q {
                    let (tx, ty) = (v * q + sv, &ys[u * q + su]);
                    let (top, bottom) =
                        (along[(ty.i0 - lo) * nx + tx], along[(ty.i1 - lo) * nx + tx]);
                    for k in 0..3 {
                        sum[k] += top[k] + ty.f * (bottom[k] - top[k]);
                    }
                }
            }
            out[v * w + u] = sum.map(|s| s * weight);
        }
    }
}

/// `sums[u] += mixed[u·Q + s]` for `s` in `0..Q` in turn: a grid pixel's `Q` sub-points.
fn add_groups<const Q: usize>(sums: &mut [[f32; 3]], mixed: &[[f32; 3]]) {
    let (groups, _) = mixed.as_chunks::<Q>();
    for (sum, group) in sums.iter_mut().zip(groups) {
        for p in group {
            for k in 0..3 {
                sum[k] += p[k];
            }
        }
    }
}

/// A net's input from sampled pixels: channels first, less their mean, over their spread, so
/// that a dim picture and a bright one look alike to the net.
pub fn normalised(pixels: &[[f32; 3]], w: usize, h: usize) -> Vec<f32> {
    let n = (w * h * 3) as f32;
    let mean = pixels.iter().flatten().sum::<f32>() / n;
    let var = pixels
        .iter()
        .flatten()
        .map(|v| (v - mean).powi(2))
        .sum::<f32>()
        / n;
    let scale = 1.0 / (var.sqrt() + 2.0);
    let mut out = vec![0f32; 3 * w * h];
    for (i, p) in pixels.iter().enumerate() {
        for k in 0..3 {
            out[k * w * h + i] = (p[k] - mean) * scale;
        }
    }
    out
}

/// A colour-blind net input from sampled pixels, `axes` channels (1 or 2): the patch seen
/// along the colour axes on which its middle (a die's face, when a die is centred in it)
/// varies most, then next most, each turned so that the middle's commoner tone (a face's body)
/// is the darker; less their means, over their joint spread. Dice whose pips differ from their
/// bodies alike, white on red, black on white, red on smoky black, look alike: a pale face
/// with dark pips and a dark one with pale pips come out the same, so the net learns the pips'
/// places and not the dice's colours; the second axis keeps what tells red pips from a
/// marbled body's swirls.
pub fn face_contrast(pixels: &[[f32; 3]], w: usize, h: usize, axes: usize) -> Vec<f32> {
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let r2 = (0.3 * w.min(h) as f32).powi(2);
    let middle: Vec<[f32; 3]> = pixels
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            let (x, y) = ((i % w) as f32 + 0.5 - cx, (i / w) as f32 + 0.5 - cy);
            x * x + y * y <= r2
        })
        .map(|(_, p)| *p)
        .collect();
    let n = middle.len().max(1) as f32;
    let mean: [f32; 3] = std::array::from_fn(|k| middle.iter().map(|p| p[k]).sum::<f32>() / n);
    let mut cov = [[0f32; 3]; 3];
    for p in &middle {
        let d = [p[0] - mean[0], p[1] - mean[1], p[2] - mean[2]];
        for i in 0..3 {
            for j in 0..3 {
                cov[i][j] += d[i] * d[j] / n;
            }
        }
    }
    let axes = axes.clamp(1, 2);
    let mut found: Vec<[f32; 3]> = Vec::with_capacity(axes);
    for k in 0..axes {
        let mut axis = if k == 0 {
            [1.0f32 / 3f32.sqrt(); 3]
        } else {
            // Any direction across the first axis.
            let a = found[0];
            let other = if a[0].abs() < 0.9 {
                [1.0, 0.0, 0.0]
            } else {
                [0.0, 1.0, 0.0]
            };
            let c = [
                a[1] * other[2] - a[2] * other[1],
                a[2] * other[0] - a[0] * other[2],
                a[0] * other[1] - a[1] * other[0],
            ];
            let len = c.iter().map(|v| v * v).sum::<f32>().sqrt();
            c.map(|v| v / len)
        };
        // Power iteration, kept across the axes found before.
        for _ in 0..12 {
            let mut next: [f32; 3] =
                std::array::from_fn(|i| (0..3).map(|j| cov[i][j] * axis[j]).sum());
            for f in &found {
                let d: f32 = (0..3).map(|i| next[i] * f[i]).sum();
                for i in 0..3 {
                    next[i] -= d * f[i];
                }
            }
            let len = next.iter().map(|v| v * v).sum::<f32>().sqrt();
            if len < 1e-6 {
                break;
            }
            axis = next.map(|v| v / len);
        }
        let along = |p: &[f32; 3]| (0..3).map(|i| (p[i] - mean[i]) * axis[i]).sum::<f32>();
        let mut middle_tones: Vec<f32> = middle.iter().map(along).collect();
        let half = middle_tones.len() / 2;
        let body = if middle_tones.is_empty() {
            0.0
        } else {
            *middle_tones.select_nth_unstable_by(half, f32::total_cmp).1
        };
        // The body is the commoner tone, so the median lies on its side of the mean.
        found.push(if body > 0.0 { axis.map(|v| -v) } else { axis });
    }
    let plane = w * h;
    let mut out = vec![0f32; axes * plane];
    let mut var = 0.0;
    for (k, axis) in found.iter().enumerate() {
        let tones = &mut out[k * plane..(k + 1) * plane];
        for (t, p) in tones.iter_mut().zip(pixels) {
            *t = (0..3).map(|i| p[i] * axis[i]).sum::<f32>();
        }
        let m = tones.iter().sum::<f32>() / plane.max(1) as f32;
        for t in tones.iter_mut() {
            *t -= m;
            var += *t * *t / plane.max(1) as f32;
        }
    }
    let scale = 1.0 / (var.sqrt() + 2.0);
    for t in &mut out {
        *t *= scale;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture of noise, so that every sub-point's place shows in the result.
    fn noise(w: u32, h: u32) -> RgbImage {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        RgbImage::from_fn(w, h, |_, _| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            image::Rgb([state as u8, (state >> 8) as u8, (state >> 16) as u8])
        })
    }

    #[test]
    fn square_sampling_is_the_same_to_the_bit_as_the_general_one() {
        let image = noise(97, 61);
        for (centre, s) in [
            ((48.3, 30.1), 1.0f32),
            ((10.0, 50.5), 2.7),
            ((90.0, 5.0), 0.6),
            // Four sub-points a side.
            ((60.0, 40.0), 5.0),
        ] {
            for a in [
                [s, 0.0, 0.0, s],
                [0.0, -s, s, 0.0],
                [-s, 0.0, 0.0, -s],
                [0.0, s, -s, 0.0],
                [s * 1.3, 0.0, 0.0, s],
            ] {
                let (w, h) = (23, 17);
                let reach = (a[0].abs() + a[1].abs()).max(a[2].abs() + a[3].abs());
                let q = ((reach / 1.5).ceil() as usize).clamp(1, 4);
                let mut general = vec![[0f32; 3]; w * h];
                sample_any(&image, centre, a, (w, h), q, &mut general);
                let fast = sample(&image, centre, a, w, h);
                assert_eq!(fast, general, "centre {centre:?}, A {a:?}");
            }
        }
    }

    /// A 32-pixel patch of a die (side 23, as the reader's patch holds one) showing 3, its body
    /// `body`, its pips `pip`, on a table `table`; and which pixels are pips, which body.
    fn die(body: [f32; 3], pip: [f32; 3], table: [f32; 3]) -> (Vec<[f32; 3]>, Vec<u8>) {
        let pips = [(9.5, 9.5), (16.0, 16.0), (22.5, 22.5)];
        let mut out = Vec::new();
        let mut part = Vec::new();
        for y in 0..32 {
            for x in 0..32 {
                let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
                let on_pip = pips.iter().any(|&(px, py)| (fx - px).hypot(fy - py) < 2.5);
                let on_die = (fx - 16.0).abs() < 11.5 && (fy - 16.0).abs() < 11.5;
                let (colour, what) = match (on_die, on_pip) {
                    (true, true) => (pip, 2),
                    (true, false) => (body, 1),
                    _ => (table, 0),
                };
                out.push(colour);
                part.push(what);
            }
        }
        (out, part)
    }

    fn mean_of(tones: &[f32], part: &[u8], which: u8) -> f32 {
        let v: Vec<f32> = (0..tones.len())
            .filter(|&i| part[i] == which)
            .map(|i| tones[i])
            .collect();
        v.iter().sum::<f32>() / v.len() as f32
    }

    #[test]
    fn the_face_contrast_shows_pips_pale_on_a_dark_body_whatever_the_colours() {
        let felt = [30.0, 120.0, 60.0];
        let wood = [170.0, 120.0, 70.0];
        for (body, pip, table) in [
            ([240.0, 240.0, 240.0], [20.0, 20.0, 20.0], felt),
            ([20.0, 20.0, 20.0], [240.0, 240.0, 240.0], wood),
            ([200.0, 30.0, 30.0], [245.0, 245.0, 245.0], felt),
            ([30.0, 40.0, 160.0], [230.0, 210.0, 40.0], wood),
            ([40.0, 35.0, 38.0], [190.0, 30.0, 30.0], wood),
            ([230.0, 210.0, 40.0], [20.0, 20.0, 20.0], felt),
        ] {
            let (pixels, part) = die(body, pip, table);
            let tones = face_contrast(&pixels, 32, 32, 1);
            let (pips, face) = (mean_of(&tones, &part, 2), mean_of(&tones, &part, 1));
            assert!(
                pips > face + 1.0,
                "body {body:?}, pips {pip:?}: pips {pips:.2} against the body {face:.2}"
            );
        }
    }

    #[test]
    fn a_pale_die_with_dark_pips_looks_like_a_dark_one_with_pale_pips() {
        let grey = [130.0, 130.0, 130.0];
        let (white, part) = die([240.0; 3], [20.0; 3], grey);
        let (black, _) = die([20.0; 3], [240.0; 3], grey);
        let (a, b) = (
            face_contrast(&white, 32, 32, 1),
            face_contrast(&black, 32, 32, 1),
        );
        let most = a
            .iter()
            .zip(&b)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f32::max);
        assert!(most < 0.05, "they differ by up to {most}");
        // And not as the colours do: the pips are the pale part of both.
        assert!(mean_of(&a, &part, 2) > mean_of(&a, &part, 1));
    }

    #[test]
    fn the_second_axis_tells_red_pips_from_a_marbled_bodys_swirls() {
        // A smoky black die with grey swirls across its face as light as its red pips.
        let (mut pixels, mut part) = die([40.0; 3], [230.0, 40.0, 40.0], [200.0; 3]);
        for (i, p) in pixels.iter_mut().enumerate() {
            let (x, y) = (i % 32, i / 32);
            if part[i] == 1 && (x + 2 * y) % 7 < 3 {
                *p = [110.0; 3];
                part[i] = 3;
            }
        }
        let tones = face_contrast(&pixels, 32, 32, 2);
        let plane = 32 * 32;
        let apart = (0..2)
            .map(|k| {
                let channel = &tones[k * plane..(k + 1) * plane];
                (mean_of(channel, &part, 2) - mean_of(channel, &part, 3)).abs()
            })
            .fold(0.0, f32::max);
        assert!(apart > 0.5, "pips and swirls {apart:.2} apart");
        // One axis alone sees the pips and the swirls alike.
        let one = face_contrast(&pixels, 32, 32, 1);
        assert!((mean_of(&one, &part, 2) - mean_of(&one, &part, 3)).abs() < apart);
    }
}
