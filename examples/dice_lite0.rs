//! Trial (issue 71, "pretrained eyes"): the dice classifier as a small head on EfficientNet-lite0's
//! first blocks, frozen (ImageNet weights, `examples/dice_train/lite0.py`), trained on the
//! same made samples as the shipped classifier; then both read the labelled boxes of the
//! pictures scored (a perfect detector: what is left is the classifier's).
//!
//! `cargo run --release --example dice_lite0 -- [--data DIR] [--leave-out SOURCE]
//! [--backbone FILE] [--blocks N] [--side N] [--epochs N] [--per-epoch N] [--width N]
//! [--deep] [--fine-tune] [--rate R] [--compare MODEL_DIR] [--seed N] [--out DIR]`
//!
//! - `--fine-tune`: the blocks are trained with the head (as one [`Net`]), not frozen.
//! - `--taught N`: N pictures of the left-out source trained on, its held-back fifth scored;
//!   `--scratch`: the shipped classifier's shape from scratch on the same samples (`--side 32`).
//! - `--normalised` (with `--fine-tune`): the patch as the shipped classifier reads it.
//! - `--rendered F`: that share of the samples rendered dice (`render`); `--load FILE`: the
//!   net from a file, not trained; `--sheet FILE`: the left-out source's misread patches.
//!
//! - `--backbone FILE`: `lite0.py --blocks 5`'s file (default `target/lite0/lite0-b5.bin`);
//!   `--blocks N` keeps its first N blocks (5: 40 channels at an eighth; 3: 24 at a quarter).
//! - `--side N`: the patch's side in pixels (48), over 1.4 of the die's side as shipped.
//! - `--compare DIR`: a model `dice_train` wrote (trained with the same `--leave-out`), whose
//!   classifier reads the same boxes (default: the model built in).
//! - `--out DIR`: where the head's weights go (`head.bin`).
#[path = "common/args.rs"]
mod args;

