//! Learning a table whole, measured: a model that never saw source S (trained with
//! `--leave-out S`, its replay set written with `--replay N`) is taught K pictures of S as a
//! player teaches it at the table (`adapt::teach_as_labelled`, the last layer fitted as the
//! window fits it), then its classifier is trained again on the replay set and the lessons
//! (`vision::relearn`). Both read S's held-back pictures.
//!
//! `cargo run --release -p foreman-dice-training --features tools --example dice_relearn -- --loso DIR --source S [--data DIR]
//! [--teach K,K,...] [--epochs N] [--per-epoch N] [--share F] [--rate F] [--threads N] [--seed N] [--patches N] [--afresh] [--tune]
//! [--others] [--judge J] [--refit]`
//!
//! Or `-- --among-cards N [--teach K,...]`: a Fantastic Factories table, the shipped model
//! taught rolls of the training tray photos' dice among the cards of Foreman's window, then
//! reading the tests' N pictures of the held-back dice among the same cards.
//!
//! `--refit`: also reads with the classifier trained again and then its own last layer fitted
//! to the lessons (tried, not shipped).
//!
//! `--afresh`: the classifier trained afresh, not further from its weights as the window
//! trains it.
//!
//! `DIR/S` holds the model trained without S and its `replay.bin` (`scripts/dice-loso.sh`
//! writes both). `--tune` reads S's other
//! pictures not held back (to choose the schedule without looking at the held-back ones);
//! `--others` also reads the other sources' held-back pictures with the model trained again.
//! `--judge J`: then J more of S's pictures not held back are taught as the window is taught
//! them, each first read both ways and weighed (`adapt::Judge`, as the window weighs the rolls
//! confirmed after a training); the way the judge chooses reads the held-back pictures.
#[path = "common/teaching.rs"]
mod teaching;

use foreman::vision::adapt::{Judge, Lessons, Work, teach_as_labelled};
use foreman::vision::learned::Model;
use foreman::vision::relearn::{Relearning, Replay, relearned};
use foreman_dice_training::sources::{self, SOURCES, Tally, read_picture};
use foreman_dice_training::training::{LabelledPicture, held_back};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Learning a table whole, measured (see the top of models/dice/training/examples/dice_relearn.rs).
#[derive(clap::Parser)]
struct Args {
    /// The models trained with each source left out, with their replay sets.
    #[arg(long, value_name = "DIR")]
    loso: Option<PathBuf>,
    /// The source taught.
    #[arg(long, value_name = "S")]
    source: Option<String>,
    /// The sources' folders.
    #[arg(long, value_name = "DIR", default_value = "../shared/dice")]
    data: PathBuf,
    /// How many pictures each run teaches.
    #[arg(
        long,
        value_name = "K,K,...",
        value_delimiter = ',',
        default_value = "10,30"
    )]
    teach: Vec<usize>,
    /// The classifier's epochs when trained again.
    #[arg(long, value_name = "N")]
    epochs: Option<usize>,
    /// The samples of each epoch.
    #[arg(long, value_name = "N")]
    per_epoch: Option<usize>,
    /// The lessons' share of the samples.
    #[arg(long, value_name = "F")]
    share: Option<f64>,
    /// The learning rate.
    #[arg(long, value_name = "F")]
    rate: Option<f32>,
    /// The threads it trains on.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// The training's seed.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Only the replay set's first N patches.
    #[arg(long, value_name = "N")]
    patches: Option<usize>,
    /// Train the classifier afresh, not further from its weights.
    #[arg(long)]
    afresh: bool,
    /// Read the source's other pictures not held back, instead of the held-back ones.
    #[arg(long)]
    tune: bool,
    /// Also read the other sources' held-back pictures with the model trained again.
    #[arg(long)]
    others: bool,
    /// Then teach J more pictures, each read both ways and weighed.
    #[arg(long, value_name = "J")]
    judge: Option<usize>,
    /// Also read with the classifier trained again, then its last layer fitted.
    #[arg(long)]
    refit: bool,
    /// Teach the shipped model dice among the window's cards, then read N such pictures.
    #[arg(long, value_name = "N")]
    among_cards: Option<usize>,
}

