//! Traumfabrik's rules, each test citing the rulebook's words (docs/traumfabrik.md).
use super::*;
use film::Misplaced;

fn sc(name: &str, genre: Genre, slots: &[SlotKind], stars: i32) -> Scenario {
    Scenario {
        name: name.into(),
        genre,
        slots: slots.to_vec(),
        stars,
    }
}

/// A small scenario: a director's slot and a white one.
fn small(name: &str, genre: Genre) -> Scenario {
    sc(name, genre, &[SlotKind::Director, SlotKind::White], 0)
}

fn setup(n: usize) -> Setup {
    Setup {
        players: (0..n)
            .map(|i| PlayerSetup {
                name: format!("P{i}"),
                scenarios: vec![
                    small(&format!("D{i}"), Genre::Drama),
                    small(&format!("A{i}"), Genre::Adventure),
                    small(&format!("C{i}"), Genre::Comedy),
                ],
            })
            .collect(),
        first_player: 0,
        places: Place::BOARD.to_vec(),
        pile: 7,
    }
}

fn t(kind: Kind, stars: i32) -> Tile {
    Tile::new(kind, stars)
}

/// Everyone passes but `winner`, who bids `bid` first when the camera reaches them.
fn auction_to(g: &mut Game, winner: usize, bid: u32) {
    let mut bid_done = false;
    loop {
        let Stage::Auction { to_bid, .. } = g.state().stage.clone() else {
            return;
        };
        if to_bid == winner && !bid_done {
            g.apply(Action::Bid { contracts: bid }).expect("a bid");
            bid_done = true;
        } else {
            g.apply(Action::Pass).expect("a pass");
        }
    }
}

/// Discards every tile waiting to be placed.
fn discard_all(g: &mut Game) {
    while let Stage::Placing { .. } = g.state().stage {
        g.apply(Action::Discard { tile: 0 }).expect("discard");
    }
}

/// Plays the current place with nothing placed: famous places won by the camera for 0,
/// parties picked and discarded.
fn skip_place(g: &mut Game) {
    if g.state().stage == Stage::Reveal {
        let n = g.state().players.len();
        let place = g.setup().places[g.state().place];
        let tiles = match place {
            Place::Party => vec![t(Kind::Music, 1); n],
            _ => vec![t(Kind::Music, 1), t(Kind::Crew, 2)],
        };
        g.apply(Action::Reveal { tiles }).expect("revealed");
    }
    let camera = g.state().camera;
    auction_to(g, camera, 0);
    while let Stage::Party { .. } | Stage::Placing { .. } = g.state().stage {
        if let Stage::Party { .. } = g.state().stage {
            g.apply(Action::Pick { tile: 0 }).expect("picked");
        }
        discard_all(g);
    }
}

#[test]
fn twelve_contracts_each_ten_at_five_and_screens_from_three() {
    // TF, Setup: "Chaque joueur reçoit 12 contrats (Vertrag). A cinq joueurs, chacun ne
    // reçoit que 10 contrats"; "A deux joueurs, les écrans ne sont pas nécessaires".
    for (n, c) in [(2, 12), (3, 12), (4, 12), (5, 10)] {
        let g = Game::new(setup(n)).expect("setup");
        assert!(
            g.state().players.iter().all(|p| p.contracts == c),
            "{n} players"
        );
    }
    assert!(Game::new(setup(6)).is_err());
    let two = Game::new(setup(2)).expect("setup");
    assert_eq!(
        two.state().contracts_seen_by(two.setup(), Some(0)),
        vec![Some(12), Some(12)]
    );
    let three = Game::new(setup(3)).expect("setup");
    assert_eq!(
        three.state().contracts_seen_by(three.setup(), Some(1)),
        vec![None, Some(12), None]
    );
    assert_eq!(
        three.state().contracts_seen_by(three.setup(), None),
        vec![None, None, None]
    );
}

