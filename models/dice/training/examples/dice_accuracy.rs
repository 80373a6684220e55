//! The dice reader's harness: per data source, precision, recall, value accuracy, pictures read
//! exactly, other dice read as pip d6, and the confusions.
//!
//! `cargo run --release -p foreman-dice-training --features tools --example dice_accuracy -- [--data DIR] [--model DIR] [--all]
//! [--train] [--validation] [--die-pixels F] [--look-again F] [--turns N] [--size-spread F]
//! [--whole F] [--close-always]
//! [--loso DIR] [--frame] [--light F] [--jpeg Q] [--labelled-boxes] [--mistakes DIR]
//! [--box-fit] [-v] [--phantoms] [--made-up N] [--among-cards N [--ground R,G,B]]
//! [--colours] [--count-known]`
//!
//! - `--data DIR`: the sources' folders (default `tests/data/dice`, the held-back pictures
//!   kept with the tests; `../shared/dice` holds them all).
//! - `--model DIR`: weights written by `dice_train` (default: the model built in).
//! - only the pictures held back from training are read, unless `--all` (every picture) or
//!   `--train` (those it was trained on: where `--die-pixels F`, `--look-again F`,
//!   `--turns N`, `--size-spread F` and `--whole F` (0: no whole look), the reader's
//!   `learned::Look`, are compared, never on the held-back ones). `--close-always`: the close
//!   look's candidates read even among three small dice read or more (`learned::Model::read`).
//! - `--validation`: the fifth `dice_train --validate` sets aside (a model so trained).
//! - `--loso DIR`: for each source S, the model in `DIR/S` (trained with `--leave-out S`)
//!   reads every picture of S: the figure for a camera, a table or dice never seen.
//! - `--frame`: each photo set in a 1280×720 webcam frame (scaled to its height, the sides
//!   filled with its edge columns); `--light F`: every channel times F; `--jpeg Q`: saved
//!   again as a JPEG of quality Q.
//! - `--labelled-boxes`: the classifier alone reads each labelled die's box (a perfect
//!   detector): what is left is the classifier's. `--mistakes DIR` then writes each die it
//!   reads wrong into DIR, two sides around it, named by source, picture, place, label and
//!   reading (to look at by eye).
//! - `--box-fit`: how the detector's candidates fit the labelled dice of whole pictures: for
//!   each die, the nearest candidate's distance (in die sides) and side (times the die's).
//! - `-v`: each picture with a mistake, and what it was.
//! - `--phantoms`: the pictures without a die the tests read (the market and compound of
//!   Foreman's window snapshot, 40 made-up card-like and board-like pictures): the dice read
//!   on them, which should be none. `--made-up N`: N more made-up pictures without a die
//!   (wood, cloth, felt, paper, card-like, board-like; from seeds neither the training nor the
//!   tests draw), the pictures with a die read and the dice read on them.
//! - `--among-cards N`: N pictures of the held-back tray photos' dice laid among the cards of
//!   Foreman's window (`sources::dice_among_cards`): the figures, and each reading on no die
//!   (with `--mistakes DIR`, each picture not read exactly written there); then the same dice
//!   laid alike on the window's plain ground, or on `--ground R,G,B`, read whole and by the
//!   classifier alone on their boxes.
//! - `--count-known`: each picture read as a roll of as many dice as it has pip d6 labelled
//!   (`Model::read_expecting`: the surest that many), as the game waits for a known roll.
//! - `--colours`: the colour accuracy on the dice whose colours were told by eye
//!   (`tests/dice_colours.txt`, in the 43 held-back tray photos).
use anyhow::Context;
use foreman::vision::learned::Model;
use foreman_dice_training::sources::{self, SOURCES, Tally, read_picture};
use foreman_dice_training::training::{
    LabelledDie, LabelledPicture, Source, held_back, validation,
};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Which of a source's files are read.
type Which = dyn Fn(&str) -> bool;

