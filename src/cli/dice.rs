//! `foreman dice read` and `foreman dice listen`.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;

/// `foreman dice read`: the camera reader on photos, one line per photo.
pub(super) fn read_photos(
    images: &[PathBuf],
    json: bool,
    count: Option<usize>,
    colour: Option<foreman::vision::DieColour>,
    shipped: bool,
) -> Result<()> {
    use foreman::vision;
    // What was taught at this table (`foreman dice teach`, the window's confirmed rolls).
    let teacher = foreman::dice::teach::Teacher::open(&foreman::store::data_dir())
        .map_err(anyhow::Error::msg)?;
    let model = if shipped {
        std::sync::Arc::new(vision::learned::Model::shipped()?.clone())
    } else {
        if teacher.taught() {
            eprintln!(
                "Reading with what was taught from {} rolls (--shipped: the model built in; foreman dice teach --forget: forget it).",
                teacher.lessons.rolls
            );
        }
        teacher.model()
    };
    let mut failed = 0;
    for path in images {
        let result = std::fs::read(path)
            .map_err(vision::PhotoError::from)
            .and_then(|bytes| Ok(image::load_from_memory(&bytes)?.to_rgb8()))
            .map(|image| {
                vision::read_dice_expecting_with(&model, &image, None, count.map(|n| (n, colour)))
            })
            .map(|mut dice| {
                if let Some(c) = colour {
                    dice.iter_mut().for_each(|d| d.colour = Some(c));
                }
                dice
            });
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

/// `foreman dice teach`: photos of the player's table and their rolls told in a file teach the
/// reader, kept in the data folder; `--forget` removes it.
pub(super) fn teach_photos(
    truth: Option<&std::path::Path>,
    images: &[PathBuf],
    forget: bool,
) -> Result<()> {
    use foreman::dice::teach::{Teacher, parse_truth};
    let dir = foreman::store::data_dir();
    let mut teacher = Teacher::open(&dir).map_err(anyhow::Error::msg)?;
    if forget {
        let had = teacher.lessons.rolls;
        teacher.forget();
        println!("Forgot what was taught ({had} rolls): the model built in reads again.");
        return Ok(());
    }
    let Some(truth) = truth else {
        anyhow::bail!("--truth FILE: the rolls of the photos");
    };
    let text = std::fs::read_to_string(truth)
        .with_context(|| format!("the truth file {}", truth.display()))?;
    let told = parse_truth(&text).with_context(|| format!("the truth file {}", truth.display()))?;
    if images.is_empty() {
        anyhow::bail!("no photos given: name them after the truth file");
    }
    let (mut taught, mut dice, mut wrong) = (0, 0, 0);
    for path in images {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some((_, values)) = told.iter().find(|(n, _)| *n == name) else {
            println!("{}: not in the truth file, not taught", path.display());
            continue;
        };
        let image = match std::fs::read(path)
            .map_err(foreman::vision::PhotoError::from)
            .and_then(|b| Ok(image::load_from_memory(&b)?.to_rgb8()))
        {
            Ok(image) => image,
            Err(e) => {
                println!("{}: {e}, not taught", path.display());
                continue;
            }
        };
        match teacher.teach(&image, values) {
            Ok(t) => {
                taught += 1;
                dice += t.dice;
                wrong += t.read_wrong;
                println!(
                    "{}: {} dice, {} read wrong; taught",
                    path.display(),
                    t.dice,
                    t.read_wrong
                );
            }
            Err(e) => println!(
                "{}: {e}; not taught (teach it in the window)",
                path.display()
            ),
        }
    }
    teacher.keep();
    println!(
        "Taught {taught} of {} photos ({dice} dice, {wrong} read wrong before); {} rolls taught in all.",
        images.len(),
        teacher.lessons.rolls
    );
    if teacher.train(|e, n| eprintln!("Training the reader again: epoch {e} of {n}")) {
        println!(
            "The reader's classifier was trained again on them: the window and foreman dice read use it."
        );
    } else if teacher.taught() {
        println!(
            "The window and foreman dice read use it (its last layer fitted; the classifier is trained again from {} rolls).",
            foreman::dice::relearner::FIRST_AFTER
        );
    } else {
        println!(
            "The reader uses what it was taught from {} rolls on.",
            foreman::vision::adapt::LEAST_ROLLS
        );
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
