//! Where the camera reader's time goes on the benchmark's photo: the detector's looks and the
//! classifier (and of three looks, the resampling, the normalising and the net).
//! `cargo run --release -p foreman-dice-training --features tools --example dice_split -- [MODEL_DIR] [--frame]`: `--frame`, on the
//! benchmark's 1280×720 frame (the photo as a webcam shows it) instead.
use anyhow::Context;
use foreman::vision::Area;
use foreman::vision::grid::{normalised, sample};
use foreman::vision::learned::Model;
use std::time::Instant;

/// A folder of weights (the shipped model when none); `--frame`: on the 1280×720 frame.
#[derive(clap::Parser)]
struct Args {
    model_dir: Option<String>,
    #[arg(long)]
    frame: bool,
}

fn main() -> anyhow::Result<()> {
    let Args { model_dir, frame } = clap::Parser::parse();
    let model = match model_dir {
        Some(dir) => foreman_dice_training::model_dir::read_model(&dir)?,
        None => Model::shipped()?.clone(),
    };
    let path = foreman_dice_training::repository()
        .join("tests/data/dice/d6-tray-photos/images/IMG_20191208_111228.jpg");
    let photo = image::open(&path)
        .with_context(|| format!("reading {}", path.display()))?
        .to_rgb8();
    let photo = if frame {
        foreman_dice_training::synthetic::in_webcam_frame(&photo).image
    } else {
        photo
    };
    let area = Area::whole(photo.width(), photo.height());
    let best = |f: &dyn Fn() -> usize| {
        (0..30)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed().as_secs_f64() * 1e3
            })
            .fold(f64::MAX, f64::min)
    };
    // The candidates `Model::read` reads (the close look's only when it can find a die).
    let (candidates, dice) = model.candidates_read(&photo, area);
    println!(
        "candidates read: {} of the looks' {}; {} dice read",
        candidates.len(),
        model.candidates(&photo, area).len(),
        dice.len()
    );
    println!(
        "detector, all looks: {:.2} ms",
        best(&|| model.candidates(&photo, area).len())
    );
    for side in [96.0, 192.0, 284.0] {
        println!(
            "  one look at {side}: {:.2} ms",
            best(&|| model.candidates_at(&photo, area, side).len())
        );
        // Of which: the picture resampled, normalised, and the detector's net.
        // The grid `candidates_at` takes: the shorter side `side` pixels.
        let scale = photo.width().min(photo.height()) as f32 / side;
        let nw = (photo.width() as f32 / scale).round() as usize;
        let nh = (photo.height() as f32 / scale).round() as usize;
        let centre = (photo.width() as f32 / 2.0, photo.height() as f32 / 2.0);
        let a = [scale, 0.0, 0.0, scale];
        let pixels = sample(&photo, centre, a, nw, nh);
        let input = normalised(&pixels, nw, nh);
        println!(
            "    resampled {:.2} ms, normalised {:.2} ms, the net {:.2} ms",
            best(&|| sample(&photo, centre, a, nw, nh).len()),
            best(&|| normalised(&pixels, nw, nh).len()),
            best(&|| model.detector.forward(&input, nh, nw).len())
        );
    }
    let unsure = candidates
        .iter()
        .filter(|&&c| model.unsure(&model.classes(&photo, c)))
        .count();
    // Unsure ones read half turned, and those not yet a sure value each quarter way too
    // (`Model::quarters`).
    let half = candidates
        .iter()
        .filter(|&&c| model.unsure(&model.classes(&photo, c)))
        .filter(|&&c| !model.sure_value(&model.classes_turned(&photo, c, &[2])))
        .count();
    println!(
        "read again turned (unsure): {unsure}, of which not sure half turned: {half}; patches read: {}",
        candidates.len() + unsure + 2 * half
    );
    println!(
        "classifier: {:.2} ms",
        best(&|| model.classes_of(&photo, &candidates).len())
    );
    // Of which: the patches sampled (the candidates' straight ones).
    println!(
        "  {} patches sampled: {:.2} ms",
        candidates.len(),
        best(&|| {
            candidates
                .iter()
                .map(|&c| model.patch(&photo, c, 0).len())
                .sum()
        })
    );
    println!(
        "whole read: {:.2} ms",
        best(&|| model.read(&photo, area).len())
    );
    Ok(())
}
