//! Smart dice end to end (issue: smart dice, points 4 to 6): firmware core → protocol bytes →
//! pseudo-terminal → host reader → readings; and the reader's robustness on a real port.

use foreman::dice::serial::{DiceEvent, Link, Seen, open};
use foreman::dice::{DieColour, Reading};
use foreman_dice_protocol::{MAX_FRAME, Message, PROTOCOL_VERSION, RollState, encode};
use serialport::SerialPort as _;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn frame(seq: u16, m: &Message) -> Vec<u8> {
    let mut buf = [0u8; MAX_FRAME];
    let n = encode(seq, m, &mut buf);
    buf[..n].to_vec()
}

fn hello(id: u64, colour: DieColour) -> Message {
    Message::Hello {
        protocol: PROTOCOL_VERSION,
        firmware: 1,
        die_id: id,
        colour,
        faces: 6,
    }
}

fn rolled(id: u64, roll_id: u32, face: u8) -> Message {
    Message::Roll {
        die_id: id,
        roll_id,
        state: RollState::Rolled,
        face,
    }
}

/// Reads from `link` until `want` readings arrived (or thirty seconds passed: a deadline for a
/// loaded machine, not a measure).
fn readings<P: std::io::Read + std::io::Write>(
    link: &mut Link<P>,
    seen: &mut Seen,
    want: usize,
) -> Vec<Reading> {
    let mut out = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while out.len() < want && Instant::now() < deadline {
        for e in link.poll(seen).expect("port open") {
            if let DiceEvent::Rolled(r) = e {
                out.push(r);
            }
        }
    }
    out
}

#[test]
fn the_reader_survives_garbage_bit_flips_cut_frames_and_repeats() {
    let (mut die, host) = serialport::TTYPort::pair().expect("pty");
    let path = host.name().expect("pty path");
    let mut link = Link::new(open(&path).expect("opens by path"), &path);
    let mut seen = Seen::default();
    let mut bytes = frame(0, &hello(7, DieColour::Yellow));
    bytes.extend([0x13, 0x37, 0xFF, 0x42]); // garbage
    let mut flipped = frame(1, &rolled(7, 1, 3));
    flipped[4] ^= 0x10; // a bit flip
    bytes.extend(flipped);
    let cut = frame(2, &rolled(7, 1, 3));
    bytes.extend(&cut[..cut.len() / 2]); // a cut frame
    bytes.extend(frame(3, &rolled(7, 1, 4)));
    bytes.extend(frame(4, &rolled(7, 1, 4))); // the same roll again
    bytes.extend(frame(5, &rolled(7, 2, 6)));
    die.write_all(&bytes).expect("write");
    let got = readings(&mut link, &mut seen, 2);
    assert_eq!(
        got.iter().map(|r| (r.face, r.roll_id)).collect::<Vec<_>>(),
        vec![(4, 1), (6, 2)]
    );
    assert!(
        got.iter()
            .all(|r| r.colour == DieColour::Yellow && r.die_id == 7)
    );
    assert!(link.errors.corrupted >= 2, "{:?}", link.errors);

    // Unplugged: the reader's next read fails (it does not hang or panic).
    drop(die);
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut gone = false;
    while Instant::now() < deadline && !gone {
        gone = link.poll(&mut seen).is_err();
    }
    assert!(gone, "an unplugged port is noticed");

    // Plugged back (a new port): the die repeats its last roll, which is not reported again.
    let (mut die, host) = serialport::TTYPort::pair().expect("pty");
    let path = host.name().expect("pty path");
    let mut link = Link::new(open(&path).expect("opens"), &path);
    let mut bytes = frame(0, &hello(7, DieColour::Yellow));
    bytes.extend(frame(1, &rolled(7, 2, 6)));
    bytes.extend(frame(2, &rolled(7, 3, 1)));
    die.write_all(&bytes).expect("write");
    let got = readings(&mut link, &mut seen, 1);
    assert_eq!(got.iter().map(|r| r.roll_id).collect::<Vec<_>>(), vec![3]);
}

