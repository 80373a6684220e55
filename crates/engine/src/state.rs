//! The game state: everything on the table at one moment. It changes only through
//! [`crate::Game::apply`]; this module has no rule logic beyond small queries.

use super::cards::{Blueprint, CardType, Contractor, Tool};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::marker::PhantomData;
use std::sync::OnceLock;

/// The most blueprints a player keeps at the end of the work phase (docs/rules.md, end of the
/// work phase).
pub const HAND_LIMIT: usize = 10;
/// The most resources (metal and energy together) a player keeps at the end of the work phase.
pub const RESOURCE_LIMIT: u32 = 12;

/// A card name that can be counted in a [`Pile`].
pub trait CardId: Copy + Eq + fmt::Debug + 'static {
    const ALL: &'static [Self];
    fn index(self) -> usize;
    fn copies(self) -> u8;
    /// Every copy of every card of this kind (a full deck), built once.
    fn full_deck() -> &'static Pile<Self>;
}

impl CardId for Blueprint {
    const ALL: &'static [Self] = Blueprint::ALL;
    fn index(self) -> usize {
        Blueprint::index(self)
    }
    fn copies(self) -> u8 {
        self.info().copies
    }
    fn full_deck() -> &'static Pile<Self> {
        static DECK: OnceLock<Pile<Blueprint>> = OnceLock::new();
        DECK.get_or_init(Pile::count_full)
    }
}

impl CardId for Contractor {
    const ALL: &'static [Self] = Contractor::ALL;
    fn index(self) -> usize {
        Contractor::index(self)
    }
    fn copies(self) -> u8 {
        self.info().copies
    }
    fn full_deck() -> &'static Pile<Self> {
        static DECK: OnceLock<Pile<Contractor>> = OnceLock::new();
        DECK.get_or_init(Pile::count_full)
    }
}

/// An unordered collection of cards, counted per name: a hand, a compound, a deck or a
/// discard pile. A deck's order is unknown to the engine: drawing "the top card" means the
/// revealed card is an input (docs/rules.md, decisions for a physical-table companion), and in a
/// digital game a uniformly random pick from the remaining cards, which is the same as
/// drawing from a shuffled deck.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pile<C: CardId> {
    counts: [u8; 32],
    /// Bit `i` set when card `i` has at least one copy here (kept with `counts`, so walking a
    /// pile visits only the cards present).
    present: u32,
    total: u16,
    _card: PhantomData<C>,
}

impl<C: CardId> Default for Pile<C> {
    fn default() -> Self {
        Pile {
            counts: [0; 32],
            present: 0,
            total: 0,
            _card: PhantomData,
        }
    }
}

impl<C: CardId> Pile<C> {
    /// Every copy of every card (a full deck).
    pub fn full() -> Self {
        *C::full_deck()
    }
    fn count_full() -> Self {
        let mut p = Self::default();
        for &c in C::ALL {
            p.counts[c.index()] = c.copies();
            p.total += u16::from(c.copies());
        }
        p.present = p.present_from_counts();
        p
    }
    pub fn count(&self, c: C) -> u8 {
        self.counts[c.index()]
    }
    pub fn contains(&self, c: C) -> bool {
        self.count(c) > 0
    }
    pub fn len(&self) -> usize {
        usize::from(self.total)
    }
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }
    pub fn add(&mut self, c: C) {
        self.counts[c.index()] += 1;
        self.present |= 1 << c.index();
        self.total += 1;
    }
    /// Removes one copy; false (and nothing changes) when there is none.
    pub fn remove(&mut self, c: C) -> bool {
        if self.counts[c.index()] == 0 {
            return false;
        }
        self.counts[c.index()] -= 1;
        if self.counts[c.index()] == 0 {
            self.present &= !(1 << c.index());
        }
        self.total -= 1;
        true
    }
    /// Moves every card of `other` into this pile.
    pub fn take_all(&mut self, other: &mut Pile<C>) {
        for i in 0..32 {
            self.counts[i] += other.counts[i];
        }
        self.present |= other.present;
        self.total += other.total;
        *other = Pile::default();
    }
    /// Bit `i` set when card `i` (by [`CardId::index`]) has a copy here.
    pub fn present(&self) -> u32 {
        self.present
    }
    /// How many copies of each card (by [`CardId::index`]), as one array: for a compact key.
    pub fn counts(&self) -> &[u8; 32] {
        &self.counts
    }
    /// The distinct names present, with their counts, in catalogue order.
    pub fn iter(&self) -> impl Iterator<Item = (C, u8)> + '_ {
        let mut present = self.present;
        std::iter::from_fn(move || {
            if present == 0 {
                return None;
            }
            let i = present.trailing_zeros() as usize;
            present &= present - 1;
            Some((C::ALL[i], self.counts[i]))
        })
    }
    fn present_from_counts(&self) -> u32 {
        let mut mask = 0;
        for (i, &n) in self.counts.iter().enumerate() {
            mask |= u32::from(n != 0) << i;
        }
        mask
    }
    /// Every card, one entry per copy, in catalogue order.
    pub fn cards(&self) -> Vec<C> {
        self.iter()
            .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
            .collect()
    }
    /// The last `k` cards in catalogue order (copies counted), last first.
    pub fn last(&self, k: usize) -> Vec<C> {
        let mut out = Vec::with_capacity(k);
        for &c in C::ALL.iter().rev() {
            for _ in 0..self.counts[c.index()] {
                if out.len() == k {
                    return out;
                }
                out.push(c);
            }
        }
        out
    }

    /// The `k`-th card (0-based) in catalogue order, copies counted.
    pub fn nth(&self, mut k: usize) -> Option<C> {
        for (i, &n) in self.counts.iter().enumerate() {
            let n = usize::from(n);
            if k < n {
                return C::ALL.get(i).copied();
            }
            k -= n;
        }
        None
    }
}

