//! The convolutions' tests: against the naive sums and finite differences, and to the bit
//! between the quick ways and the plain ones.
use super::conv::shifted;
use super::*;
use rand::SeedableRng;

fn small_net(pooled: bool) -> Net {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    Net {
        layers: vec![
            Conv::new(2, 3, 3, 2, &mut rng),
            Conv::new(3, 4, 3, 1, &mut rng),
            Conv::new(4, 2, 1, 1, &mut rng),
        ],
        pooled,
        links: Vec::new(),
    }
}

fn loss(net: &Net, input: &[f32], target: &[f32]) -> f32 {
    let out = net.forward(input, 5, 6);
    out.iter()
        .zip(target)
        .map(|(o, t)| 0.5 * (o - t).powi(2))
        .sum()
}

/// The backward pass is the forward pass's derivative: every weight's gradient matches a
/// finite difference.
#[test]
fn gradients_match_finite_differences() {
    for pooled in [false, true] {
        let net = small_net(pooled);
        let input: Vec<f32> = (0..2 * 5 * 6)
            .map(|i| ((i * 37 % 17) as f32 - 8.0) / 8.0)
            .collect();
        let mut trace = Trace::default();
        let out = net.forward_traced(&input, 5, 6, &mut trace, true);
        let target: Vec<f32> = (0..out.len()).map(|i| (i % 3) as f32 * 0.1).collect();
        let d_out: Vec<f32> = out.iter().zip(&target).map(|(o, t)| o - t).collect();
        let mut grads = Grads::zeros(&net);
        net.backward(&trace, &d_out, &mut grads);
        let mut checked = 0;
        for l in 0..net.layers.len() {
            for j in (0..net.layers[l].w.len()).step_by(5) {
                let eps = 1e-2;
                let mut plus = net.clone();
                plus.layers[l].w[j] += eps;
                let mut minus = net.clone();
                minus.layers[l].w[j] -= eps;
                let numeric =
                    (loss(&plus, &input, &target) - loss(&minus, &input, &target)) / (2.0 * eps);
                let analytic = grads.w[l][j];
                assert!(
                    (numeric - analytic).abs() < 2e-3 + 0.03 * numeric.abs(),
                    "layer {l} weight {j}: {numeric} vs {analytic} (pooled {pooled})"
                );
                checked += 1;
            }
        }
        assert!(checked > 10);
    }
}

/// One convolution (with its ReLU) is the sum it stands for, place by place, at each
/// stride and padding, on sizes that do not divide evenly.
#[test]
fn a_convolution_is_the_naive_sum() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for (k, stride, h, w) in [
        (3, 1, 5, 7),
        (3, 1, 1, 4),
        (3, 1, 3, 1),
        (3, 2, 7, 6),
        (3, 2, 6, 9),
        (3, 2, 1, 3),
        (3, 2, 2, 1),
        // Neither same-sized nor of stride 2: the general way.
        (3, 3, 7, 8),
        (1, 1, 4, 3),
    ] {
        let layer = Conv::new(2, 3, k, stride, &mut rng);
        let net = Net {
            layers: vec![layer.clone(), Conv::new(3, 1, 1, 1, &mut rng)],
            pooled: false,
            links: Vec::new(),
        };
        let input: Vec<f32> = (0..2 * h * w)
            .map(|i| ((i * 29 % 13) as f32 - 6.0) / 6.0)
            .collect();
        let mut trace = Trace::default();
        net.forward_traced(&input, h, w, &mut trace, true);
        let want = naive(&layer, &input, h, w);
        assert_eq!(trace.outs[0].len(), want.len());
        for (i, (at, want)) in trace.outs[0].iter().zip(&want).enumerate() {
            assert!(
                (at - want).abs() < 1e-5,
                "k {k} stride {stride} {h}×{w}: place {i} {at} vs {want}"
            );
        }
    }
}

