//! Recorded-style motion for tests and the simulator: a deterministic generator of what a d6's
//! accelerometer reads while it rests, is rolled (free fall, tumbling, bounces, settling), is
//! handled gently, or lands leaning on something. Integer maths, `no_std`.

use crate::isqrt;

/// xorshift64*: small, deterministic, good enough for motion noise.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        let span = (i64::from(hi) - i64::from(lo) + 1) as u64;
        lo + (self.next_u64() % span) as i32
    }
}

fn clamp16(v: i32) -> i16 {
    v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
}

fn with_noise(rng: &mut Rng, v: [i32; 3], noise: i32) -> [i16; 3] {
    v.map(|c| clamp16(c + rng.range(-noise, noise)))
}

/// Scales `v` to length `len` (milli-g).
pub fn scaled(v: [i32; 3], len: i32) -> [i32; 3] {
    let n = isqrt(v.iter().map(|&c| i64::from(c) * i64::from(c)).sum());
    if n == 0 {
        return [0, 0, len];
    }
    v.map(|c| (i64::from(c) * i64::from(len) / n) as i32)
}

/// The die at rest reading `g` for `samples`, with sensor noise of ±`noise` mg.
pub fn rest(rng: &mut Rng, g: [i32; 3], samples: u32, noise: i32, emit: &mut impl FnMut([i16; 3])) {
    for _ in 0..samples {
        emit(with_noise(rng, g, noise));
    }
}

/// A throw that ends reading `to` at rest: free fall, tumbling with bounces, settling.
/// Returns nothing; the die is at rest from the next sample on.
pub fn roll(rng: &mut Rng, to: [i32; 3], noise: i32, emit: &mut impl FnMut([i16; 3])) {
    // Leaving the hand: a short free fall.
    for _ in 0..rng.range(4, 10) {
        emit(with_noise(rng, [0, 0, 0], 60));
    }
    // Tumbling: the measured vector spins and jumps; a bounce now and then.
    let tumble = rng.range(30, 90);
    for i in 0..tumble {
        let len = if i % 17 == 5 {
            rng.range(2500, 6000)
        } else {
            rng.range(600, 1800)
        };
        let v = [
            rng.range(-1000, 1000),
            rng.range(-1000, 1000),
            rng.range(-1000, 1000),
        ];
        emit(with_noise(rng, scaled(v, len), noise));
    }
    // Settling: rocking towards the final face, shrinking.
    let mut wobble = 300;
    while wobble > 20 {
        let v = [
            to[0] + rng.range(-wobble, wobble),
            to[1] + rng.range(-wobble, wobble),
            to[2] + rng.range(-wobble, wobble),
        ];
        emit(with_noise(rng, scaled(v, 1000), noise));
        wobble = wobble * 2 / 3;
    }
}

/// Picked up and put down by hand, moving slowly from reading `from` to reading `to` over
/// `samples` (a gentle path: no free fall, no shock).
pub fn handle(
    rng: &mut Rng,
    from: [i32; 3],
    to: [i32; 3],
    samples: u32,
    noise: i32,
    emit: &mut impl FnMut([i16; 3]),
) {
    let n = samples.max(2) as i64;
    for k in 0..=n {
        let v =
            [0, 1, 2].map(|i| (i64::from(from[i]) * (n - k) / n + i64::from(to[i]) * k / n) as i32);
        // Lifting adds a little acceleration; the hand trembles.
        let lift = if k < n / 4 { 120 } else { 0 };
        emit(with_noise(rng, scaled(v, 1000 + lift), noise));
    }
}

/// A reading halfway between two faces' normals: the die leans on something.
pub fn leaning(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    scaled([a[0] + b[0], a[1] + b[1], a[2] + b[2]], 1000)
}

/// `v` turned by about 10° about the X axis (a sensor mounted askew in the die).
pub fn tilted(v: [i32; 3]) -> [i32; 3] {
    // cos 10° = 0.985, sin 10° = 0.174.
    [
        v[0],
        (v[1] * 985 - v[2] * 174) / 1000,
        (v[1] * 174 + v[2] * 985) / 1000,
    ]
}
