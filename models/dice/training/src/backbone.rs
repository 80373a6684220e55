//! Pretrained eyes: the first stages of EfficientNet-lite0, trained on ImageNet, as a frozen
//! feature extractor for the dice reader's nets.
//!
//! `examples/dice_train/lite0.py` converts the published weights (each batch norm folded into
//! its convolution) into the bytes [`Backbone::from_bytes`] reads: a stem and inverted
//! residual blocks (a 1×1 expansion, a depthwise 3×3 or 5×5, a 1×1 projection, the block's
//! input added when it keeps its size), ReLU6 between. Each layer is a [`Conv`], run on
//! several pictures of one size at once: full layers as [`foreman_vision::cnn`] runs its own (im2col
//! and matrix products, a 1×1 layer one product for all the pictures), depthwise ones a tap
//! at a time over the planes' phases. `examples/lite0_check.rs` checks the pass
//! against the numpy one of `examples/dice_train/lite0_check.py`. Pure: no I/O, no clock.
//!
//! What these weights expect, measured on photos: the input scaled as (RGB − 127) / 128
//! ([`Backbone::input`]), and TensorFlow's "same" padding ([`Padding::TfSame`]).

use thiserror::Error;

use foreman_vision::cnn::{Activation, Conv, Link, Net};

/// How many floats of columns a full convolution writes before their product is taken, as
/// in [`foreman_vision::cnn::Net::forward_many`]: well inside a core's cache.
const GROUP_FLOATS: usize = 64 * 1024;

/// The most blocks, layers in a block, and channels a file may name.
const MAX_BLOCKS: usize = 64;
const MAX_LAYERS: usize = 8;
const MAX_CHANNELS: usize = 4096;

/// How a layer pads its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Padding {
    /// `k / 2` places on every side ([`Conv`]'s own).
    Symmetric,
    /// TensorFlow's "same": `⌈side / stride⌉` outputs, the padding they need split with the
    /// odd place at the bottom (right). A stride-2 layer on an even side pads one place less
    /// at the top (left) than `k / 2`, one more at the bottom (right).
    TfSame,
}

/// One convolution and whether ReLU6 (`min(max(x, 0), 6)`) follows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    pub conv: Conv,
    pub relu6: bool,
}

/// Layers run one after another; `residual`: the block's input is added to its output (its
/// layers all of stride 1, its channels kept).
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub layers: Vec<Layer>,
    pub residual: bool,
}

/// The pretrained layers: `blocks[0]` the stem, then EfficientNet's blocks in order (the
/// whole net's last being its 1×1 head to 1280 channels), and, for the whole net, its ImageNet
/// classifier.
#[derive(Debug, Clone, PartialEq)]
pub struct Backbone {
    /// The input is `(RGB 0–255 − mean) / std`, channel by channel.
    pub mean: [f32; 3],
    pub std: [f32; 3],
    pub padding: Padding,
    pub blocks: Vec<Block>,
    /// The 1000 ImageNet classes from the last block averaged over the picture: a 1×1 layer
    /// on a 1×1 picture. Only in the whole net's file.
    pub fc: Option<Conv>,
}

/// What a backbone makes of a picture: `channels` planes of `height × width`, one after
/// another (`[c][y][x]`).
#[derive(Debug, Clone, PartialEq)]
pub struct FeatureMap {
    pub channels: usize,
    pub height: usize,
    pub width: usize,
    pub data: Vec<f32>,
}

/// Why bytes are not a backbone's weights.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum BackboneError {
    #[error("these are not a backbone's weights")]
    NotABackbone,
    #[error("the backbone's weights are in version {0}, which this Foreman does not read")]
    Version(u32),
    #[error("the backbone's weights name padding {0}, which this Foreman does not know")]
    Padding(u32),
    #[error("the backbone's input scaling is not usable")]
    Scaling,
    #[error("the backbone's weights are cut short")]
    Truncated,
    #[error("the backbone's block {block} does not fit: {why}")]
    Shape { block: usize, why: &'static str },
    #[error("the backbone's weights hold a number that is not finite")]
    NotFinite,
    #[error("the backbone's weights have bytes left over")]
    Trailing,
}

/// Buffers a pass reuses from layer to layer.
#[derive(Default)]
struct Scratch {
    cols: Vec<f32>,
    phases: Vec<f32>,
}

impl Backbone {
    /// The picture `rgb` (`h × w` pixels row by row, R, G, B bytes each) as these weights
    /// expect it: channels first, scaled.
    pub fn input(&self, rgb: &[u8], h: usize, w: usize) -> Vec<f32> {
        assert_eq!(rgb.len(), 3 * h * w, "an RGB picture of {h}×{w}");
        let mut out = vec![0.0; 3 * h * w];
        for (i, px) in rgb.chunks_exact(3).enumerate() {
            for c in 0..3 {
                out[c * h * w + i] = (f32::from(px[c]) - self.mean[c]) / self.std[c];
            }
        }
        out
    }