/// The dice reader's figures per data source (see the top of models/dice/training/examples/dice_accuracy.rs).
#[derive(clap::Parser)]
struct Args {
    /// The sources' folders (default: tests/data/dice).
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// Weights written by dice_train (default: the model built in).
    #[arg(long, value_name = "DIR")]
    model: Option<PathBuf>,
    /// Read every picture, not only those held back from training.
    #[arg(long)]
    all: bool,
    /// Read the pictures trained on.
    #[arg(long)]
    train: bool,
    /// Read the fifth that `dice_train --validate` sets aside.
    #[arg(long)]
    validation: bool,
    /// The side the detector's second look brings a die to, in pixels, to compare.
    #[arg(long, value_name = "F")]
    die_pixels: Option<f32>,
    /// A reading less sure than F is read again turned, to compare.
    #[arg(long, value_name = "F")]
    look_again: Option<f32>,
    /// The turned patches a second reading adds (1 to 3), to compare.
    #[arg(long, value_name = "N")]
    turns: Option<u8>,
    /// The largest die's side, in sides of the middle die's (0: no bound), to compare.
    #[arg(long, value_name = "F")]
    size_spread: Option<f32>,
    /// The whole look's shorter side (0: no whole look), to compare.
    #[arg(long, value_name = "F")]
    whole: Option<f32>,
    /// Read the close look's candidates even among three small dice or more.
    #[arg(long)]
    close_always: bool,
    /// Each picture read as a roll of as many dice as it has pip d6 labelled (the game says
    /// how many dice it waits for: issue 90, point 1).
    #[arg(long)]
    count_known: bool,
    /// For each source S, read it with the model in DIR/S, trained without it.
    #[arg(long, value_name = "DIR")]
    loso: Option<PathBuf>,
    /// Set each photo in a 1280x720 webcam frame.
    #[arg(long)]
    frame: bool,
    /// Every channel times F.
    #[arg(long, value_name = "F")]
    light: Option<f32>,
    /// Save each picture again as a JPEG of quality Q.
    #[arg(long, value_name = "Q")]
    jpeg: Option<u8>,
    /// The classifier alone reads each labelled die's box.
    #[arg(long)]
    labelled_boxes: bool,
    /// Write each die read wrong into DIR.
    #[arg(long, value_name = "DIR")]
    mistakes: Option<PathBuf>,
    /// How the detector's candidates fit the labelled dice.
    #[arg(long)]
    box_fit: bool,
    /// Tell each picture with a mistake, and what it was.
    #[arg(short = 'v')]
    verbose: bool,
    /// The dice read on the tests' pictures without a die.
    #[arg(long)]
    phantoms: bool,
    /// The dice read on N made-up pictures without a die.
    #[arg(long, value_name = "N")]
    made_up: Option<u64>,
    /// N pictures of held-back dice among the cards of Foreman's window.
    #[arg(long, value_name = "N")]
    among_cards: Option<usize>,
    /// The plain ground those dice are laid on too (default: the window's).
    #[arg(long, value_name = "R,G,B", value_parser = rgb, requires = "among_cards")]
    ground: Option<image::Rgb<u8>>,
    /// The colours named, against those told by eye.
    #[arg(long)]
    colours: bool,
}

/// `R,G,B`: a colour, three numbers 0 to 255.
fn rgb(text: &str) -> Result<image::Rgb<u8>, String> {
    let v: Vec<u8> = text
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| "three numbers 0 to 255")?;
    match v[..] {
        [r, g, b] => Ok(image::Rgb([r, g, b])),
        _ => Err("three numbers 0 to 255".into()),
    }
}