/// One layer (with its ReLU) summed place by place: each output channel over every input
/// channel, or over its own when depthwise.
fn naive(layer: &Conv, input: &[f32], h: usize, w: usize) -> Vec<f32> {
    let (oh, ow) = layer.out_size(h, w);
    let (k, stride, p) = (layer.k, layer.stride, layer.pad() as isize);
    let mut out = Vec::new();
    for co in 0..layer.cout {
        let (channels, filter) = if layer.depthwise {
            (co..co + 1, &layer.w[co * k * k..][..k * k])
        } else {
            (
                0..layer.cin,
                &layer.w[co * layer.cin * k * k..][..layer.cin * k * k],
            )
        };
        for oy in 0..oh {
            for ox in 0..ow {
                let mut sum = layer.b[co];
                for (f, ci) in channels.clone().enumerate() {
                    for ky in 0..k {
                        for kx in 0..k {
                            let y = (oy * stride + ky) as isize - p;
                            let x = (ox * stride + kx) as isize - p;
                            if (0..h as isize).contains(&y) && (0..w as isize).contains(&x) {
                                sum += filter[(f * k + ky) * k + kx]
                                    * input[ci * h * w + y as usize * w + x as usize];
                            }
                        }
                    }
                }
                out.push(sum.max(0.0));
            }
        }
    }
    out
}

