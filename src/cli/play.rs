//! `foreman play`: the terminal game.

use anyhow::Result;
use foreman::engine::error::counted;
use foreman::engine::known::Source;
use foreman::engine::{Act, Difficulty, Game, Inputs, Setup, legal_actions};
use foreman::session::recorder::Recorder;
use foreman::session::{Session, SessionError};
use foreman::store;
use foreman::text;
use std::io::{BufRead, Write};

/// The terminal game: the table, then the numbered legal actions; the Machine plays itself.
/// A client of the game's authority, as the window is: the session writes the journal before
/// anything is shown, undoes and redoes, and the recorder keeps the game in the history.
pub(super) fn play(level: Difficulty, seed: Option<u64>, resume: bool) -> Result<()> {
    let path = store::last_game_path();
    let mut session = if resume {
        Session::resume(&path)?
    } else {
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        });
        Session::start(Setup::solo("You", level, seed), path.clone())?
    };
    // A resumed game keeps its own difficulty, whatever --solo says.
    let level = session.truth().setup().machine.unwrap_or(level);
    println!(
        "Foreman — Fantastic Factories, solo against the Machine ({}).",
        level.name()
    );
    println!(
        "Type the number of an action, u to undo, r to redo, q to quit. The game is saved to {}",
        path.display()
    );
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    // Every game goes into the history as it is played (a history that cannot open is said
    // once, and the game goes on: its journal file holds it).
    let mut recorder = Recorder::open(&store::data_dir());
    if let Some(notice) = recorder.notice.take() {
        eprintln!("foreman: the history: {notice}");
    }
    loop {
        recorder.record(&path, session.truth());
        let game = session.shared();
        if game.state().is_over() {
            print!("{}", text::table_text(&game));
            print!("{}", text::scoreboard_text(&game));
            return Ok(());
        }
        let acts = legal_actions(game.state());
        // The deal and the Machine's turn play themselves.
        if acts == [Act::Deal] || acts == [Act::MachineTurn] {
            let act = acts[0].clone();
            let events = session.act(act, Inputs::default(), Source::Digital)?;
            say_events(&session, &events);
            continue;
        }
        // The end-of-work discard is the player's choice (docs/rules.md, end of the work phase):
        // one entry, then the cards and resources are asked for.
        let excess = end_work_excess(&game);
        let mut acts = acts;
        if excess != (0, 0) {
            let mut seen = false;
            acts.retain(|a| {
                !matches!(a, Act::EndWork { .. }) || !std::mem::replace(&mut seen, true)
            });
        }
        print!("\n{}", text::table_text(&game));
        for (i, a) in acts.iter().enumerate() {
            if matches!(a, Act::EndWork { .. }) && excess != (0, 0) {
                println!(
                    "  {:>3}. end the work phase, choosing {} and {} to discard",
                    i + 1,
                    counted(excess.0, "blueprint"),
                    counted(excess.1 as usize, "resource")
                );
            } else {
                println!("  {:>3}. {a}", i + 1);
            }
        }
        print!("> ");
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            println!("\n(end of input: the game is saved; `foreman play --resume` continues it)");
            return Ok(());
        };
        let line = line?;
        let line = line.trim();
        match line {
            "q" | "quit" => {
                println!("Saved. `foreman play --resume` continues it.");
                return Ok(());
            }
            // The window's rule (docs/rules.md, Undo): in a digital game undo does not take
            // back an action that revealed a card or dice, the Machine's turn included.
            "u" | "undo" => {
                match session.undo() {
                    Ok(Some(undone)) => println!("Taken back: {}.", undone.act),
                    Ok(None) => println!("Nothing to take back."),
                    Err(SessionError::UndoStops(i)) => {
                        if let Some(stop) = session.truth().journal().get(i) {
                            println!(
                                "Undo stops at \"{}\": it revealed a card or dice, and taking it back would show what is hidden.",
                                stop.act
                            );
                        }
                    }
                    Err(e) => println!("Not taken back: {e}"),
                }
                continue;
            }
            "r" | "redo" => {
                match session.redo() {
                    Ok(Some(redone)) => println!("Played again: {}.", redone.act),
                    Ok(None) => println!("Nothing to play again."),
                    Err(e) => println!("Not played again: {e}"),
                }
                continue;
            }
            _ => {}
        }
        let chosen = line
            .parse::<usize>()
            .ok()
            .and_then(|k| k.checked_sub(1))
            .and_then(|k| acts.get(k))
            .cloned();
        let chosen = match chosen {
            Some(Act::EndWork { .. }) if excess != (0, 0) => {
                match choose_discards(&game, excess, &mut lines)? {
                    Some(act) => Some(act),
                    None => continue,
                }
            }
            other => other,
        };
        match chosen {
            Some(act) => match session.act(act, Inputs::default(), Source::Digital) {
                Ok(events) => say_events(&session, &events),
                // A file that cannot be written stops the game: nothing unsaved goes on.
                Err(SessionError::Store(e)) => return Err(e.into()),
                Err(e) => println!("Not allowed: {e}"),
            },
            None => println!("Type a number from 1 to {}, u, r or q.", acts.len()),
        }
    }
}

