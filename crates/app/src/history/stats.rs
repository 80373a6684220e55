//! What the history says about its players: games, wins and scores per person; against the
//! Machine, each difficulty's win rate over time and the score margin; score distributions;
//! head to head; the blueprints winners built; rounds and minutes per game. Only finished
//! games count, and only people (bots are not players here). Pure: computed from the rows.

use super::{GameRow, SeatRow};
use std::collections::{BTreeMap, HashMap};

/// A rival is named only after this many games together.
pub const RIVAL_GAMES: u32 = 3;

#[derive(Debug, Clone, PartialEq)]
pub struct PlayerStats {
    pub name: String,
    pub games: u32,
    pub wins: u32,
    pub win_rate: f64,
    pub mean: f64,
    pub best: u32,
}

fn people(g: &GameRow) -> impl Iterator<Item = &SeatRow> {
    g.seats.iter().filter(|s| s.bot.is_none())
}

fn finished(rows: &[GameRow]) -> impl Iterator<Item = &GameRow> {
    rows.iter().filter(|g| g.finished)
}

/// Each person's games, wins (a shared victory is a win for each), win rate, mean and best
/// score, most games first.
pub fn players(rows: &[GameRow]) -> Vec<PlayerStats> {
    let mut by: HashMap<&str, (u32, u32, u64, u32)> = HashMap::new();
    for g in finished(rows) {
        for s in people(g) {
            let e = by.entry(s.name.as_str()).or_default();
            e.0 += 1;
            e.1 += u32::from(s.won);
            let score = s.score.unwrap_or(0);
            e.2 += u64::from(score);
            e.3 = e.3.max(score);
        }
    }
    let mut out: Vec<PlayerStats> = by
        .into_iter()
        .map(|(name, (games, wins, sum, best))| PlayerStats {
            name: name.to_string(),
            games,
            wins,
            win_rate: f64::from(wins) / f64::from(games.max(1)),
            mean: sum as f64 / f64::from(games.max(1)),
            best,
        })
        .collect();
    out.sort_by(|a, b| b.games.cmp(&a.games).then(a.name.cmp(&b.name)));
    out
}

/// One Machine difficulty: games, wins, and how it went over time.
#[derive(Debug, Clone, PartialEq)]
pub struct MachineStats {
    pub difficulty: String,
    pub games: u32,
    pub wins: u32,
    pub win_rate: f64,
    /// After each game, oldest first: (its date in days since 1970, the win rate of the
    /// last [`WINDOW`] games at this difficulty up to it).
    pub over_time: Vec<[f64; 2]>,
    /// Each game's margin, oldest first: (date in days, the player's score less the
    /// Machine's).
    pub margins: Vec<[f64; 2]>,
}

/// The games a point of [`MachineStats::over_time`] looks back on.
pub const WINDOW: usize = 10;

/// The four difficulties' order.
const LEVELS: [&str; 4] = ["easy", "medium", "hard", "expert"];

/// Solo games against the Machine by difficulty (of `player` only, if given), easy first.
pub fn machine(rows: &[GameRow], player: Option<&str>) -> Vec<MachineStats> {
    let mut by: BTreeMap<usize, Vec<&GameRow>> = BTreeMap::new();
    for g in finished(rows) {
        let Some(level) = g.machine.as_deref() else {
            continue;
        };
        if let Some(p) = player
            && !people(g).any(|s| s.name.eq_ignore_ascii_case(p))
        {
            continue;
        }
        let i = LEVELS
            .iter()
            .position(|&l| l == level)
            .unwrap_or(LEVELS.len());
        by.entry(i).or_default().push(g);
    }
    by.into_iter()
        .map(|(i, mut games)| {
            games.sort_by_key(|g| (g.started, g.id));
            let won: Vec<bool> = games.iter().map(|g| !g.machine_won).collect();
            let wins = won.iter().filter(|&&w| w).count() as u32;
            let over_time = games
                .iter()
                .enumerate()
                .map(|(k, g)| {
                    let from = (k + 1).saturating_sub(WINDOW);
                    let recent = &won[from..=k];
                    let rate = recent.iter().filter(|&&w| w).count() as f64 / recent.len() as f64;
                    [days(g.started), rate]
                })
                .collect();
            let margins = games
                .iter()
                .map(|g| {
                    let you = g.seats.first().and_then(|s| s.score).unwrap_or(0);
                    let it = g.machine_score.unwrap_or(0);
                    [days(g.started), f64::from(you) - f64::from(it)]
                })
                .collect();
            MachineStats {
                difficulty: LEVELS.get(i).map_or("?", |l| l).to_string(),
                games: games.len() as u32,
                wins,
                win_rate: f64::from(wins) / games.len().max(1) as f64,
                over_time,
                margins,
            }
        })
        .collect()
}

/// Seconds since 1970 as days (the plots' x axis).
pub fn days(secs: i64) -> f64 {
    secs as f64 / 86_400.0
}

/// Every final score of each person.
pub fn scores_by_player(rows: &[GameRow]) -> BTreeMap<String, Vec<u32>> {
    let mut out: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for g in finished(rows) {
        for s in people(g) {
            out.entry(s.name.clone()).or_default().extend(s.score);
        }
    }
    out
}

