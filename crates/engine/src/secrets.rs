//! Which deck each secret blueprint came from (companion games with hidden hands;
//! docs/rules.md, hidden hands).
//!
//! A blueprint drawn in secret is one of the cards that were in the deck when it was drawn.
//! While the deck has never been reshuffled, that is any card nobody has seen
//! ([`State::blueprint_deck`]). When the deck runs out, its discard pile is shuffled into a new
//! deck (docs/rules.md, setup 4): the cards drawn in secret before are then the old deck's unseen
//! cards, and no other. From the first such reshuffle on, [`Secrets`] keeps the table's
//! history: each deck (its cards not revealed face up, and how many each seat drew from it in
//! secret) and each card named from a secret hand, with how many cards its seat had drawn from
//! each deck by then.
//!
//! A name, or a card revealed from the deck, is possible when every card named so far can be
//! one its seat drew in secret before naming it, from a deck that held it, no draw named twice
//! and no deck giving more copies than it held unrevealed: an assignment of a deck to each
//! name. The history keeps one such assignment (its witness). Most questions are answered from
//! it: a name that the witness leaves room for is possible. Otherwise a search tries the
//! names in the order they were named, each first at its witness's deck, and never searches
//! a position twice ([`Search`]).

use super::cards::{Blueprint, Tool};
use super::error::RuleError;
use super::state::{Pile, State};
use smallvec::SmallVec;
use std::sync::Arc;

/// Seats at most.
const SEATS: usize = 5;

/// Steps a search may take. Past it (never reached in the tests' games, where the longest
/// search took 72,316), a name is taken as possible: Foreman never refuses a true card.
const STEPS: u32 = 1_000_000;

/// One deck of the game since the first reshuffle with cards in secret hands.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Deck {
    /// Its cards not revealed face up: in the deck, or drawn in secret.
    pool: Pile<Blueprint>,
    /// How many cards each seat drew from it in secret.
    drawn: [u8; SEATS],
}

/// A card named as it left a secret hand.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Name {
    seat: u8,
    card: Blueprint,
    /// How many cards its seat had drawn in secret from each deck by then.
    drawn: SmallVec<[u8; 4]>,
}

impl Name {
    fn drawn(&self, d: usize) -> u8 {
        self.drawn.get(d).copied().unwrap_or(0)
    }
}

/// The history of the secret cards once the blueprint deck was reshuffled with cards in secret
/// hands (see the module's documentation).
#[derive(Debug, Clone, Eq)]
pub struct Secrets {
    /// The first holds the unseen cards at that reshuffle; the last is the present deck.
    decks: Vec<Deck>,
    /// In the order named.
    names: Vec<Name>,
    /// A deck for each name that makes the history hold (not part of the game: two equal
    /// histories may keep different ones).
    witness: Vec<u8>,
}

impl Secrets {
    /// `card`, told by `seat`, is a secret card again (a screen that may not know it): its
    /// name is taken back, or, told before the first reshuffle, it is one more card that
    /// seat drew from the first deck. Either way the history still holds.
    fn unname(&mut self, seat: usize, card: Blueprint) {
        let named = self
            .names
            .iter()
            .rposition(|n| usize::from(n.seat) == seat && n.card == card);
        match named {
            Some(i) => {
                self.names.remove(i);
                if i < self.witness.len() {
                    self.witness.remove(i);
                }
            }
            None => {
                if let Some(first) = self.decks.first_mut() {
                    first.pool.add(card);
                    first.drawn[seat] += 1;
                }
            }
        }
    }
}

impl PartialEq for Secrets {
    fn eq(&self, other: &Secrets) -> bool {
        self.decks == other.decks && self.names == other.names
    }
}

/// What the decks have left once the names are given decks: the cards not named, and each
/// seat's draws not named.
struct Left {
    pools: SmallVec<[Pile<Blueprint>; 4]>,
    spare: SmallVec<[[u8; SEATS]; 4]>,
}

impl Left {
    /// Gives `card` named by `seat` now the first deck with room, if one has.
    fn take(&mut self, seat: usize, card: Blueprint) -> Option<u8> {
        let d = (0..self.pools.len())
            .find(|&d| self.spare[d][seat] > 0 && self.pools[d].contains(card))?;
        self.spare[d][seat] -= 1;
        self.pools[d].remove(card);
        Some(d as u8)
    }
}