/// What an action just played made happen, a line each.
fn say_events(session: &Session, events: &foreman::engine::Events) {
    let game = session.shared();
    for e in events {
        if let Some(t) = text::event_text(&game, e) {
            println!("  · {t}");
        }
    }
}

/// The blueprints and resources the player at work must give up to end the work phase
/// (docs/rules.md, end of the work phase: `PlayerState::excess`, hidden cards counted).
pub(super) fn end_work_excess(game: &Game) -> (usize, u32) {
    let st = game.state();
    match st.current_player() {
        Some(p) if matches!(st.phase, foreman::engine::state::Phase::Work { .. }) => {
            st.players[p].excess()
        }
        _ => (0, 0),
    }
}

/// Asks which blueprints and resources go at the end of the work phase; `None` when the
/// player's answer does not fit (said why; they choose again).
pub(super) fn choose_discards(
    game: &Game,
    (cards, resources): (usize, u32),
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Result<Option<Act>> {
    let st = game.state();
    let Some(p) = st.current_player() else {
        return Ok(None);
    };
    let player = &st.players[p];
    let hand: Vec<foreman::engine::Blueprint> = player
        .hand
        .iter()
        .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
        .collect();
    let mut discard = Vec::new();
    if cards > 0 {
        println!("Your hand:");
        for (i, c) in hand.iter().enumerate() {
            println!("  {:>3}. {c}", i + 1);
        }
        print!(
            "Discard {}: type their numbers, separated by spaces > ",
            counted(cards, "blueprint")
        );
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return Ok(None);
        };
        let mut picked: Vec<usize> = Vec::new();
        for word in line?.split_whitespace() {
            match word.parse::<usize>().ok().and_then(|k| k.checked_sub(1)) {
                Some(k) if k < hand.len() && !picked.contains(&k) => picked.push(k),
                _ => {
                    println!(
                        "\"{word}\" is not one of the numbers 1 to {} (each once).",
                        hand.len()
                    );
                    return Ok(None);
                }
            }
        }
        if picked.len() != cards {
            println!(
                "Choose exactly {}; you named {}.",
                counted(cards, "blueprint"),
                picked.len()
            );
            return Ok(None);
        }
        discard = picked.into_iter().map(|k| hand[k]).collect();
    }
    let mut metal = 0;
    if resources > 0 {
        let least = resources.saturating_sub(player.energy);
        let most = resources.min(player.metal);
        print!(
            "Drop {}: how much of it metal ({least} to {most}; the rest energy)? > ",
            counted(resources as usize, "resource")
        );
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return Ok(None);
        };
        match line?.trim().parse::<u32>() {
            Ok(m) if (least..=most).contains(&m) => metal = m,
            _ => {
                println!("Type a number from {least} to {most}.");
                return Ok(None);
            }
        }
    }
    Ok(Some(Act::EndWork {
        discard,
        discard_metal: metal,
        discard_energy: resources - metal,
    }))
}