    /// The last block's output for `input` (`[c][h][w]`, as [`Backbone::input`] makes it).
    pub fn forward(&self, input: &[f32], h: usize, w: usize) -> FeatureMap {
        let (data, channels, height, width) = self.run(&[input], h, w);
        FeatureMap {
            channels,
            height,
            width,
            data,
        }
    }

    /// [`Backbone::forward`] of several inputs of one size at once (the patches of a photo):
    /// each layer one pass over all of them, its 1×1 layers one matrix product.
    pub fn forward_many<T: AsRef<[f32]>>(
        &self,
        inputs: &[T],
        h: usize,
        w: usize,
    ) -> Vec<FeatureMap> {
        let inputs: Vec<&[f32]> = inputs.iter().map(AsRef::as_ref).collect();
        let m = inputs.len();
        if m == 0 {
            return Vec::new();
        }
        let (act, channels, height, width) = self.run(&inputs, h, w);
        let n = height * width;
        (0..m)
            .map(|j| FeatureMap {
                channels,
                height,
                width,
                data: (0..channels)
                    .flat_map(|c| &act[(c * m + j) * n..][..n])
                    .copied()
                    .collect(),
            })
            .collect()
    }

    /// The whole net's ImageNet logits for `input`: the last block averaged over the picture,
    /// then the classifier. `None` when the weights stop before it.
    pub fn logits(&self, input: &[f32], h: usize, w: usize) -> Option<Vec<f32>> {
        let fc = self.fc.as_ref()?;
        let map = self.forward(input, h, w);
        let n = (map.height * map.width) as f32;
        let pooled: Vec<f32> = map
            .data
            .chunks_exact(map.height * map.width)
            .map(|plane| plane.iter().sum::<f32>() / n)
            .collect();
        let mut out = fc.biases(1);
        fc.apply_full(&pooled, 1, 1, (&mut out, 1));
        Some(out)
    }

    /// The stem and the first `blocks` blocks after it (the converter's `--blocks`), no
    /// classifier: blocks 0–4 of EfficientNet-lite0 are `up_to(5)`.
    pub fn up_to(&self, blocks: usize) -> Backbone {
        Backbone {
            blocks: self.blocks.iter().take(blocks + 1).cloned().collect(),
            fc: None,
            ..self.clone()
        }
    }

    /// Its layers as a [`Net`] that trains and reads as the dice models do, with `head` after
    /// them and averaged over the picture: each ReLU6 kept, a residual block's last layer
    /// adding the block's input, a ReLU between the head's layers. The padding is the net's
    /// own (`k / 2` a side): a stride-2 layer's taps sit half a pixel from TensorFlow's, which
    /// fine-tuning takes up. The input is still [`Backbone::input`]'s.
    pub fn to_net(&self, head: Vec<Conv>) -> Net {
        let mut layers = Vec::new();
        let mut links = Vec::new();
        for block in &self.blocks {
            let input = layers.len().checked_sub(1);
            for (i, layer) in block.layers.iter().enumerate() {
                let last = i + 1 == block.layers.len();
                links.push(Link {
                    act: if layer.relu6 {
                        Activation::Relu6
                    } else {
                        Activation::None
                    },
                    skip: if block.residual && last { input } else { None },
                });
                layers.push(layer.conv.clone());
            }
        }
        let n = head.len();
        for (i, conv) in head.into_iter().enumerate() {
            links.push(Link {
                act: if i + 1 < n {
                    Activation::Relu
                } else {
                    Activation::None
                },
                skip: None,
            });
            layers.push(conv);
        }
        Net {
            layers,
            pooled: true,
            links,
        }
    }

    /// The channels of the last block's output (3, the input's, when there is no block).
    pub fn channels(&self) -> usize {
        self.convs().last().map_or(3, |c| c.cout)
    }

    /// The size of the last block's output for an input of `h × w`.
    pub fn out_size(&self, h: usize, w: usize) -> (usize, usize) {
        self.convs().fold((h, w), |(h, w), c| c.out_size(h, w))
    }

    /// How many weights and biases it has.
    pub fn parameters(&self) -> usize {
        self.convs()
            .chain(&self.fc)
            .map(|c| c.w.len() + c.b.len())
            .sum()
    }

    /// Multiply-adds for one input of `h × w` (the classifier's too, when there is one).
    pub fn macs(&self, h: usize, w: usize) -> usize {
        let mut size = (h, w);
        let convs: usize = self
            .convs()
            .map(|c| {
                let m = c.macs(size.0, size.1);
                size = c.out_size(size.0, size.1);
                m
            })
            .sum();
        convs + self.fc.as_ref().map_or(0, |c| c.cin * c.cout)
    }

    fn convs(&self) -> impl Iterator<Item = &Conv> {
        self.blocks.iter().flat_map(|b| &b.layers).map(|l| &l.conv)
    }

