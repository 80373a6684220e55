//! The search's bound: a value that no play of the rest of a work phase can beat, so that a
//! move whose bound is no better than a plan already found is not searched (branch and bound).
//!
//! It is sound by construction: everything still possible is counted as if it all happened
//! at once, at its best, for free, within the limits the rules set.
//! - Every card not yet activated this round (in the compound, in hand to be built first, or
//!   one market card through the Replicator) gives the most its activation can give: its
//!   goods, plus the objective's value of its best resources or draws less the resources it
//!   costs (a card that costs more than it gives counts nothing); the blueprints it discards
//!   are not counted.
//! - A card whose dice cannot be found is left out: only training cards change a die's value
//!   (the Gymnasium +1, the Fitness Center −1 and the Dojo 7 − value, one die each, once; the
//!   Temp Agency any), so with the free dice's values, each free die at any value the unused
//!   training cards can bring it to (at most one die changed per card), and every die still to
//!   come at the value the card needs, its pattern (a 6, a pair, a run, 14 or more) must be
//!   possible.
//! - Dice are shared: each card needs at least so many dice, each die goes to one card or to
//!   a free slot of the headquarters (3 a section; a slot gives at most its section's reward
//!   for one die and the matching bonus, the three of an empty section counted alike). The
//!   dice still free, plus every extra die that could still come (Golem, Robot, Mega Factory,
//!   the Specialist), are given out by the fractional knapsack: the best value per die first.
//! - Builds (docs/rules.md, Build): each takes a second blueprint of the same tool as its discard,
//!   so at most half of each tool's known blueprints, never a second card of a name already
//!   built (but Beacons and Obelisks); a blueprint in hand is counted as a card to activate
//!   only when it can be built. Each build is worth its prestige (a Beacon at its most, 5),
//!   plus its engine worth this round (`engine_of`: the faded `engine` weight and its
//!   `usage` over the rounds left) for a card that is not a Monument, less its least
//!   cost and the two blueprints' place in hand (those past the 10th cost nothing); the best
//!   first, as many as add; plus once the Scrap Yard's and Solar Array's gifts.
//! - The Laboratory's draw, once.
//! - Near the limit of 12 resources (8 or more held), a second count leaves resources out
//!   (gained and paid) and values those kept at the end at 12 metal at most, as the limit
//!   discards the rest; the bound is the lesser of the two.
//! - In the last round only points count, and they are whole: the bound is its whole part.
//!
//! Paying resources is counted as their loss: the resources kept at the end are those gained
//! less those paid, and the end-of-phase limit of 12 only lowers them further. Other losses
//! (blueprints discarded by cards, the Golem's and Robot's costs) are left out, and each
//! leaving-out only raises the bound. The test `branch_and_bound_loses_nothing` checks the
//! bound against the value of every position the search without pruning reaches.

use super::Weights;
use crate::engine::Blueprint;
use crate::engine::state::{PlayerState, State};
use smallvec::SmallVec;

/// What activating `card` can give at most: (goods, the change of resources and draws in the
/// objective's units per means count, dice it needs at least, extra dice it brings). Resources
/// it costs are counted (the end-of-phase limit of 12 only ever lowers what is kept, so paying
/// never gains); blueprints it discards are not (past 10 in hand they cost nothing).
fn activation(card: Blueprint, w: &Weights) -> (f64, f64, u32, u32) {
    use Blueprint as B;
    let (m, e, h) = (w.metal, w.energy, w.hand);
    match card {
        // 5 energy → 2 goods + 1 metal.
        B::AluminumFactory => (2.0, m - 5.0 * e, 2, 0),
        B::AssemblyLine => (2.0, 0.0, 3, 0),
        // 4 energy → 1 good.
        B::BatteryFactory => (1.0, -4.0 * e, 0, 0),
        // 1 energy → 1 good.
        B::Biolab => (1.0, -e, 1, 0),
        B::BlackMarket => (0.0, 4.0 * m.max(e), 1, 0),
        // X metal (X ≥ 1) → 2 goods.
        B::ConcretePlant => (2.0, -m, 2, 0),
        // X energy → X metal, X ≤ 6.
        B::Foundry => (0.0, 6.0 * (m - e).max(0.0), 1, 0),
        // 2 energy → 1 good + 1 metal.
        B::FulfillmentCenter => (1.0, m - 2.0 * e, 1, 0),
        B::Golem | B::Robot => (0.0, 0.0, 0, 1),
        B::Harvester => (0.0, (4.0 * m).max(7.0 * e), 2, 0),
        // 1 metal → 6 energy.
        B::Incinerator => (0.0, 6.0 * e - m, 0, 0),
        B::Manufactory => (1.0, (2.0 * m).max(3.0 * e).max(2.0 * h), 2, 0),
        B::MegaFactory => (2.0, 0.0, 3, 1),
        B::Motherlode => (0.0, 2.0 * m, 1, 0),
        B::NuclearPlant => (1.0, e, 1, 0),
        B::PowerPlant => (0.0, 6.0 * e, 1, 0),
        // 2 energy → 1 good + 1 blueprint.
        B::RecyclingPlant => (1.0, h - 2.0 * e, 0, 0),
        // 3 energy → 3 metal.
        B::Refinery => (0.0, 3.0 * (m - e), 0, 0),
        B::TrashCompactor => (2.0, 0.0, 2, 0),
        B::Warehouse => (2.0, 2.0 * e, 3, 0),
        // Training cards change dice (the bound already ignores the dice's values); passive
        // cards and Monuments have no activation; the Replicator is counted by what it copies.
        B::Dojo
        | B::FitnessCenter
        | B::Gymnasium
        | B::TempAgency
        | B::Laboratory
        | B::ScrapYard
        | B::SolarArray
        | B::Beacon
        | B::Megalith
        | B::Obelisk
        | B::Replicator => (0.0, 0.0, 0, 0),
    }
}

