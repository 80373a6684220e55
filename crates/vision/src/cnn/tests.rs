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

/// Every weight of `net`, to the bit (`-0.0` is not `0.0` here, as it is for `==`).
fn bits(net: &Net) -> Vec<u32> {
    net.layers
        .iter()
        .flat_map(|l| l.w.iter().chain(&l.b))
        .map(|v| v.to_bits())
        .collect()
}

#[test]
fn weights_round_trip_through_safetensors() {
    for net in [small_net(true), small_net(false), worked_out_net()] {
        let bytes = net.to_bytes().expect("written");
        let back = Net::from_bytes(&bytes).expect("read");
        assert_eq!(back, net);
        assert_eq!(bits(&back), bits(&net));
        // A safetensors file as any reader sees it: the tensors' names, types and shapes, the
        // strides and the rest in the metadata.
        let file = safetensors::SafeTensors::deserialize(&bytes).expect("safetensors");
        assert_eq!(file.len(), 2 * net.layers.len());
        for (i, l) in net.layers.iter().enumerate() {
            let w = file.tensor(&format!("layers.{i}.weight")).expect("weight");
            assert_eq!(w.dtype(), safetensors::Dtype::F32);
            assert_eq!(w.shape(), [l.cout, l.cin, l.k, l.k]);
            let b = file.tensor(&format!("layers.{i}.bias")).expect("bias");
            assert_eq!(b.shape(), [l.cout]);
        }
        let (_, header) = safetensors::SafeTensors::read_metadata(&bytes).expect("header");
        let metadata = header.metadata().clone().expect("metadata");
        assert_eq!(metadata["format"], FORMAT);
        assert_eq!(metadata["version"], "1");
        assert_eq!(metadata["pooled"], net.pooled.to_string());
        assert_eq!(metadata["layers"], net.layers.len().to_string());
        assert_eq!(
            metadata["layers.0.stride"],
            net.layers[0].stride.to_string()
        );
    }
}

/// One net gives the same bytes each time it is written (safetensors writes its metadata
/// in a `HashMap`'s order, new each call): the manifest's hashes stay true.
#[test]
fn a_net_is_written_to_the_same_bytes_each_time() {
    let net = worked_out_net();
    let first = net.to_bytes().expect("written");
    for _ in 0..8 {
        assert_eq!(net.to_bytes().expect("written"), first);
    }
    let n = u64::from_le_bytes(*first.first_chunk::<8>().expect("a length")) as usize;
    assert_eq!(n % 8, 0, "the data 8-byte aligned");
    let header = std::str::from_utf8(&first[8..8 + n]).expect("text");
    let keys = [
        "\"format\"",
        "\"layers\"",
        "\"layers.0.stride\"",
        "\"layers.1.stride\"",
        "\"layers.2.stride\"",
        "\"pooled\"",
        "\"version\"",
    ];
    let at: Vec<usize> = keys.iter().map(|k| header.find(k).expect(k)).collect();
    assert!(at.is_sorted(), "{header}");
}

/// The FNET bytes Foreman wrote before its weights were safetensors (version 1, written by
/// that code: `tests-data/fnet-v1.bin`) read to the same net, to the bit, and write as
/// safetensors that read to it again.
#[test]
fn the_old_fnet_bytes_still_read() {
    let old: &[u8] = include_bytes!("../../tests-data/fnet-v1.bin");
    assert!(old.starts_with(b"FNET"));
    let want = worked_out_net();
    let net = Net::from_bytes(old).expect("an FNET net");
    assert_eq!(net, want);
    assert_eq!(bits(&net), bits(&want));
    let input: Vec<f32> = (0..3 * 9 * 11)
        .map(|i| ((i * 29 % 13) as f32 - 6.0) / 6.0)
        .collect();
    let now = Net::from_bytes(&net.to_bytes().expect("written")).expect("read");
    let (a, b) = (net.forward(&input, 9, 11), now.forward(&input, 9, 11));
    assert_eq!(
        a.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        b.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
    );
    // Its faults as before.
    assert_eq!(
        Net::from_bytes(&old[..old.len() - 2]),
        Err(NetError::Truncated)
    );
    let mut longer = old.to_vec();
    longer.push(0);
    assert_eq!(Net::from_bytes(&longer), Err(NetError::Trailing));
    let mut later = old.to_vec();
    later[4] = 2;
    assert_eq!(Net::from_bytes(&later), Err(NetError::Version(2)));
    let mut wide = old.to_vec();
    // The first layer's kernel (the third word of its shape) 4 wide.
    wide[16 + 8..16 + 12].copy_from_slice(&4u32.to_le_bytes());
    assert_eq!(Net::from_bytes(&wide), Err(NetError::Shape));
}

