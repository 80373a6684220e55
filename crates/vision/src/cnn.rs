//! A small convolutional network, forward and backward: the dice reader's model.
//!
//! A [`Net`] is a stack of square convolutions (3×3 or 1×1, "same" padding, stride 1 or 2),
//! each followed by a ReLU but the last; a classifier averages its last layer over the picture
//! (global average pooling). One sample at a time, channels first (`[c][y][x]`). Convolutions
//! are matrix products (im2col) done by `matrixmultiply`, which picks the CPU's vector
//! instructions at run time. The same code trains ([`Net::backward`], [`Adam`]) and reads,
//! so the model that is trained is the model that ships. Pure: no I/O, no clock.

use thiserror::Error;

mod conv;

use conv::gemm;
pub use conv::{Conv, Shape};

/// How many floats of columns [`Net::forward_many`] writes before their product is taken
/// (a quarter of a megabyte: well inside a core's cache).
const GROUP_FLOATS: usize = 64 * 1024;

/// A stack of convolutions; `pooled`: the last layer is averaged over the picture.
///
/// `links`: empty, every layer but the last is followed by a ReLU (the nets trained from
/// scratch); otherwise one per layer, its activation and the earlier output added to its own
/// (the inverted residual blocks of a pretrained net, [`Link`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    pub layers: Vec<Conv>,
    pub pooled: bool,
    pub links: Vec<Link>,
}

/// What follows a layer's convolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Activation {
    #[default]
    None,
    /// `max(x, 0)`.
    Relu,
    /// `min(max(x, 0), 6)`.
    Relu6,
}

/// A layer's activation, and `skip`: the layer whose output is added to this one's (an
/// earlier one of the same size and channels; the layer itself then has no activation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Link {
    pub act: Activation,
    pub skip: Option<usize>,
}

impl Activation {
    fn apply(self, out: &mut [f32]) {
        match self {
            Activation::None => {}
            Activation::Relu => out.iter_mut().for_each(|v| *v = v.max(0.0)),
            Activation::Relu6 => out.iter_mut().for_each(|v| *v = v.clamp(0.0, 6.0)),
        }
    }

    /// Zeroes the gradient `d` where the output `out` was clamped.
    fn mask(self, d: &mut [f32], out: &[f32]) {
        match self {
            Activation::None => {}
            Activation::Relu => {
                for (g, &o) in d.iter_mut().zip(out) {
                    if o <= 0.0 {
                        *g = 0.0;
                    }
                }
            }
            Activation::Relu6 => {
                for (g, &o) in d.iter_mut().zip(out) {
                    if o <= 0.0 || o >= 6.0 {
                        *g = 0.0;
                    }
                }
            }
        }
    }
}

/// What a forward pass keeps for the backward one.
#[derive(Debug, Default)]
pub struct Trace {
    /// Each layer's input size, its columns and its output (after the ReLU).
    sizes: Vec<(usize, usize)>,
    cols: Vec<Vec<f32>>,
    outs: Vec<Vec<f32>>,
    /// The last layer's output size.
    pub out_size: (usize, usize),
}

/// The gradient of every weight, laid out as the net's.
#[derive(Debug, Clone)]
pub struct Grads {
    pub w: Vec<Vec<f32>>,
    pub b: Vec<Vec<f32>>,
}

impl Grads {
    pub fn zeros(net: &Net) -> Grads {
        Grads {
            w: net.layers.iter().map(|l| vec![0.0; l.w.len()]).collect(),
            b: net.layers.iter().map(|l| vec![0.0; l.b.len()]).collect(),
        }
    }

    /// Adds `other` to this.
    pub fn add(&mut self, other: &Grads) {
        for (a, b) in self
            .w
            .iter_mut()
            .zip(&other.w)
            .chain(self.b.iter_mut().zip(&other.b))
        {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }
}

impl Net {
    /// Layer `i`'s link: its own, or for a plain net a ReLU after every layer but the last.
    pub fn link(&self, i: usize) -> Link {
        match self.links.get(i) {
            Some(&l) => l,
            None => Link {
                act: if i + 1 < self.layers.len() {
                    Activation::Relu
                } else {
                    Activation::None
                },
                skip: None,
            },
        }
    }

    /// Whether some later layer adds layer `i`'s output to its own.
    fn skipped_to(&self, i: usize) -> bool {
        self.links.iter().any(|l| l.skip == Some(i))
    }

