//! Contact sheets of the labelled dice of the tray photos, for telling their colours by eye
//! (`models/dice/colours.txt`, `tests/dice_colours.txt`).
//!
//! `cargo run --release -p foreman-dice-training --features tools --example dice_sheet -- OUT_DIR [--held-back] [--photos N]
//! [--per-sheet N] [--except FILE] [--check FILE]`
//!
//! Each sheet shows the dice of a few photos, one photo to a band, its dice in the order of the
//! photo's label file, twelve to a row; the photos' names are printed in the sheets' order.
//! Without `--held-back` the photos are the model's training photos (never the held-back ones,
//! whose colours `tests/dice_colours.txt` tells), the first N by name (all unless told), less
//! those whose colours `--except FILE` (a colours file) already tells. `--check FILE` instead
//! makes one sheet per colour word of a colours file, of every die it gives that word: a
//! mistake stands out among dice of one colour.
use anyhow::Context;
use foreman_dice_training::training::held_back;
use image::{Rgb, RgbImage, imageops};
use std::path::{Path, PathBuf};

/// The side of one die's picture on a sheet, and the gap around it.
const CELL: u32 = 64;
const GAP: u32 = 4;
/// Dice to a row.
const ACROSS: u32 = 12;

/// Contact sheets of the tray photos' labelled dice (see the top of models/dice/training/examples/dice_sheet.rs).
#[derive(clap::Parser)]
struct Args {
    /// The folder the sheets are written to.
    out_dir: PathBuf,
    /// The held-back photos instead of the training photos.
    #[arg(long)]
    held_back: bool,
    /// Only the first N photos by name (default: all).
    #[arg(long, value_name = "N")]
    photos: Option<usize>,
    /// Photos to a sheet.
    #[arg(long, value_name = "N", default_value_t = 6)]
    per_sheet: usize,
    /// Leave out the photos whose colours this colours file tells.
    #[arg(long, value_name = "FILE")]
    except: Option<PathBuf>,
    /// Instead, one sheet per colour word of this colours file.
    #[arg(long, value_name = "FILE")]
    check: Option<PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let args: Args = clap::Parser::parse();
    let out = args.out_dir;
    let photos = args.photos.unwrap_or(usize::MAX);
    let per_sheet = args.per_sheet.max(1);
    let dir = foreman_dice_training::repository().join("tests/data/dice/d6-tray-photos");
    if let Some(file) = &args.check {
        return check(&dir, file, &out);
    }
    let held = args.held_back;
    let told: Vec<String> = match &args.except {
        Some(file) => std::fs::read_to_string(file)
            .with_context(|| format!("reading {}", file.display()))?
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_whitespace().next())
            .map(|s| format!("{s}.jpg"))
            .collect(),
        None => Vec::new(),
    };
    let mut names: Vec<String> = std::fs::read_dir(dir.join("images"))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| held_back(n) == held && !told.contains(n))
        .collect();
    names.sort();
    names.truncate(photos);
    std::fs::create_dir_all(&out)?;
    for (k, group) in names.chunks(per_sheet).enumerate() {
        let mut bands = Vec::new();
        for name in group {
            let stem = name.trim_end_matches(".jpg");
            let image = image::open(dir.join("images").join(name))
                .with_context(|| format!("reading {name}"))?
                .to_rgb8();
            let crops = labelled_crops(&dir, stem, &image)?;
            println!("sheet {k}: {stem} ({} dice)", crops.len());
            bands.push(crops);
        }
        let rows: u32 = bands
            .iter()
            .map(|b| (b.len() as u32).div_ceil(ACROSS).max(1))
            .sum();
        let width = ACROSS * (CELL + GAP) + GAP;
        let height = rows * (CELL + GAP) + bands.len() as u32 * 2 * GAP + GAP;
        let mut sheet = RgbImage::from_pixel(width, height, Rgb([128, 128, 128]));
        let mut y = GAP;
        for band in &bands {
            lay_out(&mut sheet, band, y);
            y += (band.len() as u32).div_ceil(ACROSS).max(1) * (CELL + GAP);
            // A black line between photos.
            for x in 0..width {
                for t in 0..GAP {
                    sheet.put_pixel(x, (y + t).min(height - 1), Rgb([0, 0, 0]));
                }
            }
            y += 2 * GAP;
        }
        sheet.save(out.join(format!("sheet-{k:02}.png")))?;
    }
    Ok(())
}

/// One sheet per colour word of a colours file, of every die it gives that word.
fn check(dir: &Path, file: &Path, out: &Path) -> anyhow::Result<()> {
    let told =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let mut by_word: std::collections::BTreeMap<String, Vec<RgbImage>> = Default::default();
    for line in told.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let Some(stem) = words.next() else { continue };
        let image = image::open(dir.join("images").join(format!("{stem}.jpg")))
            .with_context(|| format!("reading {stem}"))?
            .to_rgb8();
        for (c, word) in labelled_crops(dir, stem, &image)?.into_iter().zip(words) {
            by_word.entry(word.to_string()).or_default().push(c);
        }
    }
    std::fs::create_dir_all(out)?;
    for (word, crops) in &by_word {
        let rows = (crops.len() as u32).div_ceil(ACROSS);
        let mut sheet = RgbImage::from_pixel(
            ACROSS * (CELL + GAP) + GAP,
            rows * (CELL + GAP) + GAP,
            Rgb([128, 128, 128]),
        );
        lay_out(&mut sheet, crops, GAP);
        sheet.save(out.join(format!("{word}.png")))?;
        println!("{word}: {} dice", crops.len());
    }
    Ok(())
}

/// The crops on the sheet from height `top` down, [`ACROSS`] to a row.
fn lay_out(sheet: &mut RgbImage, crops: &[RgbImage], top: u32) {
    for (i, c) in crops.iter().enumerate() {
        let i = i as u32;
        let (x, y) = (
            GAP + (i % ACROSS) * (CELL + GAP),
            top + (i / ACROSS) * (CELL + GAP),
        );
        imageops::replace(sheet, c, i64::from(x), i64::from(y));
    }
}

/// The photo's labelled dice, in its label file's order, each cut out with a little of its
/// surroundings.
fn labelled_crops(dir: &Path, stem: &str, image: &RgbImage) -> anyhow::Result<Vec<RgbImage>> {
    let (w, h) = (image.width() as f32, image.height() as f32);
    let labels = dir.join("labels").join(format!("{stem}.txt"));
    let boxes =
        foreman_dice_training::sources::read_yolo(&labels, w, h).map_err(anyhow::Error::msg)?;
    Ok(boxes
        .into_iter()
        .map(|(_, [cx, cy, bw, bh])| {
            let side = bw.max(bh) * 1.2;
            let x = (cx - side / 2.0).clamp(0.0, w - 1.0) as u32;
            let y = (cy - side / 2.0).clamp(0.0, h - 1.0) as u32;
            let cut = imageops::crop_imm(image, x, y, side as u32, side as u32).to_image();
            imageops::resize(&cut, CELL, CELL, imageops::FilterType::Triangle)
        })
        .collect())
}