/// Every final score of a person, by the number of players in the game.
pub fn scores_by_count(rows: &[GameRow]) -> BTreeMap<usize, Vec<u32>> {
    let mut out: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
    for g in finished(rows) {
        for s in people(g) {
            out.entry(g.seats.len()).or_default().extend(s.score);
        }
    }
    out
}

/// Several series' scores in common bins of `width` for stacking: every bin from the lowest
/// any series has to the highest, each with one count per series (0 where a series has none),
/// so that the k-th bar of every series stands in the same bin.
pub fn stacked_histograms(series: &[&[u32]], width: u32) -> Vec<(u32, Vec<u32>)> {
    let width = width.max(1);
    let all = || series.iter().flat_map(|s| s.iter().copied());
    let (Some(low), Some(high)) = (all().min(), all().max()) else {
        return Vec::new();
    };
    let (low, high) = (low / width * width, high / width * width);
    let mut bins: Vec<(u32, Vec<u32>)> = (low..=high)
        .step_by(width as usize)
        .map(|from| (from, vec![0; series.len()]))
        .collect();
    for (k, scores) in series.iter().enumerate() {
        for &s in *scores {
            let i = ((s / width * width - low) / width) as usize;
            if let Some(bin) = bins.get_mut(i) {
                bin.1[k] += 1;
            }
        }
    }
    bins
}

/// Two people's games together: how many, and how many each won (a tie for first is a win
/// for each of the tied).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadToHead {
    pub a: String,
    pub b: String,
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
}

/// Every pair of people who played together, most games first.
pub fn head_to_head(rows: &[GameRow]) -> Vec<HeadToHead> {
    let mut by: BTreeMap<(String, String), (u32, u32, u32)> = BTreeMap::new();
    for g in finished(rows) {
        let seats: Vec<&SeatRow> = people(g).collect();
        for (i, x) in seats.iter().enumerate() {
            for y in &seats[i + 1..] {
                let (a, b) = if x.name <= y.name { (x, y) } else { (y, x) };
                if a.name == b.name {
                    continue;
                }
                let e = by.entry((a.name.clone(), b.name.clone())).or_default();
                e.0 += 1;
                e.1 += u32::from(a.won);
                e.2 += u32::from(b.won);
            }
        }
    }
    let mut out: Vec<HeadToHead> = by
        .into_iter()
        .map(|((a, b), (games, a_wins, b_wins))| HeadToHead {
            a,
            b,
            games,
            a_wins,
            b_wins,
        })
        .collect();
    out.sort_by(|x, y| y.games.cmp(&x.games).then(x.a.cmp(&y.a)));
    out
}

/// `name`'s rival: among those with at least [`RIVAL_GAMES`] games together, the one who won
/// most of them against `name` (then the most games together).
pub fn rival(pairs: &[HeadToHead], name: &str) -> Option<String> {
    pairs
        .iter()
        .filter(|p| p.games >= RIVAL_GAMES)
        .filter_map(|p| {
            if p.a.eq_ignore_ascii_case(name) {
                Some((p.b.clone(), p.b_wins, p.games))
            } else if p.b.eq_ignore_ascii_case(name) {
                Some((p.a.clone(), p.a_wins, p.games))
            } else {
                None
            }
        })
        .max_by(|x, y| x.1.cmp(&y.1).then(x.2.cmp(&y.2)).then(y.0.cmp(&x.0)))
        .map(|(n, _, _)| n)
}

/// A blueprint in finished games: copies the winners built, and how often a seat that built
/// it won (with how many seats did, so a rate from 3 games is read as such).
#[derive(Debug, Clone, PartialEq)]
pub struct CardStats {
    pub card: String,
    pub by_winners: u32,
    pub seats: u32,
    pub wins: u32,
    pub win_rate: f64,
}

/// Every blueprint built in finished games, the winners' most built first, from the
/// database's sums ([`super::History::built_summary`]).
pub fn cards(summary: &[(String, u32, u32, u32)]) -> Vec<CardStats> {
    let mut out: Vec<CardStats> = summary
        .iter()
        .map(|(card, by_winners, seats, wins)| CardStats {
            card: card.clone(),
            by_winners: *by_winners,
            seats: *seats,
            wins: *wins,
            win_rate: f64::from(*wins) / f64::from((*seats).max(1)),
        })
        .collect();
    out.sort_by(|a, b| b.by_winners.cmp(&a.by_winners).then(a.card.cmp(&b.card)));
    out
}

/// Rounds and minutes of play per finished game, oldest first: (date in days, rounds,
/// minutes when known).
pub fn lengths(rows: &[GameRow]) -> Vec<(f64, u32, Option<f64>)> {
    let mut out: Vec<(f64, u32, Option<f64>)> = finished(rows)
        .map(|g| {
            // No time measured reads as unknown, not as a game of 0 minutes.
            let minutes = g.played.filter(|&s| s > 0).map(|s| s as f64 / 60.0);
            (days(g.started), g.rounds, minutes)
        })
        .collect();
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out
}
