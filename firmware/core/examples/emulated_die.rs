//! The die's shipped firmware on an emulated board (issue 74): the test driver.
//!
//! Spawns `node firmware/emulator/run.mjs` (rp2040js running the UF2 that
//! `scripts/firmware.sh` builds, with an LIS3DH on I2C1 and a USB host on the CDC port), feeds
//! the accelerometer the motion traces the core's tests use (`foreman_dice_core::trace`),
//! speaks to the die as Foreman does, decodes what it sends with the project's own
//! `foreman_dice_protocol::Decoder`, and checks:
//!
//! - it boots, enumerates, answers Hello and sends heartbeats in time;
//! - a throw onto each face gives exactly one `Rolled` report, that face, the die's id (whose
//!   Hello carries its colour), and how soon after the die came to rest;
//! - picked up and put down, or shaken and held: no roll;
//! - every request the protocol defines is answered (Hello, state, Identify blinks the LED,
//!   Calibrate changes the face read);
//! - garbage, a cut frame, an oversized frame and other bad frames are refused, and the die
//!   goes on reporting rolls;
//! - throughout, every report equals what the same `DieCore` computes on the samples the
//!   firmware read (the emulator says which), so the core's tests and the board agree.
//!
//! Usage (from the repository's top; `scripts/firmware-emulate.sh` runs it):
//!
//!     cargo run -p foreman-dice-core --example emulated_die -- \
//!         --image target/firmware/foreman-die.uf2 [--colour white] [--node node] \
//!         [--sensor-clock 1.03] [--sensor-delay-us 5000]
//!
//! The last two set the accelerometer's own clock against the chip's (a real LIS3DH's data
//! rate is good to some percent) and the phase of its samples against the firmware's reads;
//! `--usb-debounce-ms` the host's wait from attach to bus reset (100 ms by default, as USB 2.0
//! asks).
//!
//! Exit status 0 when every check passed; the last line is `emulator: N passed, M failed`.

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::Instant as WallClock;

use foreman_dice_core::trace::{self, Rng};
use foreman_dice_core::{Calibration, Config, DieCore, RollState};
use foreman_dice_protocol::{
    DecodeError, Decoder, DieColour, MAX_FRAME, Message, PROTOCOL_VERSION, encode,
};

/// Sensor noise of the traces (milli-g), as in the core's tests.
const NOISE: i32 = 20;
/// The flash chip's unique id on the emulated board; the die's id is it, little-endian.
const FLASH_UID: [u8; 8] = [0xe6, 0x60, 0x58, 0x38, 0x83, 0x62, 0x4b, 0x2c];
/// The accelerometer's output data rate the firmware must choose, and so the traces' rate.
const SAMPLE_MS: u64 = 10;

const MS: u64 = 1_000_000;

type Check = Result<(), String>;

fn normal(face: u8) -> [i32; 3] {
    Calibration::default().normals[usize::from(face - 1)]
}

/// What an LIS3DH at ±2 g in high-resolution mode reads of `mg`: 12 bits, 1 mg per digit.
fn sensed(mg: [i16; 3]) -> [i16; 3] {
    mg.map(|v| v.clamp(-2048, 2047))
}

/// A frame the die sent, decoded, with the emulated time its last byte reached the host.
#[derive(Debug, Clone, Copy)]
struct Frame {
    at: u64,
    seq: u16,
    message: Message,
}

/// A state as the core reports it.
type State = (RollState, u8, u32);

/// What the host sent that needs something done when it arrives.
#[derive(Debug, Clone, Copy)]
enum Sent {
    Calibrate(u8),
    RequestState,
    Other,
}

struct Emulator {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
    /// Emulated nanoseconds since the chip's reset.
    now: u64,
    /// Every sample given to the sensor, in order (milli-g, the sensor's axes).
    script: Vec<[i16; 3]>,
    /// The emulated time each `mark` sample came up.
    marks: HashMap<String, u64>,
    decoder: Decoder,
    frames: Vec<Frame>,
    leds: Vec<(u64, u8)>,
    lis3dh_writes: Vec<(u8, u8)>,
    unique_id_read: bool,
    connected: Option<u64>,
    /// Host → die: bytes written, bytes delivered, and the messages that end at an offset.
    host_seq: u16,
    host_written: u64,
    host_delivered: u64,
    host_messages: VecDeque<(u64, Sent)>,
    /// Samples queued that the sensor has not played yet (as of the last `run`).
    pending: u64,
    /// The firmware's program counter at the end of the last `run` (for failure messages).
    pc: String,
    /// Deliveries, for the answers' latency: (offset where a message ends, delivery time).
    delivered_at: Vec<(u64, u64)>,
    /// The core run on the samples the firmware read, and its reports not yet matched.
    mirror: DieCore,
    last_read: [i16; 3],
    reads: u64,
    stale_reads: u64,
    expected: VecDeque<State>,
    state_replies: VecDeque<State>,
    mismatches: Vec<String>,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Result<Vec<u8>, String> {
    if !s.len().is_multiple_of(2) {
        return Err(format!("odd hex {s}"));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|e| format!("hex {s}: {e}")))
        .collect()
}

