//! Little Factory at the table: Foreman keeps the turns, the hands' size, the buildings, the
//! influence and the pool, and says the end as it happens. The players keep their real cards:
//! what a card is worth (its coins, a building's influence) is told with the action that
//! brings it. Pure: no I/O, no clock. Rules: `docs/little-factory.md` (cited "LF, <section>").
//!
//! Every change is one [`Action`] applied by [`LittleFactory::apply`] (through
//! [`foreman_journal::Journaled`]), validated first: a refusal says the rule and changes nothing.

use foreman_journal::{Journaled, Rules};
use serde::{Deserialize, Serialize};

/// A game of Little Factory with its journal.
pub type Game = Journaled<LittleFactory>;

/// The most resource cards in a hand, "même temporairement" (LF, Action).
pub const HAND_LIMIT: u32 = 7;
/// Influence tokens in the pool at the start (LF, Setup).
pub const POOL: u32 = 12;
/// Influence that ends the game at once, its player the winner (LF, End).
pub const WINNING_INFLUENCE: u32 = 10;
/// The start-coin tiles: 3 for the first player, then one more each, clockwise (LF, Setup).
pub const FIRST_TILE: u32 = 3;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The players' names in seating order (clockwise), 2 to 4 (four start-coin tiles).
    pub players: Vec<String>,
    /// Who plays first (takes the start-coin tile of 3).
    pub first_player: usize,
}

/// A card a player gets (LF, Action): the players keep the real cards, Foreman what it needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "card", rename_all = "snake_case")]
pub enum Card {
    /// A resource card to the hand: its level (1 to 3; 0 when not told, as in an exchange,
    /// where only the coins count) and its value in coins (top left).
    Resource { level: u8, coins: u32 },
    /// A building, face up before its player: its printed influence and its cost in coins.
    Building {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        influence: u32,
        coins: u32,
    },
}

impl Card {
    fn coins(&self) -> u32 {
        match self {
            Card::Resource { coins, .. } | Card::Building { coins, .. } => *coins,
        }
    }
}

/// What is given in an exchange (LF, Exchange): a resource card of the hand, or the start tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "given", rename_all = "snake_case")]
pub enum Given {
    Resource { coins: u32 },
    StartTile,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// A building of the player at turn activated (at the start or at the end of the turn, once
    /// a turn): the resource cards it discards from the hand, the resources it gets, and
    /// whether it gets an influence token from the pool.
    Activate {
        building: usize,
        #[serde(default)]
        discard: u32,
        #[serde(default)]
        gain: Vec<Card>,
        #[serde(default)]
        token: bool,
    },
    /// The action *Produire*: one card, paid in resources (`discard` cards discarded; cards
    /// only shown are not counted), or a level-1 resource for nothing (`free`: slow production).
    Produce {
        card: Card,
        #[serde(default)]
        discard: u32,
        #[serde(default)]
        free: bool,
    },
    /// The action *Échanger*: cards given for their coins, cards got for theirs.
    Exchange {
        given: Vec<Given>,
        gained: Vec<Card>,
    },
    /// The end of the turn (the end's activations done, the market refilled).
    EndTurn,
}

/// Where the player at turn is (LF, Course of the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Activations at the start of the turn, then the one action.
    Start,
    /// The action done: activations at the end of the turn, then the reveal.
    End,
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    pub name: Option<String>,
    pub influence: u32,
    /// Influence tokens won by this building (placed beside it, LF, Building activation).
    pub tokens: u32,
    /// Activated this turn.
    pub activated: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    /// The start-coin tile still held (its value), until it is spent.
    pub start_tile: Option<u32>,
    /// Resource cards in hand.
    pub hand: u32,
    pub buildings: Vec<Building>,
    /// Turns begun (the first only exchanges).
    pub turns: u32,
}

impl Player {
    /// Buildings' printed influence and the tokens won (LF, End).
    pub fn influence(&self) -> u32 {
        self.buildings.iter().map(|b| b.influence + b.tokens).sum()
    }
}

/// How the game ended (LF, End).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// A player reached 10 influence or more: that player wins.
    Reached { seat: usize },
    /// The pool is empty: the most influence wins; a tie shares the victory.
    PoolEmpty { winners: Vec<usize> },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<Player>,
    pub pool: u32,
    pub turn: usize,
    pub phase: Phase,
    /// Level-1 resources produced this turn, and whether one was for nothing.
    pub level1_produced: u32,
    pub free_produced: bool,
    pub ending: Option<Ending>,
}

impl State {
    /// The winners once the game is over.
    pub fn winners(&self) -> Vec<usize> {
        match &self.ending {
            Some(Ending::Reached { seat }) => vec![*seat],
            Some(Ending::PoolEmpty { winners }) => winners.clone(),
            None => Vec::new(),
        }
    }
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Built { seat: usize, influence: u32 },
    Token { seat: usize, left: u32 },
    TurnTo(usize),
    Ended(Ending),
}