/// The most a build of `card` in `round` can add to the objective: its prestige (a Beacon at
/// its most, 5), its engine worth ([`super::engine_of`]), less its least cost (a Megalith's
/// metal can fall to 0).
fn build_gain(card: Blueprint, w: &Weights, round: u32, means: f64) -> f64 {
    let info = card.info();
    let prestige = match card {
        Blueprint::Beacon => 5.0,
        _ => f64::from(info.prestige),
    };
    let engine = super::engine_of(card, round, w);
    let metal = if card == Blueprint::Megalith {
        0.0
    } else {
        f64::from(info.metal)
    };
    prestige + means * (engine - w.metal * metal - w.energy * f64::from(info.energy))
}

/// What activations, the headquarters and builds can add at most, by card (by
/// [`Blueprint::index`]): one table counting everything, and one leaving resources out (for
/// a player near the limit of 12, whose resources are then counted at the limit's worth).
struct CardParts {
    /// Each card's activation at most: its goods and the means' share of what else it gives.
    value: [f64; 32],
    /// The cards with a value, needing no die.
    free: u32,
    /// The cards with a value that need dice, the best value per die first (ties: the
    /// catalogue's order).
    by_die: SmallVec<[u8; 32]>,
    /// The Replicator's best copy of a market card.
    copy: f64,
    /// A die in each headquarters section (Research, Mine, Generate) at most: the first in
    /// an empty section, and any other.
    hq_slot: [(f64, f64); 3],
    /// Each card's build gain at most (at least 0), and the cards the best first.
    build: [f64; 32],
    by_build: SmallVec<[u8; 32]>,
    /// The same, less the card's own bonus in hand (`super::card_bonus`), which a build takes
    /// out of a hand of at most 10 (all of which count).
    build_in_hand: [f64; 32],
    by_build_in_hand: SmallVec<[u8; 32]>,
    scrap_yard: f64,
    solar_array: f64,
}