    /// The output of `input` (`cin × h × w`): the last layer's channels, averaged when pooled.
    pub fn forward(&self, input: &[f32], h: usize, w: usize) -> Vec<f32> {
        let mut trace = Trace::default();
        self.forward_traced(input, h, w, &mut trace, false)
    }

    /// [`Net::forward`] of several inputs of one size at once: each layer one matrix product
    /// for all of them, which the small layers of a classifier need to be quick. Between
    /// layers the samples' activations lie in one buffer, channel by channel (`[c][sample][y][x]`):
    /// the columns of a 1×1 layer as they are. The same arithmetic in the same order as
    /// [`Net::forward`] on each: the same outputs to the bit.
    pub fn forward_many(&self, inputs: &[Vec<f32>], h: usize, w: usize) -> Vec<Vec<f32>> {
        let (act, n, channels) = self.run_many(inputs, h, w, self.layers.len());
        let m = inputs.len();
        (0..m)
            .map(|j| {
                let planes = (0..channels).map(|c| &act[(c * m + j) * n..][..n]);
                if self.pooled {
                    planes.map(|p| p.iter().sum::<f32>() / n as f32).collect()
                } else {
                    planes.flatten().copied().collect()
                }
            })
            .collect()
    }

    /// What the last layer of a pooled net sees of each input: the layer before it (after
    /// its ReLU) averaged over the picture. The last layer being 1×1, its output averaged is
    /// its weights times these, plus its biases ([`crate::adapt`] retrains it on them).
    pub fn features_many(&self, inputs: &[Vec<f32>], h: usize, w: usize) -> Vec<Vec<f32>> {
        let upto = self.layers.len().saturating_sub(1);
        let (act, n, channels) = self.run_many(inputs, h, w, upto);
        let m = inputs.len();
        (0..m)
            .map(|j| {
                (0..channels)
                    .map(|c| act[(c * m + j) * n..][..n].iter().sum::<f32>() / n as f32)
                    .collect()
            })
            .collect()
    }

    /// The first `upto` layers on all `inputs` at once: the activations (`[c][sample][y][x]`),
    /// the places per sample and the channels.
    fn run_many(
        &self,
        inputs: &[Vec<f32>],
        h: usize,
        w: usize,
        upto: usize,
    ) -> (Vec<f32>, usize, usize) {
        let m = inputs.len();
        let (mut h, mut w) = (h, w);
        let mut act: Vec<f32> = Vec::new();
        // The outputs a later layer adds to its own.
        let mut kept: Vec<(usize, Vec<f32>)> = Vec::new();
        let mut cols = Vec::new();
        let (mut tap, mut phases) = (Vec::new(), Vec::new());
        for (i, layer) in self.layers.iter().enumerate().take(upto) {
            let (oh, ow) = layer.out_size(h, w);
            let n = oh * ow;
            let kk = layer.cin * layer.k * layer.k;
            let as_is = i > 0 && layer.k == 1 && layer.stride == 1;
            if layer.depthwise {
                // Straight from the planes, no columns.
                let mut out = layer.biases(n * m);
                for c in 0..layer.cout {
                    let out = &mut out[c * m * n..][..m * n];
                    if i == 0 {
                        for (j, input) in inputs.iter().enumerate() {
                            let plane = &input[c * h * w..][..h * w];
                            layer.depthwise_plane(c, plane, (h, w), &mut out[j * n..][..n]);
                        }
                    } else {
                        let block = &act[c * m * h * w..][..m * h * w];
                        layer.depthwise_block(c, block, m, (h, w), out, (&mut tap, &mut phases));
                    }
                }
                self.finish(i, &mut out, &kept);
                if self.skipped_to(i) {
                    kept.push((i, out.clone()));
                }
                act = out;
                (h, w) = (oh, ow);
                continue;
            }
            let mut out = layer.biases(n * m);
            if as_is {
                layer.apply_weights(&act, n * m, n * m, &mut out);
            } else {
                // A few samples' columns at a time, few enough for the product to find them
                // in the cache: written and read at once, not sent out to memory between.
                let group = (GROUP_FLOATS / (kk * n)).clamp(1, m);
                for j0 in (0..m).step_by(group) {
                    let g = group.min(m - j0);
                    // Not cleared: `im2col_at` writes every entry.
                    cols.resize(kk * n * g, 0.0);
                    for j in j0..j0 + g {
                        let at = (j - j0) * n;
                        if i == 0 {
                            debug_assert_eq!(inputs[j].len(), layer.cin * h * w);
                            layer.im2col_at(&inputs[j], (h, w), h * w, &mut cols, n * g, at);
                        } else {
                            let hw = h * w;
                            layer.im2col_at(&act[j * hw..], (h, w), m * hw, &mut cols, n * g, at);
                        }
                    }
                    layer.apply_full(&cols, n * g, n * g, (&mut out[j0 * n..], n * m));
                }
            }
            self.finish(i, &mut out, &kept);
            if self.skipped_to(i) {
                kept.push((i, out.clone()));
            }
            act = out;
            (h, w) = (oh, ow);
        }
        let channels = upto
            .checked_sub(1)
            .and_then(|i| self.layers.get(i))
            .map_or(0, |l| l.cout);
        (act, h * w, channels)
    }

