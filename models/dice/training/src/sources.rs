//! The labelled dice pictures, as the trainer and the accuracy harness read them, and the
//! harness's scoring.
//!
//! Nine sources, each in its own folder with its README and licence:
//! - `d6-tray-photos`: photos with YOLO labels, class = pips − 1;
//! - `tabletop-mixed-dice`: photos with YOLO labels, class 0–5 a pip d6 showing 1–6, class 6
//!   another die (numeral d6, d8, d10), which must be read as no die;
//! - `coloured-dice-webcam-phone`, `catan-dice-frames`: YOLO, class 0–5 a face, class 7 a pip
//!   d6 whose value is not known ([`crate::training::UNKNOWN`]: a die to find, never a value
//!   to score or learn);
//! - `felt-tray-dice`: YOLO, class 0–5;
//! - `numeral-dice-no-pips`: photos with no pip d6 at all, and no labels (every die read is a
//!   phantom);
//! - `casino-dice-crops`, `cup-dice-crops`, `catan-dice-crops`: one die per crop, a folder per
//!   value. The crops carry no box: the die is taken to lie in the middle, its side the
//!   fraction of the crop's that [`Layout::Crops`] says (measured by eye on the crops). The
//!   Catan crops are cut from the Catan frames: a crop goes where its frame goes in every split
//!   ([`split_key`], [`family`]).

use crate::training::{LabelledDie, LabelledPicture, Source};
use foreman_vision::SeenDie;
use foreman_vision::colour::{Example, colour_from_word};
use foreman_vision::learned::Model;
use image::RgbImage;
use std::path::Path;

/// How a source's folder is laid out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Layout {
    /// `images/*.jpg` and `labels/*.txt`; `other`: the class that is not a pip d6; `unknown`:
    /// the class of a pip d6 whose value is not labelled.
    Yolo {
        other: Option<u8>,
        unknown: Option<u8>,
    },
    /// `<value>/<file>`: one die per crop, in the middle, its side `side` of the crop's;
    /// `cut`: cut from a frame named as the crop less its `-die-N` ending.
    Crops { side: f32, cut: bool },
    /// `images/*.jpg` without labels: no pip d6 in any of them.
    NoDice,
}

/// The nine sources and their layouts.
pub const SOURCES: [(&str, Layout); 9] = [
    (
        "d6-tray-photos",
        Layout::Yolo {
            other: None,
            unknown: None,
        },
    ),
    (
        "tabletop-mixed-dice",
        Layout::Yolo {
            other: Some(6),
            unknown: None,
        },
    ),
    (
        "casino-dice-crops",
        Layout::Crops {
            side: 0.78,
            cut: false,
        },
    ),
    (
        "cup-dice-crops",
        Layout::Crops {
            side: 0.34,
            cut: false,
        },
    ),
    (
        "coloured-dice-webcam-phone",
        Layout::Yolo {
            other: None,
            unknown: Some(7),
        },
    ),
    (
        "felt-tray-dice",
        Layout::Yolo {
            other: None,
            unknown: None,
        },
    ),
    (
        "catan-dice-frames",
        Layout::Yolo {
            other: None,
            unknown: Some(7),
        },
    ),
    (
        "catan-dice-crops",
        Layout::Crops {
            side: 0.85,
            cut: true,
        },
    ),
    ("numeral-dice-no-pips", Layout::NoDice),
];

/// The whole-photo sources, each left out in turn for the figure that decides (the crops go
/// with their frames; the numeral dice are scored for phantoms alone).
pub const LEFT_OUT_IN_TURN: [&str; 5] = [
    "d6-tray-photos",
    "tabletop-mixed-dice",
    "coloured-dice-webcam-phone",
    "felt-tray-dice",
    "catan-dice-frames",
];

/// The source a source is left out with: the Catan crops with their frames.
pub fn family(name: &str) -> &str {
    match name {
        "catan-dice-crops" => "catan-dice-frames",
        _ => name,
    }
}

/// The name a file is split by: a crop cut from a frame by the frame's (`X-die-0.jpg` by
/// `X.jpg`), so that a crop and its frame are on the same side of every split.
pub fn split_key(file: &str, layout: Layout) -> std::borrow::Cow<'_, str> {
    if let Layout::Crops { cut: true, .. } = layout
        && let Some((stem, ext)) = file.rsplit_once('.')
        && let Some((frame, n)) = stem.rsplit_once("-die-")
        && n.chars().all(|c| c.is_ascii_digit())
    {
        return format!("{frame}.{ext}").into();
    }
    file.into()
}

