//! Learning the table, measured: for each source S, a model that never saw S (trained with
//! `--leave-out S`) is taught by K pictures of S as a player teaches it at the table, then
//! reads S's held-back pictures.
//!
//! `cargo run --release -p foreman-dice-training --features tools --example dice_adapt -- --loso DIR [--data DIR] [--teach K,K,...]
//! [--tune]`, or `-- --among-cards N [--teach K,K,...]`
//!
//! Teaching one picture is what a player does with one roll: the reader reads it (as taught
//! so far); the player corrects each wrong value, marks each missed die where it lies
//! (`Model::die_at`), takes away each "die" that is none, and confirms; the roll is learned
//! (`adapt::Lessons::learn`) and the model fitted again (`Model::taught`: used when it reads
//! the rolls it was not fitted to better). The K pictures
//! are spread evenly over S's pictures that are not held back.
//!
//! - `--tune`: read S's other pictures that are not held back instead of the held-back ones
//!   (to choose `adapt::PULL` and the like without looking at the held-back pictures).
//! - `--among-cards N`: a Fantastic Factories table instead: the shipped model is taught
//!   pictures of the training tray photos' dice laid among the cards of Foreman's window
//!   (`sources::dice_among_cards_from`, seeds the tests never use), then reads the tests' N
//!   pictures of the held-back dice among the same cards (`sources::dice_among_cards`).
#[path = "common/teaching.rs"]
mod teaching;

use foreman_dice_training::sources::{self, SOURCES};
use foreman_dice_training::training::held_back;
use std::path::PathBuf;
use std::time::Instant;

/// Learning the table, measured (see the top of models/dice/training/examples/dice_adapt.rs).
#[derive(clap::Parser)]
struct Args {
    /// The models trained with each source left out, one folder a source.
    #[arg(long, value_name = "DIR")]
    loso: Option<PathBuf>,
    /// The sources' folders.
    #[arg(long, value_name = "DIR", default_value = "../shared/dice")]
    data: PathBuf,
    /// How many pictures each run teaches.
    #[arg(
        long,
        value_name = "K,K,...",
        value_delimiter = ',',
        default_value = "0,5,10,30"
    )]
    teach: Vec<usize>,
    /// Read the other pictures not held back, instead of the held-back ones.
    #[arg(long)]
    tune: bool,
    /// Teach the shipped model dice among the window's cards, then read N such pictures.
    #[arg(long, value_name = "N")]
    among_cards: Option<usize>,
}

fn main() -> anyhow::Result<()> {
    let Args {
        loso,
        data,
        teach,
        tune,
        among_cards: among,
    } = clap::Parser::parse();
    if let Some(n) = among {
        return among_cards(&data, n, &teach);
    }
    let Some(loso) = loso else {
        anyhow::bail!("--loso DIR: the models trained with each source left out");
    };
    for (name, layout) in SOURCES {
        let dir = data.join(name);
        let model_dir = loso.join(name);
        if !dir.exists() || !model_dir.exists() {
            println!("{name}: no pictures or no model left out of it");
            continue;
        }
        let base = teaching::load_model(&model_dir)?;
        let pool = sources::load(name, &dir, layout, &|f| !held_back(f), usize::MAX)
            .map_err(anyhow::Error::msg)?;
        let held = sources::load(name, &dir, layout, &held_back, usize::MAX)
            .map_err(anyhow::Error::msg)?;
        for &k in &teach {
            let started = Instant::now();
            let taught = teaching::teach(&base, &pool, k);
            let (lessons, model, work) = (&taught.lessons, &taught.model, &taught.work);
            let took = started.elapsed();
            let fit = Instant::now();
            let _ = base.taught(lessons);
            let fit = fit.elapsed();
            let (read, which) = teaching::to_read(tune, &pool, &held, &taught.chosen);
            let tally = teaching::tally(model, read.iter().copied());
            println!(
                "{name}, taught {k} ({} dice: {} values corrected, {} marked, {} taken away; \
                 {} lessons, fit and checked {:.1} ms, {:.1} s in all), {} read: precision {:.4}, recall \
                 {:.4}, value {:.4}, exact {:.4}, other dice read {}; to fix per 100 dice {:.1}",
                work.dice,
                work.corrected,
                work.marked,
                work.taken_away,
                lessons.len(),
                fit.as_secs_f64() * 1e3,
                took.as_secs_f64(),
                which,
                tally.precision(),
                tally.recall(),
                tally.value_accuracy(),
                tally.exact_share(),
                tally.others_read,
                tally.to_fix_per_100(),
            );
        }
    }
    Ok(())
}

/// The shipped model taught rolls at a Fantastic Factories table (dice among the window's
/// cards), then reading the tests' pictures of held-back dice among the same cards.
fn among_cards(data: &std::path::Path, n: usize, teach: &[usize]) -> anyhow::Result<()> {
    use foreman::vision::learned::Model;
    let most = teach.iter().copied().max().unwrap_or(0);
    let (pool, read) = teaching::among_cards(data, n, most)?;
    let base = Model::shipped()?.clone();
    for &k in teach {
        let taught = teaching::teach(&base, &teaching::first(&pool, k), k);
        let tally = teaching::tally(&taught.model, &read);
        let on_none = tally.read - tally.found - tally.others_read;
        println!(
            "among cards, taught {k} rolls ({} dice: {} values corrected, {} marked, {} taken \
             away; {} lessons), {} pictures read: precision {:.4}, recall {:.4}, value {:.4}, \
             exact {:.4}, readings on no die {on_none}; to fix per 100 dice {:.1}",
            taught.work.dice,
            taught.work.corrected,
            taught.work.marked,
            taught.work.taken_away,
            taught.lessons.len(),
            read.len(),
            tally.precision(),
            tally.recall(),
            tally.value_accuracy(),
            tally.exact_share(),
            tally.to_fix_per_100(),
        );
    }
    Ok(())
}