impl CardParts {
    /// `resources`: whether metal and energy count (gained and paid).
    fn new(state: &State, w: &Weights, means: f64, resources: bool) -> CardParts {
        let mut value = [0.0; 32];
        let mut build = [0.0; 32];
        let mut free = 0u32;
        let r = if resources { 1.0 } else { 0.0 };
        // A card built now works the rounds left: its engine worth is the objective's in this
        // round (ending the phase never moves the round back).
        let round = state.round;
        let worth = |card: Blueprint| {
            let (goods, more, _, _) = activation(card, w);
            goods
                + means
                    * if resources {
                        more
                    } else {
                        w.hand * draws(card)
                    }
        };
        for &card in Blueprint::ALL {
            let i = card.index();
            value[i] = worth(card);
            build[i] = if resources {
                build_gain(card, w, round, means)
            } else {
                let free = Weights {
                    metal: 0.0,
                    energy: 0.0,
                    ..*w
                };
                build_gain(card, &free, round, means)
            }
            .max(0.0);
            free |= u32::from(value[i] > 0.0 && activation(card, w).2 == 0) << i;
        }
        let need = |i: usize| activation(Blueprint::ALL[i], w).2;
        let mut by_die: SmallVec<[u8; 32]> = (0..Blueprint::ALL.len())
            .filter(|&i| value[i] > 0.0 && need(i) > 0)
            .map(|i| i as u8)
            .collect();
        let per_die = |i: &u8| value[usize::from(*i)] / f64::from(need(usize::from(*i)));
        by_die.sort_by(|a, b| per_die(b).total_cmp(&per_die(a)));
        let best_first = |build: &[f64; 32]| {
            let mut by: SmallVec<[u8; 32]> =
                Blueprint::ALL.iter().map(|c| c.index() as u8).collect();
            by.sort_by(|a, b| build[usize::from(*b)].total_cmp(&build[usize::from(*a)]));
            by
        };
        let by_build = best_first(&build);
        // The hand counts at the means' share, or less when the plan ends the game
        // (`super::means_kept`): the bonus lost is at least that much.
        let kept = means.min(w.penultimate);
        let mut build_in_hand = build;
        for &card in Blueprint::ALL {
            let i = card.index();
            build_in_hand[i] = (build[i] - kept * super::card_bonus(card, w)).max(0.0);
        }
        let by_build_in_hand = best_first(&build_in_hand);
        // The Replicator's own energy.
        let copy = state
            .market
            .blueprints
            .iter()
            .flatten()
            .map(|&c| worth(c) - r * means * w.energy)
            .fold(0.0f64, f64::max);
        CardParts {
            value,
            free,
            by_die,
            copy,
            hq_slot: [
                (means * w.hand, means * 2.0 * w.hand),
                (r * means * w.metal, r * means * 2.0 * w.metal),
                (r * means * 3.0 * w.energy, r * means * 4.0 * w.energy),
            ],
            build,
            by_build,
            build_in_hand,
            by_build_in_hand,
            scrap_yard: r * means * w.metal,
            solar_array: r * means * 2.0 * w.energy,
        }
    }
}

/// The blueprints an activation can draw at most (Manufactory 2, Recycling Plant 1).
fn draws(card: Blueprint) -> f64 {
    match card {
        Blueprint::Manufactory => 2.0,
        Blueprint::RecyclingPlant => 1.0,
        _ => 0.0,
    }
}

/// The bound's parts that stay the same for a whole search (one player's work phase: the
/// weights, the means' share and the market do not change), worked out once.
pub(super) struct Bound {
    seat: usize,
    all: CardParts,
    /// Resources left out: `None` when only points count.
    no_resources: Option<CardParts>,
    /// The dice each card needs, and its pattern.
    need: [u32; 32],
    pattern: [Option<crate::engine::apply::Pattern>; 32],
    /// The cards whose pattern may not fit (not every die does), and by card the slot of its
    /// pattern (alike patterns share one) in a bit set of those tried.
    patterned: u32,
    pattern_slot: [u8; 32],
    /// The cards of two equal dice.
    pair_cards: u32,
    /// The cards that bring an extra die (Golem, Robot, Mega Factory).
    extra: u32,
    /// The Replicator's copy of a market card: the fewest dice, an extra die.
    copy_need: u32,
    copy_extra: u32,
    /// A training card (one die each) and the Temp Agency in the market, for the Replicator.
    market_training: bool,
    market_reroll: bool,
    /// The cards of each tool (bits by [`Blueprint::index`]), and those that may be built
    /// beside a copy already built (Beacon, Obelisk).
    tools: [u32; 4],
    several: u32,
    /// Only points count (the last round): every end of the phase is worth a whole number.
    points_only: bool,
    /// A blueprint in hand (one of the first 10) at the least it is worth: what a build's
    /// two blueprints cost at least.
    card_in_hand: f64,
    /// A blueprint in hand that can no longer be built, at the least it is worth (a build's
    /// discard may be one).
    card_dead: f64,
    /// A blueprint drawn at the most it is worth, as the Laboratory's draw is counted.
    card_drawn: f64,
    means: f64,
    weights: Weights,
}

