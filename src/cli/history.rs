//! `foreman history`, `stats` and `export`.

use anyhow::{Context, Result};
use foreman::store;
use std::path::PathBuf;

/// The history of the data folder, its saved games imported; a damaged one is said.
pub(super) fn open_history() -> Result<foreman::history::History> {
    let opened = foreman::history::open_in(&store::data_dir()).context("the history")?;
    if let Some(aside) = opened.set_aside {
        eprintln!(
            "foreman: the history database was damaged; it was set aside as {} and a new one begun",
            aside.display()
        );
    }
    Ok(opened.history)
}

pub(super) fn history_command(
    player: Option<String>,
    json: bool,
    rename: Option<Vec<String>>,
    import: Option<PathBuf>,
) -> Result<()> {
    let mut history = open_history()?;
    if let Some(dir) = import {
        let files = foreman::history::saved_games_in(&dir);
        let n = history.import_files(&files)?;
        println!("{n} of {} saved games added to the history.", files.len());
        return Ok(());
    }
    if let Some([old, new]) = rename.as_deref() {
        let n = history.rename(old, new)?;
        println!("{old} is {new} from now on ({n} seats).");
        return Ok(());
    }
    let rows = history.games(&foreman::history::Filter {
        player,
        ..Default::default()
    })?;
    if json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(foreman::history::report::game_json)
            .collect();
        println!("{}", serde_json::Value::Array(list));
    } else if rows.is_empty() {
        println!("No game yet.");
    } else {
        for g in &rows {
            println!("{}", foreman::history::report::game_line(g));
        }
    }
    Ok(())
}

pub(super) fn stats_command(player: Option<String>, json: bool) -> Result<()> {
    let history = open_history()?;
    let rows = history.games(&Default::default())?;
    if json {
        let v = foreman::history::report::stats_json(&history, &rows, player.as_deref())?;
        println!("{v}");
    } else {
        print!(
            "{}",
            foreman::history::report::stats_text(&history, &rows, player.as_deref())?
        );
    }
    Ok(())
}

pub(super) fn export_command(bgstats: Option<PathBuf>, csv: Option<PathBuf>) -> Result<()> {
    use foreman::history::export;
    let history = open_history()?;
    let rows = history.games(&Default::default())?;
    if let Some(file) = bgstats {
        let others = history.other_plays()?;
        let text = serde_json::to_string_pretty(&export::bgstats_with(&rows, &others))?;
        store::write_atomic(&file, text).with_context(|| format!("writing {}", file.display()))?;
        println!(
            "{} finished games written to {} (a BG Stats play file: open it with BG Stats on your phone).",
            rows.iter().filter(|g| g.finished).count()
                + others.iter().filter(|p| p.finished).count(),
            file.display()
        );
    }
    if let Some(file) = csv {
        let players = file.with_file_name(format!(
            "{}-players.csv",
            file.file_stem()
                .map_or("games".into(), |s| s.to_string_lossy())
        ));
        store::write_atomic(&file, export::csv_games(&rows).context("the games as CSV")?)?;
        store::write_atomic(
            &players,
            export::csv_players(&rows).context("the players as CSV")?,
        )?;
        let others = file.with_file_name(format!(
            "{}-other-games.csv",
            file.file_stem()
                .map_or("games".into(), |s| s.to_string_lossy())
        ));
        store::write_atomic(
            &others,
            export::csv_other_plays(&history.other_plays()?).context("the other games as CSV")?,
        )?;
        println!(
            "{} games written to {} and their players to {}; Traumfabrik's and Little Factory's plays to {}.",
            rows.len(),
            file.display(),
            players.display(),
            others.display()
        );
    }
    Ok(())
}
