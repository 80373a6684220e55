//! The firmware core over recorded-style traces (issue: smart dice, points 2 and 8): rolls onto
//! every face, handling, turning by hand, nudges, crooked landings, noise, a sensor mounted
//! askew; and how soon a settled roll is reported.

use foreman_dice_core::trace::{self, Rng};
use foreman_dice_core::{Calibration, Config, DieCore, Report, RollState};

const NOISE: i32 = 20;

struct Run {
    core: DieCore,
    reports: Vec<Report>,
    samples: u64,
}

impl Run {
    fn new() -> Run {
        Run {
            core: DieCore::new(Config::default(), Calibration::default()),
            reports: Vec::new(),
            samples: 0,
        }
    }
    fn emit(&mut self) -> impl FnMut([i16; 3]) + '_ {
        |s| {
            self.samples += 1;
            if let Some(r) = self.core.step(s) {
                self.reports.push(r);
            }
        }
    }
    fn rolled(&self) -> Vec<(u8, u32)> {
        self.reports
            .iter()
            .filter(|r| r.state == RollState::Rolled)
            .map(|r| (r.face, r.roll_id))
            .collect()
    }
}

fn normal(face: u8) -> [i32; 3] {
    Calibration::default().normals[usize::from(face - 1)]
}

#[test]
fn a_roll_onto_each_face_reports_that_face_once() {
    let mut rng = Rng::new(1);
    let mut run = Run::new();
    trace::rest(&mut rng, normal(1), 50, NOISE, &mut run.emit());
    for (k, face) in [1u8, 2, 3, 4, 5, 6, 6, 3].into_iter().enumerate() {
        trace::roll(&mut rng, normal(face), NOISE, &mut run.emit());
        trace::rest(&mut rng, normal(face), 200, NOISE, &mut run.emit());
        assert_eq!(
            run.rolled().last(),
            Some(&(face, k as u32 + 1)),
            "{:?}",
            run.reports
        );
    }
    assert_eq!(
        run.rolled().len(),
        8,
        "one result per roll: {:?}",
        run.rolled()
    );
}

#[test]
fn picking_the_die_up_and_putting_it_down_is_not_a_roll() {
    let mut rng = Rng::new(2);
    let mut run = Run::new();
    trace::rest(&mut rng, normal(4), 50, NOISE, &mut run.emit());
    assert_eq!(run.core.state(), RollState::OnFace);
    // Up, moved around gently, down on the same face.
    let side = trace::leaning(normal(4), normal(2));
    trace::handle(&mut rng, normal(4), side, 60, NOISE, &mut run.emit());
    trace::handle(&mut rng, side, normal(4), 60, NOISE, &mut run.emit());
    trace::rest(&mut rng, normal(4), 100, NOISE, &mut run.emit());
    assert!(run.rolled().is_empty(), "{:?}", run.reports);
    assert!(run.reports.iter().any(|r| r.state == RollState::Handling));
    assert_eq!((run.core.state(), run.core.face()), (RollState::OnFace, 4));
    assert_eq!(run.core.roll_id(), 0);
}

#[test]
fn turning_the_die_by_hand_shows_the_new_face_without_a_roll() {
    let mut rng = Rng::new(3);
    let mut run = Run::new();
    trace::rest(&mut rng, normal(1), 50, NOISE, &mut run.emit());
    trace::handle(&mut rng, normal(1), normal(3), 80, NOISE, &mut run.emit());
    trace::rest(&mut rng, normal(3), 100, NOISE, &mut run.emit());
    assert!(run.rolled().is_empty());
    assert_eq!((run.core.state(), run.core.face()), (RollState::OnFace, 3));
}