    /// Every block on all `inputs` (each `[c][h][w]`): the activations as `[c][sample][y][x]`,
    /// the channels and the size.
    fn run(&self, inputs: &[&[f32]], h: usize, w: usize) -> (Vec<f32>, usize, usize, usize) {
        assert!(h > 0 && w > 0, "a picture of at least one pixel");
        let m = inputs.len();
        let cin = self.convs().next().map_or(3, |c| c.cin);
        let hw = h * w;
        let mut act = vec![0.0; cin * m * hw];
        for (j, input) in inputs.iter().enumerate() {
            assert_eq!(input.len(), cin * hw, "an input of {cin}×{h}×{w}");
            for (c, plane) in input.chunks_exact(hw).enumerate() {
                act[(c * m + j) * hw..][..hw].copy_from_slice(plane);
            }
        }
        let mut scratch = Scratch::default();
        let (mut c, mut size) = (cin, (h, w));
        for block in &self.blocks {
            let mut out: Option<Vec<f32>> = None;
            for layer in &block.layers {
                let src = out.as_deref().unwrap_or(&act);
                let (next, next_size) = self.layer(layer, src, m, size, &mut scratch);
                out = Some(next);
                size = next_size;
                c = layer.conv.cout;
            }
            let Some(mut out) = out else { continue };
            if block.residual {
                for (o, x) in out.iter_mut().zip(&act) {
                    *o += x;
                }
            }
            act = out;
        }
        (act, c, size.0, size.1)
    }

    /// One layer on `m` samples' activations (`[c][sample][y][x]`, `h × w`): its output and
    /// size.
    fn layer(
        &self,
        layer: &Layer,
        act: &[f32],
        m: usize,
        (h, w): (usize, usize),
        scratch: &mut Scratch,
    ) -> (Vec<f32>, (usize, usize)) {
        let conv = &layer.conv;
        let (oh, ow) = conv.out_size(h, w);
        let (hw, n) = (h * w, oh * ow);
        // TensorFlow's padding where it is not `k / 2` before: the general paths, given it.
        let pads = self.pads(conv, h, w);
        let symmetric = pads == (conv.k / 2, conv.k / 2);
        let mut out = conv.biases(m * n);
        if conv.depthwise {
            for (c, out) in out.chunks_exact_mut(m * n).enumerate() {
                let planes = &act[c * m * hw..][..m * hw];
                depthwise(conv, c, planes, m, (h, w), pads, out, &mut scratch.phases);
            }
        } else if conv.k == 1 && conv.stride == 1 {
            // A 1×1 layer's columns are its input as it lies.
            conv.apply_full(act, m * n, m * n, (&mut out, m * n));
        } else {
            // A few samples' columns at a time, few enough to stay in the cache.
            let kk = conv.cin * conv.k * conv.k;
            let group = (GROUP_FLOATS / (kk * n).max(1)).clamp(1, m.max(1));
            for j0 in (0..m).step_by(group) {
                let g = group.min(m - j0);
                // Not cleared: both write every entry.
                scratch.cols.resize(kk * n * g, 0.0);
                for j in j0..j0 + g {
                    let (input, cols, at) = (&act[j * hw..], &mut scratch.cols, (j - j0) * n);
                    if symmetric {
                        conv.im2col_at(input, (h, w), m * hw, cols, n * g, at);
                    } else {
                        conv.im2col_padded(input, (h, w), m * hw, cols, n * g, at, pads);
                    }
                }
                conv.apply_full(&scratch.cols, n * g, n * g, (&mut out[j0 * n..], n * m));
            }
        }
        if layer.relu6 {
            for v in &mut out {
                *v = v.clamp(0.0, 6.0);
            }
        }
        (out, (oh, ow))
    }

    /// The rows and columns of padding `conv` has before (above, left of) an `h × w` input:
    /// `k / 2`, or TensorFlow's half (rounded down) of what its `⌈side / stride⌉` outputs
    /// need.
    fn pads(&self, conv: &Conv, h: usize, w: usize) -> (usize, usize) {
        let (k, s) = (conv.k, conv.stride);
        if self.padding == Padding::Symmetric {
            return (k / 2, k / 2);
        }
        let before = |side: usize| ((side.div_ceil(s) - 1) * s + k).saturating_sub(side) / 2;
        (before(h), before(w))
    }

