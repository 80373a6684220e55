//! The small image operations the reader needs beyond imageproc's: a box downscale (by a whole
//! or a fractional factor), the table estimate, the holes of a blob and k-means splitting; and,
//! though imageproc has them, 3×3 opening and closing and 8-connected blobs, written here for
//! speed on the small copy.
//! Over the 200 labelled photos (instructions counted by cachegrind; the same masks and blobs),
//! imageproc's `open_mut`/`close_mut` (by distance transform) cost 4.4 billion instructions
//! against 0.15 billion here, and its `connected_components` with the pixels gathered into
//! blobs 1.5 billion against 0.5 billion.

use image::{GrayImage, Luma, RgbImage};

/// A `sw`×`sh` RGB copy of `image` from (`x0`, `y0`), `f` times smaller: small pixel `i` across
/// is the average of the picture's columns from `x0` + ⌊i·f⌋ to before `x0` + ⌊(i+1)·f⌋, and
/// likewise down (for a fractional `f`, blocks of ⌊f⌋ or ⌈f⌉ pixels a side; for a whole one,
/// `f`×`f` blocks). `f` is at least 1, and `sw`·`f` and `sh`·`f` fit in the picture. Halving
/// has a path of its own.
pub fn downscale(image: &RgbImage, x0: u32, y0: u32, sw: u32, sh: u32, f: f32) -> Vec<[u8; 3]> {
    if f == 2.0 {
        return halve(image, x0, y0, sw, sh);
    }
    // Where each small pixel's block starts and ends, across and down.
    let edges = |n: u32, at: u32| -> Vec<usize> {
        (0..=n)
            .map(|i| at as usize + (i as f32 * f) as usize)
            .collect()
    };
    let (xs, ys) = (edges(sw, x0), edges(sh, y0));
    let raw = image.as_raw();
    let stride = image.width() as usize * 3;
    let (left, right) = (xs[0], xs[sw as usize]);
    // The sums down each picture column of a band of rows, channel by channel side by side
    // (a flat loop over bytes, which the compiler vectorises), then summed across from the
    // band's left: a block's sum is the difference of two of those.
    let mut down = vec![0u32; (right - left) * 3];
    let mut across = vec![0u32; (right - left + 1) * 3];
    // The mean by a multiplication: for a total t ≤ 255·n, ⌊t·(⌊2³²/n⌋ + 1) / 2³²⌋ is ⌊t/n⌋
    // (the error, under t/2³², never reaches the next whole number). A block has n pixels,
    // at most ⌈f⌉².
    let most = (f.ceil() as usize).pow(2);
    let times: Vec<u64> = (0..=most as u64)
        .map(|n| (1u64 << 32) / n.max(1) + 1)
        .collect();
    // Each block's first column in the band's sums, and its width.
    let columns: Vec<(usize, usize)> = xs
        .windows(2)
        .map(|cols| ((cols[0] - left) * 3, cols[1] - cols[0]))
        .collect();
    let mut out = Vec::with_capacity((sw * sh) as usize);
    for rows in ys.windows(2) {
        let band = |y: usize| &raw[y * stride + left * 3..y * stride + right * 3];
        for (sum, &v) in down.iter_mut().zip(band(rows[0])) {
            *sum = u32::from(v);
        }
        for y in rows[0] + 1..rows[1] {
            for (sum, &v) in down.iter_mut().zip(band(y)) {
                *sum += u32::from(v);
            }
        }
        let mut run = [0u32; 3];
        for (column, to) in down.chunks_exact(3).zip(across[3..].chunks_exact_mut(3)) {
            run = [run[0] + column[0], run[1] + column[1], run[2] + column[2]];
            to.copy_from_slice(&run);
        }
        let height = rows[1] - rows[0];
        out.extend(columns.iter().map(|&(a, width)| {
            let times = times[height * width];
            let b = a + 3 * width;
            let mean = |c: usize| ((u64::from(across[b + c] - across[a + c]) * times) >> 32) as u8;
            [mean(0), mean(1), mean(2)]
        }));
    }
    out
}

