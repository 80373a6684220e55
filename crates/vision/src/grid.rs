//! The picture sampled on a grid, the nets' input: turned, scaled and read bilinearly, averaged
//! over a few sub-points where the grid shrinks the picture ([`sample`]; quick when the grid
//! is turned only by quarters), then [`normalised`]. Pure.
use image::RgbImage;

/// `image` sampled on an `w × h` grid (RGB, 0–255, rows first): grid pixel (u, v) is the
/// picture at `centre` + A·(u − w/2 + ½, v − h/2 + ½), A = `[a, b, c, d]` (row by row), read
/// bilinearly and averaged over a few sub-points when A shrinks the picture; beyond its edge,
/// the edge.
pub fn sample(
    image: &RgbImage,
    centre: (f32, f32),
    a: [f32; 4],
    w: usize,
    h: usize,
) -> Vec<[f32; 3]> {
    sampled(image, centre, a, (w, h), true)
}

/// [`sample`], the quick way when `quick` and the grid is turned by quarters only.
fn sampled(
    image: &RgbImage,
    centre: (f32, f32),
    [a, b, c, d]: [f32; 4],
    (w, h): (usize, usize),
    quick: bool,
) -> Vec<[f32; 3]> {
    let (iw, ih) = (image.width() as usize, image.height() as usize);
    let mut out = vec![[0f32; 3]; w * h];
    if iw == 0 || ih == 0 {
        return out;
    }
    let reach = (a.abs() + b.abs()).max(c.abs() + d.abs());
    let q = ((reach / 1.5).ceil() as usize).clamp(1, 4);
    if quick && ((b == 0.0 && c == 0.0) || (a == 0.0 && d == 0.0)) {
        sample_square(image, centre, [a, b, c, d], (w, h), q, &mut out);
    } else {
        sample_any(image, centre, [a, b, c, d], (w, h), q, &mut out);
    }
    out
}

/// [`sample`] the general way whatever A, sub-point by sub-point: what the training's
/// detector proposals were worked out with when the shipped weights were trained (the quick
/// way for a grid turned by quarters only sums in another order), so that its command writes
/// them again to the byte.
pub fn sample_general(
    image: &RgbImage,
    centre: (f32, f32),
    a: [f32; 4],
    w: usize,
    h: usize,
) -> Vec<[f32; 3]> {
    sampled(image, centre, a, (w, h), false)
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

/// Where one axis of the grid reads the picture: for each grid place `t` in `0..n`, a run of
/// `width` picture places from `first[t]` that holds every place its `q` sub-points' bilinear
/// taps reach, and each place's weight (`weights[t·width..]`; zero for those no tap reaches),
/// a sub-point weighing `1/q`. The sub-point `s` of place `t` lies at
/// `from + along·(t − n/2 + (s + ½)/q) − ½`, clamped to `0..len`, as [`sample_any`] puts it.
/// Every run is as wide, so that the sums along a run are of a length known beforehand.
struct Runs {
    first: Vec<usize>,
    width: usize,
    weights: Vec<f32>,
}

impl Runs {
    fn new(from: f32, along: f32, n: usize, q: usize, len: usize) -> Runs {
        let max = (len - 1) as f32;
        let taps: Vec<Vec<(usize, f32)>> = (0..n)
            .map(|t| {
                (0..q)
                    .flat_map(|s| {
                        let dt = t as f32 - n as f32 / 2.0 + (s as f32 + 0.5) / q as f32;
                        let x = (from + along * dt - 0.5).clamp(0.0, max);
                        let i0 = x.floor() as usize;
                        let f = x - i0 as f32;
                        [
                            (i0, (1.0 - f) / q as f32),
                            ((i0 + 1).min(len - 1), f / q as f32),
                        ]
                    })
                    .collect()
            })
            .collect();
        let reach = |t: &[(usize, f32)]| {
            let lo = t.iter().map(|p| p.0).min().unwrap_or(0);
            let hi = t.iter().map(|p| p.0).max().unwrap_or(0);
            (lo, hi)
        };
        let width = taps
            .iter()
            .map(|t| {
                let (lo, hi) = reach(t);
                hi - lo + 1
            })
            .max()
            .unwrap_or(1)
            .min(len);
        let mut runs = Runs {
            first: Vec::with_capacity(n),
            width,
            weights: vec![0.0; n * width],
        };
        for (t, taps) in taps.iter().enumerate() {
            // Widened to the right, or to the left at the picture's end.
            let first = reach(taps).0.min(len - width);
            runs.first.push(first);
            for &(i, wt) in taps {
                runs.weights[t * width + i - first] += wt;
            }
        }
        runs
    }

    /// Place `t`'s first picture place and weights.
    fn run(&self, t: usize) -> (usize, &[f32]) {
        (self.first[t], &self.weights[t * self.width..][..self.width])
    }

    /// The picture places any run reaches: `lo..hi`.
    fn span(&self) -> (usize, usize) {
        let lo = self.first.iter().copied().min().unwrap_or(0);
        let hi = self
            .first
            .iter()
            .copied()
            .max()
            .map_or(lo, |f| f + self.width);
        (lo, hi)
    }
}

/// [`sample`] when the grid's rows run along the picture's rows or columns (no turn but by
/// quarters): the average of a grid pixel's sub-points' bilinear values is a weighted sum of a
/// small block of picture pixels whose weights are a column's times a row's, so it is taken
/// in two passes, down the picture's columns for each grid row (the columns any grid pixel
/// reaches, in one run of numbers), then along that row. The same sums as [`sample_any`]'s
/// but for the order of the additions. The detector's looks at a whole picture take this way,
/// many times quicker.
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
    // Straight: x follows u, y follows v. Turned a quarter: x follows v, y follows u, and
    // the grid is worked out with u and v swapped, then turned into place.
    let straight = b == 0.0 && c == 0.0;
    let (xs, ys, gw, gh) = if straight {
        (
            Runs::new(centre.0, a, w, q, iw),
            Runs::new(centre.1, d, h, q, ih),
            w,
            h,
        )
    } else {
        (
            Runs::new(centre.0, b, h, q, iw),
            Runs::new(centre.1, c, w, q, ih),
            h,
            w,
        )
    };
    let (lo, hi) = xs.span();
    let span = (hi - lo) * 3;
    let mut down = vec![0f32; span];
    let mut grid = if straight {
        Vec::new()
    } else {
        vec![[0f32; 3]; w * h]
    };
    for gv in 0..gh {
        // Down the columns: the grid row's picture rows, weighted.
        down.fill(0.0);
        let (r0, wy) = ys.run(gv);
        for (r, &wt) in (r0..).zip(wy) {
            let line = &raw[(r * iw + lo) * 3..][..span];
            for (acc, &p) in down.iter_mut().zip(line) {
                *acc += wt * f32::from(p);
            }
        }
        // Along the row.
        let row: &mut [[f32; 3]] = if straight {
            &mut out[gv * w..][..w]
        } else {
            &mut grid[gv * gw..][..gw]
        };
        match xs.width {
            1 => along::<1>(&down, lo, &xs, row),
            2 => along::<2>(&down, lo, &xs, row),
            3 => along::<3>(&down, lo, &xs, row),
            4 => along::<4>(&down, lo, &xs, row),
            5 => along::<5>(&down, lo, &xs, row),
            6 => along::<6>(&down, lo, &xs, row),
            7 => along::<7>(&down, lo, &xs, row),
            8 => along::<8>(&down, lo, &xs, row),
            _ => {
                for (gu, o) in row.iter_mut().enumerate() {
                    let (x0, wx) = xs.run(gu);
                    let (px, _) = down[(x0 - lo) * 3..][..wx.len() * 3].as_chunks::<3>();
                    *o = weighted(px, wx);
                }
            }
        }
    }
    if !straight {
        // grid[u][v] is the grid pixel (u, v).
        for v in 0..h {
            for u in 0..w {
                out[v * w + u] = grid[u * gw + v];
            }
        }
    }
}