/// A condition on what the decks have left, besides the names.
type Leaf<'a> = &'a dyn Fn(&Left) -> bool;

/// One question to the history: the names so far and `extra` more (named now). The names now
/// are given decks first (each takes one of its seat's draws from that deck and a copy of its
/// card there), then the earlier names in the order named, each within the draws its seat had
/// made by then. A position that failed once is not searched again (`failed`: the position is
/// what the names given decks so far took from each deck, hashed).
struct Search<'a> {
    names: &'a [Name],
    witness: &'a [u8],
    extra: &'a [(usize, Blueprint)],
    pools: SmallVec<[Pile<Blueprint>; 4]>,
    used: SmallVec<[[u8; SEATS]; 4]>,
    /// Draws kept for the names now.
    kept: SmallVec<[[u8; SEATS]; 4]>,
    now: SmallVec<[[u8; SEATS]; 4]>,
    /// The deck given to each name: the names now, then the earlier ones.
    chosen: Vec<u8>,
    /// The position's hash (two independent sums of a value per unit taken).
    key: (u64, u64),
    failed: std::collections::HashSet<(u32, u64, u64)>,
    steps: u32,
}

/// A value for unit `i` of kind `kind` (SplitMix64's mix, so the hash never changes).
fn unit(kind: u64, i: usize) -> (u64, u64) {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let x = (kind << 32) ^ i as u64;
    (
        mix(x ^ 0x9e37_79b9_7f4a_7c15),
        mix(x.wrapping_mul(0xd1b5_4a32_d192_ed03) ^ 0x5851_f42d),
    )
}

impl<'a> Search<'a> {
    fn new(s: &'a Secrets, extra: &'a [(usize, Blueprint)]) -> Self {
        Search {
            names: &s.names,
            witness: &s.witness,
            extra,
            pools: s.decks.iter().map(|d| d.pool).collect(),
            used: s.decks.iter().map(|_| [0; SEATS]).collect(),
            kept: s.decks.iter().map(|_| [0; SEATS]).collect(),
            now: s.decks.iter().map(|d| d.drawn).collect(),
            chosen: vec![0; extra.len() + s.names.len()],
            key: (0, 0),
            failed: std::collections::HashSet::new(),
            steps: STEPS,
        }
    }

    /// Gives the `k`-th name deck `d`, if it has room; the search goes on from `k + 1`.
    fn take(&mut self, k: usize, d: usize, leaf: Leaf) -> bool {
        let now = k < self.extra.len();
        let (seat, card) = match self.extra.get(k) {
            Some(&(seat, card)) => (seat, card),
            None => {
                let n = &self.names[k - self.extra.len()];
                (usize::from(n.seat), n.card)
            }
        };
        let room = if now {
            self.now[d][seat] > self.used[d][seat] + self.kept[d][seat]
        } else {
            let before = self.names[k - self.extra.len()].drawn(d);
            before.min(self.now[d][seat] - self.kept[d][seat]) > self.used[d][seat]
        };
        if !room || !self.pools[d].remove(card) {
            return false;
        }
        let count = if now { &mut self.kept } else { &mut self.used };
        count[d][seat] += 1;
        let (a, b) = unit(1, d * 32 + card.index());
        let (c, e) = unit(if now { 2 } else { 3 }, d * SEATS + seat);
        let old = self.key;
        self.key = (
            old.0.wrapping_add(a).wrapping_add(c),
            old.1.wrapping_add(b).wrapping_add(e),
        );
        self.chosen[k] = d as u8;
        let ok = self.run(k + 1, leaf);
        self.key = old;
        let count = if now { &mut self.kept } else { &mut self.used };
        count[d][seat] -= 1;
        self.pools[d].add(card);
        ok
    }

    /// Whether the names from the `k`-th on can be given decks, then `leaf` holds.
    fn run(&mut self, k: usize, leaf: Leaf) -> bool {
        if k == self.chosen.len() {
            return leaf(&self.left());
        }
        if self.steps == 0 {
            return true;
        }
        self.steps -= 1;
        let at = (k as u32, self.key.0, self.key.1);
        if self.failed.contains(&at) {
            return false;
        }
        let first = k
            .checked_sub(self.extra.len())
            .and_then(|i| self.witness.get(i))
            .map(|&d| usize::from(d));
        if let Some(d) = first
            && d < self.pools.len()
            && self.take(k, d, leaf)
        {
            return true;
        }
        for d in (0..self.pools.len()).filter(|&d| Some(d) != first) {
            if self.take(k, d, leaf) {
                return true;
            }
        }
        self.failed.insert(at);
        false
    }

