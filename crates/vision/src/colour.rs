//! A die's colour, named by the dice whose colours were told by eye that look most like it.
//!
//! Each die of the training photos whose colour is told in `models/dice/colours.txt` is an
//! example: its body and pip colours as the reader measures them (the face's two lightness
//! clusters, exposure and light evened out: `learned::face_colours_seen`), and its colour.
//! Each die is measured twice, at its labelled box and where the shipped reader finds it (a
//! little off its centre, a little larger). `models/dice/training/examples/dice_colour_fit.rs` measures them from
//! the photos and writes [`EXAMPLES`] (`models/dice/colour-examples.txt`), which is embedded. A
//! die is named by its [`NEIGHBOURS`] nearest examples in CIELAB, its pips counting
//! [`PIP_WEIGHT`] as much as its body, each voting by closeness. Pure.
//!
//! It replaced hand-set hue, saturation and lightness bounds. On the 43 held-back photos'
//! dice, never fitted on (`tests/dice_colours.txt`), the examples name 230 of the 237 dice
//! found right (0.970); the bounds named 0.893 of the labelled dice right even at their boxes,
//! where the examples name 247 of 252 (0.980). Cross-validated on the training photos: 0.960.

use foreman_dice_protocol::DieColour;
use std::sync::LazyLock;

/// The examples as `dice_colour_fit` writes them, embedded.
pub const EXAMPLES: &str = include_str!("../../../models/dice/colour-examples.txt");
/// How many of the nearest examples vote (chosen by cross-validation on the training photos).
pub const NEIGHBOURS: usize = 3;
/// How much the pips' colour counts beside the body's (chosen likewise).
pub const PIP_WEIGHT: f32 = 0.3;

/// One die whose colour was told by eye: its body and pip colours as the reader measures them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Example {
    pub body: [u8; 3],
    pub pip: [u8; 3],
    /// `None` is "other" (gold, brown, teal marbled…).
    pub colour: Option<DieColour>,
}

/// A line of the examples that is not "R G B R G B word".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("colour example line {line}: expected body R G B, pip R G B and a colour word")]
pub struct ExampleError {
    pub line: usize,
}

/// The colour words, as `tests/dice_colours.txt` and `models/dice/colours.txt` write them.
pub fn colour_from_word(word: &str) -> Option<Option<DieColour>> {
    if word == "other" {
        return Some(None);
    }
    DieColour::ALL
        .into_iter()
        .find(|c| c.name() == word)
        .map(Some)
}

/// The examples' text: a line per example, `#` lines are comments.
pub fn parse_examples(text: &str) -> Result<Vec<Example>, ExampleError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = ExampleError { line: i + 1 };
        let parts: Vec<&str> = line.split_whitespace().collect();
        let [r, g, b, pr, pg, pb, word] = parts[..] else {
            return Err(error);
        };
        let byte = |s: &str| s.parse::<u8>().map_err(|_| error.clone());
        out.push(Example {
            body: [byte(r)?, byte(g)?, byte(b)?],
            pip: [byte(pr)?, byte(pg)?, byte(pb)?],
            colour: colour_from_word(word).ok_or(error.clone())?,
        });
    }
    Ok(out)
}

/// The examples' text for `examples`, after a comment saying where they come from.
pub fn write_examples(header: &str, examples: &[Example]) -> String {
    let mut out: String = header.lines().map(|l| format!("# {l}\n")).collect();
    for e in examples {
        let [r, g, b] = e.body;
        let [pr, pg, pb] = e.pip;
        out.push_str(&format!(
            "{r} {g} {b} {pr} {pg} {pb} {}\n",
            super::colour_word(e.colour)
        ));
    }
    out
}

static SHIPPED: LazyLock<(Vec<Example>, Namer)> = LazyLock::new(|| {
    let examples = parse_examples(EXAMPLES).unwrap_or_else(|e| {
        // Only a broken build ships broken examples (a test parses them); every die is then
        // named "other" rather than the program stopping.
        tracing::error!("{e}");
        Vec::new()
    });
    let namer = Namer::new(&examples, NEIGHBOURS, PIP_WEIGHT);
    (examples, namer)
});

/// The examples built into Foreman.
pub fn shipped_examples() -> &'static [Example] {
    &SHIPPED.0
}

/// The colour of a die whose body and pips measure `body` and `pip` (see the module's doc), or
/// `None` ("other").
pub fn die_colour(body: [u8; 3], pip: [u8; 3]) -> Option<DieColour> {
    SHIPPED.1.name(body, pip)
}

/// A colour namer: examples where they lie for naming (body in CIELAB, then pips weighed),
/// `neighbours` of them voting. [`die_colour`] is the shipped one.
#[derive(Debug, Clone)]
pub struct Namer {
    examples: Vec<([f32; 6], Option<DieColour>)>,
    neighbours: usize,
    pip_weight: f32,
}