/// The average of each 2×2 block of `image` from (`x0`, `y0`): a `sw`×`sh` RGB copy. The
/// common case (a 640-pixel photo, a 1280×720 frame), two rows at a time.
fn halve(image: &RgbImage, x0: u32, y0: u32, sw: u32, sh: u32) -> Vec<[u8; 3]> {
    let sw = sw as usize;
    let mut out = Vec::with_capacity(sw * sh as usize);
    let raw = image.as_raw();
    let stride = image.width() as usize * 3;
    // Each row pair's sums down, byte by byte (a loop the compiler vectorises), then each
    // block's two columns of them.
    let mut down = vec![0u16; sw * 6];
    for sy in 0..sh as usize {
        let start = (y0 as usize + sy * 2) * stride + x0 as usize * 3;
        let top = &raw[start..start + sw * 6];
        let bottom = &raw[start + stride..start + stride + sw * 6];
        for ((d, &a), &b) in down.iter_mut().zip(top).zip(bottom) {
            *d = u16::from(a) + u16::from(b);
        }
        out.extend(down.chunks_exact(6).map(|d| {
            let mean = |c: usize| ((d[c] + d[c + 3]) / 4) as u8;
            [mean(0), mean(1), mean(2)]
        }));
    }
    out
}

/// (R + G + B) / 3.
pub fn lightness(p: [u8; 3]) -> u8 {
    ((u16::from(p[0]) + u16::from(p[1]) + u16::from(p[2])) / 3) as u8
}

/// The larger of two numbers, neither NaN (`f32::max` minds NaN, which costs in the inner loops
/// and keeps them from being vectorised).
pub fn larger(a: f32, b: f32) -> f32 {
    if a > b { a } else { b }
}

/// The tint of `colour` (a table's, or white pips'): each channel's difference with the next
/// (red less green, green less blue, blue less red). A green baize, a wooden table or a warm
/// lamp has its own; a colour within `GREY` of grey is taken as grey (none).
pub fn tint_of(colour: [u8; 3]) -> [i16; 3] {
    if i16::from(chroma_from(colour, [0; 3])) <= GREY {
        return [0; 3];
    }
    let [r, g, b] = colour.map(i16::from);
    [r - g, g - b, b - r]
}

/// How far from grey (largest difference of two channels, 0–255) a colour may be and still be
/// taken as grey: a grey table under a lamp a little warm or cool. The labelled photos' table
/// is 6 off.
const GREY: i16 = 12;

/// `v` multiplied by `gain`, rounded, at most white.
pub fn times(v: u8, gain: f32) -> u8 {
    (f32::from(v) * gain).round().min(255.0) as u8
}

/// How far a pixel's colour lies from the table's tint: its chroma (max − min of the channels,
/// the largest difference of two) measured from the tint rather than from grey (the same on a
/// grey table), so that a die less coloured than a coloured table, or of another hue as
/// coloured, stands out from it.
pub fn chroma_from(p: [u8; 3], tint: [i16; 3]) -> u8 {
    let [r, g, b] = p.map(i16::from);
    let off = ((r - g) - tint[0])
        .abs()
        .max(((g - b) - tint[1]).abs())
        .max(((b - r) - tint[2]).abs());
    off.min(255) as u8
}

/// The table under the dice, estimated at every pixel, once for each of `reaches`: the median
/// of each `block`×`block` block (sampled every other pixel), then the median of the blocks
/// within `reach` blocks (so a few dice cannot pull it), interpolated bilinearly between
/// block centres.
pub fn table_estimates<const N: usize>(
    values: &[u8],
    w: usize,
    h: usize,
    block: usize,
    reaches: [usize; N],
) -> [TableEstimate; N] {
    let bw = w.div_ceil(block);
    let bh = h.div_ceil(block);
    let mut medians = vec![0u8; bw * bh];
    let mut buf = Vec::with_capacity(block * block);
    // The blocks wholly inside the picture, a row of them at a time: their samples laid out
    // sample by sample across the blocks, so that the medians are counted for all the row's
    // blocks side by side (`perf`: the medians took 7% of the reading, one block at a time).
    let (whole_columns, per_side) = (w / block, block.div_ceil(2));
    let mut across = vec![0u8; per_side * per_side * whole_columns];
    for by in 0..bh {
        let rows = by * block..((by + 1) * block).min(h);
        let first_part = if rows.len() == block {
            for (r, y) in rows.clone().step_by(2).enumerate() {
                let row = &values[y * w..y * w + whole_columns * block];
                for (c, dx) in (0..block).step_by(2).enumerate() {
                    let to = &mut across[(r * per_side + c) * whole_columns..][..whole_columns];
                    for (t, &v) in to.iter_mut().zip(row[dx..].iter().step_by(block)) {
                        *t = v;
                    }
                }
            }
            medians_across(
                &across,
                whole_columns,
                &mut medians[by * bw..by * bw + whole_columns],
            );
            whole_columns
        } else {
            0
        };
        // The blocks cut by the picture's edge, one by one.
        for bx in first_part..bw {
            buf.clear();
            // Every other pixel of every other row: plenty for a median, a quarter the work.
            for y in rows.clone().step_by(2) {
                buf.extend(
                    values[y * w + bx * block..y * w + ((bx + 1) * block).min(w)]
                        .iter()
                        .step_by(2),
                );
            }
            medians[by * bw + bx] = median(&buf);
        }
    }
    reaches.map(|reach| spread_blocks(&medians, bw, bh, w, h, block, reach))
}

