//! Which deck each secret blueprint came from (companion games with hidden hands;
//! docs/rules.md, hidden hands).
//!
//! A blueprint drawn in secret is one of the cards that were in the deck when it was drawn.
//! While the deck has never been reshuffled, that is any card nobody has seen
//! ([`State::blueprint_deck`]). When the deck runs out, its discard pile is shuffled into a new
//! deck (RULES.md, setup 4): the cards drawn in secret before are then exactly the unseen cards
//! of the old deck, known as a whole but not which hand holds which. Each deck is a
//! [`Generation`]: its unseen cards (its pool) and how many of them each seat holds.
//!
//! A card named from a hand comes from one of the generations that hand drew from. When it
//! could be either of two, both readings are kept, each a [`World`], until later names rule one
//! out. A name is accepted when some world allows it; a revealed card when some world still
//! has it in the present deck. Every world keeps, over its generations, the same unseen cards,
//! the same hidden count per seat and the same deck size, so those stay plain fields of the
//! state.
//!
//! Without a reshuffle (and always in a game with open hands) there is one world of one
//! generation, read off the state itself, and no [`Secrets`] is kept.

use super::cards::{Blueprint, Tool};
use super::error::RuleError;
use super::state::{Pile, State};
use smallvec::SmallVec;
use std::sync::Arc;

/// Seats at most.
const SEATS: usize = 5;

/// One deck of the game: the cards of it nobody has seen, and how many of those each seat
/// holds in secret. For every deck but the present one, the pool is exactly the cards in
/// hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Generation {
    pool: Pile<Blueprint>,
    hidden: [u8; SEATS],
}

impl Generation {
    fn key(&self) -> ([u8; 32], [u8; SEATS]) {
        (*self.pool.counts(), self.hidden)
    }
}

/// One reading of where the secret cards came from: the decks, oldest first, the present one
/// last.
#[derive(Debug, Clone, PartialEq, Eq)]
struct World {
    gens: SmallVec<[Generation; 2]>,
}

impl World {
    /// The one reading of a game never reshuffled: every hidden card from the unseen cards.
    fn implicit(st: &State) -> World {
        let mut hidden = [0; SEATS];
        for (h, p) in hidden.iter_mut().zip(&st.players) {
            *h = p.hidden;
        }
        World {
            gens: smallvec::smallvec![Generation {
                pool: st.blueprint_deck,
                hidden,
            }],
        }
    }

    fn present(&mut self) -> &mut Generation {
        let last = self.gens.len() - 1;
        &mut self.gens[last]
    }

    /// Whether seat `p` can name every one of `cards` from its hidden cards in this world.
    fn can_name(&mut self, p: usize, cards: &[Blueprint]) -> bool {
        let Some((&card, rest)) = cards.split_first() else {
            return true;
        };
        for g in 0..self.gens.len() {
            let deck = &mut self.gens[g];
            if deck.hidden[p] == 0 || !deck.pool.remove(card) {
                continue;
            }
            deck.hidden[p] -= 1;
            let ok = self.can_name(p, rest);
            let deck = &mut self.gens[g];
            deck.hidden[p] += 1;
            deck.pool.add(card);
            if ok {
                return true;
            }
        }
        false
    }

    /// The copies seat `p`'s hidden cards could be in this world, one per hidden card at most.
    fn options(&self, p: usize, out: &mut Pile<Blueprint>) {
        let mut here = Pile::default();
        for deck in &self.gens {
            let h = deck.hidden[p];
            if h == 0 {
                continue;
            }
            for (card, n) in deck.pool.iter() {
                for _ in 0..n.min(h) {
                    here.add(card);
                }
            }
        }
        for (card, n) in here.iter() {
            while out.count(card) < n {
                out.add(card);
            }
        }
    }

    /// Drops the old decks with no card left in any hand.
    fn prune(&mut self) {
        let last = self.gens.len() - 1;
        let mut i = 0;
        self.gens.retain(|g| {
            i += 1;
            i - 1 == last || !g.pool.is_empty()
        });
    }

    fn key(&self) -> Vec<([u8; 32], [u8; SEATS])> {
        self.gens.iter().map(Generation::key).collect()
    }
}

/// The readings of a game's secret cards once its blueprint deck has been reshuffled with
/// cards in secret hands (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Secrets {
    /// At least one; sorted, each once.
    worlds: Vec<World>,
}

impl Secrets {
    /// Sorted and each once; `None` when every world is down to the present deck alone (which
    /// is then the state's own unseen cards and hidden counts).
    fn settled(mut worlds: Vec<World>) -> Option<Secrets> {
        for w in &mut worlds {
            w.prune();
        }
        if worlds.iter().all(|w| w.gens.len() == 1) {
            return None;
        }
        worlds.sort_by_cached_key(World::key);
        worlds.dedup();
        Some(Secrets { worlds })
    }

    /// How many readings are kept (for tests and measures).
    pub fn worlds(&self) -> usize {
        self.worlds.len()
    }
}

impl State {
    /// The readings: the kept ones, or the state's own single one.
    fn worlds(&self) -> SmallVec<[World; 1]> {
        match &self.secrets {
            Some(s) => s.worlds.iter().cloned().collect(),
            None => smallvec::smallvec![World::implicit(self)],
        }
    }

    fn set_worlds(&mut self, worlds: Vec<World>) {
        self.secrets = Secrets::settled(worlds).map(Arc::new);
    }

    /// How many readings of the secret cards are kept (1 without a reshuffle).
    pub fn secret_readings(&self) -> usize {
        self.secrets.as_ref().map_or(1, |s| s.worlds())
    }