impl Bound {
    pub(super) fn new(state: &State, seat: usize, w: &Weights, means: f64) -> Bound {
        let mut need = [0; 32];
        let mut pattern = [None; 32];
        let mut extra = 0u32;
        let mut tools = [0u32; 4];
        for &card in Blueprint::ALL {
            let i = card.index();
            let (_, _, n, x) = activation(card, w);
            need[i] = n;
            pattern[i] = crate::engine::apply::dice_pattern(card);
            extra |= u32::from(x > 0) << i;
            if let Some(t) = crate::engine::Tool::ALL
                .iter()
                .position(|&t| t == card.tool())
            {
                tools[t] |= 1 << i;
            }
        }
        let market = || state.market.blueprints.iter().flatten().copied();
        let copy_need = market()
            .map(|c| activation(c, w).2)
            .min()
            .unwrap_or(u32::MAX);
        let copy_extra = market().map(|c| activation(c, w).3).max().unwrap_or(0);
        // A blueprint drawn is worth at most the expectation over the cards still unseen
        // (`super::secret_card`), which only falls as cards are built; a deck that may run
        // out in this phase is refilled from the discard pile, and then any card may come.
        let drawn = match state.players.get(seat) {
            Some(p) if state.deck_size() > 20 => super::secret_card(state, p, w),
            _ => {
                w.hand
                    + Blueprint::ALL
                        .iter()
                        .map(|&c| super::card_bonus(c, w))
                        .fold(0.0, f64::max)
            }
        };
        let draw = Weights { hand: drawn, ..*w };
        let mut patterned = 0u32;
        let mut pair_cards = 0u32;
        let mut pattern_slot = [0u8; 32];
        for (i, pat) in pattern.iter().enumerate() {
            use crate::engine::apply::Pattern as P;
            let slot = match pat {
                None | Some(P::Any | P::Targets(_)) => continue,
                Some(P::Exactly(v)) => usize::from(*v).min(6),
                Some(P::Equal(n)) => {
                    pair_cards |= u32::from(*n == 2) << i;
                    6 + (*n).min(3)
                }
                Some(P::Run3) => 10,
                Some(P::Sum14) => 11,
            };
            patterned |= 1 << i;
            pattern_slot[i] = slot as u8;
        }
        Bound {
            seat,
            patterned,
            pattern_slot,
            pair_cards,
            all: CardParts::new(state, &draw, means, true),
            no_resources: (means > 0.0).then(|| CardParts::new(state, &draw, means, false)),
            need,
            pattern,
            extra,
            copy_need,
            copy_extra,
            market_training: market().any(changes_one),
            market_reroll: market().any(|c| c == Blueprint::TempAgency),
            tools,
            several: super::SEVERAL,
            points_only: means == 0.0,
            card_in_hand: means * w.hand,
            card_dead: means * w.hand * w.dead.min(1.0),
            card_drawn: means * drawn,
            means,
            weights: *w,
        }
    }

    /// An upper bound on the objective at the end of the work phase from `state`, for
    /// `worth_now`, the objective now (see the module's documentation).
    pub(super) fn of(&self, state: &State, worth_now: f64) -> f64 {
        self.with_wild(state, worth_now, 0)
    }

