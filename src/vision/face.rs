//! Reading the face of one die: its pips, its body colour.
//!
//! Pips are found as small spots that stand out from the die's body, whatever their colour:
//! a box's colour contrast with the ring around it, less the ring's spread (in red less green,
//! less that channel's own spread, which a smoky die's grey speckle does not raise), at a few
//! pip sizes (on integral images), inside the die's convex hull; the local maxima are the
//! spots. The value is the set of spots that best makes a die face: pips on a turned, possibly
//! squeezed 3×3 grid, alike in strength and of one tint, leaving few strong spots of their
//! colour unexplained, the grid running the way the die's edges run (its turn, from the
//! brightness gradients inside its outline, away from its spots), so a glint, a marbled swirl or
//! a pip of a side face seen in perspective falls off. It is sought among the strongest spots,
//! then among those of its pips' tint, so a marbled die's swirls crowd out no faint pip. The
//! grid's empty places are then looked at, by response and by colour, for a pip the spots
//! missed (a 2's middle only where the pips' colour peaks). The body's colour is the median of
//! the die away from its pips.

use image::RgbImage;

use super::primitives::larger;

/// What one die shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Face {
    pub value: u8,
    /// The die's body colour (median of its face).
    pub body: [u8; 3],
    /// Its pips' colour (the mean of their middles).
    pub pip_colour: [u8; 3],
    pub confidence: f32,
    /// The middle of the face (of its pips), in picture pixels.
    pub centre: (f32, f32),
    /// The pips, in picture pixels.
    pub pips: Vec<(f32, f32)>,
}

/// The least response (colour contrast less the surround's spread, 0–255) a pip must have.
const LEAST_PIP_RESPONSE: f32 = 12.0;
/// A pip's response is at least this share of the die's strongest pip.
const ALIKE: f32 = 0.25;
/// The least confidence a face is given: a spot left out as strong as its weakest pip.
pub const LEAST_CONFIDENCE: f32 = 0.05;

/// Counts the pips of the die centred at (`cx`, `cy`) with side `side`, in picture pixels.
/// `on_die(x, y)` says whether a picture pixel belongs to this die (so a touching neighbour's
/// pips do not count). `None` when there is no pip: not a die.
pub fn read_face(
    image: &RgbImage,
    cx: f32,
    cy: f32,
    side: f32,
    on_die: impl Fn(u32, u32) -> bool,
) -> Option<Face> {
    let (w, h) = image.dimensions();
    let r = 0.6 * side;
    let x0 = (cx - r).floor().max(0.0) as u32;
    let y0 = (cy - r).floor().max(0.0) as u32;
    let x1 = ((cx + r).ceil() as u32).min(w);
    let y1 = ((cy + r).ceil() as u32).min(h);
    if x1 <= x0 + 4 || y1 <= y0 + 4 {
        return None;
    }
    let (pw, ph) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let mut own = vec![false; pw * ph];
    let mut pixels = vec![[0u8; 3]; pw * ph];
    let mut samples: Vec<(usize, usize)> = Vec::new();
    for y in 0..ph {
        for x in 0..pw {
            let (px, py) = (x0 + x as u32, y0 + y as u32);
            let dx = px as f32 + 0.5 - cx;
            let dy = py as f32 + 0.5 - cy;
            let p = image.get_pixel(px, py).0;
            pixels[y * pw + x] = p;
            if dx * dx + dy * dy <= r * r && on_die(px, py) {
                own[y * pw + x] = true;
                // The body's colour from every other pixel: plenty for a median.
                if (x + y) % 2 == 0 {
                    samples.push((x, y));
                }
            }
        }
    }
    if samples.len() < 8 {
        return None;
    }
    // The die's outline: the convex hull of its pixels (light pips at its edge notch the mask).
    let outline = hull_inside(&own, pw, ph);
    let response = pip_response(&pixels, &outline, pw, ph, side);
    let spots = pip_spots(&response, &pixels, pw, ph, side);
    if spots.is_empty() {
        return None;
    }
    let away = away_from_spots(
        &outline.inside,
        &spots,
        pw,
        ph,
        SPOT_LEFT_OUT_OF_TURN * side,
    );
    let turn = die_turn(&pixels, &away, pw, ph);
    let centre = (cx - x0 as f32 - 0.5, cy - y0 as f32 - 0.5);
    let (spots, fit) = fit_face(spots, side, centre, turn)?;
    let pips = fit.pips(&spots);
    // A pip the spots missed (a 6's middle row, a 5's or 3's middle, too close to its
    // neighbours to peak on its own): look at the empty places of the fitted grid.
    let body = body_colour(&pixels, pw, &samples, &pips, side);
    let looks = Looks {
        pixels: &pixels,
        response: &response,
        body,
    };
    let value = missing_pips(&fit, &pips, &looks, pw, ph, side).unwrap_or(fit.value);
    let (ox, oy) = (x0 as f32 + 0.5, y0 as f32 + 0.5);
    Some(Face {
        value,
        body,
        pip_colour: mean_colour(&pips).map(|v| v.round().clamp(0.0, 255.0) as u8),
        confidence: fit.confidence,
        centre: (fit.centre.0 + ox, fit.centre.1 + oy),
        pips: pips.iter().map(|p| (p.x + ox, p.y + oy)).collect(),
    })
}

/// How much each pixel inside the die stands out as a pip: the largest, over a few box sizes,
/// of its box's colour contrast (in R, G, B or red less green) with the ring around it, less
/// the ring's spread (a pip is ringed by the plain body; a die's edge or a neighbouring pip is
/// not), or its contrast in red less green less three quarters of the ring's spread in that
/// channel only. `f32::MIN` where not worked.
fn pip_response(
    pixels: &[[u8; 3]],
    outline: &Outline,
    pw: usize,
    ph: usize,
    side: f32,
) -> Vec<f32> {
    let Outline { inside, runs } = outline;
    let iw = pw + 1;
    // Integral images of each channel and of its square, for local means and spreads (exact
    // in integers, wrapping: a box's sum is right as long as it fits; the sums of a place side
    // by side). The channels are R, G, B and red less green (offset to stay positive): a red pip
    // on a dark red or brown die stands out most in that.
    // Built row by row without zeroing it first (a die's sums are as large as a level-1
    // cache, and they are built for every die read): the first row and column are zeros.
    let mut sums: Vec<[u32; 2 * CHANNELS]> = Vec::with_capacity(iw * (ph + 1));
    sums.resize(iw, [0; 2 * CHANNELS]);
    for y in 0..ph {
        let mut row = [0u32; 2 * CHANNELS];
        sums.push([0; 2 * CHANNELS]);
        for x in 0..pw {
            let [r, g, b] = pixels[y * pw + x].map(u32::from);
            for (c, v) in [r, g, b, r + 255 - g].into_iter().enumerate() {
                row[c] += v;
                row[c + CHANNELS] += v * v;
            }
            let above = sums[y * iw + x + 1];
            sums.push(std::array::from_fn(|k| above[k].wrapping_add(row[k])));
        }
    }
    // Pips differ in size from die to die (a 1's pip is often larger): a few box sizes, the
    // best response of each pixel kept.
    let ring_width = ((RING_WIDTH * side).round() as usize).max(1);
    let mut response = vec![f32::MIN; pw * ph];
    let mut last_inner = 0;
    for share in PIP_SIZES {
        let inner = ((share * side).round() as usize).max(1);
        if inner == last_inner {
            continue;
        }
        last_inner = inner;
        let outer = inner + ring_width;
        let n_in = ((2 * inner + 1) * (2 * inner + 1)) as f32;
        let n_ring = ((2 * outer + 1) * (2 * outer + 1)) as f32 - n_in;
        // Means by multiplying: a division for each channel of each box took a twentieth of
        // the photo's read (the readings of the labelled photos and their copies are the same).
        let (per_in, per_ring) = (1.0 / n_in, 1.0 / n_ring);
        for y in outer..ph.saturating_sub(outer) {
            // The pixels of the row whose ring lies on the die: its corners inside, each row's
            // inside being one run (the outline is convex). Worked out once for the row: four
            // lookups for each pixel took a twelfth of the face reader's time, mispredicted.
            let (ring_first, ring_last) = runs[y - outer]
                .zip(runs[y + outer])
                .map_or((1, 0), |((f1, l1), (f2, l2))| {
                    (f1.max(f2) + outer, l1.min(l2).saturating_sub(outer))
                });
            for x in outer..pw.saturating_sub(outer) {
                if !inside[y * pw + x] {
                    continue;
                }
                let (box_in, box_out) =
                    (boxed(&sums, iw, x, y, inner), boxed(&sums, iw, x, y, outer));
                // Each channel's gap between the box's mean and the ring's, and the ring's
                // spread (worked side by side).
                let m_ring: [f32; CHANNELS] =
                    std::array::from_fn(|c| (box_out[c] - box_in[c]) * per_ring);
                let gap: [f32; CHANNELS] =
                    std::array::from_fn(|c| (box_in[c] * per_in - m_ring[c]).abs());
                let spread: [f32; CHANNELS] = std::array::from_fn(|c| {
                    let q_ring = (box_out[c + CHANNELS] - box_in[c + CHANNELS]) * per_ring;
                    larger(q_ring - m_ring[c] * m_ring[c], 0.0)
                });
                let contrast = larger(larger(gap[0], gap[1]), larger(gap[2], gap[3]));
                // The ring's spread in R, G and B only.
                let var = spread[0] + spread[1] + spread[2];
                // Red pips packed close on a dark die: the ring lies on the pip's blurred flank
                // and on its neighbours, so its spread in R, G and B drowns the pip. In red
                // less green, glints and the die's edges (grey) do not show: there the ring's
                // spread in that channel alone is weighed, and less. Only with the whole ring on
                // the die: a red die's corner against the grey table is no pip.
                let red = if ring_first <= x && x <= ring_last {
                    gap[3] - RED_SPREAD_WEIGHT * spread[3].sqrt()
                } else {
                    f32::MIN
                };
                let r = &mut response[y * pw + x];
                *r = larger(larger(*r, contrast - (var / 3.0).sqrt()), red);
            }
        }
    }
    response
}