    /// The weights as bytes, as `examples/dice_train/lite0.py` writes them: `FBBN`, version
    /// 1, the padding (1 TensorFlow's "same", 0 symmetric), the input's mean and std, the
    /// block count, each block's layer count and residual flag (0 or 1) and each layer's
    /// kind (0 convolution, 1 depthwise, 2 the classifier), cin, cout, k, stride and
    /// activation (0 none, 1 ReLU6); then each layer's weights and biases (little-endian
    /// `u32` and `f32`). The classifier is a block of its own, the last.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut groups: Vec<Group> = self
            .blocks
            .iter()
            .map(|b| {
                let layers = b.layers.iter();
                let layers = layers.map(|l| (&l.conv, u32::from(l.conv.depthwise), l.relu6));
                (layers.collect(), b.residual)
            })
            .collect();
        if let Some(fc) = &self.fc {
            groups.push((vec![(fc, 2, false)], false));
        }
        let mut out = b"FBBN".to_vec();
        let put = |out: &mut Vec<u8>, v: usize| out.extend_from_slice(&(v as u32).to_le_bytes());
        put(&mut out, 1);
        put(&mut out, usize::from(self.padding == Padding::TfSame));
        for v in self.mean.iter().chain(&self.std) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        put(&mut out, groups.len());
        for (layers, residual) in &groups {
            put(&mut out, layers.len());
            put(&mut out, usize::from(*residual));
            for &(c, kind, relu6) in layers {
                put(&mut out, kind as usize);
                for v in [c.cin, c.cout, c.k, c.stride, usize::from(relu6)] {
                    put(&mut out, v);
                }
            }
        }
        for (c, _, _) in groups.iter().flat_map(|(layers, _)| layers) {
            for v in c.w.iter().chain(&c.b) {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out
    }

    /// The backbone [`Backbone::to_bytes`] (or the converter) wrote. Anything malformed is
    /// an error, never a panic, and nothing is allocated beyond what the bytes hold.
    pub fn from_bytes(bytes: &[u8]) -> Result<Backbone, BackboneError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(4)? != b"FBBN" {
            return Err(BackboneError::NotABackbone);
        }
        let version = r.u32()?;
        if version != 1 {
            return Err(BackboneError::Version(version));
        }
        let padding = match r.u32()? {
            0 => Padding::Symmetric,
            1 => Padding::TfSame,
            p => return Err(BackboneError::Padding(p)),
        };
        let mut scaling = [0f32; 6];
        for v in &mut scaling {
            *v = r.f32()?;
        }
        if scaling.iter().any(|v| !v.is_finite()) || scaling[3..].iter().any(|&s| s <= 0.0) {
            return Err(BackboneError::Scaling);
        }
        let count = r.u32()? as usize;
        if !(1..=MAX_BLOCKS).contains(&count) {
            return Err(BackboneError::Shape {
                block: 0,
                why: "too few or too many blocks",
            });
        }
        // The shapes first, checked, then the weights they call for.
        let mut shapes: Vec<(Vec<(LayerShape, bool)>, bool)> = Vec::with_capacity(count);
        let mut classifier = false;
        let mut channels = 3;
        for block in 0..count {
            let bad = |why| BackboneError::Shape { block, why };
            let n = r.u32()? as usize;
            if !(1..=MAX_LAYERS).contains(&n) {
                return Err(bad("too few or too many layers"));
            }
            let residual = match r.u32()? {
                0 => false,
                1 => true,
                _ => return Err(bad("its residual flag is neither 0 nor 1")),
            };
            let block_in = channels;
            let mut layers = Vec::with_capacity(n);
            for _ in 0..n {
                let mut v = [0usize; 6];
                for x in &mut v {
                    *x = r.u32()? as usize;
                }
                let [kind, cin, cout, k, stride, act] = v;
                if kind > 2 || act > 1 {
                    return Err(bad("a layer of an unknown kind or activation"));
                }
                if cin == 0 || cout == 0 || cin > MAX_CHANNELS || cout > MAX_CHANNELS {
                    return Err(bad("a layer with no or too many channels"));
                }
                if k % 2 == 0 || k > 7 || !(1..=2).contains(&stride) {
                    return Err(bad("a kernel or stride this backbone does not run"));
                }
                if cin != channels {
                    return Err(bad("a layer's input channels are not its input's"));
                }
                if kind == 1 && cin != cout {
                    return Err(bad("a depthwise layer changes the channels"));
                }
                if kind == 2 && (k != 1 || stride != 1 || act != 0 || n != 1 || residual) {
                    return Err(bad("the classifier is not a 1×1 layer of its own"));
                }
                if kind == 2 && block + 1 != count {
                    return Err(bad("the classifier is not the last block"));
                }
                if residual && stride != 1 {
                    return Err(bad("a residual block changes the picture's size"));
                }
                channels = cout;
                classifier = kind == 2;
                let shape = LayerShape {
                    depthwise: kind == 1,
                    cin,
                    cout,
                    k,
                    stride,
                };
                layers.push((shape, act == 1));
            }
            if residual && channels != block_in {
                return Err(bad("a residual block changes the channels"));
            }
            shapes.push((layers, residual));
        }
        let mut blocks = Vec::with_capacity(count);
        for (layers, residual) in shapes {
            let mut block = Block {
                layers: Vec::with_capacity(layers.len()),
                residual,
            };
            for (s, relu6) in layers {
                let per = if s.depthwise { 1 } else { s.cin } * s.k * s.k;
                let conv = Conv {
                    cin: s.cin,
                    cout: s.cout,
                    k: s.k,
                    stride: s.stride,
                    depthwise: s.depthwise,
                    w: r.floats(s.cout * per)?,
                    b: r.floats(s.cout)?,
                };
                block.layers.push(Layer { conv, relu6 });
            }
            blocks.push(block);
        }
        if r.at != bytes.len() {
            return Err(BackboneError::Trailing);
        }
        // The classifier, checked to be a block of one layer and the last, is kept apart.
        let fc = if classifier {
            let last = blocks.pop().and_then(|b| b.layers.into_iter().next());
            last.map(|l| l.conv)
        } else {
            None
        };
        Ok(Backbone {
            mean: [scaling[0], scaling[1], scaling[2]],
            std: [scaling[3], scaling[4], scaling[5]],
            padding,
            blocks,
            fc,
        })
    }
}

