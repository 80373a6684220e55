//! Little Factory's rules, each test citing the rulebook's words (docs/little-factory.md).
use super::*;

fn game(n: usize) -> Game {
    let players = (0..n).map(|i| format!("P{i}")).collect();
    Game::new(Setup {
        players,
        first_player: 0,
    })
    .expect("a valid setup")
}

fn res(level: u8, coins: u32) -> Card {
    Card::Resource { level, coins }
}

fn building(influence: u32, coins: u32) -> Card {
    Card::Building {
        name: None,
        influence,
        coins,
    }
}

/// Everyone's first turn: the start tile exchanged for `n` level-1 resources of 1 coin.
fn first_turns(g: &mut Game, n: usize) {
    let players = g.state().players.len();
    turns_of(g, players, n);
}

/// The next `k` players' first turns, as in [`first_turns`].
fn turns_of(g: &mut Game, k: usize, n: usize) {
    for _ in 0..k {
        g.apply(Action::Exchange {
            given: vec![Given::StartTile],
            gained: vec![res(1, 1); n],
        })
        .expect("a first exchange");
        g.apply(Action::EndTurn).expect("the turn ends");
    }
}

#[test]
fn start_tiles_are_3_4_5_from_the_first_player_clockwise() {
    // LF, Setup: "Celui-ci reçoit la tuile Pièces de départ de valeur 3. Son voisin de gauche
    // reçoit la tuile de valeur 4, et ainsi de suite"; "Regroupez les 12 jetons".
    let g = Game::new(Setup {
        players: vec!["A".into(), "B".into(), "C".into()],
        first_player: 1,
    })
    .expect("setup");
    let tiles: Vec<_> = g.state().players.iter().map(|p| p.start_tile).collect();
    assert_eq!(tiles, vec![Some(5), Some(3), Some(4)]);
    assert_eq!(g.state().pool, 12);
    assert_eq!(g.state().turn, 1);
    // Four start tiles: five players cannot be seated.
    let five = Game::new(Setup {
        players: (0..5).map(|i| i.to_string()).collect(),
        first_player: 0,
    });
    assert_eq!(five.err(), Some(Refusal::Players));
}

#[test]
fn the_first_turn_only_exchanges() {
    // LF, Exchange: "Lors de votre premier tour, vous ne pouvez qu'échanger."
    let mut g = game(2);
    let produce = Action::Produce {
        card: res(1, 1),
        discard: 0,
        free: true,
    };
    assert_eq!(g.apply(produce.clone()), Err(Refusal::FirstTurnExchange));
    first_turns(&mut g, 1);
    // The second turn may produce.
    assert!(g.apply(produce).is_ok());
}

#[test]
fn an_exchange_gives_one_or_gets_one_and_never_more_than_given() {
    // LF, Exchange: "Le nombre de cartes que vous défaussez ou le nombre de cartes que vous
    // obtenez doit être 1"; "La somme des valeurs ... ne doit pas dépasser la valeur que vous
    // pouvez dépenser. S'il vous reste des Pièces à dépenser, celles-ci sont perdues."
    let mut g = game(2);
    // Tile of 3 for three cards of 1: one given, several got.
    assert_eq!(
        g.check(&Action::Exchange {
            given: vec![Given::StartTile],
            gained: vec![res(1, 2), res(1, 2)],
        }),
        Err(Refusal::ExchangeValue { given: 3, got: 4 })
    );
    g.apply(Action::Exchange {
        given: vec![Given::StartTile],
        gained: vec![res(1, 1), res(1, 1), res(1, 1)],
    })
    .expect("3 coins for three cards of 1");
    assert_eq!(g.state().players[0].hand, 3);
    assert_eq!(g.state().players[0].start_tile, None);
    g.apply(Action::EndTurn).expect("end");
    turns_of(&mut g, 1, 1);
    // Player 0 again (turn 2): several given, several got is refused; the rulebook's example,
    // 14 coins for the 12-coin Fromagerie, is allowed (2 coins lost).
    let several = Action::Exchange {
        given: vec![Given::Resource { coins: 1 }, Given::Resource { coins: 1 }],
        gained: vec![res(1, 1), res(1, 1)],
    };
    assert_eq!(g.check(&several), Err(Refusal::ExchangeOne));
    // The start tile is spent.
    assert_eq!(
        g.check(&Action::Exchange {
            given: vec![Given::StartTile],
            gained: vec![res(1, 1)],
        }),
        Err(Refusal::NoStartTile)
    );
    let events = g
        .apply(Action::Exchange {
            given: vec![Given::Resource { coins: 8 }, Given::Resource { coins: 6 }],
            gained: vec![building(3, 12)],
        })
        .expect("Fil and Pain (14) for the Fromagerie (12)");
    assert!(events.contains(&Event::Built {
        seat: 0,
        influence: 3
    }));
    assert_eq!(g.state().players[0].hand, 1);
    assert_eq!(g.state().players[0].influence(), 3);
}