/// The length of (`dx`, `dy`): `f32::hypot` as the C library works it (in double precision, then
/// rounded: the same number), without its checks for infinities, which cost in the face
/// fitting's inner loops.
fn distance(dx: f32, dy: f32) -> f32 {
    let (dx, dy) = (f64::from(dx), f64::from(dy));
    (dx * dx + dy * dy).sqrt() as f32
}

/// The sums of each channel over the box of half side `half` centred on (`x`, `y`), from the
/// integral images `sums` of row length `iw`. Always inlined: left to itself, the compiler
/// calls it for each box (1.2 million more instructions on the benchmark photo).
#[inline(always)]
fn boxed(
    sums: &[[u32; 2 * CHANNELS]],
    iw: usize,
    x: usize,
    y: usize,
    half: usize,
) -> [f32; 2 * CHANNELS] {
    let (xa, ya) = (x - half, y - half);
    let (xb, yb) = (x + half + 1, y + half + 1);
    let (a, b, c, d) = (
        sums[yb * iw + xb],
        sums[ya * iw + xb],
        sums[yb * iw + xa],
        sums[ya * iw + xa],
    );
    std::array::from_fn(|k| {
        a[k].wrapping_add(d[k])
            .wrapping_sub(b[k].wrapping_add(c[k])) as f32
    })
}

/// The local maxima of the pip response above the least a pip has, strongest first (at most
/// `MOST_SPOTS_SEEN`), in crop pixels.
fn pip_spots(response: &[f32], pixels: &[[u8; 3]], pw: usize, ph: usize, side: f32) -> Vec<Spot> {
    // Local maxima, one per pip: no stronger response within about half a pip spacing.
    let reach = ((PIP_REACH * side).round() as isize).max(1);
    let mut spots: Vec<(f32, usize, usize)> = Vec::new();
    for y in 0..ph {
        for x in 0..pw {
            let v = response[y * pw + x];
            if v < LEAST_PIP_RESPONSE {
                continue;
            }
            let mut is_peak = true;
            'scan: for dy in -reach..=reach {
                for dx in -reach..=reach {
                    let (nx, ny) = (x as isize + dx, y as isize + dy);
                    if (dx, dy) == (0, 0)
                        || nx < 0
                        || ny < 0
                        || nx >= pw as isize
                        || ny >= ph as isize
                    {
                        continue;
                    }
                    let o = response[ny as usize * pw + nx as usize];
                    // Ties go to the first in scan order.
                    if o > v || (o == v && (dy < 0 || (dy == 0 && dx < 0))) {
                        is_peak = false;
                        break 'scan;
                    }
                }
            }
            if is_peak {
                spots.push((v, x, y));
            }
        }
    }
    spots.sort_by(|a, b| b.0.total_cmp(&a.0));
    spots.truncate(MOST_SPOTS_SEEN);
    spots
        .iter()
        .map(|&(strength, x, y)| Spot {
            x: x as f32,
            y: y as f32,
            strength,
            colour: spot_colour(pixels, pw, ph, x, y),
        })
        .collect()
}

/// A spot's colour: the mean of the 3×3 pixels at its middle.
fn spot_colour(pixels: &[[u8; 3]], pw: usize, ph: usize, x: usize, y: usize) -> [f32; 3] {
    let mut sum = [0f32; 3];
    let mut n = 0f32;
    for py in y.saturating_sub(1)..(y + 2).min(ph) {
        for px in x.saturating_sub(1)..(x + 2).min(pw) {
            let p = pixels[py * pw + px];
            for c in 0..3 {
                sum[c] += f32::from(p[c]);
            }
            n += 1.0;
        }
    }
    sum.map(|v| v / n)
}

/// The mean colour of some spots.
fn mean_colour(spots: &[&Spot]) -> [f32; 3] {
    let n = spots.len().max(1) as f32;
    std::array::from_fn(|c| spots.iter().map(|s| s.colour[c]).sum::<f32>() / n)
}

/// How far apart two colours' tints are: the largest change, between them, of R−G, G−B or
/// B−R (lightness aside: a pip in a shadow is darker). `primitives::chroma_from`'s measure, on
/// the mean colours of spots.
fn tint_apart(a: [f32; 3], b: [f32; 3]) -> f32 {
    let d: [f32; 3] = std::array::from_fn(|c| a[c] - b[c]);
    (d[0] - d[1])
        .abs()
        .max((d[1] - d[2]).abs())
        .max((d[2] - d[0]).abs())
}

/// The face the strongest `MOST_SPOTS` of `spots` (strongest first) make, and those spots.
/// Spots of another tint (a marbled die's swirls) may crowd out a weak pip: the spots of the
/// pips' tint are weighed again, and kept when they make a face of more pips.
fn fit_face(
    mut spots: Vec<Spot>,
    side: f32,
    centre: (f32, f32),
    turn: Option<Turn>,
) -> Option<(Vec<Spot>, FaceFit)> {
    let strongest = &spots[..spots.len().min(MOST_SPOTS)];
    let fit = best_face(strongest, side, centre, turn)?;
    if let Some(alike) = alike_spots(&spots, &fit)
        && let Some(again) = best_face(&alike, side, centre, turn)
        && again.chosen.count_ones() > fit.chosen.count_ones()
    {
        return Some((alike, again));
    }
    spots.truncate(MOST_SPOTS);
    Some((spots, fit))
}

/// The strongest `MOST_SPOTS` of `spots` (strongest first) within `MOST_PIP_TINT_OFF` of the
/// tint of the pips `fit` chose among the strongest `MOST_SPOTS`; `None` when they are no
/// others than those weighed already.
fn alike_spots(spots: &[Spot], fit: &FaceFit) -> Option<Vec<Spot>> {
    if spots.len() <= MOST_SPOTS {
        return None;
    }
    let tint = mean_colour(&fit.pips(&spots[..MOST_SPOTS]));
    let alike: Vec<usize> = (0..spots.len())
        .filter(|&i| tint_apart(spots[i].colour, tint) <= MOST_PIP_TINT_OFF)
        .take(MOST_SPOTS)
        .collect();
    alike
        .iter()
        .any(|&i| i >= MOST_SPOTS)
        .then(|| alike.iter().map(|&i| spots[i]).collect())
}

