//! The camera reader's time on the benchmark's two photos (the 640×640 photo of 22 dice and it
//! seen from farther), as the fastest, the first quartile and the median of many reads.
//!
//! `cargo run --release --example dice_time -- [READS]` (60 reads each unless told).
//!
//! On a shared machine whose neighbours take the processor in bursts, criterion's mean swings
//! by a fifth from run to run; the fastest read moves far less, so two builds are compared by
//! running this for each in turn, several times, and keeping each one's fastest.
use anyhow::Context;
use foreman::vision::{Area, learned, learned::Model, read_dice, synthetic};
use std::time::Instant;

fn main() -> anyhow::Result<()> {
    let reads: usize = match std::env::args().nth(1) {
        Some(n) => n.parse().context("READS is a number of reads")?,
        None => 60,
    };
    anyhow::ensure!(reads > 0, "READS is at least 1");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/dice/d6-tray-photos/images/IMG_20191208_111228.jpg");
    let photo = image::open(&path)
        .with_context(|| format!("reading {}", path.display()))?
        .to_rgb8();
    let far = synthetic::seen_from_farther(&photo);
    for (name, picture) in [("photo", &photo), ("smaller dice", &far)] {
        let mut times: Vec<f64> = (0..reads)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(read_dice(std::hint::black_box(picture)).len());
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
    // Where the time goes: the detector's looks, then the classifier on what they found.
    let model = Model::shipped().map_err(|e| anyhow::anyhow!("{e}"))?;
    for (name, picture) in [("photo", &photo), ("smaller dice", &far)] {
        let area = Area::whole(picture.width(), picture.height());
        let fastest = |f: &dyn Fn() -> usize| {
            (0..reads)
                .map(|_| {
                    let start = Instant::now();
                    std::hint::black_box(f());
                    start.elapsed().as_secs_f64() * 1e3
                })
                .fold(f64::INFINITY, f64::min)
        };
        let candidates = model.candidates(picture, area);
        let detector = fastest(&|| model.candidates(picture, area).len());
        let classifier = fastest(&|| model.classes_of(picture, &candidates).len());
        let unsure = candidates
            .iter()
            .filter(|&&c| {
                let p = model.classes(picture, c);
                p[0] < learned::NO_DIE && p[1..].iter().copied().fold(0.0, f32::max) < learned::LOOK_AGAIN
            })
            .count();
        println!(
            "{name}: detector {detector:.2} ms, classifier {classifier:.2} ms on {} candidates ({unsure} read again turned)",
            candidates.len()
        );
    }
    Ok(())
}
