//! Measures the camera dice reader on a folder of YOLO-labelled photos and lists its mistakes;
//! with the colours told by eye in `tests/dice_colours.txt`, its colour accuracy too.
//!
//! `cargo run --release --example dice_accuracy -- [DIR] [-v] [--scale F] [--frame]`
//! (DIR defaults to `tests/data/dice/d6-tray-photos`; it holds `images/*.jpg` and `labels/*.txt`;
//! `--scale 0.85` reads each photo resized by that factor first: dice of other sizes;
//! `--frame` reads each photo set in a 1280×720 webcam frame, as `as_webcam_frame` makes it;
//! `--table R,G,B` reads each photo as if its tray stood on a table of that colour, as
//! `on_coloured_table` makes it; `--light F` or `--light R,G,B` each photo's channels
//! multiplied by F, or each by its own, first, as `in_light` makes it; `--jpeg Q` each photo
//! saved again as a JPEG of quality Q first).

#[path = "../tests/it/vision_score.rs"]
mod vision_score;

use std::path::{Path, PathBuf};
use vision_score::{
    ColourTally, Tally, as_webcam_frame, in_light, on_coloured_table, read_colour_labels,
    read_labels, resized, saved_as_jpeg, score_colours, score_photo,
};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let frame = args.iter().any(|a| a == "--frame");
    let (scale_at, scale) = option(&args, "--scale", "a factor from 0 to 4", |v| {
        v.parse().ok().filter(|&f: &f32| f > 0.0 && f <= 4.0)
    })?;
    let (table_at, table) = option(&args, "--table", "a colour R,G,B (0 to 255 each)", |v| {
        let c: Vec<u8> = v.split(',').filter_map(|c| c.parse().ok()).collect();
        <[u8; 3]>::try_from(c).ok()
    })?;
    let (light_at, light) = option(&args, "--light", "a factor F or R,G,B (0 to 4)", |v| {
        let f: Vec<f32> = v.split(',').filter_map(|f| f.parse().ok()).collect();
        let gains: [f32; 3] = match f[..] {
            [g] => [g; 3],
            [r, g, b] => [r, g, b],
            _ => return None,
        };
        gains.iter().all(|&g| g > 0.0 && g <= 4.0).then_some(gains)
    })?;
    let (jpeg_at, jpeg) = option(&args, "--jpeg", "a quality from 1 to 100", |v| {
        v.parse().ok().filter(|q: &u8| (1..=100).contains(q))
    })?;
    // The arguments that are options' values, not the folder.
    let option_values: Vec<usize> = [scale_at, table_at, light_at, jpeg_at]
        .into_iter()
        .flatten()
        .map(|at| at + 1)
        .collect();
    let dir = args
        .iter()
        .enumerate()
        .find(|&(i, a)| !a.starts_with('-') && !option_values.contains(&i))
        .map(|(_, a)| a)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dice/d6-tray-photos")
        });
    let mut images: Vec<PathBuf> = std::fs::read_dir(dir.join("images"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jpg" || e == "png"))
        .collect();
    images.sort();
    let told: std::collections::HashMap<String, Vec<String>> = read_colour_labels(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dice_colours.txt"),
    )
    .map_err(anyhow::Error::msg)?
    .into_iter()
    .collect();
    let mut colours = ColourTally::default();
    let mut tally = Tally::default();
    for path in &images {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let mut labels = read_labels(&dir.join("labels").join(format!("{stem}.txt")))
            .map_err(anyhow::Error::msg)?;
        let mut image = image::open(path)?.to_rgb8();
        if let Some(f) = scale {
            image = resized(&image, f);
        }
        if let Some(quality) = jpeg {
            image = saved_as_jpeg(&image, quality).map_err(anyhow::Error::msg)?;
        }
        if let Some(gains) = light {
            image = in_light(&image, gains);
        }
        if let Some(colour) = table {
            image = on_coloured_table(&image, &labels, colour);
        }
        if frame {
            (image, labels) = as_webcam_frame(&image, &labels);
        }
        let dice = foreman::vision::read_dice(&image);
        let seen: Vec<(f32, f32, u8)> = dice.iter().map(|d| (d.x, d.y, d.value)).collect();
        let r = score_photo(image.width(), image.height(), &labels, &seen, &mut tally);
        if let Some(words) = told.get(stem) {
            let said: Vec<&str> = dice
                .iter()
                .map(|d| foreman::vision::colour_word(d.colour))
                .collect();
            for (j, word) in score_colours(&said, words, &r.pairs, &mut colours) {
                if verbose {
                    println!("{stem}: colour {word} for {:?}", words.get(j));
                }
            }
        }
        if verbose && (!r.missed.is_empty() || !r.extra.is_empty() || !r.wrong.is_empty()) {
            println!("{stem}:");
            for m in &r.missed {
                println!(
                    "  missed {} at {:.0},{:.0}",
                    m.value,
                    m.cx * image.width() as f32,
                    m.cy * image.height() as f32
                );
            }
            for e in &r.extra {
                println!("  extra {} at {:.0},{:.0}", e.2, e.0, e.1);
            }
            for w in &r.wrong {
                println!("  read {} for {} at {:.0},{:.0}", w.1, w.0, w.2, w.3);
            }
        }
    }
    println!("{tally}");
    println!(
        "colours told by eye: {} of {} right ({:.4})",
        colours.right,
        colours.compared,
        colours.accuracy()
    );
    Ok(())
}

/// The option `name`'s place among the arguments and its value, read by `parse` from the
/// argument after it; an error saying what it wants when that does not parse.
fn option<T>(
    args: &[String],
    name: &str,
    wants: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> anyhow::Result<(Option<usize>, Option<T>)> {
    let Some(at) = args.iter().position(|a| a == name) else {
        return Ok((None, None));
    };
    let value = args
        .get(at + 1)
        .and_then(|v| parse(v))
        .ok_or_else(|| anyhow::anyhow!("{name} wants {wants}"))?;
    Ok((Some(at), Some(value)))
}