#[test]
fn the_winners_contracts_are_shared_and_the_rest_stays_in_the_centre() {
    // TF, Famous places: "A quatre joueurs, A gagne l'enchère avec une mise de sept contrats.
    // ... Les joueurs B, C et D reçoivent chacun deux contrats du plateau, le septième contrat
    // reste sur place." And "la caméra est placée devant le gagnant de l'enchère".
    let mut g = Game::new(setup(4)).expect("setup");
    // Hollywood: A bids 7, the others pass.
    let events = {
        g.apply(Action::Bid { contracts: 7 }).expect("A bids");
        g.apply(Action::Pass).expect("B");
        g.apply(Action::Pass).expect("C");
        g.apply(Action::Pass).expect("D")
    };
    assert!(events.contains(&Event::Won {
        seat: 0,
        bid: 7,
        share: 2,
        left: 1
    }));
    let c: Vec<u32> = g.state().players.iter().map(|p| p.contracts).collect();
    assert_eq!(c, vec![5, 14, 14, 14]);
    assert_eq!(g.state().centre, 1);
    discard_all(&mut g);
    // The next famous place: B wins with 2 after A passes; the centre's 1 + 2 = 3 gives 1
    // each to A, C and D; the camera goes to B.
    g.apply(Action::Reveal {
        tiles: vec![t(Kind::Actor, 2), t(Kind::Music, 1)],
    })
    .expect("revealed");
    g.apply(Action::Pass).expect("A passes");
    g.apply(Action::Bid { contracts: 2 }).expect("B bids 2");
    g.apply(Action::Pass).expect("C");
    g.apply(Action::Pass).expect("D");
    let c: Vec<u32> = g.state().players.iter().map(|p| p.contracts).collect();
    assert_eq!(c, vec![6, 12, 15, 15]);
    assert_eq!(g.state().centre, 0);
    assert_eq!(g.state().camera, 1);
}

#[test]
fn bids_go_higher_never_past_the_contracts_held_and_zero_may_open() {
    // TF, Famous places: "une mise de « zéro » est autorisée"; "doivent passer ou proposer une
    // mise supérieure"; "Un joueur ne peut miser plus de contrats qu'il ne possède"; "Un
    // joueur qui passe ne pourra plus prendre part à l'enchère."
    let mut g = Game::new(setup(3)).expect("setup");
    assert_eq!(
        g.check(&Action::Bid { contracts: 13 }),
        Err(Refusal::BidTooHigh(12))
    );
    g.apply(Action::Bid { contracts: 0 }).expect("zero opens");
    assert_eq!(
        g.check(&Action::Bid { contracts: 0 }),
        Err(Refusal::BidTooLow(0))
    );
    g.apply(Action::Pass).expect("B passes");
    g.apply(Action::Bid { contracts: 3 }).expect("C bids 3");
    // Back to A (B is out).
    let Stage::Auction { to_bid, .. } = g.state().stage else {
        panic!("still an auction");
    };
    assert_eq!(to_bid, 0);
    g.apply(Action::Pass).expect("A passes");
    assert!(matches!(g.state().stage, Stage::Placing { seat: 2, .. }));
    // A placement is not a bid: the refusal says what is awaited.
    assert_eq!(
        g.check(&Action::Pass),
        Err(Refusal::NotNow("the tiles placed or discarded"))
    );
}

#[test]
fn a_party_picks_by_actors_and_guest_stars_ties_clockwise_from_the_first() {
    // TF, Parties: "A est le premier joueur, suivi des joueurs B, C et D. A a deux acteurs
    // (rouges), B et D en ont quatre chacun, et C seulement un. B choisit et se sert en
    // premier, puis D, suivi de A et enfin de C."
    let mut g = Game::new(setup(4)).expect("setup");
    let actors = [2usize, 4, 1, 4];
    {
        // Tiles laid by hand on a copy of the state: actors on white slots, guest stars count.
        let mut st = g.state().clone();
        for (seat, &k) in actors.iter().enumerate() {
            for i in 0..k {
                let f = &mut st.players[seat].films[i % 3];
                if i < 3 {
                    f.slots[1].push(t(Kind::Actor, 1));
                } else {
                    f.guest.push(t(Kind::GuestStar, 1));
                }
            }
        }
        st.stage = Stage::Reveal;
        st.place = 3;
        let setup = g.setup().clone();
        let mut state = st;
        let events = <Traumfabrik as foreman_journal::Rules>::apply(
            &setup,
            &mut state,
            &Action::Reveal {
                tiles: vec![t(Kind::Music, 1); 4],
            },
        )
        .expect("the party's tiles");
        assert!(events.is_empty());
        let Stage::Party { order, .. } = state.stage else {
            panic!("a party");
        };
        assert_eq!(order, vec![1, 3, 0, 2]);
    }
    // A party holds one tile a player.
    for _ in 0..3 {
        skip_place(&mut g);
    }
    assert_eq!(g.setup().places[g.state().place], Place::Party);
    assert_eq!(
        g.check(&Action::Reveal {
            tiles: vec![t(Kind::Music, 1); 3]
        }),
        Err(Refusal::PartyTiles(4))
    );
}