#[test]
fn a_crooked_landing_is_never_reported_as_a_face() {
    let mut rng = Rng::new(4);
    let mut run = Run::new();
    trace::rest(&mut rng, normal(6), 50, NOISE, &mut run.emit());
    for (a, b) in [(1u8, 2u8), (3, 5), (4, 6)] {
        let lean = trace::leaning(normal(a), normal(b));
        trace::roll(&mut rng, lean, NOISE, &mut run.emit());
        trace::rest(&mut rng, lean, 200, NOISE, &mut run.emit());
        assert_eq!((run.core.state(), run.core.face()), (RollState::Crooked, 0));
    }
    assert!(run.rolled().is_empty(), "{:?}", run.rolled());
    // Straightened by hand afterwards: a face, but not a roll.
    let lean = trace::leaning(normal(4), normal(6));
    trace::handle(&mut rng, lean, normal(6), 40, NOISE, &mut run.emit());
    trace::rest(&mut rng, normal(6), 100, NOISE, &mut run.emit());
    assert_eq!((run.core.state(), run.core.face()), (RollState::OnFace, 6));
    assert!(run.rolled().is_empty());
}

#[test]
fn noise_and_a_nudge_at_rest_report_no_roll() {
    let mut rng = Rng::new(5);
    let mut run = Run::new();
    trace::rest(&mut rng, normal(2), 50, NOISE, &mut run.emit());
    trace::roll(&mut rng, normal(5), NOISE, &mut run.emit());
    trace::rest(&mut rng, normal(5), 1000, NOISE, &mut run.emit());
    let after_roll = run.reports.len();
    // Ten seconds of sensor noise: nothing new.
    trace::rest(&mut rng, normal(5), 1000, 30, &mut run.emit());
    assert_eq!(run.reports.len(), after_roll);
    // A nudge: a small knock that does not move the die.
    let mut e = run.emit();
    e([0, -1000 + 150, 40]);
    e([0, -1000 - 120, -30]);
    drop(e);
    trace::rest(&mut rng, normal(5), 100, NOISE, &mut run.emit());
    assert_eq!(run.rolled(), vec![(5, 1)]);
    assert_eq!(run.core.face(), 5);
}

#[test]
fn a_sensor_mounted_askew_reads_right_once_calibrated() {
    let mut rng = Rng::new(6);
    let mut run = Run::new();
    // Calibration: each face up in turn, its reading recorded.
    for face in 1..=6u8 {
        assert!(run.core.calibrate(face, trace::tilted(normal(face))));
    }
    for face in [2u8, 5, 1, 6, 3, 4] {
        trace::roll(
            &mut rng,
            trace::tilted(normal(face)),
            NOISE,
            &mut run.emit(),
        );
        trace::rest(
            &mut rng,
            trace::tilted(normal(face)),
            150,
            NOISE,
            &mut run.emit(),
        );
        assert_eq!(run.rolled().last().map(|r| r.0), Some(face));
    }
    assert!(!run.core.calibrate(7, normal(1)), "a d6 has no face 7");
}

/// Issue point 8: a settled roll is reported within 150 ms of the die coming to rest, at the
/// core's sample rate. Measured over 600 rolls; the worst case is printed.
#[test]
fn a_settled_roll_is_reported_within_150_ms() {
    let cfg = Config::default();
    let mut rng = Rng::new(7);
    let mut run = Run::new();
    let mut worst = 0u64;
    let mut total = 0u64;
    for k in 0..600u32 {
        let face = (k % 6) as u8 + 1;
        trace::roll(&mut rng, normal(face), NOISE, &mut run.emit());
        let rest_from = run.samples;
        trace::rest(&mut rng, normal(face), 100, NOISE, &mut run.emit());
        let r = run
            .reports
            .iter()
            .rev()
            .find(|r| r.state == RollState::Rolled)
            .expect("reported");
        assert_eq!(r.face, face);
        let ms = (r.at_sample - rest_from) * 1000 / u64::from(cfg.sample_hz);
        worst = worst.max(ms);
        total += ms;
    }
    eprintln!(
        "settled roll reported after {} ms on average, {worst} ms at worst (at {} Hz)",
        total / 600,
        cfg.sample_hz
    );
    assert!(worst <= 150, "worst {worst} ms");
}
