//! One convolution layer ([`Conv`]) of a [`super::Net`]: its shape, its weights, and its
//! arithmetic, as matrix products (im2col, col2im, [`gemm`]). Pure.

/// A layer's shape: input and output channels, kernel side, stride.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    pub cin: usize,
    pub cout: usize,
    pub k: usize,
    pub stride: usize,
}

impl Shape {
    /// A convolution: every output channel sums over every input channel.
    pub const fn conv(cin: usize, cout: usize, k: usize, stride: usize) -> Shape {
        Shape {
            cin,
            cout,
            k,
            stride,
        }
    }

    /// The weights a filter has: `cin × k × k`.
    pub fn filter_len(&self) -> usize {
        self.cin * self.k * self.k
    }
}

/// One convolution: `cout` filters of `cin × k × k` weights, and a bias each.
#[derive(Debug, Clone, PartialEq)]
pub struct Conv {
    pub cin: usize,
    pub cout: usize,
    pub k: usize,
    pub stride: usize,
    /// `[cout][cin][k][k]`.
    pub w: Vec<f32>,
    pub b: Vec<f32>,
}

impl Conv {
    /// A layer of `shape`, He-initialised from `rng`, zero biases.
    pub fn of(shape: Shape, rng: &mut impl rand::Rng) -> Conv {
        Conv::new(shape.cin, shape.cout, shape.k, shape.stride, rng)
    }

    /// Its shape.
    pub fn shape(&self) -> Shape {
        Shape {
            cin: self.cin,
            cout: self.cout,
            k: self.k,
            stride: self.stride,
        }
    }

    /// A filter's weights: `cin × k × k`.
    pub(super) fn filter_len(&self) -> usize {
        self.shape().filter_len()
    }

    /// `out (cout × n) += W × cols`, `cols` being `cin·k·k` rows of `row_len` (the first `n`
    /// of each used).
    pub(super) fn apply_weights(&self, cols: &[f32], row_len: usize, n: usize, out: &mut [f32]) {
        self.apply_full(cols, row_len, n, (out, n));
    }

    /// He-initialised weights from `rng` (a seeded generator), zero biases.
    pub fn new(cin: usize, cout: usize, k: usize, stride: usize, rng: &mut impl rand::Rng) -> Conv {
        let fan_in = (cin * k * k) as f32;
        let scale = (2.0 / fan_in).sqrt();
        let w = (0..cout * cin * k * k)
            .map(|_| {
                // A normal deviate from two uniforms (Box–Muller).
                let u: f32 = rng.random_range(f32::EPSILON..1.0);
                let v: f32 = rng.random_range(0.0..1.0);
                scale * (-2.0 * u.ln()).sqrt() * (std::f32::consts::TAU * v).cos()
            })
            .collect();
        Conv {
            cin,
            cout,
            k,
            stride,
            w,
            b: vec![0.0; cout],
        }
    }

    /// A full layer's [`Conv::apply_weights`] into `out`'s rows `rsc` apart.
    pub fn apply_full(
        &self,
        cols: &[f32],
        row_len: usize,
        n: usize,
        (out, rsc): (&mut [f32], usize),
    ) {
        let kk = self.filter_len();
        gemm_rows(
            self.cout,
            kk,
            n,
            &self.w,
            (kk, 1),
            cols,
            (row_len, 1),
            (out, rsc),
            true,
        );
    }

    /// The output before the product is added to it: each filter's bias over its `n` places.
    pub fn biases(&self, n: usize) -> Vec<f32> {
        let mut out = Vec::with_capacity(self.cout * n);
        for &b in &self.b {
            // A run filled at once (an `extend` of a repeat goes one by one).
            out.resize(out.len() + n, b);
        }
        out
    }

    /// For weight column `kx`: the output places `first..end` of a row whose input column
    /// `ox·stride + kx − pad` lies inside the input's `w` columns, and the input column of the
    /// first; none when no place's does.
    fn inside(&self, kx: usize, w: usize, ow: usize) -> Option<(usize, usize, usize)> {
        self.inside_from(kx, w, ow, self.pad())
    }

