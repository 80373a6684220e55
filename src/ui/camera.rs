//! The camera in the window: a capture (from [`crate::dice::camera`]) whose events are drained
//! every frame, the newest frame shown with each die outlined, and settled rolls offered to
//! the game (after a confirm, or at once when the "automatic" setting is on). A roll the player
//! confirms, corrections made, teaches the reader ([`crate::vision::adapt`]).

use crate::dice::DieColour;
use crate::dice::camera::{CameraEvent, CameraView, Capture, Confirmed};
use crate::vision::learned::Model;
use crate::vision::{Area, SeenDie, StableRoll};
use image::RgbImage;
use std::collections::VecDeque;
use std::sync::Arc;

/// Frames in place before a roll counts as settled.
pub const STILL_FRAMES: usize = 4;

/// The least time between two readings of the camera's frames: ten a second show the dice as
/// they fall and settle a roll in under half a second, at a third of a webcam's frames.
pub const READ_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// The rolls *Teach Foreman your dice* asks for: ten confirmed rolls take the reader from
/// about half the dice of a new table found to most (`models/dice/README.md`).
pub const TEACH_ROLLS: usize = 10;

/// The file in the data folder the reader's classifier trained again is kept in
/// ([`crate::dice::relearner::Whole`]).
pub use crate::dice::teach::KEPT_CLASSIFIER;

/// The camera's state as the window sees it.
pub struct CameraDice {
    capture: Capture,
    /// The source's name once it runs, or the last problem.
    pub running: Option<String>,
    pub problem: Option<String>,
    pub view: Option<CameraView>,
    /// The last settled roll, with the user's corrections, not yet given to the game.
    pub proposed: Option<StableRoll>,
    /// The frame the proposed roll was read on (the preview shows it while the roll waits,
    /// so that its outlines stay on their dice when the picture changes).
    proposed_frame: Option<Arc<RgbImage>>,
    /// The number of that frame ([`crate::dice::camera::CameraView::number`]).
    proposed_number: u64,
    /// Readings the player took away from the proposed roll.
    pub taken_away: Vec<SeenDie>,
    /// How many confirmed rolls the reader has learned from, and whether it reads with what
    /// it learned.
    pub taught: usize,
    pub taught_used: bool,
    /// The confirmed rolls its whole classifier was last trained again on (0: none yet).
    pub taught_whole: usize,
    /// A training of the whole classifier running: on how many rolls, epochs done, epochs
    /// (its last epoch's report ends it).
    pub relearning: Option<(usize, usize, usize)>,
    /// The model the reader reads with once it uses what it learned (none: the shipped one);
    /// a die marked by a click is read by it too.
    taught_model: Option<Arc<Model>>,
    /// Given to the game as soon as a roll settles (no confirm).
    pub automatic: bool,
    /// The dice in view when the last roll was given to the game: while they lie still, no
    /// roll is settling.
    given_view: Vec<SeenDie>,
    /// The roll offered stays until it is used, whatever settles after it (a folder of
    /// pictures: its next picture is not the player's dice moved).
    pub hold_offer: bool,
    /// A folder of pictures: counted up to show its next picture (a roll used, or *Next
    /// picture*).
    pub folder_moves: Option<std::sync::Arc<std::sync::atomic::AtomicU64>>,
    /// Dice confirmed and waiting for the game to ask for their colour: (colour, face).
    pub waiting: VecDeque<(Option<DieColour>, u8)>,
    /// The marked tray area, in picture pixels.
    pub area: Option<Area>,
    /// *Teach Foreman your dice* under way: the rolls confirmed so far. Its rolls teach the
    /// reader and never go to the game.
    pub teaching: Option<usize>,
    /// The rolls taught by the last *Teach Foreman your dice* finished (0: none this run).
    pub teach_done: usize,
}

impl CameraDice {
    pub fn new(capture: Capture, automatic: bool) -> CameraDice {
        CameraDice {
            capture,
            running: None,
            problem: None,
            view: None,
            proposed: None,
            proposed_frame: None,
            proposed_number: 0,
            taken_away: Vec::new(),
            taught: 0,
            taught_used: false,
            taught_whole: 0,
            relearning: None,
            taught_model: None,
            given_view: Vec::new(),
            automatic,
            hold_offer: false,
            folder_moves: None,
            waiting: VecDeque::new(),
            area: None,
            teaching: None,
            teach_done: 0,
        }
    }

