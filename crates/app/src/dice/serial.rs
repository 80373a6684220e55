//! Smart dice over a serial port (USB CDC, a UART bridge, or the simulator's pseudo-terminal).
//!
//! A [`Link`] speaks the protocol on one open port: it asks the dice to introduce themselves,
//! decodes frames (garbage, bit flips and cut frames are counted and skipped, never fatal),
//! and turns roll reports into [`DiceEvent`]s. [`Seen`] remembers the last roll of each die
//! across reconnections, so a roll the die repeats after an unplug and replug is reported once.
//! [`watch`] runs a link on its own thread, reopening the port after an unplug.

use super::{Reading, ToWindow, Wake};
use foreman_dice_protocol::{
    DecodeError, Decoder, DieColour, MAX_FRAME, Message, PROTOCOL_VERSION, RollState, encode,
};
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

/// Who a die said it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DieInfo {
    pub die_id: u64,
    pub colour: DieColour,
    pub faces: u8,
    pub firmware: u32,
}

/// What the dice on a port report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceEvent {
    /// The port is open and the dice were asked to introduce themselves.
    Connected { port: String },
    /// A die introduced itself.
    Hello(DieInfo),
    /// A settled roll (each roll once).
    Rolled(Reading),
    /// Any other state change (rolling, handling, on face, crooked).
    State {
        die_id: u64,
        state: RollState,
        face: u8,
    },
    /// A heartbeat with the battery level.
    Battery { die_id: u64, millivolts: u16 },
    /// The die speaks another protocol version: it (or Foreman) must be updated.
    VersionMismatch { port: String, got: u8 },
    /// The port went away (unplugged) or could not be opened.
    Disconnected { port: String, reason: String },
}

/// The last roll reported for each die, kept across reconnections.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    last_roll: HashMap<u64, u32>,
}

impl Seen {
    /// Whether this roll is new (and remember it).
    fn fresh(&mut self, die_id: u64, roll_id: u32) -> bool {
        self.last_roll.insert(die_id, roll_id) != Some(roll_id)
    }
}

/// Counts of what was refused on the line.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct LineErrors {
    pub corrupted: u64,
    pub other: u64,
}

/// The protocol on one open port.
pub struct Link<P> {
    port: P,
    name: String,
    decoder: Decoder,
    seq: u16,
    dice: HashMap<u64, DieInfo>,
    pub errors: LineErrors,
    version_reported: bool,
}

impl<P: Read + Write> Link<P> {
    pub fn new(port: P, name: &str) -> Link<P> {
        Link {
            port,
            name: name.to_string(),
            decoder: Decoder::new(),
            seq: 0,
            dice: HashMap::new(),
            errors: LineErrors::default(),
            version_reported: false,
        }
    }

    /// The dice met on this link.
    pub fn dice(&self) -> impl Iterator<Item = &DieInfo> {
        self.dice.values()
    }

    /// Sends one message.
    pub fn send(&mut self, message: &Message) -> io::Result<()> {
        let mut buf = [0u8; MAX_FRAME];
        let n = encode(self.seq, message, &mut buf);
        self.seq = self.seq.wrapping_add(1);
        self.port.write_all(&buf[..n])?;
        self.port.flush()
    }

    /// Starts a conversation: a delimiter (to end any partial frame), then a Hello request
    /// and a state request.
    pub fn start(&mut self) -> io::Result<()> {
        self.port.write_all(&[0])?;
        self.send(&Message::HelloRequest)?;
        self.send(&Message::RequestState)
    }

    /// Bytes in, events out (no I/O: the heart of the reader, tested directly).
    pub fn take_bytes(&mut self, bytes: &[u8], seen: &mut Seen) -> Vec<DiceEvent> {
        let mut events = Vec::new();
        for &b in bytes {
            let Some(result) = self.decoder.feed(b) else {
                continue;
            };
            match result {
                Ok(env) => self.on_message(env.message, seen, &mut events),
                Err(DecodeError::Version { got }) => {
                    if !self.version_reported {
                        self.version_reported = true;
                        tracing::warn!(port = %self.name, got, ours = PROTOCOL_VERSION, "protocol version mismatch");
                        events.push(DiceEvent::VersionMismatch {
                            port: self.name.clone(),
                            got,
                        });
                    }
                }
                Err(DecodeError::Crc | DecodeError::Cobs | DecodeError::Truncated) => {
                    self.errors.corrupted += 1;
                }
                Err(_) => self.errors.other += 1,
            }
        }
        events
    }