fn num<T: std::str::FromStr>(field: Option<&str>, line: &str) -> Result<T, String> {
    field
        .and_then(|f| f.parse().ok())
        .ok_or_else(|| format!("the emulator said something unexpected: {line:?}"))
}

fn ms(ns: u64) -> f64 {
    ns as f64 / 1e6
}

impl Emulator {
    fn start(node: &str, script: &str, image: &str, sensor: &[String]) -> Result<Emulator, String> {
        let mut child = Command::new(node)
            .arg(script)
            .args(["--image", image, "--flash-uid", &hex(&FLASH_UID)])
            .args(sensor)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("starting `{node} {script}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("the emulator has no stdin")?;
        let stdout = child.stdout.take().ok_or("the emulator has no stdout")?;
        Ok(Emulator {
            child,
            stdin,
            lines: BufReader::new(stdout).lines(),
            now: 0,
            script: Vec::new(),
            marks: HashMap::new(),
            decoder: Decoder::new(),
            frames: Vec::new(),
            leds: Vec::new(),
            lis3dh_writes: Vec::new(),
            unique_id_read: false,
            connected: None,
            host_seq: 0,
            host_written: 0,
            host_delivered: 0,
            host_messages: VecDeque::new(),
            pending: 0,
            pc: String::new(),
            delivered_at: Vec::new(),
            mirror: DieCore::new(Config::default(), Calibration::default()),
            last_read: [0; 3],
            reads: 0,
            stale_reads: 0,
            expected: VecDeque::new(),
            state_replies: VecDeque::new(),
            mismatches: Vec::new(),
        })
    }

    fn say(&mut self, line: &str) -> Check {
        writeln!(self.stdin, "{line}").map_err(|e| format!("writing to the emulator: {e}"))
    }

    /// Queues samples (milli-g) for the accelerometer; they play at its data rate.
    fn queue(&mut self, samples: &[[i16; 3]]) -> Check {
        for chunk in samples.chunks(200) {
            let line: Vec<String> = chunk
                .iter()
                .map(|s| format!("{},{},{}", s[0], s[1], s[2]))
                .collect();
            self.say(&format!("accel {}", line.join(" ")))?;
        }
        self.script.extend_from_slice(samples);
        Ok(())
    }

    /// Marks the next queued sample: its time comes back as `marks[name]`.
    fn mark(&mut self, name: &str) -> Check {
        self.say(&format!("mark {name}"))
    }

    fn send_raw(&mut self, bytes: &[u8], sent: Sent) -> Check {
        self.host_written += bytes.len() as u64;
        self.host_messages.push_back((self.host_written, sent));
        self.say(&format!("send {}", hex(bytes)))
    }

    fn send(&mut self, message: &Message) -> Check {
        let mut buf = [0u8; MAX_FRAME];
        let n = encode(self.host_seq, message, &mut buf);
        self.host_seq = self.host_seq.wrapping_add(1);
        let sent = match *message {
            Message::Calibrate { face } => Sent::Calibrate(face),
            Message::RequestState => Sent::RequestState,
            _ => Sent::Other,
        };
        self.send_raw(&buf[..n], sent)
    }

    /// When the last message sent reached the die.
    fn last_delivery(&self) -> Option<u64> {
        self.delivered_at
            .iter()
            .find(|(end, _)| *end == self.host_written)
            .map(|&(_, at)| at)
    }

    /// Emulates `ms` milliseconds, taking in what happens.
    fn run(&mut self, millis: u64) -> Check {
        self.say(&format!("run {millis}"))?;
        loop {
            let line = match self.lines.next() {
                Some(Ok(line)) => line,
                Some(Err(e)) => return Err(format!("reading from the emulator: {e}")),
                None => return Err("the emulator exited (its error is above)".into()),
            };
            let mut f = line.split_whitespace();
            let kind = f.next().unwrap_or("");
            let at: u64 = num(f.next(), &line)?;
            self.now = self.now.max(at);
            match kind {
                "at" => {
                    let pending = f.next().and_then(|p| p.strip_prefix("pending="));
                    self.pending = num(pending, &line)?;
                    self.pc = f.next().unwrap_or("").to_string();
                    return Ok(());
                }
                "fault" => {
                    return Err(format!(
                        "the emulator stopped at {:.3} ms: {}",
                        ms(at),
                        f.collect::<Vec<_>>().join(" ")
                    ));
                }
                "usb" => {
                    let bytes = unhex(f.next().unwrap_or(""))?;
                    self.take_usb(at, &bytes)?;
                }
                "read" | "stale" => {
                    let index: i64 = num(f.next(), &line)?;
                    let sample = usize::try_from(index)
                        .ok()
                        .and_then(|i| self.script.get(i).copied())
                        .unwrap_or([0; 3]);
                    if kind == "read" {
                        self.reads += 1;
                    } else {
                        self.stale_reads += 1;
                    }
                    self.take_read(sensed(sample));
                }
                "hostout" => {
                    let n: u64 = num(f.next(), &line)?;
                    self.host_delivered += n;
                    while let Some(&(end, sent)) = self.host_messages.front() {
                        if end > self.host_delivered {
                            break;
                        }
                        self.host_messages.pop_front();
                        self.delivered_at.push((end, at));
                        match sent {
                            Sent::Calibrate(face) => {
                                self.mirror.calibrate(face, self.last_read.map(i32::from));
                            }
                            Sent::RequestState => self.state_replies.push_back((
                                self.mirror.state(),
                                self.mirror.face(),
                                self.mirror.roll_id(),
                            )),
                            Sent::Other => {}
                        }
                    }
                }
                "mark" => {
                    let name = f.next().unwrap_or("").to_string();
                    self.marks.insert(name, at);
                }
                "led" => self.leds.push((at, num(f.next(), &line)?)),
                "connected" => self.connected = Some(at),
                "lis3dh" => {
                    if f.next() == Some("write") {
                        let reg = f.next().and_then(|s| u8::from_str_radix(&s[2..], 16).ok());
                        let val = f.next().and_then(|s| u8::from_str_radix(&s[2..], 16).ok());
                        if let (Some(reg), Some(val)) = (reg, val) {
                            self.lis3dh_writes.push((reg, val));
                        }
                    }
                }
                "flash" => self.unique_id_read = true,
                _ => return Err(format!("the emulator said something unexpected: {line:?}")),
            }
        }
    }

    /// The firmware read a sample: the core on the host steps with the same one.
    fn take_read(&mut self, sample: [i16; 3]) {
        self.last_read = sample;
        if let Some(r) = self.mirror.step(sample) {
            self.expected.push_back((r.state, r.face, r.roll_id));
        }
    }

    fn take_usb(&mut self, at: u64, bytes: &[u8]) -> Check {
        for &b in bytes {
            match self.decoder.feed(b) {
                None => {}
                Some(Ok(env)) => {
                    if let Some(prev) = self.frames.last()
                        && env.seq != prev.seq.wrapping_add(1)
                    {
                        return Err(format!(
                            "the die's frames jump from seq {} to {} at {:.3} ms: one was lost",
                            prev.seq,
                            env.seq,
                            ms(at)
                        ));
                    }
                    if let Message::Roll {
                        state,
                        face,
                        roll_id,
                        ..
                    } = env.message
                    {
                        let got = (state, face, roll_id);
                        if self.state_replies.front() == Some(&got) {
                            self.state_replies.pop_front();
                        } else if self.expected.front() == Some(&got) {
                            self.expected.pop_front();
                        } else {
                            self.mismatches.push(format!(
                                "at {:.3} ms the die reported {got:?}; the core on the same samples \
                                 expected {:?}",
                                ms(at),
                                self.expected.front()
                            ));
                        }
                    }
                    self.frames.push(Frame {
                        at,
                        seq: env.seq,
                        message: env.message,
                    });
                }
                Some(Err(e)) => {
                    return Err(format!(
                        "the die sent a frame the protocol refuses ({e:?}) at {:.3} ms",
                        ms(at)
                    ));
                }
            }
        }
        Ok(())
    }

    /// Runs in steps of `step` ms until `done` or `limit` ms have passed; the time it took.
    fn run_until(
        &mut self,
        limit: u64,
        step: u64,
        mut done: impl FnMut(&Emulator) -> bool,
    ) -> Result<Option<u64>, String> {
        let from = self.now;
        while self.now < from + limit * MS {
            self.run(step)?;
            if done(self) {
                return Ok(Some(self.now - from));
            }
        }
        Ok(None)
    }

    fn agreement(&self) -> Check {
        if let Some(m) = self.mismatches.first() {
            return Err(format!(
                "{} report(s) differ from the core's; first: {m}",
                self.mismatches.len()
            ));
        }
        Ok(())
    }

    fn quit(mut self) -> Check {
        let _ = self.say("quit");
        drop(self.stdin);
        let status = self
            .child
            .wait()
            .map_err(|e| format!("waiting for the emulator: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("the emulator exited with {status}"))
        }
    }
}

/// The die's answers and reports since frame `from`.
fn rolls_since(emu: &Emulator, from: usize) -> Vec<Frame> {
    emu.frames[from..]
        .iter()
        .filter(|f| matches!(f.message, Message::Roll { .. }))
        .copied()
        .collect()
}

fn rolled(frames: &[Frame]) -> Vec<(Frame, u8, u32, u64)> {
    frames
        .iter()
        .filter_map(|f| match f.message {
            Message::Roll {
                state: RollState::Rolled,
                face,
                roll_id,
                die_id,
            } => Some((*f, face, roll_id, die_id)),
            _ => None,
        })
        .collect()
}

/// Picked up, shaken in the hand (about 5 Hz, ±1.5 g along one axis), no free fall.
fn shake(rng: &mut Rng, around: [i32; 3], samples: u32, emit: &mut impl FnMut([i16; 3])) {
    // sin(2π·5 Hz·t) at 100 Hz, in thousandths: one period is 20 samples.
    const SIN: [i32; 20] = [
        0, 309, 588, 809, 951, 1000, 951, 809, 588, 309, 0, -309, -588, -809, -951, -1000, -951,
        -809, -588, -309,
    ];
    for k in 0..samples as usize {
        let a = SIN[k % 20] * 1500 / 1000;
        let v = [around[0], around[1] + a, around[2]];
        emit(v.map(|c| (c + rng.range(-NOISE, NOISE)).clamp(-32768, 32767) as i16));
    }
}

fn samples(f: impl FnOnce(&mut dyn FnMut([i16; 3]))) -> Vec<[i16; 3]> {
    let mut out = Vec::new();
    f(&mut |s| out.push(s));
    out
}

struct Figures {
    boot_connected_ms: f64,
    boot_hello_ms: f64,
    boot_heartbeat_ms: f64,
    rest_to_report: Vec<(u8, f64)>,
    answers: Vec<(&'static str, f64)>,
}

struct Run {
    emu: Emulator,
    rng: Rng,
    colour: DieColour,
    die_id: u64,
    figures: Figures,
}

impl Run {
    /// Queues `samples` and runs until every queued sample has played, and a little more for
    /// the reports to go out.
    fn play(&mut self, samples: &[[i16; 3]]) -> Check {
        self.emu.queue(samples)?;
        self.drain()
    }

    fn drain(&mut self) -> Check {
        self.emu.run(SAMPLE_MS)?;
        while self.emu.pending > 0 {
            self.emu.run(self.emu.pending * SAMPLE_MS)?;
        }
        self.emu.run(30)
    }

    fn rest(&mut self, g: [i32; 3], n: u32) -> Vec<[i16; 3]> {
        let rng = &mut self.rng;
        samples(|e| trace::rest(rng, g, n, NOISE, &mut |s| e(s)))
    }

    fn boot(&mut self) -> Check {
        let rest = self.rest(normal(1), 100);
        self.emu.queue(&rest)?;
        let emu = &mut self.emu;
        emu.run_until(1000, 5, |e| e.connected.is_some())?
            .ok_or("the USB serial port did not come up within 1 s of reset")?;
        let at = emu.connected.unwrap_or_default();
        self.figures.boot_connected_ms = ms(at);
        if !emu.unique_id_read {
            return Err("the firmware never read the flash's unique id (its die id)".into());
        }
        // The accelerometer as the board glue's conversion assumes it: 100 Hz, X/Y/Z on,
        // normal power (CTRL_REG1 = 0x57); high resolution at ±2 g (CTRL_REG4: HR, FS = 00).
        let ctrl1 = emu
            .lis3dh_writes
            .iter()
            .rev()
            .find(|w| w.0 == 0x20)
            .map(|w| w.1);
        let ctrl4 = emu
            .lis3dh_writes
            .iter()
            .rev()
            .find(|w| w.0 == 0x23)
            .map(|w| w.1);
        match (ctrl1, ctrl4) {
            (Some(c1), Some(c4)) if c1 >> 4 == 5 && c1 & 0x0f == 0x07 && c4 & 0x38 == 0x08 => {}
            _ => {
                return Err(format!(
                    "the LIS3DH is not set to 100 Hz, 12 bits, ±2 g (CTRL_REG1 {ctrl1:02x?}, \
                     CTRL_REG4 {ctrl4:02x?}): the board's mg conversion would be wrong"
                ));
            }
        }
        // As `foreman dice listen` starts: a delimiter, a Hello request, a state request.
        emu.send_raw(&[0], Sent::Other)?;
        emu.send(&Message::HelloRequest)?;
        emu.send(&Message::RequestState)?;
        let from = emu.frames.len();
        emu.run_until(200, 1, |e| {
            e.frames[from..]
                .iter()
                .any(|f| matches!(f.message, Message::Hello { .. }))
        })?
        .ok_or("no Hello within 200 ms of the request")?;
        let hello = emu.frames[from..]
            .iter()
            .find(|f| matches!(f.message, Message::Hello { .. }))
            .copied()
            .ok_or("no Hello")?;
        let Message::Hello {
            protocol,
            firmware,
            die_id,
            colour,
            faces,
        } = hello.message
        else {
            return Err("no Hello".into());
        };
        self.figures.boot_hello_ms = ms(hello.at);
        let uid = u64::from_le_bytes(FLASH_UID);
        if (protocol, die_id, colour, faces) != (PROTOCOL_VERSION, uid, self.colour, 6) {
            return Err(format!(
                "Hello says protocol {protocol}, die {die_id:016x}, {}, {faces} faces; expected \
                 protocol {PROTOCOL_VERSION}, die {uid:016x} (the flash's unique id), {}, 6",
                colour.name(),
                self.colour.name()
            ));
        }
        self.die_id = die_id;
        println!(
            "  Hello: protocol {protocol}, firmware {firmware:#010x}, die {die_id:016x}, {}, {faces} faces",
            colour.name()
        );
        // The first heartbeat: the die's uptime is the emulated time since reset.
        emu.run_until(1500, 10, |e| {
            e.frames
                .iter()
                .any(|f| matches!(f.message, Message::Heartbeat { .. }))
        })?
        .ok_or("no heartbeat within 1.5 s of the Hello")?;
        let beat = emu
            .frames
            .iter()
            .find(|f| matches!(f.message, Message::Heartbeat { .. }))
            .copied()
            .ok_or("no heartbeat")?;
        if let Message::Heartbeat {
            die_id, uptime_ms, ..
        } = beat.message
            && (die_id != self.die_id || u64::from(uptime_ms).abs_diff(beat.at / MS) > 2)
        {
            return Err(format!(
                "heartbeat of die {die_id:016x} with uptime {uptime_ms} ms at {:.1} ms",
                ms(beat.at)
            ));
        }
        self.figures.boot_heartbeat_ms = ms(beat.at);
        if self.figures.boot_hello_ms > 1000.0 || self.figures.boot_heartbeat_ms > 1000.0 {
            return Err("Hello or heartbeat later than 1 s after reset".into());
        }
        // Resting on face 1 since the start: the state request said so.
        emu.run(100)?;
        let state = rolls_since(emu, from);
        if !rolled(&state).is_empty() {
            return Err(format!(
                "a roll was reported at boot, the die lying still on face 1 since power-on \
                 (did the firmware read the accelerometer before its first sample?): {state:?}"
            ));
        }
        if !state.iter().any(|f| {
            matches!(
                f.message,
                Message::Roll {
                    state: RollState::OnFace,
                    face: 1,
                    roll_id: 0,
                    ..
                }
            )
        }) {
            return Err(format!("not on face 1 at rest after boot: {state:?}"));
        }
        emu.agreement()
    }

    /// A throw onto `face`, then rest: exactly one `Rolled`, that face, this die.
    fn throw(&mut self, face: u8, k: usize) -> Check {
        let from = self.emu.frames.len();
        let before = self.emu.mirror.roll_id();
        let rng = &mut self.rng;
        let throw = samples(|e| trace::roll(rng, normal(face), NOISE, &mut |s| e(s)));
        let rest = self.rest(normal(face), 40);
        self.emu.queue(&throw)?;
        let name = format!("rest{k}");
        self.emu.mark(&name)?;
        self.play(&rest)?;
        let got = rolled(&rolls_since(&self.emu, from));
        let [(frame, f, roll_id, die_id)] = got[..] else {
            return Err(format!(
                "a throw onto {face} gave {} Rolled reports: {got:?}",
                got.len()
            ));
        };
        if (f, roll_id, die_id) != (face, before + 1, self.die_id) {
            return Err(format!(
                "a throw onto {face} was reported as face {f}, roll {roll_id}, die {die_id:016x}"
            ));
        }
        let rest_at = *self
            .emu
            .marks
            .get(&name)
            .ok_or("the rest's mark never came up")?;
        let latency = ms(frame.at.saturating_sub(rest_at));
        self.figures.rest_to_report.push((face, latency));
        println!(
            "  face {face}: one roll ({} die {die_id:016x}, roll {roll_id}); rest → last byte {latency:.1} ms",
            self.colour.name()
        );
        self.emu.agreement()
    }

    fn faces(&mut self) -> Check {
        for (k, face) in [1u8, 2, 3, 4, 5, 6].into_iter().enumerate() {
            self.throw(face, k)?;
        }
        Ok(())
    }

    /// Picked up, turned a little, put down on the same face: handling, then on face; no roll.
    fn handled(&mut self) -> Check {
        let face = self.emu.mirror.face();
        let from = self.emu.frames.len();
        let roll_id = self.emu.mirror.roll_id();
        let side = trace::leaning(
            normal(face),
            normal(if face == 2 || face == 5 { 3 } else { 2 }),
        );
        let rng = &mut self.rng;
        let mut motion =
            samples(|e| trace::handle(rng, normal(face), side, 60, NOISE, &mut |s| e(s)));
        let rng = &mut self.rng;
        motion.extend(samples(|e| {
            trace::handle(rng, side, normal(face), 60, NOISE, &mut |s| e(s))
        }));
        motion.extend(self.rest(normal(face), 30));
        self.play(&motion)?;
        let reports = rolls_since(&self.emu, from);
        let states: Vec<RollState> = reports
            .iter()
            .filter_map(|f| match f.message {
                Message::Roll { state, .. } => Some(state),
                _ => None,
            })
            .collect();
        if !rolled(&reports).is_empty() || !states.contains(&RollState::Handling) {
            return Err(format!("picked up and put down: {states:?}"));
        }
        match reports.last().map(|f| f.message) {
            Some(Message::Roll {
                state: RollState::OnFace,
                face: f,
                roll_id: r,
                ..
            }) if f == face && r == roll_id => {}
            other => return Err(format!("put down on {face}, the die said {other:?}")),
        }
        println!("  picked up and put down on {face}: {states:?}, no roll");
        self.emu.agreement()
    }

    /// Shaken in the hand, held there (at an angle, trembling a little), then put down gently:
    /// the core calls the shaking Rolling and the holding Crooked; putting down is no roll.
    fn shaken(&mut self) -> Check {
        let face = self.emu.mirror.face();
        let from = self.emu.frames.len();
        let held = trace::leaning(
            normal(face),
            normal(if face == 3 || face == 4 { 2 } else { 3 }),
        );
        let rng = &mut self.rng;
        let mut motion =
            samples(|e| trace::handle(rng, normal(face), held, 20, NOISE, &mut |s| e(s)));
        let rng = &mut self.rng;
        motion.extend(samples(|e| shake(rng, held, 60, &mut |s| e(s))));
        motion.extend(self.rest(held, 60));
        let rng = &mut self.rng;
        motion.extend(samples(|e| {
            trace::handle(rng, held, normal(face), 40, NOISE, &mut |s| e(s))
        }));
        motion.extend(self.rest(normal(face), 30));
        self.play(&motion)?;
        let reports = rolls_since(&self.emu, from);
        let states: Vec<(RollState, u8)> = reports
            .iter()
            .filter_map(|f| match f.message {
                Message::Roll { state, face, .. } => Some((state, face)),
                _ => None,
            })
            .collect();
        if !rolled(&reports).is_empty()
            || !states.iter().any(|s| s.0 == RollState::Rolling)
            || states.last() != Some(&(RollState::OnFace, face))
        {
            return Err(format!("shaken, held and put down: {states:?}"));
        }
        println!("  shaken, held and put down on {face}: {states:?}, no roll");
        self.emu.agreement()
    }

    /// Every request the protocol defines.
    fn requests(&mut self) -> Check {
        let emu = &mut self.emu;
        // Hello.
        let from = emu.frames.len();
        emu.send(&Message::HelloRequest)?;
        emu.run(50)?;
        let hellos: Vec<Frame> = emu.frames[from..]
            .iter()
            .filter(|f| matches!(f.message, Message::Hello { .. }))
            .copied()
            .collect();
        let delivered = emu
            .last_delivery()
            .ok_or("the Hello request was not delivered")?;
        match hellos[..] {
            [h] => self
                .figures
                .answers
                .push(("Hello", ms(h.at.saturating_sub(delivered)))),
            _ => return Err(format!("HelloRequest answered by {} Hellos", hellos.len())),
        }
        // The state.
        let from = emu.frames.len();
        let want = (emu.mirror.state(), emu.mirror.face(), emu.mirror.roll_id());
        emu.send(&Message::RequestState)?;
        emu.run(50)?;
        let delivered = emu
            .last_delivery()
            .ok_or("the state request was not delivered")?;
        let states = rolls_since(emu, from);
        match states[..] {
            [
                Frame {
                    at,
                    message:
                        Message::Roll {
                            die_id,
                            roll_id,
                            state,
                            face,
                        },
                    ..
                },
            ] if (state, face, roll_id) == want && die_id == self.die_id => {
                self.figures
                    .answers
                    .push(("state", ms(at.saturating_sub(delivered))));
            }
            _ => {
                return Err(format!(
                    "RequestState answered by {states:?}, expected {want:?}"
                ));
            }
        }
        // Identify another die: nothing blinks.
        let leds = emu.leds.len();
        emu.send(&Message::Identify {
            die_id: self.die_id ^ 1,
            millis: 400,
        })?;
        emu.run(300)?;
        if emu.leds.len() != leds {
            return Err(format!(
                "Identify for another die blinked this one: {:?}",
                &emu.leds[leds..]
            ));
        }
        // Identify this die: the LED (active low) blinks for that long, then is off.
        emu.send(&Message::Identify {
            die_id: self.die_id,
            millis: 600,
        })?;
        emu.run(800)?;
        let delivered = emu.last_delivery().ok_or("Identify was not delivered")?;
        let blink = &emu.leds[leds..];
        let on: Vec<u64> = blink.iter().filter(|l| l.1 == 0).map(|l| l.0).collect();
        let last_off = blink.iter().rev().find(|l| l.1 == 1).map(|l| l.0);
        let ok = on.len() >= 2
            && on[0] >= delivered
            // The firmware blinks in 150 ms windows of its uptime: the first can wait one out.
            && on[0] - delivered <= 160 * MS
            && last_off.is_some_and(|t| t > on[on.len() - 1] && t <= delivered + 620 * MS)
            && blink.last().map(|l| l.1) == Some(1);
        if !ok {
            return Err(format!(
                "Identify {{ millis: 600 }} delivered at {:.1} ms: LED changes {:?}",
                ms(delivered),
                blink.iter().map(|l| (ms(l.0), l.1)).collect::<Vec<_>>()
            ));
        }
        self.figures
            .answers
            .push(("Identify (LED on)", ms(on[0] - delivered)));
        println!(
            "  Identify: the LED blinked {} times over {:.0} ms; another die's Identify: no blink",
            on.len(),
            ms(last_off.unwrap_or_default() - on[0])
        );
        // Calibrate: the die lands leaning (crooked, no face); calibrated so that this reading
        // is face 1, the same landing is a roll of 1. Calibrated back on +Z, 1 is 1 again.
        let lean = trace::leaning(normal(1), normal(2));
        let rng = &mut self.rng;
        let mut motion = samples(|e| trace::roll(rng, lean, NOISE, &mut |s| e(s)));
        motion.extend(self.rest(lean, 30));
        let from = self.emu.frames.len();
        self.play(&motion)?;
        let after = rolls_since(&self.emu, from);
        if !matches!(
            after.last().map(|f| f.message),
            Some(Message::Roll {
                state: RollState::Crooked,
                face: 0,
                ..
            })
        ) {
            return Err(format!(
                "a leaning landing was not reported crooked: {after:?}"
            ));
        }
        self.emu.send(&Message::Calibrate { face: 1 })?;
        self.emu.run(50)?;
        let rng = &mut self.rng;
        let mut motion = samples(|e| trace::roll(rng, lean, NOISE, &mut |s| e(s)));
        motion.extend(self.rest(lean, 30));
        let from = self.emu.frames.len();
        self.play(&motion)?;
        let got = rolled(&rolls_since(&self.emu, from));
        if got.iter().map(|r| r.1).collect::<Vec<_>>() != [1] {
            return Err(format!(
                "after Calibrate {{ face: 1 }} on the leaning reading: {got:?}"
            ));
        }
        let rng = &mut self.rng;
        let mut motion = samples(|e| trace::handle(rng, lean, normal(1), 40, NOISE, &mut |s| e(s)));
        motion.extend(self.rest(normal(1), 30));
        self.play(&motion)?;
        self.emu.send(&Message::Calibrate { face: 1 })?;
        self.emu.run(50)?;
        println!(
            "  Calibrate: a leaning landing read crooked, then face 1 once calibrated so; calibrated back"
        );
        self.throw(1, 100)?;
        self.emu.agreement()
    }

    /// Garbage, a cut frame, an oversized frame, a bad CRC, another version, an unknown kind
    /// and a die's own message from the host: all refused without an answer; then a real
    /// request is answered once, and a throw is reported.
    fn bad_input(&mut self) -> Check {
        let emu = &mut self.emu;
        let from = emu.frames.len();
        let mut hello = [0u8; MAX_FRAME];
        let n = encode(0x4242, &Message::HelloRequest, &mut hello);
        let hello = &hello[..n];
        let mut garbage = Vec::new();
        let mut rng = Rng::new(74);
        for _ in 0..300 {
            garbage.push(rng.range(0, 255) as u8);
        }
        let mut bad: Vec<(&str, Vec<u8>)> = vec![("300 random bytes", garbage)];
        // Cut: the frame's first half, then the next frame's delimiter.
        bad.push(("a cut frame", hello[..n / 2].to_vec()));
        bad.push(("an oversized frame", {
            let mut v = vec![0u8];
            v.extend(std::iter::repeat_n(0x55, 200));
            v.push(0);
            v
        }));
        let mut flipped = hello.to_vec();
        flipped[3] ^= 0x10;
        bad.push(("a bit flipped (CRC)", flipped));
        // Another protocol version, and a kind this version does not know (valid CRCs).
        for (name, body) in [
            ("protocol version 9", vec![9u8, 1, 0, 16]),
            ("an unknown kind", vec![PROTOCOL_VERSION, 2, 0, 99]),
        ] {
            let mut raw = body.clone();
            raw.extend_from_slice(&foreman_dice_protocol::crc16(&body).to_le_bytes());
            let mut out = [0u8; 64];
            let k = foreman_dice_protocol::cobs_encode(&raw, &mut out)
                .ok_or("COBS buffer too small")?;
            let mut frame = vec![0u8];
            frame.extend_from_slice(&out[..k]);
            frame.push(0);
            bad.push((name, frame));
        }
        let mut die_message = [0u8; MAX_FRAME];
        let k = encode(
            7,
            &Message::Heartbeat {
                die_id: 1,
                uptime_ms: 2,
                battery_mv: 3,
            },
            &mut die_message,
        );
        bad.push(("a die's heartbeat", die_message[..k].to_vec()));
        // Checked: each is refused by the protocol (or, the last, is not a request).
        let names: Vec<&str> = bad.iter().map(|b| b.0).collect();
        for (_, bytes) in &bad {
            emu.send_raw(bytes, Sent::Other)?;
            emu.run(20)?;
        }
        emu.send_raw(&[0], Sent::Other)?;
        emu.send_raw(hello, Sent::Other)?;
        emu.run(50)?;
        let answers: Vec<Message> = emu.frames[from..]
            .iter()
            .map(|f| f.message)
            .filter(|m| !matches!(m, Message::Heartbeat { .. }))
            .collect();
        if answers.len() != 1 || !matches!(answers[0], Message::Hello { .. }) {
            return Err(format!(
                "after {}, then one HelloRequest, the die sent {answers:?}",
                names.join(", ")
            ));
        }
        // The host's own decoder refuses the same bytes (what the die did with them).
        let mut d = Decoder::new();
        let refused: Vec<DecodeError> = bad
            .iter()
            .flat_map(|b| b.1.iter().copied())
            .filter_map(|b| d.feed(b))
            .filter_map(Result::err)
            .collect();
        if refused.is_empty() {
            return Err("the host's decoder accepted all the bad input".into());
        }
        println!(
            "  refused ({}): {refused:?}; then one Hello for one request",
            names.join(", ")
        );
        self.throw(5, 200)?;
        self.emu.agreement()
    }

    fn heartbeats(&mut self) -> Check {
        let beats: Vec<(u64, u32)> = self
            .emu
            .frames
            .iter()
            .filter_map(|f| match f.message {
                Message::Heartbeat {
                    uptime_ms, die_id, ..
                } if die_id == self.die_id => Some((f.at, uptime_ms)),
                _ => None,
            })
            .collect();
        let gaps: Vec<u64> = beats.windows(2).map(|w| w[1].0 - w[0].0).collect();
        let worst = gaps.iter().copied().max().unwrap_or(u64::MAX);
        let expected = (self.emu.now / MS).saturating_sub(1000) / 1000;
        if beats.len() < 2 || worst > 1050 * MS || (beats.len() as u64) < expected {
            return Err(format!(
                "{} heartbeats over {:.1} s, the longest gap {:.1} ms",
                beats.len(),
                self.emu.now as f64 / 1e9,
                ms(worst)
            ));
        }
        println!(
            "  {} heartbeats over {:.1} s, at most {:.1} ms apart",
            beats.len(),
            self.emu.now as f64 / 1e9,
            ms(worst)
        );
        Ok(())
    }

    fn everything_agreed(&mut self) -> Check {
        self.emu.agreement()?;
        if !self.emu.expected.is_empty() {
            return Err(format!(
                "the core on the same samples reported more: {:?}",
                self.emu.expected
            ));
        }
        let reports = self
            .emu
            .frames
            .iter()
            .filter(|f| matches!(f.message, Message::Roll { .. }))
            .count();
        println!(
            "  {reports} state reports and answers, each as the core computes on the {} samples \
             the firmware read ({} of them repeated reads)",
            self.emu.reads + self.emu.stale_reads,
            self.emu.stale_reads
        );
        Ok(())
    }
}

fn main() -> ExitCode {
    let mut image = String::from("target/firmware/foreman-die.uf2");
    let mut node = String::from("node");
    let mut script = String::from("firmware/emulator/run.mjs");
    let mut colour = std::env::var("DIE_COLOUR").unwrap_or_else(|_| "white".into());
    let mut sensor = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next();
        match (a.as_str(), value) {
            ("--image", Some(v)) => image = v,
            ("--node", Some(v)) => node = v,
            ("--script", Some(v)) => script = v,
            ("--colour", Some(v)) => colour = v,
            ("--sensor-clock" | "--sensor-delay-us" | "--usb-debounce-ms", Some(v)) => {
                sensor.extend([a, v])
            }
            _ => {
                eprintln!(
                    "usage: emulated_die [--image UF2] [--colour NAME] [--node NODE] [--script run.mjs] \
                     [--sensor-clock SCALE] [--sensor-delay-us US] [--usb-debounce-ms MS]"
                );
                return ExitCode::from(2);
            }
        }
    }
    let Some(colour) = DieColour::ALL.into_iter().find(|c| c.name() == colour) else {
        eprintln!("emulated_die: unknown colour {colour}");
        return ExitCode::from(2);
    };
    let wall = WallClock::now();
    println!(
        "emulator: {image} ({}), accelerometer {}",
        colour.name(),
        if sensor.is_empty() {
            "in step with the chip".to_string()
        } else {
            sensor.join(" ")
        }
    );
    let emu = match Emulator::start(&node, &script, &image, &sensor) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("emulated_die: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut run = Run {
        emu,
        rng: Rng::new(74),
        colour,
        die_id: 0,
        figures: Figures {
            boot_connected_ms: 0.0,
            boot_hello_ms: 0.0,
            boot_heartbeat_ms: 0.0,
            rest_to_report: Vec::new(),
            answers: Vec::new(),
        },
    };
    type Step = fn(&mut Run) -> Check;
    let steps: [(&str, Step); 8] = [
        ("boots: USB up, Hello and heartbeat", Run::boot),
        ("a throw onto each face: one roll each", Run::faces),
        ("picked up and put down: no roll", Run::handled),
        ("shaken and held: no roll", Run::shaken),
        ("every request answered", Run::requests),
        ("bad frames refused, rolls go on", Run::bad_input),
        ("heartbeats about once a second", Run::heartbeats),
        (
            "every report as the core computes it",
            Run::everything_agreed,
        ),
    ];
    let (mut passed, mut failed) = (0, 0);
    for (name, step) in steps {
        println!("emulator: {name}");
        match step(&mut run) {
            Ok(()) => passed += 1,
            Err(e) => {
                println!(
                    "  FAILED: {e}\n  (at {:.3} ms emulated; the firmware's {})",
                    ms(run.emu.now),
                    run.emu.pc
                );
                failed += 1;
                break;
            }
        }
    }
    let emulated = run.emu.now;
    let f = &run.figures;
    if failed == 0 {
        let lat: Vec<f64> = f.rest_to_report.iter().map(|r| r.1).collect();
        let worst = lat.iter().copied().fold(0.0, f64::max);
        println!("emulator figures (emulated time):");
        println!(
            "  reset → USB serial up {:.1} ms, → Hello {:.1} ms (asked at once), → first heartbeat {:.1} ms",
            f.boot_connected_ms, f.boot_hello_ms, f.boot_heartbeat_ms
        );
        println!(
            "  rest → roll report's last byte on USB: {} (worst {worst:.1} ms; goal ≤ 150 ms)",
            f.rest_to_report
                .iter()
                .map(|(face, l)| format!("{face}: {l:.1} ms"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        println!(
            "  request delivered → answer: {}",
            f.answers
                .iter()
                .map(|(n, l)| format!("{n} {l:.2} ms"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        if worst > 150.0 {
            println!("  FAILED: a roll reported {worst:.1} ms after rest, over 150 ms");
            failed += 1;
        }
    }
    if let Err(e) = run.emu.quit() {
        println!("  FAILED: {e}");
        failed += 1;
    }
    println!(
        "emulator: {:.1} s emulated in {:.1} s",
        emulated as f64 / 1e9,
        wall.elapsed().as_secs_f64()
    );
    println!("emulator: {passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