fn main() -> anyhow::Result<()> {
    let args: Args = clap::Parser::parse();
    let data = args
        .data
        .unwrap_or_else(|| foreman_dice_training::repository().join("tests/data/dice"));
    let (light, jpeg, frame) = (args.light, args.jpeg, args.frame);
    let verbose = args.verbose;
    let boxes = args.labelled_boxes;
    let mistakes = args.mistakes;
    if let Some(dir) = &mistakes {
        std::fs::create_dir_all(dir)?;
    }
    // A model's folder: its two nets.
    let load_model = |dir: &Path| -> anyhow::Result<Model> {
        let model = foreman_dice_training::model_dir::read_model(dir)?;
        Ok(model)
    };
    let mut shipped = match &args.model {
        Some(dir) => load_model(dir)?,
        None => Model::shipped()?.clone(),
    };
    // Another look than the reader's (`learned::Look`), to compare on the training pictures.
    let look = &mut shipped.look;
    if let Some(v) = args.die_pixels {
        look.die_pixels = v;
    }
    if let Some(v) = args.look_again {
        look.look_again = v;
    }
    if let Some(v) = args.turns {
        look.turns = v;
    }
    if let Some(v) = args.size_spread {
        look.size_spread = v;
    }
    if let Some(v) = args.whole {
        look.whole = v;
    }
    look.close_always = args.close_always;
    let trained_on = |f: &str| !held_back(f);
    let loso = args.loso;
    if args.colours {
        return colours(&shipped);
    }
    if args.phantoms {
        return phantoms(&shipped);
    }
    if let Some(n) = args.among_cards {
        return among_cards(&shipped, &data, (n, args.ground), mistakes.as_deref());
    }
    if let Some(n) = args.made_up {
        return made_up(&shipped, n);
    }
    for (name, layout) in SOURCES {
        let dir = data.join(name);
        if !dir.exists() {
            println!("{name}: no folder {}", dir.display());
            continue;
        }
        // Crops cut from frames were left out with them (`sources::family`).
        let family = sources::family(name);
        let (model, keep, split): (Model, &Which, &str) = match &loso {
            Some(root) if !root.join(family).exists() => {
                println!("{name}: no model {}", root.join(family).display());
                continue;
            }
            Some(root) => {
                let mut left_out = load_model(&root.join(family))?;
                left_out.look = shipped.look;
                (left_out, &|_| true, "left out of training, all")
            }
            None if args.all => (shipped.clone(), &|_| true, "all"),
            None if args.train => (shipped.clone(), &trained_on, "trained on"),
            None if args.validation => (shipped.clone(), &validation, "validation"),
            None => (shipped.clone(), &held_back, "held back"),
        };
        let mut source =
            sources::load(name, &dir, layout, keep, usize::MAX).map_err(anyhow::Error::msg)?;
        shown(&mut source, frame, light, jpeg)?;
        if args.box_fit {
            box_fit(&model, &source);
        }
        let started = Instant::now();
        let mut tally = Tally::default();
        for (i, p) in source.pictures.iter().enumerate() {
            let seen = if boxes {
                labelled_boxes(&model, p, i, name, mistakes.as_deref())?
            } else if args.count_known {
                let count = p.dice.iter().filter(|d| d.class != 0).count();
                foreman::vision::labelled::read_picture_expecting(&model, &p.image, p.whole, count)
            } else {
                read_picture(&model, &p.image, p.whole)
            };
            let before = tally.clone();
            tally.add(p, &seen);
            if verbose && tally.exact == before.exact {
                let said: Vec<String> = seen
                    .iter()
                    .map(|d| format!("{} at {:.0},{:.0} ({:.2})", d.value, d.x, d.y, d.confidence))
                    .collect();
                let labelled: Vec<String> = p
                    .dice
                    .iter()
                    .map(|d| format!("{} at {:.0},{:.0}", d.class, d.x, d.y))
                    .collect();
                println!(
                    "  {name} #{i}: read [{}]; labelled [{}]",
                    said.join(", "),
                    labelled.join(", ")
                );
            }
        }
        println!(
            "{name} ({split}): {tally} ({:.1} ms a picture)",
            started.elapsed().as_secs_f64() * 1e3 / source.pictures.len().max(1) as f64
        );
        print!("{}", confusions(&tally));
    }
    Ok(())
}