    /// [`Conv::inside`] with `left` columns of padding before the input.
    fn inside_from(
        &self,
        kx: usize,
        w: usize,
        ow: usize,
        left: usize,
    ) -> Option<(usize, usize, usize)> {
        let s = self.stride;
        let shift = kx as isize - left as isize;
        let first = if shift >= 0 {
            0
        } else {
            ((-shift) as usize).div_ceil(s)
        };
        let end = if (w as isize) <= shift {
            0
        } else {
            ((w as isize - shift) as usize).div_ceil(s).min(ow)
        };
        (first < end).then(|| (first, end, ((first * s) as isize + shift) as usize))
    }

    pub(super) fn pad(&self) -> usize {
        self.k / 2
    }

    /// The output's size for an input of `h × w`.
    pub fn out_size(&self, h: usize, w: usize) -> (usize, usize) {
        let p = self.pad();
        (
            (h + 2 * p - self.k) / self.stride + 1,
            (w + 2 * p - self.k) / self.stride + 1,
        )
    }

    /// Multiply-adds for an input of `h × w`.
    pub fn macs(&self, h: usize, w: usize) -> usize {
        let (oh, ow) = self.out_size(h, w);
        oh * ow * self.cout * self.filter_len()
    }

    /// `cols[(ci·k·k + ky·k + kx)][oy·ow + ox]`: the input patch under each output place.
    pub(super) fn im2col(
        &self,
        input: &[f32],
        h: usize,
        w: usize,
        cols: &mut Vec<f32>,
    ) -> (usize, usize) {
        let (oh, ow) = self.out_size(h, w);
        let n = oh * ow;
        // Not cleared: `im2col_at` writes every entry.
        cols.resize(self.cin * self.k * self.k * n, 0.0);
        self.im2col_at(input, (h, w), h * w, cols, n, 0)
    }

    /// [`Conv::im2col`] into columns `offset..offset + oh·ow` of rows `row_len` long: the
    /// columns of several samples side by side. Input channel `ci` is the `h × w` plane at
    /// `input[ci · plane_stride..]` (the planes of several samples may lie between). Every
    /// entry of those columns is written (the padding's with zero), so the buffer need not be
    /// cleared beforehand.
    pub fn im2col_at(
        &self,
        input: &[f32],
        (h, w): (usize, usize),
        plane_stride: usize,
        cols: &mut [f32],
        row_len: usize,
        offset: usize,
    ) -> (usize, usize) {
        let (oh, ow) = self.out_size(h, w);
        let (k, s, p) = (self.k, self.stride, self.pad() as isize);
        let n = oh * ow;
        if (k, s, p) == (3, 2, 1) {
            // Each weight's columns are one of the plane's four phases (even or odd rows,
            // even or odd columns) moved by at most one place: the phases taken apart once,
            // each weight's columns copied from one a run at a time.
            let mut phases = vec![0f32; 4 * n];
            for ci in 0..self.cin {
                let plane = &input[ci * plane_stride..][..h * w];
                take_phases(plane, (h, w), (oh, ow), &mut phases);
                for (ky, &(ry, dy)) in PHASE.iter().enumerate() {
                    for (kx, &(rx, dx)) in PHASE.iter().enumerate() {
                        let row = &mut cols[((ci * k + ky) * k + kx) * row_len + offset..][..n];
                        shifted(&phases[(ry * 2 + rx) * n..][..n], row, ow, dy, dx);
                    }
                }
            }
            return (oh, ow);
        }
        for ci in 0..self.cin {
            let plane = &input[ci * plane_stride..][..h * w];
            for ky in 0..k {
                for kx in 0..k {
                    let row = &mut cols[((ci * k + ky) * k + kx) * row_len + offset..][..n];
                    if s == 1 && (oh, ow) == (h, w) {
                        shifted(plane, row, w, ky as isize - p, kx as isize - p);
                        continue;
                    }
                    // The output places whose input column is inside: the same on every row.
                    let Some((first, end, x0)) = self.inside(kx, w, ow) else {
                        row.fill(0.0);
                        continue;
                    };
                    let len = end - first;
                    for (oy, dst) in row.chunks_exact_mut(ow).enumerate() {
                        let y = (oy * s) as isize + ky as isize - p;
                        if y < 0 || y >= h as isize {
                            dst.fill(0.0);
                            continue;
                        }
                        let src = &plane[y as usize * w + x0..];
                        // The padding is at most a place or two each side: set one by one.
                        for d in &mut dst[..first] {
                            *d = 0.0;
                        }
                        for d in &mut dst[end..] {
                            *d = 0.0;
                        }
                        let inside = &mut dst[first..end];
                        if s == 1 {
                            inside.copy_from_slice(&src[..len]);
                        } else {
                            let src = &src[..(len - 1) * s + 1];
                            for (i, d) in inside.iter_mut().enumerate() {
                                *d = src[i * s];
                            }
                        }
                    }
                }
            }
        }
        (oh, ow)
    }