/// Why an action is refused: the rule, said with the rulebook's section.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("Little Factory is played by 2 to 4 (four start-coin tiles)")]
    Players,
    #[error("the first player must be one of the players")]
    FirstPlayer,
    #[error("the game is over")]
    Over,
    #[error("no building {0}: the player has {1}")]
    NoBuilding(usize, usize),
    #[error("each building is activated at most once a turn")]
    AlreadyActivated,
    #[error("the turn's one action is done: produce or exchange only once")]
    ActionDone,
    #[error("the action comes before the end of the turn: produce or exchange first")]
    ActionFirst,
    #[error("on your first turn you can only exchange")]
    FirstTurnExchange,
    #[error("the hand holds {0} resource cards: it cannot discard {1}")]
    NotInHand(u32, u32),
    #[error("never more than 7 resource cards in hand, even for a moment ({0} would be)")]
    HandLimit(u32),
    #[error("no influence token is left in the pool")]
    PoolEmpty,
    #[error("a resource's level is 1, 2 or 3")]
    Level,
    #[error("only a level-1 resource can be produced for nothing (slow production)")]
    FreeNotLevel1,
    #[error(
        "slow production: one level-1 resource for nothing, if it is the only one produced this turn"
    )]
    SlowProduction,
    #[error("an exchange gives one card or gets one card: with several given, only one is got")]
    ExchangeOne,
    #[error("an exchange gives something and gets something")]
    ExchangeEmpty,
    #[error("the cards got are worth {got} coins, more than the {given} given")]
    ExchangeValue { given: u32, got: u32 },
    #[error("the start-coin tile is spent")]
    NoStartTile,
    #[error("a start-coin tile is given alone or with cards, once")]
    StartTileTwice,
}

/// Little Factory's rules for the journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LittleFactory;

impl Rules for LittleFactory {
    type Setup = Setup;
    type Action = Action;
    type State = State;
    type Error = Refusal;
    type Event = Event;
    const KIND: &'static str = "foreman-little-factory";
    const FORMAT: u32 = 1;

    fn start(setup: &Setup) -> Result<State, Refusal> {
        let n = setup.players.len();
        if !(2..=4).contains(&n) {
            return Err(Refusal::Players);
        }
        if setup.first_player >= n {
            return Err(Refusal::FirstPlayer);
        }
        let players = (0..n)
            .map(|i| Player {
                name: setup.players[i].clone(),
                start_tile: Some(FIRST_TILE + ((i + n - setup.first_player) % n) as u32),
                hand: 0,
                buildings: Vec::new(),
                turns: if i == setup.first_player { 1 } else { 0 },
            })
            .collect();
        Ok(State {
            players,
            pool: POOL,
            turn: setup.first_player,
            phase: Phase::Start,
            level1_produced: 0,
            free_produced: false,
            ending: None,
        })
    }