    /// Layer `i`'s activation on its output, then the output it skips from (in `kept`) added.
    fn finish(&self, i: usize, out: &mut [f32], kept: &[(usize, Vec<f32>)]) {
        let link = self.link(i);
        link.act.apply(out);
        if let Some(from) = link.skip
            && let Some((_, earlier)) = kept.iter().find(|(j, _)| *j == from)
        {
            for (o, e) in out.iter_mut().zip(earlier) {
                *o += e;
            }
        }
    }

    /// As [`Net::forward`], keeping in `trace` what [`Net::backward`] needs when `keep`.
    pub fn forward_traced(
        &self,
        input: &[f32],
        h: usize,
        w: usize,
        trace: &mut Trace,
        keep: bool,
    ) -> Vec<f32> {
        let n_layers = self.layers.len();
        let mut kept: Vec<(usize, Vec<f32>)> = Vec::new();
        trace.sizes.clear();
        trace.cols.resize_with(n_layers, Vec::new);
        trace.outs.resize_with(n_layers, Vec::new);
        let (mut h, mut w) = (h, w);
        let mut current: Vec<f32> = input.to_vec();
        let mut cols = Vec::new();
        for (i, layer) in self.layers.iter().enumerate() {
            debug_assert_eq!(current.len(), layer.cin * h * w);
            trace.sizes.push((h, w));
            let c = if keep { &mut trace.cols[i] } else { &mut cols };
            let (oh, ow) = layer.im2col(&current, h, w, c);
            let n = oh * ow;
            let mut out = layer.biases(n);
            layer.apply_weights(c, n, n, &mut out);
            self.finish(i, &mut out, &kept);
            if keep {
                trace.outs[i].clone_from(&out);
            }
            if self.skipped_to(i) {
                kept.push((i, out.clone()));
            }
            current = out;
            (h, w) = (oh, ow);
        }
        trace.out_size = (h, w);
        if self.pooled {
            let n = (h * w) as f32;
            current
                .chunks(h * w)
                .map(|c| c.iter().sum::<f32>() / n)
                .collect()
        } else {
            current
        }
    }

    /// Adds to `grads` the gradient of the loss whose gradient at the output is `d_out` (as
    /// [`Net::forward_traced`] returned it), for the pass `trace` kept.
    pub fn backward(&self, trace: &Trace, d_out: &[f32], grads: &mut Grads) {
        let (oh, ow) = trace.out_size;
        let mut d: Vec<f32> = if self.pooled {
            let n = (oh * ow) as f32;
            d_out
                .iter()
                .flat_map(|&g| std::iter::repeat_n(g / n, oh * ow))
                .collect()
        } else {
            d_out.to_vec()
        };
        let mut d_cols = Vec::new();
        let mut d_in = Vec::new();
        // The gradients at outputs that later layers added to their own.
        let mut skipped: Vec<(usize, Vec<f32>)> = Vec::new();
        for i in (0..self.layers.len()).rev() {
            let layer = &self.layers[i];
            if let Some(at) = skipped.iter().position(|(j, _)| *j == i) {
                let (_, g) = skipped.swap_remove(at);
                for (d, g) in d.iter_mut().zip(g) {
                    *d += g;
                }
            }
            let link = self.link(i);
            if let Some(from) = link.skip {
                skipped.push((from, d.clone()));
            }
            link.act.mask(&mut d, &trace.outs[i]);
            let (h, w) = trace.sizes[i];
            let (lh, lw) = layer.out_size(h, w);
            let n = lh * lw;
            let kk = layer.cin * layer.k * layer.k;
            for (co, row) in d.chunks(n).enumerate() {
                grads.b[i][co] += row.iter().sum::<f32>();
            }
            let cols = &trace.cols[i];
            if layer.depthwise {
                layer.backward_depthwise(cols, &d, n, &mut grads.w[i], &mut d_cols, i > 0);
                if i == 0 {
                    break;
                }
                layer.col2im(&d_cols, h, w, &mut d_in);
                std::mem::swap(&mut d, &mut d_in);
                continue;
            }
            // dW += dOut (cout × n) × colsᵀ (n × kk)
            gemm(
                layer.cout,
                n,
                kk,
                &d,
                (n, 1),
                cols,
                (1, n),
                &mut grads.w[i],
                true,
            );
            if i == 0 {
                break;
            }
            // dCols (kk × n) = Wᵀ (kk × cout) × dOut (cout × n)
            d_cols.clear();
            d_cols.resize(kk * n, 0.0);
            gemm(
                kk,
                layer.cout,
                n,
                &layer.w,
                (1, kk),
                &d,
                (n, 1),
                &mut d_cols,
                false,
            );
            layer.col2im(&d_cols, h, w, &mut d_in);
            std::mem::swap(&mut d, &mut d_in);
        }
    }

