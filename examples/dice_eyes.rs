//! Trial (issue 71, "pretrained eyes" for finding dice): the detector as a head over
//! EfficientNet-lite0's first blocks, frozen (ImageNet weights, `examples/dice_train/lite0.py`),
//! trained on the detector's own samples (the training photos moved and scaled, dice pasted on
//! made-up grounds). It writes a model folder `dice_accuracy --model DIR` (or `--loso`) reads:
//! the compared model's two nets, and the eyes (`eyes-backbone.bin`, `eyes-detector.bin`).
//!
//! `cargo run --release --example dice_eyes -- [--data DIR] [--leave-out SOURCE]
//! [--backbone FILE] [--blocks N] [--epochs N] [--per-epoch N] [--width N] [--compare DIR]
//! [--seed N] --out DIR`
//!
//! - `--backbone FILE`: `lite0.py --blocks 5`'s file (default `target/lite0/lite0-b5.bin`);
//!   `--blocks N` keeps its first N blocks (5: 40 channels at an eighth, the detector's cell).
//! - `--compare DIR`: the model whose classifier reads the eyes' boxes (default: built in).
#[path = "common/args.rs"]
mod args;

use anyhow::Context;
use foreman::vision::backbone::Backbone;
use foreman::vision::learned::{CLASSIFIER_WEIGHTS, DETECTOR_WEIGHTS, STRIDE};
use foreman::vision::net::Shape;
use foreman::vision::sources::training_split;
use foreman::vision::training::{self, Library, Schedule};
use std::path::PathBuf;
use std::time::Instant;

const OPTIONS: [&str; 10] = [
    "--data",
    "--leave-out",
    "--backbone",
    "--blocks",
    "--epochs",
    "--per-epoch",
    "--width",
    "--compare",
    "--seed",
    "--out",
];

/// The detector's training pictures are this many pixels a side (as `dice_train`'s).
const SIDE: usize = 128;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args::check(&args, &OPTIONS, &[], "the top of examples/dice_eyes.rs")
        .map_err(anyhow::Error::msg)?
    {
        return Ok(());
    }
    let value = |name: &str| args::value(&args, name);
    let data = PathBuf::from(value("--data").unwrap_or_else(|| "../shared/dice".into()));
    let leave_out = value("--leave-out");
    let backbone_file = value("--backbone").unwrap_or_else(|| "target/lite0/lite0-b5.bin".into());
    let blocks: usize = value("--blocks").map_or(Ok(5), |v| v.parse())?;
    let epochs: usize = value("--epochs").map_or(Ok(20), |v| v.parse())?;
    let per_epoch: usize = value("--per-epoch").map_or(Ok(4096), |v| v.parse())?;
    let width: usize = value("--width").map_or(Ok(48), |v| v.parse())?;
    let seed: u64 = value("--seed").map_or(Ok(2026), |v| v.parse())?;
    let out = PathBuf::from(value("--out").context("--out DIR: where the model goes")?);

    let backbone = Backbone::from_bytes(
        &std::fs::read(&backbone_file)
            .with_context(|| format!("{backbone_file}: run examples/dice_train/lite0.py"))?,
    )?
    .up_to(blocks);
    let (fh, fw) = backbone.out_size(SIDE, SIDE);
    anyhow::ensure!(
        fh == SIDE / STRIDE && fw == SIDE / STRIDE,
        "{blocks} blocks give {fh}×{fw} cells from {SIDE}×{SIDE}, not the detector's eighth"
    );
    println!(
        "backbone: {blocks} blocks, {} parameters, {} multiply-adds a 640×640 picture (M)",
        backbone.parameters(),
        backbone.macs(640, 640) / 1_000_000
    );
    let (train, _) =
        training_split(&data, leave_out.as_deref(), 0, false).map_err(anyhow::Error::msg)?;
    let library = Library {
        sources: train.iter().collect(),
        proposals: Vec::new(),
        made_up: Vec::new(),
        rendered: 0.0,
        pasted: 0.0,
        icons: 0.0,
        channels: 3,
        pip_places: Default::default(),
        patch: foreman::vision::learned::PATCH,
    };
    let channels = backbone.channels();
    let shape = [
        Shape::conv(channels, width, 3, 1),
        Shape::conv(width, width, 3, 1),
        Shape::conv(width, 4, 1, 1),
    ];
    let mut head = training::new_net(&shape, false, seed);
    let t = Instant::now();
    training::fit(
        &mut head,
        Schedule {
            seed,
            epochs,
            per_epoch,
            batch: 32,
            rate: 3e-3,
            threads: 2,
        },
        |rng| {
            let (pixels, target) = library.detector_pixels(rng, SIDE);
            let rgb: Vec<u8> = pixels
                .iter()
                .flat_map(|p| p.map(|v| v.round().clamp(0.0, 255.0) as u8))
                .collect();
            let f = backbone.forward(&backbone.input(&rgb, SIDE, SIDE), SIDE, SIDE);
            (f.data, f.height, f.width, target)
        },
        training::detector_loss,
        |e, l| {
            println!(
                "eyes epoch {e}: loss {l:.4} ({:.0} s)",
                t.elapsed().as_secs_f32()
            )
        },
    );

    std::fs::create_dir_all(&out)?;
    let (detector, classifier) = match value("--compare") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            (
                std::fs::read(dir.join("detector.bin"))?,
                std::fs::read(dir.join("classifier.bin"))?,
            )
        }
        None => (DETECTOR_WEIGHTS.to_vec(), CLASSIFIER_WEIGHTS.to_vec()),
    };
    std::fs::write(out.join("detector.bin"), detector)?;
    std::fs::write(out.join("classifier.bin"), classifier)?;
    std::fs::write(out.join("eyes-backbone.bin"), backbone.to_bytes())?;
    std::fs::write(out.join("eyes-detector.bin"), head.to_bytes())?;
    println!(
        "wrote {} ({} parameters in the head, {:.0} s)",
        out.display(),
        head.parameters(),
        t.elapsed().as_secs_f32()
    );
    Ok(())
}