    /// [`Bound::of`] with the free dice in `wild` (bits by place in the player's dice) at any
    /// value, as dice still to come are: a bound on every face those dice may show (the
    /// bound looks at a die's value only to find a card's pattern, which a die at any value
    /// fits whenever one at some value does).
    pub(super) fn with_wild(&self, state: &State, worth_now: f64, wild: u32) -> f64 {
        let p: &PlayerState = &state.players[self.seat];
        let bit = |c: Blueprint| 1u32 << c.index();
        let mut counts = [0u32; 7];
        let mut rolled = 0u32;
        for (i, d) in p.dice.as_slice().iter().enumerate() {
            if d.placed.is_some() {
                continue;
            }
            if wild >> i & 1 == 1 {
                rolled += 1;
            } else {
                counts[usize::from(d.value).min(6)] += 1;
            }
        }
        let free = counts.iter().sum::<u32>();
        let mut dice = free + rolled + u32::from(p.specialist_due);
        // Builds (docs/rules.md, work phase, Build): each takes a blueprint from hand and another
        // of the same tool as its discard, so at most half of each tool's known blueprints;
        // never a second card of a name in the compound (but Beacons and Obelisks).
        let counts_in_hand = p.hand.counts();
        let mut budget = [0usize; 4];
        let mut buildable = 0u32;
        let new_names = p.hand.present() & !(p.compound.present() & !self.several);
        for (t, &mask) in self.tools.iter().enumerate() {
            let mut left = p.hand.present() & mask;
            while left != 0 {
                budget[t] += usize::from(counts_in_hand[left.trailing_zeros() as usize]);
                left &= left - 1;
            }
            budget[t] /= 2;
            if budget[t] > 0 {
                buildable |= new_names & mask;
            }
        }
        // The cards still to activate this round, each name once (in the compound, or in hand
        // to be built first).
        let owned = p.compound.present() | buildable;
        let cards = owned & !(p.activated as u32);
        // Only training cards change a die's value: the Dojo, the Fitness Center and the
        // Gymnasium one die each, the Temp Agency any of them (the Replicator copies at most
        // one from the market). A card whose dice cannot be found among the free dice, with
        // every die still to come and every die a training card could still change taken at
        // the value it needs, gives nothing.
        let replicator = cards & bit(Blueprint::Replicator) != 0;
        let copied = u32::from(replicator && self.market_training);
        let rerolls = (replicator && self.market_reroll) || cards & bit(Blueprint::TempAgency) != 0;
        // The training cards still to use (bits: Gymnasium, Fitness Center, Dojo).
        let trainings = usize::from(cards & bit(Blueprint::Gymnasium) != 0)
            | usize::from(cards & bit(Blueprint::FitnessCenter) != 0) << 1
            | usize::from(cards & bit(Blueprint::Dojo) != 0) << 2;
        dice += (cards & self.extra).count_ones();
        // Dice still to come: everything counted in `dice` beyond the free ones, and one more
        // the Replicator may bring, each of any value.
        let wild = dice - free + u32::from(replicator) + copied;
        let free_dice = Free {
            counts,
            reach: REACH[trainings],
            trainings: trainings.count_ones(),
            wild,
        };
        let mut found = cards;
        if !rerolls {
            // Each pattern tried once (five cards want a pair).
            let (mut tried, mut fitting) = (0u16, 0u16);
            let mut left = cards & self.patterned;
            while left != 0 {
                let i = left.trailing_zeros() as usize;
                left &= left - 1;
                let (Some(pat), k) = (self.pattern[i], self.pattern_slot[i]) else {
                    continue;
                };
                if tried >> k & 1 == 0 {
                    tried |= 1 << k;
                    fitting |= u16::from(free_dice.fits(pat)) << k;
                }
                if fitting >> k & 1 == 0 {
                    found &= !(1 << i);
                }
            }
        }
        if replicator {
            dice += self.copy_extra;
        }
        // Each pair of the free dice makes one card of two equal dice (docs/cards.md, dice
        // notation: X=X), and each training card or die still to come at most one more.
        let pairs = if rerolls {
            u32::MAX
        } else {
            counts.iter().map(|n| n / 2).sum::<u32>() + free_dice.trainings + free_dice.wild
        };
        let ctx = Ctx {
            p,
            found,
            pairs,
            dice,
            replicator,
            owned,
            buildable,
            budget,
        };
        let mut total = worth_now + self.fill(&self.all, &ctx);
        // Near the limit of 12, resources gained are mostly lost: the resources kept at the
        // end are worth at most 12 of the better one, whatever was gained or paid.
        if let Some(table) = &self.no_resources
            && p.metal + p.energy >= 8
        {
            let w = &self.weights;
            let means = super::means_kept(state, w, self.means);
            let resources = means * (w.metal * f64::from(p.metal) + w.energy * f64::from(p.energy));
            let limit = self.means * 12.0 * w.metal.max(w.energy);
            total = total.min(worth_now - resources + limit + self.fill(table, &ctx));
        }
        if owned & bit(Blueprint::Laboratory) != 0 && !p.fired.laboratory {
            total += self.card_drawn;
        }
        // Points are whole: no end of the phase is worth more than the whole part of the
        // bound, nor is any mean over them.
        if self.points_only {
            total = (total + 1e-9).floor();
        }
        total
    }