impl<C: CardId> fmt::Debug for Pile<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Pile<Blueprint> {
    /// How many cards of type `kind` (copies counted).
    pub fn of_type(&self, kind: CardType) -> u32 {
        let mut mask = super::cards::catalogue().type_masks[kind.index()] & self.present;
        let mut total = 0;
        while mask != 0 {
            total += u32::from(self.counts[mask.trailing_zeros() as usize]);
            mask &= mask - 1;
        }
        total
    }
    pub fn of_tool(&self, tool: Tool) -> u32 {
        self.iter()
            .filter(|(c, _)| c.tool() == tool)
            .map(|(_, n)| u32::from(n))
            .sum()
    }
}

/// Player colours (docs/rules.md, components): the five of a game of several players ([`Colour::ALL`]),
/// and white, the solo player's dice (docs/rules.md, solo game: "you play with the 4 white dice").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Blue,
    Green,
    Purple,
    Yellow,
    White,
}

impl Colour {
    /// The colours of a game of several players (white dice are the shared extras there).
    pub const ALL: [Colour; 5] = [
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Purple,
        Colour::Yellow,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Purple => "purple",
            Colour::Yellow => "yellow",
            Colour::White => "white",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The three HQ sections (cards.md, "Headquarters board").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    Research,
    Mine,
    Generate,
}

impl Section {
    pub const ALL: [Section; 3] = [Section::Research, Section::Mine, Section::Generate];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Section::Research => "Research",
            Section::Mine => "Mine",
            Section::Generate => "Generate",
        }
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a die came from this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieOrigin {
    Own,
    /// Set by the Foreman contractor instead of rolled.
    Foreman,
    HiredHands,
    Specialist,
    Robot,
    Golem,
    MegaFactory,
}

/// Where a die was placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spot {
    Hq(Section),
    Card(Blueprint),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Die {
    pub value: u8,
    pub origin: DieOrigin,
    pub placed: Option<Spot>,
}

/// The most dice a player can have in one round: 4 own, 2 Hired Hands, 1 Specialist, 1 Robot,
/// 1 Golem, 1 Mega Factory and 1 more through a Replicator copying Robot, Golem or Mega
/// Factory, with room to spare.
pub const MAX_DICE: usize = 16;

/// A player's dice this round; indices are stable for the whole round (dice are only added).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dice {
    dice: [Die; MAX_DICE],
    len: u8,
}

impl Default for Dice {
    fn default() -> Self {
        Dice {
            dice: [Die {
                value: 1,
                origin: DieOrigin::Own,
                placed: None,
            }; MAX_DICE],
            len: 0,
        }
    }
}