/// Each of `row`'s grid pixels: its run (`W` wide) of `down` (the picture row's columns from
/// `lo`, mixed down) weighted.
fn along<const W: usize>(down: &[f32], lo: usize, xs: &Runs, row: &mut [[f32; 3]]) {
    let (weights, _) = xs.weights.as_chunks::<W>();
    for ((o, &x0), wx) in row.iter_mut().zip(&xs.first).zip(weights) {
        let (px, _) = down[(x0 - lo) * 3..][..W * 3].as_chunks::<3>();
        *o = weighted(px, wx);
    }
}

/// `Σ wt·p` over the pixels `px` and their weights `wx`.
#[inline(always)]
fn weighted(px: &[[f32; 3]], wx: &[f32]) -> [f32; 3] {
    let mut sum = [0f32; 3];
    for (p, &wt) in px.iter().zip(wx) {
        for k in 0..3 {
            sum[k] += wt * p[k];
        }
    }
    sum
}

/// A net's input from sampled pixels: channels first, less their mean, over their spread, so
/// that a dim picture and a bright one look alike to the net.
pub fn normalised(pixels: &[[f32; 3]], w: usize, h: usize) -> Vec<f32> {
    let n = (w * h * 3) as f32;
    // Summed in order, one by one: the training's inputs stay the same to the bit, so its
    // command writes the shipped weights again (sixteen sums side by side would take a
    // quarter of the time, 0.3 ms of the photo's reading, but move the last bits).
    let values = pixels.as_flattened();
    let mean = values.iter().sum::<f32>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f32>() / n;
    let scale = 1.0 / (var.sqrt() + 2.0);
    let mut out = vec![0f32; 3 * w * h];
    let (r, rest) = out.split_at_mut(w * h);
    let (g, b) = rest.split_at_mut(w * h);
    for (((p, r), g), b) in pixels.iter().zip(r).zip(g).zip(b) {
        *r = (p[0] - mean) * scale;
        *g = (p[1] - mean) * scale;
        *b = (p[2] - mean) * scale;
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
    fn square_sampling_gives_the_general_ones_sums() {
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
                // The same sums, added in another order: equal to well within a thousandth
                // of a grey level (of 255).
                let most = fast
                    .iter()
                    .flatten()
                    .zip(general.iter().flatten())
                    .map(|(x, y)| (x - y).abs())
                    .fold(0.0, f32::max);
                assert!(most < 1e-3, "centre {centre:?}, A {a:?}: apart by {most}");
                // And not the same by being flat: the noise differs across the grid.
                assert!(fast.iter().any(|p| p != &fast[0]));
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