/// A tally's confusions, a line a labelled class.
fn confusions(tally: &Tally) -> String {
    let mut out =
        "  confusions (rows: labelled other, 1-6; columns: read none, 1-6):\n".to_string();
    for (label, row) in tally.confusion.iter().enumerate() {
        if row.iter().sum::<usize>() > 0 {
            let cells: Vec<String> = row.iter().map(|n| format!("{n:5}")).collect();
            let label = if label == 0 {
                "other".to_string()
            } else {
                label.to_string()
            };
            out += &format!("  {label:>5} {}\n", cells.join(""));
        }
    }
    out
}

/// The labelled dice as the classifier alone reads them on their labelled boxes; each read
/// wrong written into `mistakes`, if given, to look at.
fn labelled_boxes(
    model: &Model,
    p: &LabelledPicture,
    i: usize,
    name: &str,
    mistakes: Option<&Path>,
) -> anyhow::Result<Vec<foreman::vision::SeenDie>> {
    let read = sources::read_labelled_boxes(model, p);
    if let Some(dir) = mistakes {
        for (d, seen) in p.dice.iter().zip(&read) {
            let value = seen.as_ref().map_or(0, |s| s.value);
            if value == d.class {
                continue;
            }
            let (w, h) = p.image.dimensions();
            let x0 = (d.x - d.size).clamp(0.0, w as f32 - 1.0) as u32;
            let y0 = (d.y - d.size).clamp(0.0, h as f32 - 1.0) as u32;
            let side = (2.0 * d.size).max(1.0) as u32;
            let crop =
                image::imageops::crop_imm(&p.image, x0, y0, side.min(w - x0), side.min(h - y0));
            let big = image::imageops::resize(
                &crop.to_image(),
                128,
                128,
                image::imageops::FilterType::Triangle,
            );
            let confidence = seen.as_ref().map_or(0.0, |s| s.confidence);
            big.save(dir.join(format!(
                "{name}-{i}-{:.0}-{:.0}-labelled{}-read{value}-{confidence:.2}.png",
                d.x, d.y, d.class
            )))?;
        }
    }
    Ok(read.into_iter().flatten().collect())
}

/// How the detector's candidates fit the labelled dice of the whole pictures of `source`.
fn box_fit(model: &Model, source: &Source) {
    let (mut dice, mut near, mut centred, mut sized, mut large) = (0, 0, 0, 0, 0);
    let mut ratios = Vec::new();
    for p in source.pictures.iter().filter(|p| p.whole) {
        let (w, h) = p.image.dimensions();
        let candidates = model.candidates(&p.image, foreman::vision::Area::whole(w, h));
        for d in p.dice.iter().filter(|d| d.class > 0) {
            dice += 1;
            let Some(c) = candidates.iter().min_by(|a, b| {
                (a.x - d.x)
                    .hypot(a.y - d.y)
                    .total_cmp(&(b.x - d.x).hypot(b.y - d.y))
            }) else {
                continue;
            };
            let off = (c.x - d.x).hypot(c.y - d.y) / d.size;
            if off > 0.5 {
                continue;
            }
            near += 1;
            let ratio = c.size / d.size;
            ratios.push(ratio);
            centred += usize::from(off <= 0.1);
            sized += usize::from((0.8..=1.25).contains(&ratio));
            large += usize::from(ratio > 1.4);
        }
    }
    if dice == 0 {
        return;
    }
    ratios.sort_by(f32::total_cmp);
    let share = |n: usize| n as f64 / near.max(1) as f64;
    println!(
        "{}: {dice} pip d6, a candidate within half a side of {near}; of those, centred within \
         0.1 side {:.3}, side 0.8-1.25 times {:.3}, over 1.4 times {:.3}; median side {:.2} times",
        source.name,
        share(centred),
        share(sized),
        share(large),
        ratios.get(ratios.len() / 2).copied().unwrap_or(0.0)
    );
}