/// The median of the block medians within `reach` blocks, interpolated to every pixel.
fn spread_blocks(
    medians: &[u8],
    bw: usize,
    bh: usize,
    w: usize,
    h: usize,
    block: usize,
    reach: usize,
) -> TableEstimate {
    // The estimate changes slowly: worked out at every other block (a grid of 2×2 blocks).
    let (gw, gh) = (bw.div_ceil(2), bh.div_ceil(2));
    let mut buf = Vec::with_capacity(49);
    let mut smooth = vec![0f32; gw * gh];
    let stride = (reach / 3).max(1);
    for gy in 0..gh {
        for gx in 0..gw {
            let (by, bx) = ((2 * gy).min(bh - 1), (2 * gx).min(bw - 1));
            buf.clear();
            // A wide neighbourhood is sampled (about 7×7 blocks of it).
            for y in (by.saturating_sub(reach)..(by + reach + 1).min(bh)).step_by(stride) {
                for x in (bx.saturating_sub(reach)..(bx + reach + 1).min(bw)).step_by(stride) {
                    buf.push(medians[y * bw + x]);
                }
            }
            smooth[gy * gw + gx] = f32::from(median(&buf));
        }
    }
    let (bw, bh, block) = (gw, gh, 2 * block);
    // Bilinear between the grid's points (the first block's centre, then every other block's):
    // the weights of each column and row, worked out once.
    let half = block as f32 / 4.0;
    let axis = |n: usize, blocks: usize| -> Vec<(usize, usize, f32)> {
        (0..n)
            .map(|i| {
                let f = ((i as f32 + 0.5 - half) / block as f32).clamp(0.0, (blocks - 1) as f32);
                let i0 = f.floor() as usize;
                (i0, (i0 + 1).min(blocks - 1), f - i0 as f32)
            })
            .collect()
    };
    let columns = axis(w, bw);
    let rows = axis(h, bh);
    // Each grid row across the picture's width, then each picture row between two of those
    // (separable, so the inner loops run over slices side by side).
    let mut across = Vec::with_capacity(w * bh);
    for grid_row in smooth.chunks_exact(bw) {
        across.extend(
            columns
                .iter()
                .map(|&(x0, x1, tx)| grid_row[x0] * (1.0 - tx) + grid_row[x1] * tx),
        );
    }
    TableEstimate { across, rows, w }
}

/// A table estimate, interpolated a row at a time where it is needed (the whole picture's, four
/// of them for each look, cost more in memory traffic than in sums).
pub struct TableEstimate {
    /// Each grid row across the picture's width.
    across: Vec<f32>,
    /// For each picture row, the grid rows above and below it and the weight of the lower.
    rows: Vec<(usize, usize, f32)>,
    w: usize,
}

impl TableEstimate {
    /// Row `y` of the estimate, into `out` (`w` long).
    pub fn row(&self, y: usize, out: &mut [f32]) {
        let (w, (y0, y1, ty)) = (self.w, self.rows[y]);
        let (top, bottom) = (
            &self.across[y0 * w..(y0 + 1) * w],
            &self.across[y1 * w..(y1 + 1) * w],
        );
        for ((o, &t), &b) in out.iter_mut().zip(top).zip(bottom) {
            *o = t * (1.0 - ty) + b * ty;
        }
    }
}

