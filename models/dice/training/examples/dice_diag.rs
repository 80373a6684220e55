//! Diagnoses a trained dice model: the classifier on the labelled boxes, and how the
//! detector's boxes sit on the labelled dice.
//! `cargo run --release -p foreman-dice-training --features tools --example dice_diag -- MODEL_DIR [DATA_DIR]`
use foreman::vision::learned::{Candidate, Model};
use foreman_dice_training::sources::{self, SOURCES, read_picture};
use foreman_dice_training::training::held_back;
use std::path::PathBuf;

/// The model's folder and the labelled sources' folder.
#[derive(clap::Parser)]
struct Args {
    #[arg(default_value = "models/dice")]
    model_dir: PathBuf,
    #[arg(default_value = "../shared/dice")]
    data: PathBuf,
}

fn main() -> anyhow::Result<()> {
    let Args {
        model_dir: dir,
        data,
    } = clap::Parser::parse();
    let model = foreman_dice_training::model_dir::read_model(&dir)?;
    if let Ok(out) = std::env::var("FAILURES") {
        return failures(&model, &data, &out);
    }
    for (name, layout) in SOURCES {
        let train = std::env::var("SPLIT").is_ok_and(|v| v == "train");
        let s = sources::load(
            name,
            &data.join(name),
            layout,
            &|f| held_back(f) != train,
            200,
        )
        .map_err(anyhow::Error::msg)?;
        let (mut n, mut right) = (0, 0);
        let (mut proposed, mut rejected, mut pips) = (0, 0, 0);
        let mut ratios = Vec::new();
        let mut offsets = Vec::new();
        for p in &s.pictures {
            for d in &p.dice {
                let c = Candidate::known(d.x, d.y, d.size);
                let probs = model.classes(&p.image, c);
                let best = probs
                    .iter()
                    .enumerate()
                    .max_by(|a, b| a.1.total_cmp(b.1))
                    .map(|(i, _)| i)
                    .unwrap_or(0);
                n += 1;
                right += usize::from(best == usize::from(d.class));
            }
            if p.whole {
                let (w, h) = p.image.dimensions();
                let cands = model.candidates(&p.image, foreman::vision::Area::whole(w, h));
                for d in p.dice.iter().filter(|d| d.class > 0) {
                    pips += 1;
                    if let Some(c) = cands
                        .iter()
                        .find(|c| (c.x - d.x).hypot(c.y - d.y) < 0.5 * d.size)
                    {
                        proposed += 1;
                        if model.classes(&p.image, *c)[0] >= 0.5 {
                            rejected += 1;
                        }
                    }
                }
            }
            for seen in read_picture(&model, &p.image, p.whole) {
                if let Some(d) = p
                    .dice
                    .iter()
                    .find(|d| (d.x - seen.x).hypot(d.y - seen.y) < 0.5 * d.size)
                {
                    ratios.push(seen.size / d.size);
                    offsets.push((d.x - seen.x).hypot(d.y - seen.y) / d.size);
                }
            }
        }
        ratios.sort_by(f32::total_cmp);
        offsets.sort_by(f32::total_cmp);
        let q = |v: &[f32], f: f32| v.get((v.len() as f32 * f) as usize).copied().unwrap_or(0.0);
        println!(
            "{name}: classifier on labelled boxes {right}/{n} = {:.3}; detector size ratio p10 {:.2} p50 {:.2} p90 {:.2}; offset/size p50 {:.2} p90 {:.2}; pip dice {pips}, proposed {proposed}, of which read as no die {rejected}",
            right as f32 / n.max(1) as f32,
            q(&ratios, 0.1),
            q(&ratios, 0.5),
            q(&ratios, 0.9),
            q(&offsets, 0.5),
            q(&offsets, 0.9)
        );
    }
    Ok(())
}

/// Writes a grid of the tray dice the classifier gets wrong (as it sees them) to `path`.
#[allow(dead_code)]
pub fn failures(model: &Model, data: &std::path::Path, path: &str) -> anyhow::Result<()> {
    use foreman::vision::grid::sample;
    use foreman::vision::learned::{PATCH, PATCH_MARGIN};
    // FAILURE_SOURCE: which source (0–3, the tray photos unless told); the whole of it when
    // FAILURE_ALL is set (a source a model never saw).
    let which: usize = std::env::var("FAILURE_SOURCE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let (name, layout) = SOURCES[which.min(SOURCES.len() - 1)];
    let all = std::env::var("FAILURE_ALL").is_ok();
    let s = sources::load(
        name,
        &data.join(name),
        layout,
        &|f| all || held_back(f),
        200,
    )
    .map_err(anyhow::Error::msg)?;
    let mut grid = image::RgbImage::new(8 * 66, 8 * 66);
    let mut k = 0;
    for p in &s.pictures {
        for d in &p.dice {
            let c = Candidate::known(d.x, d.y, d.size);
            let probs = model.classes(&p.image, c);
            let best = probs
                .iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .map(|(i, _)| i)
                .unwrap_or(0);
            if best != usize::from(d.class) && k < 64 {
                let s = d.size * PATCH_MARGIN / PATCH as f32 / 2.0;
                let px = sample(&p.image, (d.x, d.y), [s, 0.0, 0.0, s], 64, 64);
                for (i, v) in px.iter().enumerate() {
                    grid.put_pixel(
                        (k % 8 * 66 + i % 64) as u32,
                        (k / 8 * 66 + i / 64) as u32,
                        image::Rgb(v.map(|c| c as u8)),
                    );
                }
                println!("{k}: labelled {} read {best} ({:.2})", d.class, probs[best]);
                k += 1;
            }
        }
    }
    grid.save(path)?;
    Ok(())
}
