//! Scoring the dice reader against YOLO-labelled photos (`tests/data/dice/d6-tray-photos`).
//! Shared by the accuracy tests (`tests/it/camera.rs`) and `models/dice/training/examples/dice_accuracy.rs`.
//!
//! A detection matches a labelled die when its centre lies inside the labelled box (the
//! dataset's README); each labelled die is matched at most once, nearest centre first.

use std::path::Path;

/// One labelled die: class = pips − 1, box centre and size normalised to 0..1.
#[derive(Debug, Clone, Copy)]
pub struct Labelled {
    pub value: u8,
    pub cx: f32,
    pub cy: f32,
    pub w: f32,
    pub h: f32,
}

pub fn read_labels(path: &Path) -> Result<Vec<Labelled>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let f: Vec<f32> = line
            .split_whitespace()
            .map(|t| t.parse::<f32>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
        if f.is_empty() {
            continue;
        }
        let [class, cx, cy, w, h] = f[..] else {
            return Err(format!("{}:{}: expected 5 numbers", path.display(), n + 1));
        };
        out.push(Labelled {
            value: class as u8 + 1,
            cx,
            cy,
            w,
            h,
        });
    }
    Ok(out)
}

/// The photo as a 1280×720 webcam frame would show its tray: scaled to the frame's height
/// and set in its middle, the sides filled with the photo's own edge columns; the labels
/// moved to match. (The reader's working scale follows the picture's shorter side, so a
/// landscape frame must read as well as a square photo.)
pub fn as_webcam_frame(
    photo: &image::RgbImage,
    labels: &[Labelled],
) -> (image::RgbImage, Vec<Labelled>) {
    let frame = foreman_dice_training::synthetic::in_webcam_frame(photo);
    let (fw, left, sw) = (frame.image.width(), frame.left, frame.width);
    let moved = labels
        .iter()
        .map(|l| Labelled {
            cx: (left as f32 + l.cx * sw as f32) / fw as f32,
            w: l.w * sw as f32 / fw as f32,
            ..*l
        })
        .collect();
    (frame.image, moved)
}

/// The photo as if its tray stood on a table of another colour (`table`: a green baize, a
/// wooden table): the table's pixels multiplied by the new colour over the old, so its shading
/// and grain stay. The table's pixels are those outside the labelled dice's boxes, and those
/// inside them reached from outside through pixels of the table's own tint (chromaticity within
/// 10 of the table's, lightness 0.45 to 1.08 of it): the table between a die's corners and its
/// shadow, but not a white pip or a grey die ringed by its body. The old colour is the median of
/// each channel.
pub fn on_coloured_table(
    photo: &image::RgbImage,
    labels: &[Labelled],
    table: [u8; 3],
) -> image::RgbImage {
    let (w, h) = photo.dimensions();
    let old: [f32; 3] = std::array::from_fn(|c| {
        let mut counts = [0usize; 256];
        for p in photo.pixels() {
            counts[usize::from(p.0[c])] += 1;
        }
        let half = (w * h) as usize / 2;
        let mut seen = 0;
        counts
            .iter()
            .position(|&n| {
                seen += n;
                seen > half
            })
            .unwrap_or(0) as f32
    });
    let old_sum: f32 = old.iter().sum::<f32>() + 1.0;
    let gain: [f32; 3] = std::array::from_fn(|c| f32::from(table[c]) / old[c].max(1.0));
    let (wu, hu) = (w as usize, h as usize);
    let mut in_box = vec![false; wu * hu];
    for l in labels {
        let x0 = (((l.cx - l.w / 2.0) * w as f32).floor().max(0.0) as usize).min(wu);
        let x1 = (((l.cx + l.w / 2.0) * w as f32).ceil().max(0.0) as usize + 1).min(wu);
        let y0 = (((l.cy - l.h / 2.0) * h as f32).floor().max(0.0) as usize).min(hu);
        let y1 = (((l.cy + l.h / 2.0) * h as f32).ceil().max(0.0) as usize + 1).min(hu);
        for y in y0..y1 {
            in_box[y * wu + x0..y * wu + x1].fill(true);
        }
    }
    let table_like = |i: usize| {
        let p: [f32; 3] = std::array::from_fn(|c| f32::from(photo.as_raw()[3 * i + c]));
        let sum = p.iter().sum::<f32>() + 1.0;
        let tint_off = (0..3)
            .map(|c| (p[c] / sum - old[c] / old_sum).abs() * old_sum / 3.0)
            .fold(0.0, f32::max);
        tint_off < 10.0 && (0.45 * old_sum..1.08 * old_sum).contains(&sum)
    };
    // Outside the boxes, then spread into them through the table's tint.
    let mut of_table: Vec<bool> = in_box.iter().map(|&b| !b).collect();
    let mut queue: Vec<usize> = (0..wu * hu).filter(|&i| of_table[i]).collect();
    while let Some(i) = queue.pop() {
        let (x, y) = (i % wu, i / wu);
        let around = [
            (x > 0).then(|| i - 1),
            (x + 1 < wu).then(|| i + 1),
            (y > 0).then(|| i - wu),
            (y + 1 < hu).then(|| i + wu),
        ];
        for j in around.into_iter().flatten() {
            if !of_table[j] && table_like(j) {
                of_table[j] = true;
                queue.push(j);
            }
        }
    }
    let mut out = photo.clone();
    for (p, _) in out.pixels_mut().zip(&of_table).filter(|(_, t)| **t) {
        p.0 = lit(p.0, gain);
    }
    out
}

