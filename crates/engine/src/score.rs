//! Scoring and the winner (docs/rules.md, end of the game and solo game; cards.md, Beacon).

use super::cards::{Blueprint, CardType};
use super::state::{State, beacon_prestige};
use serde::Serialize;

/// One line of a player's prestige: a card name, how many, and what they are worth together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrestigeLine {
    pub card: Blueprint,
    pub count: u32,
    pub prestige: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerScore {
    pub seat: usize,
    /// Prestige card by card (Beacons as one line with the 2/3/4/5 ladder applied).
    pub cards: Vec<PrestigeLine>,
    pub prestige: u32,
    pub goods: u32,
    pub total: u32,
    /// Tie-break values: metal, then energy, then blueprints in hand.
    pub metal: u32,
    pub energy: u32,
    pub hand: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MachineScore {
    pub goods: u32,
    pub cards: u32,
    pub monuments: u32,
    /// goods + cards + monuments (docs/rules.md, Machine's score).
    pub total: u32,
}

/// Who won: seats of the winning players (several when they share the victory), or the
/// Machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    Players(Vec<usize>),
    Machine,
}

/// The tie-break that decided the winner, if the top score was shared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    Metal,
    Energy,
    Hand,
    /// Still tied after every tie-break: a shared victory.
    Shared,
    /// Solo: equal with the Machine, which wins ties (the player needs strictly more).
    MachineWinsTies,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Scoreboard {
    pub players: Vec<PlayerScore>,
    pub machine: Option<MachineScore>,
    pub winner: Winner,
    pub tie_break: Option<TieBreak>,
}

pub fn player_score(state: &State, seat: usize) -> PlayerScore {
    let p = &state.players[seat];
    let cards: Vec<PrestigeLine> = p
        .compound
        .iter()
        .map(|(card, n)| {
            let count = u32::from(n);
            let prestige = if card == Blueprint::Beacon {
                beacon_prestige(count)
            } else {
                u32::from(card.info().prestige) * count
            };
            PrestigeLine {
                card,
                count,
                prestige,
            }
        })
        .collect();
    let prestige = cards.iter().map(|l| l.prestige).sum();
    PlayerScore {
        seat,
        cards,
        prestige,
        goods: p.goods,
        total: prestige + p.goods,
        metal: p.metal,
        energy: p.energy,
        hand: p.hand_size() as u32,
    }
}

/// The score of every player (and the Machine) as the state stands, with the winner decided
/// by the rules' tie-breaks. Meaningful as a final result once the game is over; before that
/// it is the "score so far".
pub fn scoreboard(state: &State) -> Scoreboard {
    let players: Vec<PlayerScore> = (0..state.players.len())
        .map(|s| player_score(state, s))
        .collect();
    let machine = state.machine.as_ref().map(|m| {
        let cards = m.compound.len() as u32;
        let monuments = m.compound.of_type(CardType::Monument);
        MachineScore {
            goods: m.goods,
            cards,
            monuments,
            total: m.goods + cards + monuments,
        }
    });
    let (winner, tie_break) = match &machine {
        // docs/rules.md, solo: you win only with strictly more points than the Machine.
        Some(m) => {
            let you = players[0].total;
            if you > m.total {
                (Winner::Players(vec![0]), None)
            } else if you == m.total {
                (Winner::Machine, Some(TieBreak::MachineWinsTies))
            } else {
                (Winner::Machine, None)
            }
        }
        None => multiplayer_winner(&players),
    };
    Scoreboard {
        players,
        machine,
        winner,
        tie_break,
    }
}

/// docs/rules.md, end of the game: highest score; ties broken by metal, then energy, then
/// blueprints in hand; then a shared victory.
fn multiplayer_winner(players: &[PlayerScore]) -> (Winner, Option<TieBreak>) {
    let mut tied: Vec<&PlayerScore> = players.iter().collect();
    let best = tied.iter().map(|p| p.total).max().unwrap_or(0);
    tied.retain(|p| p.total == best);
    if tied.len() == 1 {
        return (Winner::Players(vec![tied[0].seat]), None);
    }
    type Key = fn(&PlayerScore) -> u32;
    let keys: [(TieBreak, Key); 3] = [
        (TieBreak::Metal, |p| p.metal),
        (TieBreak::Energy, |p| p.energy),
        (TieBreak::Hand, |p| p.hand),
    ];
    for (rule, key) in keys {
        let best = tied.iter().map(|p| key(p)).max().unwrap_or(0);
        tied.retain(|p| key(p) == best);
        if tied.len() == 1 {
            return (Winner::Players(vec![tied[0].seat]), Some(rule));
        }
    }
    (
        Winner::Players(tied.iter().map(|p| p.seat).collect()),
        Some(TieBreak::Shared),
    )
}