/// What a face's pixels show: their colours, pip response and the body's colour.
struct Looks<'a> {
    pixels: &'a [[u8; 3]],
    response: &'a [f32],
    body: [u8; 3],
}

/// The body's colour: the median of the die's sampled pixels away from its pips (red pips
/// would tint a dark die red); all the samples when too few are left.
fn body_colour(
    pixels: &[[u8; 3]],
    pw: usize,
    samples: &[(usize, usize)],
    pips: &[&Spot],
    side: f32,
) -> [u8; 3] {
    let clear = PIP_CLEARANCE * side;
    let away: Vec<(usize, usize)> = samples
        .iter()
        .copied()
        .filter(|&(x, y)| {
            pips.iter()
                .all(|p| distance(p.x - x as f32, p.y - y as f32) > clear)
        })
        .collect();
    let chosen = if away.len() >= 8 { &away[..] } else { samples };
    let mut chans: [Vec<u8>; 3] = std::array::from_fn(|_| Vec::with_capacity(chosen.len()));
    for &(x, y) in chosen {
        let px = pixels[y * pw + x];
        for c in 0..3 {
            chans[c].push(px[c]);
        }
    }
    chans.map(|ch| super::primitives::median(&ch))
}

/// The value the fitted grid shows when its empty places are looked at: a 4 whose middle or
/// middle row stands out as much as half its pips, or has their colour, is a 5 or a 6, a 2
/// with a middle (a peak of the pips' colour, not the blur between them) a 3. `None` when
/// nothing changes.
fn missing_pips(
    fit: &FaceFit,
    pips: &[&Spot],
    looks: &Looks,
    pw: usize,
    ph: usize,
    side: f32,
) -> Option<u8> {
    if fit.value != 2 && fit.value != 4 {
        return None;
    }
    let [a, b, c, d] = fit.map?;
    let response = looks.response;
    let mut strengths: Vec<f32> = pips.iter().map(|p| p.strength).collect();
    strengths.sort_by(f32::total_cmp);
    let level = MISSING_PIP_SHARE * strengths[strengths.len() / 2];
    let reach = ((0.04 * side).round() as isize).max(1);
    let pip_colour = mean_colour(pips);
    let body = looks.body.map(f32::from);
    let axis: [f32; 3] = std::array::from_fn(|ch| pip_colour[ch] - body[ch]);
    let axis_len2: f32 = axis.iter().map(|v| v * v).sum();
    let colour_told = axis_len2 >= LEAST_PIP_BODY_CONTRAST * LEAST_PIP_BODY_CONTRAST;
    // How far the colour at a crop pixel lies from the body's towards the pips' (0 to 1).
    let lean = |x: usize, y: usize| {
        let col = spot_colour(looks.pixels, pw, ph, x, y);
        (0..3)
            .map(|ch| (col[ch] - body[ch]) * axis[ch])
            .sum::<f32>()
            / axis_len2
    };
    let place = |u: f32, v: f32| {
        let (x, y) = (fit.centre.0 + a * u + b * v, fit.centre.1 + c * u + d * v);
        (x.round() as isize, y.round() as isize)
    };
    let stands_out = |u: f32, v: f32| {
        let (x, y) = place(u, v);
        let mut best = f32::MIN;
        let mut most_pip = f32::MIN;
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                let (px, py) = (x + dx, y + dy);
                if px >= 0 && py >= 0 && (px as usize) < pw && (py as usize) < ph {
                    best = best.max(response[py as usize * pw + px as usize]);
                    if colour_told {
                        most_pip = most_pip.max(lean(px as usize, py as usize));
                    }
                }
            }
        }
        // Standing out, it must also lean to the pips' colour (not a dark swirl or a shadow);
        // of the pips' colour, it need not stand out. Without a pip colour, standing out tells.
        (best >= level && (!colour_told || most_pip >= LEANING_PIP_SHARE))
            || most_pip >= PIP_COLOUR_SHARE
    };
    let middle = stands_out(0.0, 0.0);
    if fit.value == 2 {
        // Two close pips, blurred, tint the place between them: a middle pip is a peak of the
        // pips' colour along the diagonal, not a saddle between two.
        let lean_at = |u: f32, v: f32| {
            let (x, y) = place(u, v);
            lean(
                x.clamp(0, pw as isize - 1) as usize,
                y.clamp(0, ph as isize - 1) as usize,
            )
        };
        let h = SADDLE_PLACE;
        let peak = !colour_told || lean_at(0.0, 0.0) > lean_at(h, h).max(lean_at(-h, -h));
        return (middle && peak).then_some(3);
    }
    let row_u = stands_out(1.0, 0.0) && stands_out(-1.0, 0.0);
    let row_v = stands_out(0.0, 1.0) && stands_out(0.0, -1.0);
    match (middle, row_u || row_v) {
        (false, true) => Some(6),
        (true, false) => Some(5),
        _ => None,
    }
}

/// Which way a die is turned, a quarter turn being no turn.
#[derive(Debug, Clone, Copy)]
struct Turn {
    /// Radians, within ±45°.
    angle: f32,
    /// How plainly its edges run that way and across, 0–1.
    squareness: f32,
}

/// The pixels of `inside` (a `pw`×`ph` crop) farther than `reach` from every spot.
fn away_from_spots(inside: &[bool], spots: &[Spot], pw: usize, ph: usize, reach: f32) -> Vec<bool> {
    let mut away = inside.to_vec();
    for s in spots {
        let (x0, x1) = (
            (s.x - reach).floor().max(0.0) as usize,
            (s.x + reach).ceil() as usize,
        );
        let (y0, y1) = (
            (s.y - reach).floor().max(0.0) as usize,
            (s.y + reach).ceil() as usize,
        );
        for y in y0..(y1 + 1).min(ph) {
            for x in x0..(x1 + 1).min(pw) {
                if distance(x as f32 - s.x, y as f32 - s.y) <= reach {
                    away[y * pw + x] = false;
                }
            }
        }
    }
    away
}

/// The turn of a die from the edges inside its outline (its own outline, its top face's edges),
/// its spots left out (`SPOT_LEFT_OUT_OF_TURN`): each pixel's brightness gradient, weighed by
/// its square, its angle taken four times over so that edges a quarter turn apart agree. The
/// Sobel sums are written out: imageproc's `horizontal_sobel`/`vertical_sobel` over the crop
/// gave the same readings but cost 1.4 billion more instructions over the 200 labelled photos
/// (11.2 against 9.8 billion, counted by cachegrind).
fn die_turn(pixels: &[[u8; 3]], inside: &[bool], pw: usize, ph: usize) -> Option<Turn> {
    let brightness: Vec<f32> = pixels
        .iter()
        .map(|p| p.iter().map(|&c| f32::from(c)).sum())
        .collect();
    let at = |x: usize, y: usize| brightness[y * pw + x];
    let (mut cos4, mut sin4, mut total) = (0f32, 0f32, 0f32);
    for y in 1..ph.saturating_sub(1) {
        for x in 1..pw.saturating_sub(1) {
            if !inside[y * pw + x] {
                continue;
            }
            // Sobel.
            let gx = at(x + 1, y - 1) + 2.0 * at(x + 1, y) + at(x + 1, y + 1)
                - at(x - 1, y - 1)
                - 2.0 * at(x - 1, y)
                - at(x - 1, y + 1);
            let gy = at(x - 1, y + 1) + 2.0 * at(x, y + 1) + at(x + 1, y + 1)
                - at(x - 1, y - 1)
                - 2.0 * at(x, y - 1)
                - at(x + 1, y - 1);
            // The gradient as a complex number z: |z|² e^{4iφ} = z⁴ / |z|².
            let weight = gx * gx + gy * gy;
            if weight > 0.0 {
                let (re2, im2) = (gx * gx - gy * gy, 2.0 * gx * gy);
                cos4 += (re2 * re2 - im2 * im2) / weight;
                sin4 += 2.0 * re2 * im2 / weight;
                total += weight;
            }
        }
    }
    (total > 0.0).then(|| Turn {
        angle: sin4.atan2(cos4) / 4.0,
        squareness: cos4.hypot(sin4) / total,
    })
}

