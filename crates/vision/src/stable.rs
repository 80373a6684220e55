//! From frames to rolls: a roll is reported only once the dice have stayed in place for a few
//! frames and their readings agree, so a die still tumbling is never reported.

use super::SeenDie;
use std::collections::VecDeque;

/// A settled roll: every die in place, each value the one most frames agreed on.
#[derive(Debug, Clone, PartialEq)]
pub struct StableRoll {
    pub dice: Vec<SeenDie>,
}

/// Votes over the last frames.
#[derive(Debug, Clone)]
pub struct Stabiliser {
    frames: usize,
    history: VecDeque<Vec<SeenDie>>,
    /// The scene last reported: not reported again until it changes.
    reported: bool,
}

impl Stabiliser {
    /// `frames`: how many frames in a row the dice must stay in place (at least 2).
    pub fn new(frames: usize) -> Stabiliser {
        Stabiliser {
            frames: frames.max(2),
            history: VecDeque::new(),
            reported: false,
        }
    }

    /// Takes one frame's dice; returns a roll the first time the scene is settled.
    pub fn push(&mut self, dice: Vec<SeenDie>) -> Option<StableRoll> {
        let moved = self
            .history
            .back()
            .is_none_or(|last| !same_places(last, &dice));
        if moved {
            self.history.clear();
            self.reported = false;
        }
        self.history.push_back(dice);
        while self.history.len() > self.frames {
            self.history.pop_front();
        }
        if self.reported || self.history.len() < self.frames {
            return None;
        }
        let latest = self.history.back()?;
        if latest.is_empty() {
            return None;
        }
        let mut voted = Vec::with_capacity(latest.len());
        for die in latest {
            let mut votes = [0usize; 7];
            for frame in &self.history {
                if let Some(d) = frame.iter().find(|d| near(d, die)) {
                    votes[usize::from(d.value.min(6))] += 1;
                }
            }
            let (value, count) = votes
                .iter()
                .enumerate()
                .max_by_key(|(_, c)| **c)
                .map(|(v, c)| (v as u8, *c))
                .unwrap_or((die.value, 0));
            // The readings must agree: a clear majority of the frames.
            if count * 3 < self.history.len() * 2 {
                return None;
            }
            voted.push(SeenDie {
                value,
                confidence: die.confidence * count as f32 / self.history.len() as f32,
                ..*die
            });
        }
        self.reported = true;
        Some(StableRoll { dice: voted })
    }
}

/// Two dice are the same die in two frames when their centres are within a quarter side.
fn near(a: &SeenDie, b: &SeenDie) -> bool {
    let reach = 0.25 * a.size.max(b.size).max(4.0);
    (a.x - b.x).powi(2) + (a.y - b.y).powi(2) <= reach * reach
}

/// Whether every die of one frame is in place in the other, and no die came or went.
pub fn same_places(a: &[SeenDie], b: &[SeenDie]) -> bool {
    a.len() == b.len() && a.iter().all(|d| b.iter().any(|e| near(d, e)))
}

/// Whether every die of `given` still lies in place among `now` (dice may have come beside
/// them: the one the roll did not take).
pub fn still_lying(given: &[SeenDie], now: &[SeenDie]) -> bool {
    !given.is_empty() && given.iter().all(|d| now.iter().any(|e| near(d, e)))
}