/// Every source's pictures in `data` (a folder per source), as a training run takes them:
/// those it trains on, and those it scores. A source `leave_out` is not trained on and is
/// scored whole; or, with `taught` > 0, only that many of its pictures not held back are
/// trained on (spread evenly over them: a few photos of a new camera's table) and its
/// held-back fifth is scored. Of the others, the held-back fifth
/// ([`crate::training::held_back`]) is scored, or with `validate` the validation fifth
/// instead (neither is trained on).
pub fn training_split(
    data: &Path,
    leave_out: Option<&str>,
    taught: usize,
    validate: bool,
) -> Result<(Vec<Source>, Vec<Source>), String> {
    use crate::training::{held_back, validation};
    if let Some(s) = leave_out
        && !SOURCES.iter().any(|(n, _)| *n == s)
    {
        return Err(format!(
            "no source {s}: the sources are {:?}",
            SOURCES.map(|(n, _)| n)
        ));
    }
    let mut train = Vec::new();
    let mut test = Vec::new();
    for (name, layout) in SOURCES {
        let dir = data.join(name);
        if leave_out == Some(family(name)) {
            if taught == 0 {
                test.push(load(name, &dir, layout, &|_| true, usize::MAX)?);
            } else {
                train.push(load(name, &dir, layout, &|f| !held_back(f), taught)?);
                test.push(load(name, &dir, layout, &held_back, usize::MAX)?);
            }
            continue;
        }
        let tested = |f: &str| {
            if validate {
                validation(f)
            } else {
                held_back(f)
            }
        };
        let trained = |f: &str| !(held_back(f) || validate && validation(f));
        train.push(load(name, &dir, layout, &trained, usize::MAX)?);
        test.push(load(name, &dir, layout, &tested, usize::MAX)?);
    }
    Ok((train, test))
}

/// Loads the pictures of `dir` whose file name `keep` accepts (see
/// [`crate::training::held_back`]), at most `most` of them (spread evenly), in name order.
pub fn load(
    name: &str,
    dir: &Path,
    layout: Layout,
    keep: &dyn Fn(&str) -> bool,
    most: usize,
) -> Result<Source, String> {
    let mut files: Vec<(std::path::PathBuf, Option<u8>)> = Vec::new();
    match layout {
        Layout::Yolo { .. } | Layout::NoDice => {
            for entry in read_dir(&dir.join("images"))? {
                files.push((entry, None));
            }
        }
        Layout::Crops { .. } => {
            for value in 1..=6u8 {
                for entry in read_dir(&dir.join(value.to_string()))? {
                    files.push((entry, Some(value)));
                }
            }
        }
    }
    files.retain(|(f, _)| {
        f.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| keep(&split_key(n, layout)))
    });
    if files.len() > most {
        let step = files.len() as f32 / most as f32;
        files = (0..most)
            .map(|i| files[(i as f32 * step) as usize].clone())
            .collect();
    }
    let mut pictures = Vec::with_capacity(files.len());
    for (file, value) in files {
        let image = image::open(&file)
            .map_err(|e| format!("{}: {e}", file.display()))?
            .to_rgb8();
        let (w, h) = (image.width() as f32, image.height() as f32);
        let (dice, whole) = match (layout, value) {
            (Layout::Yolo { other, unknown }, _) => {
                let stem = file
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default();
                let labels = dir.join("labels").join(format!("{stem}.txt"));
                let dice = read_yolo(&labels, w, h)?
                    .into_iter()
                    .map(|(class, [x, y, bw, bh])| LabelledDie {
                        x,
                        y,
                        size: (bw + bh) / 2.0,
                        class: if Some(class) == unknown {
                            crate::training::UNKNOWN
                        } else if Some(class) == other || class > 5 {
                            0
                        } else {
                            class + 1
                        },
                    })
                    .collect();
                (dice, true)
            }
            (Layout::NoDice, _) => (Vec::new(), true),
            (Layout::Crops { side, .. }, Some(v)) => (
                vec![LabelledDie {
                    x: w / 2.0,
                    y: h / 2.0,
                    size: side * w.min(h),
                    class: v,
                }],
                false,
            ),
            (Layout::Crops { .. }, None) => (Vec::new(), false),
        };
        pictures.push(LabelledPicture { image, dice, whole });
    }
    Ok(Source {
        name: name.to_string(),
        pictures,
    })
}