fn main() -> anyhow::Result<()> {
    let args: Args = clap::Parser::parse();
    let (data, teach, refit) = (args.data, args.teach, args.refit);
    let layout = match &args.source {
        Some(name) => match SOURCES.iter().find(|(n, _)| n == name) {
            Some(&(_, layout)) => Some(layout),
            None => anyhow::bail!("{name}: no such source"),
        },
        None => None,
    };
    let mut how = Relearning::default();
    if let Some(v) = args.epochs {
        how.epochs = v;
    }
    if let Some(v) = args.per_epoch {
        how.per_epoch = v;
    }
    if let Some(v) = args.share {
        how.share = v;
    }
    if let Some(v) = args.seed {
        how.seed = v;
    }
    if let Some(v) = args.threads {
        how.threads = v;
    }
    if let Some(v) = args.rate {
        how.rate = v;
    }
    how.afresh = args.afresh;
    if let Some(n) = args.among_cards {
        return among_cards(&data, n, &teach, how, refit);
    }
    let (Some(loso), Some(name), Some(layout)) = (args.loso, args.source, layout) else {
        anyhow::bail!(
            "--loso DIR --source S: the models trained with each source left out, and the source taught"
        );
    };
    let (tune, others, judged) = (args.tune, args.others, args.judge);
    let model_dir = loso.join(&name);
    let base = teaching::load_model(&model_dir)?;
    let mut replay = Replay::from_bytes(&std::fs::read(model_dir.join("replay.bin"))?)?;
    // `--patches N`: the replay set's first N patches only (what a set of N drawn alike holds).
    if let Some(n) = args.patches {
        replay.patches.truncate(n);
        replay.classes.truncate(n);
    }
    println!("replay set: {} patches; {how:?}", replay.len());
    let dir = data.join(&name);
    let pool = sources::load(&name, &dir, layout, &|f| !held_back(f), usize::MAX)
        .map_err(anyhow::Error::msg)?;
    let held =
        sources::load(&name, &dir, layout, &held_back, usize::MAX).map_err(anyhow::Error::msg)?;
    for &k in &teach {
        let taught = teaching::teach(&base, &pool, k);
        let (lessons, model, work) = (&taught.lessons, &taught.model, &taught.work);
        let started = Instant::now();
        let whole = relearned(
            &base,
            &replay,
            lessons,
            how,
            |e, l| println!("  epoch {e}: loss {l:.4}"),
            &AtomicBool::new(false),
        )
        .ok_or_else(|| anyhow::anyhow!("stopped"))?;
        let took = started.elapsed().as_secs_f64();
        let (read, which) = teaching::to_read(tune, &pool, &held, &taught.chosen);
        for (what, tally) in ways(model, &whole, refit, lessons, read.iter().copied())? {
            println!(
                "{name}, taught {k} ({} dice, {} lessons), {what}, {which}: precision {:.4}, \
                 recall {:.4}, value {:.4}, exact {:.4}, other dice read {}; to fix per 100 dice {:.1}",
                work.dice,
                lessons.len(),
                tally.precision(),
                tally.recall(),
                tally.value_accuracy(),
                tally.exact_share(),
                tally.others_read,
                tally.to_fix_per_100(),
            );
        }
        println!("  trained again in {took:.1} s");
        if let Some(j) = judged {
            let rest: Vec<usize> = (0..pool.pictures.len())
                .filter(|i| !taught.chosen.contains(i))
                .collect();
            let mut judge = Judge::default();
            let (mut lessons, mut layer) = (taught.lessons.clone(), taught.model.clone());
            let mut work = Work::default();
            let to_fix = |m: &Model, p: &LabelledPicture| {
                let mut t = Tally::default();
                t.add(p, &read_picture(m, &p.image, p.whole));
                t.to_fix()
            };
            for n in 0..j.min(rest.len()) {
                let p = &pool.pictures[rest[n * rest.len() / j]];
                judge.weigh(to_fix(&whole, p), to_fix(&layer, p));
                teach_as_labelled(&base, &layer, &mut lessons, p, &mut work);
                layer = base.taught(&lessons).unwrap_or_else(|| base.clone());
            }
            let (what, m) = if judge.whole_reads() {
                ("trained again", &whole)
            } else {
                ("last layer", &layer)
            };
            let mut tally = Tally::default();
            for p in &held.pictures {
                tally.add(p, &read_picture(m, &p.image, p.whole));
            }
            println!(
                "  judged on {} more: {judge:?}; reads with the {what}, held back: {tally}; \
                 to fix per 100 dice {:.1}",
                judge.rolls,
                tally.to_fix_per_100()
            );
        }
        if others {
            for (other, layout) in SOURCES.iter().filter(|(n, _)| *n != name) {
                let d = data.join(other);
                let Ok(s) = sources::load(other, &d, *layout, &held_back, usize::MAX) else {
                    continue;
                };
                let t = sources::score(&whole, &s);
                println!("  {other} held back, trained again: {t}");
            }
        }
    }
    Ok(())
}