impl fmt::Debug for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Dice {
    pub fn as_slice(&self) -> &[Die] {
        &self.dice[..usize::from(self.len)]
    }
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn get(&self, i: usize) -> Option<&Die> {
        self.as_slice().get(i)
    }
    pub fn get_mut(&mut self, i: usize) -> Option<&mut Die> {
        let n = self.len();
        self.dice[..n].get_mut(i)
    }
    /// Adds a die; false when the tray is full (cannot happen within the rules, see MAX_DICE).
    pub fn push(&mut self, value: u8, origin: DieOrigin) -> bool {
        if self.len() >= MAX_DICE {
            return false;
        }
        self.dice[self.len()] = Die {
            value,
            origin,
            placed: None,
        };
        self.len += 1;
        true
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Sorts the dice by `key` (a planner's canonical copy; indices change).
    pub fn sort_by_key<K: Ord>(&mut self, key: impl FnMut(&Die) -> K) {
        let n = self.len();
        self.dice[..n].sort_by_key(key);
    }
    /// Indices of the dice not placed yet.
    pub fn unplaced(&self) -> impl Iterator<Item = usize> + '_ {
        self.as_slice()
            .iter()
            .enumerate()
            .filter(|(_, d)| d.placed.is_none())
            .map(|(i, _)| i)
    }
}

/// One HQ section's three slots (0 = empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct HqSection {
    pub dice: [u8; 3],
}

impl HqSection {
    #[inline]
    pub fn len(&self) -> usize {
        self.dice.iter().filter(|&&v| v != 0).count()
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    #[inline]
    pub fn is_full(&self) -> bool {
        self.len() == 3
    }
    pub fn values(&self) -> impl Iterator<Item = u8> + '_ {
        self.dice.iter().copied().filter(|&v| v != 0)
    }
}

/// Once-per-round passive triggers already used (cards.md: Scrap Yard, Solar Array,
/// Laboratory).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Fired {
    pub scrap_yard: bool,
    pub solar_array: bool,
    pub laboratory: bool,
}

/// Plain data, copied as it is (the planner copies one for each position it steps into).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerState {
    pub colour: Colour,
    pub metal: u32,
    pub energy: u32,
    /// Goods produced so far (they count for the end trigger and the score).
    pub goods: u32,
    /// The blueprints in hand that the table has seen: every card in a game with open hands;
    /// in a companion game with hidden hands, those taken face up from the market.
    pub hand: Pile<Blueprint>,
    /// Blueprints drawn in secret (a companion game with hidden hands): Foreman knows only how
    /// many. Each is one of the cards still unseen ([`State::blueprint_deck`]); the player
    /// names it when it leaves the hand.
    pub hidden: u8,
    /// Of `hand`, the cards this player told Foreman from their own device as they drew them
    /// in secret: the engine knows them, every other screen counts them as hidden
    /// ([`State::seen_by`]). Never more copies of a card than `hand` holds.
    pub told: Pile<Blueprint>,
    pub compound: Pile<Blueprint>,
    /// Blueprints activated this round (bit = [`Blueprint::index`]).
    pub activated: u64,
    pub hq: [HqSection; 3],
    pub dice: Dice,
    /// A contractor hired this market phase whose effect comes at the work phase (Foreman,
    /// Hired Hands, Specialist).
    pub pending: Option<Contractor>,
    /// The Specialist's die is still to be taken this work phase.
    pub specialist_due: bool,
    pub fired: Fired,
    /// The player has ended their work phase this round (everyone works at once: the round
    /// moves on when all have).
    pub worked: bool,
}

impl PlayerState {
    pub fn new(colour: Colour) -> Self {
        // docs/rules.md, setup 2: 1 metal + 2 energy.
        PlayerState {
            colour,
            metal: 1,
            energy: 2,
            goods: 0,
            hand: Pile::default(),
            hidden: 0,
            told: Pile::default(),
            compound: Pile::default(),
            activated: 0,
            hq: [HqSection::default(); 3],
            dice: Dice::default(),
            pending: None,
            specialist_due: false,
            fired: Fired::default(),
            worked: false,
        }
    }
    /// Blueprints in hand, seen and hidden.
    pub fn hand_size(&self) -> usize {
        self.hand.len() + usize::from(self.hidden)
    }
    /// How many blueprints and resources this player must give up to end the work phase
    /// (docs/rules.md, end of the work phase: at most [`HAND_LIMIT`] blueprints, hidden ones
    /// counted, and [`RESOURCE_LIMIT`] resources).
    pub fn excess(&self) -> (usize, u32) {
        (
            self.hand_size().saturating_sub(HAND_LIMIT),
            self.resources().saturating_sub(RESOURCE_LIMIT),
        )
    }
    pub fn has_activated(&self, card: Blueprint) -> bool {
        self.activated & (1 << card.index()) != 0
    }
    pub fn resources(&self) -> u32 {
        self.metal + self.energy
    }
    /// Prestige of the compound (cards.md: Beacon 2/3/4/5, i.e. totals 2/5/9/14).
    #[inline]
    pub fn prestige(&self) -> u32 {
        self.compound
            .iter()
            .map(|(c, n)| match c {
                Blueprint::Beacon => beacon_prestige(u32::from(n)),
                _ => u32::from(c.info().prestige) * u32::from(n),
            })
            .sum()
    }
    #[inline]
    pub fn score(&self) -> u32 {
        self.prestige() + self.goods
    }
}

