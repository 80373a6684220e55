//! The camera dice reader's eyes: a pure function from a picture to the dice in it.
//!
//! No camera, no threads, no window here: [`read_dice`] takes an RGB image and returns, for
//! each die, its centre and size in pixels, its value 1–6, its colour and a confidence.
//!
//! How (all steps scale with the picture, none is tuned to one photo):
//! 0. **Even out the exposure**: a picture whose table is dim or glaring is multiplied so that
//!    its table comes out as light as the labelled photos' (the reader's levels suit that).
//! 1. **Find the dice** on a small copy of the picture (shorter side about 320 px): the table
//!    is estimated block by block (a median of medians, near and wide, so dice do not pull
//!    it), and a pixel belongs to a die when it is darker or lighter than the table there, or
//!    differs from it in colour (told from the table's own tint, so that dice stand out from a
//!    green baize or a wooden table as from a grey one). Morphology cleans the mask, holes are
//!    filled, and the blobs are the candidates, split where dice touch (distance-transform
//!    ridges, or k-means). Pale dice on a pale table are found by clusters of dark pips instead
//!    (a pip too small to tell from a speck of dirt by its size counts when it is far darker),
//!    and dice the mask lost otherwise (a grey die on a grey table, a dark die broken up by its
//!    large light pips) by clusters of light pips; dice resting against a tray's border (its
//!    long thin blob) where that blob is as thick as a die.
//! 2. **Read the face** at full resolution inside each candidate (`face.rs`): pips are spots
//!    that stand out from a plain surround (light, dark or coloured pips alike), and the value
//!    is the set of spots that best makes a die face on a turned 3×3 grid.
//! 3. **Tell the colour** from the body's median (pips left out): hue, saturation, value. Under
//!    a tinted lamp (the table and the dice's white pips tinted alike: a wooden table leaves the
//!    pips white) the tint is taken out of the body's colour first.
//!
//! A candidate without a face is not a die (a shadow, a coin, a hole in the tray's bar). One
//! die read twice (its readings share pips or a centre) is kept once, or read whole from both
//! readings' candidates when that sees more pips (a die split in two).

mod colour;
mod face;
pub mod net;
mod primitives;
pub mod stable;
pub mod synthetic;

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
    /// 0–1: how sure the reader is of the value (pips clear, the count a real die face).
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

/// Every die in the picture.
pub fn read_dice(image: &RgbImage) -> Vec<SeenDie> {
    read_dice_in(image, None)
}

/// Every die in the picture, or only inside `area` when given (the marked tray).
pub fn read_dice_in(image: &RgbImage, area: Option<Area>) -> Vec<SeenDie> {
    let (w, h) = image.dimensions();
    let area = area
        .map(|a| {
            let x = a.x.min(w);
            let y = a.y.min(h);
            Area {
                x,
                y,
                width: a.width.min(w - x),
                height: a.height.min(h - y),
            }
        })
        .unwrap_or(Area::whole(w, h));
    let (evened, tint) = as_read(image, area);
    let image = evened.as_ref().unwrap_or(image);
    // The shorter side's scale suits a tray that fills the picture's height. Dice far larger
    // than a tray's (a camera close to a few dice) fill the table's estimate at that scale and
    // vanish: when nothing is read there, coarser scales are tried (the longer side's, then
    // twice that).
    let longer = shrink_for(area.width.max(area.height));
    let mut shrinks = vec![shrink_for(area.width.min(area.height)), longer, 2 * longer];
    shrinks.dedup();
    for f in shrinks {
        if area.width / f < 16 || area.height / f < 16 {
            continue;
        }
        let (reader, look) = look_at(image, area, f, tint);
        let dice = reader.read(look);
        if !dice.is_empty() {
            return dice;
        }
    }
    Vec::new()
}

/// The picture as the reader reads `area` of it: its exposure evened out (`None`: as it is),
/// and its table's tint.
fn as_read(image: &RgbImage, area: Area) -> (Option<RgbImage>, [i16; 3]) {
    let table = TableSeen::of(image, area);
    let evened = table.as_ref().and_then(|t| t.evened_out(image));
    (evened, table.map_or([0; 3], |t| t.tint()))
}

/// The table a picture mostly shows, from every eighth pixel of the area read each way: its
/// lightness and colour (medians), and how much the picture is to be multiplied to even out
/// its exposure.
struct TableSeen {
    colour: [u8; 3],
    gain: f32,
}

impl TableSeen {
    /// `None` for an empty area.
    fn of(image: &RgbImage, area: Area) -> Option<TableSeen> {
        let samples: Vec<[u8; 3]> = (area.y..area.y + area.height)
            .step_by(8)
            .flat_map(|y| {
                (area.x..area.x + area.width)
                    .step_by(8)
                    .map(move |x| image.get_pixel(x, y).0)
            })
            .collect();
        if samples.is_empty() {
            return None;
        }
        let median_of = |value: &dyn Fn([u8; 3]) -> u8| {
            primitives::median(&samples.iter().map(|&p| value(p)).collect::<Vec<u8>>())
        };
        let lightness = f32::from(median_of(&primitives::lightness)).max(1.0);
        // A dim table (a dim room, a camera exposed for a lamp) or a glaring one: every channel
        // multiplied alike so that it comes out `TABLE_LIGHTNESS`, by at most `MOST_GAIN`. The
        // reader's levels (how far a die or a pip stands out) are counted in the picture's own
        // units, and suit a table that light.
        let gain = if EVEN_TABLE.contains(&lightness) {
            1.0
        } else {
            (TABLE_LIGHTNESS / lightness).min(MOST_GAIN)
        };
        Some(TableSeen {
            colour: [0, 1, 2].map(|c| median_of(&|p: [u8; 3]| p[c])),
            gain,
        })
    }

    /// The picture with its exposure evened out; `None` when it is read as it is.
    fn evened_out(&self, image: &RgbImage) -> Option<RgbImage> {
        if self.gain == 1.0 {
            return None;
        }
        let levels: [u8; 256] = std::array::from_fn(|v| primitives::times(v as u8, self.gain));
        let mut out = image.clone();
        for p in out.pixels_mut() {
            p.0 = p.0.map(|v| levels[usize::from(v)]);
        }
        Some(out)
    }

    /// The table's tint, as the picture is read (evened out or not).
    fn tint(&self) -> [i16; 3] {
        primitives::tint_of(self.colour.map(|v| primitives::times(v, self.gain)))
    }
}

/// The table's lightness (0–255) a picture is read at as it is: within a tenth below and a fifth
/// above the photos' (their tables lie from 174 to 188; set in webcam frames, whose sides show
/// more of the light surround, up to 201). Measured on copies of them darkened (×0.6, a table
/// of 107), lightened (×1.25, clipped: 224), of lower contrast (a table of 162) and on a dark
/// slate: evened out, each reads as many dice or more, and most more values right (see the
/// README).
const EVEN_TABLE: std::ops::RangeInclusive<f32> = 162.0..=216.0;
/// How light the table is brought to: the labelled photos' (179), on which the reader's levels
/// were measured.
const TABLE_LIGHTNESS: f32 = 180.0;
/// The most a dim picture is brightened (its noise is brightened with it).
const MOST_GAIN: f32 = 2.5;

