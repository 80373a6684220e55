//! The French rulebook's worked examples (seed 000, "Bonus d'équipe"), played through a
//! table-companion game: every die face and revealed card is given as an input.

use foreman::engine::state::{Colour, Section};
use foreman::engine::{
    Act, Action, Blueprint as B, Contractor as C, DiceList, Game, Inputs, Mode, PlayerSetup, Setup,
    Tool,
};

fn companion_game() -> Game {
    let setup = Setup {
        players: [
            ("Yellow", Colour::Yellow),
            ("Blue", Colour::Blue),
            ("Purple", Colour::Purple),
        ]
        .iter()
        .map(|(n, c)| PlayerSetup::person(n, *c))
        .collect(),
        machine: None,
        mode: Mode::Companion,
        hands: Default::default(),
        first_player: 0,
        seed: 0,
    };
    let mut g = Game::new(setup).expect("setup");
    let deal = Inputs {
        tools: Some([Tool::Gear, Tool::Shovel, Tool::Hammer, Tool::Wrench]),
        blueprints: vec![
            B::Dojo,
            B::Robot,
            B::Golem,
            B::Foundry,
            B::Biolab,
            B::Warehouse,
            B::Harvester,
            B::Incinerator,
            B::Obelisk,
            B::Beacon,
            B::Refinery,
            B::Motherlode,
            B::PowerPlant,
            B::Laboratory,
            B::ScrapYard,
            B::SolarArray,
        ]
        .into(),
        contractors: vec![C::Architect, C::Miner, C::Investor, C::Engineer].into(),
        dice: Default::default(),
    };
    g.apply(Action::with_inputs(Act::Deal, deal)).expect("deal");
    // Market phase: each takes the leftmost blueprint; the refill is revealed at the table.
    for refill in [B::Gymnasium, B::Dojo, B::Robot] {
        let inputs = Inputs {
            blueprints: vec![refill].into(),
            ..Inputs::default()
        };
        g.apply(Action::with_inputs(Act::TakeBlueprint { slot: 0 }, inputs))
            .expect("take");
    }
    g
}

fn roll(g: &mut Game, faces: &[u8]) {
    let inputs = Inputs {
        dice: faces.into(),
        ..Inputs::default()
    };
    g.apply(Action::with_inputs(
        Act::Roll {
            set: DiceList::default(),
        },
        inputs,
    ))
    .expect("roll");
}

fn place(g: &mut Game, die: u8, section: Section, draws: &[B]) {
    let inputs = Inputs {
        blueprints: draws.into(),
        ..Inputs::default()
    };
    g.apply(Action::with_inputs(Act::Place { die, section }, inputs))
        .expect("place");
}

fn end(g: &mut Game) {
    g.apply(Action::new(Act::EndWork {
        discard: vec![],
        discard_metal: 0,
        discard_energy: 0,
    }))
    .expect("end work");
}

/// (hand, metal, energy) of a seat.
fn stock(g: &Game, seat: usize) -> (usize, u32, u32) {
    let p = &g.state().players[seat];
    (p.hand.len(), p.metal, p.energy)
}

#[test]
fn the_three_matching_bonus_players() {
    let mut g = companion_game();
    // Each starts with 1 metal, 2 energy (docs/rules.md setup 2) and 5 cards after the market.
    assert_eq!(stock(&g, 0), (5, 1, 2));

    // Yellow: 1 blueprint, 3 energy, 3 metal (one matching bonus on the Mine).
    roll(&mut g, &[1, 3, 5, 5]);
    place(&mut g, 0, Section::Research, &[B::NuclearPlant]);
    place(&mut g, 1, Section::Generate, &[]);
    place(&mut g, 2, Section::Mine, &[]);
    place(&mut g, 3, Section::Mine, &[]);
    assert_eq!(stock(&g, 0), (5 + 1, 1 + 3, 2 + 3));
    end(&mut g);

    // Blue: 8 energy (two matching bonuses), 1 metal.
    roll(&mut g, &[2, 2, 2, 4]);
    for d in 0..3 {
        place(&mut g, d, Section::Generate, &[]);
    }
    place(&mut g, 3, Section::Mine, &[]);
    assert_eq!(stock(&g, 1), (5, 1 + 1, 2 + 8));
    end(&mut g);

    // Purple: 4 blueprints (one matching bonus), 2 energy.
    roll(&mut g, &[1, 5, 1, 2]);
    place(&mut g, 0, Section::Research, &[B::Golem]);
    place(&mut g, 1, Section::Research, &[B::Foundry]);
    place(
        &mut g,
        2,
        Section::Research,
        &[B::Motherlode, B::Incinerator],
    );
    place(&mut g, 3, Section::Generate, &[]);
    assert_eq!(stock(&g, 2), (5 + 4, 1, 2 + 2));
    end(&mut g);
    assert_eq!(g.state().round, 2);
    assert_eq!(
        g.state().first_player,
        1,
        "the first-player token passed clockwise"
    );
}

#[test]
fn a_card_the_table_cannot_hold_is_refused() {
    let mut g = companion_game();
    roll(&mut g, &[1, 3, 5, 5]);
    // Both Dojos are out (Yellow's and Purple's hands): a third cannot be drawn.
    let inputs = Inputs {
        blueprints: vec![B::Dojo].into(),
        ..Inputs::default()
    };
    let err = g
        .apply(Action::with_inputs(
            Act::Place {
                die: 0,
                section: Section::Research,
            },
            inputs,
        ))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Dojo cannot be revealed: all 2 copies are already elsewhere on the table"
    );
}