#[test]
fn another_protocol_version_is_reported() {
    let (mut die, host) = serialport::TTYPort::pair().expect("pty");
    let path = host.name().expect("pty path");
    let mut link = Link::new(open(&path).expect("opens"), &path);
    let mut seen = Seen::default();
    die.write_all(&frame(
        0,
        &Message::Hello {
            protocol: PROTOCOL_VERSION + 1,
            firmware: 1,
            die_id: 1,
            colour: DieColour::Red,
            faces: 6,
        },
    ))
    .expect("write");
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut events = Vec::new();
    while events.is_empty() && Instant::now() < deadline {
        events = link.poll(&mut seen).expect("open");
    }
    assert_eq!(
        events,
        vec![DiceEvent::VersionMismatch {
            port: path,
            got: PROTOCOL_VERSION + 1
        }]
    );
}

#[test]
fn the_reader_asks_the_dice_who_they_are_on_connecting() {
    let (mut die, host) = serialport::TTYPort::pair().expect("pty");
    die.set_timeout(Duration::from_millis(100))
        .expect("timeout");
    let path = host.name().expect("pty path");
    let mut link = Link::new(open(&path).expect("opens"), &path);
    link.start().expect("start");
    let mut decoder = foreman_dice_protocol::Decoder::new();
    let mut asked = Vec::new();
    let mut buf = [0u8; 64];
    let deadline = Instant::now() + Duration::from_secs(30);
    while asked.len() < 2 && Instant::now() < deadline {
        if let Ok(n) = std::io::Read::read(&mut die, &mut buf) {
            asked.extend(buf[..n].iter().filter_map(|&b| decoder.feed(b)).flatten());
        }
    }
    let asked: Vec<Message> = asked.into_iter().map(|e| e.message).collect();
    assert_eq!(asked, vec![Message::HelloRequest, Message::RequestState]);
}

