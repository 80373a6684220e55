//! `foreman dice teach` (issue 90, point 4): photos of the player's own table, their rolls told
//! in a file ("IMG_1.jpg: 3 5 6 1"), teach the camera's reader as the rolls confirmed in the
//! window do, into the same data folder; `foreman dice read` and the window then read with what
//! it learned, and `--forget` removes it.
//!
//! A roll told by its values alone is placed on the dice read ([`roll_from_values`]): the
//! reader is told the roll's size, its dice read right keep their places, a die read wrong
//! takes the value left when that is certain; a photo where it is not (two dice read wrong
//! with different values, a die missed) is said and not taught (the window, where a die is
//! pointed at, teaches those). Everything else the detector proposes in the photo is taught as
//! no die.

use super::relearner::{KEPT_LESSONS, Whole};
use crate::vision::adapt::{Lessons, Unplaced, roll_from_values};
use crate::vision::learned::Model;
use crate::vision::relearn::Relearning;
use crate::vision::{Area, SeenDie};
use image::RgbImage;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The classifier trained again at the table, in the data folder (the lessons beside it:
/// [`KEPT_LESSONS`]).
pub const KEPT_CLASSIFIER: &str = "dice-classifier.bin";

/// A line of the truth file that is not "NAME: faces".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "line {line}: {why} (each line: a photo's name, a colon, its dice's faces 1 to 6, as \"IMG_1.jpg: 3 5 6 1\")"
)]
pub struct TruthError {
    pub line: usize,
    pub why: String,
}

/// The rolls told in a truth file: each line "NAME: 3 5 6 1" (blank lines and lines starting
/// with `#` are skipped); NAME is a photo's file name.
pub fn parse_truth(text: &str) -> Result<Vec<(String, Vec<u8>)>, TruthError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |why: &str| TruthError {
            line: i + 1,
            why: why.to_string(),
        };
        let (name, faces) = line.rsplit_once(':').ok_or_else(|| err("no colon"))?;
        let name = name.trim();
        if name.is_empty() {
            return Err(err("no photo's name"));
        }
        let values = faces
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| match w.parse::<u8>() {
                Ok(v @ 1..=6) => Ok(v),
                _ => Err(err(&format!("{w:?} is not a face"))),
            })
            .collect::<Result<Vec<u8>, TruthError>>()?;
        if values.is_empty() {
            return Err(err("no faces"));
        }
        out.push((name.to_string(), values));
    }
    Ok(out)
}

/// What teaching one photo did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhotoTaught {
    /// Dice in the roll.
    pub dice: usize,
    /// Of them, read with another value than told (before this lesson).
    pub read_wrong: usize,
}

/// The reader's lessons in a data folder, and the classifier trained again on them.
pub struct Teacher {
    base: &'static Model,
    whole: Whole,
    pub lessons: Lessons,
}

impl Teacher {
    /// What was taught in the data folder `dir` (nothing yet: a teacher with no lessons).
    pub fn open(dir: &Path) -> Result<Teacher, String> {
        let base = Model::shipped().map_err(|e| format!("the dice model built in: {e}"))?;
        let whole = Whole::new(base, Some(dir.join(KEPT_CLASSIFIER)), Relearning::default());
        let lessons = whole.kept_lessons(base);
        Ok(Teacher {
            base,
            whole,
            lessons,
        })
    }

    /// What the reader reads with: the classifier trained again on the lessons, else its last
    /// layer fitted to them (from `adapt::LEAST_ROLLS` rolls on), else the shipped model.
    pub fn model(&self) -> Arc<Model> {
        self.whole
            .model()
            .or_else(|| self.base.taught(&self.lessons).map(Arc::new))
            .unwrap_or_else(|| Arc::new(self.base.clone()))
    }

    /// Whether the reader reads with something taught.
    pub fn taught(&self) -> bool {
        self.whole.model().is_some() || self.base.taught(&self.lessons).is_some()
    }

    /// Teaches the roll `values` shown in `image` (the whole photo the tray): read by what
    /// the reader reads with now, placed ([`roll_from_values`]), learned.
    pub fn teach(&mut self, image: &RgbImage, values: &[u8]) -> Result<PhotoTaught, Unplaced> {
        let model = self.model();
        let area = Area::whole(image.width(), image.height());
        let seen: Vec<SeenDie> = model.read_expecting(image, area, values.len());
        let roll = roll_from_values(&seen, values)?;
        let read_wrong = roll
            .iter()
            .filter(|d| {
                !seen
                    .iter()
                    .any(|s| s.x == d.x && s.y == d.y && s.value == d.value)
            })
            .count();
        self.lessons.learn(self.base, image, area, &roll, &[], true);
        Ok(PhotoTaught {
            dice: roll.len(),
            read_wrong,
        })
    }

    /// Keeps the lessons in the data folder, for the window and `foreman dice read`.
    pub fn keep(&self) {
        self.whole.keep_lessons(&self.lessons);
    }

    /// Trains the classifier again on the lessons when that is due (`relearner::due`: ten
    /// rolls, then every ten more), waiting for it; `epoch` hears each epoch done and how many
    /// there are. Whether it trained.
    pub fn train(&mut self, epoch: impl Fn(usize, usize) + Send + 'static) -> bool {
        if !self.whole.due(&self.lessons) {
            return false;
        }
        self.whole
            .start(self.base, &self.lessons, move |_, e, n| epoch(e, n));
        while self.whole.running() {
            if self.whole.poll() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        false
    }

    /// Forgets everything taught in the data folder: the lessons and the classifier trained
    /// on them (the shipped model reads again).
    pub fn forget(&mut self) {
        self.whole.forget();
        self.lessons = Lessons::default();
    }
}

/// The files teaching keeps in the data folder `dir`.
pub fn taught_files(dir: &Path) -> [PathBuf; 2] {
    [dir.join(KEPT_CLASSIFIER), dir.join(KEPT_LESSONS)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_truth_file_reads_or_says_which_line_is_wrong() {
        let told = parse_truth("# my table\nIMG_1.jpg: 3 5 6 1\n\nb c.png:2,2\n").expect("read");
        assert_eq!(
            told,
            [
                ("IMG_1.jpg".to_string(), vec![3, 5, 6, 1]),
                ("b c.png".to_string(), vec![2, 2])
            ]
        );
        let e = parse_truth("a.jpg: 3 7").expect_err("7 is no face");
        assert_eq!(e.line, 1);
        assert!(e.to_string().contains("\"7\" is not a face"), "{e}");
        assert_eq!(parse_truth("a.jpg 3 5").expect_err("no colon").line, 1);
        assert_eq!(parse_truth("\na.jpg:").expect_err("no faces").line, 2);
        assert_eq!(parse_truth(": 1").expect_err("no name").line, 1);
    }
}