#[test]
fn truncated_and_garbage_bytes_are_refused() {
    let bytes = small_net(true).to_bytes().expect("written");
    assert_eq!(Net::from_bytes(b""), Err(NetError::NotANet));
    assert_eq!(Net::from_bytes(b"JPEG"), Err(NetError::NotANet));
    assert_eq!(
        Net::from_bytes(b"\xff\xd8\xff\xe0 a JPEG's start"),
        Err(NetError::NotANet)
    );
    // Cut anywhere: in the length, in the header, in the data.
    for cut in [3, 8, 20, bytes.len() / 2, bytes.len() - 2] {
        let e = Net::from_bytes(&bytes[..cut]);
        assert!(
            matches!(e, Err(NetError::NotANet | NetError::Truncated)),
            "cut at {cut}: {e:?}"
        );
    }
    assert_eq!(
        Net::from_bytes(&bytes[..bytes.len() - 2]),
        Err(NetError::Truncated)
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(Net::from_bytes(&longer), Err(NetError::Trailing));
    // Garbage: bytes drawn from a generator, each length; never a panic.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for len in 0..200 {
        let garbage: Vec<u8> = (0..len).map(|_| rand::Rng::random(&mut rng)).collect();
        assert!(Net::from_bytes(&garbage).is_err());
    }
    // A header placing its tensors past the end of memory (each as large as safetensors
    // allows, their ends adding up to nearly 2⁶⁴ bytes): refused, its sum not overflowed.
    let side = (1u64 << 59) - 1;
    let size = 4 * side;
    let tensors: Vec<String> = (0..8)
        .map(|i| {
            format!(
                "\"t{i}\":{{\"dtype\":\"F32\",\"shape\":[{side}],\"data_offsets\":[{},{}]}}",
                i * size,
                (i + 1) * size
            )
        })
        .collect();
    let header = format!("{{{}}}", tensors.join(","));
    let mut far = (header.len() as u64).to_le_bytes().to_vec();
    far.extend_from_slice(header.as_bytes());
    assert_eq!(Net::from_bytes(&far), Err(NetError::Truncated));
    // The header's text spoilt.
    let mut spoilt = bytes.clone();
    spoilt[9] = b'!';
    assert!(matches!(
        Net::from_bytes(&spoilt),
        Err(NetError::Safetensors(_))
    ));
}

