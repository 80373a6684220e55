//! `foreman-die-sim --dice N --rolls R --seed S`: smart dice without hardware. Runs the
//! firmware core (`firmware/core`) on simulated motion for N dice and speaks the dice protocol
//! on a pseudo-terminal. The first line on stdout is the port's path; then one JSON line per
//! roll the dice produced: `{"die_id", "colour", "face", "roll_id"}`. The dice wait until a
//! host asks who they are (`foreman dice listen PORT` does), so nothing is lost.

use anyhow::{Context, Result, bail};
use clap::Parser;
use foreman_dice_core::trace::{self, Rng};
use foreman_dice_core::{Calibration, Config, DieCore, RollState};
use foreman_dice_protocol::{Decoder, DieColour, MAX_FRAME, Message, PROTOCOL_VERSION, encode};
use serialport::SerialPort as _;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(
    name = "foreman-die-sim",
    about = "Simulated smart dice on a pseudo-terminal"
)]
struct Args {
    /// How many dice (1 to 7, one per colour).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=7))]
    dice: u8,
    /// How many rolls each die makes.
    #[arg(long, default_value_t = 3)]
    rolls: u32,
    /// Seed of the simulated motion.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds to wait for a host before giving up.
    #[arg(long, default_value_t = 60)]
    wait: u64,
}

struct SimDie {
    id: u64,
    colour: DieColour,
    core: DieCore,
}

struct Port {
    master: serialport::TTYPort,
    seq: u16,
}

impl Port {
    fn send(&mut self, m: &Message) -> Result<()> {
        let mut buf = [0u8; MAX_FRAME];
        let n = encode(self.seq, m, &mut buf);
        self.seq = self.seq.wrapping_add(1);
        self.master
            .write_all(&buf[..n])
            .context("writing to the pseudo-terminal")?;
        Ok(())
    }
    /// The requests that have arrived from the host.
    fn requests(&mut self, decoder: &mut Decoder) -> Vec<Message> {
        let mut buf = [0u8; 256];
        let mut out = Vec::new();
        if let Ok(n) = self.master.read(&mut buf) {
            for &b in &buf[..n] {
                if let Some(Ok(env)) = decoder.feed(b) {
                    out.push(env.message);
                }
            }
        }
        out
    }
}

fn hello(d: &SimDie) -> Message {
    Message::Hello {
        protocol: PROTOCOL_VERSION,
        firmware: 0x0001_0000,
        die_id: d.id,
        colour: d.colour,
        faces: 6,
    }
}

fn state(d: &SimDie) -> Message {
    Message::Roll {
        die_id: d.id,
        roll_id: d.core.roll_id(),
        state: d.core.state(),
        face: d.core.face(),
    }
}

fn answer(port: &mut Port, dice: &[SimDie], requests: &[Message]) -> Result<bool> {
    let mut greeted = false;
    for r in requests {
        match r {
            Message::HelloRequest => {
                greeted = true;
                for d in dice {
                    port.send(&hello(d))?;
                }
            }
            Message::RequestState => {
                for d in dice {
                    port.send(&state(d))?;
                }
            }
            Message::Identify { die_id, millis } => {
                eprintln!("(die {die_id:x} blinks for {millis} ms)")
            }
            _ => {}
        }
    }
    Ok(greeted)
}

fn main() -> Result<()> {
    let args = Args::parse();
    let (mut master, slave) = serialport::TTYPort::pair().context("creating a pseudo-terminal")?;
    master
        .set_timeout(Duration::from_millis(20))
        .context("setting the read timeout")?;
    let path = slave.name().context("the pseudo-terminal has no name")?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{path}")?;
    out.flush()?;

    let mut rng = Rng::new(args.seed);
    let mut dice: Vec<SimDie> = (0..args.dice)
        .map(|i| SimDie {
            id: 0xD1CE_0000 + u64::from(i) + (args.seed << 32),
            colour: DieColour::ALL[usize::from(i)],
            core: DieCore::new(Config::default(), Calibration::default()),
        })
        .collect();
    // At rest on a random face before anything happens.
    for d in &mut dice {
        let face = rng.range(1, 6) as u8;
        let g = Calibration::default().normals[usize::from(face - 1)];
        trace::rest(&mut rng, g, 30, 20, &mut |s| {
            d.core.step(s);
        });
    }

    let mut port = Port { master, seq: 0 };
    let mut decoder = Decoder::new();
    let deadline = Instant::now() + Duration::from_secs(args.wait);
    loop {
        let requests = port.requests(&mut decoder);
        if answer(&mut port, &dice, &requests)? {
            break;
        }
        if Instant::now() > deadline {
            bail!("no host asked for the dice within {} s", args.wait);
        }
    }

    let started = Instant::now();
    for _ in 0..args.rolls {
        for d in &mut dice {
            let face = rng.range(1, 6) as u8;
            let g = Calibration::default().normals[usize::from(face - 1)];
            let mut reports = Vec::new();
            let mut feed = |s| {
                if let Some(r) = d.core.step(s) {
                    reports.push(r);
                }
            };
            trace::roll(&mut rng, g, 20, &mut feed);
            trace::rest(&mut rng, g, 40, 20, &mut feed);
            for r in reports {
                port.send(&Message::Roll {
                    die_id: d.id,
                    roll_id: r.roll_id,
                    state: r.state,
                    face: r.face,
                })?;
                if r.state == RollState::Rolled {
                    let reading = foreman::dice::Reading {
                        die_id: d.id,
                        colour: d.colour,
                        face: r.face,
                        roll_id: r.roll_id,
                    };
                    writeln!(out, "{}", serde_json::to_string(&reading)?)?;
                    out.flush()?;
                }
            }
            port.send(&Message::Heartbeat {
                die_id: d.id,
                uptime_ms: started.elapsed().as_millis() as u32,
                battery_mv: 3_700 + rng.range(0, 400) as u16,
            })?;
        }
        let requests = port.requests(&mut decoder);
        answer(&mut port, &dice, &requests)?;
    }
    // Give the host time to read the last frames before the port goes away.
    let linger = Instant::now() + Duration::from_millis(1500);
    while Instant::now() < linger {
        let requests = port.requests(&mut decoder);
        answer(&mut port, &dice, &requests)?;
    }
    drop(slave);
    Ok(())
}
