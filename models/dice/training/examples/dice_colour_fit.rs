//! The colour namer's examples (`models/dice/colour-examples.txt`), from the training photos'
//! colours told by eye (`models/dice/colours.txt`), and how well they name colours, by
//! cross-validation on those photos alone.
//!
//! `cargo run --release -p foreman-dice-training --features tools --example dice_colour_fit -- [--write]`
//!
//! Each told die is measured as the reader measures a die it found
//! (`learned::face_colours_seen`): at its labelled box, and where the shipped reader finds it
//! (the examples shipped are both: `sources::ColourExamples::both`). Cross-validation: the
//! photos in four folds (by their order in the file), each fold's dice as the reader finds them
//! named by the other three folds' examples (at the boxes, at the dice found, or both), for a
//! few numbers of neighbours and pip weights; `vision::colour` ships [`NEIGHBOURS`] and
//! [`PIP_WEIGHT`].
//! The held-back photos' colours (`tests/dice_colours.txt`) are never read here:
//! `models/dice/training/examples/dice_accuracy.rs --colours` and the tests measure on them. With `--write` the
//! examples file is written again.
use foreman::vision::colour::{self, Example, NEIGHBOURS, PIP_WEIGHT};
use foreman::vision::learned::Model;
use foreman_dice_training::sources;

fn main() -> anyhow::Result<()> {
    let root = foreman_dice_training::repository();
    /// `--write`: write the examples file again.
    #[derive(clap::Parser)]
    struct Args {
        #[arg(long)]
        write: bool,
    }
    let Args { write } = clap::Parser::parse();
    let (tray, told) = (
        root.join("tests/data/dice/d6-tray-photos"),
        root.join("models/dice/colours.txt"),
    );
    let model = Model::shipped()?;
    let photos = sources::colour_examples(&tray, &told, model).map_err(anyhow::Error::msg)?;
    let boxes: Vec<Vec<Example>> = photos.iter().map(|p| p.at_boxes.clone()).collect();
    let found: Vec<Vec<Example>> = photos.iter().map(|p| p.found.clone()).collect();
    let both: Vec<Vec<Example>> = photos.iter().map(|p| p.both().collect()).collect();
    let count = |photos: &[Vec<Example>]| photos.iter().map(Vec::len).sum::<usize>();
    println!(
        "{} photos: {} dice at their labelled boxes, {} found by the reader",
        photos.len(),
        count(&boxes),
        count(&found)
    );
    // Each fold's found dice named by the other folds' examples, taken from each.
    for (name, from) in [
        ("labelled boxes", &boxes),
        ("found dice", &found),
        ("both", &both),
    ] {
        for neighbours in [1, 3, 5] {
            for pip in [0.0, 0.3, 1.0] {
                let mut right = 0;
                for fold in 0..4 {
                    let others: Vec<Example> = from
                        .iter()
                        .enumerate()
                        .filter(|(p, _)| p % 4 != fold)
                        .flat_map(|(_, e)| e.iter().copied())
                        .collect();
                    let namer = colour::Namer::new(&others, neighbours, pip);
                    right += found
                        .iter()
                        .enumerate()
                        .filter(|(p, _)| p % 4 == fold)
                        .flat_map(|(_, e)| e.iter())
                        .filter(|e| namer.name(e.body, e.pip) == e.colour)
                        .count();
                }
                let shipped = if (neighbours, pip) == (NEIGHBOURS, PIP_WEIGHT) {
                    " (shipped)"
                } else {
                    ""
                };
                println!(
                    "examples at {name}, {neighbours} neighbours, pips weigh {pip}: {right} of {} \
                     right ({:.3}){shipped}",
                    count(&found),
                    right as f64 / count(&found).max(1) as f64
                );
            }
        }
    }
    if write {
        let path = root.join("models/dice/colour-examples.txt");
        let all: Vec<Example> = both.iter().flatten().copied().collect();
        std::fs::write(&path, colour::write_examples(HEADER, &all))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

const HEADER: &str =
    "The colour namer's examples (crates/vision/src/colour.rs): each die whose colour
models/dice/colours.txt tells, measured in its training photo of tests/data/dice/d6-tray-photos
at its labelled box, then where the shipped reader finds it: body R G B, pips R G B (exposure
and light evened out), colour.
Written by `cargo run --release -p foreman-dice-training --features tools --example dice_colour_fit -- --write`; do not edit.";