    fn left(&self) -> Left {
        Left {
            pools: self.pools.clone(),
            spare: (0..self.pools.len())
                .map(|d| {
                    let mut spare = [0; SEATS];
                    for (s, n) in spare.iter_mut().enumerate() {
                        *n = self.now[d][s] - self.used[d][s] - self.kept[d][s];
                    }
                    spare
                })
                .collect(),
        }
    }
}

impl Secrets {
    /// The history begun at a reshuffle: the old deck's unseen cards, all in secret hands, then
    /// the new deck (`discard`).
    fn begun(st: &State, discard: Pile<Blueprint>) -> Secrets {
        let mut drawn = [0; SEATS];
        for (h, p) in drawn.iter_mut().zip(&st.players) {
            *h = p.hidden;
        }
        Secrets {
            decks: vec![
                Deck {
                    pool: st.blueprint_deck,
                    drawn,
                },
                Deck {
                    pool: discard,
                    drawn: [0; SEATS],
                },
            ],
            names: Vec::new(),
            witness: Vec::new(),
        }
    }

    /// What the decks have left under the witness.
    fn left(&self) -> Left {
        let mut left = Left {
            pools: self.decks.iter().map(|d| d.pool).collect(),
            spare: self.decks.iter().map(|d| d.drawn).collect(),
        };
        for (n, &d) in self.names.iter().zip(&self.witness) {
            let d = usize::from(d);
            left.pools[d].remove(n.card);
            left.spare[d][usize::from(n.seat)] -= 1;
        }
        left
    }

    /// Whether `extra` can be named now and `leaf` then hold; with the decks every name was
    /// given (the earlier names, then `extra`).
    fn answer(&self, extra: &[(usize, Blueprint)], leaf: Leaf) -> Option<Vec<u8>> {
        // From the witness: each name now at the first deck with room.
        let mut left = self.left();
        let quick: Option<Vec<u8>> = extra.iter().map(|&(s, c)| left.take(s, c)).collect();
        if let Some(decks) = quick
            && leaf(&left)
        {
            let mut all = self.witness.clone();
            all.extend(decks);
            return Some(all);
        }
        if !self.matchable(extra) {
            return None;
        }
        let mut search = Search::new(self, extra);
        if !search.run(0, leaf) {
            return None;
        }
        let mut all = search.chosen.split_off(extra.len());
        all.extend(search.chosen);
        Some(all)
    }

    /// Two things every answer needs, each quick to tell (a matching of a few dozen names):
    /// the names of each card now named can be given decks that held that many copies, and
    /// the names of each seat now naming can be given draws of theirs from decks that held the
    /// cards, each draw made before its name.
    fn matchable(&self, extra: &[(usize, Blueprint)]) -> bool {
        let now = |seat: usize| -> SmallVec<[u8; 4]> {
            self.decks.iter().map(|d| d.drawn[seat]).collect()
        };
        let all: Vec<(usize, Blueprint, SmallVec<[u8; 4]>)> = self
            .names
            .iter()
            .map(|n| (usize::from(n.seat), n.card, n.drawn.clone()))
            .chain(extra.iter().map(|&(s, c)| (s, c, now(s))))
            .collect();
        let drew = |drawn: &SmallVec<[u8; 4]>, d: usize| drawn.get(d).copied().unwrap_or(0);
        let mut cards: SmallVec<[Blueprint; 4]> = extra.iter().map(|e| e.1).collect();
        cards.sort();
        cards.dedup();
        for card in cards {
            // Left: the names of `card`; right: each copy of it in each deck.
            let names: Vec<&SmallVec<[u8; 4]>> =
                all.iter().filter(|n| n.1 == card).map(|n| &n.2).collect();
            let slots: Vec<usize> = (0..self.decks.len())
                .flat_map(|d| std::iter::repeat_n(d, usize::from(self.decks[d].pool.count(card))))
                .collect();
            if !matching(names.len(), slots.len(), |i, j| {
                drew(names[i], slots[j]) > 0
            }) {
                return false;
            }
        }
        let mut seats: SmallVec<[usize; 4]> = extra.iter().map(|e| e.0).collect();
        seats.sort();
        seats.dedup();
        for seat in seats {
            // Left: the seat's names; right: each of its draws from each deck, in order.
            let names: Vec<&(usize, Blueprint, SmallVec<[u8; 4]>)> =
                all.iter().filter(|n| n.0 == seat).collect();
            let slots: Vec<(usize, u8)> = (0..self.decks.len())
                .flat_map(|d| (0..self.decks[d].drawn[seat]).map(move |j| (d, j)))
                .collect();
            let fits = |i: usize, j: usize| {
                let (d, k) = slots[j];
                k < drew(&names[i].2, d) && self.decks[d].pool.contains(names[i].1)
            };
            if !matching(names.len(), slots.len(), fits) {
                return false;
            }
        }
        true
    }

