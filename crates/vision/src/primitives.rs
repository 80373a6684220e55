//! The small colour operations the reader needs: lightness, a channel's gain, chroma and the
//! median of bytes.

/// (R + G + B) / 3.
pub fn lightness(p: [u8; 3]) -> u8 {
    ((u16::from(p[0]) + u16::from(p[1]) + u16::from(p[2])) / 3) as u8
}

/// `v` multiplied by `gain`, rounded, at most white.
pub fn times(v: u8, gain: f32) -> u8 {
    (f32::from(v) * gain).round().min(255.0) as u8
}

/// How far a pixel's colour lies from the table's tint: its chroma (max − min of the channels,
/// the largest difference of two) measured from the tint rather than from grey (the same on a
/// grey table), so that a die less coloured than a coloured table, or of another hue as
/// coloured, stands out from it.
pub fn chroma_from(p: [u8; 3], tint: [i16; 3]) -> u8 {
    let [r, g, b] = p.map(i16::from);
    let off = ((r - g) - tint[0])
        .abs()
        .max(((g - b) - tint[1]).abs())
        .max(((b - r) - tint[2]).abs());
    off.min(255) as u8
}

/// The median of bytes (the upper one of an even count), by bisection on its bits: no sort.
pub fn median(values: &[u8]) -> u8 {
    if values.is_empty() {
        return 0;
    }
    // The largest value with at most half the values under it.
    let half = values.len() / 2;
    let mut median = 0u8;
    for bit in (0..8).rev() {
        let guess = median | (1 << bit);
        // Counted in bytes, 255 values at a time (so the count fits): the loop is vectorised.
        let under: usize = values
            .chunks(255)
            .map(|chunk| usize::from(chunk.iter().fold(0u8, |n, &v| n + u8::from(v < guess))))
            .sum();
        if under <= half {
            median = guess;
        }
    }
    median
}