    /// [`Conv::im2col_at`] with `top` rows and `left` columns of padding before the input
    /// instead of `k / 2` (and as many after as the output, still [`Conv::out_size`]'s, needs):
    /// TensorFlow's "same" padding, which puts the odd place of a stride-2 layer's padding
    /// after. Every entry of those columns is written.
    #[allow(clippy::too_many_arguments)]
    pub fn im2col_padded(
        &self,
        input: &[f32],
        (h, w): (usize, usize),
        plane_stride: usize,
        cols: &mut [f32],
        row_len: usize,
        offset: usize,
        (top, left): (usize, usize),
    ) {
        let (oh, ow) = self.out_size(h, w);
        let (k, s) = (self.k, self.stride);
        let n = oh * ow;
        for ci in 0..self.cin {
            let plane = &input[ci * plane_stride..][..h * w];
            for ky in 0..k {
                for kx in 0..k {
                    let row = &mut cols[((ci * k + ky) * k + kx) * row_len + offset..][..n];
                    let Some((first, end, x0)) = self.inside_from(kx, w, ow, left) else {
                        row.fill(0.0);
                        continue;
                    };
                    for (oy, dst) in row.chunks_exact_mut(ow).enumerate() {
                        let y = (oy * s + ky) as isize - top as isize;
                        if y < 0 || y >= h as isize {
                            dst.fill(0.0);
                            continue;
                        }
                        let src = &plane[y as usize * w + x0..];
                        dst[..first].fill(0.0);
                        dst[end..].fill(0.0);
                        for (i, d) in dst[first..end].iter_mut().enumerate() {
                            *d = src[i * s];
                        }
                    }
                }
            }
        }
    }

