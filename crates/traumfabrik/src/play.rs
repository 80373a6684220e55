//! The rounds, their places, the auctions and the parties (TF, Course of the game).

use crate::awards::{self, Award};
use crate::film::{Film, Misplaced, Scenario, SlotRef, Tile, Token, all_tokens, take_token};
use crate::{ROUNDS, Setup};
use foreman_journal::Rules;
use serde::{Deserialize, Serialize};

/// A place of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// The first famous place of every round: Hollywood's four-star director.
    Hollywood,
    /// A famous place: its 2 or 3 tiles, face up, auctioned.
    Famous,
    /// A party: as many tiles as players, face down, then picked one each.
    Party,
}

impl Place {
    /// The board's round (**Decision**: the rulebook does not print the board's order; Foreman
    /// plays Hollywood first, as the rulebook says, and a party fourth and last: "Le premier
    /// joueur de la fin de manche précédente (Party)". A setup can give another order.)
    pub const BOARD: [Place; 8] = [
        Place::Hollywood,
        Place::Famous,
        Place::Famous,
        Place::Party,
        Place::Famous,
        Place::Famous,
        Place::Famous,
        Place::Party,
    ];
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The tiles of the place just reached, told as they are revealed.
    Reveal,
    /// The auction of a famous place: `to_bid` acts next; `high` is the best bid so far.
    Auction {
        tiles: Vec<Tile>,
        to_bid: usize,
        high: Option<(usize, u32)>,
        passed: Vec<bool>,
    },
    /// A party: `order` picks in turn (`next` is the place in it), one tile each from `tiles`.
    Party {
        tiles: Vec<Tile>,
        order: Vec<usize>,
        next: usize,
    },
    /// `seat` places or discards the tiles it got; then the game goes back to `after`.
    Placing {
        seat: usize,
        tiles: Vec<Tile>,
        /// A party's picking goes on after the tile is placed.
        party: Option<Box<Stage>>,
    },
    /// `seat` finished a film: the scenario on top of the pile is told, and goes to them.
    Draw {
        seat: usize,
        then: Box<Stage>,
    },
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub name: String,
    pub contracts: u32,
    pub films: Vec<Film>,
    pub awards: Vec<(Award, Option<usize>)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<PlayerState>,
    /// Who holds the camera (opens the next auction).
    pub camera: usize,
    pub round: u32,
    /// The place of the round being played (an index of `Setup::places`).
    pub place: usize,
    pub stage: Stage,
    /// Contracts left in the centre after a sharing.
    pub centre: u32,
    /// Film-value tokens still beside the board.
    pub tokens: Vec<Token>,
    /// Scenarios left in the shared pile.
    pub pile: u32,
    /// Genres whose first film was awarded.
    pub first_films: Vec<crate::Genre>,
}