    /// Its layers' shapes.
    pub fn shape(&self) -> Vec<Shape> {
        self.layers.iter().map(Conv::shape).collect()
    }

    /// How many weights the net has.
    pub fn parameters(&self) -> usize {
        self.layers.iter().map(|l| l.w.len() + l.b.len()).sum()
    }

    /// Multiply-adds for one input of `h × w`.
    pub fn macs(&self, h: usize, w: usize) -> usize {
        let mut size = (h, w);
        self.layers
            .iter()
            .map(|l| {
                let m = l.macs(size.0, size.1);
                size = l.out_size(size.0, size.1);
                m
            })
            .sum()
    }

    /// The weights as bytes: `FNET`, a version, the layer count and `pooled`, each layer's
    /// shape, then every weight and bias (little-endian `u32` and `f32`). Version 1 has no
    /// depthwise layer; version 2 gives each layer's shape a fifth word, 1 when depthwise;
    /// version 3 two more, its [`Link`]: the activation (0 none, 1 ReLU, 2 ReLU6) and the
    /// layer skipped from (0 none, `j + 1` layer `j`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = b"FNET".to_vec();
        let mut put = |v: u32| out.extend_from_slice(&v.to_le_bytes());
        let version = if !self.links.is_empty() {
            3
        } else if self.layers.iter().any(|l| l.depthwise) {
            2
        } else {
            1
        };
        put(version);
        put(self.layers.len() as u32);
        put(u32::from(self.pooled));
        for (i, l) in self.layers.iter().enumerate() {
            for v in [l.cin, l.cout, l.k, l.stride] {
                put(v as u32);
            }
            if version >= 2 {
                put(u32::from(l.depthwise));
            }
            if version == 3 {
                let link = self.link(i);
                put(match link.act {
                    Activation::None => 0,
                    Activation::Relu => 1,
                    Activation::Relu6 => 2,
                });
                put(link.skip.map_or(0, |j| j as u32 + 1));
            }
        }
        for l in &self.layers {
            for v in l.w.iter().chain(&l.b) {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out
    }

    /// The net [`Net::to_bytes`] wrote.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        let mut at = 0usize;
        let mut word = || -> Result<[u8; 4], NetError> {
            let w = bytes.get(at..at + 4).ok_or(NetError::Truncated)?;
            at += 4;
            Ok([w[0], w[1], w[2], w[3]])
        };
        if &word()? != b"FNET" {
            return Err(NetError::NotANet);
        }
        let version = u32::from_le_bytes(word()?);
        if !matches!(version, 1..=3) {
            return Err(NetError::Version(version));
        }
        let n = u32::from_le_bytes(word()?) as usize;
        let pooled = u32::from_le_bytes(word()?) != 0;
        if n == 0 || n > 64 {
            return Err(NetError::Shape);
        }
        let mut shapes = Vec::with_capacity(n);
        let mut links = Vec::new();
        for _ in 0..n {
            let mut s = [0usize; 4];
            for v in &mut s {
                *v = u32::from_le_bytes(word()?) as usize;
            }
            let [cin, cout, k, stride] = s;
            let depthwise = match version {
                1 => false,
                _ => match u32::from_le_bytes(word()?) {
                    0 => false,
                    1 => true,
                    _ => return Err(NetError::Shape),
                },
            };
            if cin == 0 || cout == 0 || cin > 4096 || cout > 4096 || !matches!(k, 1 | 3 | 5) {
                return Err(NetError::Shape);
            }
            if !(1..=4).contains(&stride) || (depthwise && cin != cout) {
                return Err(NetError::Shape);
            }
            if version == 3 {
                let act = match u32::from_le_bytes(word()?) {
                    0 => Activation::None,
                    1 => Activation::Relu,
                    2 => Activation::Relu6,
                    _ => return Err(NetError::Shape),
                };
                let skip = match u32::from_le_bytes(word()?) {
                    0 => None,
                    j => Some(j as usize - 1),
                };
                links.push(Link { act, skip });
            }
            shapes.push(Shape {
                cin,
                cout,
                k,
                stride,
                depthwise,
            });
        }
        for pair in shapes.windows(2) {
            if pair[0].cout != pair[1].cin {
                return Err(NetError::Shape);
            }
        }
        // A layer adds an earlier output of its own channels and size, and has no activation.
        for (i, link) in links.iter().enumerate() {
            if let Some(j) = link.skip {
                if j >= i
                    || shapes[j].cout != shapes[i].cout
                    || shapes[j + 1..=i].iter().any(|s| s.stride != 1)
                {
                    return Err(NetError::Shape);
                }
                if link.act != Activation::None {
                    return Err(NetError::Shape);
                }
            }
        }
        let mut layers = Vec::with_capacity(n);
        for shape in shapes {
            let mut floats = |count: usize| -> Result<Vec<f32>, NetError> {
                (0..count).map(|_| word().map(f32::from_le_bytes)).collect()
            };
            let w = floats(shape.cout * shape.filter_len())?;
            let b = floats(shape.cout)?;
            layers.push(Conv {
                cin: shape.cin,
                cout: shape.cout,
                k: shape.k,
                stride: shape.stride,
                depthwise: shape.depthwise,
                w,
                b,
            });
        }
        if at != bytes.len() {
            return Err(NetError::Trailing);
        }
        Ok(Net {
            layers,
            pooled,
            links,
        })
    }
}

/// Why bytes are not a net's weights.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum NetError {
    #[error("these are not a dice model's weights")]
    NotANet,
    #[error("the dice model's weights are in version {0}, which this Foreman does not read")]
    Version(u32),
    #[error("the dice model's weights are cut short")]
    Truncated,
    #[error("the dice model's layers do not fit together")]
    Shape,
    #[error("the dice model's weights have bytes left over")]
    Trailing,
}