#[test]
fn tiles_go_on_their_slots_white_slots_take_crews_and_agencies_stay_on_top() {
    // TF, Placing the tiles: "La tuile réalisateur sur la case réalisateur, la tuile acteur sur
    // la case acteur"; "Les emplacements blancs ... peuvent recevoir ... Acteurs, équipe de
    // tournage, musique ou effets spéciaux"; "Dès qu'une tuile agence est posée sur un
    // scénario, seule une autre tuile agence peut la recouvrir"; guest stars only on theirs.
    let s = sc(
        "Vertigo",
        Genre::Drama,
        &[SlotKind::Director, SlotKind::Actor, SlotKind::White],
        1,
    );
    let mut f = Film::new(s);
    assert_eq!(
        f.check(t(Kind::Actor, 2), SlotRef::Slot(0)),
        Err(Misplaced::WrongSlot)
    );
    assert_eq!(
        f.check(t(Kind::Director, 2), SlotRef::Slot(2)),
        Err(Misplaced::White)
    );
    assert_eq!(
        f.check(t(Kind::Director, 2), SlotRef::Slot(1)),
        Err(Misplaced::DirectorSlot)
    );
    assert_eq!(
        f.check(t(Kind::GuestStar, 1), SlotRef::Slot(2)),
        Err(Misplaced::GuestStarSlot)
    );
    assert_eq!(
        f.check(t(Kind::Agency, 1), SlotRef::Guest),
        Err(Misplaced::GuestOnly)
    );
    // The rulebook's example: music on a white slot, covered by music or an agency, then
    // only by an agency.
    assert_eq!(f.place(t(Kind::Music, 1), SlotRef::Slot(2)), Ok(false));
    assert_eq!(
        f.check(t(Kind::Crew, 3), SlotRef::Slot(2)),
        Err(Misplaced::Cover)
    );
    assert_eq!(f.place(t(Kind::Music, 2), SlotRef::Slot(2)), Ok(false));
    assert_eq!(f.place(t(Kind::Agency, 0), SlotRef::Slot(2)), Ok(false));
    assert_eq!(
        f.check(t(Kind::Music, 3), SlotRef::Slot(2)),
        Err(Misplaced::Cover)
    );
    assert_eq!(f.place(t(Kind::Agency, 1), SlotRef::Slot(2)), Ok(false));
    // A guest star may be replaced while the film is unfinished; the film ends when every
    // slot but the guest star's is filled.
    assert_eq!(f.place(t(Kind::GuestStar, 2), SlotRef::Guest), Ok(false));
    assert_eq!(f.place(t(Kind::GuestStar, -1), SlotRef::Guest), Ok(false));
    assert_eq!(f.place(t(Kind::Director, 3), SlotRef::Slot(0)), Ok(false));
    assert_eq!(f.place(t(Kind::Actor, 2), SlotRef::Slot(1)), Ok(true));
    // Only the top tiles count, the black star −1: 1 (printed) + 3 + 2 + 1 − 1 = 6.
    assert_eq!(f.stars(), 6);
    assert_eq!(f.director_stars(), 3);
}