/// The shipped model at a Fantastic Factories table: taught `k` rolls of dice among the
/// window's cards, its last layer fitted and its classifier trained again as the window does,
/// then reading the tests' pictures of held-back dice among the same cards both ways.
fn among_cards(
    data: &std::path::Path,
    n: usize,
    teach: &[usize],
    how: Relearning,
    refit: bool,
) -> anyhow::Result<()> {
    let most = teach.iter().copied().max().unwrap_or(0);
    let (pool, read) = teaching::among_cards(data, n, most)?;
    let base = Model::shipped()?.clone();
    let replay = Replay::shipped()?;
    for &k in teach {
        let taught = teaching::teach(&base, &teaching::first(&pool, k), k);
        let started = Instant::now();
        let whole = relearned(
            &base,
            &replay,
            &taught.lessons,
            how,
            |e, l| println!("  epoch {e}: loss {l:.4}"),
            &AtomicBool::new(false),
        )
        .ok_or_else(|| anyhow::anyhow!("stopped"))?;
        let took = started.elapsed().as_secs_f64();
        for (what, tally) in ways(&taught.model, &whole, refit, &taught.lessons, &read)? {
            let on_none = tally.read - tally.found - tally.others_read;
            println!(
                "among cards, taught {k} rolls ({} dice), {what}: precision {:.4}, recall {:.4}, \
                 value {:.4}, exact {:.4}, readings on no die {on_none}; to fix per 100 dice {:.1}",
                taught.work.dice,
                tally.precision(),
                tally.recall(),
                tally.value_accuracy(),
                tally.exact_share(),
                tally.to_fix_per_100(),
            );
        }
        println!("  trained again in {took:.1} s");
    }
    Ok(())
}

/// `--refit` (tried, not shipped: `EXPERIMENTS.md`, "The last layer fitted again on the
/// classifier trained again"): the classifier trained again, then its own last layer fitted
/// to the lessons (their features worked out again by it).
fn refit_layer(whole: &Model, lessons: &Lessons) -> anyhow::Result<Model> {
    let seen = Lessons::from_bytes(whole, &lessons.to_bytes()).map_err(anyhow::Error::msg)?;
    Ok(whole.adapted(&seen))
}

/// What each way of reading makes of `pictures`: the last layer fitted, the classifier
/// trained again, and with `refit` that one's own last layer fitted too.
fn ways<'a>(
    layer: &Model,
    whole: &Model,
    refit: bool,
    lessons: &Lessons,
    pictures: impl IntoIterator<Item = &'a LabelledPicture> + Clone,
) -> anyhow::Result<Vec<(&'static str, Tally)>> {
    let mut out = vec![
        ("last layer", teaching::tally(layer, pictures.clone())),
        ("trained again", teaching::tally(whole, pictures.clone())),
    ];
    if refit {
        let both = refit_layer(whole, lessons)?;
        out.push((
            "trained again, then its last layer",
            teaching::tally(&both, pictures),
        ));
    }
    Ok(out)
}