    /// What `table` counts the activations, the headquarters and the builds still possible
    /// to add at most.
    fn fill(&self, table: &CardParts, c: &Ctx) -> f64 {
        let bit = |card: Blueprint| 1u32 << card.index();
        let mut total = 0.0;
        // Dice-free activations count whole.
        let mut left = c.found & table.free;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            total += table.value[i];
        }
        // The Replicator copies one market card: the best value for the fewest dice, at once.
        let mut copy = None;
        if c.replicator && table.copy > 0.0 {
            if self.copy_need == 0 {
                total += table.copy;
            } else {
                copy = Some((table.copy, self.copy_need.min(3)));
            }
        }
        // The rest share the dice with the headquarters' free slots, given out by the
        // fractional knapsack: the best value per die first. A slot gives at most its
        // section's reward for one die plus the matching bonus (cards.md, Headquarters): a
        // blueprint (2 with the bonus), a metal (2), energy up to 3 (4); the first die in an
        // empty section has no bonus.
        // In an empty section the three slots are counted alike, at a third of the three
        // dice's reward: no die is counted less, and no number of them more, than it can
        // give.
        // A section's free slots are alike: the sections are put in order (three of them),
        // then their slots laid out, the best first.
        let mut sections = [(0.0f64, 0usize); 3];
        for (s, section) in c.p.hq.iter().enumerate() {
            let (first, later) = table.hq_slot[s];
            let placed = section.len();
            let each = if placed == 0 {
                (first + 2.0 * later) / 3.0
            } else {
                later
            };
            sections[s] = (each, 3usize.saturating_sub(placed));
        }
        sections.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
        let mut slots = [0.0f64; 9];
        let mut n_slots = 0;
        for (each, free) in sections {
            for _ in 0..free {
                slots[n_slots] = each;
                n_slots += 1;
            }
        }
        let slots = &slots[..n_slots];
        let mut next_slot = 0;
        let mut left = f64::from(c.dice);
        let mut give = |value: f64, need: u32, left: &mut f64| -> bool {
            let per_die = value / f64::from(need);
            while *left > 0.0 && next_slot < slots.len() && slots[next_slot] >= per_die {
                total += slots[next_slot];
                *left -= 1.0;
                next_slot += 1;
            }
            if *left <= 0.0 || per_die <= 0.0 {
                return false;
            }
            let used = left.min(f64::from(need));
            total += per_die * used;
            *left -= used;
            true
        };
        let mut pairs_left = c.pairs;
        for &i in &table.by_die {
            let i = usize::from(i);
            if c.found >> i & 1 == 0 {
                continue;
            }
            // The Replicator's copy, in its place by value per die.
            if let Some((v, n)) = copy
                && v / f64::from(n) > table.value[i] / f64::from(self.need[i])
            {
                copy = None;
                if !give(v, n, &mut left) {
                    break;
                }
            }
            if self.pair_cards >> i & 1 == 1 {
                if pairs_left == 0 {
                    continue;
                }
                pairs_left -= 1;
            }
            if !give(table.value[i], self.need[i], &mut left) {
                break;
            }
        }
        if let Some((v, n)) = copy {
            give(v, n, &mut left);
        }
        // The dice left go to the slots left.
        give(0.0, 1, &mut left);
        // Builds: the best first, as many of each tool as its budget allows. Each takes two
        // blueprints from the hand: the hand's worth (its first 10 cards) falls by them, but
        // for cards past the 10th (blueprints drawn are counted as if all kept).
        let mut builds: usize = c.budget.iter().sum();
        if builds > 0 {
            let mut budget = c.budget;
            let mut past_ten = c.p.hand_size().saturating_sub(10);
            let mut gained = 0.0f64;
            let mut best = 0.0f64;
            let counts_in_hand = c.p.hand.counts();
            // In a hand of at most 10, the card built takes its whole worth there with it (the
            // cards drawn later are counted whole, so the end's 10 best are worth no more).
            let (gains, by_build) = if c.p.hand_size() <= 10 {
                (&table.build_in_hand, &table.by_build_in_hand)
            } else {
                (&table.build, &table.by_build)
            };
            'builds: for &i in by_build {
                let i = usize::from(i);
                if c.buildable >> i & 1 == 0 {
                    continue;
                }
                let Some(t) = self.tools.iter().position(|m| m >> i & 1 == 1) else {
                    continue;
                };
                let copies = if self.several >> i & 1 == 1 {
                    usize::from(counts_in_hand[i])
                } else {
                    1
                };
                for _ in 0..copies.min(budget[t]) {
                    let free = past_ten.min(2);
                    past_ten -= free;
                    // The card built can still be built, so it counts whole in hand; its
                    // discard may be one that cannot. Past 10 cards, each leaving is worth at
                    // least a card that cannot.
                    let cost = match free {
                        0 => self.card_in_hand + self.card_dead,
                        1 => self.card_dead,
                        _ => 0.0,
                    };
                    gained += gains[i] - cost;
                    best = best.max(gained);
                    budget[t] -= 1;
                    builds -= 1;
                    if builds == 0 {
                        break 'builds;
                    }
                }
            }
            total += best;
            if c.owned & bit(Blueprint::ScrapYard) != 0 && !c.p.fired.scrap_yard {
                total += table.scrap_yard;
            }
            if c.owned & bit(Blueprint::SolarArray) != 0 && !c.p.fired.solar_array {
                total += table.solar_array;
            }
        }
        total
    }
}

/// What [`Bound::fill`] needs of a position.
struct Ctx<'a> {
    p: &'a PlayerState,
    /// The cards still to activate whose dice can be found.
    found: u32,
    /// The dice free and still to come.
    dice: u32,
    /// How many cards of two equal dice can be activated at most.
    pairs: u32,
    replicator: bool,
    owned: u32,
    buildable: u32,
    /// The builds each tool allows.
    budget: [usize; 4],
}