#[test]
fn a_finished_film_takes_its_plus_token_first_then_the_next_lower() {
    // TF, Finished films: "S'il y a 2 pions de valeurs identiques, prenez celui avec le + en
    // premier"; "Si le pion de la valeur de film n'est plus disponible, on récupère le pion de
    // valeur inférieure." Setup: "de 0 à 22, avec les pions de 8 à 14 en double".
    let mut left = film::all_tokens();
    assert_eq!(left.len(), 30);
    let take = |left: &mut Vec<Token>, v| film::take_token(left, v);
    assert_eq!(
        take(&mut left, 9),
        Some(Token {
            value: 9,
            plus: true
        })
    );
    assert_eq!(
        take(&mut left, 9),
        Some(Token {
            value: 9,
            plus: false
        })
    );
    assert_eq!(
        take(&mut left, 9),
        Some(Token {
            value: 8,
            plus: true
        })
    );
    assert_eq!(
        take(&mut left, 30),
        Some(Token {
            value: 22,
            plus: false
        })
    );
    assert_eq!(
        take(&mut left, 22),
        Some(Token {
            value: 21,
            plus: false
        })
    );
    assert_eq!(
        take(&mut left, 0),
        Some(Token {
            value: 0,
            plus: false
        })
    );
    assert_eq!(take(&mut left, 0), None);
}

/// Seat 0 wins Hollywood's director for 0 and finishes its drama with a crew of `crew`
/// stars at the next place (won for 0 too): a film of 4 + `crew`.
fn finish_drama(g: &mut Game, crew: i32) -> Vec<Event> {
    auction_to(g, 0, 0);
    g.apply(Action::Place {
        tile: 0,
        film: 0,
        at: SlotRef::Slot(0),
    })
    .expect("the director");
    g.apply(Action::Reveal {
        tiles: vec![t(Kind::Crew, crew), t(Kind::Music, 0)],
    })
    .expect("revealed");
    auction_to(g, 0, 0);
    g.apply(Action::Place {
        tile: 0,
        film: 0,
        at: SlotRef::Slot(1),
    })
    .expect("the crew finishes the film")
}

#[test]
fn the_first_film_of_a_genre_is_awarded_and_a_new_scenario_is_drawn() {
    // TF, Awards: "Le premier film terminé dans chaque genre reçoit une récompense. Celle-ci
    // est donnée dès que le film concerné est terminé." Finished films: "il prend le scénario
    // se trouvant sur le dessus de la pioche scénarii".
    let mut g = Game::new(setup(2)).expect("setup");
    let events = finish_drama(&mut g, 2);
    assert!(events.contains(&Event::Finished {
        seat: 0,
        film: 0,
        stars: 6,
        token: Some(Token {
            value: 6,
            plus: false
        })
    }));
    assert!(events.contains(&Event::Awarded {
        seat: 0,
        award: Award::FirstFilm(Genre::Drama)
    }));
    assert!(matches!(g.state().stage, Stage::Draw { seat: 0, .. }));
    assert_eq!(
        g.check(&Action::Discard { tile: 0 }),
        Err(Refusal::NotNow("the scenario drawn"))
    );
    g.apply(Action::Draw {
        scenario: small("Citizen Kane", Genre::Drama),
    })
    .expect("drawn");
    assert_eq!(g.state().pile, 6);
    // The remaining tile may go on the new scenario ("y compris le dernier pioché"): music on
    // its white slot.
    g.apply(Action::Place {
        tile: 0,
        film: 3,
        at: SlotRef::Slot(1),
    })
    .expect("on the new scenario");
    // A finished film can no longer change.
    assert_eq!(
        g.state().players[0].films[0].check(t(Kind::Agency, 0), SlotRef::Slot(0)),
        Err(Misplaced::Finished)
    );
}

