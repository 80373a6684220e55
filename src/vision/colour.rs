//! A die's colour from its body colour (the median of its face).

use foreman_dice_protocol::DieColour;

/// Hue in degrees (0–360), saturation and value (0–1) of an RGB colour.
pub fn hsv(p: [u8; 3]) -> (f32, f32, f32) {
    let [r, g, b] = p.map(|c| f32::from(c) / 255.0);
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let d = max - min;
    let hue = if d <= f32::EPSILON {
        0.0
    } else if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    let sat = if max <= f32::EPSILON { 0.0 } else { d / max };
    (hue, sat, max)
}

/// The die colour a body colour is, or `None` ("other": brown, gold, orange, teal, grey…).
///
/// The bounds come from the body colours the reader measures on dice of every colour in the
/// labelled photos (`tests/dice_colours.txt`): purple and navy dice are dark, so their hue
/// counts even when dull; a dark red-tinted body is a smoky black die; vivid green is green,
/// duller green-blue a teal marbled die; yellow is light and vivid, gold and brown are not.
/// Re-set for the learned reader's body colour (the face's larger lightness cluster, within a
/// third of its side of its centre): a white die under the tray's warm light is up to 0.18
/// saturated, and a light one up to 0.25 once its light is balanced; a purple die is at least
/// 0.25 saturated, a black one in purple's hues less, and a dull dark blue is a black die;
/// purple runs to hue 320, burgundy dice beyond it are red; burgundy dice are as light as 0.35,
/// smoky black ones no lighter than 0.34; yellow runs to hue 80; green dice (hue 125–155) are
/// above 0.7 saturated, teal marbled ones under 0.67.
pub fn die_colour(body: [u8; 3]) -> Option<DieColour> {
    let (hue, sat, val) = hsv(body);
    let purple = (255.0..320.0).contains(&hue);
    let blue = (195.0..255.0).contains(&hue);
    if (val > 0.6 && sat < 0.2) || (val > 0.8 && sat < 0.26) {
        return Some(DieColour::White);
    }
    if sat < 0.15 || (purple && sat < 0.22 && val < 0.45) {
        return if val > 0.5 {
            Some(DieColour::White)
        } else if (70.0..170.0).contains(&hue) && val >= 0.25 {
            None // a dull teal marbled die, not a black one
        } else if val < 0.45 {
            Some(DieColour::Black)
        } else {
            None
        };
    }
    if purple {
        return Some(DieColour::Purple);
    }
    if blue {
        return Some(if sat < 0.3 && val < 0.45 {
            DieColour::Black
        } else {
            DieColour::Blue
        });
    }
    if val < 0.25 {
        return Some(DieColour::Black);
    }
    match hue {
        h if !(15.0..320.0).contains(&h) => Some(if val < 0.345 {
            DieColour::Black
        } else {
            DieColour::Red
        }),
        h if h < 40.0 => None,
        h if h < 80.0 => (sat >= 0.5 && val >= 0.55).then_some(DieColour::Yellow),
        h if (125.0..156.0).contains(&h) && sat >= 0.7 => Some(DieColour::Green),
        _ => None,
    }
}
