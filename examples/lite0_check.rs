//! Checks the pretrained backbone ([`foreman_dice_training::backbone`]) against the numpy reference
//! and times it.
//!
//! ```text
//! python3 examples/dice_train/lite0.py --blocks 5 -o target/lite0/lite0-b5.bin
//! python3 examples/dice_train/lite0_check.py reference target/lite0/lite0-b5.bin target/lite0/ref-b5
//! cargo run --release --example lite0_check -- target/lite0/lite0-b5.bin target/lite0/ref-b5
//! ```
//!
//! With a directory of `ref-H×W.bin` files (written by `lite0_check.py reference` from the
//! same weights) it runs each input and prints the largest difference from numpy's output
//! (and logits, for the whole net). Then, unless `--no-speed`, the time a pass takes on one
//! thread: 20 patches of 48×48 and of 64×64 at once, and a 192×256 picture, through the
//! stem and blocks 0–4 and 0–2 (as far as the weights go).

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use foreman_dice_training::backbone::Backbone;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let speed = !args.iter().any(|a| a == "--no-speed");
    let paths: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let Some(model) = paths.first() else {
        bail!("usage: lite0_check MODEL [REFERENCE_DIR] [--no-speed]");
    };
    let bytes = std::fs::read(model).with_context(|| format!("reading {model}"))?;
    let net = Backbone::from_bytes(&bytes).with_context(|| format!("reading {model}"))?;
    println!(
        "{model}: {} blocks (stem included), {} channels out, {} parameters{}, {:.1} M multiply-adds at 224×224",
        net.blocks.len(),
        net.channels(),
        net.parameters(),
        if net.fc.is_some() {
            " with the classifier"
        } else {
            ""
        },
        net.macs(224, 224) as f64 / 1e6
    );
    if let Some(dir) = paths.get(1) {
        compare(&net, Path::new(dir))?;
    }
    if speed {
        for blocks in [5, 3] {
            if net.blocks.len() > blocks {
                time(&net.up_to(blocks), blocks);
            }
        }
    }
    Ok(())
}

/// Each reference file's input through the backbone, against numpy's output.
fn compare(net: &Backbone, dir: &Path) -> Result<()> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .with_context(|| format!("listing {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("no reference files in {}", dir.display());
    }
    let mut worst: f32 = 0.0;
    for path in files {
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        let r = Reference::parse(&bytes).with_context(|| format!("reading {}", path.display()))?;
        let got = net.forward(&r.input, r.h, r.w);
        if (got.channels, got.height, got.width) != r.shape {
            bail!(
                "{}: the backbone gives {}×{}×{}, numpy {:?}",
                path.display(),
                got.channels,
                got.height,
                got.width,
                r.shape
            );
        }
        let (diff, scale) = max_diff(&got.data, &r.output);
        worst = worst.max(diff / scale);
        print!(
            "{}: {}×{} → {}×{}×{}: max |diff| {diff:.2e} (outputs up to {scale:.3}, relative {:.2e})",
            path.display(),
            r.h,
            r.w,
            got.channels,
            got.height,
            got.width,
            diff / scale
        );
        if !r.logits.is_empty() {
            let logits = net
                .logits(&r.input, r.h, r.w)
                .context("the reference has logits, the weights no classifier")?;
            let (d, s) = max_diff(&logits, &r.logits);
            worst = worst.max(d / s);
            let top = |v: &[f32]| {
                (0..v.len())
                    .max_by(|&a, &b| v[a].total_cmp(&v[b]))
                    .unwrap_or(0)
            };
            print!(
                "; logits max |diff| {d:.2e} (up to {s:.3}), top class {} (numpy {})",
                top(&logits),
                top(&r.logits)
            );
        }
        println!();
    }
    println!("largest relative difference: {worst:.2e}");
    if worst > 1e-3 {
        bail!("the backbone is not numpy's");
    }
    Ok(())
}

/// The largest absolute difference and the largest absolute reference value (at least 1).
fn max_diff(got: &[f32], want: &[f32]) -> (f32, f32) {
    let diff = got
        .iter()
        .zip(want)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f32::max);
    (diff, want.iter().map(|v| v.abs()).fold(1.0, f32::max))
}

/// One `ref-H×W.bin`: "FREF", h, w, the output's c, h, w, the logit count, then the input,
/// the output and the logits (little-endian).
struct Reference {
    h: usize,
    w: usize,
    shape: (usize, usize, usize),
    input: Vec<f32>,
    output: Vec<f32>,
    logits: Vec<f32>,
}

impl Reference {
    fn parse(bytes: &[u8]) -> Result<Reference> {
        if bytes.get(..4) != Some(b"FREF".as_slice()) || bytes.len() < 28 {
            bail!("not a reference file");
        }
        let words: Vec<usize> = bytes[4..28]
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
            .collect();
        let [h, w, c, oh, ow, n_logits] = words[..] else {
            bail!("not a reference file");
        };
        let floats: Vec<f32> = bytes[28..]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let (n_in, n_out) = (3 * h * w, c * oh * ow);
        if floats.len() != n_in + n_out + n_logits || !bytes.len().is_multiple_of(4) {
            bail!("a reference file of the wrong length");
        }
        Ok(Reference {
            h,
            w,
            shape: (c, oh, ow),
            input: floats[..n_in].to_vec(),
            output: floats[n_in..n_in + n_out].to_vec(),
            logits: floats[n_in + n_out..].to_vec(),
        })
    }
}

/// Times `net` (the stem and `blocks` blocks) on patches and on a picture.
fn time(net: &Backbone, blocks: usize) {
    let label = format!("stem + blocks 0–{}", blocks - 1);
    for side in [48, 64] {
        let patches: Vec<Vec<f32>> = (0..20).map(|i| pattern(side, side, i)).collect();
        let t = fastest(|| {
            std::hint::black_box(net.forward_many(&patches, side, side));
        });
        let one = fastest(|| {
            std::hint::black_box(net.forward(&patches[0], side, side));
        });
        println!(
            "{label}: 20 patches of {side}×{side} at once {:.2} ms ({:.3} ms a patch; one alone {:.3} ms), {:.1} M multiply-adds a patch",
            ms(t),
            ms(t) / 20.0,
            ms(one),
            net.macs(side, side) as f64 / 1e6
        );
    }
    let (h, w) = (192, 256);
    let picture = pattern(h, w, 0);
    let t = fastest(|| {
        std::hint::black_box(net.forward(&picture, h, w));
    });
    let (oh, ow) = net.out_size(h, w);
    println!(
        "{label}: a {h}×{w} picture {:.2} ms → {}×{oh}×{ow}, {:.1} M multiply-adds",
        ms(t),
        net.channels(),
        net.macs(h, w) as f64 / 1e6
    );
}

/// A smooth picture with some detail, different for each `seed`, in the input's range.
fn pattern(h: usize, w: usize, seed: usize) -> Vec<f32> {
    (0..3 * h * w)
        .map(|i| {
            let (c, y, x) = (i / (h * w), (i / w) % h, i % w);
            let t = (x * (3 + seed % 5) + y * (2 + c) + seed * 7) as f32;
            (t * 0.37).sin() * 0.8
        })
        .collect()
}

/// The fastest of repeated runs of `f` (after one to warm up), over about half a second.
fn fastest(mut f: impl FnMut()) -> Duration {
    f();
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < 5 || (start.elapsed() < Duration::from_millis(500) && runs < 1000) {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
