//! The camera dice reader's eyes: a pure function from a picture to the dice in it.
//!
//! No camera, no threads, no window here: [`read_dice`] takes an RGB image and returns, for
//! each pip d6, its centre and size in pixels, its value 1–6, its colour and a confidence.
//! A learned model reads it ([`learned`]): a detector proposes where a die may lie, a
//! classifier says whether it is a pip d6 and which face is up, and its probability is the
//! reading's confidence. The model is trained by `models/dice/training/examples/dice_train/` with the workspace's
//! `foreman-dice-training` crate (`models/dice/training/`: made data, labelled sources, the
//! trainer), and its weights are embedded in the binary (`models/dice/`). What the program
//! carries besides reading is learning the player's table ([`adapt`], [`relearn`], [`fit`]).

pub mod adapt;
pub mod cnn;
pub mod colour;
pub mod fit;
pub mod grid;
pub mod labelled;
pub mod learned;
mod primitives;
pub mod relearn;
pub mod stable;

use image::RgbImage;

pub use colour::die_colour;
pub use foreman_dice_protocol::DieColour;
pub use stable::{Stabiliser, StableRoll};

/// One die found in a picture.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeenDie {
    /// Centre, in pixels of the picture.
    pub x: f32,
    pub y: f32,
    /// Side of the die, in pixels.
    pub size: f32,
    /// The face up, 1–6.
    pub value: u8,
    /// The die's body colour; `None` is "other" (brown, teal, marbled…).
    pub colour: Option<DieColour>,
    /// 0–1: the model's probability of this value; below [`SURE`] the window asks the player
    /// to confirm the die.
    pub confidence: f32,
}

/// A rectangle of the picture, in pixels: the tray area, when the user marked it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Area {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Area {
    /// The whole of a `width`×`height` picture.
    pub fn whole(width: u32, height: u32) -> Area {
        Area {
            x: 0,
            y: 0,
            width,
            height,
        }
    }

    /// Whether the point (x, y), in picture pixels, lies inside.
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x as f32
            && y >= self.y as f32
            && x < (self.x + self.width) as f32
            && y < (self.y + self.height) as f32
    }
}

/// The colour's English word ("other" for `None`), as the CLI prints it.
pub fn colour_word(colour: Option<DieColour>) -> &'static str {
    colour.map_or("other", DieColour::name)
}