/// Total prestige of `n` Beacons: the 1st/2nd/3rd/4th is worth 2/3/4/5 (cards.md, Beacon).
pub fn beacon_prestige(n: u32) -> u32 {
    (0..n).map(|k| 2 + k).sum()
}

/// Solo difficulty: the number of blueprints in the Machine's starting compound
/// (docs/rules.md, solo game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];
    pub fn starting_cards(self) -> usize {
        match self {
            Difficulty::Easy => 2,
            Difficulty::Medium => 3,
            Difficulty::Hard => 4,
            Difficulty::Expert => 5,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }
}

/// The Machine's five dice colours in the order they are read (docs/rules.md, Machine's turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MachineDie {
    Red,
    Blue,
    Purple,
    Yellow,
    Green,
}

impl MachineDie {
    /// The order in which a Machine turn's five dice are given in an action's inputs.
    pub const ORDER: [MachineDie; 5] = [
        MachineDie::Red,
        MachineDie::Blue,
        MachineDie::Purple,
        MachineDie::Yellow,
        MachineDie::Green,
    ];
    /// The card type a production die is compared with (red ↔ Training, blue ↔ Production,
    /// purple ↔ Special, yellow ↔ Utility); green drives the market.
    pub fn card_type(self) -> Option<CardType> {
        match self {
            MachineDie::Red => Some(CardType::Training),
            MachineDie::Blue => Some(CardType::Production),
            MachineDie::Purple => Some(CardType::Special),
            MachineDie::Yellow => Some(CardType::Utility),
            MachineDie::Green => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MachineState {
    pub compound: Pile<Blueprint>,
    pub goods: u32,
}

impl MachineState {
    /// 1 per good + 1 per card + 1 more per Monument (docs/rules.md, Machine's score).
    pub fn score(&self) -> u32 {
        self.goods + self.compound.len() as u32 + self.compound.of_type(CardType::Monument)
    }
}

/// The market: 4 blueprints, 4 contractors, and the tool token fixed above each contractor
/// slot (docs/rules.md, setup 3). An empty slot is `None` (both the deck and its discard pile ran
/// out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Market {
    pub blueprints: [Option<Blueprint>; 4],
    pub contractors: [Option<Contractor>; 4],
    pub tools: [Tool; 4],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for the opening deal.
    Setup,
    /// The market phase; `turn` counts turns taken this round (the acting player is
    /// `(first_player + turn) % players`); `refreshed` is the once-per-turn market refresh.
    Market { turn: usize, refreshed: bool },
    /// The work phase, resolved one player after another in turn order; `rolled` once the
    /// acting player has rolled.
    Work { turn: usize, rolled: bool },
    /// The Machine's turn (solo games), after the player's work phase.
    Machine,
    /// The game is over; see [`crate::score`].
    Over,
}

/// Copies of each card counted over the whole table (see [`State::census`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Census {
    pub blueprints: [u32; 32],
    pub contractors: [u32; 8],
}

/// The players' states, in seat order.
pub type Players = smallvec::SmallVec<[PlayerState; 3]>;

#[derive(Debug, PartialEq, Eq)]
pub struct State {
    /// Kept in the state itself (at most 5): a state is copied for every position the planner
    /// searches, without a heap allocation.
    pub players: Players,
    pub machine: Option<MachineState>,
    pub market: Market,
    /// The blueprints nobody has seen: the deck, and in a game with hidden hands the cards
    /// drawn in secret ([`PlayerState::hidden`]). The deck itself holds
    /// [`State::deck_size`] of them.
    pub blueprint_deck: Pile<Blueprint>,
    pub blueprint_discard: Pile<Blueprint>,
    pub contractor_deck: Pile<Contractor>,
    pub contractor_discard: Pile<Contractor>,
    pub first_player: usize,
    /// Rounds are numbered from 1.
    pub round: u32,
    pub phase: Phase,
    /// The round in which the end of the game was triggered; the game ends after the round
    /// that follows it (docs/rules.md, end of the game).
    pub end_triggered: Option<u32>,
    /// Hidden hands after a reshuffle: which deck each secret card came from
    /// ([`crate::secrets`]); `None` while that is any unseen card. Shared between
    /// copies until one changes it.
    pub secrets: Option<std::sync::Arc<super::secrets::Secrets>>,
}

impl Clone for State {
    fn clone(&self) -> State {
        let mut s = State {
            players: Players::new(),
            machine: None,
            market: self.market,
            blueprint_deck: self.blueprint_deck,
            blueprint_discard: self.blueprint_discard,
            contractor_deck: self.contractor_deck,
            contractor_discard: self.contractor_discard,
            first_player: self.first_player,
            round: self.round,
            phase: self.phase,
            end_triggered: self.end_triggered,
            secrets: None,
        };
        s.clone_from(self);
        s
    }