/// The turn of a fitted grid's map (grid places to pixels): the mean of its two axes', a
/// quarter turn being no turn.
fn grid_turn([a, b, c, d]: [f32; 4]) -> f32 {
    let (u, v) = (4.0 * c.atan2(a), 4.0 * (-b).atan2(d));
    (u.sin() + v.sin()).atan2(u.cos() + v.cos()) / 4.0
}

/// How far apart two turns are, a quarter turn being none: 0 to 45°, in radians.
fn quarter_turn_off(a: f32, b: f32) -> f32 {
    let quarter = std::f32::consts::FRAC_PI_2;
    let d = (a - b).rem_euclid(quarter);
    d.min(quarter - d)
}

/// A die's outline in its crop: the pixels inside it, and each row's run of them (the first and
/// last inside; the outline is convex, so a row's inside is one run).
struct Outline {
    inside: Vec<bool>,
    runs: Vec<Option<(usize, usize)>>,
}

impl Outline {
    /// The whole crop of `w`×`h` pixels.
    #[cfg(test)]
    fn whole(w: usize, h: usize) -> Outline {
        Outline {
            inside: vec![true; w * h],
            runs: vec![(w > 0).then(|| (0, w - 1)); h],
        }
    }
}

/// The convex hull of the `own` pixels (a die is convex, so the hull is its outline even where
/// light pips at its edge notch the mask).
fn hull_inside(own: &[bool], w: usize, h: usize) -> Outline {
    // The first and last pixel of each row are enough for the hull.
    let mut points: Vec<imageproc::point::Point<i32>> = Vec::with_capacity(2 * h);
    let mut own_runs = vec![None; h];
    for (y, run) in own_runs.iter_mut().enumerate() {
        let row = &own[y * w..(y + 1) * w];
        if let (Some(first), Some(last)) =
            (row.iter().position(|&o| o), row.iter().rposition(|&o| o))
        {
            points.push(imageproc::point::Point::new(first as i32, y as i32));
            points.push(imageproc::point::Point::new(last as i32, y as i32));
            *run = Some((first, last));
        }
    }
    let hull = imageproc::geometry::convex_hull(points);
    if hull.len() < 3 {
        return Outline {
            inside: vec![false; w * h],
            runs: vec![None; h],
        };
    }
    let area2: i64 = (0..hull.len())
        .map(|i| {
            let (a, b) = (hull[i], hull[(i + 1) % hull.len()]);
            i64::from(a.x) * i64::from(b.y) - i64::from(b.x) * i64::from(a.y)
        })
        .sum();
    let sign = if area2 >= 0 { 1.0 } else { -1.0 };
    // Each edge as a unit normal pointing inwards and an offset: distance = n·p − c.
    let edges: Vec<(f32, f32, f32)> = (0..hull.len())
        .filter_map(|i| {
            let (a, b) = (hull[i], hull[(i + 1) % hull.len()]);
            let (ex, ey) = ((b.x - a.x) as f32, (b.y - a.y) as f32);
            let len = ex.hypot(ey);
            (len > 0.0).then(|| {
                let (nx, ny) = (-ey * sign / len, ex * sign / len);
                (nx, ny, nx * a.x as f32 + ny * a.y as f32)
            })
        })
        .collect();
    // The hull is convex: each row's inside is one run, found from both ends.
    let is_inside = |x: usize, y: usize| {
        let (x, y) = (x as f32, y as f32);
        edges
            .iter()
            .all(|&(nx, ny, c)| nx * x + ny * y - c + 0.5 > 0.0)
    };
    let mut inside = vec![false; w * h];
    let mut runs = Vec::with_capacity(h);
    for (y, own_run) in own_runs.into_iter().enumerate() {
        // A row of the die's own pixels lies inside: its run is found growing from theirs.
        let run = match own_run {
            Some((first, last)) if is_inside(first, y) && is_inside(last, y) => Some((
                (0..first)
                    .rev()
                    .find(|&x| !is_inside(x, y))
                    .map_or(0, |x| x + 1),
                (last + 1..w)
                    .find(|&x| !is_inside(x, y))
                    .map_or(w - 1, |x| x - 1),
            )),
            _ => (0..w).find(|&x| is_inside(x, y)).map(|first| {
                let last = (first..w).rev().find(|&x| is_inside(x, y));
                (first, last.unwrap_or(first))
            }),
        };
        if let Some((first, last)) = run {
            inside[y * w + first..=y * w + last].fill(true);
        }
        runs.push(run);
    }
    Outline { inside, runs }
}

/// The channels a pip may stand out in: R, G, B and red less green.
const CHANNELS: usize = 4;
/// How much the ring's spread in red less green counts against a pip seen in that channel.
const RED_SPREAD_WEIGHT: f32 = 0.75;

/// Half the side of the pip boxes tried, as shares of the die's side (rounded to pixels: a die
/// of 28–33 pixels gets boxes of 3, 5 and 7, one of 34–37 pixels boxes of 5, 7 and 9, whose
/// pips are 4–7 pixels wide). Measured on the labelled photos and on copies scaled by 0.85 and
/// 1.2 (dice of other sizes), against 0.04/0.07/0.1: as good at 0.85, better at 1 and 1.2.
const PIP_SIZES: [f32; 3] = [0.045, 0.075, 0.105];

/// The ring around a pip box, against which the pip stands out, as a share of the side.
const RING_WIDTH: f32 = 0.05;
/// Two spots closer than this share of the side are one pip.
const PIP_REACH: f32 = 0.08;
/// A spot left out of a face counts against it when it is at least this share of the face's
/// weakest pip.
const UNEXPLAINED_SHARE: f32 = 0.7;
/// How much of such a spot's strength counts against the face: half. A face's weakest pip
/// sets the bar, so a 2 with one pip fainter than the other has to explain glints a 1 (its
/// lone pip the strongest spot) may leave out; counting them whole made twos into ones.
const UNEXPLAINED_WEIGHT: f32 = 0.5;

/// Pixels this close to a pip (a share of the side) are left out of the body's colour.
const PIP_CLEARANCE: f32 = 0.12;

/// Pixels this close to a spot (a share of the side) are left out of the die's turn. A round
/// pip's edges would cancel out, but a pip a few pixels across, smeared or cut by the picture's
/// pixels, runs more one way than another, and a dark pip's edges on a light die outweigh the
/// die's own: a 1 and a side face's pip read as a 2 on the diagonal the die seemed turned to.
const SPOT_LEFT_OUT_OF_TURN: f32 = 0.09;

/// A grid place holds a pip the spots missed when its response is this share of the pips'.
const MISSING_PIP_SHARE: f32 = 0.5;

/// A grid place also holds a missed pip when its colour lies this share of the way from the
/// body's colour to the pips' (pips packed close stand out little from a ring of pips)…
const PIP_COLOUR_SHARE: f32 = 0.6;
/// …when the pips' colour is at least this far from the body's (RGB distance, 0–441).
const LEAST_PIP_BODY_CONTRAST: f32 = 30.0;
/// A place that stands out holds a missed pip only when its colour lies this share of the way
/// to the pips' (a dark swirl on a die with red pips stands out, but is not red).
const LEANING_PIP_SHARE: f32 = 0.3;
/// Where a 2's middle is weighed against the diagonal on either side (grid steps from it):
/// a middle pip leans more to the pips' colour than these places.
const SADDLE_PLACE: f32 = 0.5;

/// At most this many spots are weighed as pips (the strongest).
const MOST_SPOTS: usize = 10;
/// At most this many spots are found, of which the strongest `MOST_SPOTS` of the pips' tint
/// may be weighed again (`alike_spots`). 16 and 40 read the labelled photos and their copy
/// scaled by 0.85 as 24 does.
const MOST_SPOTS_SEEN: usize = 24;

/// A local maximum of the pip response, in crop pixels.
#[derive(Debug, Clone, Copy)]
struct Spot {
    x: f32,
    y: f32,
    strength: f32,
    /// Its colour (mean RGB at its middle): a die's pips are all of one colour.
    colour: [f32; 3],
}