use anyhow::Context;
use foreman::vision::cnn::{Net, Shape, softmax};
use foreman::vision::learned::{Candidate, Model, PATCH_MARGIN, classifier_input};
use foreman_dice_training::backbone::Backbone;
use foreman_dice_training::sources::{self, training_split};
use foreman_dice_training::training::{self, Library, Schedule, Source, UNKNOWN};
use std::path::PathBuf;
use std::time::Instant;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args::value(&args, name);
    let data = PathBuf::from(value("--data").unwrap_or_else(|| "../shared/dice".into()));
    let leave_out = value("--leave-out");
    let backbone_file = value("--backbone").unwrap_or_else(|| "target/lite0/lite0-b5.bin".into());
    let blocks: usize = value("--blocks").map_or(Ok(5), |v| v.parse())?;
    let side: usize = value("--side").map_or(Ok(48), |v| v.parse())?;
    let epochs: usize = value("--epochs").map_or(Ok(20), |v| v.parse())?;
    let per_epoch: usize = value("--per-epoch").map_or(Ok(16_384), |v| v.parse())?;
    let width: usize = value("--width").map_or(Ok(96), |v| v.parse())?;
    let seed: u64 = value("--seed").map_or(Ok(2026), |v| v.parse())?;
    // `--taught N`: N pictures of the left-out source are trained on (a new table taught),
    // its held-back fifth scored.
    let taught: usize = value("--taught").map_or(Ok(0), |v| v.parse())?;
    // `--scratch`: the shipped classifier's shape trained from scratch on the same samples
    // (with `--side 32`), not the pretrained blocks.
    let scratch = args.iter().any(|a| a == "--scratch");
    // `--normalised`: the blocks read the patch as the shipped classifier does (each patch's
    // mean taken away, divided by its spread), not ImageNet's (x − 127) / 128.
    let normalised = args.iter().any(|a| a == "--normalised");

    let backbone = Backbone::from_bytes(
        &std::fs::read(&backbone_file)
            .with_context(|| format!("{backbone_file}: run examples/dice_train/lite0.py"))?,
    )?
    .up_to(blocks);
    let channels = backbone.channels();
    let (fh, fw) = backbone.out_size(side, side);
    println!(
        "backbone: {blocks} blocks, {} parameters, {channels}×{fh}×{fw} from {side}×{side}, {:.1} M multiply-adds a patch",
        backbone.parameters(),
        backbone.macs(side, side) as f64 / 1e6
    );
    let (train, test) =
        training_split(&data, leave_out.as_deref(), taught, false).map_err(anyhow::Error::msg)?;
    let compare = match value("--compare") {
        Some(dir) => load_model(&PathBuf::from(dir))?,
        None => Model::shipped()?.clone(),
    };
    let mut library = Library::plain(train.iter().collect(), side);
    // `--rendered F`: that share of the samples are rendered dice (tilted, marbled, ...).
    library.rendered = value("--rendered").map_or(Ok(0.0), |v| v.parse())?;
    // The detector's proposals on the training photos, labelled: its boxes and its mistakes
    // (the compared model's detector; it proposes on training pictures only).
    library.proposals = training::proposals(
        &compare,
        train
            .iter()
            .flat_map(|s| s.pictures.iter())
            .filter(|p| p.whole),
    );
    println!(
        "proposals on the training photos: {}",
        library.proposals.len()
    );

    // The head: a 3×3 layer over the features, a 1×1 to the 7 classes, averaged; `--deep`:
    // three 3×3 layers (the second halving), so the pips' layout is seen before the average.
    let shape: Vec<Shape> = if args.iter().any(|a| a == "--deep") {
        vec![
            Shape::conv(channels, width, 3, 1),
            Shape::conv(width, width, 3, 2),
            Shape::conv(width, width, 3, 1),
            Shape::conv(width, 7, 1, 1),
        ]
    } else {
        vec![
            Shape::conv(channels, width, 3, 1),
            Shape::conv(width, 7, 1, 1),
        ]
    };
    let fine_tune = args.iter().any(|a| a == "--fine-tune");
    let rate: f32 = value("--rate").map_or(Ok(3e-3), |v| v.parse())?;
    let mut head = training::new_net(&shape, true, seed + 1);
    if fine_tune {
        // The blocks and the head as one net, every weight trained.
        head = backbone.to_net(head.layers);
    }
    if scratch {
        head = training::new_net(&foreman::vision::learned::CLASSIFIER_SHAPE, true, seed + 1);
    }
    let (fh, fw) = if fine_tune || scratch {
        (side, side)
    } else {
        (fh, fw)
    };
    let features = |pixels: &[[f32; 3]]| -> Vec<f32> {
        let rgb: Vec<u8> = pixels
            .iter()
            .flat_map(|p| p.map(|v| v.round().clamp(0.0, 255.0) as u8))
            .collect();
        if scratch || (normalised && fine_tune) {
            return classifier_input(pixels, side, side, 3);
        }
        let input = backbone.input(&rgb, side, side);
        if fine_tune {
            input
        } else {
            backbone.forward(&input, side, side).data
        }
    };
    let t = Instant::now();
    let loaded = match value("--load") {
        Some(file) => {
            head = Net::from_bytes(&std::fs::read(&file).with_context(|| file.clone())?)?;
            true
        }
        None => false,
    };
    if !loaded {
        training::fit(
            &mut head,
            Schedule {
                seed,
                epochs,
                per_epoch,
                batch: 64,
                rate,
                threads: 2,
            },
            |rng| {
                let (mut pixels, class) = library.classifier_pixels(rng);
                training::look_changes(&mut pixels, side, side, rng);
                (features(&pixels), fh, fw, class)
            },
            training::class_loss,
            |e, l| {
                println!(
                    "head epoch {e}: loss {l:.4} ({:.0} s)",
                    t.elapsed().as_secs_f32()
                )
            },
        );
    }
    let sheet_file = value("--sheet");
    let mut sheet: Vec<(Vec<[f32; 3]>, u8, usize)> = Vec::new();
    if let Some(out) = value("--out") {
        std::fs::create_dir_all(&out)?;
        std::fs::write(PathBuf::from(&out).join("head.bin"), head.to_bytes())?;
    }

    // Both classifiers on the labelled boxes of the pictures scored.
    let mut speed = (0usize, 0.0f64);
    for source in &test {
        let (mut ours, mut theirs) = (Boxes::default(), Boxes::default());
        for p in &source.pictures {
            for d in &p.dice {
                let c = Candidate {
                    x: d.x,
                    y: d.y,
                    size: d.size,
                    sure: 1.0,
                };
                let started = Instant::now();
                let pixels = patch(&p.image, c, side);
                let mut out = head.forward(&features(&pixels), fh, fw);
                speed.0 += 1;
                speed.1 += started.elapsed().as_secs_f64();
                softmax(&mut out);
                ours.add(d.class, &out);
                let best = (0..out.len())
                    .max_by(|&a, &b| out[a].total_cmp(&out[b]))
                    .unwrap_or(0);
                if split_name(source, leave_out.as_deref()) != "held back"
                    && (1..=6).contains(&d.class)
                    && best != usize::from(d.class)
                    && sheet.len() < 400
                {
                    sheet.push((pixels.clone(), d.class, best));
                }
                let small = foreman::vision::learned::patch_pixels(&p.image, c, 0);
                let input = classifier_input(
                    &small,
                    foreman::vision::learned::PATCH,
                    foreman::vision::learned::PATCH,
                    compare.classifier_channels(),
                );
                let mut out = compare.classifier.forward(
                    &input,
                    foreman::vision::learned::PATCH,
                    foreman::vision::learned::PATCH,
                );
                softmax(&mut out);
                theirs.add(d.class, &out);
            }
        }
        println!(
            "{} ({}): pretrained head {ours}; from scratch {theirs}",
            source.name,
            split_name(source, leave_out.as_deref())
        );
    }
    if let Some(file) = sheet_file {
        write_sheet(&sheet, side, &file)?;
    }
    println!(
        "a patch through backbone and head: {:.2} ms (one thread)",
        1000.0 * speed.1 / speed.0.max(1) as f64
    );
    Ok(())
}