    /// The blueprints the deck itself may hold now: every unseen card, but for those that
    /// must be in secret hands (drawn from a deck since reshuffled).
    pub fn deck_options(&self) -> Pile<Blueprint> {
        let Some(s) = &self.secrets else {
            return self.blueprint_deck;
        };
        let mut out = Pile::default();
        for w in &s.worlds {
            let present = w.gens[w.gens.len() - 1].pool;
            for (card, n) in present.iter() {
                while out.count(card) < n {
                    out.add(card);
                }
            }
        }
        out
    }

    /// The blueprints the next card off the deck may be: the deck's, or, when it is used up,
    /// its discard pile's, which is shuffled into a new deck first (RULES.md, setup 4).
    pub fn next_reveal_options(&self) -> Pile<Blueprint> {
        if self.deck_size() == 0 {
            self.blueprint_discard
        } else {
            self.deck_options()
        }
    }

    /// `card` comes off the deck face up. The caller has checked it is in
    /// [`State::deck_options`]; the readings in which it cannot be are dropped.
    pub(crate) fn reveal_from_deck(&mut self, card: Blueprint) -> Result<(), RuleError> {
        if !self.deck_options().contains(card) {
            return Err(self.not_in_deck(card));
        }
        self.blueprint_deck.remove(card);
        if self.secrets.is_some() {
            let mut worlds: Vec<World> = self.worlds().into_vec();
            worlds.retain_mut(|w| w.present().pool.remove(card));
            self.set_worlds(worlds);
        }
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
            for w in &mut Arc::make_mut(s).worlds {
                w.present().hidden[p] += 1;
            }
        }
    }

    /// The used-up deck's discard pile becomes the new deck (RULES.md, setup 4). The cards in
    /// secret hands are from then on the old deck's unseen cards, and no other.
    pub(crate) fn reshuffle_blueprints(&mut self) {
        if self.hidden_total() > 0 || self.secrets.is_some() {
            let discard = self.blueprint_discard;
            let mut worlds: Vec<World> = self.worlds().into_vec();
            for w in &mut worlds {
                w.gens.push(Generation {
                    pool: discard,
                    hidden: [0; SEATS],
                });
            }
            self.set_worlds(worlds);
        }
        let st = &mut *self;
        st.blueprint_deck.take_all(&mut st.blueprint_discard);
    }

    /// How many copies of each blueprint player `p` could give from hand: the seen copies,
    /// plus, while they hold hidden cards, the copies those could be (at most one per hidden
    /// card, and only cards of the decks they were drawn from).
    pub fn hand_options(&self, p: usize) -> crate::engine::state::Pile<Blueprint> {
        let Some(player) = self.players.get(p) else {
            return Pile::default();
        };
        if player.hidden == 0 {
            return player.hand;
        }
        let mut hidden = Pile::default();
        for w in &self.worlds() {
            w.options(p, &mut hidden);
        }
        let mut out = player.hand;
        for (card, n) in hidden.iter() {
            for _ in 0..n.min(player.hidden) {
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
        let mut named: SmallVec<[Blueprint; 4]> = SmallVec::new();
        for &card in cards {
            if hand.remove(card) {
                continue;
            }
            if named.len() == usize::from(player.hidden) {
                return Err(RuleError::NotInHand(card));
            }
            named.push(card);
        }
        if named.is_empty() {
            return Ok(());
        }
        let mut worlds = self.worlds();
        if worlds.iter_mut().any(|w| w.can_name(p, &named)) {
            return Ok(());
        }
        // The first name that no reading allows, after those before it.
        let k = (1..=named.len())
            .find(|&k| !worlds.iter_mut().any(|w| w.can_name(p, &named[..k])))
            .unwrap_or(named.len());
        let card = named[k - 1];
        let before = named[..k - 1].iter().filter(|&&c| c == card).count();
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

    /// Takes `card` out of player `p`'s hand: a seen copy, else a hidden card named now.
    pub(crate) fn take_from_hand(&mut self, p: usize, card: Blueprint) -> Result<(), RuleError> {
        self.can_give(p, &[card])?;
        if self.players[p].hand.remove(card) {
            return Ok(());
        }
        self.players[p].hidden -= 1;
        self.blueprint_deck.remove(card);
        if self.secrets.is_some() {
            let mut worlds = Vec::new();
            for w in self.worlds() {
                for g in 0..w.gens.len() {
                    let deck = w.gens[g];
                    if deck.hidden[p] > 0 && deck.pool.contains(card) {
                        let mut named = w.clone();
                        named.gens[g].hidden[p] -= 1;
                        named.gens[g].pool.remove(card);
                        worlds.push(named);
                    }
                }
            }
            self.set_worlds(worlds);
        }
        Ok(())
    }

    /// `k` blueprints player `p` could give from their hidden cards at once (stand-ins for a
    /// discard the player names later), or fewer if they hold fewer.
    pub(crate) fn hidden_stand_ins(&self, p: usize, k: usize) -> Vec<Blueprint> {
        let mut out = Vec::with_capacity(k);
        let Some(w) = self.worlds().into_iter().next() else {
            return out;
        };
        for deck in &w.gens {
            let take = usize::from(deck.hidden.get(p).copied().unwrap_or(0)).min(k - out.len());
            out.extend(deck.pool.last(take));
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
        let others = |pile: &Pile<Blueprint>| {
            pile.iter()
                .filter(|(c, _)| !tools.contains(&c.tool()))
                .map(|(_, n)| usize::from(n))
                .sum::<usize>()
        };
        if others(&player.hand) < player.hand.len() {
            return false;
        }
        player.hidden == 0
            || self.worlds().iter().any(|w| {
                w.gens
                    .iter()
                    .all(|deck| others(&deck.pool) >= usize::from(deck.hidden[p]))
            })
    }
}