/// The reader of `area` on a copy `f` times smaller, and what it sees there. Dice smaller than
/// the reader's constants suit (a camera farther from the tray, a picture whose side falls
/// between two scales) are looked at again on a finer copy, where the typical die comes out
/// `HALF_SIDE`.
fn look_at(image: &RgbImage, area: Area, f: u32, tint: [i16; 3]) -> (Reader<'_>, Look) {
    let reader = Reader::new(image, area, f as f32, tint);
    let look = reader.look();
    if let Some(half_side) = typical_half_side(&look.peaks)
        && half_side < LEAST_HALF_SIDE
    {
        let finer = (f as f32 * half_side / HALF_SIDE).max(1.0);
        if finer < f as f32 {
            let reader = Reader::new(image, area, finer, tint);
            let look = reader.look();
            return (reader, look);
        }
    }
    (reader, look)
}

/// How many times smaller than the picture the small copy is, for a side of `side` pixels to
/// come out about 320.
fn shrink_for(side: u32) -> u32 {
    (side as f32 / 320.0).round().max(1.0) as u32
}

/// The reader's constants (table blocks, pip sizes, morphology) suit dice whose half side comes
/// out 6.3 to 9 small pixels: the labelled photos' at the shorter side's scale. Dice smaller
/// than this are read again finer. Measured on the photos scaled by 0.76, 0.85 and 1.26 (whose
/// dice fall to 0.76, 0.85 and 0.84 of that size) and on oblique copies: 6.0 left most of them
/// small. At 6.3, 7 of the 200 photos themselves are read again, one die's value changed by it;
/// 6.5 and more read more of them again, and changed more readings (a colour among them).
const LEAST_HALF_SIDE: f32 = 6.3;
/// The half side (small pixels) a picture of smaller dice is read again at. 7.0 found fewer
/// dice and 8.0 more things that are no dice.
const HALF_SIDE: f32 = 7.5;
/// A blob whose distance peak (small pixels) is less than this is a pip or a scrap, not a die:
/// a die that small (9 pixels a side in a 320-pixel copy) is too small to read. The large dark
/// pips of pale dice seen close up are left out so (their peaks are 3 to 3.6).
const LEAST_DIE_PEAK: f32 = 4.0;

/// How much darker or lighter than the table, or how far from its colour, a die's pixel is.
const FOREGROUND_LEVEL: f32 = 48.0;
/// A blob smaller than this share of a die is a scrap of one (a shadow, a lit edge).
const SCRAP: f32 = 0.5;
/// How much a pale die's body differs from the table around it (lightness, or 1.5 × chroma).
const BODY_FROM_TABLE: f32 = 12.0;
/// How much darker than the table a dark pip is.
const DARK_PIP_LEVEL: f32 = 60.0;
/// How much lighter than the table a light pip is (white pips are 60 to 80 lighter than the
/// photos' light grey tray; averaged with the body in the small copy, less). Measured on the
/// labelled photos and their green baize copy: 40 read the same, 60 one value fewer on each.
const LIGHT_PIP_LEVEL: f32 = 50.0;
/// A die found by its light pips is kept when read at least this sure: light spots are also
/// glints, and bright scraps of table beside the dice. Measured on the labelled photos and
/// their green baize copy: with no bar, one value more right on the photos, but 3 things that
/// are no dice more (and 3 dice) on the baize; 0.7 found 2 dice fewer on the photos.
const LEAST_LIGHT_DIE_CONFIDENCE: f32 = 0.5;
/// A missed die's pip spot covers at least this share of (half a die's side)², in small pixels;
/// a lone one (a 1) at least the second, unless a die's body surrounds it.
const LEAST_PIP_AREA: f32 = 0.04;
/// A pip spot smaller than that, down to one small pixel, still counts when it stands this much
/// out from the table on average (0–255): a small black pip, halved in the small copy, stays
/// deeply dark, where a speck of dirt barely passes `DARK_PIP_LEVEL`.
const DEEP_PIP_LEVEL: f32 = 100.0;
/// Where a tray's border blob is at least this many half sides from the table, a die rests
/// against it: a die's middle is half a side from the table on three sides, the border's
/// middle nearer. Measured on the labelled photos and on copies scaled by 0.85 and 1.2: 0.8
/// and 0.9 found as many things that are no dice as dice; 1.2 only dice larger than most.
const DIE_ON_FRAME: f32 = 1.0;
const LEAST_ONE_PIP_AREA: f32 = 0.08;
/// How far beyond the foreground level a pixel must stand from the wide table estimate when
/// the near one (pulled by a cluster of dice) does not tell it.
const WIDE_MARGIN: f32 = 60.0;
/// A pip spot is a missed die's pip when less than this share of it lies in the dice mask.
const PIP_OUTSIDE_MASK: f32 = 0.5;
/// A thin blob whose box is about a die's is a die's rim when it has this share of a die's
/// pixels (the rim of a small dark 6 with large light pips: a quarter).
const LEAST_RIM: f32 = 0.1;
/// A die is looked at a second time when its face's middle lies this far (in half sides) off
/// the middle it was looked at around.
const OFF_MIDDLE: f32 = 0.3;
/// The second look takes the die for this much larger (a die larger than the others, closer
/// to the camera or of another set, is cut short by the first look).
const SECOND_LOOK_SIDE: f32 = 1.2;
/// A die read unsure (`SMALLER_LOOK_CONFIDENCE`) is looked at again around its face as a die
/// this much smaller: a die seen from aside shows a face smaller than its outline (its side
/// faces take the rest), and pips spaced for the outline's size run together.
const SMALLER_LOOK_SIDE: f32 = 0.75;
/// The most confidence at which a die is looked at again as a smaller die: a spot left out at
/// least 85% as strong as its weakest pip. Dice farther from the camera than the others (the
/// far side of a tray seen aslant) are smaller than the typical die they are looked at as. It
/// was the least confidence (0.05: a spot as strong); at 0.15 values rose on 7 of the 13 sets
/// (the photos' copies scaled by 0.76, 0.85 and 1.26, the webcam frames, the green baize, the
/// warm lamp and the camera tilted 15°) and held on the others, the photos among them; at 0.2
/// a die more each on the tilted and 0.76 copies, but one fewer on the photos, the dim and the
/// glaring copies.
const SMALLER_LOOK_CONFIDENCE: f32 = 0.15;

/// The side of a die whose half side is `half_side` (its distance transform's peak): the
/// middle pixel and `half_side` on either side (small pixels).
fn die_side(half_side: f32) -> f32 {
    2.0 * half_side + 1.0
}

/// The area of a die whose half side is `half_side` (small pixels).
fn die_area(half_side: f32) -> f32 {
    die_side(half_side).powi(2)
}