fn split_name(source: &Source, leave_out: Option<&str>) -> &'static str {
    if leave_out == Some(sources::family(&source.name)) {
        "left out, all"
    } else {
        "held back"
    }
}

/// The patch around `c` at `side` pixels over [`PATCH_MARGIN`] of its side, unturned.
fn patch(image: &image::RgbImage, c: Candidate, side: usize) -> Vec<[f32; 3]> {
    let s = c.size * PATCH_MARGIN / side as f32;
    foreman::vision::grid::sample(image, (c.x, c.y), [s, 0.0, 0.0, s], side, side)
}

/// A classifier's figures on labelled boxes.
#[derive(Default)]
struct Boxes {
    /// Pip d6 of a known face: read as some face, and the right one.
    dice: usize,
    found: usize,
    right: usize,
    /// Other dice (class 0) read as a pip d6.
    others: usize,
    others_read: usize,
    /// Pip d6 of no known face read as a die.
    unknown: usize,
    unknown_found: usize,
    /// `[label][read]` for pip d6 of a known face.
    confusion: [[usize; 7]; 7],
}

impl Boxes {
    fn add(&mut self, class: u8, p: &[f32]) {
        let best = (0..p.len())
            .max_by(|&a, &b| p[a].total_cmp(&p[b]))
            .unwrap_or(0);
        match class {
            0 => {
                self.others += 1;
                self.others_read += usize::from(best != 0);
            }
            UNKNOWN => {
                self.unknown += 1;
                self.unknown_found += usize::from(best != 0);
            }
            v => {
                self.dice += 1;
                self.confusion[usize::from(v).min(6)][best] += 1;
                if best != 0 {
                    self.found += 1;
                    self.right += usize::from(best == usize::from(v));
                }
            }
        }
    }
}

impl std::fmt::Display for Boxes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "found {:.4} value {:.4} (of {} dice), other dice read {}/{}, unknown found {}/{}",
            self.found as f64 / self.dice.max(1) as f64,
            self.right as f64 / self.found.max(1) as f64,
            self.dice,
            self.others_read,
            self.others,
            self.unknown_found,
            self.unknown
        )?;
        if self.dice > 200 {
            write!(f, "\n  label→read (no die, 1–6):")?;
            for (label, row) in self.confusion.iter().enumerate().skip(1) {
                write!(f, "\n  {label}: {row:?}")?;
            }
        }
        Ok(())
    }
}

fn load_model(dir: &std::path::Path) -> anyhow::Result<Model> {
    let read =
        |f: &str| std::fs::read(dir.join(f)).with_context(|| format!("{}", dir.join(f).display()));
    Ok(Model {
        detector: Net::from_bytes(&read("detector.bin")?)?,
        classifier: Net::from_bytes(&read("classifier.bin")?)?,
        look: Default::default(),
    })
}

/// The misread patches side by side, 20 a row, each with its label and reading as two bars of
/// pips' count above it (label left, reading right, "no die" empty).
fn write_sheet(
    sheet: &[(Vec<[f32; 3]>, u8, usize)],
    side: usize,
    file: &str,
) -> anyhow::Result<()> {
    let per_row = 20;
    let cell = side + 8;
    let rows = sheet.len().div_ceil(per_row).max(1);
    let mut img = image::RgbImage::new((per_row * cell) as u32, (rows * cell) as u32);
    for (i, (pixels, label, read)) in sheet.iter().enumerate() {
        let (cx, cy) = ((i % per_row) * cell, (i / per_row) * cell);
        for (j, p) in pixels.iter().enumerate() {
            let (x, y) = (cx + j % side, cy + 8 + j / side);
            img.put_pixel(
                x as u32,
                y as u32,
                image::Rgb(p.map(|v| v.clamp(0.0, 255.0) as u8)),
            );
        }
        for k in 0..usize::from(*label) {
            for y in 1..5 {
                img.put_pixel(
                    (cx + k * 4) as u32,
                    (cy + y) as u32,
                    image::Rgb([0, 255, 0]),
                );
                img.put_pixel(
                    (cx + k * 4 + 1) as u32,
                    (cy + y) as u32,
                    image::Rgb([0, 255, 0]),
                );
            }
        }
        for k in 0..*read {
            for y in 1..5 {
                let x = cx + side - 2 - k * 4;
                img.put_pixel(x as u32, (cy + y) as u32, image::Rgb([255, 0, 0]));
                img.put_pixel((x + 1) as u32, (cy + y) as u32, image::Rgb([255, 0, 0]));
            }
        }
    }
    img.save(file)?;
    Ok(())
}
