//! A small convolutional network, forward and backward: the dice reader's model.
//!
//! A [`Net`] is a stack of square convolutions (3×3 or 1×1, "same" padding, stride 1 or 2),
//! each followed by a ReLU but the last; a classifier averages its last layer over the picture
//! (global average pooling). One sample at a time, channels first (`[c][y][x]`). Convolutions
//! are matrix products (im2col) done by `matrixmultiply`, which picks the CPU's vector
//! instructions at run time. The same code trains ([`Net::backward`], [`Adam`]) and reads,
//! so the model that is trained is the model that ships. Pure: no I/O, no clock.

use safetensors::tensor::TensorInfo;
use safetensors::{Dtype, SafeTensorError, SafeTensors, View};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

mod conv;

use conv::gemm;
pub use conv::{Conv, Shape};

/// How many floats of columns [`Net::forward_many`] writes before their product is taken
/// (a quarter of a megabyte: well inside a core's cache).
const GROUP_FLOATS: usize = 64 * 1024;

/// A stack of convolutions, each followed by a ReLU but the last; `pooled`: the last layer
/// is averaged over the picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    pub layers: Vec<Conv>,
    pub pooled: bool,
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
    /// Whether layer `i` is followed by a ReLU (every layer but the last).
    fn relu_after(&self, i: usize) -> bool {
        i + 1 < self.layers.len()
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
        let mut cols = Vec::new();
        for (i, layer) in self.layers.iter().enumerate().take(upto) {
            let (oh, ow) = layer.out_size(h, w);
            let n = oh * ow;
            let kk = layer.cin * layer.k * layer.k;
            let as_is = i > 0 && layer.k == 1 && layer.stride == 1;
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
            self.finish(i, &mut out);
            act = out;
            (h, w) = (oh, ow);
        }
        let channels = upto
            .checked_sub(1)
            .and_then(|i| self.layers.get(i))
            .map_or(0, |l| l.cout);
        (act, h * w, channels)
    }

    /// Layer `i`'s ReLU on its output, but the last layer's.
    fn finish(&self, i: usize, out: &mut [f32]) {
        if self.relu_after(i) {
            out.iter_mut().for_each(|v| *v = v.max(0.0));
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
            self.finish(i, &mut out);
            if keep {
                trace.outs[i].clone_from(&out);
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
        for i in (0..self.layers.len()).rev() {
            let layer = &self.layers[i];
            // Where the ReLU clamped the output, no gradient passes.
            if self.relu_after(i) {
                for (g, &o) in d.iter_mut().zip(&trace.outs[i]) {
                    if o <= 0.0 {
                        *g = 0.0;
                    }
                }
            }
            let (h, w) = trace.sizes[i];
            let (lh, lw) = layer.out_size(h, w);
            let n = lh * lw;
            let kk = layer.cin * layer.k * layer.k;
            for (co, row) in d.chunks(n).enumerate() {
                grads.b[i][co] += row.iter().sum::<f32>();
            }
            let cols = &trace.cols[i];
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

    /// The weights as a safetensors file: per layer `layers.{i}.weight` (`f32`,
    /// `[cout, cin, k, k]`, as [`Conv::w`] lies) and `layers.{i}.bias` (`f32`, `[cout]`); its
    /// metadata says the format ([`FORMAT`], [`FORMAT_VERSION`]), the layer count, each
    /// layer's stride and whether the net is pooled. One net always gives the same bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, NetError> {
        let mut metadata = HashMap::from([
            ("format".to_string(), FORMAT.to_string()),
            ("version".to_string(), FORMAT_VERSION.to_string()),
            ("pooled".to_string(), self.pooled.to_string()),
            ("layers".to_string(), self.layers.len().to_string()),
        ]);
        let mut tensors = Vec::with_capacity(2 * self.layers.len());
        for (i, l) in self.layers.iter().enumerate() {
            metadata.insert(format!("layers.{i}.stride"), l.stride.to_string());
            tensors.push((
                format!("layers.{i}.weight"),
                Floats::new(vec![l.cout, l.cin, l.k, l.k], &l.w),
            ));
            tensors.push((format!("layers.{i}.bias"), Floats::new(vec![l.cout], &l.b)));
        }
        let bytes = safetensors::serialize(tensors, Some(metadata))?;
        in_order(&bytes)
    }

    /// The net of [`Net::to_bytes`]' safetensors, or of the `FNET` bytes Foreman wrote before
    /// (told apart by that start: [`Net::from_fnet`]). Its layers are checked as a net's:
    /// 1×1, 3×3 or 5×5, strides 1 to 4, each taking the channels the one before gives, at most
    /// 64 layers of 4,096 channels.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        if bytes.starts_with(FNET) {
            return Net::from_fnet(bytes);
        }
        if !within(bytes) {
            return Err(NetError::Truncated);
        }
        let (_, header) = SafeTensors::read_metadata(bytes).map_err(|e| unreadable(e, bytes))?;
        let file = SafeTensors::deserialize(bytes).map_err(|e| unreadable(e, bytes))?;
        let metadata = header.metadata().as_ref().ok_or(NetError::NotANet)?;
        let said = |key: &str| metadata.get(key).map(String::as_str);
        if said("format") != Some(FORMAT) {
            return Err(NetError::NotANet);
        }
        let number = |key: &str| -> Result<usize, NetError> {
            said(key)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| NetError::Metadata(key.to_string()))
        };
        let version = number("version")?;
        if version != FORMAT_VERSION as usize {
            return Err(NetError::Version(
                u32::try_from(version).unwrap_or(u32::MAX),
            ));
        }
        let pooled = match said("pooled") {
            Some("true") => true,
            Some("false") => false,
            _ => return Err(NetError::Metadata("pooled".into())),
        };
        let n = number("layers")?;
        if n == 0 || n > MAX_LAYERS {
            return Err(NetError::Shape);
        }
        let floats = |name: &str| -> Result<(Vec<usize>, Vec<f32>), NetError> {
            let tensor = file
                .tensor(name)
                .map_err(|_| NetError::Missing(name.to_string()))?;
            if tensor.dtype() != Dtype::F32 {
                return Err(NetError::Dtype(name.to_string()));
            }
            let (values, rest) = tensor.data().as_chunks::<4>();
            if !rest.is_empty() {
                return Err(NetError::Dtype(name.to_string()));
            }
            let values = values.iter().map(|v| f32::from_le_bytes(*v)).collect();
            Ok((tensor.shape().to_vec(), values))
        };
        let mut layers = Vec::with_capacity(n);
        for i in 0..n {
            let stride = number(&format!("layers.{i}.stride"))?;
            let (shape, w) = floats(&format!("layers.{i}.weight"))?;
            let (bias_shape, b) = floats(&format!("layers.{i}.bias"))?;
            let &[cout, cin, k, k_across] = shape.as_slice() else {
                return Err(NetError::Shape);
            };
            if k != k_across || bias_shape != [cout] {
                return Err(NetError::Shape);
            }
            let shape = Shape::conv(cin, cout, k, stride);
            check_layer(shape)?;
            layers.push(Conv {
                cin,
                cout,
                k,
                stride,
                w,
                b,
            });
        }
        let names: Vec<String> = (0..n)
            .flat_map(|i| [format!("layers.{i}.weight"), format!("layers.{i}.bias")])
            .collect();
        if let Some(other) = file
            .names()
            .into_iter()
            .filter(|name| !names.iter().any(|n| n == name))
            .min()
        {
            return Err(NetError::Unknown(other.to_string()));
        }
        check_chain(layers.iter().map(Conv::shape))?;
        Ok(Net { layers, pooled })
    }

    /// The net of the bytes Foreman wrote before its weights were safetensors (kept files and
    /// model folders have them): `FNET`, version 1, the layer count and `pooled`, each layer's
    /// shape (`cin`, `cout`, `k`, `stride`), then every weight and bias (little-endian `u32`
    /// and `f32`). (Versions 2 and 3 carried depthwise layers and residual links, tried and
    /// not shipped; this Foreman refuses them by their version.)
    pub fn from_fnet(bytes: &[u8]) -> Result<Net, NetError> {
        let mut at = 0usize;
        let mut word = || -> Result<[u8; 4], NetError> {
            let w = bytes.get(at..at + 4).ok_or(NetError::Truncated)?;
            at += 4;
            Ok([w[0], w[1], w[2], w[3]])
        };
        if &word()? != FNET {
            return Err(NetError::NotANet);
        }
        let version = u32::from_le_bytes(word()?);
        if version != 1 {
            return Err(NetError::Version(version));
        }
        let n = u32::from_le_bytes(word()?) as usize;
        let pooled = u32::from_le_bytes(word()?) != 0;
        if n == 0 || n > MAX_LAYERS {
            return Err(NetError::Shape);
        }
        let mut shapes = Vec::with_capacity(n);
        for _ in 0..n {
            let mut s = [0usize; 4];
            for v in &mut s {
                *v = u32::from_le_bytes(word()?) as usize;
            }
            let [cin, cout, k, stride] = s;
            let shape = Shape::conv(cin, cout, k, stride);
            check_layer(shape)?;
            shapes.push(shape);
        }
        check_chain(shapes.iter().copied())?;
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
                w,
                b,
            });
        }
        if at != bytes.len() {
            return Err(NetError::Trailing);
        }
        Ok(Net { layers, pooled })
    }
}

