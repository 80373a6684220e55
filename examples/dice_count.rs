//! On trial: the reader told how many dice were rolled. A game knows how many dice each player
//! rolls; told that, the reader keeps the N candidates likeliest to be a pip d6 (one die found
//! twice kept once), whatever its threshold, where it reads those above its threshold.
//!
//! `cargo run --release --example dice_count -- --source S [--data DIR] [--model DIR] [--all]`
//!
//! Reads S's held-back pictures (`--all`: every picture) with the model in `DIR` (default the
//! one built in) both ways, and prints each way's figures. N is the number of pip d6 the
//! picture's labels hold (dice whose value is not known included; other dice not).
#[path = "common/args.rs"]
mod args;

use foreman::vision::learned::{Candidate, Model};
use foreman::vision::{Area, SeenDie};
use foreman_dice_training::sources::{self, SOURCES, Tally, read_picture};
use foreman_dice_training::training::{LabelledPicture, held_back};
use image::RgbImage;
use std::path::PathBuf;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args::value(&args, name);
    let data = PathBuf::from(value("--data").unwrap_or_else(|| "../shared/dice".into()));
    let Some(name) = value("--source") else {
        anyhow::bail!("--source S: the source read");
    };
    let Some(&(_, layout)) = SOURCES.iter().find(|(n, _)| *n == name) else {
        anyhow::bail!("{name}: no such source");
    };
    let model = match value("--model") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            Model::from_bytes(
                &std::fs::read(dir.join("detector.bin"))?,
                &std::fs::read(dir.join("classifier.bin"))?,
            )?
        }
        None => Model::shipped()?.clone(),
    };
    let all = args.iter().any(|a| a == "--all");
    let which = |f: &str| all || held_back(f);
    let source = sources::load(&name, &data.join(&name), layout, &which, usize::MAX)
        .map_err(anyhow::Error::msg)?;
    let (mut usual, mut told, mut topped) = (Tally::default(), Tally::default(), Tally::default());
    for p in &source.pictures {
        let read = read_picture(&model, &p.image, p.whole);
        usual.add(p, &read);
        told.add(p, &told_count(&model, p, &[]));
        topped.add(p, &told_count(&model, p, &read));
    }
    println!("{name}, as read: {usual}");
    println!("{name}, the N likeliest: {told}");
    println!("{name}, as read, then topped up to N or the least sure dropped: {topped}");
    Ok(())
}

/// The pip d6 in a labelled picture (its other dice are not rolled by the player).
fn count(p: &LabelledPicture) -> usize {
    p.dice
        .iter()
        .filter(|d| d.class != 0 && d.class != 6)
        .count()
}

/// `p` read told its count, starting from the dice `first` read (none: the N likeliest
/// candidates): a crop is read framed, as `read_picture` reads it.
fn told_count(model: &Model, p: &LabelledPicture, first: &[SeenDie]) -> Vec<SeenDie> {
    let n = count(p);
    if p.whole {
        return read_told(model, &p.image, n, first);
    }
    let (w, h) = p.image.dimensions();
    let first: Vec<SeenDie> = first
        .iter()
        .map(|d| SeenDie {
            x: d.x + w as f32,
            y: d.y + h as f32,
            ..*d
        })
        .collect();
    let mut seen = read_told(model, &sources::framed(&p.image), n, &first);
    for s in &mut seen {
        s.x -= w as f32;
        s.y -= h as f32;
    }
    seen
}

/// The `n` candidates likeliest to be a pip d6, each read as its likeliest face; a candidate
/// whose centre lies on a likelier one's die is the same die. With dice `first` read, those
/// come first (the least sure dropped past `n`), and the likeliest candidates top them up.
fn read_told(model: &Model, image: &RgbImage, n: usize, first: &[SeenDie]) -> Vec<SeenDie> {
    let area = Area::whole(image.width(), image.height());
    let mut candidates: Vec<Candidate> = model.candidates(image, area);
    candidates.extend(model.whole_candidates(image, area));
    let probs = model.classes_of(image, &candidates);
    let mut ranked: Vec<(f32, SeenDie)> = candidates
        .iter()
        .zip(&probs)
        .map(|(c, p)| {
            let (face, &confidence) = p[1..]
                .iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .unwrap_or((0, &0.0));
            let die = SeenDie {
                x: c.x,
                y: c.y,
                size: c.size,
                value: face as u8 + 1,
                colour: None,
                confidence,
            };
            (1.0 - p[0], die)
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut kept: Vec<SeenDie> = first.to_vec();
    kept.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    kept.truncate(n);
    for (_, d) in ranked {
        if kept.len() == n {
            break;
        }
        if kept.iter().all(|k| {
            (k.x - d.x).hypot(k.y - d.y) >= 0.5 * k.size.min(d.size)
                && (k.x - d.x).abs().max((k.y - d.y).abs()) >= 0.45 * k.size
        }) {
            kept.push(d);
        }
    }
    kept
}
