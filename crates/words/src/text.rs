//! Plain-text views of a game, shared by the CLI commands (`replay`, `score`, the terminal
//! game).

use crate::engine::score::{Scoreboard, TieBreak, Winner};
use crate::engine::state::Pile;
use crate::engine::{Blueprint, CardType, Event, Game, Section, scoreboard};
use crate::i18n::{Lang, Tr, words};
use std::fmt::Write;

thread_local! {
    /// The command line speaks English; the messages are built once per thread.
    static ENGLISH: Tr = Tr::new(Lang::En);
}

/// "Obelisk ×2", or just the name for one copy.
fn card_count((card, n): (Blueprint, u8)) -> String {
    if n > 1 {
        format!("{card} ×{n}")
    } else {
        card.name().to_string()
    }
}

fn pile_text(pile: &Pile<Blueprint>) -> String {
    if pile.is_empty() {
        return "—".into();
    }
    pile.iter().map(card_count).collect::<Vec<_>>().join(", ")
}

/// The compound grouped by type, as the Machine's is kept (docs/rules.md, solo setup).
pub fn compound_by_type(pile: &Pile<Blueprint>) -> String {
    let mut parts = Vec::new();
    for kind in CardType::ALL {
        let cards: Vec<String> = pile
            .iter()
            .filter(|(c, _)| c.kind() == kind)
            .map(card_count)
            .collect();
        if !cards.is_empty() {
            // Cards, not names: the Machine's production odds count every copy.
            parts.push(format!(
                "{kind} {}: {}",
                pile.of_type(kind),
                cards.join(", ")
            ));
        }
    }
    if parts.is_empty() {
        "—".into()
    } else {
        parts.join("; ")
    }
}

/// Where the game stands (the English of [`words::phase`]).
pub fn phase_text(game: &Game) -> String {
    ENGLISH.with(|tr| words::phase(tr, game))
}

/// The whole table as text.
pub fn table_text(game: &Game) -> String {
    let st = game.state();
    let mut s = String::new();
    let _ = writeln!(s, "== {}", phase_text(game));
    let market: Vec<String> = st
        .market
        .blueprints
        .iter()
        .enumerate()
        .map(|(i, c)| match c {
            Some(c) => format!("{}. {c} ({})", i + 1, c.tool()),
            None => format!("{}. (empty)", i + 1),
        })
        .collect();
    let _ = writeln!(s, "Market blueprints:  {}", market.join("  "));
    let contractors: Vec<String> = st
        .market
        .contractors
        .iter()
        .zip(st.market.tools)
        .enumerate()
        .map(|(i, (c, t))| match c {
            Some(c) => format!("{}. [{t}] {c}", i + 1),
            None => format!("{}. [{t}] (empty)", i + 1),
        })
        .collect();
    let _ = writeln!(s, "Market contractors: {}", contractors.join("  "));
    for (seat, p) in st.players.iter().enumerate() {
        let name = &game.setup().player_name(seat);
        let _ = writeln!(
            s,
            "{name} ({}): metal {}, energy {}, goods {}, prestige {}, score {}",
            p.colour,
            p.metal,
            p.energy,
            p.goods,
            p.prestige(),
            p.score()
        );
        let _ = writeln!(s, "  compound: {}", compound_by_type(&p.compound));
        if p.hidden > 0 {
            let _ = writeln!(
                s,
                "  hand ({}): {} hidden, seen: {}",
                p.hand_size(),
                p.hidden,
                pile_text(&p.hand)
            );
        } else {
            let _ = writeln!(s, "  hand ({}): {}", p.hand.len(), pile_text(&p.hand));
        }
        if !p.dice.is_empty() {
            let dice: Vec<String> = p
                .dice
                .as_slice()
                .iter()
                .enumerate()
                .map(|(i, d)| match d.placed {
                    None => format!("{}:{}", i + 1, d.value),
                    Some(_) => format!("{}:({})", i + 1, d.value),
                })
                .collect();
            let _ = writeln!(s, "  dice: {}   (placed in brackets)", dice.join(" "));
            let hq: Vec<String> = Section::ALL
                .iter()
                .map(|sec| {
                    let v: Vec<String> =
                        p.hq[sec.index()].values().map(|v| v.to_string()).collect();
                    format!("{sec} [{}]", v.join(" "))
                })
                .collect();
            let _ = writeln!(s, "  HQ: {}", hq.join("  "));
        }
    }
    if let Some(m) = &st.machine {
        let _ = writeln!(
            s,
            "The Machine: goods {}, score {}; compound: {}",
            m.goods,
            m.score(),
            compound_by_type(&m.compound)
        );
    }
    s
}

/// What an event did (the English of [`words::event`]).
pub fn event_text(game: &Game, e: &Event) -> Option<String> {
    ENGLISH.with(|tr| words::event(tr, game, e))
}

pub fn scoreboard_text(game: &Game) -> String {
    let board: Scoreboard = scoreboard(game.state());
    let mut s = String::new();
    for p in &board.players {
        let name = &game.setup().player_name(p.seat);
        let _ = writeln!(
            s,
            "{name}: {} points = {} prestige + {} goods",
            p.total, p.prestige, p.goods
        );
        for line in &p.cards {
            let _ = writeln!(
                s,
                "    {} ×{}: {} prestige",
                line.card, line.count, line.prestige
            );
        }
        let _ = writeln!(
            s,
            "    (tie-break: metal {}, energy {}, hand {})",
            p.metal, p.energy, p.hand
        );
    }
    if let Some(m) = &board.machine {
        let _ = writeln!(
            s,
            "The Machine: {} points = {} goods + {} cards + {} Monuments",
            m.total, m.goods, m.cards, m.monuments
        );
    }
    let winner = match &board.winner {
        Winner::Machine => "the Machine".to_string(),
        Winner::Players(seats) => seats
            .iter()
            .map(|&p| game.setup().player_name(p))
            .collect::<Vec<_>>()
            .join(" and "),
    };
    let how = match board.tie_break {
        None => String::new(),
        Some(TieBreak::Metal) => " (tie broken by metal)".into(),
        Some(TieBreak::Energy) => " (tie broken by energy)".into(),
        Some(TieBreak::Hand) => " (tie broken by blueprints in hand)".into(),
        Some(TieBreak::Shared) => " (a shared victory: still tied after every tie-break)".into(),
        Some(TieBreak::MachineWinsTies) => {
            " (a tie: you need strictly more points than the Machine)".into()
        }
    };
    let verb = if game.state().is_over() {
        "Winner"
    } else {
        "Leading"
    };
    let _ = writeln!(s, "{verb}: {winner}{how}");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue: rules and game integrity, point 5 (docs/rules.md, solo game: the Machine produces by
    /// the number of cards of a type): a type's count is of cards, not of names.
    #[test]
    fn the_compound_counts_cards_not_names() {
        let mut pile = Pile::default();
        pile.add(Blueprint::Robot);
        pile.add(Blueprint::Robot);
        pile.add(Blueprint::Golem);
        for _ in 0..5 {
            pile.add(Blueprint::Obelisk);
        }
        let text = compound_by_type(&pile);
        assert!(text.contains("Special 3: Golem, Robot ×2"), "{text}");
        assert!(text.contains("Monument 5: Obelisk ×5"), "{text}");
    }
}