/// The medians of `sets` sets of values, into `out` (`sets` long), as `median` finds them, all
/// the sets side by side. `samples` holds them value by value: each set's first value, then
/// each set's second, and so on.
pub fn medians_across(samples: &[u8], sets: usize, out: &mut [u8]) {
    let n = samples.len().checked_div(sets).unwrap_or(0);
    out.fill(0);
    if n == 0 {
        return;
    }
    let half = n / 2;
    // Counted in bytes (so 16 sets at a time), 255 values at a time so that the counts fit.
    let mut under = vec![0usize; sets];
    let mut count = vec![0u8; sets];
    for bit in (0..8).rev() {
        under.fill(0);
        for values in samples.chunks(255 * sets) {
            count.fill(0);
            for value in values.chunks_exact(sets) {
                for ((c, &v), &m) in count.iter_mut().zip(value).zip(out.iter()) {
                    *c += u8::from(v < (m | (1 << bit)));
                }
            }
            for (u, &c) in under.iter_mut().zip(&count) {
                *u += usize::from(c);
            }
        }
        for (m, &u) in out.iter_mut().zip(&under) {
            if u <= half {
                *m |= 1 << bit;
            }
        }
    }
}

/// The median of `values` (the one at half their number once sorted, the upper of the two
/// middle ones for an even number; 0 for none). Found bit by bit from the top, counting the
/// values under each guess: eight vectorised passes without a branch to mispredict, where a
/// selection by partitions spent a tenth of the reader's time (perf) mispredicting on such
/// noisy samples.
pub fn median(values: &[u8]) -> u8 {
    if values.is_empty() {
        return 0;
    }
    // The largest value with at most half the values under it.
    let half = values.len() / 2;
    let mut median = 0u8;
    for bit in (0..8).rev() {
        let guess = median | (1 << bit);
        // Counted in bytes, 255 values at a time (so the count fits): the loop is vectorised.
        let under: usize = values
            .chunks(255)
            .map(|chunk| usize::from(chunk.iter().fold(0u8, |n, &v| n + u8::from(v < guess))))
            .sum();
        if under <= half {
            median = guess;
        }
    }
    median
}

/// Morphological opening (3×3): removes specks.
pub fn open(mask: &[bool], w: usize, h: usize) -> Vec<bool> {
    let eroded = spread3(mask, w, h, false);
    spread3(&eroded, w, h, true)
}

/// Morphological closing (3×3): joins a die's pieces across thin gaps.
pub fn close(mask: &[bool], w: usize, h: usize) -> Vec<bool> {
    let dilated = spread3(mask, w, h, true);
    spread3(&dilated, w, h, false)
}

/// A 3×3 dilation (`grow`) or erosion, in two passes (rows, then columns). Outside the
/// picture counts as the pixel's own value, so the border neither grows nor erodes.
fn spread3(mask: &[bool], w: usize, h: usize, grow: bool) -> Vec<bool> {
    if w == 0 || h == 0 {
        return Vec::new();
    }
    let pick = |a: bool, b: bool, c: bool| if grow { a | b | c } else { a & b & c };
    // Rows: each pixel with its left and right neighbours (slices side by side, so the loop
    // has no bounds checks and no branches).
    // Both passes fill their maps in order, without zeroing them first.
    let mut rows = Vec::with_capacity(w * h);
    for row in mask.chunks_exact(w).take(h) {
        if w == 1 {
            rows.push(row[0]);
            continue;
        }
        rows.push(pick(row[0], row[0], row[1]));
        rows.extend(
            row[..w - 2]
                .iter()
                .zip(&row[1..w - 1])
                .zip(&row[2..])
                .map(|((&l, &m), &r)| pick(l, m, r)),
        );
        rows.push(pick(row[w - 2], row[w - 1], row[w - 1]));
    }
    // A mask shorter than the picture leaves its missing rows clear.
    rows.resize(w * h, false);
    // Columns: each row with the rows above and below.
    let mut out = Vec::with_capacity(w * h);
    for y in 0..h {
        let (up, down) = (y.saturating_sub(1), (y + 1).min(h - 1));
        let (u, m, d) = (
            &rows[up * w..(up + 1) * w],
            &rows[y * w..(y + 1) * w],
            &rows[down * w..(down + 1) * w],
        );
        out.extend(u.iter().zip(m).zip(d).map(|((&a, &b), &c)| pick(a, b, c)));
    }
    out
}

