//! `foreman simulate`: complete bot games and their summaries.

use anyhow::{Result, bail};
use foreman::bots::BotKind;
use foreman::sim::{self, Seating};
use std::io::Write;

use super::Level;

pub(super) fn simulate(
    games: u32,
    seed: u64,
    players: Option<u8>,
    solo: Option<Level>,
    bot: BotKind,
    json: bool,
) -> Result<()> {
    let table = match (players, solo) {
        // docs/rules.md, decisions for the program: one player is the solo game.
        (Some(1), None) => bail!(
            "a game of one player is the solo game against the Machine: use --solo easy|medium|hard|expert"
        ),
        (Some(n), None) => Seating::Players(usize::from(n)),
        (None, Some(level)) => Seating::Solo(level.into()),
        _ => bail!("say who plays: --players P (2 to 5) or --solo easy|medium|hard|expert"),
    };
    let mut out = std::io::stdout().lock();
    let mut wins: std::collections::BTreeMap<String, u32> = Default::default();
    let mut rounds = 0u64;
    // The games are independent: one per core at a time, reported in the order of their seeds.
    let seeds: Vec<u64> = (0..u64::from(games))
        .map(|i| seed.wrapping_add(i))
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (i, summary) in sim::play_many(table, &seeds, bot, threads)
        .into_iter()
        .enumerate()
    {
        let summary = summary?;
        rounds += u64::from(summary.rounds);
        if json {
            writeln!(out, "{}", serde_json::to_string(&summary)?)?;
        } else {
            let scores: Vec<String> = summary
                .players
                .iter()
                .map(|p| format!("{} {}", p.name, p.score))
                .chain(
                    summary
                        .machine
                        .iter()
                        .map(|m| format!("Machine {}", m.score)),
                )
                .collect();
            writeln!(
                out,
                "game {} (seed {}): {} rounds, {}; winner: {}",
                i + 1,
                summary.seed,
                summary.rounds,
                scores.join(", "),
                summary.winner
            )?;
        }
        *wins.entry(summary.winner).or_default() += 1;
    }
    if !json && games > 0 {
        let w: Vec<String> = wins.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(
            out,
            "{games} games, {:.1} rounds on average; wins: {}",
            rounds as f64 / f64::from(games),
            w.join(", ")
        )?;
    }
    Ok(())
}