/// The pips of each face on a 3×3 grid, in grid steps from the face's centre. The faces
/// with a diagonal (2, 3) or with middle pips (6) are listed in both turns, the fit being
/// anchored on a corner pip.
const FACES: [(u8, &[(f32, f32)]); 7] = [
    (1, &[(0.0, 0.0)]),
    (2, &[(1.0, 1.0), (-1.0, -1.0)]),
    (3, &[(1.0, 1.0), (0.0, 0.0), (-1.0, -1.0)]),
    (4, &[(1.0, 1.0), (-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0)]),
    (
        5,
        &[
            (1.0, 1.0),
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 1.0),
            (0.0, 0.0),
        ],
    ),
    (
        6,
        &[
            (1.0, 1.0),
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 1.0),
            (1.0, 0.0),
            (-1.0, 0.0),
        ],
    ),
    (
        6,
        &[
            (1.0, 1.0),
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 1.0),
            (0.0, 1.0),
            (0.0, -1.0),
        ],
    ),
];

/// The grid step of a die's pips as a share of its side: from this to…
const LEAST_STEP: f32 = 0.12;
/// …this (the die's side is only estimated).
const MOST_STEP: f32 = 0.42;
/// How far a pip's tint may be from the mean of its face's other pips: the largest change,
/// between its colour and theirs, of R−G, G−B or B−R (so lightness aside). A spot further off
/// is not a pip of this face: a glint beside a red pip, a marbled swirl.
const MOST_PIP_TINT_OFF: f32 = 80.0;
/// How far a spot's colour may be from the mean of a face's pips (in any of R, G, B, 0–255)
/// for the face to have to explain it; a spot further off is no pip the face left out.
const MOST_PIP_COLOUR_OFF: f32 = 90.0;
/// How much a face's grid turned across the die's edges counts against it: a grid 45° off
/// the edges of a die whose squareness is 1 loses this many times the face's strength (less
/// in proportion to the angle and the squareness). It was 2 while the turn was told from the
/// pips' edges too; told from the die's own edges it is trusted more (over the photos and their
/// copies, 9 of 10 sets read more values right at 3, one die fewer on the JPEG copy; at 4 the
/// photos read fewer).
const TURNED_OFF_WEIGHT: f32 = 3.0;
/// How far a pip may lie from its place on the grid, in grid steps.
const MOST_MISPLACED: f32 = 0.3;

/// The face chosen among the spots.
struct FaceFit {
    value: u8,
    /// Which spots are its pips (bit i: spot i).
    chosen: u32,
    confidence: f32,
    /// The face's middle, in crop pixels.
    centre: (f32, f32),
    /// Grid places to pixels from the middle.
    map: Option<[f32; 4]>,
}

impl FaceFit {
    /// Its pips among the `spots` it was chosen from (at most 32).
    fn pips<'a>(&self, spots: &'a [Spot]) -> Vec<&'a Spot> {
        spots
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.chosen & (1 << i) != 0)
            .map(|(_, s)| s)
            .collect()
    }
}

/// The set of `spots` (strongest first) that best makes a die face: its pips on the face's
/// grid (a square grid turned any way, of a step that suits the die's size), alike in
/// strength and tint, and leaving no strong spot of their colour unexplained on the face.
/// Side faces seen in perspective and glints fall off the grid.
fn best_face(spots: &[Spot], side: f32, centre: (f32, f32), turn: Option<Turn>) -> Option<FaceFit> {
    let n = spots.len();
    let mut best: Option<(f32, FaceFit)> = None;
    for subset in 1u32..(1 << n) {
        let k = subset.count_ones() as usize;
        if k > 6 {
            continue;
        }
        // The spots come strongest first: the subset's lowest bit is its strongest spot.
        let strongest = spots[subset.trailing_zeros() as usize].strength;
        let weakest = spots[31 - subset.leading_zeros() as usize].strength;
        if weakest < ALIKE * strongest {
            continue;
        }
        let members: Vec<&Spot> = (0..n)
            .filter(|i| subset & (1 << i) != 0)
            .map(|i| &spots[i])
            .collect();
        // A die's pips are all of one colour: a glint or a marbled swirl is not.
        let k_f = k as f32;
        let pip_colour = mean_colour(&members);
        let colour_off = |s: &Spot| {
            (0..3)
                .map(|c| (s.colour[c] - pip_colour[c]).abs())
                .fold(0.0, f32::max)
        };
        // Each pip against the others' mean, lightness aside (a pip in a shadow is darker).
        let tint_off = |s: &Spot| {
            let others: [f32; 3] =
                std::array::from_fn(|c| (pip_colour[c] * k_f - s.colour[c]) / (k_f - 1.0));
            tint_apart(s.colour, others)
        };
        if members.len() >= 2 && members.iter().any(|s| tint_off(s) > MOST_PIP_TINT_OFF) {
            continue;
        }
        let Some(grid) = fit_grid(&members, side, centre) else {
            continue;
        };
        let (fc, step, misplaced) = (grid.centre, grid.step, grid.misplaced);
        // Unexplained strong spots on the face count against the fit.
        let face_radius = 2.0 * step * std::f32::consts::SQRT_2;
        let unexplained: f32 = (0..n)
            .filter(|i| subset & (1 << i) == 0)
            .map(|i| &spots[i])
            .filter(|s| {
                s.strength >= UNEXPLAINED_SHARE * weakest
                    && distance(s.x - fc.0, s.y - fc.1) <= face_radius
                    && colour_off(s) <= MOST_PIP_COLOUR_OFF
            })
            .map(|s| s.strength.min(strongest))
            .sum();
        let explained: f32 = members
            .iter()
            .map(|s| s.strength - 0.5 * (strongest - s.strength))
            .sum();
        // A grid turned across the die's own edges is no face of it (a 1 and a pip of a side
        // face, seen straight across an edge, are not a 2 on its diagonal).
        let turned_off = match (turn, grid.map) {
            (Some(t), Some(map)) => {
                t.squareness * quarter_turn_off(grid_turn(map), t.angle)
                    / std::f32::consts::FRAC_PI_4
            }
            _ => 0.0,
        };
        let score = explained
            - UNEXPLAINED_WEIGHT * unexplained
            - 0.5 * misplaced * explained
            - TURNED_OFF_WEIGHT * turned_off * explained;
        if best.as_ref().is_none_or(|b| score > b.0) {
            let left = (0..n)
                .filter(|i| subset & (1 << i) == 0)
                .map(|i| spots[i].strength)
                .fold(0.0, f32::max);
            let confidence =
                ((weakest - left) / weakest).clamp(LEAST_CONFIDENCE, 1.0) * (1.0 - misplaced);
            best = Some((
                score,
                FaceFit {
                    value: grid.value,
                    chosen: subset,
                    confidence,
                    centre: fc,
                    map: grid.map,
                },
            ));
        }
    }
    best.map(|b| b.1)
}

/// Fits the spots to a face of as many pips: the face's value, centre, grid step and the
/// worst misplacement (in grid steps), or `None` when they make no face.
fn fit_grid(members: &[&Spot], side: f32, centre: (f32, f32)) -> Option<Grid> {
    let k = members.len() as f32;
    let mx = members.iter().map(|s| s.x).sum::<f32>() / k;
    let my = members.iter().map(|s| s.y).sum::<f32>() / k;
    if members.len() == 1 {
        // A lone pip is a 1 when it sits near the die's middle.
        let off = distance(mx - centre.0, my - centre.1) / side;
        return (off <= 0.3).then_some(Grid {
            value: 1,
            centre: (mx, my),
            step: 0.27 * side,
            misplaced: off,
            map: None,
        });
    }
    // Anchor: the spot farthest from the middle is a corner pip.
    let anchor = members
        .iter()
        .max_by(|a, b| distance(a.x - mx, a.y - my).total_cmp(&distance(b.x - mx, b.y - my)))?;
    let (ax, ay) = (anchor.x - mx, anchor.y - my);
    let step = distance(ax, ay) / std::f32::consts::SQRT_2;
    // Rotation taking grid (1, 1) to the anchor.
    let angle = ay.atan2(ax) - std::f32::consts::FRAC_PI_4;
    let (sin, cos) = angle.sin_cos();
    let mut best: Option<(u8, f32, f32, [f32; 4])> = None;
    for (value, pattern) in FACES.iter().filter(|(_, p)| p.len() == members.len()) {
        // Each pip of the pattern takes the nearest member; all members must be taken.
        let mut taken = 0u32;
        let mut pairs: Vec<GridPair> = Vec::with_capacity(pattern.len());
        for &(u, v) in *pattern {
            let px = mx + step * (u * cos - v * sin);
            let py = my + step * (u * sin + v * cos);
            let (j, s) = members.iter().enumerate().min_by(|a, b| {
                distance(a.1.x - px, a.1.y - py).total_cmp(&distance(b.1.x - px, b.1.y - py))
            })?;
            taken |= 1 << j;
            pairs.push(((u, v), (s.x - mx, s.y - my)));
        }
        if taken.count_ones() as usize != members.len() {
            continue;
        }
        let Some((face_step, worst, map)) = affine_fit(&pairs, step) else {
            continue;
        };
        if worst <= MOST_MISPLACED && best.is_none_or(|b| worst < b.1) {
            best = Some((*value, worst, face_step, map));
        }
    }
    let (value, misplaced, step, map) = best?;
    if step < LEAST_STEP * side || step > MOST_STEP * side {
        return None;
    }
    Some(Grid {
        value,
        centre: (mx, my),
        step,
        misplaced,
        map: Some(map),
    })
}

