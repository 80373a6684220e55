//! Trains the dice reader's two nets from the labelled pictures, with a fixed seed, and writes
//! their weights and a manifest (the data used, the seed, the schedule, the time taken and
//! the figures on the held-back pictures) to `models/dice/`.
//!
//! `cargo run --release -p foreman-dice-training --features tools --example dice_train -- [--data DIR] [--out DIR] [--leave-out SOURCE
//! [--taught N]] [--epochs N] [--detector-epochs N] [--seed N] [--detector-from DIR]
//! [--classifier-from DIR] [--validate] [--window GAMES] [--rendered F] [--colour-blind N]
//! [--made-up N] [--pasted F] [--icons F] [--window-pictures DIR] [--render-sheet FILE]
//! [--icon-sheet FILE] [--replay N]`
//!
//! `--data` defaults to `../shared/dice` (one folder per source, see `foreman_dice_training::sources`).
//! `--epochs N`: the classifier's epochs (30); `--detector-epochs N`: the detector's (40).
//! `--leave-out SOURCE` trains without that source at all and scores it whole: the figure that
//! predicts a camera, a table or dice never seen (write it elsewhere than `models/dice`);
//! with `--taught N`, N of its pictures not held back are trained on after all and its
//! held-back fifth is scored: what a few labelled photos of a new table are worth.
//! `--classifier-from DIR` trains DIR's classifier further, at a tenth of the rate, instead
//! of a new one (with `--detector-from DIR`, a model taught a new table in a few epochs).
//! `--window GAMES`: pictures of Foreman's own window from that many games, four each, join
//! the training pictures (`window.rs`; none unless told). `--rendered F`: that share of the
//! classifier's samples and of the dice pasted for the detector are rendered
//! (`foreman_dice_training::render`; none unless told). Neither is in the shipped recipe (see
//! `models/dice/README.md`). `--window-pictures DIR` writes the window's pictures with their
//! dice outlined, and `--render-sheet FILE` a sheet of rendered dice
//! (`--icon-sheet FILE`, of round icons), to look at; nothing is
//! trained. `--colour-blind N`: the classifier reads the face's contrast along its N main colour
//! axes (1 or 2), not the colours (`vision::grid::face_contrast`), or 4: the colours and one.
//! `--pasted F`: that share of the classifier's samples of labelled dice have the die cut out
//! and laid on a made-up background (`synthetic::pasted_die`; none unless told).
//! `--icons F`: that share of the classifier's samples are a round icon as large as a die
//! (gears, targets, suns: `synthetic::round_icon`), as no die, and half the detector's made-up
//! pictures carry a few (none unless told).
mod window;

use foreman::vision::learned::{
    CLASSIFIER_CHANNELS, CLASSIFIER_SHAPE, DETECTOR_SHAPE, Model, PATCH,
};
use foreman_dice_training::model_dir;
use foreman_dice_training::sources::{self, Tally};
use foreman_dice_training::training::{self, Library, Schedule};
use std::path::PathBuf;
use std::time::Instant;

/// Trains the dice reader's two nets (see the top of models/dice/training/examples/dice_train/main.rs and
/// models/dice/README.md).
#[derive(clap::Parser)]
struct Args {
    /// The sources' folders.
    #[arg(long, value_name = "DIR", default_value = "../shared/dice")]
    data: PathBuf,
    /// Where the weights and the manifest are written.
    #[arg(long, value_name = "DIR", default_value = "models/dice")]
    out: PathBuf,
    /// Train without this source, and score it whole.
    #[arg(long, value_name = "SOURCE")]
    leave_out: Option<String>,
    /// With --leave-out: N of its pictures are trained on after all.
    #[arg(long, value_name = "N", default_value_t = 0)]
    taught: usize,
    /// The classifier's epochs.
    #[arg(long, value_name = "N", default_value_t = 30)]
    epochs: usize,
    /// The detector's epochs.
    #[arg(long, value_name = "N", default_value_t = 40)]
    detector_epochs: usize,
    /// The seed every random choice comes from.
    #[arg(long, value_name = "N", default_value_t = 2026)]
    seed: u64,
    /// Take this folder's detector instead of training one.
    #[arg(long, value_name = "DIR")]
    detector_from: Option<PathBuf>,
    /// Train this folder's classifier further instead of a new one.
    #[arg(long, value_name = "DIR")]
    classifier_from: Option<PathBuf>,
    /// Set aside another fifth and score it instead of the held-back one.
    #[arg(long)]
    validate: bool,
    /// Add pictures of Foreman's own window from this many games.
    #[arg(long, value_name = "GAMES", default_value_t = 0)]
    window: u64,
    /// The share of samples that are rendered dice (0 to 1).
    #[arg(long, value_name = "F", default_value_t = 0.0)]
    rendered: f64,
    /// The classifier's channels: 3 (the colours), 1 or 2 (the face's contrast), or 4 (both).
    #[arg(long, value_name = "N", default_value_t = 3)]
    colour_blind: usize,
    /// Teach the classifier the detector's mistakes on N made-up pictures without a die.
    #[arg(long, value_name = "N", default_value_t = 0)]
    made_up: usize,
    /// The share of labelled dice pasted on a made-up background (0 to 1).
    #[arg(long, value_name = "F", default_value_t = 0.0)]
    pasted: f64,
    /// The share of samples that are round icons, taught as no die (0 to 1).
    #[arg(long, value_name = "F", default_value_t = 0.0)]
    icons: f64,
    /// Only write the window's pictures, their dice outlined, into DIR.
    #[arg(long, value_name = "DIR")]
    window_pictures: Option<PathBuf>,
    /// Only write a sheet of rendered dice to FILE.
    #[arg(long, value_name = "FILE")]
    render_sheet: Option<PathBuf>,
    /// Only write a sheet of round icons to FILE.
    #[arg(long, value_name = "FILE")]
    icon_sheet: Option<PathBuf>,
    /// Also write a replay set of N classifier samples.
    #[arg(long, value_name = "N", default_value_t = 0)]
    replay: usize,
}