/// What the weights' safetensors metadata names their format, and its version.
pub const FORMAT: &str = "foreman-net";
pub const FORMAT_VERSION: u32 = 1;

/// The start of the weights Foreman wrote before they were safetensors.
const FNET: &[u8; 4] = b"FNET";

/// The most layers, and channels of a layer, a net's bytes may have.
const MAX_LAYERS: usize = 64;
const MAX_CHANNELS: usize = 4096;

/// A layer's shape as a net may have it.
fn check_layer(s: Shape) -> Result<(), NetError> {
    let channels = 1..=MAX_CHANNELS;
    if channels.contains(&s.cin)
        && channels.contains(&s.cout)
        && matches!(s.k, 1 | 3 | 5)
        && (1..=4).contains(&s.stride)
    {
        Ok(())
    } else {
        Err(NetError::Shape)
    }
}

/// Each layer takes the channels the one before gives.
fn check_chain(shapes: impl Iterator<Item = Shape>) -> Result<(), NetError> {
    let shapes: Vec<Shape> = shapes.collect();
    if shapes.windows(2).all(|pair| pair[0].cout == pair[1].cin) {
        Ok(())
    } else {
        Err(NetError::Shape)
    }
}

/// A tensor of `f32` to write: its shape and its values' little-endian bytes.
struct Floats {
    shape: Vec<usize>,
    bytes: Vec<u8>,
}