/// Why a photo could not be read.
#[derive(Debug, thiserror::Error)]
pub enum PhotoError {
    #[error("cannot open the file: {0}")]
    Open(#[from] std::io::Error),
    #[error("not a picture Foreman can read (JPEG or PNG): {0}")]
    Decode(#[from] image::ImageError),
}

/// Reads the dice in a photo file.
pub fn read_file(path: &std::path::Path) -> Result<Vec<SeenDie>, PhotoError> {
    let bytes = std::fs::read(path)?;
    let image = image::load_from_memory(&bytes)?.to_rgb8();
    Ok(read_dice(&image))
}

/// Reads the dice of a roll the game waits for in a photo file (issue 90, point 1): at most
/// `count` dice, the surest read, each given `colour` when told (a seat's dice are its
/// colour); `seen` says how many the reader found, to say "3 of 4" rather than guess.
pub fn read_file_expecting(
    path: &std::path::Path,
    count: usize,
    colour: Option<DieColour>,
) -> Result<Vec<SeenDie>, PhotoError> {
    let bytes = std::fs::read(path)?;
    let image = image::load_from_memory(&bytes)?.to_rgb8();
    Ok(read_dice_expecting(&image, None, count, colour))
}

/// [`read_dice_in`] for a roll of `count` dice of `colour` (when told): the surest `count`
/// of the dice read, in reading order, each of that colour.
pub fn read_dice_expecting(
    image: &RgbImage,
    area: Option<Area>,
    count: usize,
    colour: Option<DieColour>,
) -> Vec<SeenDie> {
    match learned::Model::shipped() {
        Ok(model) => read_dice_expecting_with(model, image, area, Some((count, colour))),
        Err(e) => {
            tracing::error!("the dice model built into Foreman cannot be read: {e}");
            Vec::new()
        }
    }
}

#[derive(serde::Serialize)]
struct JsonDie {
    x: f64,
    y: f64,
    value: u8,
    colour: &'static str,
    confidence: f64,
}

#[derive(serde::Serialize)]
struct JsonPhoto<'a> {
    image: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<Vec<JsonDie>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// The CLI's JSON line for one photo: `{"image", "dice": [{"x","y","value","colour",
/// "confidence"}]}`, or `{"image", "error"}`.
pub fn json_line(path: &std::path::Path, result: &Result<Vec<SeenDie>, PhotoError>) -> String {
    let round = |v: f32, k: f64| (f64::from(v) * k).round() / k;
    let error = result.as_ref().err().map(ToString::to_string);
    let photo = JsonPhoto {
        image: path.display().to_string(),
        dice: result.as_ref().ok().map(|dice| {
            dice.iter()
                .map(|d| JsonDie {
                    x: round(d.x, 10.0),
                    y: round(d.y, 10.0),
                    value: d.value,
                    colour: colour_word(d.colour),
                    confidence: round(d.confidence, 100.0),
                })
                .collect()
        }),
        error: error.as_deref(),
    };
    serde_json::to_string(&photo).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The CLI's text line for one photo.
pub fn text_line(path: &std::path::Path, result: &Result<Vec<SeenDie>, PhotoError>) -> String {
    match result {
        Ok(dice) if dice.is_empty() => format!("{}: no dice", path.display()),
        Ok(dice) => {
            let total: u32 = dice.iter().map(|d| u32::from(d.value)).sum();
            let list: Vec<String> = dice
                .iter()
                .map(|d| {
                    format!(
                        "{} {} at {:.0},{:.0} ({:.0}%)",
                        d.value,
                        colour_word(d.colour),
                        d.x,
                        d.y,
                        d.confidence * 100.0
                    )
                })
                .collect();
            format!(
                "{}: {} dice, total {total}: {}",
                path.display(),
                dice.len(),
                list.join("; ")
            )
        }
        Err(e) => format!("{}: error: {e}", path.display()),
    }
}

/// A reading at least this sure needs no confirming.
pub const SURE: f32 = 0.8;

/// Every die in the picture.
pub fn read_dice(image: &RgbImage) -> Vec<SeenDie> {
    read_dice_in(image, None)
}

/// Every die in the picture, or only inside `area` when given (the marked tray).
pub fn read_dice_in(image: &RgbImage, area: Option<Area>) -> Vec<SeenDie> {
    match learned::Model::shipped() {
        Ok(model) => read_dice_with(model, image, area),
        Err(e) => {
            tracing::error!("the dice model built into Foreman cannot be read: {e}");
            Vec::new()
        }
    }
}

/// [`read_dice_in`] with another model than the shipped one (one taught at the table:
/// [`adapt`]).
pub fn read_dice_with(
    model: &learned::Model,
    image: &RgbImage,
    area: Option<Area>,
) -> Vec<SeenDie> {
    let mut dice = model.read(image, area_in(image, area));
    reading_order(&mut dice);
    dice
}

/// [`read_dice_with`] for a roll the game waits for, when `expect` says how many dice and of
/// which colour: the surest that many, each of that colour (told); every die otherwise.
pub fn read_dice_expecting_with(
    model: &learned::Model,
    image: &RgbImage,
    area: Option<Area>,
    expect: Option<(usize, Option<DieColour>)>,
) -> Vec<SeenDie> {
    read_dice_seen_with(model, image, area, expect).0
}

/// [`read_dice_expecting_with`], and how many dice were read before the roll's count was
/// taken (more than the roll has: said to the player, not dropped in silence).
pub fn read_dice_seen_with(
    model: &learned::Model,
    image: &RgbImage,
    area: Option<Area>,
    expect: Option<(usize, Option<DieColour>)>,
) -> (Vec<SeenDie>, usize) {
    let Some((count, colour)) = expect else {
        let dice = read_dice_with(model, image, area);
        let seen = dice.len();
        return (dice, seen);
    };
    let (mut dice, seen) = model.read_expecting_seen(image, area_in(image, area), count);
    if let Some(c) = colour {
        for d in &mut dice {
            d.colour = Some(c);
        }
    }
    reading_order(&mut dice);
    (dice, seen)
}

/// The part of `area` inside the picture (all of it when none is given).
pub fn area_in(image: &RgbImage, area: Option<Area>) -> Area {
    let (w, h) = image.dimensions();
    area.map(|a| {
        let x = a.x.min(w);
        let y = a.y.min(h);
        Area {
            x,
            y,
            width: a.width.min(w - x),
            height: a.height.min(h - y),
        }
    })
    .unwrap_or(Area::whole(w, h))
}

/// Sorts dice as one reads them: rows from the top (a die within half a side of the row's
/// first die is in that row), each row from the left.
fn reading_order(dice: &mut [SeenDie]) {
    dice.sort_by(|a, b| a.y.total_cmp(&b.y));
    let mut start = 0;
    while start < dice.len() {
        let top = dice[start];
        let end = (start..dice.len())
            .find(|&i| dice[i].y - top.y > 0.5 * top.size)
            .unwrap_or(dice.len());
        dice[start..end].sort_by(|a, b| a.x.total_cmp(&b.x));
        start = end;
    }
}