/// A YOLO label file of a `w × h` picture: each line's class, then its box's centre, width
/// and height in pixels.
pub fn read_yolo(labels: &Path, w: f32, h: f32) -> Result<Vec<(u8, [f32; 4])>, String> {
    let text = std::fs::read_to_string(labels).map_err(|e| format!("{}: {e}", labels.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<f32> = line
                .split_whitespace()
                .filter_map(|v| v.parse().ok())
                .collect();
            match f[..] {
                [class, cx, cy, bw, bh] => Ok((class as u8, [cx * w, cy * h, bw * w, bh * h])),
                _ => Err(format!("{}: not a YOLO line: {line}", labels.display())),
            }
        })
        .collect()
}

fn read_dir(dir: &Path) -> Result<Vec<std::path::PathBuf>, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
                matches!(
                    e.to_ascii_lowercase().as_str(),
                    "jpg" | "jpeg" | "png" | "bmp"
                )
            })
        })
        .collect();
    files.sort();
    Ok(files)
}

/// The harness's figures over a set of pictures.
#[derive(Debug, Default, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub pictures: usize,
    /// Pictures read exactly: every pip d6 found and right, nothing else read.
    pub exact: usize,
    /// Labelled pip d6.
    pub dice: usize,
    /// Labelled dice that are not pip d6 (class 6).
    pub others: usize,
    /// Dice read.
    pub read: usize,
    /// Readings on a labelled pip d6.
    pub found: usize,
    /// Of those, the value right.
    pub right: usize,
    /// Readings on a die that is not a pip d6.
    pub others_read: usize,
    /// `[labelled][read]`: labelled 0 is another die, read 0 is missed or read as no die.
    pub confusion: [[usize; 7]; 7],
    /// Labelled pip d6 of no known value ([`crate::training::UNKNOWN`]), counted in `dice`;
    /// and those found, counted in `found` (not in value accuracy).
    #[serde(default)]
    pub unknown: usize,
    #[serde(default)]
    pub unknown_found: usize,
    /// Dice read (as counted in `read`) at least [`foreman_vision::SURE`] sure: the window asks the
    /// player to confirm the others.
    #[serde(default)]
    pub sure: usize,
    /// Of those, the readings on a pip d6 with its value right.
    #[serde(default)]
    pub sure_right: usize,
}

impl Tally {
    pub fn precision(&self) -> f64 {
        self.found as f64 / self.read.max(1) as f64
    }
    pub fn recall(&self) -> f64 {
        self.found as f64 / self.dice.max(1) as f64
    }
    pub fn value_accuracy(&self) -> f64 {
        self.right as f64 / self.found_known().max(1) as f64
    }
    /// Dice found whose value is labelled.
    pub fn found_known(&self) -> usize {
        self.found.saturating_sub(self.unknown_found)
    }
    pub fn exact_share(&self) -> f64 {
        self.exact as f64 / self.pictures.max(1) as f64
    }
    /// What the player must fix, per 100 labelled pip d6: each die missed (marked), each
    /// value wrong (corrected) and each reading on no pip d6 (taken away).
    pub fn to_fix_per_100(&self) -> f64 {
        100.0 * self.to_fix() as f64 / self.dice.max(1) as f64
    }
    /// Dice missed, read wrong, and readings on no die.
    pub fn to_fix(&self) -> usize {
        let missed = self.dice.saturating_sub(self.found);
        let wrong = self.found_known().saturating_sub(self.right);
        let phantoms = self.read.saturating_sub(self.found);
        missed + wrong + phantoms
    }
    /// The share of the dice read that are read sure.
    pub fn sure_share(&self) -> f64 {
        self.sure as f64 / self.read.max(1) as f64
    }
    /// How many of the readings the window shows as sure are right.
    pub fn sure_precision(&self) -> f64 {
        self.sure_right as f64 / self.sure.max(1) as f64
    }