impl Floats {
    fn new(shape: Vec<usize>, values: &[f32]) -> Floats {
        Floats {
            shape,
            bytes: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        }
    }
}

impl View for Floats {
    fn dtype(&self) -> Dtype {
        Dtype::F32
    }

    fn shape(&self) -> &[usize] {
        &self.shape
    }

    fn data(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(&self.bytes)
    }

    fn data_len(&self) -> usize {
        self.bytes.len()
    }
}

/// A safetensors header: the metadata and each tensor's place, both in the order of their
/// names.
#[derive(Serialize, Deserialize)]
struct Header {
    #[serde(
        rename = "__metadata__",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    metadata: Option<BTreeMap<String, String>>,
    #[serde(flatten)]
    tensors: BTreeMap<String, TensorInfo>,
}

/// The length of the header of safetensors `bytes` (the 8 bytes before it not counted).
fn header_len(bytes: &[u8]) -> Option<usize> {
    let n = u64::from_le_bytes(*bytes.first_chunk::<8>()?);
    usize::try_from(n).ok()
}

/// `bytes` as `safetensors::serialize` wrote them, the keys of the header in order:
/// it writes the metadata in the order of a `HashMap`, new at each call (safetensors issue
/// 584), and the same net must give the same bytes (the manifest's hashes). The tensors'
/// places are as they were.
fn in_order(bytes: &[u8]) -> Result<Vec<u8>, NetError> {
    let (n, header) = header_of(bytes)
        .ok_or_else(|| NetError::Safetensors("the header just written does not read".into()))?;
    let data = bytes.get(n + 8..).unwrap_or_default();
    let mut text = serde_json::to_vec(&header).map_err(|e| NetError::Safetensors(e.to_string()))?;
    // The data starts 8-byte aligned, as safetensors pads it.
    text.resize(text.len().next_multiple_of(8), b' ');
    let mut out = Vec::with_capacity(8 + text.len() + data.len());
    out.extend_from_slice(&(text.len() as u64).to_le_bytes());
    out.extend_from_slice(&text);
    out.extend_from_slice(data);
    Ok(out)
}

