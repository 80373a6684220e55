//! The camera in the window: a capture (from [`crate::dice::camera`]) whose events are drained
//! every frame, the newest frame shown with each die outlined, and settled rolls offered to
//! the game (after a confirm, or at once when the "automatic" setting is on).

use crate::dice::DieColour;
use crate::dice::camera::{CameraEvent, CameraView, Capture};
use crate::vision::{Area, SeenDie, StableRoll};
use std::collections::VecDeque;

/// Frames in place before a roll counts as settled.
pub const STILL_FRAMES: usize = 4;

/// The camera's state as the window sees it.
pub struct CameraDice {
    capture: Capture,
    /// The source's name once it runs, or the last problem.
    pub running: Option<String>,
    pub problem: Option<String>,
    pub view: Option<CameraView>,
    /// The last settled roll, with the user's corrections, not yet given to the game.
    pub proposed: Option<StableRoll>,
    /// Given to the game as soon as a roll settles (no confirm).
    pub automatic: bool,
    /// Dice confirmed and waiting for the game to ask for their colour: (colour, face).
    pub waiting: VecDeque<(Option<DieColour>, u8)>,
    /// The marked tray area, in picture pixels.
    pub area: Option<Area>,
}

impl CameraDice {
    pub fn new(capture: Capture, automatic: bool) -> CameraDice {
        CameraDice {
            capture,
            running: None,
            problem: None,
            view: None,
            proposed: None,
            automatic,
            waiting: VecDeque::new(),
            area: None,
        }
    }

    /// Takes in what the camera threads reported since the last frame.
    pub fn drain(&mut self) {
        while let Ok(e) = self.capture.events.try_recv() {
            match e {
                CameraEvent::Running(name) => {
                    self.running = Some(name);
                    self.problem = None;
                }
                CameraEvent::Problem(e) => {
                    self.running = None;
                    self.problem = Some(e.to_string());
                }
                CameraEvent::View(v) => self.view = Some(v),
                CameraEvent::Stable(roll) => {
                    self.proposed = Some(roll);
                    if self.automatic {
                        self.confirm();
                    }
                }
            }
        }
    }

    /// Gives the proposed roll to the game: its dice wait until their colour is asked for.
    pub fn confirm(&mut self) {
        if let Some(roll) = self.proposed.take() {
            self.waiting.clear();
            self.waiting
                .extend(roll.dice.iter().map(|d| (d.colour, d.value)));
        }
    }

    /// A face of the wanted colour, if one waits. A die whose colour was not told apart
    /// ("other") answers any colour when no die of that colour waits.
    pub fn take(&mut self, colour: DieColour) -> Option<u8> {
        let at = self
            .waiting
            .iter()
            .position(|(c, _)| *c == Some(colour))
            .or_else(|| self.waiting.iter().position(|(c, _)| c.is_none()))?;
        self.waiting.remove(at).map(|(_, v)| v)
    }

    /// A click on the preview at picture position (x, y): the die there in the proposed roll
    /// (or the last frame, which then becomes the proposed roll) shows the next value.
    pub fn correct_at(&mut self, x: f32, y: f32) -> bool {
        if self.proposed.is_none() {
            let dice = self
                .view
                .as_ref()
                .map(|v| v.dice.clone())
                .unwrap_or_default();
            if dice.is_empty() {
                return false;
            }
            self.proposed = Some(StableRoll { dice });
        }
        let Some(roll) = self.proposed.as_mut() else {
            return false;
        };
        let Some(die) = roll.dice.iter_mut().find(|d| hit(d, x, y)) else {
            return false;
        };
        die.value = die.value % 6 + 1;
        die.confidence = 1.0;
        true
    }

    /// Marks the tray area (None: the whole picture).
    pub fn set_area(&mut self, area: Option<Area>) {
        self.area = area;
        self.capture.set_area(area);
    }
}

fn hit(d: &SeenDie, x: f32, y: f32) -> bool {
    let h = d.size / 2.0 + 2.0;
    (d.x - x).abs() <= h && (d.y - y).abs() <= h
}