/// The training cards that change one die each.
fn changes_one(c: Blueprint) -> bool {
    matches!(
        c,
        Blueprint::Dojo | Blueprint::FitnessCenter | Blueprint::Gymnasium
    )
}

/// The values one die showing `v` can be brought to by the training cards in `mask` (bits:
/// Gymnasium +1 not on a 6, Fitness Center −1 not on a 1, Dojo 7 − v), each used at most
/// once, in any order: a bit per value.
const fn reach(mask: usize, v: usize) -> u8 {
    let mut out = 1u8 << v;
    let mut card = 0;
    while card < 3 {
        if mask & (1 << card) != 0 {
            let next = match card {
                0 if v < 6 => v + 1,
                1 if v > 1 => v - 1,
                2 => 7 - v,
                _ => 0,
            };
            if next != 0 {
                out |= reach(mask & !(1 << card), next);
            }
        }
        card += 1;
    }
    out
}

/// [`reach`] for every set of training cards and every value.
const REACH: [[u8; 7]; 8] = {
    let mut t = [[0u8; 7]; 8];
    let mut mask = 0;
    while mask < 8 {
        let mut v = 1;
        while v <= 6 {
            t[mask][v] = reach(mask, v);
            v += 1;
        }
        mask += 1;
    }
    t
};

/// The dice a card's pattern can be made from: `counts[v]` free dice showing v, each of which
/// `trainings` training cards (one die each) can bring to the values of `reach[v]`, and
/// `wild` more dice still to come, of any value.
struct Free {
    counts: [u32; 7],
    reach: [u8; 7],
    trainings: u32,
    wild: u32,
}

impl Free {
    /// Free dice that a training can bring to `target` (not already showing it).
    fn trainable_to(&self, target: usize) -> u32 {
        if self.trainings == 0 {
            return 0;
        }
        (1..=6)
            .filter(|&v| v != target && self.reach[v] >> target & 1 == 1)
            .map(|v| self.counts[v])
            .sum()
    }

