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

/// The die colour a body colour is, or `None` ("other": brown, orange, teal, grey…).
pub fn die_colour(body: [u8; 3]) -> Option<DieColour> {
    let (hue, sat, val) = hsv(body);
    if val < 0.25 || (val < 0.4 && sat < 0.35) {
        return Some(DieColour::Black);
    }
    if sat < 0.18 {
        return if val > 0.6 {
            Some(DieColour::White)
        } else {
            None
        };
    }
    match hue {
        h if !(15.0..=335.0).contains(&h) => Some(DieColour::Red),
        h if h < 40.0 => None,
        h if h < 72.0 => Some(DieColour::Yellow),
        h if h < 170.0 => Some(DieColour::Green),
        h if h < 200.0 => None,
        h if h < 255.0 => Some(DieColour::Blue),
        _ => Some(DieColour::Purple),
    }
}