    fn apply(_setup: &Setup, st: &mut State, action: &Action) -> Result<Vec<Event>, Refusal> {
        if st.phase == Phase::Over {
            return Err(Refusal::Over);
        }
        let seat = st.turn;
        let mut events = Vec::new();
        match action {
            Action::Activate {
                building,
                discard,
                gain,
                token,
            } => {
                let p = &st.players[seat];
                let b = p
                    .buildings
                    .get(*building)
                    .ok_or(Refusal::NoBuilding(*building, p.buildings.len()))?;
                if b.activated {
                    return Err(Refusal::AlreadyActivated);
                }
                if *token && st.pool == 0 {
                    return Err(Refusal::PoolEmpty);
                }
                produced(st, gain, false)?;
                let hand = hand_after(st.players[seat].hand, *discard, gain)?;
                let p = &mut st.players[seat];
                p.hand = hand;
                p.buildings[*building].activated = true;
                if *token {
                    p.buildings[*building].tokens += 1;
                    st.pool -= 1;
                    events.push(Event::Token {
                        seat,
                        left: st.pool,
                    });
                }
                take_buildings(st, seat, gain, &mut events);
            }
            Action::Produce {
                card,
                discard,
                free,
            } => {
                if st.phase != Phase::Start {
                    return Err(Refusal::ActionDone);
                }
                if st.players[seat].turns == 1 {
                    return Err(Refusal::FirstTurnExchange);
                }
                if *free {
                    if !matches!(card, Card::Resource { level: 1, .. }) {
                        return Err(Refusal::FreeNotLevel1);
                    }
                    if *discard > 0 {
                        return Err(Refusal::SlowProduction);
                    }
                }
                produced(st, std::slice::from_ref(card), *free)?;
                st.players[seat].hand =
                    hand_after(st.players[seat].hand, *discard, std::slice::from_ref(card))?;
                st.phase = Phase::End;
                take_buildings(st, seat, std::slice::from_ref(card), &mut events);
            }
            Action::Exchange { given, gained } => {
                if st.phase != Phase::Start {
                    return Err(Refusal::ActionDone);
                }
                if given.is_empty() || gained.is_empty() {
                    return Err(Refusal::ExchangeEmpty);
                }
                if given.len() > 1 && gained.len() > 1 {
                    return Err(Refusal::ExchangeOne);
                }
                for c in gained {
                    check_card(c)?;
                }
                let tiles = given.iter().filter(|g| **g == Given::StartTile).count();
                if tiles > 1 {
                    return Err(Refusal::StartTileTwice);
                }
                let p = &st.players[seat];
                let tile = if tiles == 1 {
                    Some(p.start_tile.ok_or(Refusal::NoStartTile)?)
                } else {
                    None
                };
                let value: u32 = given
                    .iter()
                    .map(|g| match g {
                        Given::Resource { coins } => *coins,
                        Given::StartTile => tile.unwrap_or(0),
                    })
                    .sum();
                let got: u32 = gained.iter().map(Card::coins).sum();
                if got > value {
                    return Err(Refusal::ExchangeValue { given: value, got });
                }
                let cards = (given.len() - tiles) as u32;
                let hand = hand_after(p.hand, cards, gained)?;
                let p = &mut st.players[seat];
                p.hand = hand;
                if tile.is_some() {
                    p.start_tile = None;
                }
                st.phase = Phase::End;
                take_buildings(st, seat, gained, &mut events);
            }
            Action::EndTurn => {
                if st.phase != Phase::End {
                    return Err(Refusal::ActionFirst);
                }
                for b in &mut st.players[seat].buildings {
                    b.activated = false;
                }
                let next = (seat + 1) % st.players.len();
                st.turn = next;
                st.phase = Phase::Start;
                st.level1_produced = 0;
                st.free_produced = false;
                st.players[next].turns += 1;
                events.push(Event::TurnTo(next));
            }
        }
        // The end, at once, whenever a condition holds (LF, End): a player at 10 or more wins;
        // else an empty pool ends it, the most influence winning (a tie shares the victory).
        let ending = if let Some(seat) = st
            .players
            .iter()
            .position(|p| p.influence() >= WINNING_INFLUENCE)
        {
            Some(Ending::Reached { seat })
        } else if st.pool == 0 {
            let best = st.players.iter().map(Player::influence).max().unwrap_or(0);
            Some(Ending::PoolEmpty {
                winners: (0..st.players.len())
                    .filter(|&i| st.players[i].influence() == best)
                    .collect(),
            })
        } else {
            None
        };
        if let Some(e) = ending {
            st.phase = Phase::Over;
            st.ending = Some(e.clone());
            events.push(Event::Ended(e));
        }
        Ok(events)
    }
}

fn check_card(c: &Card) -> Result<(), Refusal> {
    match c {
        Card::Resource { level, .. } if *level > 3 => Err(Refusal::Level),
        _ => Ok(()),
    }
}

/// Level-1 resources produced: slow production (one for nothing) only when it is the only
/// level-1 resource produced this turn (LF, Slow production).
fn produced(st: &mut State, cards: &[Card], free: bool) -> Result<(), Refusal> {
    for c in cards {
        check_card(c)?;
    }
    let ones = cards
        .iter()
        .filter(|c| matches!(c, Card::Resource { level: 1, .. }))
        .count() as u32;
    if ones > 0 && (st.free_produced || (free && st.level1_produced + ones > 1)) {
        return Err(Refusal::SlowProduction);
    }
    st.level1_produced += ones;
    st.free_produced |= free;
    Ok(())
}

/// The hand after `discard` cards go and the resources of `gained` come, within the limit.
fn hand_after(hand: u32, discard: u32, gained: &[Card]) -> Result<u32, Refusal> {
    if discard > hand {
        return Err(Refusal::NotInHand(hand, discard));
    }
    let got = gained
        .iter()
        .filter(|c| matches!(c, Card::Resource { .. }))
        .count() as u32;
    let after = hand - discard + got;
    if after > HAND_LIMIT {
        return Err(Refusal::HandLimit(after));
    }
    Ok(after)
}

/// The buildings among `cards` go face up before `seat` (LF, Produce: "placez-la
/// immédiatement face visible devant vous").
fn take_buildings(st: &mut State, seat: usize, cards: &[Card], events: &mut Vec<Event>) {
    for c in cards {
        if let Card::Building {
            name, influence, ..
        } = c
        {
            st.players[seat].buildings.push(Building {
                name: name.clone(),
                influence: *influence,
                tokens: 0,
                activated: false,
            });
            events.push(Event::Built {
                seat,
                influence: *influence,
            });
        }
    }
}

#[cfg(test)]
mod tests;
