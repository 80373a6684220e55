//! Smart dice in the window: a watcher thread per port (from [`crate::dice::serial`]) whose
//! events are drained every frame. Settled rolls wait in a queue until the game asks for a
//! die of their colour.

use crate::dice::serial::{DiceCommand, DiceEvent, DieInfo, spawn_watch};
use crate::dice::{DieColour, Reading, RollState};
use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

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

/// The window's wake, once known.
type Wake = Arc<Mutex<Option<Box<dyn Fn() + Send>>>>;

impl SmartDice {
    /// Watches `port`; each event the watcher sends goes on to the window and wakes it, so
    /// the window needs no repaint timer to see a roll.
    pub fn connect(port: &str) -> SmartDice {
        let (tx, events) = channel();
        let (commands, rx) = channel();
        let (watched, heard) = channel();
        let (stop, _handle) = spawn_watch(port.to_string(), watched, rx);
        let wake: Wake = Arc::new(Mutex::new(None));
        let woken = wake.clone();
        let forward = std::thread::Builder::new()
            .name("smart dice to the window".into())
            .spawn(move || {
                // Ends when the window lets go of the dice (the watcher then ends too).
                for event in heard.iter() {
                    if tx.send(event).is_err() {
                        return;
                    }
                    if let Ok(wake) = woken.lock()
                        && let Some(wake) = wake.as_ref()
                    {
                        wake();
                    }
                }
            });
        if let Err(e) = forward {
            tracing::error!("no thread to hear the smart dice on: {e}");
        }
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
        if let Ok(mut wake) = self.wake.lock()
            && wake.is_none()
        {
            let ctx = ctx.clone();
            *wake = Some(Box::new(move || ctx.request_repaint()));
        }
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