/// Channel `c` of the depthwise layer `conv` on `m` planes of `h × w` (one after another in
/// `planes`), written to `out` (their `oh × ow` outputs one after another), with `top` rows
/// and `left` columns of padding before each plane.
///
/// The padded planes are taken apart into their `stride²` phases (every `stride`-th row and
/// column from each offset: a tap of stride 2 reads one phase, shifted), each phase of every
/// plane `rows × cols` (the outputs and the taps' reach), the planes' phases one after
/// another. A tap adds its weight times its phase, shifted by its place, to every place of an
/// extended output laid out as the phases are: one long run a tap for all the planes (the
/// places past an output's `oh × ow` read across planes and are dropped). The sums of each
/// output are in the filter's order from the bias, as [`Conv`]'s are.
#[allow(clippy::too_many_arguments)]
fn depthwise(
    conv: &Conv,
    c: usize,
    planes: &[f32],
    m: usize,
    (h, w): (usize, usize),
    (top, left): (usize, usize),
    out: &mut [f32],
    phases: &mut Vec<f32>,
) {
    let (k, s) = (conv.k, conv.stride);
    let (oh, ow) = conv.out_size(h, w);
    let (rows, cols) = (oh + (k - 1) / s, ow + (k - 1) / s);
    let len = m * rows * cols;
    // Phase (ry, rx) holds padded place (y·s + ry, x·s + rx): input (y·s + ry − top, ...).
    phases.clear();
    phases.resize(s * s * len + len, 0.0);
    let (phases, ext) = phases.split_at_mut(s * s * len);
    for ry in 0..s {
        for rx in 0..s {
            let phase = &mut phases[(ry * s + rx) * len..][..len];
            for (plane, dst) in planes
                .chunks_exact(h * w)
                .zip(phase.chunks_exact_mut(rows * cols))
            {
                for (y, dst) in dst.chunks_exact_mut(cols).enumerate() {
                    let Some(iy) = (y * s + ry).checked_sub(top).filter(|&iy| iy < h) else {
                        continue;
                    };
                    // The places whose input column `x·s + rx − left` is inside.
                    let first = left.saturating_sub(rx).div_ceil(s);
                    let end = (w + left).saturating_sub(rx).div_ceil(s).min(cols);
                    if first < end {
                        let src = plane[iy * w..][..w][first * s + rx - left..].iter();
                        for (d, &v) in dst[first..end].iter_mut().zip(src.step_by(s)) {
                            *d = v;
                        }
                    }
                }
            }
        }
    }
    ext.fill(conv.b[c]);
    let filter = &conv.w[c * k * k..][..k * k];
    for ky in 0..k {
        for kx in 0..k {
            let wt = filter[ky * k + kx];
            let phase = &phases[((ky % s) * s + kx % s) * len..][..len];
            let shift = (ky / s) * cols + kx / s;
            for (e, &x) in ext[..len - shift].iter_mut().zip(&phase[shift..]) {
                *e += wt * x;
            }
        }
    }
    for (src, dst) in ext
        .chunks_exact(rows * cols)
        .zip(out.chunks_exact_mut(oh * ow))
    {
        for (src, dst) in src.chunks_exact(cols).zip(dst.chunks_exact_mut(ow)) {
            dst.copy_from_slice(&src[..ow]);
        }
    }
}

/// A block as the file lays it out: each layer with its kind (0 convolution, 1 depthwise, 2
/// classifier) and ReLU6, and the residual flag.
type Group<'a> = (Vec<(&'a Conv, u32, bool)>, bool);

/// A layer's shape as the file gives it.
struct LayerShape {
    depthwise: bool,
    cin: usize,
    cout: usize,
    k: usize,
    stride: usize,
}