    /// The gradient of the input from that of its columns (the transpose of `im2col`): each
    /// column's entries added to the input place it came from, in the order of
    /// the place-by-place sum in the tests (so the same to the bit), a run of places at a time.
    pub(super) fn col2im(&self, cols: &[f32], h: usize, w: usize, d_input: &mut Vec<f32>) {
        let (oh, ow) = self.out_size(h, w);
        let (k, s, p) = (self.k, self.stride, self.pad() as isize);
        let n = oh * ow;
        d_input.clear();
        d_input.resize(self.cin * h * w, 0.0);
        for ci in 0..self.cin {
            let plane = &mut d_input[ci * h * w..(ci + 1) * h * w];
            for ky in 0..k {
                for kx in 0..k {
                    let row = &cols[((ci * k + ky) * k + kx) * n..][..n];
                    // The output places whose input column is inside: the same on every row.
                    let Some((first, end, x0)) = self.inside(kx, w, ow) else {
                        continue;
                    };
                    for (oy, src) in row.chunks_exact(ow).enumerate() {
                        let y = (oy * s) as isize + ky as isize - p;
                        if y < 0 || y >= h as isize {
                            continue;
                        }
                        let dst = &mut plane[y as usize * w + x0..];
                        let src = &src[first..end];
                        if s == 1 {
                            for (d, &g) in dst.iter_mut().zip(src) {
                                *d += g;
                            }
                        } else {
                            for (i, &g) in src.iter().enumerate() {
                                dst[i * s] += g;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// For a 3×3 weight of stride 2, row (or column) `ky` reads input row `2·oy + ky − 1`: in
/// which phase (even 0, odd 1) and moved by how many places: phase 1 a row up, phase 0, phase 1.
const PHASE: [(usize, isize); 3] = [(1, -1), (0, 0), (1, 0)];

/// The `h × w` plane's four phases, `oh × ow` each (`oh = ⌈h/2⌉`, `ow = ⌈w/2⌉`), one after
/// another in `out`: phase `2·ry + rx` holds `plane[(2·y + ry)·w + 2·x + rx]` at `(y, x)`, zero
/// where that lies beyond the plane.
fn take_phases(plane: &[f32], (h, w): (usize, usize), (oh, ow): (usize, usize), out: &mut [f32]) {
    let n = oh * ow;
    for ry in 0..2 {
        let (even, odd) = out[ry * 2 * n..][..2 * n].split_at_mut(n);
        for (y, (e, o)) in even
            .chunks_exact_mut(ow)
            .zip(odd.chunks_exact_mut(ow))
            .enumerate()
        {
            let y = 2 * y + ry;
            if y >= h {
                e.fill(0.0);
                o.fill(0.0);
                continue;
            }
            let (pairs, rest) = plane[y * w..][..w].as_chunks::<2>();
            for ((e, o), pair) in e.iter_mut().zip(o.iter_mut()).zip(pairs) {
                *e = pair[0];
                *o = pair[1];
            }
            if let [last] = rest {
                e[ow - 1] = *last;
                o[ow - 1] = 0.0;
            }
        }
    }
}

/// `dst[y·w + x] = plane[(y + dy)·w + x + dx]`, zero where that lies outside the plane (both
/// `w` wide, as many rows): a stride-1 convolution's columns for one weight. The places whose
/// source index lies in the plane are one run in memory, copied at once; every other place
/// lies on a row whose source row is outside or in a column the run wrapped into (at most
/// `|dx|` a row), and those are set to zero after.
pub(super) fn shifted(plane: &[f32], dst: &mut [f32], w: usize, dy: isize, dx: isize) {
    let n = dst.len();
    let h = n / w;
    let off = dy * w as isize + dx;
    let a = (-off).clamp(0, n as isize) as usize;
    let b = (n as isize - off).clamp(0, n as isize) as usize;
    if a < b {
        let from = (a as isize + off) as usize;
        dst[a..b].copy_from_slice(&plane[from..from + (b - a)]);
    }
    // Rows whose source row is outside.
    let (rows_from, rows_to) = (
        (-dy).clamp(0, h as isize) as usize,
        (h as isize - dy).clamp(0, h as isize) as usize,
    );
    dst[..rows_from * w].fill(0.0);
    dst[rows_to.max(rows_from) * w..].fill(0.0);
    // The columns a row's run wrapped into.
    let cols = if dx < 0 {
        0..((-dx) as usize).min(w)
    } else {
        w - (dx as usize).min(w)..w
    };
    if !cols.is_empty() {
        for row in dst.chunks_exact_mut(w).take(rows_to).skip(rows_from) {
            for d in &mut row[cols.clone()] {
                *d = 0.0;
            }
        }
    }
}

/// `c = a × b (+ c when accumulate)`, `a` being `m × k` and `b` `k × n`, each given by its
/// row and column strides, `c`'s rows `n` long.
#[allow(clippy::too_many_arguments)]
pub(super) fn gemm(
    m: usize,
    k: usize,
    n: usize,
    a: &[f32],
    a_strides: (usize, usize),
    b: &[f32],
    b_strides: (usize, usize),
    c: &mut [f32],
    accumulate: bool,
) {
    gemm_rows(m, k, n, a, a_strides, b, b_strides, (c, n), accumulate);
}

/// [`gemm`] into `c`'s rows `rsc` apart (the first `n` of each).
#[allow(clippy::too_many_arguments)]
pub(super) fn gemm_rows(
    m: usize,
    k: usize,
    n: usize,
    a: &[f32],
    (rsa, csa): (usize, usize),
    b: &[f32],
    (rsb, csb): (usize, usize),
    (c, rsc): (&mut [f32], usize),
    accumulate: bool,
) {
    assert!(m == 0 || k == 0 || (m - 1) * rsa + (k - 1) * csa < a.len());
    assert!(k == 0 || n == 0 || (k - 1) * rsb + (n - 1) * csb < b.len());
    assert!(rsc >= n && (m == 0 || n == 0 || (m - 1) * rsc + n <= c.len()));
    // SAFETY: the asserts above keep every index the product reads or writes inside its slice.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            rsa as isize,
            csa as isize,
            b.as_ptr(),
            rsb as isize,
            csb as isize,
            if accumulate { 1.0 } else { 0.0 },
            c.as_mut_ptr(),
            rsc as isize,
            1,
        );
    }
}