    /// Field by field, reusing the players' allocation (`Game::apply` copies the state into a
    /// kept buffer before every action).
    fn clone_from(&mut self, src: &State) {
        let State {
            players,
            machine,
            market,
            blueprint_deck,
            blueprint_discard,
            contractor_deck,
            contractor_discard,
            first_player,
            round,
            phase,
            end_triggered,
            secrets,
        } = src;
        self.players.clone_from(players);
        self.machine.clone_from(machine);
        self.market = *market;
        self.blueprint_deck = *blueprint_deck;
        self.blueprint_discard = *blueprint_discard;
        self.contractor_deck = *contractor_deck;
        self.contractor_discard = *contractor_discard;
        self.first_player = *first_player;
        self.round = *round;
        self.phase = *phase;
        self.end_triggered = *end_triggered;
        self.secrets.clone_from(secrets);
    }
}

impl State {
    /// What a step of `seat`'s work phase (not its end) may change, copied from `src`: `seat`'s
    /// state, the blueprints' piles (a card drawn or discarded), the phase and the end's
    /// trigger. The rest must be the same in both (see [`crate::Game::step_work_into`]);
    /// states of another number of players are copied whole.
    pub fn copy_work_from(&mut self, src: &State, seat: usize) {
        let same = self.players.len() == src.players.len();
        match (self.players.get_mut(seat), src.players.get(seat)) {
            (Some(to), Some(from)) if same => to.clone_from(from),
            _ => {
                self.clone_from(src);
                return;
            }
        }
        self.blueprint_deck = src.blueprint_deck;
        self.blueprint_discard = src.blueprint_discard;
        self.phase = src.phase;
        self.end_triggered = src.end_triggered;
        self.secrets.clone_from(&src.secrets);
    }

    /// The player who acts now, if any player does.
    pub fn current_player(&self) -> Option<usize> {
        let n = self.players.len();
        match self.phase {
            Phase::Market { turn, .. } | Phase::Work { turn, .. } => {
                Some((self.first_player + turn) % n)
            }
            _ => None,
        }
    }
    pub fn is_solo(&self) -> bool {
        self.machine.is_some()
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    /// How many copies of each blueprint and contractor are where: decks, discard piles,
    /// market, hands, compounds (the players' and the Machine's). Every copy is always in
    /// exactly one place, so the totals equal the catalogue's copies.
    pub fn census(&self) -> Census {
        let mut c = Census::default();
        let mut add = |pile: &Pile<Blueprint>| {
            for (card, n) in pile.iter() {
                c.blueprints[card.index()] += u32::from(n);
            }
        };
        add(&self.blueprint_deck);
        add(&self.blueprint_discard);
        for p in &self.players {
            add(&p.hand);
            add(&p.compound);
        }
        if let Some(m) = &self.machine {
            add(&m.compound);
        }
        for card in self.market.blueprints.iter().flatten() {
            c.blueprints[card.index()] += 1;
        }
        for (card, n) in self
            .contractor_deck
            .iter()
            .chain(self.contractor_discard.iter())
        {
            c.contractors[card.index()] += u32::from(n);
        }
        for card in self.market.contractors.iter().flatten() {
            c.contractors[card.index()] += 1;
        }
        c
    }

    /// Blueprints drawn in secret, over all hands.
    pub fn hidden_total(&self) -> usize {
        self.players.iter().map(|p| usize::from(p.hidden)).sum()
    }

    /// Cards in the blueprint deck itself (the unseen cards not in a hidden hand).
    pub fn deck_size(&self) -> usize {
        self.blueprint_deck
            .len()
            .saturating_sub(self.hidden_total())
    }

    /// `seat`'s hand goes back into the blueprint deck (for setting up a position to study: the
    /// planner's puzzles, tests).
    pub fn hand_back_to_deck(&mut self, seat: usize) {
        let hand = self.players[seat].hand;
        for (c, n) in hand.iter() {
            for _ in 0..n {
                self.players[seat].hand.remove(c);
                self.blueprint_deck.add(c);
            }
        }
    }

    /// The round after which the game ends, once triggered.
    pub fn final_round(&self) -> Option<u32> {
        self.end_triggered.map(|r| r + 1)
    }
}