/// The detector's training pictures are this many pixels a side.
const DETECTOR_TRAIN: usize = 128;

fn main() -> anyhow::Result<()> {
    // The words as given, for the manifests.
    let words: Vec<String> = std::env::args().skip(1).collect();
    // A word it does not know (a mistyped option, a bad number) stops it before anything is
    // trained, so that no mistake overwrites the shipped weights with another recipe's.
    let args: Args = clap::Parser::parse();
    let (data, out, leave_out) = (args.data, args.out, args.leave_out);
    // The classifier's epochs. 60 read the tray dice on their labelled boxes 2.8 points better,
    // but not the whole reader, and read a numeral die and a die on Foreman's cards
    // (`models/dice/README.md`).
    let (epochs, detector_epochs, seed) = (args.epochs, args.detector_epochs, args.seed);
    let validate = args.validate;
    // `--taught N`: with `--leave-out SOURCE`, N of its pictures are trained on after all.
    let taught = args.taught;
    anyhow::ensure!(
        taught == 0 || leave_out.is_some(),
        "--taught N goes with --leave-out SOURCE"
    );
    // `--colour-blind N`: the classifier reads N channels, the face's contrast along its 1 or
    // 2 main colour axes (`vision::grid::face_contrast`), or 4, the colours and one axis.
    let channels = args.colour_blind;
    anyhow::ensure!(
        CLASSIFIER_CHANNELS.contains(&channels),
        "--colour-blind takes 1 or 2 channels, or 4 (the colours and one)"
    );
    let started = Instant::now();
    // `--validate`: another fifth is set aside and scored instead of the held-back one (to
    // compare recipes without looking at the held-back files).
    let (mut train, test) = sources::training_split(&data, leave_out.as_deref(), taught, validate)
        .map_err(anyhow::Error::msg)?;
    if let Some(file) = &args.render_sheet {
        // Rendered dice, 10 by 8, pip d6 in the first four rows, no die in the others.
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let side = foreman_dice_training::render::SIDE as u32;
        let mut sheet = image::RgbImage::new(10 * side, 8 * side);
        for row in 0..8 {
            for col in 0..10 {
                let die = foreman_dice_training::render::rendered_die(&mut rng, row < 4);
                image::imageops::replace(
                    &mut sheet,
                    &die.image,
                    i64::from(col * side),
                    i64::from(row * side),
                );
            }
        }
        sheet.save(file)?;
        println!("wrote {}", file.display());
        return Ok(());
    }
    if let Some(file) = &args.icon_sheet {
        // Round icons as `--icons` teaches them, 10 by 6, each on a made-up background.
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut sheet = image::RgbImage::new(10 * 48, 6 * 48);
        for i in 0..60u32 {
            let tile = foreman_dice_training::synthetic::round_icon_ground(&mut rng);
            image::imageops::replace(
                &mut sheet,
                &tile,
                i64::from(i % 10 * 48),
                i64::from(i / 10 * 48),
            );
        }
        sheet.save(file)?;
        println!("wrote {}", file.display());
        return Ok(());
    }
    let (games, rendered) = (args.window, args.rendered);
    anyhow::ensure!(
        (0.0..=1.0).contains(&rendered),
        "--rendered is a share, 0 to 1"
    );
    let pasted = args.pasted;
    anyhow::ensure!((0.0..=1.0).contains(&pasted), "--pasted is a share, 0 to 1");
    let icons = args.icons;
    anyhow::ensure!((0.0..=1.0).contains(&icons), "--icons is a share, 0 to 1");
    if let Some(dir) = &args.window_pictures {
        // The window's pictures, each labelled die outlined, to look at; nothing trained.
        std::fs::create_dir_all(dir)?;
        let source = window::pictures(games, 4)?;
        for (i, p) in source.pictures.iter().enumerate() {
            let mut img = p.image.clone();
            for d in &p.dice {
                let r = imageproc::rect::Rect::at(
                    (d.x - d.size / 2.0) as i32,
                    (d.y - d.size / 2.0) as i32,
                )
                .of_size(d.size.max(1.0) as u32, d.size.max(1.0) as u32);
                imageproc::drawing::draw_hollow_rect_mut(&mut img, r, image::Rgb([255, 0, 255]));
            }
            img.save(dir.join(format!("window-{i:02}.png")))?;
        }
        println!("{} pictures in {}", source.pictures.len(), dir.display());
        return Ok(());
    }
    if games > 0 {
        train.push(window::pictures(games, 4)?);
    }
    for s in &train {
        let dice: usize = s.pictures.iter().map(|p| p.dice.len()).sum();
        println!(
            "train {}: {} pictures, {} dice",
            s.name,
            s.pictures.len(),
            dice
        );
    }
    // `--made-up N`: the detector's proposals on N made-up pictures without a die are half the
    // classifier's made-up no-die samples (`training::background_proposals`).
    let made_up = args.made_up;
    let mut library = Library {
        sources: train.iter().collect(),
        proposals: Vec::new(),
        made_up: Vec::new(),
        rendered,
        pasted,
        icons,
        channels,
        patch: foreman::vision::learned::PATCH,
    };

    let mut detector = training::new_net(&DETECTOR_SHAPE, false, seed);
    let t = Instant::now();
    let det_schedule = Schedule {
        seed,
        epochs: detector_epochs,
        per_epoch: 4096,
        batch: 32,
        rate: 3e-3,
        threads: 2,
    };
    // `--detector-from DIR`: a detector trained before (to try a classifier alone).
    if let Some(dir) = &args.detector_from {
        let file = model_dir::weights_file(dir, "detector");
        detector = foreman::vision::cnn::Net::from_bytes(&std::fs::read(file)?)?;
    } else {
        training::fit(
            &mut detector,
            det_schedule,
            |rng| library.detector_sample(rng, DETECTOR_TRAIN),
            training::detector_loss,
            |e, l| {
                println!(
                    "detector epoch {e}: loss {l:.4} ({:.0} s)",
                    t.elapsed().as_secs_f32()
                )
            },
        );
    }
    let mut shape = CLASSIFIER_SHAPE.to_vec();
    shape[0].cin = channels;
    // `--classifier-from DIR`: the classifier of DIR trained further (at a tenth of the rate),
    // not one trained afresh.
    let further = args.classifier_from;
    let mut classifier = match &further {
        Some(dir) => {
            let file = model_dir::weights_file(dir, "classifier");
            let net = foreman::vision::cnn::Net::from_bytes(&std::fs::read(file)?)?;
            anyhow::ensure!(
                net.shape() == shape,
                "{}: another classifier's shape",
                dir.display()
            );
            net
        }
        None => training::new_net(&shape, true, seed + 1),
    };
    // The detector's own proposals on the training pictures teach the classifier its boxes
    // and its mistakes.
    let probe = Model {
        detector: detector.clone(),
        classifier: classifier.clone(),
        look: Default::default(),
    };
    library.proposals = training::proposals(
        &probe,
        train
            .iter()
            .flat_map(|s| s.pictures.iter())
            .filter(|p| p.whole),
    );
    let wrong = library.proposals.iter().filter(|p| p.2 == 0).count();
    println!(
        "detector proposals on the training photos: {} ({wrong} on no pip d6)",
        library.proposals.len()
    );
    let mined = training::background_proposals(&probe, made_up, seed);
    library.made_up = mined.iter().map(|(p, c)| (p, *c)).collect();
    if made_up > 0 {
        println!(
            "detector proposals on {made_up} made-up pictures without a die: {}",
            mined.len()
        );
    }
    // `--replay N`: N classifier samples as drawn (their light not yet changed) kept as the
    // replay set a player's table is learned with (`vision::relearn`); with `--epochs 0`
    // nothing is trained.
    let replay = args.replay;
    if replay > 0 {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x7265_706c_6179);
        let mut set = foreman::vision::relearn::Replay::default();
        for _ in 0..replay {
            let (pixels, class) = library.classifier_pixels(&mut rng);
            set.patches
                .push(pixels.iter().map(|p| p.map(|v| v.round() as u8)).collect());
            set.classes.push(class as u8);
        }
        std::fs::create_dir_all(&out)?;
        let bytes = set.to_bytes()?;
        std::fs::write(out.join("replay.bin"), &bytes)?;
        let counts: Vec<usize> = (0..7u8)
            .map(|c| set.classes.iter().filter(|&&k| k == c).count())
            .collect();
        let about = serde_json::json!({
            "command": format!("cargo run --release -p foreman-dice-training --features tools --example dice_train -- {}", words.join(" ")),
            "seed": seed,
            "patches": replay,
            "classes": counts,
            "left_out": leave_out,
            "bytes": bytes.len(),
            "fnv64": format!("{:016x}", foreman::vision::learned::fnv64(&bytes)),
        });
        std::fs::write(
            out.join("replay.json"),
            serde_json::to_string_pretty(&about)? + "\n",
        )?;
        println!(
            "replay set: {replay} patches, {} bytes ({} no die)",
            bytes.len(),
            set.classes.iter().filter(|&&c| c == 0).count()
        );
        if epochs == 0 {
            return Ok(());
        }
    }
    let t = Instant::now();
    let cls_schedule = Schedule {
        seed: seed + 1,
        epochs,
        per_epoch: 16384,
        batch: 64,
        rate: if further.is_some() { 3e-4 } else { 3e-3 },
        threads: 2,
    };
    training::fit(
        &mut classifier,
        cls_schedule,
        |rng| library.classifier_sample(rng),
        training::class_loss,
        |e, l| {
            println!(
                "classifier epoch {e}: loss {l:.4} ({:.0} s)",
                t.elapsed().as_secs_f32()
            )
        },
    );
    let model = Model {
        detector,
        classifier,
        look: Default::default(),
    };
    let trained_in = started.elapsed().as_secs_f32();

    let mut figures = serde_json::Map::new();
    for s in &test {
        let tally: Tally = sources::score(&model, s);
        let which = if leave_out.as_deref() == Some(&s.name) && taught > 0 {
            "held back, the rest left out but for the pictures taught"
        } else if leave_out.as_deref() == Some(&s.name) {
            "left out, whole"
        } else if validate {
            "validation"
        } else {
            "held back"
        };
        println!("{} ({which}): {tally}", s.name);
        figures.insert(
            s.name.clone(),
            serde_json::json!({ "split": which, "tally": tally }),
        );
    }
    std::fs::create_dir_all(&out)?;
    let (det_bytes, cls_bytes) = (model.detector.to_bytes()?, model.classifier.to_bytes()?);
    let (det_file, cls_file) = (model_dir::DETECTOR, model_dir::CLASSIFIER);
    std::fs::write(out.join(det_file), &det_bytes)?;
    std::fs::write(out.join(cls_file), &cls_bytes)?;
    let manifest = serde_json::json!({
        "command": format!("cargo run --release -p foreman-dice-training --features tools --example dice_train -- {}", words.join(" ")),
        "seed": seed,
        "epochs": epochs,
        "detector": { "epochs": detector_epochs, "per_epoch": det_schedule.per_epoch, "batch": det_schedule.batch, "rate": det_schedule.rate,
            "parameters": model.detector.parameters(), "input": DETECTOR_TRAIN,
            "fnv64": format!("{:016x}", foreman::vision::learned::fnv64(&det_bytes)) },
        "classifier": { "per_epoch": cls_schedule.per_epoch, "batch": cls_schedule.batch, "rate": cls_schedule.rate,
            "parameters": model.classifier.parameters(), "input": PATCH,
            "fnv64": format!("{:016x}", foreman::vision::learned::fnv64(&cls_bytes)) },
        "left_out": leave_out,
        "taught": taught,
        "made_up": made_up,
        "pasted": pasted,
        "icons": icons,
        "classifier_from": further.as_deref().map(|d| d.display().to_string()),
        "split": "a file is held back when the FNV-1a hash of its name is 0 mod 5 (foreman_dice_training::training::held_back)",
        "trained_on": train.iter().map(|s| serde_json::json!({
            "source": s.name, "pictures": s.pictures.len(),
            "dice": s.pictures.iter().map(|p| p.dice.len()).sum::<usize>() })).collect::<Vec<_>>(),
        "training_seconds": trained_in.round(),
        "threads": 2,
        "figures": figures,
    });
    std::fs::write(
        out.join("manifest.json"),
        serde_json::to_string_pretty(&manifest)? + "\n",
    )?;
    println!(
        "wrote {} in {:.0} s",
        out.display(),
        started.elapsed().as_secs_f32()
    );
    Ok(())
}
