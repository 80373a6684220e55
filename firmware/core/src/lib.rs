//! A smart d6's logic, independent of any board: accelerometer samples (milli-g, in the die's
//! own axes) go in, roll-state changes come out. `no_std`, no allocation, integer maths only,
//! so it runs the same on the microcontroller and in the host's tests.
//!
//! - The face up is the calibrated face normal closest to the measured gravity (largest dot
//!   product); it counts only when the angle to it is within the tilt threshold, otherwise the
//!   die is **crooked** and no face is reported.
//! - The die is **still** when, for a window of samples, each sample moves little from the last
//!   (agitation), the vector stays near where the window began (drift), and its length stays
//!   near 1 g (neither thrown nor falling).
//! - A **roll** is real tumbling: a shock, free fall or strong agitation. A die moved gently
//!   (picked up, turned by hand, nudged) is **handling**; when it comes to rest it is reported
//!   **on face**, never as a roll.

#![no_std]

pub mod board;
pub mod trace;

pub use foreman_dice_protocol::RollState;

/// Tuning, in milli-g and samples.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// Samples per second (the accelerometer's data rate).
    pub sample_hz: u16,
    /// Consecutive still samples before the die counts as at rest.
    pub still_window: u8,
    /// Largest change between two samples that is still "still".
    pub still_agitation_mg: i32,
    /// Largest drift from the window's first sample.
    pub still_drift_mg: i32,
    /// How far |a| may be from 1 g at rest.
    pub gravity_tolerance_mg: i32,
    /// Agitation above this is tumbling (a roll), below it handling.
    pub roll_agitation_mg: i32,
    /// |a| below this is free fall, above `shock_mg` a bounce: both are a roll.
    pub free_fall_mg: i32,
    pub shock_mg: i32,
    /// cos of the largest tilt from a face normal still read as that face, in thousandths
    /// (906 ≈ 25°; the faces of a d6 are 90° apart).
    pub flat_cos_milli: i32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            sample_hz: 100,
            still_window: 8,
            still_agitation_mg: 90,
            still_drift_mg: 80,
            gravity_tolerance_mg: 150,
            roll_agitation_mg: 450,
            free_fall_mg: 350,
            shock_mg: 2200,
            flat_cos_milli: 906,
        }
    }
}

/// The reading each face gives when it is up: gravity in the die's axes, milli-g.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Calibration {
    pub normals: [[i32; 3]; 6],
}

impl Default for Calibration {
    /// A standard d6 (opposite faces add to 7) with the sensor's axes square to its faces:
    /// 1 on +Z, 6 on −Z, 2 on +Y, 5 on −Y, 3 on +X, 4 on −X.
    fn default() -> Self {
        Calibration {
            normals: [
                [0, 0, 1000],
                [0, 1000, 0],
                [1000, 0, 0],
                [-1000, 0, 0],
                [0, -1000, 0],
                [0, 0, -1000],
            ],
        }
    }
}

/// A change of the die's state, to send to the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    pub state: RollState,
    /// 1–6, or 0 when no face is up (rolling, handling, crooked).
    pub face: u8,
    /// Counts real rolls: grows by one with each `Rolled`.
    pub roll_id: u32,
    /// The sample index (since start) of this report.
    pub at_sample: u64,
}

fn dot(a: [i32; 3], b: [i32; 3]) -> i64 {
    a.iter()
        .zip(b)
        .map(|(&x, y)| i64::from(x) * i64::from(y))
        .sum()
}

fn norm2(a: [i32; 3]) -> i64 {
    dot(a, a)
}

/// The die's logic.
#[derive(Debug, Clone)]
pub struct DieCore {
    cfg: Config,
    cal: Calibration,
    state: RollState,
    face: u8,
    roll_id: u32,
    samples: u64,
    last: Option<[i32; 3]>,
    anchor: [i32; 3],
    still: u8,
    /// Real tumbling since the die last rested.
    tumbled: bool,
    /// Strong-agitation samples in a row (two make a roll).
    agitated: u8,
}

impl DieCore {
    pub fn new(cfg: Config, cal: Calibration) -> DieCore {
        DieCore {
            cfg,
            cal,
            state: RollState::Handling,
            face: 0,
            roll_id: 0,
            samples: 0,
            last: None,
            anchor: [0; 3],
            still: 0,
            tumbled: false,
            agitated: 0,
        }
    }