/// A face fitted to spots: its value, middle, grid step, worst misplacement (in steps) and
/// the map from grid places to pixels from the middle (none for a lone pip).
struct Grid {
    value: u8,
    centre: (f32, f32),
    step: f32,
    misplaced: f32,
    map: Option<[f32; 4]>,
}

/// A grid place (in steps) and the pip put there (pixels from the face's middle).
type GridPair = ((f32, f32), (f32, f32));

/// How much a face may be squeezed one way (a 6's rows are closer than its columns, and a
/// die seen aslant is foreshortened): the ratio of the fitted grid's two scales.
const MOST_SQUEEZE: f32 = 1.8;

/// The affine map from grid places to pip positions (both centred) that fits best in least
/// squares: its mean scale (the grid step) and the worst misplacement in steps. Collinear
/// faces (2, 3) keep the turned-square fit. `None` when the map squeezes too much.
fn affine_fit(pairs: &[GridPair], step: f32) -> Option<(f32, f32, [f32; 4])> {
    let (mut puu, mut puv, mut pvv) = (0f32, 0f32, 0f32);
    let (mut xu, mut xv, mut yu, mut yv) = (0f32, 0f32, 0f32, 0f32);
    for &((u, v), (x, y)) in pairs {
        puu += u * u;
        puv += u * v;
        pvv += v * v;
        xu += x * u;
        xv += x * v;
        yu += y * u;
        yv += y * v;
    }
    let det = puu * pvv - puv * puv;
    let (a, b, c, d) = if det.abs() < 1e-3 {
        // Collinear places: the turned square's own map.
        let (pu, pv) = pairs[0].0;
        let (x, y) = pairs[0].1;
        let n = (pu * pu + pv * pv).max(1e-6);
        let cos = (x * pu + y * pv) / n;
        let sin = (y * pu - x * pv) / n;
        (cos, -sin, sin, cos)
    } else {
        // [x y] = A [u v]: A = (Σ s pᵀ)(Σ p pᵀ)⁻¹.
        let (i00, i01, i11) = (pvv / det, -puv / det, puu / det);
        (
            xu * i00 + xv * i01,
            xu * i01 + xv * i11,
            yu * i00 + yv * i01,
            yu * i01 + yv * i11,
        )
    };
    let sum = a * a + b * b + c * c + d * d;
    let area = (a * d - b * c).abs();
    let root = (sum * sum - 4.0 * area * area).max(0.0).sqrt();
    let s1 = ((sum + root) / 2.0).sqrt();
    let s2 = ((sum - root) / 2.0).max(0.0).sqrt();
    if s2 <= 1e-3 && det.abs() >= 1e-3 {
        return None;
    }
    if det.abs() >= 1e-3 && s1 / s2 > MOST_SQUEEZE {
        return None;
    }
    let face_step = if det.abs() >= 1e-3 {
        (s1 * s2).sqrt()
    } else {
        step
    };
    let worst = pairs
        .iter()
        .map(|&((u, v), (x, y))| distance(a * u + b * v - x, c * u + d * v - y))
        .fold(0.0, f32::max)
        / face_step;
    Some((face_step, worst, [a, b, c, d]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIP_RED: [f32; 3] = [200.0, 40.0, 40.0];

    /// Spots at grid places (in steps) of a face centred at (50, 50), turned by `turn` radians,
    /// with a step of `step` pixels; all of `strength`.
    fn face_spots(places: &[(f32, f32)], step: f32, turn: f32, strength: f32) -> Vec<Spot> {
        let (sin, cos) = turn.sin_cos();
        places
            .iter()
            .map(|&(u, v)| Spot {
                x: 50.0 + step * (u * cos - v * sin),
                y: 50.0 + step * (u * sin + v * cos),
                strength,
                colour: PIP_RED,
            })
            .collect()
    }

    fn strongest_first(mut spots: Vec<Spot>) -> Vec<Spot> {
        spots.sort_by(|a, b| b.strength.total_cmp(&a.strength));
        spots
    }

    #[test]
    fn every_face_is_told_whatever_its_turn() {
        for (value, places) in FACES {
            for turn in [0.0, 0.3, 0.8, 1.4] {
                let spots = face_spots(places, 7.0, turn, 80.0);
                let fit = best_face(&spots, 40.0, (50.0, 50.0), None).expect("a face");
                assert_eq!(fit.value, value, "turned {turn}");
                assert_eq!(fit.chosen.count_ones(), u32::from(value));
            }
        }
    }

    #[test]
    fn a_weak_pip_crowded_out_by_swirls_of_another_tint_is_weighed() {
        // A marbled die's 6 whose one corner pip is faint, and swirls of the body's blue that
        // stand out more than that pip: the pip is not among the strongest spots.
        let mut spots = face_spots(FACES[5].1, 7.0, 0.0, 80.0);
        spots[1].strength = 25.0;
        let swirl = |x: f32, y: f32| Spot {
            x,
            y,
            strength: 40.0,
            colour: [40.0, 90.0, 160.0],
        };
        spots.extend([
            swirl(30.0, 62.0),
            swirl(68.0, 35.0),
            swirl(41.0, 71.0),
            swirl(73.0, 58.0),
            swirl(33.0, 40.0),
            swirl(60.0, 28.0),
        ]);
        let spots = strongest_first(spots);
        assert!(
            spots[..MOST_SPOTS].iter().all(|s| s.strength > 25.0),
            "the faint pip is not among the strongest"
        );
        let first = best_face(&spots[..MOST_SPOTS], 40.0, (50.0, 50.0), None).expect("a face");
        assert_ne!(first.value, 6);
        let (weighed, fit) = fit_face(spots, 40.0, (50.0, 50.0), None).expect("a face");
        assert_eq!(fit.value, 6);
        assert_eq!(fit.chosen.count_ones(), 6);
        assert!(
            fit.pips(&weighed).iter().all(|s| s.colour == PIP_RED),
            "the 6's pips are the red spots"
        );
    }

    #[test]
    fn a_squeezed_six_is_still_a_six() {
        // A 6 whose rows are closer than its columns (as many dice have them).
        let places = [
            (1.4, 1.0),
            (-1.4, 1.0),
            (1.4, 0.0),
            (-1.4, 0.0),
            (1.4, -1.0),
            (-1.4, -1.0),
        ];
        let spots = face_spots(&places, 6.0, 0.5, 60.0);
        assert_eq!(
            best_face(&spots, 40.0, (50.0, 50.0), None).map(|f| f.value),
            Some(6)
        );
    }

    #[test]
    fn a_glint_or_a_side_face_pip_off_the_grid_is_left_out() {
        // A 4, a weaker glint near its middle-left and a pip of a side face beyond its edge.
        let mut spots = face_spots(FACES[3].1, 7.0, 0.2, 90.0);
        spots.push(Spot {
            x: 44.0,
            y: 52.0,
            strength: 40.0,
            colour: PIP_RED,
        });
        spots.push(Spot {
            x: 72.0,
            y: 50.0,
            strength: 45.0,
            colour: PIP_RED,
        });
        let spots = strongest_first(spots);
        let fit = best_face(&spots, 40.0, (50.0, 50.0), None).expect("a face");
        assert_eq!(fit.value, 4);
    }

    #[test]
    fn a_one_and_a_side_face_pip_straight_across_an_edge_make_no_two() {
        // A 1 and, straight out across the die's right edge, a pip of a side face: on a turned
        // square grid they would make a 2, but a 2's pips lie on the die's diagonal.
        let one_and_side = strongest_first(vec![
            Spot {
                x: 50.0,
                y: 50.0,
                strength: 80.0,
                colour: PIP_RED,
            },
            Spot {
                x: 64.0,
                y: 50.0,
                strength: 70.0,
                colour: PIP_RED,
            },
        ]);
        let square = Some(Turn {
            angle: 0.0,
            squareness: 0.6,
        });
        let read =
            |spots: &[Spot], turn| best_face(spots, 40.0, (50.0, 50.0), turn).map(|f| f.value);
        assert_eq!(read(&one_and_side, None), Some(2), "without the die's turn");
        assert_eq!(read(&one_and_side, square), Some(1));
        // The same die's 2, on its diagonal, is still a 2.
        let two = face_spots(FACES[1].1, 5.0, 0.0, 75.0);
        assert_eq!(read(&two, square), Some(2));
    }

    /// A light picture with a dark square of half-side `half` turned by `turn` radians, centred at
    /// (30, 30), and the pixels inside the square.
    fn turned_square(turn: f32, half: f32) -> (Vec<[u8; 3]>, Vec<bool>) {
        let (sin, cos) = turn.sin_cos();
        let mut pixels = vec![[200u8; 3]; 60 * 60];
        let mut inside = vec![false; 60 * 60];
        for y in 0..60 {
            for x in 0..60 {
                let (dx, dy) = (x as f32 - 30.0, y as f32 - 30.0);
                let (u, v) = (dx * cos + dy * sin, -dx * sin + dy * cos);
                if u.abs() <= half && v.abs() <= half {
                    pixels[y * 60 + x] = [60, 40, 40];
                }
                inside[y * 60 + x] = u.abs() <= half + 1.5 && v.abs() <= half + 1.5;
            }
        }
        (pixels, inside)
    }

    #[test]
    fn a_die_s_turn_is_told_from_its_edges() {
        for turn in [-0.6f32, 0.0, 0.35] {
            let (pixels, inside) = turned_square(turn, 15.0);
            let told = die_turn(&pixels, &inside, 60, 60).expect("edges");
            assert!(
                quarter_turn_off(told.angle, turn) < 0.05,
                "turned {turn}, told {}",
                told.angle
            );
            assert!(told.squareness > 0.5, "squareness {}", told.squareness);
        }
        // A round blob has no turn to speak of.
        let mut pixels = vec![[200u8; 3]; 60 * 60];
        for y in 0..60 {
            for x in 0..60 {
                if (x as f32 - 30.0).hypot(y as f32 - 30.0) <= 15.0 {
                    pixels[y * 60 + x] = [60, 40, 40];
                }
            }
        }
        let round = die_turn(&pixels, &[true; 3600], 60, 60).expect("edges");
        assert!(round.squareness < 0.2, "squareness {}", round.squareness);
    }

    #[test]
    fn a_five_with_one_pip_far_stronger_is_still_a_five() {
        // One pip of a marbled die's 5 lies on the pale part of the swirl and stands out three
        // times as much as the others, on the dark part.
        let mut spots = face_spots(FACES[4].1, 9.0, 0.3, 20.0);
        spots[0].strength = 66.0;
        let spots = strongest_first(spots);
        assert_eq!(
            best_face(&spots, 40.0, (50.0, 50.0), None).map(|f| f.value),
            Some(5)
        );
    }

    #[test]
    fn a_strong_lone_pip_is_a_one_despite_a_weak_spot() {
        let spots = strongest_first(vec![
            Spot {
                x: 50.0,
                y: 51.0,
                strength: 110.0,
                colour: PIP_RED,
            },
            Spot {
                x: 62.0,
                y: 63.0,
                strength: 30.0,
                colour: PIP_RED,
            },
        ]);
        assert_eq!(
            best_face(&spots, 40.0, (50.0, 50.0), None).map(|f| f.value),
            Some(1)
        );
    }

    #[test]
    fn a_two_with_a_fainter_pip_and_a_glint_between_is_still_a_two() {
        // As on a purple die photographed on 2019-12-09: one pip half as strong as the other,
        // and a glint between them, off the middle, a third as strong as the first.
        let spot = |x: f32, y: f32, strength: f32| Spot {
            x,
            y,
            strength,
            colour: [200.0, 190.0, 200.0],
        };
        let spots = strongest_first(vec![
            spot(24.5, 24.5, 87.0),
            spot(15.5, 15.5, 42.0),
            spot(21.0, 17.5, 30.5),
        ]);
        assert_eq!(
            best_face(&spots, 28.0, (20.0, 20.0), None).map(|f| f.value),
            Some(2)
        );
    }

    #[test]
    fn a_glint_beside_a_red_pip_leaves_it_a_one() {
        // A red 1 with a white glint where a 2's second pip could be; a red spot there is a 2.
        let with = |colour: [f32; 3]| {
            let spots = vec![
                Spot {
                    x: 50.0,
                    y: 50.0,
                    strength: 100.0,
                    colour: PIP_RED,
                },
                Spot {
                    x: 61.0,
                    y: 61.0,
                    strength: 90.0,
                    colour,
                },
            ];
            best_face(&spots, 40.0, (52.0, 52.0), None).map(|f| f.value)
        };
        assert_eq!(with([240.0, 240.0, 240.0]), Some(1), "a glint");
        assert_eq!(with([190.0, 50.0, 45.0]), Some(2), "a second red pip");
    }

    #[test]
    fn a_swirl_of_another_tint_in_a_four_s_middle_leaves_it_a_four() {
        // Four purplish red pips and, in the middle, a blue swirl that stands out as much.
        let mut spots = face_spots(FACES[3].1, 7.0, 0.3, 60.0);
        for s in &mut spots {
            s.colour = [90.0, 28.0, 65.0];
        }
        let swirl = |colour| Spot {
            x: 50.0,
            y: 50.0,
            strength: 60.0,
            colour,
        };
        let with = |colour: [f32; 3]| {
            let mut all = spots.clone();
            all.push(swirl(colour));
            best_face(&all, 40.0, (50.0, 50.0), None).map(|f| f.value)
        };
        assert_eq!(with([10.0, 87.0, 130.0]), Some(4), "a blue swirl");
        assert_eq!(with([95.0, 30.0, 62.0]), Some(5), "a pip of the same tint");
    }

    #[test]
    fn spots_too_close_or_too_far_for_the_die_make_no_two() {
        // Two pips 4 px apart on a 40 px die: far below a face's grid.
        let spots = face_spots(&[(1.0, 1.0), (-1.0, -1.0)], 1.4, 0.0, 80.0);
        assert_ne!(
            best_face(&spots, 40.0, (50.0, 50.0), None).map(|f| f.value),
            Some(2)
        );
    }

    /// Red pips of one strength at `places` (crop pixels), and the fit of a face of `value`
    /// with its middle at (20, 20) and a grid step of `step` pixels, unturned.
    fn fitted(value: u8, places: &[(f32, f32)], step: f32, strength: f32) -> (Vec<Spot>, FaceFit) {
        let pips = places
            .iter()
            .map(|&(x, y)| Spot {
                x,
                y,
                strength,
                colour: PIP_RED,
            })
            .collect();
        let fit = FaceFit {
            value,
            chosen: (1 << places.len()) - 1,
            confidence: 1.0,
            centre: (20.0, 20.0),
            map: Some([step, 0.0, 0.0, step]),
        };
        (pips, fit)
    }

    #[test]
    fn a_middle_pip_the_spots_missed_is_found_on_the_grid() {
        let corners = [(26.0, 26.0), (14.0, 14.0), (26.0, 14.0), (14.0, 26.0)];
        let (corners, four) = fitted(4, &corners, 6.0, 80.0);
        let (pw, ph) = (40, 40);
        let body = [30u8, 60, 160];
        let red = [200u8, 40, 40];
        // The 3×3 pixels around a place.
        let around = |x: usize, y: usize| -> Vec<(usize, usize)> {
            (x - 1..=x + 1)
                .flat_map(|px| (y - 1..=y + 1).map(move |py| (px, py)))
                .collect()
        };
        // Places whose response stands out, and places of a colour `share` of the way from
        // the body's to the pips'.
        let with_look = |standing: &[(usize, usize)], coloured: &[(usize, usize)], share: f32| {
            let mut response = vec![f32::MIN; pw * ph];
            for &(x, y) in standing {
                response[y * pw + x] = 60.0;
            }
            let mut pixels = vec![body; pw * ph];
            let tint: [u8; 3] = std::array::from_fn(|c| {
                (f32::from(body[c]) + share * (f32::from(red[c]) - f32::from(body[c]))) as u8
            });
            for &(x, y) in coloured {
                for (px, py) in around(x, y) {
                    pixels[py * pw + px] = tint;
                }
            }
            let pips: Vec<&Spot> = corners.iter().collect();
            let looks = Looks {
                pixels: &pixels,
                response: &response,
                body,
            };
            missing_pips(&four, &pips, &looks, pw, ph, 40.0)
        };
        // A pip that stands out and is somewhat of the pips' colour.
        let with = |places: &[(usize, usize)]| with_look(places, places, 0.45);
        assert_eq!(with(&[]), None, "a plain 4");
        assert_eq!(with(&[(20, 20)]), Some(5));
        assert_eq!(with(&[(26, 20), (14, 20)]), Some(6));
        assert_eq!(with(&[(20, 26), (20, 14)]), Some(6), "the other turn");
        assert_eq!(with(&[(26, 20)]), None, "half a middle row is not a 6");
        // Standing out in the body's colour (a dark swirl): not a pip.
        assert_eq!(with_look(&[(20, 20)], &[], 0.0), None, "a swirl");
        // Pips packed so close that they hardly stand out: their colour tells them.
        let middle_row = [(26, 20), (14, 20)];
        assert_eq!(
            with_look(&[], &middle_row, 1.0),
            Some(6),
            "a red middle row"
        );
        assert_eq!(with_look(&[], &[(20, 20)], 1.0), Some(5), "a red middle");
        assert_eq!(
            with_look(&[], &[(26, 20)], 1.0),
            None,
            "half a red middle row"
        );
    }

    #[test]
    fn the_blur_between_a_two_s_close_pips_is_no_middle_pip() {
        // A 2 on a dark die, its red pips 11 pixels apart (grid step 4).
        let (pw, ph) = (40, 40);
        let (body, red) = ([60u8, 55, 55], [200u8, 40, 40]);
        let ends = [(24.0f32, 24.0f32), (16.0, 16.0)];
        let (spots, two) = fitted(2, &ends, 4.0, 40.0);
        let paint = |share: &dyn Fn(f32, f32) -> f32| -> Vec<[u8; 3]> {
            (0..pw * ph)
                .map(|i| {
                    let t = share((i % pw) as f32, (i / pw) as f32).min(1.0);
                    std::array::from_fn(|c| {
                        (f32::from(body[c]) + t * (f32::from(red[c]) - f32::from(body[c]))) as u8
                    })
                })
                .collect()
        };
        let read = |pixels: &[[u8; 3]]| {
            let response = vec![0.0; pw * ph];
            let looks = Looks {
                pixels,
                response: &response,
                body,
            };
            let pips: Vec<&Spot> = spots.iter().collect();
            missing_pips(&two, &pips, &looks, pw, ph, 40.0)
        };
        // Blurred pips: each spreads (σ = 4 pixels), and the two overlap in the middle, which
        // is three quarters of the way to red, but less than the diagonal beside it.
        let blurred = paint(&|x, y| {
            ends.iter()
                .map(|&(px, py)| (-((x - px).powi(2) + (y - py).powi(2)) / 32.0).exp())
                .sum()
        });
        assert_eq!(read(&blurred), None, "the blur between two pips");
        // Three sharp pips: the middle is a peak of red.
        let three = paint(&|x, y| {
            let near = |px: f32, py: f32| (x - px).abs() <= 1.0 && (y - py).abs() <= 1.0;
            if near(24.0, 24.0) || near(16.0, 16.0) || near(20.0, 20.0) {
                1.0
            } else {
                0.0
            }
        });
        assert_eq!(read(&three), Some(3), "a middle pip");
    }

    #[test]
    fn a_dark_red_pip_on_a_brown_die_stands_out_in_red_less_green() {
        // No channel alone differs by more than 30, but red less green differs by 50.
        let (pw, ph) = (40, 40);
        let mut pixels = vec![[90u8, 70, 60]; pw * ph];
        for y in 17..=23 {
            for x in 17..=23 {
                pixels[y * pw + x] = [110, 40, 50];
            }
        }
        let response = pip_response(&pixels, &Outline::whole(pw, ph), pw, ph, 40.0);
        let at_pip = response[20 * pw + 20];
        assert!(at_pip > 40.0, "the pip's response is {at_pip}");
        assert!(
            response[5 * pw + 30] < 1.0,
            "the plain body does not stand out"
        );
    }

    #[test]
    fn red_pips_on_a_smoky_die_s_speckled_body_are_each_a_spot() {
        // A smoky die's 4 (as photographed on 2019-12-09): small dark red pips 9 pixels apart
        // on a 29-pixel die whose translucent body is speckled with grey light and shade
        // (±40 in every channel alike), which makes any ring's spread in R, G and B large.
        let (pw, ph, side) = (36, 36, 29.0);
        let pips = [(13.5, 13.5), (22.5, 13.5), (13.5, 22.5), (22.5, 22.5)];
        let (body, red) = ([75.0, 60.0, 55.0], [90.0, 30.0, 40.0]);
        let pixels: Vec<[u8; 3]> = (0..pw * ph)
            .map(|i| {
                let (x, y) = ((i % pw) as f32 + 0.5, (i / pw) as f32 + 0.5);
                let near = pips
                    .iter()
                    .map(|&(px, py)| (-((x - px).powi(2) + (y - py).powi(2)) / 4.0).exp())
                    .fold(0.0f32, f32::max);
                let share = (1.3 * near).min(1.0);
                // Grey speckle: a fixed scramble of the pixel's index, -40 to 40.
                let speckle = ((i * 7919 + 13) % 81) as f32 - 40.0;
                std::array::from_fn(|c| {
                    (body[c] + share * (red[c] - body[c]) + (1.0 - share) * speckle) as u8
                })
            })
            .collect();
        let response = pip_response(&pixels, &Outline::whole(pw, ph), pw, ph, side);
        let spots = pip_spots(&response, &pixels, pw, ph, side);
        for (px, py) in pips {
            assert!(
                spots
                    .iter()
                    .any(|s| (s.x + 0.5 - px).hypot(s.y + 0.5 - py) <= 1.5),
                "no spot at the pip at {px},{py}: {spots:?}"
            );
        }
        assert_eq!(spots.len(), 4, "the speckle makes no spot: {spots:?}");
    }

    #[test]
    fn the_hull_covers_a_notched_outline() {
        // A square with a notch in its top edge (a light pip at the die's edge).
        let (w, h) = (8, 6);
        let mut own = vec![false; w * h];
        for y in 1..5 {
            for x in 1..7 {
                own[y * w + x] = !(y == 1 && (3..5).contains(&x));
            }
        }
        let Outline { inside, runs } = hull_inside(&own, w, h);
        assert!(
            inside[w + 3] && inside[w + 4],
            "the notch is inside the outline"
        );
        assert!(
            !inside[0] && !inside[5 * w + 7],
            "the corners outside are not"
        );
        // Each row's run is its inside's first and last pixel.
        for (y, run) in runs.iter().enumerate() {
            let row = &inside[y * w..(y + 1) * w];
            let first_last = row
                .iter()
                .position(|&i| i)
                .zip(row.iter().rposition(|&i| i));
            assert_eq!(*run, first_last, "row {y}");
        }
        assert_eq!(
            runs[1],
            Some((1, 6)),
            "the notched row runs across the notch"
        );
    }
}