#[test]
fn best_film_after_rounds_1_to_3_the_plus_beating_the_plain() {
    // TF, Best film: "Cette récompense est attribuée au film de plus grande valeur"; "Un film
    // dont le pion valeur possède un « + », vaut plus qu'un film de même valeur sans le « + »".
    let mut g = Game::new(setup(2)).expect("setup");
    // Seat 0: a drama of 4 + 5 = 9 (the 9+).
    finish_drama(&mut g, 5);
    g.apply(Action::Draw {
        scenario: small("Citizen Kane", Genre::Drama),
    })
    .expect("drawn");
    discard_all(&mut g);
    // Seat 1 wins the next famous place (seat 0, with the camera, passes) and finishes its
    // drama of 4 + 5 = 9 too: the 9+ is taken, it gets the plain 9.
    g.apply(Action::Reveal {
        tiles: vec![t(Kind::Director, 4), t(Kind::Crew, 5)],
    })
    .expect("revealed");
    auction_to(&mut g, 1, 0);
    g.apply(Action::Place {
        tile: 0,
        film: 0,
        at: SlotRef::Slot(0),
    })
    .expect("a director");
    let events = g
        .apply(Action::Place {
            tile: 0,
            film: 0,
            at: SlotRef::Slot(1),
        })
        .expect("finished");
    assert!(events.contains(&Event::Finished {
        seat: 1,
        film: 0,
        stars: 9,
        token: Some(Token {
            value: 9,
            plus: false
        })
    }));
    g.apply(Action::Draw {
        scenario: small("Bambi", Genre::Comedy),
    })
    .expect("drawn");
    while g.state().round == 1 {
        skip_place(&mut g);
    }
    let awards = &g.state().players[0].awards;
    assert!(awards.contains(&(Award::BestFilm(1), Some(0))));
    assert!(g.state().players[1].awards.is_empty());
    // The same film may win again ("Il est possible qu'un film reçoive cette récompense
    // plusieurs fois").
    while g.state().round == 2 {
        skip_place(&mut g);
    }
    assert!(
        g.state().players[0]
            .awards
            .contains(&(Award::BestFilm(2), Some(0)))
    );
}

#[test]
fn the_grand_prix_and_the_score_after_the_fourth_round() {
    // TF, The Grand Prix: best film of each genre, worst film, best direction ("Si plusieurs
    // joueurs sont à égalité, cette récompense n'est pas attribuée"); End of the game: "points
    // de films et de ses récompenses, et y ajoute le reste de ses contrats. Les films
    // incomplets ne sont pas comptés."
    let mut g = Game::new(setup(2)).expect("setup");
    finish_drama(&mut g, 1);
    g.apply(Action::Draw {
        scenario: small("Citizen Kane", Genre::Drama),
    })
    .expect("drawn");
    discard_all(&mut g);
    let mut guard = 0;
    while g.state().stage != Stage::Over {
        skip_place(&mut g);
        guard += 1;
        assert!(guard < 100, "the game ends");
    }
    assert_eq!(g.state().round, 4);
    let (scores, winners) = score(g.state());
    // Seat 0's only film (value 5): first drama 5, best film ×3 (15), best drama 10, worst
    // film 10, best direction alone (4 stars) 10; contracts 12 (every auction won for 0).
    assert_eq!(scores[0].films, vec![("D0".to_string(), 5)]);
    let points: u32 = scores[0].awards.iter().map(|a| a.1).sum();
    assert_eq!(points, 5 + 15 + 10 + 10 + 10);
    assert_eq!(scores[0].contracts, 12);
    assert_eq!(scores[0].total, 5 + 50 + 12);
    assert_eq!(scores[1].total, 12);
    assert_eq!(winners, vec![0]);
    assert_eq!(g.check(&Action::Pass), Err(Refusal::Over));
}

#[test]
fn best_direction_is_not_given_on_a_tie() {
    let mut g = Game::new(setup(2)).expect("setup");
    // No film finished by anyone: 0 stars each, a tie.
    let mut guard = 0;
    while g.state().stage != Stage::Over {
        skip_place(&mut g);
        guard += 1;
        assert!(guard < 100);
    }
    assert!(g.state().players.iter().all(|p| p.awards.is_empty()));
    let (scores, winners) = score(g.state());
    assert_eq!(scores[0].total, 12);
    assert_eq!(winners, vec![0, 1]);
}

