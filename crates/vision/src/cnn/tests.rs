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
/// channel.
fn naive(layer: &Conv, input: &[f32], h: usize, w: usize) -> Vec<f32> {
    let (oh, ow) = layer.out_size(h, w);
    let (k, stride, p) = (layer.k, layer.stride, layer.pad() as isize);
    let mut out = Vec::new();
    for co in 0..layer.cout {
        let (channels, filter) = (
            0..layer.cin,
            &layer.w[co * layer.cin * k * k..][..layer.cin * k * k],
        );
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