    fn on_message(&mut self, m: Message, seen: &mut Seen, events: &mut Vec<DiceEvent>) {
        match m {
            Message::Hello {
                protocol,
                firmware,
                die_id,
                colour,
                faces,
            } => {
                if protocol != PROTOCOL_VERSION {
                    events.push(DiceEvent::VersionMismatch {
                        port: self.name.clone(),
                        got: protocol,
                    });
                    return;
                }
                let info = DieInfo {
                    die_id,
                    colour,
                    faces,
                    firmware,
                };
                self.dice.insert(die_id, info);
                events.push(DiceEvent::Hello(info));
            }
            Message::Roll {
                die_id,
                roll_id,
                state,
                face,
            } => {
                if state == RollState::Rolled {
                    let Some(info) = self.dice.get(&die_id) else {
                        // A roll from a die that has not introduced itself: ask who it is.
                        let _ = self.send(&Message::HelloRequest);
                        return;
                    };
                    if (1..=info.faces).contains(&face) && seen.fresh(die_id, roll_id) {
                        events.push(DiceEvent::Rolled(Reading {
                            die_id,
                            colour: info.colour,
                            face,
                            roll_id,
                        }));
                    }
                } else {
                    events.push(DiceEvent::State {
                        die_id,
                        state,
                        face,
                    });
                }
            }
            Message::Heartbeat {
                die_id, battery_mv, ..
            } => events.push(DiceEvent::Battery {
                die_id,
                millivolts: battery_mv,
            }),
            // Requests are for the die; a host ignores them.
            Message::HelloRequest
            | Message::RequestState
            | Message::Identify { .. }
            | Message::Calibrate { .. } => {}
        }
    }

    /// Reads what has arrived (waiting up to the port's timeout). An error means the port is
    /// gone.
    pub fn poll(&mut self, seen: &mut Seen) -> io::Result<Vec<DiceEvent>> {
        let mut buf = [0u8; 256];
        match self.port.read(&mut buf) {
            Ok(0) => Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the port closed",
            )),
            Ok(n) => Ok(self.take_bytes(&buf[..n], seen)),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::TimedOut
                        | io::ErrorKind::WouldBlock
                        | io::ErrorKind::Interrupted
                ) =>
            {
                Ok(Vec::new())
            }
            Err(e) => Err(e),
        }
    }
}

/// A request for the dice on a watched port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiceCommand {
    /// Blink a die to find it.
    Identify { die_id: u64, millis: u16 },
}

/// Serial ports that may be smart dice: USB serial devices (listed from sysfs, no libudev),
/// Foreman dice first (by their USB product name).
pub fn find_ports() -> Vec<String> {
    let Ok(ports) = serialport::available_ports() else {
        return Vec::new();
    };
    let mut found: Vec<(bool, String)> = ports
        .into_iter()
        .filter_map(|p| match p.port_type {
            serialport::SerialPortType::UsbPort(usb) => {
                let ours = usb
                    .product
                    .as_deref()
                    .is_some_and(|name| name.contains("Foreman"));
                Some((!ours, p.port_name))
            }
            _ => None,
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, name)| name).collect()
}

/// Opens `path` (a serial device or a pseudo-terminal) for the dice.
pub fn open(path: &str) -> Result<Box<dyn serialport::SerialPort>, serialport::Error> {
    serialport::new(path, 115_200)
        .timeout(Duration::from_millis(50))
        .open()
}

/// Watches `path` on the calling thread until `stop` is set: opens it, reads the dice, and
/// after an unplug (or when it cannot be opened) tries again every `retry`.
pub fn watch(
    path: &str,
    tell: &ToWindow<DiceEvent>,
    commands: &Receiver<DiceCommand>,
    stop: &AtomicBool,
    retry: Duration,
) {
    let mut seen = Seen::default();
    let mut said_down = false;
    while !stop.load(Ordering::Relaxed) {
        let port = match open(path) {
            Ok(p) => p,
            Err(e) => {
                if !said_down {
                    said_down = true;
                    tell.send(DiceEvent::Disconnected {
                        port: path.to_string(),
                        reason: e.to_string(),
                    });
                }
                std::thread::sleep(retry);
                continue;
            }
        };
        let mut link = Link::new(port, path);
        if let Err(e) = link.start() {
            tell.send(DiceEvent::Disconnected {
                port: path.to_string(),
                reason: e.to_string(),
            });
            std::thread::sleep(retry);
            continue;
        }
        said_down = false;
        if !tell.send(DiceEvent::Connected {
            port: path.to_string(),
        }) {
            return;
        }
        while !stop.load(Ordering::Relaxed) {
            while let Ok(cmd) = commands.try_recv() {
                let DiceCommand::Identify { die_id, millis } = cmd;
                let _ = link.send(&Message::Identify { die_id, millis });
            }
            match link.poll(&mut seen) {
                Ok(events) => {
                    for e in events {
                        if !tell.send(e) {
                            return;
                        }
                    }
                }
                Err(e) => {
                    said_down = true;
                    tell.send(DiceEvent::Disconnected {
                        port: path.to_string(),
                        reason: e.to_string(),
                    });
                    break;
                }
            }
        }
        std::thread::sleep(retry);
    }
}

/// [`watch`] on its own thread, each event followed by `wake` (the window's repaint, once it
/// sets one); set the returned flag to stop it.
pub fn spawn_watch(
    path: String,
    tx: Sender<DiceEvent>,
    commands: Receiver<DiceCommand>,
    wake: Wake,
) -> (Arc<AtomicBool>, std::thread::JoinHandle<()>) {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let handle = std::thread::spawn(move || {
        let tell = ToWindow::new(tx, wake);
        watch(&path, &tell, &commands, &flag, Duration::from_millis(300));
    });
    (stop, handle)
}