/// Little-endian words and floats read from the front of a file.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], BackboneError> {
        let end = self.at.checked_add(n).ok_or(BackboneError::Truncated)?;
        let out = self
            .bytes
            .get(self.at..end)
            .ok_or(BackboneError::Truncated)?;
        self.at = end;
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, BackboneError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn f32(&mut self) -> Result<f32, BackboneError> {
        self.u32().map(f32::from_bits)
    }

    /// `n` finite floats (the bytes checked to be there before anything is allocated).
    fn floats(&mut self, n: usize) -> Result<Vec<f32>, BackboneError> {
        let len = n.checked_mul(4).ok_or(BackboneError::Truncated)?;
        let out: Vec<f32> = self
            .take(len)?
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if out.iter().all(|v| v.is_finite()) {
            Ok(out)
        } else {
            Err(BackboneError::NotFinite)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conv(cin: usize, cout: usize, k: usize, stride: usize, dw: bool, w: Vec<f32>) -> Conv {
        Conv {
            cin,
            cout,
            k,
            stride,
            depthwise: dw,
            w,
            b: vec![0.0; cout],
        }
    }

    fn with(blocks: Vec<Block>, padding: Padding) -> Backbone {
        Backbone {
            mean: [127.0; 3],
            std: [128.0; 3],
            padding,
            blocks,
            fc: None,
        }
    }

    fn block(layers: Vec<(Conv, bool)>, residual: bool) -> Block {
        let layers = layers.into_iter();
        let layers = layers.map(|(conv, relu6)| Layer { conv, relu6 }).collect();
        Block { layers, residual }
    }

    #[test]
    fn relu6_clamps_and_a_residual_block_adds_its_input() {
        // A 1×3 picture; the stem sums channels 0 and 1: −2, 2, 8, clamped to 0, 2, 6.
        let stem = block(
            vec![(conv(3, 1, 1, 1, false, vec![1.0, 1.0, 0.0]), true)],
            false,
        );
        // Expand to x and 3 − x (ReLU6: 3, 1, 0); depthwise: x as it is, and 3 − x from the
        // place to the left (0 on the padding); project x + 2·(that) − 1, no clamp.
        let mut expand = conv(1, 2, 1, 1, false, vec![1.0, -1.0]);
        expand.b = vec![0.0, 3.0];
        let mut taps = vec![0.0; 18];
        taps[4] = 1.0; // channel 0, the centre
        taps[9 + 3] = 1.0; // channel 1, the middle row's left
        let mut project = conv(2, 1, 1, 1, false, vec![1.0, 2.0]);
        project.b = vec![-1.0];
        let residual = block(
            vec![
                (expand, true),
                (conv(2, 2, 3, 1, true, taps), true),
                (project, false),
            ],
            true,
        );
        let net = with(vec![stem, residual], Padding::TfSame);
        let input = [-2.0, 1.0, 4.0, 0.0, 1.0, 4.0, 9.0, 9.0, 9.0];
        let out = net.forward(&input, 1, 3);
        assert_eq!((out.channels, out.height, out.width), (1, 1, 3));
        // 0 + 2·0 − 1 + 0, 2 + 2·3 − 1 + 2, 6 + 2·1 − 1 + 6.
        assert_eq!(out.data, vec![-1.0, 9.0, 13.0]);
    }

    /// A 5×5 depthwise layer of stride 2, all weights 1, on `x = 6·row + column` (6×6).
    fn five_by_five(padding: Padding, side: usize) -> FeatureMap {
        let layer = conv(1, 1, 5, 2, true, vec![1.0; 25]);
        let net = with(vec![block(vec![(layer, false)], false)], padding);
        let input: Vec<f32> = (0..side * side).map(|i| i as f32).collect();
        net.forward(&input, side, side)
    }

    #[test]
    fn a_5x5_depthwise_stride_2_layer_pads_as_tensorflow() {
        // TensorFlow pads 6 to 9 places: 1 at the top (left), 2 at the bottom (right). Output
        // row r sums rows 2r − 1 ..= 2r + 3 inside the picture: {0..3}, {1..5}, {3..5}.
        let out = five_by_five(Padding::TfSame, 6);
        assert_eq!((out.height, out.width), (3, 3));
        #[rustfmt::skip]
        let want = [
            168.0, 240.0, 156.0,
            390.0, 525.0, 330.0,
            306.0, 405.0, 252.0,
        ];
        assert_eq!(out.data, want);
        // Symmetric padding (2 each side) reads rows {0..2} first: another answer.
        assert_eq!(five_by_five(Padding::Symmetric, 6).data[0], 63.0);
        // On an odd side TensorFlow pads 2 each side too: rows and columns {0..2} of 5 wide.
        let odd = five_by_five(Padding::TfSame, 5);
        assert_eq!((odd.height, odd.width), (3, 3));
        assert_eq!(odd.data[0], 3.0 * 5.0 * 3.0 + 3.0 * 3.0);
        assert_eq!(odd.data, five_by_five(Padding::Symmetric, 5).data);
    }

    /// Weights from a fixed sequence: -0.5..0.5.
    fn weights(n: usize, seed: &mut u64) -> Vec<f32> {
        (0..n)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((*seed >> 40) as f32 / (1u64 << 24) as f32) - 0.5
            })
            .collect()
    }

    /// A small net of every kind of layer EfficientNet-lite0 has, random weights.
    fn small(seed: &mut u64) -> Backbone {
        let mut c = |cin, cout, k, stride, dw: bool| {
            let per = if dw { 1 } else { cin };
            let mut l = conv(cin, cout, k, stride, dw, weights(cout * per * k * k, seed));
            l.b = weights(cout, seed);
            l
        };
        let blocks = vec![
            block(vec![(c(3, 4, 3, 2, false), true)], false),
            block(
                vec![(c(4, 4, 3, 1, true), true), (c(4, 4, 1, 1, false), false)],
                true,
            ),
            block(
                vec![
                    (c(4, 8, 1, 1, false), true),
                    (c(8, 8, 3, 2, true), true),
                    (c(8, 5, 1, 1, false), false),
                ],
                false,
            ),
            block(
                vec![
                    (c(5, 10, 1, 1, false), true),
                    (c(10, 10, 5, 2, true), true),
                    (c(10, 6, 1, 1, false), false),
                ],
                false,
            ),
            block(
                vec![
                    (c(6, 12, 1, 1, false), true),
                    (c(12, 12, 5, 1, true), true),
                    (c(12, 6, 1, 1, false), false),
                ],
                true,
            ),
        ];
        let mut net = with(blocks, Padding::TfSame);
        net.fc = Some(c(6, 7, 1, 1, false));
        net
    }

    /// One layer straight from the definition: TensorFlow's "same" padding worked out per
    /// side, every output place a sum over its window, in f64.
    fn direct(conv: &Conv, x: &[f64], (h, w): (usize, usize), relu6: bool) -> Vec<f64> {
        let (k, s) = (conv.k, conv.stride);
        let (oh, ow) = (h.div_ceil(s), w.div_ceil(s));
        let top = (((oh - 1) * s + k).saturating_sub(h) / 2) as isize;
        let left = (((ow - 1) * s + k).saturating_sub(w) / 2) as isize;
        let mut out = vec![0.0; conv.cout * oh * ow];
        for co in 0..conv.cout {
            let inputs = if conv.depthwise {
                co..co + 1
            } else {
                0..conv.cin
            };
            for oy in 0..oh {
                for ox in 0..ow {
                    let mut sum = f64::from(conv.b[co]);
                    for (t, ci) in inputs.clone().enumerate() {
                        for ky in 0..k {
                            for kx in 0..k {
                                let y = (oy * s + ky) as isize - top;
                                let xx = (ox * s + kx) as isize - left;
                                if y < 0 || xx < 0 || y >= h as isize || xx >= w as isize {
                                    continue;
                                }
                                let wt = conv.w[((co * inputs.len() + t) * k + ky) * k + kx];
                                let v = x[(ci * h + y as usize) * w + xx as usize];
                                sum += f64::from(wt) * v;
                            }
                        }
                    }
                    out[(co * oh + oy) * ow + ox] = if relu6 { sum.clamp(0.0, 6.0) } else { sum };
                }
            }
        }
        out
    }

    fn reference(net: &Backbone, input: &[f32], (h, w): (usize, usize)) -> (Vec<f64>, Vec<f64>) {
        let mut x: Vec<f64> = input.iter().map(|&v| f64::from(v)).collect();
        let mut size = (h, w);
        for b in &net.blocks {
            let mut y = x.clone();
            for l in &b.layers {
                y = direct(&l.conv, &y, size, l.relu6);
                size = (
                    size.0.div_ceil(l.conv.stride),
                    size.1.div_ceil(l.conv.stride),
                );
            }
            if b.residual {
                y.iter_mut().zip(&x).for_each(|(a, b)| *a += b);
            }
            x = y;
        }
        let n = (size.0 * size.1) as f64;
        let pooled: Vec<f64> = x
            .chunks(size.0 * size.1)
            .map(|p| p.iter().sum::<f64>() / n)
            .collect();
        let fc = net
            .fc
            .as_ref()
            .map_or(Vec::new(), |fc| direct(fc, &pooled, (1, 1), false));
        (x, fc)
    }

    fn close(got: &[f32], want: &[f64]) {
        assert_eq!(got.len(), want.len());
        let scale = want.iter().fold(1.0f64, |m, v| m.max(v.abs()));
        for (g, w) in got.iter().zip(want) {
            assert!((f64::from(*g) - w).abs() < 1e-5 * scale, "{g} against {w}");
        }
    }

    /// As a net (padded `k / 2` a side, as the nets are), the blocks give what the backbone so
    /// padded gives, averaged over the picture; a head after them is run on that.
    #[test]
    fn as_a_net_it_reads_as_the_backbone_and_trains_through_its_blocks() {
        let mut seed = 5;
        let mut backbone = small(&mut seed).up_to(4);
        backbone.padding = Padding::Symmetric;
        let (h, w) = (12, 10);
        let input = weights(3 * h * w, &mut seed);
        let features = backbone.forward(&input, h, w);
        let n = features.height * features.width;
        let mean: Vec<f64> = features
            .data
            .chunks(n)
            .map(|c| c.iter().map(|&v| f64::from(v)).sum::<f64>() / n as f64)
            .collect();
        let net = backbone.to_net(Vec::new());
        assert_eq!(net.layers.len(), 12);
        assert_eq!(net.links.iter().filter(|l| l.skip.is_some()).count(), 2);
        close(&net.forward(&input, h, w), &mean);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        let head = Conv::new(backbone.channels(), 7, 1, 1, &mut rng);
        let whole = backbone.to_net(vec![head.clone()]);
        let logits: Vec<f64> = (0..7)
            .map(|o| {
                let row = &head.w[o * mean.len()..][..mean.len()];
                f64::from(head.b[o])
                    + row
                        .iter()
                        .zip(&mean)
                        .map(|(&w, m)| f64::from(w) * m)
                        .sum::<f64>()
            })
            .collect();
        close(&whole.forward(&input, h, w), &logits);
        // Its bytes read back as the same net.
        assert_eq!(Net::from_bytes(&whole.to_bytes()).as_ref(), Ok(&whole));
    }

    #[test]
    fn matches_the_layers_done_from_their_definition_one_or_many_at_once() {
        let mut seed = 71;
        let net = small(&mut seed);
        for (h, w) in [(16, 16), (13, 10), (9, 20), (2, 3), (1, 1)] {
            let inputs: Vec<Vec<f32>> = (0..3).map(|_| weights(3 * h * w, &mut seed)).collect();
            let many = net.forward_many(&inputs, h, w);
            for (input, batched) in inputs.iter().zip(&many) {
                let (want, logits) = reference(&net, input, (h, w));
                let one = net.forward(input, h, w);
                assert_eq!((one.height, one.width), net.out_size(h, w));
                assert_eq!(one.channels, net.channels());
                close(&one.data, &want);
                close(&batched.data, &want);
                close(&net.logits(input, h, w).unwrap_or_default(), &logits);
            }
        }
    }

    #[test]
    fn bytes_round_trip_and_malformed_bytes_are_errors() {
        let mut seed = 3;
        let net = small(&mut seed);
        let bytes = net.to_bytes();
        assert_eq!(Backbone::from_bytes(&bytes), Ok(net.clone()));
        assert_eq!(
            Backbone::from_bytes(&net.up_to(2).to_bytes()),
            Ok(net.up_to(2))
        );
        for cut in 0..bytes.len() {
            assert!(Backbone::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut long = bytes.clone();
        long.push(0);
        assert_eq!(Backbone::from_bytes(&long), Err(BackboneError::Trailing));
        let set = |at: usize, v: u32| {
            let mut b = bytes.clone();
            b[at..at + 4].copy_from_slice(&v.to_le_bytes());
            Backbone::from_bytes(&b)
        };
        assert_eq!(set(0, 0), Err(BackboneError::NotABackbone));
        assert_eq!(set(4, 2), Err(BackboneError::Version(2)));
        assert_eq!(set(8, 7), Err(BackboneError::Padding(7)));
        assert_eq!(set(24, 0), Err(BackboneError::Scaling));
        assert!(matches!(set(36, 0), Err(BackboneError::Shape { .. })));
        // The stem's cin (block 0, layer 0: after its count and flag, then its kind).
        let stem = 40 + 8 + 4;
        assert!(matches!(
            set(stem, 5),
            Err(BackboneError::Shape { block: 0, .. })
        ));
        // A huge layer the bytes do not hold: cut short, nothing huge allocated first.
        let huge = with(
            vec![block(
                vec![(conv(3, 4096, 7, 1, false, Vec::new()), true)],
                false,
            )],
            Padding::TfSame,
        );
        assert_eq!(
            Backbone::from_bytes(&huge.to_bytes()),
            Err(BackboneError::Truncated)
        );
        let mut nan = bytes.clone();
        let at = bytes.len() - 4;
        nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert_eq!(Backbone::from_bytes(&nan), Err(BackboneError::NotFinite));
    }

    #[test]
    fn counts_its_weights_and_work() {
        let net = with(
            vec![block(
                vec![(conv(3, 4, 3, 2, false, vec![0.0; 108]), true)],
                false,
            )],
            Padding::TfSame,
        );
        assert_eq!(net.parameters(), 108 + 4);
        assert_eq!(net.macs(8, 8), 4 * 4 * 4 * 27);
        assert_eq!(net.out_size(8, 7), (4, 4));
    }
}