#[test]
fn a_saved_game_replays_and_a_refusal_changes_nothing() {
    let mut g = Game::new(setup(3)).expect("setup");
    finish_drama(&mut g, 2);
    let before = g.clone();
    assert!(g.apply(Action::Bid { contracts: 1 }).is_err());
    assert_eq!(g, before);
    let text = g.saved().to_json();
    assert_eq!(Game::load(&text).expect("loads"), g);
    assert!(g.undo());
    assert!(matches!(g.state().stage, Stage::Placing { seat: 0, .. }));
    let other = foreman_journal::Saved::new("foreman-little-factory", 1, g.setup(), vec![0u8]);
    assert!(matches!(
        Game::load(&other.to_json()),
        Err(foreman_journal::LoadError::NotThisGame { .. })
    ));
}

#[test]
fn a_scenario_is_played_once_and_has_one_director_at_most() {
    // TF, Setup: each studio's own three scenarios, the seven others in one pile; Placing the
    // tiles: "Chaque scénario ne peut avoir au plus qu'un réalisateur".
    let mut twice = setup(2);
    twice.players[1].scenarios[0] = small("D0", Genre::Drama);
    assert_eq!(Game::new(twice).err(), Some(Refusal::InPlay("D0".into())));
    let mut two = setup(2);
    two.players[0].scenarios[0].slots = vec![SlotKind::Director, SlotKind::Director];
    assert_eq!(Game::new(two).err(), Some(Refusal::TwoDirectors));
    let mut g = Game::new(setup(2)).expect("setup");
    finish_drama(&mut g, 2);
    assert_eq!(
        g.check(&Action::Draw {
            scenario: small("A1", Genre::Adventure)
        }),
        Err(Refusal::InPlay("A1".into()))
    );
}

/// Random actions, legal or not, by the thousand: the rules never panic, a refusal changes
/// nothing, every game reaches its end when played on, and its saved journal replays to it.
#[test]
fn random_play_never_panics_and_replays() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n.max(1)
    };
    let kinds = [
        Kind::Director,
        Kind::Actor,
        Kind::Crew,
        Kind::Music,
        Kind::Effects,
        Kind::Agency,
        Kind::GuestStar,
    ];
    for game in 0..20 {
        let n = 2 + game % 4;
        let mut g = Game::new(setup(n)).expect("setup");
        let mut steps = 0;
        let mut drawn = 0;
        while g.state().stage != Stage::Over && steps < 5_000 {
            steps += 1;
            let tile =
                |next: &mut dyn FnMut(u64) -> u64| t(kinds[next(7) as usize], next(6) as i32 - 1);
            let action = match next(8) {
                0 => Action::Reveal {
                    tiles: (0..1 + next(5)).map(|_| tile(&mut next)).collect(),
                },
                1 => Action::Bid {
                    contracts: next(15) as u32,
                },
                2 => Action::Pass,
                3 => Action::Pick {
                    tile: next(6) as usize,
                },
                4 => Action::Place {
                    tile: next(3) as usize,
                    film: next(6) as usize,
                    at: if next(4) == 0 {
                        SlotRef::Guest
                    } else {
                        SlotRef::Slot(next(3) as usize)
                    },
                },
                5 => Action::Discard {
                    tile: next(3) as usize,
                },
                _ => {
                    drawn += 1;
                    Action::Draw {
                        scenario: small(&format!("pile {drawn}"), Genre::ALL[next(3) as usize]),
                    }
                }
            };
            let before = g.clone();
            if g.apply(action).is_err() {
                assert_eq!(g, before, "a refusal changes nothing");
            }
        }
        assert_eq!(g.state().stage, Stage::Over, "game {game} ends");
        let replayed = Game::load(&g.saved().to_json()).expect("replays");
        assert_eq!(replayed, g);
        let (scores, winners) = score(g.state());
        assert!(!winners.is_empty());
        for s in &scores {
            let films: u32 = s.films.iter().map(|f| f.1).sum();
            let awards: u32 = s.awards.iter().map(|a| a.1).sum();
            assert_eq!(s.total, films + awards + s.contracts);
        }
        // Contracts are never made or lost: the players' and the centre's always sum to the
        // start's.
        let held: u32 = g.state().players.iter().map(|p| p.contracts).sum();
        assert_eq!(held + g.state().centre, g.setup().contracts() * n as u32);
    }
}