/// Adam, with decoupled weight decay.
#[derive(Debug, Clone)]
pub struct Adam {
    pub rate: f32,
    pub decay: f32,
    m: Grads,
    v: Grads,
    t: i32,
}

impl Adam {
    pub fn new(net: &Net, rate: f32, decay: f32) -> Adam {
        Adam {
            rate,
            decay,
            m: Grads::zeros(net),
            v: Grads::zeros(net),
            t: 0,
        }
    }

    /// One step along `grads` (already averaged over the batch).
    pub fn step(&mut self, net: &mut Net, grads: &Grads) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let (rate, decay) = (self.rate, self.decay);
        for (i, layer) in net.layers.iter_mut().enumerate() {
            let update = |p: &mut [f32], g: &[f32], m: &mut [f32], v: &mut [f32], wd: f32| {
                for j in 0..p.len() {
                    m[j] = B1 * m[j] + (1.0 - B1) * g[j];
                    v[j] = B2 * v[j] + (1.0 - B2) * g[j] * g[j];
                    let step = (m[j] / c1) / ((v[j] / c2).sqrt() + 1e-8);
                    p[j] -= rate * (step + wd * p[j]);
                }
            };
            update(
                &mut layer.w,
                &grads.w[i],
                &mut self.m.w[i],
                &mut self.v.w[i],
                decay,
            );
            update(
                &mut layer.b,
                &grads.b[i],
                &mut self.m.b[i],
                &mut self.v.b[i],
                0.0,
            );
        }
    }
}

/// Softmax of `logits`, in place.
pub fn softmax(logits: &mut [f32]) {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for v in logits.iter_mut() {
        *v = (*v - max).exp();
        sum += *v;
    }
    for v in logits.iter_mut() {
        *v /= sum;
    }
}

/// The logistic function.
pub fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

#[cfg(test)]
mod tests;