/// A tray's border or the picture's frame, not dice: a blob spanning a third of the picture
/// whose box it hardly fills.
fn is_frame(blob: &[(u32, u32)], sw: u32, sh: u32) -> bool {
    let (x0, y0, x1, y1) = primitives::bounds(blob);
    let (bw, bh) = (x1 - x0 + 1, y1 - y0 + 1);
    (bw > sw / 3 || bh > sh / 3) && (blob.len() as f32) < 0.3 * (bw * bh) as f32
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

/// The root of `i` in a union-find forest.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Working state for one picture.
struct Reader<'a> {
    image: &'a RgbImage,
    area: Area,
    /// Downscale factor from the picture to the small copy (at least 1).
    f: f32,
    sw: u32,
    sh: u32,
    /// The small copy, RGB.
    small: Vec<[u8; 3]>,
    /// The table's tint, which colours are told from.
    tint: [i16; 3],
}

/// What differs from the table, in the small copy.
struct Foreground {
    /// The dice's pixels (darker or lighter than the table, or off its colour), holes filled.
    mask: Vec<bool>,
    /// How much darker than the table each pixel is (a pale die's pips are much darker).
    darkness: Vec<f32>,
    /// The mask's blobs, but a tray's border.
    blobs: Vec<Vec<(u32, u32)>>,
    /// A tray's border (a long thin blob), with any dice resting against it.
    frames: Vec<Vec<(u32, u32)>>,
}

/// What the reader sees of a picture before reading faces.
struct Look {
    foreground: Foreground,
    /// The dice found by their colour, all with the picture's typical half side.
    candidates: Vec<Candidate>,
    /// The distance peaks of the mask's blobs (3 small pixels or more), sorted.
    peaks: Vec<f32>,
}

/// The typical die's half side (small pixels) from the distance peaks of the mask's blobs
/// (sorted): their median, pips and scraps left out. None when no blob is a die's.
fn typical_half_side(peaks: &[f32]) -> Option<f32> {
    let dice = &peaks[peaks.partition_point(|&p| p < LEAST_DIE_PEAK)..];
    dice.get(dice.len() / 2).copied()
}

/// A die candidate: its pixels in the small copy.
struct Candidate {
    pixels: Vec<(u32, u32)>,
    /// Half the typical die side in this picture, in small pixels.
    half_side: f32,
    /// Found by its pips, not its colour (a pale die's dark pips, or the light pips of a die
    /// the mask missed): its pixels are a square guessed from them.
    from_pips: bool,
}

/// Each die once: a die read whole from two parts may be one kept already, read apart from its
/// parts (a pale die found by its pips twice). The reading that sees more pips, then the surer,
/// is kept.
fn once_each(mut readings: Vec<Reading>) -> Vec<Reading> {
    readings.sort_by(|a, b| {
        b.pips
            .len()
            .cmp(&a.pips.len())
            .then(b.die.confidence.total_cmp(&a.die.confidence))
    });
    let mut once: Vec<Reading> = Vec::with_capacity(readings.len());
    for r in readings {
        if !once.iter().any(|k| r.same_die_as(k)) {
            once.push(r);
        }
    }
    once
}

/// The light's tint, as the white pips of the dice show it.
struct Light {
    /// Each channel's gain that makes a white pip white again.
    gains: [f32; 3],
}

impl Light {
    /// `colour` as it would look in white light.
    fn balance(&self, colour: [u8; 3]) -> [u8; 3] {
        std::array::from_fn(|c| primitives::times(colour[c], self.gains[c]))
    }
}

/// The light's tint, when the table and the dice's white pips show the same one (a warm lamp
/// makes both cream, a cool one blue; a wooden table leaves the pips white, and a grey one with
/// cream pips is no warm light). White pips are light on a darker body and not vivid; their
/// colour is the median of each channel over them. `None` with fewer than `LEAST_WHITE_PIPS`
/// such dice, or when their tint (`primitives::tint_of`) is none or does not run the table's
/// `tint` way (a grey table's none runs no way).
fn light_of(readings: &[Reading], tint: [i16; 3]) -> Option<Light> {
    let white: Vec<[u8; 3]> = readings
        .iter()
        .filter(|r| {
            let (pip, body) = (
                primitives::lightness(r.pip_colour),
                primitives::lightness(r.body),
            );
            pip >= WHITE_PIP
                && pip >= body.saturating_add(WHITE_PIP_OVER_BODY)
                && primitives::chroma_from(r.pip_colour, [0; 3]) <= WHITE_PIP_CHROMA
        })
        .map(|r| r.pip_colour)
        .collect();
    if white.len() < LEAST_WHITE_PIPS {
        return None;
    }
    let pips: [u8; 3] = std::array::from_fn(|c| {
        primitives::median(&white.iter().map(|p| p[c]).collect::<Vec<u8>>())
    });
    let [pips_tint, table_tint] = [primitives::tint_of(pips), tint].map(|t| t.map(f32::from));
    let length = |v: [f32; 3]| v.iter().map(|x| x * x).sum::<f32>().sqrt();
    let dot: f32 = (0..3).map(|c| pips_tint[c] * table_tint[c]).sum();
    if dot < SAME_TINT * length(pips_tint) * length(table_tint) || dot <= 0.0 {
        return None;
    }
    let pips = pips.map(f32::from);
    let mean = pips.iter().sum::<f32>() / 3.0;
    Some(Light {
        gains: pips.map(|v| mean / v.max(1.0)),
    })
}

/// How nearly the pips' tint and the table's must run the same way (the cosine between them).
const SAME_TINT: f32 = 0.8;
/// A white pip is at least this light (0–255)…
const WHITE_PIP: u8 = 120;
/// … this much lighter than its die's body…
const WHITE_PIP_OVER_BODY: u8 = 60;
/// … and no more coloured than this (max − min of its channels): a warm lamp's cream pips are
/// 70 to 80; yellow pips, 150 and more, are left out.
const WHITE_PIP_CHROMA: u8 = 100;
/// At least this many dice with white pips tell the light.
const LEAST_WHITE_PIPS: usize = 3;