    /// How many decks and names the history holds (for tests and measures).
    pub fn size(&self) -> (usize, usize) {
        (self.decks.len(), self.names.len())
    }

    fn present(&mut self) -> &mut Deck {
        let last = self.decks.len() - 1;
        &mut self.decks[last]
    }
}

/// Whether each of `left` items can have a `right` item of its own, `fits` telling which
/// (Kuhn's augmenting paths).
fn matching(left: usize, right: usize, fits: impl Fn(usize, usize) -> bool) -> bool {
    if left > right {
        return false;
    }
    fn augment(
        i: usize,
        right: usize,
        fits: &dyn Fn(usize, usize) -> bool,
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for j in 0..right {
            if seen[j] || !fits(i, j) {
                continue;
            }
            seen[j] = true;
            if owner[j].is_none_or(|o| augment(o, right, fits, owner, seen)) {
                owner[j] = Some(i);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; right];
    (0..left).all(|i| {
        let mut seen = vec![false; right];
        augment(i, right, &fits, &mut owner, &mut seen)
    })
}

/// The cards of `pile` with none of `tools`.
fn others(pile: &Pile<Blueprint>, tools: &[Tool]) -> usize {
    pile.iter()
        .filter(|(c, _)| !tools.contains(&c.tool()))
        .map(|(_, n)| usize::from(n))
        .sum()
}

impl State {
    /// Whether `extra` can be named now and `leaf` then hold.
    fn possible(&self, extra: &[(usize, Blueprint)], leaf: Leaf) -> bool {
        match &self.secrets {
            Some(s) => s.answer(extra, leaf).is_some(),
            None => {
                // Without a reshuffle: one deck, the unseen cards, every hidden card from it.
                let mut left = Left {
                    pools: smallvec::smallvec![self.blueprint_deck],
                    spare: smallvec::smallvec![[0; SEATS]],
                };
                for (n, p) in left.spare[0].iter_mut().zip(&self.players) {
                    *n = p.hidden;
                }
                extra.iter().all(|&(s, c)| left.take(s, c).is_some()) && leaf(&left)
            }
        }
    }

    /// The history's size: decks and names (1 and 0 without a reshuffle).
    pub fn secret_history(&self) -> (usize, usize) {
        self.secrets.as_ref().map_or((1, 0), |s| s.size())
    }

    /// The blueprints the deck itself may hold now: every unseen card, but for those that must
    /// be in secret hands (drawn from a deck since reshuffled).
    pub fn deck_options(&self) -> Pile<Blueprint> {
        let Some(s) = &self.secrets else {
            return self.blueprint_deck;
        };
        let present = s.decks[s.decks.len() - 1].pool;
        let mut out = Pile::default();
        for (card, n) in present.iter() {
            if self.possible(&[], &|left: &Left| {
                left.pools[left.pools.len() - 1].contains(card)
            }) {
                for _ in 0..n {
                    out.add(card);
                }
            }
        }
        out
    }

    /// The blueprints the next card off the deck may be: the deck's, or, when it is used up,
    /// its discard pile's, which is shuffled into a new deck first (docs/rules.md, setup 4).
    pub fn next_reveal_options(&self) -> Pile<Blueprint> {
        if self.deck_size() == 0 {
            self.blueprint_discard
        } else {
            self.deck_options()
        }
    }

    /// The contractors the next card off their deck may be: the deck's, or, when it is used
    /// up, its discard pile's (docs/rules.md, setup 4).
    pub fn next_contractor_options(&self) -> Pile<super::cards::Contractor> {
        if self.contractor_deck.is_empty() {
            self.contractor_discard
        } else {
            self.contractor_deck
        }
    }

    /// `card` comes off the deck face up, if it can be in the deck.
    pub(crate) fn reveal_from_deck(&mut self, card: Blueprint) -> Result<(), RuleError> {
        if !self.blueprint_deck.contains(card) {
            return Err(self.not_in_deck(card));
        }
        if let Some(s) = &self.secrets {
            let leaf = |left: &Left| left.pools[left.pools.len() - 1].contains(card);
            let Some(witness) = s.answer(&[], &leaf) else {
                return Err(self.not_in_deck(card));
            };
            let s = Arc::make_mut(self.secrets.as_mut().expect("kept"));
            s.witness = witness;
            s.present().pool.remove(card);
        }
        self.blueprint_deck.remove(card);
        Ok(())
    }

    /// Why `card` cannot come off the deck: every copy is seen elsewhere, or the unseen ones
    /// are in secret hands, drawn from a deck since reshuffled.
    pub(crate) fn not_in_deck(&self, card: Blueprint) -> RuleError {
        if self.blueprint_deck.contains(card) {
            RuleError::InSecretHands(card)
        } else {
            RuleError::ImpossibleBlueprint {
                card,
                copies: card.info().copies,
            }
        }
    }

    /// Seat `p` draws a blueprint in secret from the deck (which has one).
    pub(crate) fn draw_secret(&mut self, p: usize) {
        self.players[p].hidden += 1;
        if let Some(s) = &mut self.secrets {
            Arc::make_mut(s).present().drawn[p] += 1;
        }
    }

    /// The used-up deck's discard pile becomes the new deck (docs/rules.md, setup 4). The cards in
    /// secret hands are from then on the old deck's unseen cards, and no other.
    pub(crate) fn reshuffle_blueprints(&mut self) {
        let discard = self.blueprint_discard;
        let secret = self.hidden_total() > 0;
        match &mut self.secrets {
            Some(s) => Arc::make_mut(s).decks.push(Deck {
                pool: discard,
                drawn: [0; SEATS],
            }),
            None if secret => {
                self.secrets = Some(Arc::new(Secrets::begun(self, discard)));
            }
            None => {}
        }
        let st = &mut *self;
        st.blueprint_deck.take_all(&mut st.blueprint_discard);
    }

    /// How many copies of each blueprint player `p` could give from hand: the seen copies,
    /// plus, while they hold hidden cards, the copies those could be (at most one per hidden
    /// card, and only cards of the decks they were drawn from).
    pub fn hand_options(&self, p: usize) -> Pile<Blueprint> {
        let Some(player) = self.players.get(p) else {
            return Pile::default();
        };
        let mut out = player.hand;
        if player.hidden == 0 {
            return out;
        }
        if self.secrets.is_none() {
            for (card, n) in self.blueprint_deck.iter() {
                for _ in 0..n.min(player.hidden) {
                    out.add(card);
                }
            }
            return out;
        }
        let mut named: Vec<(usize, Blueprint)> = Vec::new();
        for (card, n) in self.blueprint_deck.iter() {
            named.clear();
            for _ in 0..n.min(player.hidden) {
                named.push((p, card));
                if !self.possible(&named, &|_| true) {
                    break;
                }
                out.add(card);
            }
        }
        out
    }

    /// Whether player `p` could give all of `cards` from hand at once: the seen copies first,
    /// then hidden cards, each a card of the deck it was drawn from (docs/rules.md, hidden
    /// hands). The refusal names the first card that cannot be there, and why.
    pub fn can_give(&self, p: usize, cards: &[Blueprint]) -> Result<(), RuleError> {
        let Some(player) = self.players.get(p) else {
            return Err(RuleError::NoSuchPlayer(
                p.min(usize::from(u16::MAX - 1)) as u16 + 1,
            ));
        };
        let mut hand = player.hand;
        let mut named: SmallVec<[(usize, Blueprint); 4]> = SmallVec::new();
        for &card in cards {
            if hand.remove(card) {
                continue;
            }
            if named.len() == usize::from(player.hidden) {
                return Err(RuleError::NotInHand(card));
            }
            named.push((p, card));
        }
        if named.is_empty() || self.possible(&named, &|_| true) {
            return Ok(());
        }
        // The first name that cannot be, after those before it.
        let k = (1..=named.len())
            .find(|&k| !self.possible(&named[..k], &|_| true))
            .unwrap_or(named.len());
        let card = named[k - 1].1;
        let before = named[..k - 1].iter().filter(|&&(_, c)| c == card).count();
        Err(if before > 0 {
            RuleError::NamedTooOften {
                card,
                named: before as u8 + 1,
                most: before as u8,
            }
        } else if self.blueprint_deck.contains(card) {
            RuleError::NotDrawn(card)
        } else {
            RuleError::NotInPlay {
                card,
                copies: card.info().copies,
            }
        })
    }

    /// Takes `card` out of player `p`'s hand: a seen copy, else a hidden card named now. A
    /// copy the table saw goes before one told in private, so the table learns nothing new.
    pub(crate) fn take_from_hand(&mut self, p: usize, card: Blueprint) -> Result<(), RuleError> {
        if let Some(pl) = self.players.get_mut(p)
            && pl.hand.contains(card)
        {
            pl.hand.remove(card);
            if pl.told.count(card) > pl.hand.count(card) {
                pl.told.remove(card);
            }
            self.forget_if_nothing_secret();
            return Ok(());
        }
        self.name_hidden(p, card, false)
    }

    /// Nothing secret is left (no hidden card, none told in private that another screen
    /// counts as hidden): the unseen cards are the deck, as without a reshuffle.
    fn forget_if_nothing_secret(&mut self) {
        if self.hidden_total() == 0 && self.players.iter().all(|p| p.told.is_empty()) {
            self.secrets = None;
        }
    }

    /// Player `p` tells Foreman, from their own device, that one of their hidden cards is
    /// `card` (docs/rules.md, hidden hands): it is in their hand from now on, known to the
    /// engine, and told to nobody else ([`State::seen_by`]).
    pub(crate) fn tell(&mut self, p: usize, card: Blueprint) -> Result<(), RuleError> {
        let Some(player) = self.players.get(p) else {
            return Err(RuleError::NoSuchPlayer(
                p.min(usize::from(u16::MAX - 1)) as u16 + 1,
            ));
        };
        if player.hidden == 0 {
            return Err(RuleError::NothingToTell);
        }
        // The card must be one a secret card can be: the copies already in the hand (seen
        // or told) do not count for it.
        let mut probe = self.clone();
        probe.players[p].hand = Pile::default();
        probe.players[p].told = Pile::default();
        probe.can_give(p, &[card])?;
        self.name_hidden(p, card, true)?;
        self.players[p].hand.add(card);
        self.players[p].told.add(card);
        Ok(())
    }

    /// A hire's discard that a suggestion cannot name: with a hidden hand (docs/rules.md,
    /// hidden hands), a card not among the player's known cards stands for "a blueprint with
    /// this tool from your hand, if you have one" (the planner values every secret card
    /// alike, and does not know which the hand holds). The tool, or `None` for any other act.
    pub fn unseen_discard(&self, act: &super::action::Act) -> Option<Tool> {
        let super::action::Act::Hire { discard, .. } = act else {
            return None;
        };
        let p = &self.players[self.current_player()?];
        (p.hidden > 0 && p.hand.count(*discard) == 0).then(|| discard.tool())
    }

    /// A card player `p` told ([`State::tell`]) is one of their hidden cards again.
    pub(crate) fn untell(&mut self, p: usize, card: Blueprint) -> Result<(), RuleError> {
        let Some(player) = self.players.get_mut(p) else {
            return Err(RuleError::NoSuchPlayer(
                p.min(usize::from(u16::MAX - 1)) as u16 + 1,
            ));
        };
        if !player.told.remove(card) {
            return Err(RuleError::NotTold(card));
        }
        player.hand.remove(card);
        player.hidden += 1;
        self.blueprint_deck.add(card);
        if let Some(s) = &mut self.secrets {
            Arc::make_mut(s).unname(p, card);
        }
        Ok(())
    }

    /// The table as `seat` may see it (`None`: a screen everyone sees): every other player's
    /// told cards are hidden cards again, among the unseen ones. `None` when there is nothing
    /// to hide. For screens only: the result is a consistent position, never the game's.
    pub fn seen_by(&self, seat: Option<usize>) -> Option<State> {
        let hide =
            |q: usize, pl: &super::state::PlayerState| Some(q) != seat && !pl.told.is_empty();
        if !self.players.iter().enumerate().any(|(q, pl)| hide(q, pl)) {
            return None;
        }
        let mut st = self.clone();
        for q in 0..st.players.len() {
            if !hide(q, &st.players[q]) {
                continue;
            }
            let told = std::mem::take(&mut st.players[q].told);
            for (card, n) in told.iter() {
                for _ in 0..n {
                    st.players[q].hand.remove(card);
                    st.players[q].hidden += 1;
                    st.blueprint_deck.add(card);
                    if let Some(s) = &mut st.secrets {
                        Arc::make_mut(s).unname(q, card);
                    }
                }
            }
        }
        Some(st)
    }

    /// Names one of player `p`'s hidden cards as `card`, which leaves their hidden cards (the
    /// caller puts it where it goes). `telling`: told in private, so still a secret for every
    /// other screen, which keeps the history.
    fn name_hidden(&mut self, p: usize, card: Blueprint, telling: bool) -> Result<(), RuleError> {
        let witness = match &self.secrets {
            Some(s) if self.players.get(p).is_some_and(|pl| pl.hidden > 0) => {
                match s.answer(&[(p, card)], &|_| true) {
                    Some(w) => Some(w),
                    None => {
                        return Err(self
                            .can_give(p, &[card])
                            .err()
                            .unwrap_or(RuleError::NotDrawn(card)));
                    }
                }
            }
            _ => {
                self.can_give(p, &[card])?;
                None
            }
        };
        self.players[p].hidden -= 1;
        self.blueprint_deck.remove(card);
        let secret_left =
            self.hidden_total() > 0 || telling || self.players.iter().any(|pl| !pl.told.is_empty());
        if !secret_left {
            // Nothing secret is left: the unseen cards are the deck, as without a reshuffle.
            self.secrets = None;
        } else if let (Some(s), Some(witness)) = (&mut self.secrets, witness) {
            let s = Arc::make_mut(s);
            let drawn = s.decks.iter().map(|d| d.drawn[p]).collect();
            s.names.push(Name {
                seat: p as u8,
                card,
                drawn,
            });
            s.witness = witness;
        }
        Ok(())
    }

    /// `k` blueprints player `p` could give from their hidden cards at once (stand-ins for a
    /// discard the player names later), or fewer if they hold fewer.
    pub(crate) fn hidden_stand_ins(&self, p: usize, k: usize) -> Vec<Blueprint> {
        let Some(player) = self.players.get(p) else {
            return Vec::new();
        };
        let k = k.min(usize::from(player.hidden));
        let Some(s) = &self.secrets else {
            return self.blueprint_deck.last(k);
        };
        // The witness's spare draws of `p`, each with a card its deck has left.
        let mut left = s.left();
        let mut out = Vec::with_capacity(k);
        for d in 0..left.pools.len() {
            while out.len() < k && left.spare[d][p] > 0 {
                let Some(card) = left.pools[d].last(1).first().copied() else {
                    break;
                };
                left.pools[d].remove(card);
                left.spare[d][p] -= 1;
                out.push(card);
            }
        }
        out
    }

    /// Whether player `p`'s hand may hold no blueprint with any of `tools`: none seen, and
    /// the hidden cards could all be of other tools (then, at a real table, they may be unable
    /// to hire the contractors under those tokens).
    pub fn may_lack_tools(&self, p: usize, tools: &[Tool]) -> bool {
        let Some(player) = self.players.get(p) else {
            return true;
        };
        if others(&player.hand, tools) < player.hand.len() {
            return false;
        }
        player.hidden == 0
            || self.possible(&[], &|left: &Left| {
                (0..left.pools.len())
                    .all(|d| others(&left.pools[d], tools) >= usize::from(left.spare[d][p]))
            })
    }
}
