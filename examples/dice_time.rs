//! The camera reader's time on the benchmark's pictures (the 640×640 photo of 22 dice, it seen
//! from farther, and it in a 1280×720 frame), as the fastest, the first quartile and the median
//! of many reads.
//!
//! `cargo run --release --example dice_time -- [READS] [--die-pixels F] [--look-again F]`
//! (60 reads each unless told; the reader's `learned::Look` unless told).
//!
//! On a shared machine whose neighbours take the processor in bursts, criterion's mean swings
//! by a fifth from run to run; the fastest read moves far less, so two builds are compared by
//! running this for each in turn, several times, and keeping each one's fastest.
use anyhow::Context;
use foreman::vision::{Area, learned, learned::Model, synthetic};
use std::time::Instant;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let mut model = Model::shipped()
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .clone();
    if let Some(v) = value("--die-pixels") {
        model.look.die_pixels = v.parse()?;
    }
    if let Some(v) = value("--look-again") {
        model.look.look_again = v.parse()?;
    }
    let reads: usize = match args.first().filter(|a| !a.starts_with("--")) {
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
    // As the benchmark's webcam frame: scaled to 720 high in the middle of 1280×720.
    let scaled = image::imageops::resize(&photo, 720, 720, image::imageops::FilterType::Triangle);
    let frame = image::RgbImage::from_fn(1280, 720, |x, y| {
        *scaled.get_pixel(x.saturating_sub(280).min(719), y)
    });
    let pictures = [
        ("photo", &photo),
        ("smaller dice", &far),
        ("1280×720 frame", &frame),
    ];
    for (name, picture) in pictures {
        let mut times: Vec<f64> = (0..reads)
            .map(|_| {
                let start = Instant::now();
                let area = Area::whole(picture.width(), picture.height());
                std::hint::black_box(model.read(std::hint::black_box(picture), area).len());
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
    for (name, picture) in pictures {
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
                p[0] < learned::NO_DIE
                    && p[1..].iter().copied().fold(0.0, f32::max) < model.look.look_again
            })
            .count();
        println!(
            "{name}: detector {detector:.2} ms, classifier {classifier:.2} ms on {} candidates ({unsure} read again turned)",
            candidates.len()
        );
    }
    Ok(())
}