    /// Scores the readings of one picture against its labels. A reading counts for the
    /// nearest labelled die whose box (a square of its side) holds its centre.
    pub fn add(&mut self, picture: &LabelledPicture, seen: &[SeenDie]) {
        let matched = matches(&picture.dice, seen);
        let mut used_seen = vec![false; seen.len()];
        for &i in matched.iter().flatten() {
            used_seen[i] = true;
        }
        for (k, d) in picture.dice.iter().enumerate() {
            if let Some(i) = matched[k]
                && seen[i].confidence >= foreman_vision::SURE
                && d.class > 0
                && seen[i].value == d.class
            {
                self.sure_right += 1;
            }
        }
        let sure_on_labels = matched
            .iter()
            .flatten()
            .filter(|&&i| seen[i].confidence >= foreman_vision::SURE)
            .count();
        let sure_elsewhere = (0..seen.len())
            .filter(|&i| !used_seen[i] && seen[i].confidence >= foreman_vision::SURE)
            .count();
        // A crop's background is not known to hold no die (as `read` below).
        self.sure += sure_on_labels + if picture.whole { sure_elsewhere } else { 0 };
        let read_as: Vec<u8> = matched
            .iter()
            .map(|m| m.map_or(0, |i| seen[i].value))
            .collect();
        let mut exact = true;
        for (d, &r) in picture.dice.iter().zip(&read_as) {
            if d.class == crate::training::UNKNOWN {
                // Found or missed; its value is not known, so never right nor wrong.
                self.dice += 1;
                self.unknown += 1;
                if r != 0 {
                    self.found += 1;
                    self.unknown_found += 1;
                }
                exact &= r != 0;
                continue;
            }
            self.confusion[usize::from(d.class)][usize::from(r)] += 1;
            if d.class == 0 {
                self.others += 1;
                if r != 0 {
                    self.others_read += 1;
                    exact = false;
                }
            } else {
                self.dice += 1;
                if r != 0 {
                    self.found += 1;
                    if r == d.class {
                        self.right += 1;
                    }
                }
                exact &= r == d.class;
            }
        }
        // A crop's background is not known to hold no die: only what lies on its die counts.
        let extra = used_seen.iter().filter(|u| !**u).count();
        if picture.whole {
            self.read += seen.len();
            exact &= extra == 0;
        } else {
            self.read += seen.len() - extra;
        }
        self.pictures += 1;
        self.exact += usize::from(exact);
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} pictures, {} pip d6, {} other dice, {} read: precision {:.4}, recall {:.4}, value {:.4}, exact {:.4}, other dice read as pip d6 {}; read sure {:.3}, right of those {:.4}; to fix {:.1} per 100 dice",
            self.pictures,
            self.dice,
            self.others,
            self.read,
            self.precision(),
            self.recall(),
            self.value_accuracy(),
            self.exact_share(),
            self.others_read,
            self.sure_share(),
            self.sure_precision(),
            self.to_fix_per_100()
        )
    }
}

/// Reads every picture of `source` with `model` and scores it.
pub fn score(model: &Model, source: &Source) -> Tally {
    let mut tally = Tally::default();
    for p in &source.pictures {
        let seen = read_picture(model, &p.image, p.whole);
        tally.add(p, &seen);
    }
    tally
}

/// The classifier alone on each labelled die's box (a perfect detector), in the labels'
/// order: none where it says no pip d6 (`dice_accuracy --labelled-boxes`).
pub fn read_labelled_boxes(model: &Model, picture: &LabelledPicture) -> Vec<Option<SeenDie>> {
    let boxes: Vec<foreman_vision::learned::Candidate> = picture
        .dice
        .iter()
        .map(|d| foreman_vision::learned::Candidate::known(d.x, d.y, d.size))
        .collect();
    model.read_boxes(&picture.image, &boxes)
}

pub use foreman_vision::labelled::{framed, matches, read_picture};