/// The photo in another light: each channel multiplied by its gain (all 0.6: a dim room; all
/// 1.25: a glaring lamp, clipped at white; 1.1, 1, 0.78: a warm lamp).
pub fn in_light(photo: &image::RgbImage, gains: [f32; 3]) -> image::RgbImage {
    let mut out = photo.clone();
    for p in out.pixels_mut() {
        p.0 = lit(p.0, gains);
    }
    out
}

/// A pixel with each channel multiplied by its gain, rounded, at most white.
fn lit(p: [u8; 3], gains: [f32; 3]) -> [u8; 3] {
    std::array::from_fn(|c| (f32::from(p[c]) * gains[c]).round().min(255.0) as u8)
}

/// The photo saved again as a JPEG of `quality` (1–100) and read back: the small differences
/// another camera's or program's compression makes.
pub fn saved_as_jpeg(photo: &image::RgbImage, quality: u8) -> Result<image::RgbImage, String> {
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality)
        .encode_image(photo)
        .map_err(|e| e.to_string())?;
    image::load_from_memory_with_format(&bytes, image::ImageFormat::Jpeg)
        .map(|i| i.to_rgb8())
        .map_err(|e| e.to_string())
}

/// The photo resized by `factor` (Lanczos): its dice larger or smaller, as a camera nearer
/// or farther shows them. The labels are fractions of the picture and stay as they are.
pub fn resized(photo: &image::RgbImage, factor: f32) -> image::RgbImage {
    let (w, h) = photo.dimensions();
    let (w, h) = (
        ((w as f32 * factor).round() as u32).max(1),
        ((h as f32 * factor).round() as u32).max(1),
    );
    image::imageops::resize(photo, w, h, image::imageops::FilterType::Lanczos3)
}

/// The tally over a set of photos.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub photos: usize,
    pub exact_photos: usize,
    pub labelled: usize,
    pub detected: usize,
    pub matched: usize,
    pub right_value: usize,
}