impl State {
    /// Contracts as `seat` may see them: everyone's when there are no screens, else only their
    /// own (TF, Setup: the studio screens).
    pub fn contracts_seen_by(&self, setup: &Setup, seat: Option<usize>) -> Vec<Option<u32>> {
        self.players
            .iter()
            .enumerate()
            .map(|(i, p)| (!setup.screens() || seat == Some(i)).then_some(p.contracts))
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// The tiles revealed at a famous place (2 or 3) or a party (one a player).
    Reveal { tiles: Vec<Tile> },
    /// The player at turn bids this many contracts (more than the best bid; 0 may open).
    Bid { contracts: u32 },
    /// The player at turn passes, and is out of this auction.
    Pass,
    /// The player at a party's turn picks a tile (its place among those revealed).
    Pick { tile: usize },
    /// The tile (its place among those to place) goes on a film (its place among the
    /// player's films) at that slot.
    Place {
        tile: usize,
        film: usize,
        at: SlotRef,
    },
    /// The tile goes back into the box.
    Discard { tile: usize },
    /// The scenario taken from the pile's top after a film is finished.
    Draw { scenario: Scenario },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// An auction won: the winner, the bid, each other player's share, what stays.
    Won {
        seat: usize,
        bid: u32,
        share: u32,
        left: u32,
    },
    /// A film finished: its stars, and the token it took (a lower one when its value's are
    /// gone).
    Finished {
        seat: usize,
        film: usize,
        stars: i32,
        token: Option<Token>,
    },
    Awarded {
        seat: usize,
        award: Award,
    },
    RoundOver(u32),
    GameOver,
}

/// Why an action is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("Traumfabrik is played by 2 to 5")]
    Players,
    #[error("the first player must be one of the players")]
    FirstPlayer,
    #[error("each studio starts with three scenarios")]
    Scenarios,
    #[error("a round is Hollywood first, then five more famous places and two parties")]
    Places,
    #[error("a scenario has slots")]
    EmptyScenario,
    #[error("the game is over")]
    Over,
    #[error("not now: the game waits for {0}")]
    NotNow(&'static str),
    #[error("a famous place holds 2 or 3 tiles")]
    FamousTiles,
    #[error("a party holds one tile for each player ({0})")]
    PartyTiles(usize),
    #[error("a bid must beat the best bid, {0}")]
    BidTooLow(u32),
    #[error("a player cannot bid more contracts than they hold ({0})")]
    BidTooHigh(u32),
    #[error("no tile {0} here")]
    NoTile(usize),
    #[error("no film {0}: the player has {1}")]
    NoFilm(usize, usize),
    #[error("{0}")]
    Misplaced(#[from] Misplaced),
    #[error("the scenario pile is empty")]
    PileEmpty,
    #[error("{0} is already in play: each scenario is played once")]
    InPlay(String),
    #[error("a scenario has at most one director's slot")]
    TwoDirectors,
}

/// Traumfabrik's rules for the journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Traumfabrik;

impl Rules for Traumfabrik {
    type Setup = Setup;
    type Action = Action;
    type State = State;
    type Error = Refusal;
    type Event = Event;
    const KIND: &'static str = "foreman-traumfabrik";
    const FORMAT: u32 = 1;

    fn start(setup: &Setup) -> Result<State, Refusal> {
        let n = setup.players.len();
        if !(2..=5).contains(&n) {
            return Err(Refusal::Players);
        }
        if setup.first_player >= n {
            return Err(Refusal::FirstPlayer);
        }
        let count = |p: Place| setup.places.iter().filter(|&&q| q == p).count();
        if setup.places.first() != Some(&Place::Hollywood)
            || count(Place::Hollywood) != 1
            || count(Place::Famous) != 5
            || count(Place::Party) != 2
        {
            return Err(Refusal::Places);
        }
        let mut players = Vec::new();
        let mut names = std::collections::HashSet::new();
        for p in &setup.players {
            if p.scenarios.len() != 3 {
                return Err(Refusal::Scenarios);
            }
            for sc in &p.scenarios {
                check_scenario(sc)?;
                if !names.insert(sc.name.as_str()) {
                    return Err(Refusal::InPlay(sc.name.clone()));
                }
            }
            players.push(PlayerState {
                name: p.name.clone(),
                contracts: setup.contracts(),
                films: p.scenarios.iter().cloned().map(Film::new).collect(),
                awards: Vec::new(),
            });
        }
        Ok(State {
            players,
            camera: setup.first_player,
            round: 1,
            place: 0,
            // Hollywood's director needs no telling.
            stage: auction(setup.first_player, n, vec![Tile::HOLLYWOOD]),
            centre: 0,
            tokens: all_tokens(),
            pile: setup.pile,
            first_films: Vec::new(),
        })
    }

    fn apply(setup: &Setup, st: &mut State, action: &Action) -> Result<Vec<Event>, Refusal> {
        let mut events = Vec::new();
        // A refusal may leave `st` half-changed: the journal applies on a copy it keeps only
        // when the action is accepted (`foreman_journal::Rules::apply`).
        let stage = std::mem::replace(&mut st.stage, Stage::Over);
        st.stage = step(setup, st, stage, action, &mut events)?;
        Ok(events)
    }
}

/// A scenario as told: slots, and one director's slot at most (TF, Placing the tiles: "Chaque
/// scénario ne peut avoir au plus qu'un réalisateur").
fn check_scenario(s: &Scenario) -> Result<(), Refusal> {
    if s.slots.is_empty() {
        return Err(Refusal::EmptyScenario);
    }
    let directors = s
        .slots
        .iter()
        .filter(|k| **k == crate::film::SlotKind::Director)
        .count();
    if directors > 1 {
        return Err(Refusal::TwoDirectors);
    }
    Ok(())
}

fn auction(first: usize, n: usize, tiles: Vec<Tile>) -> Stage {
    Stage::Auction {
        tiles,
        to_bid: first,
        high: None,
        passed: vec![false; n],
    }
}

fn waits_for(stage: &Stage) -> &'static str {
    match stage {
        Stage::Reveal => "the place's tiles",
        Stage::Auction { .. } => "a bid or a pass",
        Stage::Party { .. } => "a tile picked",
        Stage::Placing { .. } => "the tiles placed or discarded",
        Stage::Draw { .. } => "the scenario drawn",
        Stage::Over => "nothing",
    }
}

fn step(
    setup: &Setup,
    st: &mut State,
    stage: Stage,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<Stage, Refusal> {
    let n = st.players.len();
    match (stage, action) {
        (Stage::Over, _) => Err(Refusal::Over),
        (Stage::Reveal, Action::Reveal { tiles }) => match setup.places[st.place] {
            Place::Famous if !(2..=3).contains(&tiles.len()) => Err(Refusal::FamousTiles),
            Place::Famous | Place::Hollywood => Ok(auction(st.camera, n, tiles.clone())),
            Place::Party if tiles.len() != n => Err(Refusal::PartyTiles(n)),
            Place::Party => Ok(Stage::Party {
                tiles: tiles.clone(),
                order: party_order(st),
                next: 0,
            }),
        },
        (
            Stage::Auction {
                tiles,
                to_bid,
                high,
                mut passed,
            },
            Action::Bid { .. } | Action::Pass,
        ) => {
            let mut high = high;
            if let Action::Bid { contracts } = action {
                // "Les joueurs qui se suivent doivent passer ou proposer une mise supérieure";
                // "une mise de « zéro » est autorisée"; "Un joueur ne peut miser plus de
                // contrats qu'il ne possède."
                if let Some((_, best)) = high
                    && *contracts <= best
                {
                    return Err(Refusal::BidTooLow(best));
                }
                if *contracts > st.players[to_bid].contracts {
                    return Err(Refusal::BidTooHigh(st.players[to_bid].contracts));
                }
                high = Some((to_bid, *contracts));
            } else {
                passed[to_bid] = true;
            }
            let left: Vec<usize> = (0..n).filter(|&i| !passed[i]).collect();
            if left.len() == 1 {
                // "Quand tous les joueurs sauf un ont passé, la plus grosse mise reçoit
                // l'ensemble des tuiles". **Decision**: the last one in who never bid gets
                // them for nothing.
                let seat = left[0];
                let bid = high.filter(|(s, _)| *s == seat).map_or(0, |(_, b)| b);
                win(st, seat, bid, events);
                return Ok(Stage::Placing {
                    seat,
                    tiles,
                    party: None,
                });
            }
            let mut next = (to_bid + 1) % n;
            while passed[next] {
                next = (next + 1) % n;
            }
            Ok(Stage::Auction {
                tiles,
                to_bid: next,
                high,
                passed,
            })
        }
        (
            Stage::Party {
                mut tiles,
                order,
                next,
            },
            Action::Pick { tile },
        ) => {
            if *tile >= tiles.len() {
                return Err(Refusal::NoTile(*tile));
            }
            let t = tiles.remove(*tile);
            let seat = order[next];
            let rest = Stage::Party {
                tiles,
                order,
                next: next + 1,
            };
            Ok(Stage::Placing {
                seat,
                tiles: vec![t],
                party: Some(Box::new(rest)),
            })
        }
        (
            Stage::Placing {
                seat,
                mut tiles,
                party,
            },
            Action::Place { tile, film, at },
        ) => {
            let t = *tiles.get(*tile).ok_or(Refusal::NoTile(*tile))?;
            let films = st.players[seat].films.len();
            let f = st.players[seat]
                .films
                .get_mut(*film)
                .ok_or(Refusal::NoFilm(*film, films))?;
            let done = f.place(t, *at)?;
            tiles.remove(*tile);
            let after = Stage::Placing { seat, tiles, party };
            if !done {
                return Ok(placed(setup, st, after, events));
            }
            finish(st, seat, *film, events);
            // "Dès qu'un joueur a terminé l'un de ses films, il prend le scénario se trouvant
            // sur le dessus de la pioche"; "S'il n'y a plus de pioche scénarii, plus aucun
            // scénario ne peut être récupéré."
            if st.pile > 0 {
                Ok(Stage::Draw {
                    seat,
                    then: Box::new(after),
                })
            } else {
                Ok(placed(setup, st, after, events))
            }
        }
        (
            Stage::Placing {
                seat,
                mut tiles,
                party,
            },
            Action::Discard { tile },
        ) => {
            if *tile >= tiles.len() {
                return Err(Refusal::NoTile(*tile));
            }
            // "il s'en défait en la remettant dans la boîte".
            tiles.remove(*tile);
            Ok(placed(
                setup,
                st,
                Stage::Placing { seat, tiles, party },
                events,
            ))
        }
        (Stage::Draw { seat, then }, Action::Draw { scenario }) => {
            check_scenario(scenario)?;
            // "Chaque joueur reçoit un ensemble de 3 scénarii": each scenario card is one.
            if st
                .players
                .iter()
                .flat_map(|p| &p.films)
                .any(|f| f.scenario.name == scenario.name)
            {
                return Err(Refusal::InPlay(scenario.name.clone()));
            }
            if st.pile == 0 {
                return Err(Refusal::PileEmpty);
            }
            st.pile -= 1;
            st.players[seat].films.push(Film::new(scenario.clone()));
            Ok(placed(setup, st, *then, events))
        }
        (stage, _) => Err(Refusal::NotNow(waits_for(&stage))),
    }
}

/// The winner pays the bid into the centre; the centre is shared equally among the others,
/// the rest staying; the camera goes to the winner (TF, Famous places: the example, 7 among
/// 3, gives 2 each and 1 stays).
fn win(st: &mut State, seat: usize, bid: u32, events: &mut Vec<Event>) {
    let n = st.players.len() as u32;
    st.players[seat].contracts -= bid;
    st.centre += bid;
    let share = st.centre / (n - 1);
    for (i, p) in st.players.iter_mut().enumerate() {
        if i != seat {
            p.contracts += share;
        }
    }
    st.centre -= share * (n - 1);
    st.camera = seat;
    events.push(Event::Won {
        seat,
        bid,
        share,
        left: st.centre,
    });
}

/// A party's picking order: most actors and guest stars on all scenarios first, ties from the
/// camera's holder clockwise (TF, Parties).
fn party_order(st: &State) -> Vec<usize> {
    let n = st.players.len();
    let mut order: Vec<usize> = (0..n).map(|k| (st.camera + k) % n).collect();
    // A stable sort keeps clockwise order among equals.
    order.sort_by_key(|&i| {
        std::cmp::Reverse(st.players[i].films.iter().map(Film::actors).sum::<u32>())
    });
    order
}

/// A film finished: its token, and the first film of its genre (TF, Finished films; Awards).
fn finish(st: &mut State, seat: usize, film: usize, events: &mut Vec<Event>) {
    let f = &mut st.players[seat].films[film];
    f.finished = true;
    f.token = take_token(&mut st.tokens, f.stars());
    let (token, genre, stars) = (f.token, f.scenario.genre, f.stars());
    events.push(Event::Finished {
        seat,
        film,
        stars,
        token,
    });
    if !st.first_films.contains(&genre) {
        st.first_films.push(genre);
        let award = Award::FirstFilm(genre);
        st.players[seat].awards.push((award, Some(film)));
        events.push(Event::Awarded { seat, award });
    }
}

/// What comes after a placement: more tiles to place, the party's next pick, or the next
/// place (the round's end after the eighth).
fn placed(setup: &Setup, st: &mut State, stage: Stage, events: &mut Vec<Event>) -> Stage {
    let Stage::Placing { seat, tiles, party } = stage else {
        return stage;
    };
    if !tiles.is_empty() {
        return Stage::Placing { seat, tiles, party };
    }
    if let Some(rest) = party
        && let Stage::Party { order, next, .. } = &*rest
        && *next < order.len()
    {
        return *rest;
    }
    next_place(setup, st, events)
}

fn next_place(setup: &Setup, st: &mut State, events: &mut Vec<Event>) -> Stage {
    st.place += 1;
    if st.place == setup.places.len() {
        // "A la fin des trois premières manches ... la récompense du meilleur film est
        // attribuée"; the Grand Prix after the fourth.
        if st.round < ROUNDS {
            awards::best_film(st, events);
        } else {
            awards::grand_prix(st, events);
        }
        events.push(Event::RoundOver(st.round));
        if st.round == ROUNDS {
            events.push(Event::GameOver);
            return Stage::Over;
        }
        st.round += 1;
        st.place = 0;
    }
    match setup.places[st.place] {
        Place::Hollywood => auction(st.camera, st.players.len(), vec![Tile::HOLLYWOOD]),
        Place::Famous | Place::Party => Stage::Reveal,
    }
}