#[test]
fn never_more_than_seven_resource_cards_in_hand() {
    // LF, Produce and Exchange: "Vous ne pouvez jamais avoir plus de 7 cartes Ressource en
    // main, même temporairement."
    let mut g = Game::new(Setup {
        players: vec!["A".into(), "B".into(), "C".into(), "D".into()],
        first_player: 3,
    })
    .expect("setup");
    // Player D has the tile of 3; player C (fourth) has 6.
    first_turns(&mut g, 3);
    // Round two: each produces a card of level 1 and ends, until C holds 7.
    let before = g.state().clone();
    assert_eq!(before.turn, 3);
    for _ in 0..4 {
        g.apply(Action::Produce {
            card: res(1, 1),
            discard: 0,
            free: true,
        })
        .expect("slow production");
        g.apply(Action::EndTurn).expect("end");
    }
    let mut g2 = g.clone();
    for _ in 0..4 {
        g2.apply(Action::Produce {
            card: res(2, 3),
            discard: 0,
            free: false,
        })
        .expect("produced");
        g2.apply(Action::EndTurn).expect("end");
    }
    // Everyone holds 3 + 1 + 1 = 5 now; the third card would make 6, a fourth 7, a fifth 8.
    assert!(g2.state().players.iter().all(|p| p.hand == 5));
    g2.apply(Action::Exchange {
        given: vec![Given::Resource { coins: 3 }],
        gained: vec![res(1, 1), res(1, 1), res(1, 1)],
    })
    .expect("5 - 1 + 3 = 7");
    assert_eq!(g2.state().players[3].hand, 7);
    g2.apply(Action::EndTurn).expect("end");
    for _ in 0..3 {
        g2.apply(Action::Produce {
            card: res(1, 1),
            discard: 0,
            free: true,
        })
        .expect("6");
        g2.apply(Action::EndTurn).expect("end");
    }
    assert_eq!(
        g2.check(&Action::Produce {
            card: res(2, 2),
            discard: 0,
            free: false,
        }),
        Err(Refusal::HandLimit(8))
    );
    // Paying by discarding first keeps the hand at 7.
    assert!(
        g2.check(&Action::Produce {
            card: res(2, 2),
            discard: 1,
            free: false,
        })
        .is_ok()
    );
}

#[test]
fn slow_production_is_one_level_1_resource_and_the_only_one() {
    // LF, Slow production: "Il est toujours possible de produire une et une seule carte
    // Ressource de niveau I sans avoir à payer aucun coût, si vous n'en produisez qu'une seule
    // lors de ce tour."
    let mut g = game(2);
    g.apply(Action::Exchange {
        given: vec![Given::StartTile],
        gained: vec![building(1, 3)],
    })
    .expect("a building for the tile");
    g.apply(Action::EndTurn).expect("end");
    turns_of(&mut g, 1, 1);
    // Its building produced a level-1 resource at the start of the turn: the action can no
    // longer take one for nothing.
    g.apply(Action::Activate {
        building: 0,
        discard: 0,
        gain: vec![res(1, 1)],
        token: false,
    })
    .expect("the building produces");
    assert_eq!(
        g.check(&Action::Produce {
            card: res(1, 1),
            discard: 0,
            free: true,
        }),
        Err(Refusal::SlowProduction)
    );
    assert_eq!(
        g.check(&Action::Produce {
            card: res(2, 4),
            discard: 0,
            free: true,
        }),
        Err(Refusal::FreeNotLevel1)
    );
    // And each building once a turn (LF, Start of turn: "Chaque Bâtiment ne peut être activé
    // qu'une seule fois par tour au maximum").
    assert_eq!(
        g.check(&Action::Activate {
            building: 0,
            discard: 0,
            gain: vec![],
            token: false,
        }),
        Err(Refusal::AlreadyActivated)
    );
}

#[test]
fn reaching_10_influence_wins_at_once() {
    // LF, End: "Un joueur a atteint ou dépassé un total de 10 Points d'influence. Si la partie
    // prend fin ainsi, ce joueur remporte la partie."
    let mut g = game(2);
    g.apply(Action::Exchange {
        given: vec![Given::StartTile],
        gained: vec![building(9, 3)],
    })
    .expect("9 influence");
    assert_eq!(g.state().ending, None);
    // The building's token at the end of the turn makes 10: over at once, even before the
    // turn ends.
    let events = g
        .apply(Action::Activate {
            building: 0,
            discard: 0,
            gain: vec![],
            token: true,
        })
        .expect("a token");
    assert!(events.contains(&Event::Ended(Ending::Reached { seat: 0 })));
    assert_eq!(g.state().winners(), vec![0]);
    assert_eq!(g.state().pool, 11);
    assert_eq!(g.check(&Action::EndTurn), Err(Refusal::Over));
}

