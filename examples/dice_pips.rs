//! The pip net (`vision::pips`): trains it, or loads one, and scores it on the labelled dice's
//! boxes of each source beside a classifier's reading of the same boxes.
//!
//! `cargo run --release --example dice_pips -- [--data DIR] [--out DIR] [--leave-out SOURCE]
//! [--taught N] [--epochs N] [--seed N] [--pips FILE] [--model DIR] [--validate]`
//!
//! Trains on the sources' training files (without `--leave-out SOURCE`), writes `pips.bin`
//! to `--out`, then scores the held-back files (the validation fifth with `--validate`; all
//! of a source left out). `--pips FILE` scores a net trained before. `--model DIR`: the
//! classifier compared (the shipped one unless told). `--sheet FILE` draws samples as the net
//! is trained on them, each pip's place marked; `--dump` prints the marks of each die counted
//! wrong; `--places-fit FILE` places the pips of the labelled dice where each die's labelled
//! value fits the marks of that pip net, trained before (`vision::pip_fit`), and trains on
//! those places; `--fit-sheet OUT` draws those fits on labelled dice of each source, to
//! look at.
#[path = "common/args.rs"]
mod args;

use anyhow::Context;
use foreman::vision::learned::{Candidate, Model};
use foreman::vision::net::Net;
use foreman::vision::pips::pip_reading;
use foreman::vision::sources;
use foreman::vision::training::Library;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A way to read the value from what the pip net marks.
type Decoding = fn(&foreman::vision::pips::PipReading) -> u8;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args::value(&args, name);
    let data = PathBuf::from(value("--data").unwrap_or_else(|| "../shared/dice".into()));
    let out = PathBuf::from(value("--out").unwrap_or_else(|| "target/pips".into()));
    let leave_out = value("--leave-out");
    let epochs: usize = value("--epochs").map_or(Ok(30), |v| v.parse())?;
    let seed: u64 = value("--seed").map_or(Ok(2026), |v| v.parse())?;
    let validate = args.iter().any(|a| a == "--validate");
    // `--taught N`: with `--leave-out SOURCE`, N of its pictures are trained on after all.
    let taught: usize = value("--taught").map_or(Ok(0), |v| v.parse())?;
    anyhow::ensure!(
        taught == 0 || leave_out.is_some(),
        "--taught N goes with --leave-out SOURCE"
    );
    let classifier = match value("--model") {
        Some(dir) => Model::from_bytes(
            &std::fs::read(Path::new(&dir).join("detector.bin"))?,
            &std::fs::read(Path::new(&dir).join("classifier.bin"))?,
        )?,
        None => Model::shipped()?.clone(),
    };
    let (train, test) = sources::training_split(&data, leave_out.as_deref(), taught, validate)
        .map_err(anyhow::Error::msg)?;
    // `--places-fit FILE`: the pips' places where each labelled value's pattern fits the
    // marks of that pip net.
    let fit_net = value("--places-fit")
        .map(|f| anyhow::Ok(Net::from_bytes(&std::fs::read(f)?)?))
        .transpose()?;
    let mut library = Library {
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
    if let Some(net) = &fit_net {
        let dice: usize = train
            .iter()
            .flat_map(|s| &s.pictures)
            .map(|p| p.dice.iter().filter(|d| d.class > 0).count())
            .sum();
        let t = Instant::now();
        library.pip_places = foreman::vision::pip_fit::fitted(&library.sources, net);
        println!(
            "pips fitted on {} of {dice} labelled pip d6 ({:.1} s)",
            library.pip_places.len(),
            t.elapsed().as_secs_f32()
        );
        for s in &train {
            let n = library.pip_places.keys().filter(|k| k.0 == s.name).count();
            println!("  {}: {n}", s.name);
        }
    }
    if let Some(file) = value("--fit-sheet") {
        // Labelled dice of each source, two rows a source, with the fit of their value's
        // pattern on the `--places-fit` net's marks: red where it is kept, blue where its
        // margin is too small.
        let net = fit_net
            .as_ref()
            .context("--fit-sheet needs --places-fit FILE")?;
        let (cell, across) = (128u32, 8u32);
        let mut sheet = image::RgbImage::new(across * cell, train.len() as u32 * 2 * cell);
        for (row, s) in train.iter().enumerate() {
            let dice: Vec<(usize, usize)> = s
                .pictures
                .iter()
                .enumerate()
                .flat_map(|(i, p)| {
                    (0..p.dice.len())
                        .filter(move |&k| p.dice[k].class > 0)
                        .map(move |k| (i, k))
                })
                .collect();
            let stride = (dice.len() / (2 * across as usize)).max(1);
            for (n, &(i, k)) in dice
                .iter()
                .step_by(stride)
                .take(2 * across as usize)
                .enumerate()
            {
                let p = &s.pictures[i];
                let d = p.dice[k];
                let f = foreman::vision::pip_fit::fit(net, &p.image, d);
                let zoom = cell as f32 / (1.5 * d.size);
                let (ox, oy) = (
                    (n as u32 % across) * cell,
                    (2 * row as u32 + n as u32 / across) * cell,
                );
                for y in 0..cell {
                    for x in 0..cell {
                        let px = (d.x - 0.75 * d.size + x as f32 / zoom)
                            .clamp(0.0, p.image.width() as f32 - 1.0);
                        let py = (d.y - 0.75 * d.size + y as f32 / zoom)
                            .clamp(0.0, p.image.height() as f32 - 1.0);
                        sheet.put_pixel(ox + x, oy + y, *p.image.get_pixel(px as u32, py as u32));
                    }
                }
                if let Some(f) = f {
                    let colour = if f.margin >= foreman::vision::pip_fit::MARGIN {
                        [255, 0, 0]
                    } else {
                        [0, 80, 255]
                    };
                    for &(qx, qy) in &f.places {
                        let at = (
                            (qx - d.x + 0.75 * d.size) * zoom,
                            (qy - d.y + 0.75 * d.size) * zoom,
                        );
                        dot(&mut sheet, (ox, oy, cell), at, colour);
                    }
                }
            }
        }
        sheet.save(&file)?;
        println!("wrote {file}");
        return Ok(());
    }
    if let Some(file) = value("--sheet") {
        // Samples as the net is trained on them, 10 by 8, each pip's place marked red and the
        // die's middle green, to look at.
        use rand::SeedableRng;
        let (side, zoom) = (foreman::vision::learned::PATCH as u32, 4u32);
        let mut sheet = image::RgbImage::new(10 * side * zoom, 8 * side * zoom);
        for i in 0..80u32 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + u64::from(i));
            let (input, _, _, target) = library.pip_sample(&mut rng);
            let n = (side * side) as usize;
            let (ox, oy) = ((i % 10) * side * zoom, (i / 10) * side * zoom);
            for y in 0..side * zoom {
                for x in 0..side * zoom {
                    let j = ((y / zoom) * side + x / zoom) as usize;
                    let px = [0, 1, 2]
                        .map(|k| (input[k * n + j] * 50.0 + 128.0).clamp(0.0, 255.0) as u8);
                    sheet.put_pixel(ox + x, oy + y, image::Rgb(px));
                }
            }
            let z = zoom as f32;
            for &(x, y) in target.pips.iter().flatten() {
                dot(
                    &mut sheet,
                    (ox, oy, side * zoom),
                    (x * z, y * z),
                    [255, 0, 0],
                );
            }
            if let Some((x, y, _)) = target.die {
                dot(
                    &mut sheet,
                    (ox, oy, side * zoom),
                    (x * z, y * z),
                    [0, 255, 0],
                );
            }
        }
        sheet.save(&file)?;
        println!("wrote {file}");
        return Ok(());
    }
    let net = match value("--pips") {
        Some(file) => Net::from_bytes(&std::fs::read(file)?)?,
        None => {
            let t = Instant::now();
            let net = foreman::vision::pips::train(&library, seed, epochs, |e, l| {
                println!(
                    "pip net epoch {e}: loss {l:.4} ({:.0} s)",
                    t.elapsed().as_secs_f32()
                )
            });
            std::fs::create_dir_all(&out)?;
            std::fs::write(out.join("pips.bin"), net.to_bytes())?;
            println!("wrote {}", out.join("pips.bin").display());
            net
        }
    };
    let side = foreman::vision::learned::PATCH;
    println!(
        "pip net: {} parameters, {} multiply-adds a patch",
        net.parameters(),
        net.macs(side, side)
    );
    for s in &test {
        // Rows: labelled class (0 other); columns: read none, 1-6.
        let decodings: [(&str, Decoding); 4] = [
            ("sum", |r| r.value().unwrap_or(0)),
            ("inner", |r| {
                let v = r.inner.round();
                if (1.0..=6.0).contains(&v) { v as u8 } else { 0 }
            }),
            ("marked", |r| {
                if (1..=6).contains(&r.marked) {
                    r.marked as u8
                } else {
                    0
                }
            }),
            ("peaks", |r| {
                if (1..=6).contains(&r.peaks) {
                    r.peaks as u8
                } else {
                    0
                }
            }),
        ];
        let mut by_decoding = [[[0usize; 7]; 7]; 4];
        // Either net: the classifier's reading where it reads a die, else the pips'.
        let mut by_either = [[0usize; 7]; 7];
        let mut by_classifier = [[0usize; 7]; 7];
        for p in &s.pictures {
            let boxes: Vec<Candidate> = p
                .dice
                .iter()
                .map(|d| Candidate::known(d.x, d.y, d.size))
                .collect();
            let patches: Vec<Vec<f32>> = boxes
                .iter()
                .map(|&c| foreman::vision::pips::patch(&p.image, c))
                .collect();
            let outs = net.forward_many(
                &patches,
                foreman::vision::learned::PATCH,
                foreman::vision::learned::PATCH,
            );
            let pips: Vec<_> = outs.iter().map(|o| pip_reading(o)).collect();
            if args.iter().any(|a| a == "--dump") {
                // The pip plane of each die counted wrong, to look at.
                for ((d, r), o) in p.dice.iter().zip(&pips).zip(&outs) {
                    if d.class == 0 || r.peaks == usize::from(d.class) || r.face < 0.5 {
                        continue;
                    }
                    println!(
                        "{} labelled {} counted {} (face {:.2})",
                        s.name, d.class, r.peaks, r.face
                    );
                    let cells = foreman::vision::pips::CELLS;
                    for y in 0..cells {
                        let row: String = (0..cells)
                            .map(|x| {
                                let v = foreman::vision::net::sigmoid(o[y * cells + x]);
                                [' ', '.', ':', '+', '#'][((v * 5.0) as usize).min(4)]
                            })
                            .collect();
                        println!("  |{row}|");
                    }
                }
            }
            let read = classifier.read_boxes(&p.image, &boxes);
            for ((d, r), c) in p.dice.iter().zip(&pips).zip(&read) {
                for (k, (_, f)) in decodings.iter().enumerate() {
                    let v = if r.face >= 0.5 { f(r) } else { 0 };
                    by_decoding[k][usize::from(d.class)][usize::from(v)] += 1;
                }
                let v = c.as_ref().map_or(0, |c| c.value);
                by_classifier[usize::from(d.class)][usize::from(v)] += 1;
                let pv = if r.face >= 0.5 { decodings[3].1(r) } else { 0 };
                let e = if v > 0 { v } else { pv };
                by_either[usize::from(d.class)][usize::from(e)] += 1;
            }
        }
        let mut all = vec![("classifier", &by_classifier), ("either", &by_either)];
        for (k, (name, _)) in decodings.iter().enumerate() {
            all.push((name, &by_decoding[k]));
        }
        for (who, m) in all {
            let dice: usize = m[1..].iter().flatten().sum();
            let right: usize = (1..7).map(|k| m[k][k]).sum();
            let found: usize = m[1..].iter().map(|r| r[1..].iter().sum::<usize>()).sum();
            let others: usize = m[0].iter().sum();
            let others_read: usize = m[0][1..].iter().sum();
            println!(
                "{} {who}: {dice} pip d6 on their boxes, read right {:.3}, read as a die {:.3}, \
                 value of those {:.3}; other dice read as pip d6 {others_read} of {others}",
                s.name,
                right as f64 / dice.max(1) as f64,
                found as f64 / dice.max(1) as f64,
                right as f64 / found.max(1) as f64,
            );
            for (k, row) in m.iter().enumerate() {
                if row.iter().sum::<usize>() > 0 {
                    let cells: Vec<String> = row.iter().map(|n| format!("{n:5}")).collect();
                    println!("  {k:>5} {}", cells.join(""));
                }
            }
        }
    }
    Ok(())
}

/// A mark 5 pixels across at `at` in the square cell of `sheet` at (`ox`, `oy`), `cell`
/// pixels a side; what falls outside the cell is not drawn.
fn dot(sheet: &mut image::RgbImage, (ox, oy, cell): (u32, u32, u32), at: (f32, f32), c: [u8; 3]) {
    let (cx, cy) = (at.0 as i64, at.1 as i64);
    for dy in -2..=2i64 {
        for dx in -2..=2i64 {
            let (x, y) = (cx + dx, cy + dy);
            if (0..i64::from(cell)).contains(&x) && (0..i64::from(cell)).contains(&y) {
                sheet.put_pixel(ox + x as u32, oy + y as u32, image::Rgb(c));
            }
        }
    }
}
