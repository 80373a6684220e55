//! `foreman dice read` and `foreman dice listen`.

use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;

/// `foreman dice read`: the camera reader on photos, one line per photo.
pub(super) fn read_photos(
    images: &[PathBuf],
    json: bool,
    count: Option<usize>,
    colour: Option<foreman::vision::DieColour>,
) -> Result<()> {
    use foreman::vision;
    let mut failed = 0;
    for path in images {
        let result = match count {
            Some(n) => vision::read_file_expecting(path, n, colour),
            None => vision::read_file(path).map(|mut dice| {
                if let Some(c) = colour {
                    dice.iter_mut().for_each(|d| d.colour = Some(c));
                }
                dice
            }),
        };
        if result.is_err() {
            failed += 1;
        }
        let mut line = if json {
            vision::json_line(path, &result)
        } else {
            vision::text_line(path, &result)
        };
        // Fewer dice than the roll has: said, not guessed.
        if let (Some(n), Ok(dice), false) = (count, &result, json)
            && dice.len() < n
        {
            line.push_str(&format!(" (saw {} of the {n} dice)", dice.len()));
        }
        println!("{line}");
    }
    if failed > 0 {
        anyhow::bail!("{failed} of {} images could not be read", images.len());
    }
    Ok(())
}

/// `foreman dice listen`: the smart-dice reader on one port, printing settled rolls.
pub(super) fn listen(
    port: String,
    json: bool,
    count: Option<usize>,
    seconds: Option<u64>,
) -> Result<()> {
    use foreman::dice::serial::{DiceEvent, spawn_watch};
    use std::time::{Duration, Instant};
    let (tx, rx) = std::sync::mpsc::channel();
    let (_commands_tx, commands_rx) = std::sync::mpsc::channel();
    // Nothing to wake: the loop below looks for events itself.
    let (stop, handle) = spawn_watch(port, tx, commands_rx, Default::default());
    let deadline = seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let mut rolls = 0;
    let out = std::io::stdout();
    loop {
        if count.is_some_and(|c| rolls >= c) || deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let event = match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(e) => e,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        };
        let mut out = out.lock();
        match event {
            DiceEvent::Rolled(r) => {
                rolls += 1;
                if json {
                    writeln!(out, "{}", serde_json::to_string(&r)?)?;
                } else {
                    writeln!(
                        out,
                        "{} die {:x} rolled {} (roll {})",
                        r.colour.name(),
                        r.die_id,
                        r.face,
                        r.roll_id
                    )?;
                }
                out.flush()?;
            }
            DiceEvent::VersionMismatch { port, got } => eprintln!(
                "{port}: the dice speak protocol version {got}; this Foreman speaks {}: update one of them",
                foreman_dice_protocol::PROTOCOL_VERSION
            ),
            DiceEvent::Disconnected { port, reason } => {
                eprintln!("{port}: not connected ({reason}); waiting for it to come back")
            }
            DiceEvent::Connected { port } => eprintln!("{port}: connected"),
            DiceEvent::Hello(d) => {
                eprintln!("die {:x}: {} d{}", d.die_id, d.colour.name(), d.faces)
            }
            _ => {}
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = handle.join();
    Ok(())
}