/// The pictures as the options show them: in a webcam frame, in another light, saved again.
fn shown(
    source: &mut Source,
    frame: bool,
    light: Option<f32>,
    jpeg: Option<u8>,
) -> anyhow::Result<()> {
    for p in &mut source.pictures {
        if frame && p.whole {
            *p = in_frame(p);
        }
        if let Some(f) = light {
            for px in p.image.pixels_mut() {
                px.0 = px.0.map(|v| (f32::from(v) * f).round().min(255.0) as u8);
            }
        }
        if let Some(q) = jpeg {
            let mut bytes = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, q)
                .encode_image(&p.image)?;
            p.image = image::load_from_memory(&bytes)?.to_rgb8();
        }
    }
    Ok(())
}

/// The photo as a 1280×720 webcam frame shows it: scaled to the frame's height, in its middle,
/// the sides filled with its edge columns; the labels moved to match.
fn in_frame(p: &LabelledPicture) -> LabelledPicture {
    let frame = foreman_dice_training::synthetic::in_webcam_frame(&p.image);
    let (w, h) = p.image.dimensions();
    let k = frame.image.height() as f32 / h as f32;
    let dice = p
        .dice
        .iter()
        .map(|d| LabelledDie {
            x: frame.left as f32 + d.x * frame.width as f32 / w as f32,
            y: d.y * k,
            size: d.size * k,
            class: d.class,
        })
        .collect();
    let image = frame.image;
    LabelledPicture {
        image,
        dice,
        whole: true,
    }
}

/// The dice `model` reads on the pictures without a die the tests hold the reader to
/// ([`sources::pictures_without_dice`]).
fn phantoms(model: &Model) -> anyhow::Result<()> {
    let path = foreman_dice_training::repository().join("tests/data/dice/window-cards.png");
    let snapshot = image::open(&path)
        .with_context(|| format!("reading {}", path.display()))?
        .to_rgb8();
    let mut made_up = Vec::new();
    for (i, (name, picture)) in sources::pictures_without_dice(&snapshot).iter().enumerate() {
        let (w, h) = picture.dimensions();
        let dice = model.read(picture, foreman::vision::Area::whole(w, h));
        if i < sources::WINDOW_CARDS {
            let said: Vec<String> = dice
                .iter()
                .map(|d| format!("{} at {:.0},{:.0} ({:.2})", d.value, d.x, d.y, d.confidence))
                .collect();
            println!("{name}: {} dice read {said:?}", dice.len());
        } else if !dice.is_empty() {
            made_up.push((name.clone(), dice.len()));
        }
    }
    println!("made-up card-like and board-like pictures with dice read: {made_up:?}");
    Ok(())
}

/// The held-back tray photos' dice laid among the window's cards
/// ([`sources::dice_among_cards`]): the tally, and each reading on no die. With `mistakes`,
/// each picture not read exactly is written there, to look at.
fn among_cards(
    model: &Model,
    data: &Path,
    (n, ground): (usize, Option<image::Rgb<u8>>),
    mistakes: Option<&Path>,
) -> anyhow::Result<()> {
    let path = foreman_dice_training::repository().join("tests/data/dice/window-cards.png");
    let snapshot = image::open(&path)
        .with_context(|| format!("reading {}", path.display()))?
        .to_rgb8();
    let (name, layout) = SOURCES[0];
    let tray = sources::load(name, &data.join(name), layout, &held_back, usize::MAX)
        .map_err(anyhow::Error::msg)?;
    let mut tally = Tally::default();
    for (k, picture) in sources::dice_among_cards(&snapshot, &tray, n)
        .iter()
        .enumerate()
    {
        let seen = read_picture(model, &picture.image, true);
        let before = tally.clone();
        tally.add(picture, &seen);
        let matched = sources::matches(&picture.dice, &seen);
        for (i, d) in seen.iter().enumerate() {
            if !matched.contains(&Some(i)) {
                println!(
                    "picture {k}: a {} read on no die at {:.0},{:.0} ({:.2})",
                    d.value, d.x, d.y, d.confidence
                );
            }
        }
        if let Some(dir) = mistakes
            && tally.exact == before.exact
        {
            picture
                .image
                .save(dir.join(format!("among-cards-{k}.png")))?;
        }
    }
    println!("held-back tray dice among the window's cards: {tally}");
    print!("{}", confusions(&tally));
    // The same dice, laid alike, on the window's plain ground (its colour where no card
    // lies): what the cards cost.
    let mut blank = snapshot.clone();
    let ground = ground.unwrap_or(*snapshot.get_pixel(900, 700));
    for p in blank.pixels_mut() {
        *p = ground;
    }
    let mut plain_tally = Tally::default();
    let mut boxes_tally = Tally::default();
    for plain in sources::dice_among_cards(&blank, &tray, n) {
        let seen = read_picture(model, &plain.image, true);
        plain_tally.add(&plain, &seen);
        let on_boxes: Vec<_> = sources::read_labelled_boxes(model, &plain)
            .into_iter()
            .flatten()
            .collect();
        boxes_tally.add(&plain, &on_boxes);
    }

    println!(
        "the same dice on a plain ground ({:?}): {plain_tally}",
        ground.0
    );
    println!("  the classifier alone on their boxes: {boxes_tally}");
    Ok(())
}

