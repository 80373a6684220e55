//! Complete games played by bots, and their summaries (`foreman simulate`).

use crate::bots::{Bot, BotKind};
use crate::engine::score::Winner;
use crate::engine::{Difficulty, Game, RuleError, Setup, scoreboard};
use serde::Serialize;
use thiserror::Error;

/// Who sits at the table in a simulated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seating {
    Players(usize),
    Solo(Difficulty),
}

impl Seating {
    pub fn setup(self, seed: u64) -> Setup {
        match self {
            Seating::Players(n) => Setup::players(n, seed),
            Seating::Solo(d) => Setup::solo("Player 1", d, seed),
        }
    }
}

/// A guard against a bot that never ends a game; no game of the rules comes near it.
pub const MAX_ACTIONS: usize = 100_000;

#[derive(Debug, Error)]
pub enum SimError {
    #[error("game with seed {seed}: {source}")]
    Rule { seed: u64, source: RuleError },
    #[error("game with seed {seed} did not end within {MAX_ACTIONS} actions")]
    Endless { seed: u64 },
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerSummary {
    pub name: String,
    pub score: u32,
    pub prestige: u32,
    pub goods: u32,
    pub metal: u32,
    pub energy: u32,
    pub hand: usize,
    pub compound: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct MachineSummary {
    pub score: u32,
    pub goods: u32,
    pub compound: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct GameSummary {
    pub seed: u64,
    pub rounds: u32,
    pub actions: usize,
    /// The winner's name, "machine", or the names joined by " & " for a shared victory.
    pub winner: String,
    pub players: Vec<PlayerSummary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine: Option<MachineSummary>,
}

/// Plays one complete game with `bot` choosing for every player.
pub fn play(table: Seating, seed: u64, bot: BotKind) -> Result<Game, SimError> {
    let game = Game::new(table.setup(seed)).map_err(|source| SimError::Rule { seed, source })?;
    play_out(game, &mut [Bot::new(bot, seed)])
}

/// Plays `game` to its end, `bots[seat]` choosing for each seat (the last bot for the seats
/// past the list, and for the Machine's turn).
pub fn play_out(mut game: Game, bots: &mut [Bot]) -> Result<Game, SimError> {
    let seed = game.setup().seed;
    let last = bots
        .len()
        .checked_sub(1)
        .ok_or(SimError::Endless { seed })?;
    while !game.state().is_over() {
        if game.journal().len() >= MAX_ACTIONS {
            return Err(SimError::Endless { seed });
        }
        let acting = game.state().current_player();
        let seat = acting.unwrap_or(0).min(last);
        // A bot chooses on what its seat may know: never another hand, the deck or the seed.
        let Some(act) = bots[seat].choose(&game.position_known_to(acting)) else {
            return Err(SimError::Endless { seed });
        };
        game.apply_digital(act)
            .map_err(|source| SimError::Rule { seed, source })?;
    }
    Ok(game)
}

/// Plays the games of `seeds` on `threads` threads (each game is one thread's alone), and
/// returns their summaries in the order of `seeds`.
pub fn play_many(
    table: Seating,
    seeds: &[u64],
    bot: BotKind,
    threads: usize,
) -> Vec<Result<GameSummary, SimError>> {
    on_threads(seeds, threads, |seed| {
        play(table, seed, bot).map(|g| summarise(&g))
    })
}

/// `f` of each seed, computed on `threads` threads (each seed by one thread alone), in the
/// order of `seeds`. A panic in `f` is the caller's.
pub fn on_threads<T: Send>(seeds: &[u64], threads: usize, f: impl Fn(u64) -> T + Sync) -> Vec<T> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    // One thread: this one (a browser has no other).
    if threads <= 1 {
        return seeds.iter().map(|&seed| f(seed)).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, T)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&seed) = seeds.get(i) else { break };
                        mine.push((i, f(seed)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, t)| t).collect()
}

pub fn summarise(game: &Game) -> GameSummary {
    let st = game.state();
    let board = scoreboard(st);
    let names: Vec<String> = (0..game.setup().players.len())
        .map(|seat| game.setup().player_name(seat))
        .collect();
    let winner = match &board.winner {
        Winner::Machine => "machine".to_string(),
        Winner::Players(seats) => seats
            .iter()
            .map(|&s| names[s].clone())
            .collect::<Vec<_>>()
            .join(" & "),
    };
    let card_names = |pile: &crate::engine::state::Pile<crate::engine::Blueprint>| {
        pile.cards().iter().map(|c| c.name().to_string()).collect()
    };
    GameSummary {
        seed: game.setup().seed,
        rounds: st.round,
        actions: game.journal().len(),
        winner,
        players: board
            .players
            .iter()
            .map(|s| PlayerSummary {
                name: names[s.seat].clone(),
                score: s.total,
                prestige: s.prestige,
                goods: s.goods,
                metal: s.metal,
                energy: s.energy,
                hand: s.hand as usize,
                compound: card_names(&st.players[s.seat].compound),
            })
            .collect(),
        machine: board
            .machine
            .as_ref()
            .zip(st.machine.as_ref())
            .map(|(m, ms)| MachineSummary {
                score: m.total,
                goods: m.goods,
                compound: card_names(&ms.compound),
            }),
    }
}

/// Wilson's 95% interval of a share: `hits` of `n` (a share of games won, or scored more in).
/// Both ends are shares (0 to 1); with no games, the whole range.
pub fn wilson(hits: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, z) = (n as f64, 1.96f64);
    let p = hits as f64 / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

#[cfg(test)]
mod tests {
    /// Wilson's interval, against values worked out by hand: 113 of 176 gives 56.9–70.9%, and
    /// a share of none or all stays within 0 and 1.
    #[test]
    fn wilson_gives_the_interval_worked_out_by_hand() {
        let (lo, hi) = super::wilson(113, 176);
        assert!(
            (lo - 0.569).abs() < 5e-4 && (hi - 0.709).abs() < 5e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = super::wilson(0, 20);
        assert!(lo.abs() < 1e-12 && hi > 0.1 && hi < 0.2, "{lo} {hi}");
        let (lo, hi) = super::wilson(20, 20);
        assert!(lo > 0.8 && (hi - 1.0).abs() < 1e-12, "{lo} {hi}");
    }
}