/// The pictures without a die that the reader is held to (none may be read on them): the
/// market column and the compound of Foreman's own window, cut from a copy of its snapshot
/// (`tests/data/dice/window-cards.png`, given as `snapshot`), cards with titles, icons, costs
/// and rule text; and 40 made-up card-like and board-like pictures, wood and cloth, from seeds
/// the training never draws. Named; the window's first.
pub fn pictures_without_dice(snapshot: &RgbImage) -> Vec<(String, RgbImage)> {
    use rand::SeedableRng;
    let mut out: Vec<(String, RgbImage)> = WINDOW_CROPS
        .into_iter()
        .map(|(name, (x, y, w, h))| {
            let card = image::imageops::crop_imm(snapshot, x, y, w, h).to_image();
            (name.to_string(), card)
        })
        .collect();
    for k in 0..40u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7_000_000 + k);
        let picture = crate::training::background(480, 360, &mut rng);
        out.push((format!("made-up picture {k}"), picture));
    }
    out
}

/// How many of [`pictures_without_dice`] are the window's cards.
pub const WINDOW_CARDS: usize = 2;

/// A part of a picture: left, top, width, height.
type Rect = (u32, u32, u32, u32);

/// Where the window's cards lie in the copy of its snapshot (`tests/data/dice/window-cards.png`,
/// 1280×800): the market column and the compound, named.
const WINDOW_CROPS: [(&str, Rect); 2] = [
    ("Foreman's market", (10, 40, 285, 680)),
    ("Foreman's compound", (300, 290, 660, 280)),
];

/// Dice lying among cards: `n` pictures of the window's cards (the market and the compound in
/// turn, from its snapshot, made half as large again: a card 195 pixels wide), each with three
/// to six of `dice`' pip d6 cut out on their labelled boxes and laid on them, apart, at a side
/// of 40 to 56 pixels (a die a quarter of a card's width, as at a table). Every die is
/// labelled; nothing else in the picture is a die. Pasted where drawn from a generator seeded
/// by the picture's number (9,000,000 on: neither the training nor the other tests draw
/// those). Held-back dice on cards the training never saw: what a photo of a game in play
/// asks of the reader. Empty when `dice` holds no pip d6.
pub fn dice_among_cards(snapshot: &RgbImage, dice: &Source, n: usize) -> Vec<LabelledPicture> {
    dice_among_cards_from(snapshot, dice, n, 9_000_000)
}

/// [`dice_among_cards`] from the generator's seed `first` on: other pictures of the same
/// table (the rolls a player teaches the reader, `models/dice/training/examples/dice_adapt.rs --among-cards`).
pub fn dice_among_cards_from(
    snapshot: &RgbImage,
    dice: &Source,
    n: usize,
    first: u64,
) -> Vec<LabelledPicture> {
    use image::imageops::{FilterType, crop_imm, resize};
    use rand::{Rng, SeedableRng};
    let pool: Vec<(&RgbImage, LabelledDie)> = dice
        .pictures
        .iter()
        .filter(|p| p.whole)
        .flat_map(|p| p.dice.iter().map(move |d| (&p.image, *d)))
        .filter(|(image, d)| {
            let half = d.size / 2.0;
            (1..=6).contains(&d.class)
                && d.x - half >= 0.0
                && d.y - half >= 0.0
                && d.x + half <= image.width() as f32
                && d.y + half <= image.height() as f32
        })
        .collect();
    let cards: Vec<RgbImage> = WINDOW_CROPS
        .iter()
        .map(|(_, (x, y, w, h))| {
            let card = crop_imm(snapshot, *x, *y, *w, *h).to_image();
            resize(&card, w * 3 / 2, h * 3 / 2, FilterType::Triangle)
        })
        .collect();
    if pool.is_empty() || cards.iter().any(|c| c.width() < 120 || c.height() < 120) {
        return Vec::new();
    }
    (0..n)
        .map(|k| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(first + k as u64);
            let mut image = cards[k % cards.len()].clone();
            let (w, h) = (image.width() as f32, image.height() as f32);
            let mut laid: Vec<LabelledDie> = Vec::new();
            let want = rng.random_range(3..=6);
            for _ in 0..200 {
                if laid.len() == want {
                    break;
                }
                let side = rng.random_range(40.0f32..56.0);
                let (x, y) = (
                    rng.random_range(side / 2.0..w - side / 2.0),
                    rng.random_range(side / 2.0..h - side / 2.0),
                );
                if laid
                    .iter()
                    .any(|d| (d.x - x).hypot(d.y - y) < 0.8 * (d.size + side))
                {
                    continue;
                }
                let (from, die) = pool[rng.random_range(0..pool.len())];
                let cut = crate::synthetic::cut_out(from, die);
                let side_px = side.round() as u32;
                let cut = resize(&cut, side_px, side_px, FilterType::Triangle);
                let (left, top) = (x - side_px as f32 / 2.0, y - side_px as f32 / 2.0);
                let (left, top) = (left.max(0.0) as u32, top.max(0.0) as u32);
                crate::synthetic::lay(&mut image, &cut, (left, top));
                laid.push(LabelledDie {
                    x: left as f32 + side_px as f32 / 2.0,
                    y: top as f32 + side_px as f32 / 2.0,
                    size: side_px as f32,
                    class: die.class,
                });
            }
            LabelledPicture {
                image,
                dice: laid,
                whole: true,
            }
        })
        .collect()
}