#[test]
fn the_empty_pool_ends_it_and_a_tie_shares_the_victory() {
    // LF, End: "La pile de jetons Point d'influence est vide. ... Le joueur avec le plus de
    // Points d'influence remporte la partie. S'il y a égalité parmi plusieurs joueurs en tête,
    // ceux-ci se partagent la victoire." Tokens: "C'est là le seul moyen d'obtenir ces jetons."
    let mut g = game(3);
    // Each first turn buys a building of 0 influence that wins tokens.
    for _ in 0..3 {
        g.apply(Action::Exchange {
            given: vec![Given::StartTile],
            gained: vec![building(0, 3)],
        })
        .expect("a building");
        g.apply(Action::EndTurn).expect("end");
    }
    // Tokens: 4 each over four turns, the last taking the twelfth.
    let mut last = Vec::new();
    for turn in 0..12 {
        last = g
            .apply(Action::Activate {
                building: 0,
                discard: 0,
                gain: vec![],
                token: true,
            })
            .expect("a token");
        if turn < 11 {
            g.apply(Action::Produce {
                card: res(1, 1),
                discard: 0,
                free: true,
            })
            .expect("produce");
            g.apply(Action::EndTurn).expect("end");
        }
    }
    assert_eq!(g.state().pool, 0);
    let all = vec![0, 1, 2];
    assert!(last.contains(&Event::Ended(Ending::PoolEmpty {
        winners: all.clone()
    })));
    assert_eq!(g.state().winners(), all);
}

#[test]
fn a_refusal_changes_nothing_and_the_journal_replays() {
    let mut g = game(2);
    let before = g.clone();
    assert!(g.apply(Action::EndTurn).is_err());
    assert_eq!(g, before);
    first_turns(&mut g, 2);
    let saved = g.saved().to_json();
    let back = Game::load(&saved).expect("loads");
    assert_eq!(back, g);
    // A damaged file is refused with why.
    let damaged = saved.replace("\"coins\": 1", "\"coins\": 2");
    assert!(matches!(
        Game::load(&damaged),
        Err(foreman_journal::LoadError::Checksum)
    ));
    assert!(matches!(
        Game::load(&saved[..saved.len() / 2]),
        Err(foreman_journal::LoadError::Truncated)
    ));
    // Undo takes the last action back.
    let mut u = g.clone();
    assert!(u.undo());
    assert_eq!(u.journal().len(), g.journal().len() - 1);
    assert_eq!(u.state().phase, Phase::End);
}

/// Random actions, legal or not, by the thousand: the rules never panic, a refusal changes
/// nothing, the hand never passes 7, tokens are never made or lost, and the saved journal
/// replays to the same game.
#[test]
fn random_play_never_panics_and_keeps_its_invariants() {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n.max(1)
    };
    let mut ended = 0;
    for k in 0..30 {
        let mut g = game(2 + k % 3);
        for _ in 0..3_000 {
            if g.state().phase == Phase::Over {
                break;
            }
            let card = |next: &mut dyn FnMut(u64) -> u64| {
                if next(4) == 0 {
                    building(next(4) as u32, next(12) as u32)
                } else {
                    res(next(4) as u8, next(9) as u32)
                }
            };
            let action = match next(4) {
                0 => Action::Activate {
                    building: next(3) as usize,
                    discard: next(3) as u32,
                    gain: (0..next(3)).map(|_| card(&mut next)).collect(),
                    token: next(2) == 0,
                },
                1 => Action::Produce {
                    card: card(&mut next),
                    discard: next(3) as u32,
                    free: next(2) == 0,
                },
                2 => Action::Exchange {
                    given: (0..next(3))
                        .map(|_| {
                            if next(3) == 0 {
                                Given::StartTile
                            } else {
                                Given::Resource {
                                    coins: next(9) as u32,
                                }
                            }
                        })
                        .collect(),
                    gained: (0..next(3)).map(|_| card(&mut next)).collect(),
                },
                _ => Action::EndTurn,
            };
            let before = g.clone();
            if g.apply(action).is_err() {
                assert_eq!(g, before, "a refusal changes nothing");
            }
            let st = g.state();
            assert!(st.players.iter().all(|p| p.hand <= HAND_LIMIT));
            let tokens: u32 = st
                .players
                .iter()
                .flat_map(|p| &p.buildings)
                .map(|b| b.tokens)
                .sum();
            assert_eq!(tokens + st.pool, POOL);
        }
        ended += u32::from(g.state().phase == Phase::Over);
        assert_eq!(Game::load(&g.saved().to_json()).expect("replays"), g);
    }
    assert!(ended > 0, "some random games reach their end");
}
