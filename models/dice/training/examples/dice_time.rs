//! The camera reader's time on the benchmark's pictures (the 640×640 photo of 22 dice, it seen
//! from farther, and it in a 1280×720 webcam frame), as the fastest, the first quartile and the
//! median of many reads. Where the time goes: `models/dice/training/examples/dice_split.rs`.
//!
//! `cargo run --release -p foreman-dice-training --features tools --example dice_time -- [READS] [MODEL_DIR]` (60 reads each unless
//! told; the shipped model unless a model's folder, as `dice_train` writes it, is given).
//!
//! On a shared machine whose neighbours take the processor in bursts, criterion's mean swings
//! by a fifth from run to run; the fastest read moves far less, so two builds are compared by
//! running this for each in turn, several times, and keeping each one's fastest.
use anyhow::Context;
use foreman::vision::learned::Model;
use foreman::vision::read_dice_with;
use foreman_dice_training::synthetic;
use std::time::Instant;

/// Reads per picture, and a model's folder as `dice_train` writes it (the shipped model when
/// none).
#[derive(clap::Parser)]
struct Args {
    #[arg(default_value_t = 60)]
    reads: usize,
    model_dir: Option<String>,
}

fn main() -> anyhow::Result<()> {
    let Args { reads, model_dir } = clap::Parser::parse();
    anyhow::ensure!(reads > 0, "READS is at least 1");
    let model = match model_dir {
        Some(dir) => foreman_dice_training::model_dir::read_model(&dir)
            .with_context(|| format!("reading the model in {dir}"))?,
        None => Model::shipped()?.clone(),
    };
    let path = foreman_dice_training::repository()
        .join("tests/data/dice/d6-tray-photos/images/IMG_20191208_111228.jpg");
    let photo = image::open(&path)
        .with_context(|| format!("reading {}", path.display()))?
        .to_rgb8();
    let far = synthetic::seen_from_farther(&photo);
    let frame = synthetic::in_webcam_frame(&photo).image;
    for (name, picture) in [
        ("photo", &photo),
        ("smaller dice", &far),
        ("1280×720 frame", &frame),
    ] {
        let mut times: Vec<f64> = (0..reads)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(
                    read_dice_with(&model, std::hint::black_box(picture), None).len(),
                );
                start.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "{name}: fastest {:.2} ms, first quartile {:.2} ms, median {:.2} ms",
            times[0],
            times[reads / 4],
            times[reads / 2]
        );
    }
    Ok(())
}