/// Writes a safetensors file of `tensors` (name, dtype, shape, bytes) and `metadata`.
fn safetensors_of(
    tensors: &[(&str, safetensors::Dtype, Vec<usize>, Vec<u8>)],
    metadata: &[(&str, &str)],
) -> Vec<u8> {
    let views: Vec<(String, safetensors::tensor::TensorView<'_>)> = tensors
        .iter()
        .map(|(name, dtype, shape, data)| {
            let view =
                safetensors::tensor::TensorView::new(*dtype, shape.clone(), data).expect("a view");
            (name.to_string(), view)
        })
        .collect();
    let metadata = metadata
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    safetensors::serialize(views, Some(metadata)).expect("serialized")
}

/// Safetensors that are not a net's, or whose layers do not fit, are refused, each with its
/// reason.
#[test]
fn safetensors_of_the_wrong_shape_are_refused() {
    use safetensors::Dtype::{F16, F32};
    let floats = |n: usize| vec![0u8; 4 * n];
    let meta = [
        ("format", FORMAT),
        ("version", "1"),
        ("pooled", "true"),
        ("layers", "1"),
        ("layers.0.stride", "1"),
    ];
    let one = |w: Vec<usize>, b: Vec<usize>| {
        let (nw, nb) = (w.iter().product(), b.iter().product());
        vec![
            ("layers.0.weight", F32, w, floats(nw)),
            ("layers.0.bias", F32, b, floats(nb)),
        ]
    };
    let good = safetensors_of(&one(vec![2, 3, 3, 3], vec![2]), &meta);
    let net = Net::from_bytes(&good).expect("a one-layer net");
    assert_eq!(net.shape(), [Shape::conv(3, 2, 3, 1)]);
    assert!(net.pooled);
    let refused = |tensors: &[(&str, safetensors::Dtype, Vec<usize>, Vec<u8>)],
                   metadata: &[(&str, &str)]| {
        Net::from_bytes(&safetensors_of(tensors, metadata)).expect_err("refused")
    };
    // Another model's safetensors: no metadata, or another format.
    assert_eq!(
        refused(&one(vec![2, 3, 3, 3], vec![2]), &[]),
        NetError::NotANet
    );
    let mut other = meta;
    other[0] = ("format", "pt");
    assert_eq!(
        refused(&one(vec![2, 3, 3, 3], vec![2]), &other),
        NetError::NotANet
    );
    let mut later = meta;
    later[1] = ("version", "2");
    assert_eq!(
        refused(&one(vec![2, 3, 3, 3], vec![2]), &later),
        NetError::Version(2)
    );
    let mut unsaid = meta;
    unsaid[2] = ("pooled", "yes");
    assert_eq!(
        refused(&one(vec![2, 3, 3, 3], vec![2]), &unsaid),
        NetError::Metadata("pooled".into())
    );
    assert_eq!(
        refused(&one(vec![2, 3, 3, 3], vec![2]), &meta[..4]),
        NetError::Metadata("layers.0.stride".into())
    );
    let mut strided = meta;
    strided[4] = ("layers.0.stride", "5");
    assert_eq!(
        refused(&one(vec![2, 3, 3, 3], vec![2]), &strided),
        NetError::Shape
    );
    let mut none = meta;
    none[3] = ("layers", "0");
    assert_eq!(refused(&[], &none), NetError::Shape);
    let mut two = meta;
    two[3] = ("layers", "2");
    assert_eq!(
        refused(&one(vec![2, 3, 3, 3], vec![2]), &two),
        NetError::Metadata("layers.1.stride".into())
    );
    // Kernels of 2, kernels not square, the weights not 4-dimensional, a bias too long.
    for (w, b) in [
        (vec![2, 3, 2, 2], vec![2]),
        (vec![2, 3, 3, 1], vec![2]),
        (vec![2, 27], vec![2]),
        (vec![2, 3, 3, 3], vec![3]),
        (vec![0, 3, 3, 3], vec![0]),
    ] {
        assert_eq!(refused(&one(w.clone(), b), &meta), NetError::Shape, "{w:?}");
    }
    // A bias missing, half-precision weights, a tensor of no layer.
    let mut tensors = one(vec![2, 3, 3, 3], vec![2]);
    let bias = tensors.pop().expect("the bias");
    assert_eq!(
        refused(&tensors, &meta),
        NetError::Missing("layers.0.bias".into())
    );
    tensors.push(bias.clone());
    tensors.push(("head.weight", F32, vec![1], floats(1)));
    assert_eq!(
        refused(&tensors, &meta),
        NetError::Unknown("head.weight".into())
    );
    let half = vec![
        ("layers.0.weight", F16, vec![2, 3, 3, 3], vec![0u8; 2 * 54]),
        bias,
    ];
    assert_eq!(
        refused(&half, &meta),
        NetError::Dtype("layers.0.weight".into())
    );
    // Two layers whose channels do not chain.
    let mut two = meta.to_vec();
    two[3] = ("layers", "2");
    two.push(("layers.1.stride", "1"));
    let mut tensors = one(vec![2, 3, 3, 3], vec![2]);
    tensors.push(("layers.1.weight", F32, vec![4, 5, 1, 1], floats(20)));
    tensors.push(("layers.1.bias", F32, vec![4], floats(4)));
    assert_eq!(refused(&tensors, &two), NetError::Shape);
    tensors[2].2 = vec![4, 2, 1, 1];
    tensors[2].3 = floats(8);
    assert_eq!(
        Net::from_bytes(&safetensors_of(&tensors, &two)).map(|n| n.shape()),
        Ok(vec![Shape::conv(3, 2, 3, 1), Shape::conv(2, 4, 1, 1)])
    );
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

/// A net whose weights are worked out, not drawn (no generator's stream to change): a 5×5
/// layer of stride 2, a 3×3 and a 1×1, pooled; a -0.0 and the smallest subnormal among its
/// weights, to see them kept to the bit.
fn worked_out_net() -> Net {
    let layer = |l: usize, cin: usize, cout: usize, k: usize, stride: usize| Conv {
        cin,
        cout,
        k,
        stride,
        w: (0..cout * cin * k * k)
            .map(|j| ((j * 37 + l * 11) % 101) as f32 / 64.0 - 0.75)
            .collect(),
        b: (0..cout).map(|o| o as f32 * 0.125 - 0.1).collect(),
    };
    let mut net = Net {
        layers: vec![
            layer(0, 3, 4, 5, 2),
            layer(1, 4, 5, 3, 1),
            layer(2, 5, 2, 1, 1),
        ],
        pooled: true,
    };
    net.layers[0].w[0] = -0.0;
    net.layers[1].w[1] = f32::from_bits(1);
    net
}