/// The pixels of `blob` with the blob at least 2·`thick` − 1 pixels along both their row and
/// their column, ordered by (x, y). The runs are counted on a map of the blob's box (a tray's
/// border spans the picture: sorting its pixels cost more than the map).
fn thick_places(blob: &[(u32, u32)], thick: f32) -> Vec<(u32, u32)> {
    if blob.is_empty() {
        return Vec::new();
    }
    let need = (2.0 * thick - 1.0).floor().max(1.0) as usize;
    let (x0, y0, x1, y1) = primitives::bounds(blob);
    let (bw, bh) = ((x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize);
    let mut on = vec![false; bw * bh];
    for &(x, y) in blob {
        on[(y - y0) as usize * bw + (x - x0) as usize] = true;
    }
    // The runs long enough along each row…
    let mut wide = vec![false; bw * bh];
    for (line, long) in on.chunks_exact(bw).zip(wide.chunks_exact_mut(bw)) {
        let mut start = 0;
        for x in 0..=bw {
            if x < bw && line[x] {
                continue;
            }
            if x - start >= need {
                long[start..x].fill(true);
            }
            start = x + 1;
        }
    }
    // …and down each column, all of them at once row by row (one column at a time strides
    // across the map, where `perf` found the reader waiting on memory).
    let mut tall = vec![false; bw * bh];
    let mut run_starts = vec![0; bw];
    for y in 0..=bh {
        for (x, start) in run_starts.iter_mut().enumerate() {
            if y < bh && on[y * bw + x] {
                continue;
            }
            if y - *start >= need {
                for j in *start..y {
                    tall[j * bw + x] = true;
                }
            }
            *start = y + 1;
        }
    }
    (0..bw)
        .flat_map(|x| (0..bh).map(move |y| (x, y)))
        .filter(|&(x, y)| wide[y * bw + x] && tall[y * bw + x])
        .map(|(x, y)| (x0 + x as u32, y0 + y as u32))
        .collect()
}

/// Which way a missed die's pips stand out from the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PipShade {
    /// Darker: a pale die's black or coloured pips.
    Dark,
    /// Lighter: the white pips of a die whose body the mask lost (a grey die on a grey table,
    /// a dark die whose large light pips break its body into scraps).
    Light,
}

/// A spot that may be a pip of a die the mask missed (a pale die's dark pip, or a dark die's
/// light one), in small pixels.
struct PipSpot {
    /// Its middle.
    x: f32,
    y: f32,
    /// The longer side of its box.
    extent: f32,
    /// Its pixels.
    area: f32,
    /// How much it stands out from the table (darker, or lighter), on average.
    depth: f32,
}

/// The middle of the face a cluster of pip spots shows, if its spots lie within a face's
/// reach of it (else they are scattered specks). A speck of dirt beside a pale die may join
/// its cluster: the spot farthest out is then left out once and the reach tried again.
fn face_middle(spots: &[PipSpot], members: &[usize], half_side: f32) -> Option<(f32, f32)> {
    let reach = 1.3 * half_side;
    // The cluster's middle, and which of `members` lies farthest from it, how far.
    let middle = |members: &[usize]| {
        let k = members.len() as f32;
        let cx = members.iter().map(|&i| spots[i].x).sum::<f32>() / k;
        let cy = members.iter().map(|&i| spots[i].y).sum::<f32>() / k;
        let (farthest, spread) = members
            .iter()
            .enumerate()
            .map(|(at, &i)| (at, (spots[i].x - cx).hypot(spots[i].y - cy)))
            .fold((0, 0.0), |a, b| if b.1 > a.1 { b } else { a });
        ((cx, cy), farthest, spread)
    };
    let (centre, farthest, spread) = middle(members);
    if spread <= reach {
        return Some(centre);
    }
    if members.len() <= 2 {
        return None;
    }
    let mut rest = members.to_vec();
    rest.swap_remove(farthest);
    let (centre, _, spread) = middle(&rest);
    (spread <= reach).then_some(centre)
}

/// A candidate read: the die, its pips (picture pixels) and which candidates it was read from.
struct Reading {
    die: SeenDie,
    pips: Vec<(f32, f32)>,
    from: Vec<usize>,
    /// The body's and the pips' colours, as seen.
    body: [u8; 3],
    pip_colour: [u8; 3],
}

impl Reading {
    /// Whether it saw a pip at `p` (closer than a tenth of `side`).
    fn sees(&self, p: (f32, f32), side: f32) -> bool {
        self.pips
            .iter()
            .any(|q| (p.0 - q.0).hypot(p.1 - q.1) < 0.1 * side)
    }

    /// Whether it is of the same die as `other`: they share a pip, or their centres are
    /// closer than 0.6 of the smaller side.
    fn same_die_as(&self, other: &Reading) -> bool {
        let (d, k) = (self.die, other.die);
        self.pips.iter().any(|&p| other.sees(p, d.size))
            || (k.x - d.x).hypot(k.y - d.y) < 0.6 * k.size.min(d.size)
    }
}

impl<'a> Reader<'a> {
    /// A pale die's candidate: the square of its size around (`cx`, `cy`), in small pixels.
    fn square_candidate(&self, cx: f32, cy: f32, half_side: f32) -> Candidate {
        let (sw, sh) = (i64::from(self.sw), i64::from(self.sh));
        let r = half_side.round() as i64;
        let (icx, icy) = (cx.round() as i64, cy.round() as i64);
        let pixels: Vec<(u32, u32)> = (icy - r..=icy + r)
            .flat_map(|y| (icx - r..=icx + r).map(move |x| (x, y)))
            .filter(|&(x, y)| x >= 0 && y >= 0 && x < sw && y < sh)
            .map(|(x, y)| (x as u32, y as u32))
            .collect();
        Candidate {
            pixels,
            half_side,
            from_pips: true,
        }
    }

    /// The reader of `area` on a small copy `f` times smaller. By the picture's shorter side
    /// (`read_dice_in`): a tray fills a landscape webcam frame's height as it fills a square
    /// photo, so its dice come out about as large in the small copy.
    /// `tint` is the table's (`TableSeen::tint`).
    fn new(image: &'a RgbImage, area: Area, f: f32, tint: [i16; 3]) -> Self {
        let sw = (area.width as f32 / f) as u32;
        let sh = (area.height as f32 / f) as u32;
        let small = primitives::downscale(image, area.x, area.y, sw, sh, f);
        Reader {
            image,
            area,
            f,
            sw,
            sh,
            small,
            tint,
        }
    }

    /// The foreground and the dice found by their colour: enough to tell the dice's size.
    fn look(&self) -> Look {
        let foreground = self.foreground();
        let (candidates, peaks) = self.candidates(&foreground.mask, &foreground.blobs);
        Look {
            foreground,
            candidates,
            peaks,
        }
    }