impl Tally {
    pub fn precision(&self) -> f64 {
        self.matched as f64 / self.detected.max(1) as f64
    }
    pub fn recall(&self) -> f64 {
        self.matched as f64 / self.labelled.max(1) as f64
    }
    pub fn value_accuracy(&self) -> f64 {
        self.right_value as f64 / self.matched.max(1) as f64
    }
    pub fn exact_match(&self) -> f64 {
        self.exact_photos as f64 / self.photos.max(1) as f64
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "photos {} dice {} detected {}: precision {:.4}, recall {:.4}, value {:.4}, exact photos {:.4}",
            self.photos,
            self.labelled,
            self.detected,
            self.precision(),
            self.recall(),
            self.value_accuracy(),
            self.exact_match()
        )
    }
}

/// What went wrong on one photo, for the report.
#[derive(Debug, Default)]
pub struct PhotoResult {
    pub missed: Vec<Labelled>,
    pub extra: Vec<(f32, f32, u8)>,
    /// (labelled value, read value, x, y)
    pub wrong: Vec<(u8, u8, f32, f32)>,
    /// For each matched detection: (index of the detection, index of the label).
    pub pairs: Vec<(usize, usize)>,
}

/// The items not marked used.
fn unused<T: Copy>(items: &[T], used: &[bool]) -> Vec<T> {
    items
        .iter()
        .zip(used)
        .filter(|(_, u)| !**u)
        .map(|(t, _)| *t)
        .collect()
}

/// Matches the detections `(x, y, value)` in pixels of a `width`×`height` photo to the labels.
pub fn score_photo(
    width: u32,
    height: u32,
    labels: &[Labelled],
    seen: &[(f32, f32, u8)],
    tally: &mut Tally,
) -> PhotoResult {
    let (w, h) = (width as f32, height as f32);
    let mut candidates = Vec::new();
    for (i, &(x, y, _)) in seen.iter().enumerate() {
        for (j, l) in labels.iter().enumerate() {
            let (dx, dy) = (x / w - l.cx, y / h - l.cy);
            if dx.abs() <= l.w / 2.0 && dy.abs() <= l.h / 2.0 {
                candidates.push((dx * dx + dy * dy, i, j));
            }
        }
    }
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut used_seen = vec![false; seen.len()];
    let mut used_label = vec![false; labels.len()];
    let mut result = PhotoResult::default();
    for (_, i, j) in candidates {
        if used_seen[i] || used_label[j] {
            continue;
        }
        used_seen[i] = true;
        used_label[j] = true;
        result.pairs.push((i, j));
        if seen[i].2 == labels[j].value {
            tally.right_value += 1;
        } else {
            result
                .wrong
                .push((labels[j].value, seen[i].2, seen[i].0, seen[i].1));
        }
    }
    result.missed = unused(labels, &used_label);
    result.extra = unused(seen, &used_seen);
    tally.photos += 1;
    tally.labelled += labels.len();
    tally.detected += seen.len();
    tally.matched += result.pairs.len();
    if result.missed.is_empty() && result.extra.is_empty() && result.wrong.is_empty() {
        tally.exact_photos += 1;
    }
    result
}

/// Compares the colour words said for the dice matched in one photo (`pairs` of a reading's
/// and a label's index) with the words told by eye, one per label. Returns the mistakes, as
/// the label's index and the word said.
pub fn score_colours<'a>(
    said: &[&'a str],
    told: &[String],
    pairs: &[(usize, usize)],
    tally: &mut ColourTally,
) -> Vec<(usize, &'a str)> {
    let mut wrong = Vec::new();
    for &(i, j) in pairs {
        tally.compared += 1;
        if told.get(j).is_some_and(|w| w == said[i]) {
            tally.right += 1;
        } else {
            wrong.push((j, said[i]));
        }
    }
    wrong
}

/// Colours told right out of colours compared.
#[derive(Debug, Default, Clone, Copy)]
pub struct ColourTally {
    pub compared: usize,
    pub right: usize,
}

impl ColourTally {
    pub fn accuracy(&self) -> f64 {
        self.right as f64 / self.compared.max(1) as f64
    }
}