    /// Whether `pattern` could be made (never false when it can: each test counts more than
    /// the dice can do).
    fn fits(&self, pattern: crate::engine::apply::Pattern) -> bool {
        use crate::engine::apply::Pattern as P;
        let (counts, wild, t) = (&self.counts, self.wild, self.trainings);
        // Without training cards only the dice shown and those to come count.
        if t == 0 {
            match pattern {
                P::Equal(n) => {
                    let most = counts[1..].iter().copied().max().unwrap_or(0);
                    return most + wild >= n as u32;
                }
                P::Run3 => {
                    let shown = (1..=6).fold(0u32, |m, v| m | u32::from(counts[v] > 0) << v);
                    return (1..=4).any(|s| (shown >> s & 7).count_ones() + wild >= 3);
                }
                _ => {}
            }
        }
        match pattern {
            P::Any | P::Targets(_) => true,
            P::Exactly(v) => {
                let v = usize::from(v).min(6);
                counts[v] + wild + self.trainable_to(v).min(t) >= 1
            }
            // n dice showing one value: those showing it, and at most one changed die per
            // training card.
            P::Equal(n) => {
                (1..=6).any(|v| counts[v] + self.trainable_to(v).min(t) + wild >= n as u32)
            }
            // Three consecutive values: those shown, and at most one more per training card.
            P::Run3 => (1..=4).any(|s| {
                let shown = (s..s + 3).filter(|&k| counts[k] > 0).count() as u32;
                let changed = (s..s + 3)
                    .filter(|&k| counts[k] == 0 && self.trainable_to(k) > 0)
                    .count() as u32;
                shown + changed.min(t) + wild >= 3
            }),
            P::Sum14 => {
                // The three highest dice, each at the highest value it can be brought to,
                // those to come at 6.
                let mut best = [0u32; 7];
                for (reach, &n) in self.reach.iter().zip(counts).skip(1) {
                    let top = 7 - reach.leading_zeros() as usize;
                    best[top.min(6)] += n;
                }
                let mut sum = 0u32;
                let mut taken = wild.min(3);
                sum += 6 * taken;
                for v in (1..=6).rev() {
                    let k = best[v].min(3 - taken);
                    sum += k * v as u32;
                    taken += k;
                }
                taken == 3 && sum >= 14
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Free, REACH};
    use crate::engine::apply::Pattern;

    /// Free dice showing `values`, with the training cards `trainings` (bits: Gymnasium,
    /// Fitness Center, Dojo) and `wild` dice to come.
    fn free(values: &[u8], trainings: usize, wild: u32) -> Free {
        let mut counts = [0; 7];
        for &v in values {
            counts[usize::from(v)] += 1;
        }
        Free {
            counts,
            reach: REACH[trainings],
            trainings: trainings.count_ones(),
            wild,
        }
    }

    /// cards.md, dice notation: a card whose dice cannot be made from the free dice (and the
    /// dice still to come, at any value) is never activated, so the bound counts nothing for
    /// it; one that can be is kept.
    #[test]
    fn a_card_is_counted_only_when_its_dice_can_be_found() {
        // Nuclear Plant: one die showing 6.
        assert!(!free(&[1, 2, 5], 0, 0).fits(Pattern::Exactly(6)));
        assert!(free(&[1, 2, 5], 0, 1).fits(Pattern::Exactly(6)));
        assert!(free(&[6], 0, 0).fits(Pattern::Exactly(6)));
        // Aluminum Factory: two dice of equal value; Mega Factory: three.
        assert!(!free(&[1, 2, 3], 0, 0).fits(Pattern::Equal(2)));
        assert!(free(&[1, 3, 3], 0, 0).fits(Pattern::Equal(2)));
        assert!(!free(&[3, 3, 1], 0, 0).fits(Pattern::Equal(3)));
        assert!(free(&[3, 3, 1], 0, 1).fits(Pattern::Equal(3)));
        // Assembly Line: three consecutive values.
        assert!(!free(&[2, 3, 5], 0, 0).fits(Pattern::Run3));
        assert!(free(&[2, 3, 4], 0, 0).fits(Pattern::Run3));
        assert!(free(&[2, 3, 6], 0, 1).fits(Pattern::Run3));
        // Warehouse: three dice summing to 14 or more.
        assert!(!free(&[6, 5, 2], 0, 0).fits(Pattern::Sum14));
        assert!(free(&[6, 5, 3], 0, 0).fits(Pattern::Sum14));
        assert!(free(&[5, 3], 0, 1).fits(Pattern::Sum14));
        assert!(!free(&[6, 6], 0, 0).fits(Pattern::Sum14));
    }

    /// cards.md, training cards: the Gymnasium adds 1 (not to a 6), the Fitness Center takes
    /// 1 (not from a 1), the Dojo turns a die over (7 − value), one die each. The bound counts
    /// a card whose dice they can make, and only those.
    #[test]
    fn training_cards_change_one_die_each_as_printed() {
        const GYM: usize = 1;
        const FITNESS: usize = 2;
        const DOJO: usize = 4;
        // A 6 for the Nuclear Plant: from a 5 with the Gymnasium, a 1 with the Dojo, a 2 with
        // the Fitness Center then the Dojo (2 → 1 → 6); never from a 5 with the Fitness
        // Center.
        assert!(free(&[1, 2, 5], GYM, 0).fits(Pattern::Exactly(6)));
        assert!(!free(&[1, 2, 5], FITNESS, 0).fits(Pattern::Exactly(6)));
        assert!(free(&[1, 3], DOJO, 0).fits(Pattern::Exactly(6)));
        assert!(free(&[2, 4], FITNESS | DOJO, 0).fits(Pattern::Exactly(6)));
        assert!(!free(&[3, 4], GYM | FITNESS, 0).fits(Pattern::Exactly(6)));
        // A pair: 2 and 3 with the Gymnasium; 1, 3, 5 with none of one step can.
        assert!(free(&[2, 3, 5], GYM, 0).fits(Pattern::Equal(2)));
        assert!(!free(&[1, 3, 5], GYM, 0).fits(Pattern::Equal(2)));
        assert!(!free(&[1, 3, 5], FITNESS, 0).fits(Pattern::Equal(2)));
        // Three of a kind needs two changed dice: two training cards, not one.
        assert!(!free(&[2, 3, 4], GYM, 0).fits(Pattern::Equal(3)));
        assert!(free(&[2, 3, 4], GYM | FITNESS, 0).fits(Pattern::Equal(3)));
        // A run: from 1, 2, 5 the Fitness Center makes 1, 2, 4 at best; from 2, 3, 5 it
        // makes 2, 3, 4.
        assert!(!free(&[1, 2, 5], FITNESS, 0).fits(Pattern::Run3));
        assert!(free(&[2, 3, 5], FITNESS, 0).fits(Pattern::Run3));
        // 14 or more: 6, 5, 2 with the Dojo (2 → 5): 16.
        assert!(free(&[6, 5, 2], DOJO, 0).fits(Pattern::Sum14));
        assert!(!free(&[4, 4, 4], FITNESS, 0).fits(Pattern::Sum14));
        assert!(free(&[4, 4, 5], GYM, 0).fits(Pattern::Sum14));
    }
}