/// The colours told by eye in a colours file (`tests/dice_colours.txt`,
/// `models/dice/colours.txt`): for each photo of `d6-tray-photos`, its name and one colour word
/// per line of its label file, in that order.
pub fn read_told_colours(file: &Path) -> Result<Vec<(String, Vec<String>)>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut words = l.split_whitespace().map(str::to_string);
            Some((words.next()?, words.collect()))
        })
        .collect())
}

/// One photo's told dice as colour examples (see [`colour_examples`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ColourExamples {
    /// Each told die measured at its labelled box.
    pub at_boxes: Vec<Example>,
    /// Each told die measured where the model finds it (the reading [`matches`] pairs with
    /// it; a die it misses gives none).
    pub found: Vec<Example>,
}

impl ColourExamples {
    /// Both, as `vision::colour` ships them: the namer knows a die well centred and one
    /// found a little off.
    pub fn both(&self) -> impl Iterator<Item = Example> + '_ {
        self.at_boxes.iter().chain(&self.found).copied()
    }
}

/// The colour namer's examples from a colours file, one entry per photo in the file's order:
/// each told die of each photo (in `tray`, the `d6-tray-photos` folder) measured as the reader
/// measures a die it found ([`foreman_vision::learned::face_colours_seen`]), at its labelled box and
/// where `model` finds it.
pub fn colour_examples(
    tray: &Path,
    file: &Path,
    model: &Model,
) -> Result<Vec<ColourExamples>, String> {
    let mut photos = Vec::new();
    for (stem, words) in read_told_colours(file)? {
        let path = tray.join("images").join(format!("{stem}.jpg"));
        let image = image::open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .to_rgb8();
        let (w, h) = (image.width() as f32, image.height() as f32);
        let labels = read_yolo(&tray.join("labels").join(format!("{stem}.txt")), w, h)?;
        if labels.len() != words.len() {
            return Err(format!("{stem}: not one colour per labelled die"));
        }
        let dice: Vec<SeenDie> = labels
            .iter()
            .map(|&(_, [x, y, bw, bh])| SeenDie {
                x,
                y,
                size: bw.max(bh),
                value: 1,
                colour: None,
                confidence: 1.0,
            })
            .collect();
        let colours = words
            .iter()
            .map(|word| colour_from_word(word).ok_or(format!("{stem}: no colour {word}")))
            .collect::<Result<Vec<_>, _>>()?;
        let examples = |faces: &[Option<([u8; 3], [u8; 3])>], at: &[Option<usize>]| {
            at.iter()
                .zip(&colours)
                .filter_map(|(i, &colour)| {
                    let (body, pip) = (*faces.get((*i)?)?)?;
                    Some(Example { body, pip, colour })
                })
                .collect()
        };
        let at_boxes = examples(
            &foreman_vision::learned::face_colours_seen(&image, &dice),
            &(0..dice.len()).map(Some).collect::<Vec<_>>(),
        );
        // The dice read are all measured together, as a read measures them (the light is told
        // from their pips).
        let read = model.read(
            &image,
            foreman_vision::Area::whole(image.width(), image.height()),
        );
        let labelled: Vec<LabelledDie> = dice.iter().map(|d| LabelledDie::at(d, 0)).collect();
        let found = examples(
            &foreman_vision::learned::face_colours_seen(&image, &read),
            &matches(&labelled, &read),
        );
        photos.push(ColourExamples { at_boxes, found });
    }
    Ok(photos)
}