    pub fn state(&self) -> RollState {
        self.state
    }
    pub fn face(&self) -> u8 {
        self.face
    }
    pub fn roll_id(&self) -> u32 {
        self.roll_id
    }
    pub fn calibration(&self) -> Calibration {
        self.cal
    }

    /// The face closest to `a` and the cosine of the angle to it (thousandths).
    pub fn nearest_face(&self, a: [i32; 3]) -> (u8, i32) {
        let mut best = (0u8, i64::MIN);
        for (i, n) in self.cal.normals.iter().enumerate() {
            let d = dot(a, *n);
            if d > best.1 {
                best = (i as u8 + 1, d);
            }
        }
        let (face, d) = best;
        let n = self.cal.normals[usize::from(face - 1)];
        let denom = isqrt(norm2(a)) * isqrt(norm2(n));
        let cos = if denom == 0 {
            0
        } else {
            (d * 1000 / denom) as i32
        };
        (face, cos)
    }

    /// Records the reading `a` (the die at rest with `face` up) as that face's normal.
    pub fn calibrate(&mut self, face: u8, a: [i32; 3]) -> bool {
        match self.cal.normals.get_mut(usize::from(face).wrapping_sub(1)) {
            Some(n) if norm2(a) > 0 => {
                *n = a;
                true
            }
            _ => false,
        }
    }

    fn report(&mut self, state: RollState, face: u8) -> Option<Report> {
        if state == self.state && face == self.face && state != RollState::Rolled {
            return None;
        }
        self.state = state;
        self.face = face;
        Some(Report {
            state,
            face,
            roll_id: self.roll_id,
            at_sample: self.samples,
        })
    }

    /// One accelerometer sample (milli-g); a report when the state changes.
    pub fn step(&mut self, sample: [i16; 3]) -> Option<Report> {
        let a = sample.map(i32::from);
        self.samples += 1;
        let last = self.last.replace(a).unwrap_or(a);
        let agitation = (0..3).map(|i| (a[i] - last[i]).abs()).max().unwrap_or(0);
        let mag = isqrt(norm2(a)) as i32;
        let c = self.cfg;
        let violent = mag < c.free_fall_mg || mag > c.shock_mg;
        if agitation > c.roll_agitation_mg {
            self.agitated = self.agitated.saturating_add(1);
        } else {
            self.agitated = 0;
        }
        if violent || self.agitated >= 2 {
            self.tumbled = true;
            self.still = 0;
            return self.report(RollState::Rolling, 0);
        }
        let drift = (0..3)
            .map(|i| (a[i] - self.anchor[i]).abs())
            .max()
            .unwrap_or(0);
        let calm =
            agitation <= c.still_agitation_mg && (mag - 1000).abs() <= c.gravity_tolerance_mg;
        if !calm || (self.still > 0 && drift > c.still_drift_mg) {
            self.still = 0;
            if !calm && self.state != RollState::Rolling {
                // Moved gently: handling (a roll in progress stays a roll).
                return self.report(RollState::Handling, 0);
            }
        }
        if self.still == 0 {
            self.anchor = a;
        }
        self.still = self.still.saturating_add(1);
        if self.still != c.still_window {
            return None;
        }
        // At rest: read the face.
        let (face, cos) = self.nearest_face(a);
        let tumbled = core::mem::replace(&mut self.tumbled, false);
        if cos < c.flat_cos_milli {
            return self.report(RollState::Crooked, 0);
        }
        if tumbled {
            self.roll_id = self.roll_id.wrapping_add(1);
            self.report(RollState::Rolled, face)
        } else if self.state == RollState::Rolled && self.face == face {
            // Still the same result (a nudge that did not move it).
            None
        } else {
            self.report(RollState::OnFace, face)
        }
    }
}

/// Integer square root (floor).
pub fn isqrt(v: i64) -> i64 {
    if v <= 0 {
        return 0;
    }
    let mut x = v;
    let mut y = (x + 1) / 2;
    while y < x {
        x = y;
        y = (x + v / x) / 2;
    }
    x
}