/// The dice `model` reads on `n` made-up pictures without a die, 480×360, from seeds
/// 8,000,000 on (the tests' are 7,000,000 on; the training's come from its own seed's stream).
fn made_up(model: &Model, n: u64) -> anyhow::Result<()> {
    use rand::SeedableRng;
    let (mut pictures, mut dice) = (0, 0);
    let mut values = [0usize; 7];
    for k in 0..n {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8_000_000 + k);
        let picture = foreman_dice_training::synthetic::background(480, 360, &mut rng);
        let read = model.read(&picture, foreman::vision::Area::whole(480, 360));
        if !read.is_empty() {
            pictures += 1;
            dice += read.len();
            for d in &read {
                values[usize::from(d.value.min(6))] += 1;
            }
        }
    }
    println!(
        "{n} made-up pictures without a die: {pictures} with dice read, {dice} dice read \
         (showing 1 to 6: {:?})",
        &values[1..]
    );
    Ok(())
}

/// The colours named against those told by eye (`tests/dice_colours.txt`): a reading counts
/// for the labelled die [`sources::matches`] pairs it with.
fn colours(model: &Model) -> anyhow::Result<()> {
    let root = foreman_dice_training::repository();
    let told = sources::read_told_colours(&root.join("tests/dice_colours.txt"))
        .map_err(anyhow::Error::msg)?;
    let dir = root.join("tests/data/dice/d6-tray-photos");
    let (mut right, mut compared) = (0, 0);
    let mut wrong = Vec::new();
    for (stem, words) in &told {
        let image = image::open(dir.join("images").join(format!("{stem}.jpg")))?.to_rgb8();
        let (w, h) = image.dimensions();
        let seen = model.read(&image, foreman::vision::Area::whole(w, h));
        let bodies = foreman::vision::learned::face_colours_seen(&image, &seen);
        let labelled: Vec<LabelledDie> = sources::read_yolo(
            &dir.join("labels").join(format!("{stem}.txt")),
            w as f32,
            h as f32,
        )
        .map_err(anyhow::Error::msg)?
        .into_iter()
        .map(|(_, [x, y, bw, bh])| LabelledDie {
            x,
            y,
            size: bw.max(bh),
            class: 0,
        })
        .collect();
        for (found, word) in sources::matches(&labelled, &seen).into_iter().zip(words) {
            let Some(i) = found else { continue };
            compared += 1;
            let said = foreman::vision::colour_word(seen[i].colour);
            if said == *word {
                right += 1;
            } else {
                wrong.push(format!(
                    "{stem}: {said} for {word} (body and pips {:?})",
                    bodies[i]
                ));
            }
        }
    }
    println!(
        "colours: {right} of {compared} right ({:.4})",
        right as f64 / compared.max(1) as f64
    );
    for w in wrong {
        println!("  {w}");
    }
    Ok(())
}