/// The holes of a blob: background pixels inside its box (`x0, y0, x1, y1`, inclusive) that
/// cannot be reached from outside the box through background (4-connected), in holes of at
/// most `max_hole` pixels (a die's pips; not the inside of a tray's border).
pub fn holes_in(
    mask: &[bool],
    w: usize,
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    max_hole: usize,
) -> Vec<(u32, u32)> {
    let (x0, y0) = (x0 as usize, y0 as usize);
    let (bw, bh) = (x1 as usize - x0 + 1, y1 as usize - y0 + 1);
    let background = |x: usize, y: usize| !mask[(y0 + y) * w + x0 + x];
    // 0: not yet seen, 1: outside (reached from the box's edge), 2: measured as a hole.
    let mut seen = vec![0u8; bw * bh];
    let mut stack: Vec<usize> = Vec::new();
    let mut region: Vec<usize> = Vec::new();
    let mut flood = |start: usize, mark: u8, seen: &mut [u8], region: &mut Vec<usize>| {
        region.clear();
        seen[start] = mark;
        stack.push(start);
        while let Some(i) = stack.pop() {
            region.push(i);
            let (x, y) = (i % bw, i / bw);
            let neighbours = [
                (x > 0).then(|| i - 1),
                (x + 1 < bw).then(|| i + 1),
                (y > 0).then(|| i - bw),
                (y + 1 < bh).then(|| i + bw),
            ];
            for j in neighbours.into_iter().flatten() {
                if seen[j] == 0 && background(j % bw, j / bw) {
                    seen[j] = mark;
                    stack.push(j);
                }
            }
        }
    };
    for i in 0..bw * bh {
        let (x, y) = (i % bw, i / bw);
        let on_edge = x == 0 || y == 0 || x + 1 == bw || y + 1 == bh;
        if on_edge && seen[i] == 0 && background(x, y) {
            flood(i, 1, &mut seen, &mut region);
        }
    }
    let mut holes = Vec::new();
    for i in 0..bw * bh {
        if seen[i] == 0 && background(i % bw, i / bw) {
            flood(i, 2, &mut seen, &mut region);
            if region.len() <= max_hole {
                holes.extend(
                    region
                        .iter()
                        .map(|&j| ((x0 + j % bw) as u32, (y0 + j / bw) as u32)),
                );
            }
        }
    }
    holes
}

/// For each pixel of each blob, its Euclidean distance to the nearest pixel outside the mask
/// (0 elsewhere). Worked out in each blob's box only (with a margin of table around it):
/// the dice cover a small part of the picture.
pub fn distance_to_table(mask: &[bool], w: usize, h: usize, blobs: &[Vec<(u32, u32)>]) -> Vec<f32> {
    let mut out = vec![0f32; w * h];
    for blob in blobs {
        let (x0, y0, x1, y1) = bounds(blob);
        let (bw, bh) = (x1 - x0 + 3, y1 - y0 + 3);
        // imageproc measures the distance to the nearest set pixel: set the table's.
        let table = GrayImage::from_fn(bw, bh, |x, y| {
            let inside = x >= 1 && y >= 1 && x <= bw - 2 && y <= bh - 2 && {
                let (px, py) = ((x0 + x - 1) as usize, (y0 + y - 1) as usize);
                mask[py * w + px]
            };
            Luma([if inside { 0 } else { 255 }])
        });
        let d = imageproc::distance_transform::euclidean_squared_distance_transform(&table);
        for &(x, y) in blob {
            let v = d.get_pixel(x - x0 + 1, y - y0 + 1).0[0];
            out[y as usize * w + x as usize] = (v as f32).sqrt();
        }
    }
    out
}

/// The middle of a pixel list (its mean position); (0, 0) for none.
pub fn centroid(pixels: &[(u32, u32)]) -> (f32, f32) {
    let n = pixels.len().max(1) as f32;
    let (sx, sy) = pixels
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x as f32, b + y as f32));
    (sx / n, sy / n)
}