/// Whether the tensors of safetensors `bytes`, as far as their header reads, end within them:
/// safetensors adds up where they end unchecked, and a header placing them near the end of
/// the address space would overflow that sum (a panic where overflows are checked).
fn within(bytes: &[u8]) -> bool {
    header_of(bytes)
        .is_none_or(|(_, h)| h.tensors.values().all(|t| t.data_offsets.1 <= bytes.len()))
}

/// The header of safetensors `bytes`, and its length, when it reads.
fn header_of(bytes: &[u8]) -> Option<(usize, Header)> {
    let n = header_len(bytes)?;
    let header = serde_json::from_slice(bytes.get(8..n.checked_add(8)?)?).ok()?;
    Some((n, header))
}

/// Why safetensors did not read `bytes`, as a [`NetError`]: bytes that do not start as
/// safetensors are no net's; bytes whose header or data ends before its length says are cut
/// short, or have bytes left over.
fn unreadable(e: SafeTensorError, bytes: &[u8]) -> NetError {
    use SafeTensorError as E;
    let starts_as_json = bytes.get(8) == Some(&b'{');
    match e {
        E::HeaderTooSmall | E::HeaderTooLarge => NetError::NotANet,
        _ if !starts_as_json => NetError::NotANet,
        E::InvalidHeaderLength => NetError::Truncated,
        E::MetadataIncompleteBuffer => {
            // Where the data ends, as the header's tensors say.
            let end = header_of(bytes).and_then(|(n, h)| {
                let data = h.tensors.values().map(|t| t.data_offsets.1).max();
                n.checked_add(8)?.checked_add(data.unwrap_or(0))
            });
            match end {
                Some(end) if bytes.len() > end => NetError::Trailing,
                Some(_) => NetError::Truncated,
                None => NetError::Safetensors(e.to_string()),
            }
        }
        e => NetError::Safetensors(e.to_string()),
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
    #[error("the dice model's weights are not a safetensors file that reads: {0}")]
    Safetensors(String),
    #[error("the dice model's weights do not say their {0}")]
    Metadata(String),
    #[error("the dice model's weights have no `{0}`")]
    Missing(String),
    #[error("the dice model's `{0}` are not 32-bit floats")]
    Dtype(String),
    #[error("the dice model's weights have `{0}`, which is none of its layers'")]
    Unknown(String),
}

impl From<SafeTensorError> for NetError {
    fn from(e: SafeTensorError) -> NetError {
        NetError::Safetensors(e.to_string())
    }
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
