//! The training loop: a net fitted to samples drawn afresh each step, on threads, with Adam,
//! and the picture changes that keep what a die shows. The reader learns the player's table
//! with it ([`super::relearn`]); `foreman-dice-training` trains the shipped nets with it.

use crate::cnn::{Adam, Conv, Grads, Net, Shape, Trace, softmax};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, Ordering};

/// How a training run goes.
#[derive(Debug, Clone, Copy)]
pub struct Schedule {
    pub seed: u64,
    pub epochs: usize,
    pub per_epoch: usize,
    pub batch: usize,
    pub rate: f32,
    pub threads: usize,
}

/// The net of `shape`, He-initialised from `seed`.
pub fn new_net(shape: &[Shape], pooled: bool, seed: u64) -> Net {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    Net {
        layers: shape
            .iter()
            .map(|&layer| Conv::of(layer, &mut rng))
            .collect(),
        pooled,
    }
}

/// A sample's generator: its own, from the run's seed, the epoch and its number.
pub(crate) fn sample_rng(seed: u64, epoch: usize, i: usize) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(
        seed ^ (epoch as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (i as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f),
    )
}

/// Trains `net` on samples from `make` (input, its height and width, and what the loss needs),
/// with `loss` giving the loss and its gradient at the output. `log` hears each epoch's mean
/// loss. Adam, the rate warming up over 100 steps then falling along a cosine.
pub fn fit<T: Send>(
    net: &mut Net,
    schedule: Schedule,
    make: impl Fn(&mut ChaCha8Rng) -> (Vec<f32>, usize, usize, T) + Sync,
    loss: impl Fn(&[f32], &T, &mut Vec<f32>) -> f32 + Sync,
    log: impl FnMut(usize, f32),
) {
    fit_until(net, schedule, make, loss, log, &AtomicBool::new(false));
}

/// [`fit`], given up between two steps once `stop` is set (the net then half trained).
pub fn fit_until<T: Send>(
    net: &mut Net,
    schedule: Schedule,
    make: impl Fn(&mut ChaCha8Rng) -> (Vec<f32>, usize, usize, T) + Sync,
    loss: impl Fn(&[f32], &T, &mut Vec<f32>) -> f32 + Sync,
    mut log: impl FnMut(usize, f32),
    stop: &AtomicBool,
) {
    let mut adam = Adam::new(net, schedule.rate, 1e-4);
    let steps_per_epoch = schedule.per_epoch / schedule.batch;
    let total = (steps_per_epoch * schedule.epochs).max(1);
    let mut step = 0usize;
    for epoch in 0..schedule.epochs {
        let mut epoch_loss = 0.0;
        for b in 0..steps_per_epoch {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let first = b * schedule.batch;
            let threads = schedule.threads.max(1);
            let chunk = schedule.batch.div_ceil(threads);
            let net_ref: &Net = net;
            let results: Vec<(Grads, f32)> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let (make, loss) = (&make, &loss);
                        scope.spawn(move || {
                            let mut grads = Grads::zeros(net_ref);
                            let mut trace = Trace::default();
                            let mut d_out = Vec::new();
                            let mut total = 0.0;
                            let from = first + t * chunk;
                            let to = (first + (t + 1) * chunk).min(first + schedule.batch);
                            for i in from..to {
                                let mut rng = sample_rng(schedule.seed, epoch, i);
                                let (input, h, w, target) = make(&mut rng);
                                let out = net_ref.forward_traced(&input, h, w, &mut trace, true);
                                total += loss(&out, &target, &mut d_out);
                                net_ref.backward(&trace, &d_out, &mut grads);
                            }
                            (grads, total)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            });
            let mut grads = Grads::zeros(net);
            for (g, l) in &results {
                grads.add(g);
                epoch_loss += l;
            }
            let inv = 1.0 / schedule.batch as f32;
            for v in grads.w.iter_mut().chain(grads.b.iter_mut()).flatten() {
                *v *= inv;
            }
            let warm = ((step + 1) as f32 / 100.0).min(1.0);
            let cosine = 0.5 * (1.0 + (std::f32::consts::PI * step as f32 / total as f32).cos());
            adam.rate = schedule.rate * warm * (0.02 + 0.98 * cosine);
            adam.step(net, &grads);
            step += 1;
        }
        log(
            epoch,
            epoch_loss / (steps_per_epoch * schedule.batch).max(1) as f32,
        );
    }
}

/// Softmax cross-entropy: the loss, and its gradient in `d`.
pub fn class_loss(out: &[f32], class: &usize, d: &mut Vec<f32>) -> f32 {
    d.clear();
    d.extend_from_slice(out);
    softmax(d);
    let loss = -(d[*class].max(1e-7)).ln();
    d[*class] -= 1.0;
    loss
}

/// Picture changes that keep what a die shows.
pub fn look_changes(pixels: &mut [[f32; 3]], w: usize, h: usize, rng: &mut ChaCha8Rng) {
    let light = rng.random_range(0.55f32..1.45);
    let tint: [f32; 3] = std::array::from_fn(|_| rng.random_range(0.85f32..1.15));
    let contrast = rng.random_range(0.65f32..1.3);
    let n = pixels.len() as f32;
    let mean = pixels.iter().flatten().sum::<f32>() / (3.0 * n);
    let grey = rng.random_bool(0.15);
    for p in pixels.iter_mut() {
        let l = 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
        for k in 0..3 {
            let v = if grey { l } else { p[k] };
            p[k] = ((mean + (v - mean) * contrast) * light * tint[k]).clamp(0.0, 255.0);
        }
    }
    if rng.random_bool(0.3) {
        let copy = pixels.to_vec();
        for y in 0..h {
            for x in 0..w {
                let mut sum = [0f32; 3];
                let mut count = 0.0;
                for yy in y.saturating_sub(1)..(y + 2).min(h) {
                    for xx in x.saturating_sub(1)..(x + 2).min(w) {
                        for k in 0..3 {
                            sum[k] += copy[yy * w + xx][k];
                        }
                        count += 1.0;
                    }
                }
                pixels[y * w + x] = sum.map(|s| s / count);
            }
        }
    }
    let noise = rng.random_range(0.0f32..8.0);
    if noise > 1.0 {
        for v in pixels.iter_mut().flatten() {
            let g: f32 = rng.random_range(-1.0f32..1.0) + rng.random_range(-1.0f32..1.0);
            *v = (*v + noise * g).clamp(0.0, 255.0);
        }
    }
    if rng.random_bool(0.25) {
        let quality = rng.random_range(25u8..90);
        let bytes: Vec<u8> = pixels.iter().flatten().map(|&v| v as u8).collect();
        let mut jpeg = Vec::new();
        let encoded = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, quality)
            .encode(&bytes, w as u32, h as u32, image::ExtendedColorType::Rgb8);
        if encoded.is_ok()
            && let Ok(back) = image::load_from_memory(&jpeg)
        {
            let back = back.to_rgb8();
            for (p, q) in pixels.iter_mut().zip(back.pixels()) {
                *p = q.0.map(f32::from);
            }
        }
    }
}