/// The bounding box of a pixel list: (min x, min y, max x, max y).
pub fn bounds(pixels: &[(u32, u32)]) -> (u32, u32, u32, u32) {
    pixels
        .iter()
        .fold((u32::MAX, u32::MAX, 0, 0), |(x0, y0, x1, y1), &(x, y)| {
            (x0.min(x), y0.min(y), x1.max(x), y1.max(y))
        })
}

/// The 8-connected blobs of a mask, each as its pixels. A flood from each unseen pixel of the
/// mask: the dice cover little of the picture, so this touches little more than them.
pub fn components(mask: &[bool], w: u32, h: u32) -> Vec<Vec<(u32, u32)>> {
    let (w, h) = (w as usize, h as usize);
    // The pixels no blob has taken yet: the mask, cleared as the blobs grow.
    let mut left = mask[..w * h].to_vec();
    let mut out = Vec::new();
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    while let Some(next) = first_set(&left, start) {
        start = next;
        let mut blob = Vec::new();
        left[start] = false;
        stack.push((start % w, start / w));
        while let Some((x, y)) = stack.pop() {
            blob.push((x as u32, y as u32));
            for ny in y.saturating_sub(1)..(y + 2).min(h) {
                for nx in x.saturating_sub(1)..(x + 2).min(w) {
                    let j = ny * w + nx;
                    if left[j] {
                        left[j] = false;
                        stack.push((nx, ny));
                    }
                }
            }
        }
        out.push(blob);
    }
    out
}

/// The first place from `from` on where `flags` is set. Runs of 32 clear places are skipped at
/// once (a vectorised test); a search place by place spent a fifth of the blob finding.
fn first_set(flags: &[bool], from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(run) = flags.get(at..at + 32)
        && !run.iter().fold(false, |any, &f| any | f)
    {
        at += 32;
    }
    flags[at..].iter().position(|&f| f).map(|i| at + i)
}

/// Splits a blob of touching dice into `k` parts by k-means on the pixel positions
/// (farthest-point start, a few rounds).
pub fn split_kmeans(pixels: &[(u32, u32)], k: usize) -> Vec<Vec<(u32, u32)>> {
    let pts: Vec<(f32, f32)> = pixels.iter().map(|&(x, y)| (x as f32, y as f32)).collect();
    let n = pts.len() as f32;
    let mean = pts
        .iter()
        .fold((0.0, 0.0), |a, p| (a.0 + p.0 / n, a.1 + p.1 / n));
    let d2 = |a: (f32, f32), b: (f32, f32)| (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2);
    let mut centres = Vec::with_capacity(k);
    let first = pts
        .iter()
        .copied()
        .max_by(|a, b| d2(*a, mean).total_cmp(&d2(*b, mean)))
        .unwrap_or(mean);
    centres.push(first);
    while centres.len() < k {
        let next = pts
            .iter()
            .copied()
            .max_by(|a, b| {
                let da = centres.iter().map(|c| d2(*a, *c)).fold(f32::MAX, f32::min);
                let db = centres.iter().map(|c| d2(*b, *c)).fold(f32::MAX, f32::min);
                da.total_cmp(&db)
            })
            .unwrap_or(mean);
        centres.push(next);
    }
    let mut assign = vec![0usize; pts.len()];
    for _ in 0..8 {
        for (i, p) in pts.iter().enumerate() {
            assign[i] = (0..k)
                .min_by(|&a, &b| d2(*p, centres[a]).total_cmp(&d2(*p, centres[b])))
                .unwrap_or(0);
        }
        let mut sums = vec![(0.0f32, 0.0f32, 0usize); k];
        for (p, &a) in pts.iter().zip(&assign) {
            sums[a].0 += p.0;
            sums[a].1 += p.1;
            sums[a].2 += 1;
        }
        for (c, s) in centres.iter_mut().zip(&sums) {
            if s.2 > 0 {
                *c = (s.0 / s.2 as f32, s.1 / s.2 as f32);
            }
        }
    }
    let mut parts = vec![Vec::new(); k];
    for (&p, &a) in pixels.iter().zip(&assign) {
        parts[a].push(p);
    }
    parts.retain(|p| !p.is_empty());
    parts
}