/// The simulator (firmware core on simulated motion) and `foreman dice listen`, end to end
/// through a pseudo-terminal: every roll the simulated dice made is read, once.
#[test]
fn simulated_dice_are_read_by_foreman_dice_listen() {
    let mut sim = Command::new(env!("CARGO_BIN_EXE_foreman-die-sim"))
        .args(["--dice", "3", "--rolls", "5", "--seed", "4"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("simulator starts");
    let mut lines = BufReader::new(sim.stdout.take().expect("stdout")).lines();
    let port = lines.next().expect("a first line").expect("utf-8");
    assert!(port.starts_with("/dev/"), "{port}");
    let listen = Command::new(env!("CARGO_BIN_EXE_foreman"))
        .args([
            "dice",
            "listen",
            &port,
            "--json",
            "--count",
            "15",
            "--seconds",
            "60",
        ])
        .output()
        .expect("listen runs");
    assert!(
        listen.status.success(),
        "{}",
        String::from_utf8_lossy(&listen.stderr)
    );
    let produced: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(sim.wait().expect("simulator ends").success());
    let parse = |l: &str| -> serde_json::Value { serde_json::from_str(l).expect("a JSON line") };
    let mut produced: Vec<serde_json::Value> = produced.iter().map(|l| parse(l)).collect();
    let mut received: Vec<serde_json::Value> = String::from_utf8_lossy(&listen.stdout)
        .lines()
        .map(parse)
        .collect();
    let key = |v: &serde_json::Value| (v["die_id"].as_u64(), v["roll_id"].as_u64());
    produced.sort_by_key(key);
    received.sort_by_key(key);
    assert_eq!(produced.len(), 15);
    assert_eq!(received, produced);
    for v in &received {
        assert!((1..=6).contains(&v["face"].as_u64().unwrap_or(0)));
        assert!(["red", "blue", "green"].contains(&v["colour"].as_str().unwrap_or("")));
    }
}

/// The watcher thread: reads a port by its path, notices the unplug, waits for the port to
/// come back, and carries on without reporting a roll twice. The "port" is a symbolic link
/// to a pseudo-terminal, pointed at a new one for the replug.
#[test]
fn the_watcher_reconnects_after_an_unplug() {
    use foreman::dice::serial::spawn_watch;
    let dir = tempfile::tempdir().expect("temp dir");
    let link_path = dir.path().join("die");
    let plug = |link_path: &std::path::Path| {
        let (die, host) = serialport::TTYPort::pair().expect("pty");
        let _ = std::fs::remove_file(link_path);
        std::os::unix::fs::symlink(host.name().expect("pty path"), link_path).expect("symlink");
        (die, host)
    };
    let (mut die, host) = plug(&link_path);
    let (tx, rx) = std::sync::mpsc::channel();
    let (_cmd_tx, cmd_rx) = std::sync::mpsc::channel();
    let (stop, handle) = spawn_watch(
        link_path.display().to_string(),
        tx,
        cmd_rx,
        Default::default(),
    );
    let next = |want: &dyn Fn(&DiceEvent) -> bool| -> DiceEvent {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(e) if want(&e) => return e,
                Ok(_) => {}
                Err(e) => panic!("no such event: {e}"),
            }
        }
    };
    next(&|e| matches!(e, DiceEvent::Connected { .. }));
    let mut bytes = frame(0, &hello(3, DieColour::Green));
    bytes.extend(frame(1, &rolled(3, 1, 2)));
    die.write_all(&bytes).expect("write");
    let first = next(&|e| matches!(e, DiceEvent::Rolled(_)));
    assert!(matches!(
        first,
        DiceEvent::Rolled(Reading {
            face: 2,
            roll_id: 1,
            ..
        })
    ));

    // Unplug.
    drop(die);
    drop(host);
    let _ = std::fs::remove_file(&link_path);
    next(&|e| matches!(e, DiceEvent::Disconnected { .. }));
    // Plug back: the die repeats its last roll, then rolls again.
    let (mut die, _host) = plug(&link_path);
    next(&|e| matches!(e, DiceEvent::Connected { .. }));
    let mut bytes = frame(0, &hello(3, DieColour::Green));
    bytes.extend(frame(1, &rolled(3, 1, 2)));
    bytes.extend(frame(2, &rolled(3, 2, 5)));
    die.write_all(&bytes).expect("write");
    let again = next(&|e| matches!(e, DiceEvent::Rolled(_)));
    assert!(
        matches!(
            again,
            DiceEvent::Rolled(Reading {
                face: 5,
                roll_id: 2,
                ..
            })
        ),
        "{again:?}"
    );
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    handle.join().expect("the watcher ends");
}

/// Smart dice in the window wake it (the smart dice issue, the panel): the window repaints when a
/// die reports, not on a timer, so a roll shows as soon as it comes and an idle window costs
/// nothing.
#[test]
fn a_smart_die_report_wakes_the_window() {
    use foreman::ui::smart::SmartDice;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let (mut die, host) = serialport::TTYPort::pair().expect("pty");
    let port = host.name().expect("pty path");
    let ctx = egui::Context::default();
    let repaints = Arc::new(AtomicUsize::new(0));
    let counter = repaints.clone();
    ctx.set_request_repaint_callback(move |_| {
        counter.fetch_add(1, Ordering::Relaxed);
    });
    let mut dice = SmartDice::connect(&port);
    dice.drain(&ctx);
    let mut bytes = frame(0, &hello(4, DieColour::Red));
    bytes.extend(frame(1, &rolled(4, 1, 6)));
    die.write_all(&bytes).expect("write");
    // The window drains only when asked to repaint, as eframe would.
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut drained_at = 0;
    while dice.waiting.is_empty() {
        assert!(Instant::now() < deadline, "no roll reached the window");
        let asked = repaints.load(Ordering::Relaxed);
        if asked > drained_at {
            drained_at = asked;
            dice.drain(&ctx);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(dice.waiting.front().map(|r| r.face), Some(6));
}
