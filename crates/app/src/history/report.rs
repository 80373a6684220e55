//! The history in the terminal: `foreman history` and `foreman stats`, as text or JSON.

use super::export::date_time;
use super::stats;
use super::{GameRow, History, HistoryError};
use serde_json::{Value, json};
use std::fmt::Write as _;

/// One game in words: "2026-12-04 18:20  solo, expert  Ann 31 / Machine 28  winner: Ann".
pub fn game_line(g: &GameRow) -> String {
    let mut scores: Vec<String> = g
        .seats
        .iter()
        .map(|s| match s.score {
            Some(v) => format!("{} {v}", s.name),
            None => s.name.clone(),
        })
        .collect();
    if g.machine.is_some() {
        scores.push(match g.machine_score {
            Some(v) if g.finished => format!("Machine {v}"),
            _ => "Machine".into(),
        });
    }
    let kind = match (&g.machine, g.mode) {
        (Some(level), _) => format!("solo, {level}"),
        (None, crate::engine::Mode::Digital) => format!("{} players, on screen", g.seats.len()),
        (None, crate::engine::Mode::Companion) => format!("{} players, at a table", g.seats.len()),
    };
    let end = if g.finished {
        format!("winner: {}", g.winners().join(", "))
    } else {
        format!("not finished (round {})", g.rounds)
    };
    format!(
        "{:>5}  {}  {kind:<24}  {:<36}  {end}",
        g.id,
        &super::export::local_date_time(g.started)[..16],
        scores.join(" / ")
    )
}

pub fn game_json(g: &GameRow) -> Value {
    json!({
        "id": g.id,
        "date": date_time(g.started),
        "mode": match g.mode { crate::engine::Mode::Digital => "digital", crate::engine::Mode::Companion => "companion" },
        "machine": g.machine,
        "machine_score": g.machine_score,
        "rounds": g.rounds,
        "minutes": g.played.map(|s| s as f64 / 60.0),
        "finished": g.finished,
        "winners": g.winners(),
        "seats": g.seats.iter().map(|s| json!({
            "name": s.name, "bot": s.bot, "score": s.score, "winner": s.won, "rank": s.rank,
            "start_player": s.first,
        })).collect::<Vec<_>>(),
    })
}

/// `foreman stats`: every person, the Machine by difficulty, head to head, the cards.
pub fn stats_text(
    history: &History,
    rows: &[GameRow],
    player: Option<&str>,
) -> Result<String, HistoryError> {
    let mut out = String::new();
    let players = stats::players(rows);
    let _ = writeln!(out, "Players (finished games)");
    for p in players
        .iter()
        .filter(|p| player.is_none_or(|n| p.name.eq_ignore_ascii_case(n)))
    {
        let _ = writeln!(
            out,
            "  {:<20} {:>4} games {:>4} wins ({:>3.0}%)  mean {:>5.1}  best {:>3}",
            p.name,
            p.games,
            p.wins,
            p.win_rate * 100.0,
            p.mean,
            p.best
        );
    }
    let machine = stats::machine(rows, player);
    if !machine.is_empty() {
        let _ = writeln!(out, "Against the Machine");
        for m in &machine {
            let mean_margin =
                m.margins.iter().map(|p| p[1]).sum::<f64>() / m.margins.len().max(1) as f64;
            let last = m.over_time.last().map_or(0.0, |p| p[1]);
            let _ = writeln!(
                out,
                "  {:<8} {:>4} games {:>4} wins ({:>3.0}%)  last {} games {:>3.0}%  margin {:+.1}",
                m.difficulty,
                m.games,
                m.wins,
                m.win_rate * 100.0,
                stats::WINDOW.min(m.games as usize),
                last * 100.0,
                mean_margin
            );
        }
    }
    let pairs = stats::head_to_head(rows);
    let shown: Vec<&stats::HeadToHead> = pairs
        .iter()
        .filter(|h| {
            player.is_none_or(|n| h.a.eq_ignore_ascii_case(n) || h.b.eq_ignore_ascii_case(n))
        })
        .collect();
    if !shown.is_empty() {
        let _ = writeln!(out, "Head to head");
        for h in shown.iter().take(20) {
            let _ = writeln!(
                out,
                "  {} {} – {} {}  ({} games)",
                h.a, h.a_wins, h.b_wins, h.b, h.games
            );
        }
    }
    if let Some(p) = player
        && let Some(r) = stats::rival(&pairs, p)
    {
        let _ = writeln!(out, "Rival of {p}: {r}");
    }
    let cards = stats::cards(&history.built_summary()?);
    if !cards.is_empty() {
        let _ = writeln!(
            out,
            "Blueprints the winners built most (win rate when built, seats)"
        );
        for c in cards.iter().take(10) {
            let _ = writeln!(
                out,
                "  {:<20} {:>4}  {:>3.0}% of {}",
                c.card,
                c.by_winners,
                c.win_rate * 100.0,
                c.seats
            );
        }
    }
    let lengths = stats::lengths(rows);
    if !lengths.is_empty() {
        let rounds = lengths.iter().map(|l| f64::from(l.1)).sum::<f64>() / lengths.len() as f64;
        let timed: Vec<f64> = lengths.iter().filter_map(|l| l.2).collect();
        let _ = write!(out, "Games last {rounds:.1} rounds on average");
        if !timed.is_empty() {
            let _ = write!(
                out,
                ", {:.0} minutes of play",
                timed.iter().sum::<f64>() / timed.len() as f64
            );
        }
        let _ = writeln!(out);
    }
    if rows.iter().all(|g| !g.finished) {
        let _ = writeln!(out, "No finished game yet.");
    }
    Ok(out)
}

/// `foreman stats --json`.
pub fn stats_json(
    history: &History,
    rows: &[GameRow],
    player: Option<&str>,
) -> Result<Value, HistoryError> {
    let players: Vec<Value> = stats::players(rows)
        .into_iter()
        .filter(|p| player.is_none_or(|n| p.name.eq_ignore_ascii_case(n)))
        .map(|p| json!({"name": p.name, "games": p.games, "wins": p.wins, "win_rate": p.win_rate, "mean": p.mean, "best": p.best}))
        .collect();
    let machine: Vec<Value> = stats::machine(rows, player)
        .into_iter()
        .map(|m| json!({"difficulty": m.difficulty, "games": m.games, "wins": m.wins, "win_rate": m.win_rate,
                        "over_time": m.over_time, "margins": m.margins}))
        .collect();
    let pairs = stats::head_to_head(rows);
    let h2h: Vec<Value> = pairs
        .iter()
        .map(|h| json!({"a": h.a, "b": h.b, "games": h.games, "a_wins": h.a_wins, "b_wins": h.b_wins}))
        .collect();
    let cards: Vec<Value> = stats::cards(&history.built_summary()?)
        .into_iter()
        .map(|c| json!({"card": c.card, "built_by_winners": c.by_winners, "seats": c.seats, "wins": c.wins, "win_rate": c.win_rate}))
        .collect();
    Ok(json!({
        "players": players,
        "machine": machine,
        "head_to_head": h2h,
        "rival": player.and_then(|p| stats::rival(&pairs, p)),
        "cards": cards,
        "lengths": stats::lengths(rows).iter().map(|l| json!({"day": l.0, "rounds": l.1, "minutes": l.2})).collect::<Vec<_>>(),
    }))
}