    /// Takes in what the camera threads reported since the last frame; from the first call on,
    /// each report repaints `ctx` (no repaint on a timer).
    pub fn drain(&mut self, ctx: &egui::Context) {
        super::repaint_on(self.capture.wake(), ctx);
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
                // A folder's next picture is not the dice being moved: the roll offered
                // stays until it is used.
                CameraEvent::Stable(_) if self.hold_offer && self.proposed.is_some() => {}
                // The roll just used, still lying there (read again once the game no longer
                // waits for its count): not offered again (the second trial of issue 89 saw
                // *Use this roll* come back with it).
                CameraEvent::Stable(roll)
                    if crate::vision::stable::still_lying(&self.given_view, &roll.dice) => {}
                CameraEvent::Stable(roll) => {
                    self.proposed = Some(roll);
                    self.proposed_frame = self.view.as_ref().map(|v| v.frame.clone());
                    self.proposed_number = self.view.as_ref().map_or(0, |v| v.number);
                    self.taken_away.clear();
                    if self.automatic && self.teaching.is_none() {
                        // Nobody looked at it: given to the game, not learned from.
                        self.give();
                    }
                }
                CameraEvent::Taught {
                    rolls,
                    used,
                    whole,
                    model,
                } => {
                    self.taught = rolls;
                    self.taught_used = used;
                    self.taught_whole = whole;
                    self.taught_model = used.then_some(model);
                }
                CameraEvent::Relearning {
                    rolls,
                    epoch,
                    epochs,
                } => self.relearning = (epoch < epochs).then_some((rolls, epoch, epochs)),
            }
        }
    }

    /// The player confirms the proposed roll (*Use this roll*): the reader learns from it, as
    /// corrected, and it goes to the game. While teaching (*This roll is right*), it only
    /// teaches: the game never sees it.
    pub fn confirm(&mut self) {
        let confirmed = self.proposed.is_some() && self.proposed_frame.is_some();
        if let (Some(roll), Some(frame)) = (&self.proposed, &self.proposed_frame) {
            self.capture.teach(Confirmed {
                frame: frame.clone(),
                area: self.area,
                dice: roll.dice.clone(),
                taken_away: std::mem::take(&mut self.taken_away),
            });
        }
        match self.teaching {
            Some(done) => {
                let done = done + usize::from(confirmed);
                self.set_aside();
                self.move_on();
                if done >= TEACH_ROLLS {
                    self.teaching = None;
                    self.teach_done = done;
                } else {
                    self.teaching = Some(done);
                }
            }
            None => self.give(),
        }
    }

    /// Starts *Teach Foreman your dice*: the next [`TEACH_ROLLS`] rolls confirmed teach the
    /// reader and go nowhere else. A roll proposed already is one of them.
    pub fn start_teaching(&mut self) {
        self.teaching = Some(0);
        self.teach_done = 0;
    }

    /// Stops *Teach Foreman your dice* before its end: what was confirmed stays learned.
    pub fn stop_teaching(&mut self) {
        self.teaching = None;
    }

    /// Puts the proposed roll away without giving it: its dice, while they lie still, are not
    /// a roll settling.
    fn set_aside(&mut self) {
        self.given_view = self
            .view
            .as_ref()
            .map(|v| v.dice.clone())
            .unwrap_or_default();
        self.proposed_frame = None;
        self.taken_away.clear();
        self.proposed = None;
    }

    /// A folder's next picture (the roll offered, if any, put away unused).
    pub fn next_picture(&mut self) {
        self.proposed = None;
        self.proposed_frame = None;
        self.taken_away.clear();
        self.given_view.clear();
        self.move_on();
    }

    /// A folder of pictures moves on to its next one.
    fn move_on(&self) {
        if let Some(m) = &self.folder_moves {
            m.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Gives the proposed roll to the game: its dice wait until their colour is asked for.
    fn give(&mut self) {
        let proposed = self.proposed.take();
        self.set_aside();
        self.move_on();
        if let Some(roll) = proposed {
            self.waiting.clear();
            self.waiting
                .extend(roll.dice.iter().map(|d| (d.colour, d.value)));
        }
    }

    /// The frame the proposed roll was read on, and its number, while one is proposed.
    pub fn proposed_frame(&self) -> Option<(u64, &Arc<RgbImage>)> {
        self.proposed
            .as_ref()
            .and(self.proposed_frame.as_ref())
            .map(|f| (self.proposed_number, f))
    }

    /// Whether dice are in view that are not yet a settled roll: none is proposed, and they
    /// are not the dice of the roll just given, still lying where they were.
    pub fn settling(&self) -> bool {
        self.proposed.is_none()
            && self.view.as_ref().is_some_and(|v| {
                !v.dice.is_empty() && !crate::vision::stable::same_places(&v.dice, &self.given_view)
            })
    }

    /// A face of the wanted colour, if one waits. A die whose colour was not told apart
    /// ("other") answers any colour when no die of that colour waits; with `any_colour` (a
    /// player's die: the camera's roll is the player's, whatever the colour of their dice),
    /// so does the first die waiting. The Machine's dice are told by their colours alone.
    pub fn take(&mut self, colour: DieColour, any_colour: bool) -> Option<u8> {
        let at = self
            .waiting
            .iter()
            .position(|(c, _)| *c == Some(colour))
            .or_else(|| self.waiting.iter().position(|(c, _)| c.is_none()))
            .or_else(|| (any_colour && !self.waiting.is_empty()).then_some(0))?;
        self.waiting.remove(at).map(|(_, v)| v)
    }

    /// The proposed roll, or the last frame's dice made the proposed roll (a correction on a
    /// roll not settled yet); none before any frame.
    fn proposal(&mut self) -> Option<&mut StableRoll> {
        if self.proposed.is_none() {
            let view = self.view.as_ref()?;
            self.proposed = Some(StableRoll {
                dice: view.dice.clone(),
            });
            self.proposed_frame = Some(view.frame.clone());
            self.proposed_number = view.number;
            self.taken_away.clear();
        }
        self.proposed.as_mut()
    }

    /// A click on the preview at picture position (x, y): on a die of the proposed roll, it is
    /// the one its face typed next goes to (no value stepped by clicks: issue 90, point 3);
    /// where there is none, a die the reader missed is marked there (its side and value as the
    /// model read with sees it: [`Model::die_at`]), its face typed next.
    pub fn correct_at(&mut self, x: f32, y: f32) -> bool {
        if self.proposal().is_none() {
            return false;
        }
        let (Some(roll), Some(frame)) = (self.proposed.as_mut(), &self.proposed_frame) else {
            return false;
        };
        if roll.dice.iter().any(|d| hit(d, x, y)) {
            return true;
        }
        let inside = crate::vision::area_in(frame, self.area);
        let model = match self.taught_model.as_deref() {
            Some(model) => model,
            None => match Model::shipped() {
                Ok(model) => model,
                Err(_) => return false,
            },
        };
        if !inside.contains(x, y) {
            return false;
        }
        let die = model.die_at(frame, inside, (x, y), &roll.dice);
        roll.dice.push(die);
        true
    }

    /// A face typed with the pointer on a die of the preview at (x, y): that die shows it (one
    /// key per wrong die, issue 90, point 3). False where there is no die.
    pub fn type_face_at(&mut self, x: f32, y: f32, value: u8) -> bool {
        if !(1..=6).contains(&value) {
            return false;
        }
        let Some(roll) = self.proposal() else {
            return false;
        };
        let Some(die) = roll.dice.iter_mut().find(|d| hit(d, x, y)) else {
            return false;
        };
        die.value = value;
        die.confidence = 1.0;
        true
    }

    /// A Shift+click at (x, y): the die there in the proposed roll takes the next colour
    /// (red, blue, green, purple, yellow, white, black, then "other"), for a die whose colour
    /// was read wrong (the Machine's dice are told apart by colour alone).
    pub fn recolour_at(&mut self, x: f32, y: f32) -> bool {
        let Some(roll) = self.proposal() else {
            return false;
        };
        let Some(die) = roll.dice.iter_mut().find(|d| hit(d, x, y)) else {
            return false;
        };
        let all = DieColour::ALL;
        die.colour = match die.colour {
            None => all.first().copied(),
            Some(c) => all
                .iter()
                .position(|&k| k == c)
                .and_then(|i| all.get(i + 1))
                .copied(),
        };
        true
    }

    /// A right click at (x, y): the "die" there is none (a token, a shadow, a pip); it is
    /// taken away from the proposed roll.
    pub fn take_away_at(&mut self, x: f32, y: f32) -> bool {
        let Some(roll) = self.proposal() else {
            return false;
        };
        let Some(at) = roll.dice.iter().position(|d| hit(d, x, y)) else {
            return false;
        };
        let die = roll.dice.remove(at);
        self.taken_away.push(die);
        true
    }

    /// The model the reader reads with, once it uses what it learned.
    pub fn taught_model(&self) -> Option<&Model> {
        self.taught_model.as_deref()
    }

    /// Forgets what the reader learned from the rolls confirmed: it reads as shipped again.
    pub fn forget(&mut self) {
        self.capture.forget();
        self.relearning = None;
    }

    /// The roll the game waits for (how many dice; their colour when all are one), or none:
    /// the reader keeps the surest that many.
    pub fn set_expected(&mut self, expect: Option<(usize, Option<crate::dice::DieColour>)>) {
        self.capture.set_expected(expect);
        // A roll offered before the game said its size, with more dice than it has, is read
        // again to that size (the second trial of issue 89 was offered five dice for four,
        // beside "the picture shows 5 dice; the roll has 4").
        if let (Some((n, _)), Some(roll)) = (expect, &self.proposed)
            && roll.dice.len() > n
        {
            self.proposed = None;
            self.proposed_frame = None;
            self.taken_away.clear();
        }
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
