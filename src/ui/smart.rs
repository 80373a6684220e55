//! Smart dice in the window: a watcher thread per port (from [`crate::dice::serial`]) whose
//! events are drained every frame. Settled rolls wait in a queue until the game asks for a
//! die of their colour.

use crate::dice::serial::{DiceCommand, DiceEvent, DieInfo, spawn_watch};
use crate::dice::{DieColour, Reading, RollState, Wake};
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

/// What the window knows of one die.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieStatus {
    pub info: DieInfo,
    pub battery_mv: Option<u16>,
    pub state: Option<(RollState, u8)>,
}

/// The smart dice on one port.
pub struct SmartDice {
    pub port: String,
    events: Receiver<DiceEvent>,
    commands: Sender<DiceCommand>,
    stop: Arc<AtomicBool>,
    pub connected: bool,
    /// The last problem (a disconnection, another protocol version).
    pub problem: Option<String>,
    pub dice: BTreeMap<u64, DieStatus>,
    /// Settled rolls not yet used by the game, oldest first (at most 64 kept).
    pub waiting: VecDeque<Reading>,
    /// Called after each event the watcher sends (set on the first drain: a repaint).
    wake: Wake,
}

impl SmartDice {
    /// Watches `port`; each event the watcher sends wakes the window (see [`SmartDice::drain`]),
    /// so the window needs no repaint timer to see a roll.
    pub fn connect(port: &str) -> SmartDice {
        let (tx, events) = channel();
        let (commands, rx) = channel();
        let wake = Wake::default();
        let (stop, _handle) = spawn_watch(port.to_string(), tx, rx, wake.clone());
        SmartDice {
            port: port.to_string(),
            events,
            commands,
            stop,
            connected: false,
            problem: None,
            dice: BTreeMap::new(),
            waiting: VecDeque::new(),
            wake,
        }
    }

    /// Takes in what the watcher reported since the last frame; from the first call on, each
    /// report repaints `ctx`.
    pub fn drain(&mut self, ctx: &egui::Context) {
        super::repaint_on(&self.wake, ctx);
        while let Ok(e) = self.events.try_recv() {
            match e {
                DiceEvent::Connected { .. } => {
                    self.connected = true;
                    self.problem = None;
                }
                DiceEvent::Disconnected { reason, .. } => {
                    self.connected = false;
                    self.problem = Some(reason);
                }
                DiceEvent::VersionMismatch { got, .. } => {
                    self.problem = Some(format!(
                        "protocol {got} (Foreman speaks {})",
                        foreman_dice_protocol::PROTOCOL_VERSION
                    ));
                }
                DiceEvent::Hello(info) => {
                    self.dice
                        .entry(info.die_id)
                        .and_modify(|d| d.info = info)
                        .or_insert(DieStatus {
                            info,
                            battery_mv: None,
                            state: None,
                        });
                }
                DiceEvent::Battery { die_id, millivolts } => {
                    if let Some(d) = self.dice.get_mut(&die_id) {
                        d.battery_mv = (millivolts > 0).then_some(millivolts);
                    }
                }
                DiceEvent::State {
                    die_id,
                    state,
                    face,
                } => {
                    if let Some(d) = self.dice.get_mut(&die_id) {
                        d.state = Some((state, face));
                    }
                }
                DiceEvent::Rolled(r) => {
                    if let Some(d) = self.dice.get_mut(&r.die_id) {
                        d.state = Some((RollState::Rolled, r.face));
                    }
                    self.waiting.push_back(r);
                    if self.waiting.len() > 64 {
                        self.waiting.pop_front();
                    }
                }
            }
        }
    }

    /// The oldest waiting roll of a die of `colour`, taken from the queue.
    pub fn take(&mut self, colour: DieColour) -> Option<Reading> {
        let i = self.waiting.iter().position(|r| r.colour == colour)?;
        self.waiting.remove(i)
    }

    /// Makes a die blink.
    pub fn identify(&self, die_id: u64) {
        let _ = self.commands.send(DiceCommand::Identify {
            die_id,
            millis: 2000,
        });
    }
}

impl Drop for SmartDice {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