impl Namer {
    pub fn new(examples: &[Example], neighbours: usize, pip_weight: f32) -> Namer {
        Namer {
            examples: examples
                .iter()
                .map(|e| (features(e.body, e.pip, pip_weight), e.colour))
                .collect(),
            neighbours,
            pip_weight,
        }
    }

    /// The colour the nearest examples vote for, each by closeness; `None` ("other") when
    /// there are none.
    pub fn name(&self, body: [u8; 3], pip: [u8; 3]) -> Option<DieColour> {
        let seen = features(body, pip, self.pip_weight);
        let mut nearest: Vec<(f32, Option<DieColour>)> = self
            .examples
            .iter()
            .map(|(f, colour)| {
                let d2: f32 = seen.iter().zip(f).map(|(a, b)| (a - b).powi(2)).sum();
                (d2, *colour)
            })
            .collect();
        let k = self.neighbours.min(nearest.len());
        if k == 0 {
            return None;
        }
        nearest.select_nth_unstable_by(k - 1, |a, b| a.0.total_cmp(&b.0));
        let mut votes: Vec<(Option<DieColour>, f32)> = Vec::new();
        for &(d2, colour) in &nearest[..k] {
            let vote = 1.0 / (d2.sqrt() + 1.0);
            match votes.iter_mut().find(|(c, _)| *c == colour) {
                Some((_, v)) => *v += vote,
                None => votes.push((colour, vote)),
            }
        }
        votes
            .into_iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .and_then(|(c, _)| c)
    }
}

/// Where a die lies among the examples: its body in CIELAB, then its pips, weighing
/// `pip_weight`.
fn features(body: [u8; 3], pip: [u8; 3], pip_weight: f32) -> [f32; 6] {
    let (b, p) = (lab(body), lab(pip).map(|v| v * pip_weight));
    [b[0], b[1], b[2], p[0], p[1], p[2]]
}

/// An sRGB colour in CIELAB (D65 white): lightness 0–100, then green–red and blue–yellow.
pub fn lab(c: [u8; 3]) -> [f32; 3] {
    let linear = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b] = c.map(linear);
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089;
    let f = |t: f32| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_examples_parse_and_hold_every_colour() {
        let examples = parse_examples(EXAMPLES).expect("the embedded examples parse");
        assert!(examples.len() >= 500, "{} examples", examples.len());
        for colour in [
            Some(DieColour::Red),
            Some(DieColour::Blue),
            Some(DieColour::Green),
            Some(DieColour::Purple),
            Some(DieColour::Yellow),
            Some(DieColour::White),
            Some(DieColour::Black),
            None,
        ] {
            assert!(
                examples.iter().filter(|e| e.colour == colour).count() >= 30,
                "{colour:?}"
            );
        }
    }

    #[test]
    fn a_broken_line_is_an_error_naming_it() {
        assert_eq!(
            parse_examples("# a comment\n1 2 3 4 5 6 red\n1 2 3 4 5 mauve\n"),
            Err(ExampleError { line: 3 })
        );
        assert_eq!(
            parse_examples("1 2 300 4 5 6 red\n"),
            Err(ExampleError { line: 1 })
        );
    }

    #[test]
    fn written_examples_read_back() {
        let examples = vec![
            Example {
                body: [150, 30, 30],
                pip: [220, 220, 220],
                colour: Some(DieColour::Red),
            },
            Example {
                body: [100, 80, 40],
                pip: [20, 20, 0],
                colour: None,
            },
        ];
        let text = write_examples("made here", &examples);
        assert_eq!(parse_examples(&text), Ok(examples));
    }

    /// A die is named by the nearest examples: a vivid red body by red ones, not by the black
    /// and white ones farther away; with no examples, "other".
    #[test]
    fn the_nearest_examples_name_the_die() {
        let ex = |body, colour| Example {
            body,
            pip: [220, 220, 220],
            colour,
        };
        let examples = [
            ex([150, 30, 30], Some(DieColour::Red)),
            ex([140, 35, 30], Some(DieColour::Red)),
            ex([30, 30, 30], Some(DieColour::Black)),
            ex([200, 200, 200], Some(DieColour::White)),
        ];
        assert_eq!(
            Namer::new(&examples, 3, 0.3).name([145, 32, 28], [220, 220, 220]),
            Some(DieColour::Red)
        );
        assert_eq!(
            Namer::new(&examples, 3, 0.3).name([35, 30, 32], [220, 220, 220]),
            // One near black vote outweighs two far red ones.
            Some(DieColour::Black)
        );
        assert_eq!(
            Namer::new(&[], 3, 0.3).name([145, 32, 28], [220, 220, 220]),
            None
        );
    }

    #[test]
    fn lab_is_cielab() {
        let white = lab([255, 255, 255]);
        assert!((white[0] - 100.0).abs() < 0.1 && white[1].abs() < 0.5 && white[2].abs() < 0.5);
        assert!(lab([0, 0, 0])[0].abs() < 0.1);
        let red = lab([255, 0, 0]);
        assert!((red[0] - 53.2).abs() < 0.5 && (red[1] - 80.1).abs() < 1.0);
    }
}
