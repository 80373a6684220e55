//! What `dice_adapt` and `dice_relearn` share: a model trained without a source, taught some of
//! that source's pictures as a player teaches it at the table, then made to read others.

use foreman::vision::adapt::{Lessons, Work, teach_as_labelled};
use foreman::vision::learned::Model;
use foreman_dice_training::training::{LabelledPicture, Source};
use std::path::Path;

/// The model in `dir` (its `detector.safetensors` and `classifier.safetensors`, or the `.bin`
/// files of a folder written before).
pub fn load_model(dir: &Path) -> anyhow::Result<Model> {
    Ok(foreman_dice_training::model_dir::read_model(dir)?)
}

/// A model taught `chosen` of a pool's pictures, one roll each, its last layer fitted as the
/// window fits it.
pub struct Taught {
    pub chosen: Vec<usize>,
    pub lessons: Lessons,
    pub model: Model,
    pub work: Work,
}

/// Teaches `base` `k` of `pool`'s pictures, spread evenly over them.
pub fn teach(base: &Model, pool: &Source, k: usize) -> Taught {
    let n = pool.pictures.len();
    let chosen: Vec<usize> = (0..k.min(n)).map(|i| i * n / k.max(1)).collect();
    let mut lessons = Lessons::default();
    let mut model = base.clone();
    let mut work = Work::default();
    for &i in &chosen {
        teach_as_labelled(base, &model, &mut lessons, &pool.pictures[i], &mut work);
        model = base.taught(&lessons).unwrap_or_else(|| base.clone());
    }
    Taught {
        chosen,
        lessons,
        model,
        work,
    }
}

/// The pictures read after teaching, and what they are called: the held-back ones, or with
/// `tune` the pool's pictures not taught (to choose settings without looking at the held-back
/// ones).
pub fn to_read<'a>(
    tune: bool,
    pool: &'a Source,
    held: &'a Source,
    chosen: &[usize],
) -> (Vec<&'a LabelledPicture>, &'static str) {
    if tune {
        let others = (0..pool.pictures.len())
            .filter(|i| !chosen.contains(i))
            .map(|i| &pool.pictures[i])
            .collect();
        (others, "others not held back")
    } else {
        (held.pictures.iter().collect(), "held back")
    }
}

/// A Fantastic Factories table (`--among-cards N`): `most` rolls to teach, the training tray
/// photos' dice laid among the cards of Foreman's window (seeds the tests never use), and the
/// tests' `n` pictures of the held-back dice among the same cards, to read.
pub fn among_cards(
    data: &Path,
    n: usize,
    most: usize,
) -> anyhow::Result<(Source, Vec<LabelledPicture>)> {
    use foreman_dice_training::sources::{self, SOURCES};
    use foreman_dice_training::training::held_back;
    let snapshot =
        image::open(foreman_dice_training::repository().join("tests/data/dice/window-cards.png"))?
            .to_rgb8();
    let (name, layout) = SOURCES[0];
    let dir = data.join(name);
    let trained = sources::load(name, &dir, layout, &|f| !held_back(f), usize::MAX)
        .map_err(anyhow::Error::msg)?;
    let held =
        sources::load(name, &dir, layout, &held_back, usize::MAX).map_err(anyhow::Error::msg)?;
    let pool = Source {
        name: "among cards, taught".into(),
        pictures: sources::dice_among_cards_from(&snapshot, &trained, most.max(1), 9_500_000),
    };
    Ok((pool, sources::dice_among_cards(&snapshot, &held, n)))
}

/// The first `k` rolls of a pool, in order (a table's first rolls, not spread over it).
pub fn first(pool: &Source, k: usize) -> Source {
    Source {
        name: pool.name.clone(),
        pictures: pool.pictures[..k.min(pool.pictures.len())].to_vec(),
    }
}

/// `model`'s reading of `pictures`, tallied.
pub fn tally<'a>(
    model: &Model,
    pictures: impl IntoIterator<Item = &'a LabelledPicture>,
) -> foreman_dice_training::sources::Tally {
    let mut tally = foreman_dice_training::sources::Tally::default();
    for p in pictures {
        tally.add(
            p,
            &foreman_dice_training::sources::read_picture(model, &p.image, p.whole),
        );
    }
    tally
}