#[test]
fn a_shifted_plane_is_the_plane_moved_with_zeros_around() {
    for (h, w) in [(1, 1), (2, 5), (4, 3), (5, 5)] {
        let plane: Vec<f32> = (0..h * w).map(|i| i as f32 + 1.0).collect();
        for dy in -3..=3isize {
            for dx in -3..=3isize {
                let mut dst = vec![-7.0; h * w];
                shifted(&plane, &mut dst, w, dy, dx);
                for y in 0..h as isize {
                    for x in 0..w as isize {
                        let (sy, sx) = (y + dy, x + dx);
                        let want = if (0..h as isize).contains(&sy) && (0..w as isize).contains(&sx)
                        {
                            plane[sy as usize * w + sx as usize]
                        } else {
                            0.0
                        };
                        assert_eq!(
                            dst[y as usize * w + x as usize],
                            want,
                            "{h}×{w} by ({dy}, {dx})"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn many_inputs_at_once_give_what_each_gives_alone() {
    // A 1×1 layer in the middle as well: its columns are the activations as they lie.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let middle = Net {
        layers: vec![
            Conv::new(2, 3, 3, 1, &mut rng),
            Conv::new(3, 4, 1, 1, &mut rng),
            Conv::new(4, 2, 3, 2, &mut rng),
        ],
        pooled: true,
        links: Vec::new(),
    };
    for net in [small_net(true), small_net(false), middle] {
        let cin = net.layers[0].cin;
        let inputs: Vec<Vec<f32>> = (0..3)
            .map(|j| {
                (0..cin * 7 * 6)
                    .map(|i| ((i * 37 + j * 11) % 17) as f32 / 8.0 - 1.0)
                    .collect()
            })
            .collect();
        let together = net.forward_many(&inputs, 7, 6);
        assert_eq!(together.len(), 3);
        for (input, out) in inputs.iter().zip(&together) {
            let alone = net.forward(input, 7, 6);
            assert_eq!(alone.len(), out.len());
            // The same arithmetic in the same order: the same to the bit.
            assert_eq!(&alone, out);
        }
    }
}

/// Many patches at once are taken a few at a time ([`GROUP_FLOATS`] of columns), each few's
/// product into its place of the layer's output: the shipped classifier on 40 patches gives
/// each what it gives alone, to the bit.
#[test]
fn many_patches_taken_a_few_at_a_time_give_what_each_gives_alone() {
    let net = crate::learned::Model::shipped()
        .expect("the shipped model")
        .classifier
        .clone();
    let side = crate::learned::PATCH;
    let first = &net.layers[0];
    // The first layer's columns alone fill a group with a few patches: several groups.
    assert!(first.cin * 9 * side * side * 40 > 4 * GROUP_FLOATS);
    let inputs: Vec<Vec<f32>> = (0..40)
        .map(|j| {
            (0..first.cin * side * side)
                .map(|i| ((i * 37 + j * 11) % 23) as f32 / 11.0 - 1.0)
                .collect()
        })
        .collect();
    let together = net.forward_many(&inputs, side, side);
    assert_eq!(together.len(), inputs.len());
    for (input, out) in inputs.iter().zip(&together) {
        assert_eq!(&net.forward(input, side, side), out);
    }
}

#[test]
fn weights_round_trip_and_bad_bytes_are_refused() {
    let net = small_net(true);
    let bytes = net.to_bytes();
    assert_eq!(Net::from_bytes(&bytes), Ok(net));
    assert_eq!(Net::from_bytes(b"JPEG"), Err(NetError::NotANet));
    assert_eq!(
        Net::from_bytes(&bytes[..bytes.len() - 2]),
        Err(NetError::Truncated)
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(Net::from_bytes(&longer), Err(NetError::Trailing));
}

/// What the last layer of a pooled net sees (`features_many`): its weights times those, plus
/// its biases, is the net's output (the last layer is 1×1, so it commutes with the average).
#[test]
fn the_last_layer_on_the_features_is_the_output() {
    let net = small_net(true);
    let inputs: Vec<Vec<f32>> = (0..3)
        .map(|k| {
            (0..2 * 5 * 6)
                .map(|i| (((i + 7 * k) * 37 % 17) as f32 - 8.0) / 8.0)
                .collect()
        })
        .collect();
    let outs = net.forward_many(&inputs, 5, 6);
    let features = net.features_many(&inputs, 5, 6);
    let last = net.layers.last().expect("a last layer");
    assert_eq!(features.len(), 3);
    for (f, out) in features.iter().zip(&outs) {
        assert_eq!(f.len(), last.cin);
        assert!(f.iter().all(|&v| v >= 0.0), "after the ReLU: {f:?}");
        for (o, &want) in out.iter().enumerate() {
            let got = last.b[o]
                + last.w[o * last.cin..][..last.cin]
                    .iter()
                    .zip(f)
                    .map(|(w, x)| w * x)
                    .sum::<f32>();
            assert!((got - want).abs() < 1e-5, "{got} for {want}");
        }
    }
}

/// A separable net: a full layer, then depthwise layers of stride 1 and 2 each followed by a
/// 1×1 layer (`learned::SEPARABLE_CLASSIFIER_SHAPE` in small).
fn separable_net(pooled: bool) -> Net {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    Net {
        layers: [
            Shape::conv(2, 3, 3, 1),
            Shape::depthwise(3, 3, 2),
            Shape::conv(3, 4, 1, 1),
            Shape::depthwise(4, 3, 1),
            Shape::conv(4, 2, 1, 1),
        ]
        .into_iter()
        .map(|s| Conv::of(s, &mut rng))
        .collect(),
        pooled,
        links: Vec::new(),
    }
}

/// A depthwise layer convolves each channel alone: each output place is its own channel's
/// filter over the input around it (with its ReLU), at each stride, on sizes that do not
/// divide evenly.
#[test]
fn a_depthwise_convolution_is_each_channels_own_sum() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    for (stride, h, w) in [
        (1, 5, 7),
        (1, 1, 4),
        (2, 7, 6),
        (2, 6, 8),
        (2, 1, 3),
        (3, 7, 8),
    ] {
        let layer = Conv::of(Shape::depthwise(3, 3, stride), &mut rng);
        let net = Net {
            layers: vec![layer.clone(), Conv::new(3, 1, 1, 1, &mut rng)],
            pooled: false,
            links: Vec::new(),
        };
        let input: Vec<f32> = (0..3 * h * w)
            .map(|i| ((i * 29 % 13) as f32 - 6.0) / 6.0)
            .collect();
        let mut trace = Trace::default();
        net.forward_traced(&input, h, w, &mut trace, true);
        let (oh, ow) = layer.out_size(h, w);
        let want = naive(&layer, &input, h, w);
        assert_eq!(trace.outs[0].len(), 3 * oh * ow);
        assert_eq!(want.len(), 3 * oh * ow);
        for (i, (at, want)) in trace.outs[0].iter().zip(&want).enumerate() {
            assert!(
                (at - want).abs() < 1e-5,
                "stride {stride} {h}×{w}: place {i} {at} vs {want}"
            );
        }
        // Each channel alone: changing one input channel changes its output channel only.
        let mut other = input.clone();
        for v in &mut other[h * w..2 * h * w] {
            *v += 1.0;
        }
        let before = trace.outs[0].clone();
        net.forward_traced(&other, h, w, &mut trace, true);
        let moved = &trace.outs[0];
        assert_eq!(moved[..oh * ow], before[..oh * ow]);
        assert_eq!(moved[2 * oh * ow..], before[2 * oh * ow..]);
    }
}

/// A depthwise layer is a full one whose filters are zero but on their own channel: the
/// separable net and that plain one (whose backward pass matches finite differences, above)
/// give the same outputs and the same gradients, each depthwise weight's being its diagonal
/// one's. And many inputs at once (the planes taken together, no columns) give what each
/// gives alone, to the bit, on sizes even and odd.
#[test]
fn a_separable_net_learns_and_reads_as_a_plain_one_does() {
    for pooled in [false, true] {
        let net = separable_net(pooled);
        let plain = Net {
            layers: net
                .layers
                .iter()
                .map(|l| {
                    if !l.depthwise {
                        return l.clone();
                    }
                    let (c, kk) = (l.cin, l.k * l.k);
                    let mut w = vec![0.0; c * c * kk];
                    for ch in 0..c {
                        w[(ch * c + ch) * kk..][..kk].copy_from_slice(&l.w[ch * kk..][..kk]);
                    }
                    Conv {
                        depthwise: false,
                        w,
                        ..l.clone()
                    }
                })
                .collect(),
            pooled,
            links: Vec::new(),
        };
        let input: Vec<f32> = (0..2 * 5 * 6)
            .map(|i| ((i * 37 % 17) as f32 - 8.0) / 8.0)
            .collect();
        let (mut trace, mut plain_trace) = (Trace::default(), Trace::default());
        let out = net.forward_traced(&input, 5, 6, &mut trace, true);
        let plain_out = plain.forward_traced(&input, 5, 6, &mut plain_trace, true);
        assert_eq!(out.len(), plain_out.len());
        for (a, b) in out.iter().zip(&plain_out) {
            assert!((a - b).abs() < 1e-5, "{a} vs {b}");
        }
        let d_out: Vec<f32> = (0..out.len()).map(|i| (i % 3) as f32 * 0.1 - 0.1).collect();
        let (mut grads, mut plain_grads) = (Grads::zeros(&net), Grads::zeros(&plain));
        net.backward(&trace, &d_out, &mut grads);
        plain.backward(&plain_trace, &d_out, &mut plain_grads);
        let mut compared = 0;
        for (l, layer) in net.layers.iter().enumerate() {
            let (c, kk) = (layer.cin, layer.k * layer.k);
            for (j, &g) in grads.w[l].iter().enumerate() {
                let want = if layer.depthwise {
                    let (ch, t) = (j / kk, j % kk);
                    plain_grads.w[l][(ch * c + ch) * kk + t]
                } else {
                    plain_grads.w[l][j]
                };
                assert!(
                    (g - want).abs() < 1e-4,
                    "layer {l} weight {j}: {g} vs {want}"
                );
                compared += usize::from(g != 0.0);
            }
            for (g, want) in grads.b[l].iter().zip(&plain_grads.b[l]) {
                assert!((g - want).abs() < 1e-4, "layer {l} bias: {g} vs {want}");
            }
        }
        assert!(compared > 30, "{compared} gradients not zero");
        for (h, w) in [(8, 6), (7, 5), (1, 2)] {
            let inputs: Vec<Vec<f32>> = (0..3)
                .map(|j| {
                    (0..2 * h * w)
                        .map(|i| ((i * 37 + j * 11) % 17) as f32 / 8.0 - 1.0)
                        .collect()
                })
                .collect();
            let together = net.forward_many(&inputs, h, w);
            for (input, out) in inputs.iter().zip(&together) {
                assert_eq!(&net.forward(input, h, w), out, "{h}×{w}");
            }
        }
    }
}

/// A net with depthwise layers is saved in the second version of the weights and read back
/// as it was; the first version (no depthwise layer, the shipped model's) still reads, and a
/// depthwise layer whose channels differ is refused.
#[test]
fn depthwise_weights_round_trip_and_the_first_version_still_reads() {
    let net = separable_net(true);
    let bytes = net.to_bytes();
    assert_eq!(
        u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
        2
    );
    assert_eq!(Net::from_bytes(&bytes), Ok(net.clone()));
    let plain = small_net(true).to_bytes();
    assert_eq!(
        u32::from_le_bytes([plain[4], plain[5], plain[6], plain[7]]),
        1
    );
    assert_eq!(Net::from_bytes(&plain), Ok(small_net(true)));
    // The second layer's output channels (header: 16 bytes, then 5 words a layer).
    let mut bad = bytes.clone();
    let at = 16 + 20 + 4;
    bad[at..at + 4].copy_from_slice(&5u32.to_le_bytes());
    assert_eq!(Net::from_bytes(&bad), Err(NetError::Shape));
    assert_eq!(net.macs(4, 4), {
        // 3·18 + 3·9 (stride 2 gives 2×2) + 4·3 + 4·9 + 2·4, each over its places.
        16 * 3 * 18 + 4 * 3 * 9 + 4 * 4 * 3 + 4 * 4 * 9 + 4 * 2 * 4
    });
}

/// The quick transpose of the columns adds what the plain one adds, in its order: the same
/// to the bit, at each kernel, stride and size (so training writes the same weights).
#[test]
fn the_quick_col2im_is_the_plain_one_to_the_bit() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    for (k, stride, h, w) in [
        (3, 1, 5, 7),
        (3, 1, 1, 4),
        (3, 2, 7, 6),
        (3, 2, 6, 9),
        (3, 2, 1, 3),
        (3, 3, 7, 8),
        (1, 1, 4, 3),
        (1, 2, 5, 5),
        (5, 1, 3, 6),
    ] {
        let layer = Conv::new(2, 3, k, stride, &mut rng);
        let (oh, ow) = layer.out_size(h, w);
        let cols: Vec<f32> = (0..2 * k * k * oh * ow)
            .map(|i| ((i * 31 % 23) as f32 - 11.0) / 7.0)
            .collect();
        let (mut quick, mut plain) = (vec![9.0; 3], Vec::new());
        layer.col2im(&cols, h, w, &mut quick);
        col2im_naive(&layer, &cols, h, w, &mut plain);
        assert_eq!(quick, plain, "k {k} stride {stride} {h}×{w}");
    }
}

/// [`Conv::col2im`] place by place, as it stands for: the quick one is held to it.
fn col2im_naive(layer: &Conv, cols: &[f32], h: usize, w: usize, d_input: &mut Vec<f32>) {
    let (oh, ow) = layer.out_size(h, w);
    let (k, s, p) = (layer.k, layer.stride, layer.pad() as isize);
    let n = oh * ow;
    d_input.clear();
    d_input.resize(layer.cin * h * w, 0.0);
    for ci in 0..layer.cin {
        let plane = &mut d_input[ci * h * w..(ci + 1) * h * w];
        for ky in 0..k {
            for kx in 0..k {
                let row = &cols[((ci * k + ky) * k + kx) * n..][..n];
                for oy in 0..oh {
                    let y = (oy * s) as isize + ky as isize - p;
                    if y < 0 || y >= h as isize {
                        continue;
                    }
                    for ox in 0..ow {
                        let x = (ox * s) as isize + kx as isize - p;
                        if x >= 0 && x < w as isize {
                            plane[y as usize * w + x as usize] += row[oy * ow + ox];
                        }
                    }
                }
            }
        }
    }
}

/// An inverted residual block as EfficientNet-lite has them (1×1 expansion, depthwise, 1×1
/// projection adding the block's input), ReLU6 between, then a 1×1 head.
fn block_net(pooled: bool) -> Net {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    let link = |act, skip| Link { act, skip };
    let mut net = Net {
        layers: [
            Shape::conv(2, 4, 3, 2),
            Shape::conv(4, 8, 1, 1),
            Shape::depthwise(8, 3, 1),
            Shape::conv(8, 4, 1, 1),
            Shape::conv(4, 3, 1, 1),
        ]
        .into_iter()
        .map(|s| Conv::of(s, &mut rng))
        .collect(),
        pooled,
        links: vec![
            link(Activation::Relu6, None),
            link(Activation::Relu6, None),
            link(Activation::Relu6, None),
            link(Activation::None, Some(0)),
            link(Activation::None, None),
        ],
    };
    // Biases not zero: a place whose inputs are all clamped to 0 would sit on the kink.
    for (i, l) in net.layers.iter_mut().enumerate() {
        for (j, b) in l.b.iter_mut().enumerate() {
            *b = ((i * 7 + j * 3) % 11) as f32 / 10.0 - 0.4;
        }
    }
    net
}

/// Through ReLU6 (some outputs held at 6) and a block adding its input, the backward pass
/// is still the forward pass's derivative, weight by weight and bias by bias.
#[test]
fn gradients_through_relu6_and_a_residual_block_match_finite_differences() {
    for pooled in [false, true] {
        let net = block_net(pooled);
        let input: Vec<f32> = (0..2 * 5 * 6)
            .map(|i| ((i * 37 % 17) as f32 - 8.0) * 1.5)
            .collect();
        let mut trace = Trace::default();
        let out = net.forward_traced(&input, 5, 6, &mut trace, true);
        assert!(trace.outs[0].contains(&6.0), "no output held at 6");
        assert!(trace.outs[0].iter().any(|&v| v > 0.0 && v < 6.0));
        let target: Vec<f32> = (0..out.len()).map(|i| (i % 3) as f32 * 0.1).collect();
        let d_out: Vec<f32> = out.iter().zip(&target).map(|(o, t)| o - t).collect();
        let mut grads = Grads::zeros(&net);
        net.backward(&trace, &d_out, &mut grads);
        let mut checked = 0;
        for l in 0..net.layers.len() {
            let weights = net.layers[l].w.len();
            for j in (0..weights + net.layers[l].b.len()).step_by(3) {
                let eps = 1e-3;
                let nudge = |by: f32| {
                    let mut n = net.clone();
                    match j.checked_sub(weights) {
                        None => n.layers[l].w[j] += by,
                        Some(b) => n.layers[l].b[b] += by,
                    }
                    loss(&n, &input, &target)
                };
                let numeric = (nudge(eps) - nudge(-eps)) / (2.0 * eps);
                let analytic = match j.checked_sub(weights) {
                    None => grads.w[l][j],
                    Some(b) => grads.b[l][b],
                };
                assert!(
                    (numeric - analytic).abs() < 2e-2 + 0.03 * numeric.abs(),
                    "layer {l} parameter {j}: {numeric} vs {analytic} (pooled {pooled})"
                );
                checked += 1;
            }
        }
        assert!(checked > 40);
    }
}

/// A linked net reads the same alone and many at once, and without its skip it reads
/// otherwise (the skip is there).
#[test]
fn a_residual_net_reads_the_same_many_at_once_and_its_skip_counts() {
    let net = block_net(true);
    let inputs: Vec<Vec<f32>> = (0..3)
        .map(|j| {
            (0..2 * 7 * 6)
                .map(|i| ((i * 37 + j * 11) % 17) as f32 - 8.0)
                .collect()
        })
        .collect();
    let together = net.forward_many(&inputs, 7, 6);
    for (input, out) in inputs.iter().zip(&together) {
        assert_eq!(&net.forward(input, 7, 6), out);
    }
    let mut unskipped = net.clone();
    unskipped.links[3].skip = None;
    assert_ne!(unskipped.forward(&inputs[0], 7, 6), together[0]);
}

/// Version 3 keeps each layer's link; a skip from a later layer, across a stride or between
/// channels that differ, or onto an activation, is refused.
#[test]
fn linked_weights_round_trip_and_bad_links_are_refused() {
    let net = block_net(true);
    assert_eq!(Net::from_bytes(&net.to_bytes()), Ok(net.clone()));
    let refused = |change: &dyn Fn(&mut Net)| {
        let mut bad = net.clone();
        change(&mut bad);
        Net::from_bytes(&bad.to_bytes())
    };
    assert_eq!(
        refused(&|n| n.links[1].skip = Some(3)),
        Err(NetError::Shape)
    );
    assert_eq!(
        refused(&|n| n.links[3].skip = Some(2)),
        Err(NetError::Shape)
    );
    assert_eq!(
        refused(&|n| n.links[4].skip = Some(0)),
        Err(NetError::Shape)
    );
    assert_eq!(
        refused(&|n| n.links[3].act = Activation::Relu),
        Err(NetError::Shape)
    );
    // A stride between the skip and the layer: the sizes no longer match.
    assert_eq!(refused(&|n| n.layers[2].stride = 2), Err(NetError::Shape));
}