    fn read(&self, look: Look) -> Vec<SeenDie> {
        let Look {
            foreground:
                Foreground {
                    mask,
                    darkness,
                    blobs,
                    frames,
                },
            mut candidates,
            ..
        } = look;
        let half_side = candidates.first().map(|c| c.half_side);
        if let Some(half_side) = half_side {
            candidates.extend(self.dice_on_frames(&mask, &frames, half_side));
        }
        // A pale die's dark pips may lie in a scrap of mask (its shadow, a lit edge): only a
        // blob of a die's size or more hides them.
        let least_blob = SCRAP * half_side.map_or(0.0, die_area);
        let mut dice_mask = vec![false; mask.len()];
        for blob in &blobs {
            if blob.len() as f32 >= least_blob {
                for &(x, y) in blob {
                    dice_mask[(y * self.sw + x) as usize] = true;
                }
            }
        }
        candidates.extend(self.dice_by_pips(&dice_mask, &darkness, PipShade::Dark, half_side));
        // A dark die whose large light pips break its body into scraps of mask (a red 5, a
        // black 6): found by those pips as a pale die is by its dark ones.
        let first_by_light_pips = candidates.len();
        candidates.extend(self.dice_by_pips(&dice_mask, &darkness, PipShade::Light, half_side));
        let read: Vec<Reading> = candidates
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let mut reading = self.read_candidate(c)?;
                if i >= first_by_light_pips && reading.die.confidence < LEAST_LIGHT_DIE_CONFIDENCE {
                    return None;
                }
                if c.from_pips {
                    reading = self.pale_larger(c, reading, &dice_mask);
                }
                Some(Reading {
                    from: vec![i],
                    ..reading
                })
            })
            .collect();
        let mut kept = once_each(self.each_die_once(read, &candidates));
        if let Some(light) = light_of(&kept, self.tint) {
            for r in &mut kept {
                r.die.colour = die_colour(light.balance(r.body));
            }
        }
        let mut dice: Vec<SeenDie> = kept.into_iter().map(|r| r.die).collect();
        reading_order(&mut dice);
        dice
    }

    /// One die read twice (found by its colour and by its pips, or split in two): the readings
    /// share pips or a centre. Keep the one that sees more pips, then the surer, unless reading
    /// them together sees more still. `candidates` are those the readings were read `from`.
    fn each_die_once(&self, mut read: Vec<Reading>, candidates: &[Candidate]) -> Vec<Reading> {
        read.sort_by(|a, b| {
            b.die
                .value
                .cmp(&a.die.value)
                .then(b.die.confidence.total_cmp(&a.die.confidence))
        });
        let mut kept: Vec<Reading> = Vec::with_capacity(read.len());
        for r in read {
            let Some(k) = kept.iter().position(|k| r.same_die_as(k)) else {
                kept.push(r);
                continue;
            };
            // A die split in two (a shadow or a side face in view makes its blob long): each
            // half sees some of its pips, and a pip one half holds may be left out of the other
            // half's fit. Read the halves together; keep that when it sees more.
            let from = kept[k].from.iter().chain(&r.from).copied().collect();
            if let Some(whole) = self.read_together(candidates, from)
                && whole.pips.len() > kept[k].pips.len().max(r.pips.len())
            {
                kept[k] = whole;
            }
        }
        kept
    }

    /// Pixels of the small copy that differ from the table around them, and those much darker
    /// than the table (the pips of a pale die, whose body hardly differs from a pale table).
    fn foreground(&self) -> Foreground {
        let (sw, sh) = (self.sw as usize, self.sh as usize);
        let lum: Vec<u8> = self
            .small
            .iter()
            .map(|p| primitives::lightness(*p))
            .collect();
        let chroma: Vec<u8> = self
            .small
            .iter()
            .map(|p| primitives::chroma_from(*p, self.tint))
            .collect();
        // The table near each pixel, from two neighbourhoods: the near one follows the light
        // across a tray, the wide one is not pulled by a large cluster of dice.
        let [near_lum, wide_lum] = primitives::table_estimates(&lum, sw, sh, 8, [3, 6]);
        let [near_chroma, wide_chroma] = primitives::table_estimates(&chroma, sw, sh, 8, [3, 6]);
        let mut mask = vec![false; sw * sh];
        let mut darkness = vec![0f32; sw * sh];
        // Row by row, the estimates' rows side by side, on slices of one length (no bounds
        // checks: the loop is vectorised).
        let larger = primitives::larger;
        let [mut near_l, mut wide_l, mut near_c, mut wide_c] = [(); 4].map(|()| vec![0f32; sw]);
        for y in 0..sh {
            near_lum.row(y, &mut near_l);
            wide_lum.row(y, &mut wide_l);
            near_chroma.row(y, &mut near_c);
            wide_chroma.row(y, &mut wide_c);
            let at = y * sw..(y + 1) * sw;
            let (lum, chroma) = (&lum[at.clone()], &chroma[at.clone()]);
            let (mask, darkness) = (&mut mask[at.clone()], &mut darkness[at]);
            for i in 0..sw {
                let l = f32::from(lum[i]);
                let c = f32::from(chroma[i]);
                let score_with =
                    |lum_bg: f32, chroma_bg: f32| larger(1.5 * (c - chroma_bg), lum_bg - l);
                // Lighter than the table: than both estimates, for dice pull the near one and
                // the table beside them then looks lighter than it.
                let lighter = 1.5 * (l - larger(near_l[i], wide_l[i]));
                let score = larger(
                    larger(
                        score_with(near_l[i], near_c[i]),
                        score_with(wide_l[i], wide_c[i]) - WIDE_MARGIN,
                    ),
                    lighter,
                );
                mask[i] = score > FOREGROUND_LEVEL;
                darkness[i] = near_l[i] - l;
            }
        }
        let mut mask = primitives::close(&primitives::open(&mask, sw, sh), sw, sh);
        // The blobs, their holes (pips as light as the table) filled; a tray's border apart.
        let (frames, mut blobs): (Vec<_>, Vec<_>) = primitives::components(&mask, self.sw, self.sh)
            .into_iter()
            .filter(|c| c.len() >= 12)
            .partition(|c| is_frame(c, self.sw, self.sh));
        for blob in &mut blobs {
            let holes = primitives::holes_in(&mask, sw, primitives::bounds(blob), sw * sh / 200);
            for &(x, y) in &holes {
                mask[y as usize * sw + x as usize] = true;
            }
            blob.extend(holes);
        }
        Foreground {
            mask,
            darkness,
            blobs,
            frames,
        }
    }

    /// Whether the pixels around a spot at (`cx`, `cy`) (small pixels), as far as a die of
    /// `half_side` reaches, differ from the table just beyond: a die's body.
    fn body_around(&self, cx: f32, cy: f32, half_side: f32) -> bool {
        let (sw, sh) = (self.sw as i64, self.sh as i64);
        let reach = (1.9 * half_side).ceil() as i64;
        let (icx, icy) = (cx.round() as i64, cy.round() as i64);
        let (mut body, mut table) = ([0f32; 2], [0f32; 2]);
        let (mut nb, mut nt) = (0f32, 0f32);
        for y in (icy - reach).max(0)..(icy + reach + 1).min(sh) {
            for x in (icx - reach).max(0)..(icx + reach + 1).min(sw) {
                let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
                let p = self.small[(y * sw + x) as usize];
                let v = [
                    f32::from(primitives::lightness(p)),
                    f32::from(primitives::chroma_from(p, self.tint)),
                ];
                if (0.35 * half_side..=0.8 * half_side).contains(&d) {
                    body[0] += v[0];
                    body[1] += v[1];
                    nb += 1.0;
                } else if (1.4 * half_side..=1.9 * half_side).contains(&d) {
                    table[0] += v[0];
                    table[1] += v[1];
                    nt += 1.0;
                }
            }
        }
        if nb < 4.0 || nt < 4.0 {
            return false;
        }
        let lighter = (body[0] / nb - table[0] / nt).abs();
        let colour = 1.5 * (body[1] / nb - table[1] / nt).abs();
        lighter.max(colour) >= BODY_FROM_TABLE
    }

    /// Dice that the mask missed, found by their pips: clusters of pip-sized spots darker or
    /// lighter (`shade`) than the table by its level (`darkness`: how much darker than the
    /// table each small pixel is), away from the dice already found (`mask`). A face's pips are
    /// laid out around its centre, so the cluster's middle is the face's. Without other dice
    /// to tell the die's size, it is taken from the pips' (a pip is about a sixth of the side).
    fn dice_by_pips(
        &self,
        mask: &[bool],
        darkness: &[f32],
        shade: PipShade,
        half_side: Option<f32>,
    ) -> Vec<Candidate> {
        let (sw, sh) = (self.sw, self.sh);
        let (sign, level) = match shade {
            PipShade::Dark => (1.0, DARK_PIP_LEVEL),
            PipShade::Light => (-1.0, LIGHT_PIP_LEVEL),
        };
        let standing_out = |i: usize| sign * darkness[i];
        let out: Vec<bool> = (0..darkness.len())
            .map(|i| standing_out(i) > level)
            .collect();
        let spots: Vec<PipSpot> = primitives::components(&out, sw, sh)
            .into_iter()
            // No pip is larger (a white die's body is, lighter than the table throughout).
            .filter(|c| c.len() <= 40)
            .filter(|c| {
                // Not a pip of a die already found (those lie inside its mask).
                let masked = c
                    .iter()
                    .filter(|&&(x, y)| mask[(y * sw + x) as usize])
                    .count();
                (masked as f32) < PIP_OUTSIDE_MASK * c.len() as f32
            })
            .filter_map(|c| {
                let (x0, y0, x1, y1) = primitives::bounds(&c);
                let (bw, bh) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
                if bw.max(bh) > 2.5 * bw.min(bh) {
                    return None; // a line, not a pip
                }
                let area = c.len() as f32;
                let (x, y) = primitives::centroid(&c);
                let depth: f32 = c
                    .iter()
                    .map(|&(x, y)| standing_out((y * sw + x) as usize))
                    .sum();
                Some(PipSpot {
                    x,
                    y,
                    extent: bw.max(bh),
                    area,
                    depth: depth / area,
                })
            })
            .collect();
        if spots.is_empty() {
            return Vec::new();
        }
        // The die's size from its pips (a pip is about a sixth of the side); the dice found by
        // their colour may be of another set.
        let mut sizes: Vec<f32> = spots.iter().map(|s| s.extent).collect();
        sizes.sort_by(f32::total_cmp);
        let from_pips = 3.0 * sizes[sizes.len() / 2];
        let half_side = half_side.map_or(from_pips, |h| h.max(from_pips));
        // Specks of dirt are far smaller than a pip, or (two pixels or more) less dark.
        let least_pip = LEAST_PIP_AREA * half_side * half_side;
        let spots: Vec<PipSpot> = spots
            .into_iter()
            .filter(|s| s.area >= least_pip || s.depth >= DEEP_PIP_LEVEL)
            .collect();
        // Single-linkage clusters: each pip of a face has another within about two thirds of a
        // side (a 6's two rows lie two grid steps apart, farther on a die larger than the
        // others).
        let link = 1.3 * half_side;
        let mut cluster: Vec<usize> = (0..spots.len()).collect();
        for i in 0..spots.len() {
            for j in 0..i {
                let d = (spots[i].x - spots[j].x).hypot(spots[i].y - spots[j].y);
                if d <= link {
                    let (a, b) = (find(&mut cluster, i), find(&mut cluster, j));
                    cluster[a] = b;
                }
            }
        }
        let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for i in 0..spots.len() {
            let root = find(&mut cluster, i);
            groups.entry(root).or_default().push(i);
        }
        let mut out = Vec::new();
        // A cluster may hold more spots than a face has pips: a pale die's pips seen small break
        // into bits. Its spread tells a die from scattered specks.
        for members in groups.values() {
            // A lone spot is a 1 when it has a 1's large pip, or a die's body around it
            // (a speck of dirt has the table). A light one always needs the body: a glint on
            // the table is as large as a pip.
            if members.len() == 1
                && (shade == PipShade::Light
                    || spots[members[0]].area < LEAST_ONE_PIP_AREA * half_side * half_side)
                && !self.body_around(spots[members[0]].x, spots[members[0]].y, half_side)
            {
                continue;
            }
            let Some((cx, cy)) = face_middle(&spots, members, half_side) else {
                continue;
            };
            out.push(self.square_candidate(cx, cy, half_side));
        }
        out
    }

    /// Dice resting against a tray's border, which the mask joins to it: where the border blob
    /// is as thick as a die (a border is thinner), a die's middle; its candidate is the blob's
    /// pixels around that middle.
    fn dice_on_frames(
        &self,
        mask: &[bool],
        frames: &[Vec<(u32, u32)>],
        half_side: f32,
    ) -> Vec<Candidate> {
        let (sw, sh) = (self.sw as usize, self.sh as usize);
        let thick = DIE_ON_FRAME * half_side;
        let mut out = Vec::new();
        for frame in frames {
            // So far from the table, a pixel has the blob at least 2·thick − 1 pixels along its
            // row and its column; a border has not both. Only around such pixels is the
            // distance worked out (over the whole border it costs a third of a millisecond).
            let thick_both = thick_places(frame, thick);
            if thick_both.is_empty() {
                continue;
            }
            // Each group of them (a die, a corner of the border) in a window of its own.
            let margin = thick.ceil() as u32 + 2;
            let mut windows: Vec<(u32, u32, u32, u32)> = Vec::new();
            for &(x, y) in &thick_both {
                match windows.iter_mut().find(|w| {
                    x + margin >= w.0 && x <= w.2 + margin && y + margin >= w.1 && y <= w.3 + margin
                }) {
                    Some(w) => *w = (w.0.min(x), w.1.min(y), w.2.max(x), w.3.max(y)),
                    None => windows.push((x, y, x, y)),
                }
            }
            let near: Vec<Vec<(u32, u32)>> = windows
                .into_iter()
                .map(|(x0, y0, x1, y1)| {
                    let (x0, y0) = (x0.saturating_sub(margin), y0.saturating_sub(margin));
                    let (x1, y1) = (x1 + margin, y1 + margin);
                    frame
                        .iter()
                        .copied()
                        .filter(|&(x, y)| (x0..=x1).contains(&x) && (y0..=y1).contains(&y))
                        .collect()
                })
                .collect();
            let dist = primitives::distance_to_table(mask, sw, sh, &near);
            let core: Vec<bool> = dist.iter().map(|&d| d >= thick).collect();
            for middle in primitives::components(&core, self.sw, self.sh) {
                let (cx, cy) = primitives::centroid(&middle);
                let reach = 1.2 * half_side;
                let pixels: Vec<(u32, u32)> = frame
                    .iter()
                    .copied()
                    .filter(|&(x, y)| {
                        (x as f32 - cx).abs() <= reach && (y as f32 - cy).abs() <= reach
                    })
                    .collect();
                out.push(Candidate {
                    pixels,
                    half_side,
                    from_pips: false,
                });
            }
        }
        out
    }

    /// Die candidates: the blobs of the mask, split where dice touch. The die size comes from
    /// the distance transform (the largest distance from a die's pixel to the table is half its
    /// side, whether the die is alone, turned or touching others); each blob gets a marker at
    /// every ridge point farther than a die from the others, and its pixels go to the nearest
    /// marker.
    fn candidates(&self, mask: &[bool], blobs: &[Vec<(u32, u32)>]) -> (Vec<Candidate>, Vec<f32>) {
        let (sw, sh) = (self.sw, self.sh);
        let dist = primitives::distance_to_table(mask, sw as usize, sh as usize, blobs);
        let mut peaks: Vec<f32> = blobs
            .iter()
            .map(|b| {
                b.iter()
                    .map(|&(x, y)| dist[(y * sw + x) as usize])
                    .fold(0.0, f32::max)
            })
            .filter(|&p| p >= 3.0)
            .collect();
        if peaks.is_empty() {
            return (Vec::new(), peaks);
        }
        peaks.sort_by(f32::total_cmp);
        let half_side = peaks[peaks.len() / 2];
        let die = die_area(half_side);
        let mut out = Vec::new();
        for b in blobs {
            let mut ridge: Vec<(f32, (u32, u32))> = b
                .iter()
                .map(|&(x, y)| (dist[(y * sw + x) as usize], (x, y)))
                .filter(|(d, _)| *d >= 0.6 * half_side)
                .collect();
            if ridge.is_empty() {
                // A thin blob: a dark die whose large light pips leave only its rim in the mask,
                // a die whose light pips at its edge notch it, or a scrap. When its box is about
                // a die's, the box is the candidate (the pips lie inside the rim).
                let (x0, y0, x1, y1) = primitives::bounds(b);
                let (bw, bh) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
                let side = die_side(half_side);
                let fits = |v: f32| (0.6 * side..=1.3 * side).contains(&v);
                if b.len() as f32 >= LEAST_RIM * die && fits(bw) && fits(bh) {
                    let pixels = (y0..=y1)
                        .flat_map(|y| (x0..=x1).map(move |x| (x, y)))
                        .collect();
                    out.push(Candidate {
                        pixels,
                        half_side,
                        from_pips: false,
                    });
                } else if b.len() as f32 >= 0.3 * die {
                    out.push(Candidate {
                        pixels: b.clone(),
                        half_side,
                        from_pips: false,
                    });
                }
                continue;
            }
            ridge.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
            let spacing = (1.6 * half_side).powi(2);
            let mut markers: Vec<(f32, f32)> = Vec::new();
            for (_, (x, y)) in ridge {
                let (x, y) = (x as f32, y as f32);
                if markers
                    .iter()
                    .all(|m| (m.0 - x).powi(2) + (m.1 - y).powi(2) > spacing)
                {
                    markers.push((x, y));
                }
            }
            if markers.len() > 12 {
                // A border or a long shape, not dice.
                continue;
            }
            // Dice pressed side to side leave no dent between them: when the blob holds
            // more dice than markers by its area, k-means splits it.
            let by_area = (b.len() as f32 / die).round() as usize;
            if by_area > markers.len() && by_area <= 8 {
                for pixels in primitives::split_kmeans(b, by_area) {
                    out.push(Candidate {
                        pixels,
                        half_side,
                        from_pips: false,
                    });
                }
                continue;
            }
            let mut parts = vec![Vec::new(); markers.len()];
            for &(x, y) in b {
                let (fx, fy) = (x as f32, y as f32);
                let nearest = (0..markers.len())
                    .min_by(|&i, &j| {
                        let di = (markers[i].0 - fx).powi(2) + (markers[i].1 - fy).powi(2);
                        let dj = (markers[j].0 - fx).powi(2) + (markers[j].1 - fy).powi(2);
                        di.total_cmp(&dj)
                    })
                    .unwrap_or(0);
                parts[nearest].push((x, y));
            }
            for pixels in parts {
                out.push(Candidate {
                    pixels,
                    half_side,
                    from_pips: false,
                });
            }
        }
        (out, peaks)
    }

    /// The die that some candidates' pixels together show (one die split in two). Each
    /// candidate gives one reading, so the readings merged never share a candidate.
    fn read_together(&self, candidates: &[Candidate], from: Vec<usize>) -> Option<Reading> {
        let mut pixels: Vec<(u32, u32)> = from
            .iter()
            .flat_map(|&i| candidates[i].pixels.iter().copied())
            .collect();
        pixels.sort_unstable();
        pixels.dedup();
        let together = Candidate {
            pixels,
            half_side: candidates[from[0]].half_side,
            from_pips: false,
        };
        let reading = self.read_candidate(&together)?;
        Some(Reading { from, ..reading })
    }

    /// The die a candidate shows and its pips (picture pixels). A die read unsure is first
    /// looked at as a smaller die (`smaller_look`). When the face's middle lies off the middle
    /// the die was looked at around, a pip may lie outside the part looked at: the die is
    /// looked at a second time, around its face's middle (unless it shows six).
    /// - A candidate found by its pips is a square guessed from them, a side face's pips too:
    ///   the square is moved to the face, and the second look kept when it sees as many pips.
    /// - Any other candidate is the die's own pixels, but may be a die split badly from a
    ///   touching neighbour, or one larger than the others: the second look takes it for a
    ///   larger die (`SECOND_LOOK_SIDE`), so it sees more of the table and the neighbours
    ///   too, and is kept only when it sees more pips.
    ///
    /// A reading still at the least confidence gets that larger look too, face in the middle
    /// or not (a die larger than the others shows pips beyond the part looked at), kept when it
    /// sees more pips and is surer.
    fn read_candidate(&self, c: &Candidate) -> Option<Reading> {
        let first = self.first_look(c)?;
        let first = self.smaller_look(c, first);
        // A face of six pips has nothing more to show.
        if first.pips.len() >= 6 {
            return Some(first);
        }
        let (cx, cy) = self.centre_of(c);
        let (fx, fy) = (first.die.x, first.die.y);
        let off_middle = (fx - cx).hypot(fy - cy) > OFF_MIDDLE * c.half_side * self.f;
        let least_sure = first.die.confidence <= face::LEAST_CONFIDENCE;
        let again = if c.from_pips && off_middle {
            let (sx, sy) = self.in_small((fx, fy));
            self.first_look(&self.square_candidate(sx, sy, c.half_side))
                .filter(|again| again.pips.len() >= first.pips.len())
        } else if off_middle || least_sure {
            // A reading at the least confidence: its larger look is kept only when surer too.
            self.read_candidate_at(c, Some((fx, fy)), SECOND_LOOK_SIDE)
                .filter(|again| {
                    again.pips.len() > first.pips.len()
                        && (off_middle || again.die.confidence > first.die.confidence)
                })
        } else {
            None
        };
        again.or(Some(first))
    }

    /// A die read unsure (`SMALLER_LOOK_CONFIDENCE`: a spot left out nearly as strong as a pip)
    /// looked at again around its face as a smaller die (`SMALLER_LOOK_SIDE`): a die near the
    /// picture's edge, seen from aside, shows a face smaller than its outline, and one far from
    /// a camera aslant is smaller than the others; the pips sought at the outline's size run
    /// together (a 6 reads 2). Kept when it sees more pips and is surer, with the outline's
    /// size (so it is still told the same die as another reading of it).
    fn smaller_look(&self, c: &Candidate, first: Reading) -> Reading {
        if first.die.confidence > SMALLER_LOOK_CONFIDENCE || first.pips.len() >= 6 {
            return first;
        }
        let size = first.die.size;
        match self.read_candidate_at(c, Some((first.die.x, first.die.y)), SMALLER_LOOK_SIDE) {
            Some(again)
                if again.pips.len() > first.pips.len()
                    && again.die.confidence > first.die.confidence =>
            {
                Reading {
                    die: SeenDie { size, ..again.die },
                    ..again
                }
            }
            _ => first,
        }
    }

    /// A pale die's reading looked at again as a larger die, around its face. A pale die's
    /// candidate is a square of the size its dark spots suggest, around their middle; when a
    /// shadow on the die's edge hides some pips from `dice_by_pips` (they lie in the dice mask),
    /// that middle is off and the square cuts the face: a 6 whose one row was seen reads 3.
    /// The larger square leaves out the other dice (`dice_mask`), and is kept when it sees more
    /// pips, a higher value and the same body colour. Only a white or yellow die's: a dark
    /// spot cluster on a coloured die is its pips, read in full from its own candidate, and
    /// the larger square around it takes in the table and the die's neighbours.
    fn pale_larger(&self, c: &Candidate, first: Reading, dice_mask: &[bool]) -> Reading {
        let pale = matches!(first.die.colour, Some(DieColour::White | DieColour::Yellow));
        if first.pips.len() >= 6 || !pale {
            return first;
        }
        let (sx, sy) = self.in_small((first.die.x, first.die.y));
        let mut larger = self.square_candidate(sx, sy, c.half_side * SECOND_LOOK_SIDE);
        larger
            .pixels
            .retain(|&(x, y)| !dice_mask[(y * self.sw + x) as usize]);
        match self.first_look(&larger) {
            Some(again)
                if again.pips.len() > first.pips.len()
                    && again.die.value > first.die.value
                    && again.die.colour == first.die.colour =>
            {
                again
            }
            _ => first,
        }
    }

    /// A candidate's middle (its pixels' centroid), in picture pixels.
    fn centre_of(&self, c: &Candidate) -> (f32, f32) {
        let (sx, sy) = primitives::centroid(&c.pixels);
        // The middle of the small pixel.
        (
            (sx + 0.5) * self.f + self.area.x as f32,
            (sy + 0.5) * self.f + self.area.y as f32,
        )
    }

    /// A point of the picture in small pixels: the inverse of `centre_of`'s mapping.
    fn in_small(&self, (x, y): (f32, f32)) -> (f32, f32) {
        (
            (x - self.area.x as f32) / self.f - 0.5,
            (y - self.area.y as f32) / self.f - 0.5,
        )
    }

    /// The die a candidate shows, looked at around its middle as a die of the size its pixels
    /// tell: the first look.
    fn first_look(&self, c: &Candidate) -> Option<Reading> {
        self.read_candidate_at(c, None, 1.0)
    }

    /// The die a candidate shows, looked at around its middle or `face_middle`, as a die
    /// `times` the size its pixels tell.
    fn read_candidate_at(
        &self,
        c: &Candidate,
        face_middle: Option<(f32, f32)>,
        times: f32,
    ) -> Option<Reading> {
        let f = self.f;
        let n = c.pixels.len() as f32;
        if n < 12.0 {
            return None;
        }
        let (cx, cy) = face_middle.unwrap_or_else(|| self.centre_of(c));
        let side = die_side(c.half_side)
            .max(n.sqrt())
            .min(1.3 * die_side(c.half_side))
            * f
            * times;
        // The die's own pixels (its small pixels, grown by one): the face is read there only,
        // so a touching neighbour's pips do not count.
        let (bx0, by0, bx1, by1) = primitives::bounds(&c.pixels);
        let (bx0, by0) = (bx0.saturating_sub(1), by0.saturating_sub(1));
        let (bw, bh) = ((bx1 + 2 - bx0) as usize, (by1 + 2 - by0) as usize);
        let mut own = vec![false; bw * bh];
        for &(x, y) in &c.pixels {
            for dy in 0..3 {
                for dx in 0..3 {
                    let (ox, oy) = ((x + dx - bx0) as usize, (y + dy - by0) as usize);
                    if ox >= 1 && oy >= 1 && ox - 1 < bw && oy - 1 < bh {
                        own[(oy - 1) * bw + ox - 1] = true;
                    }
                }
            }
        }
        let (ax, ay, fu) = (self.area.x, self.area.y, self.f);
        // The small pixel whose block holds picture pixel `d` (from the area's corner): the last
        // `i` with ⌊i·f⌋ ≤ d, that is i·f < d + 1 (`primitives::downscale`'s blocks).
        // A whole factor divides (the common case, and quicker).
        let whole = (fu.fract() == 0.0).then_some(fu as u32);
        let small_of = |d: u32| match whole {
            Some(k) => d / k,
            // ⌈q⌉ − 1 for q > 0, without a call to the C library's `ceilf` (per pixel).
            None => {
                let q = (d + 1) as f32 / fu;
                let floor = q as u32;
                if (floor as f32) < q { floor } else { floor - 1 }
            }
        };
        let on_die = |x: u32, y: u32| {
            if x < ax || y < ay {
                return false;
            }
            let (sx, sy) = (small_of(x - ax), small_of(y - ay));
            if sx < bx0 || sy < by0 {
                return false;
            }
            let (ox, oy) = ((sx - bx0) as usize, (sy - by0) as usize);
            ox < bw && oy < bh && own[oy * bw + ox]
        };
        let face = face::read_face(self.image, cx, cy, side, on_die)?;
        Some(Reading {
            die: SeenDie {
                x: face.centre.0,
                y: face.centre.1,
                size: side,
                value: face.value,
                colour: die_colour(face.body),
                confidence: face.confidence,
            },
            pips: face.pips,
            from: Vec::new(),
            body: face.body,
            pip_colour: face.pip_colour,
        })
    }
}

#[cfg(test)]
mod tests;

/// The die mask of the small copy the dice are read on at the first scale (the finer one when
/// the dice are small), for looking at what the reader sees (white: die).
#[doc(hidden)]
pub fn debug_mask(image: &RgbImage) -> image::GrayImage {
    let (w, h) = image.dimensions();
    let area = Area::whole(w, h);
    let (evened, tint) = as_read(image, area);
    let (r, look) = look_at(
        evened.as_ref().unwrap_or(image),
        area,
        shrink_for(w.min(h)),
        tint,
    );
    let m = look.foreground.mask;
    image::GrayImage::from_fn(r.sw, r.sh, |x, y| {
        image::Luma([if m[(y * r.sw + x) as usize] { 255 } else { 0 }])
    })
}
