//! What the acting player may do now. The window enables its buttons from this list; bots and
//! hints choose from it. Every action listed is accepted by `apply` (checked by the property
//! tests). Dice of equal value are interchangeable, so one die per value is offered.
//!
//! Where the choices are combinatorial the list holds every distinct outcome except two
//! documented simplifications: the end-of-work card discards are offered as one canonical
//! choice (the last cards in catalogue order) combined with every metal/energy split; any
//! other valid discard is still accepted by `apply`.

use super::action::{Act, Bonus, CardList, Choice, DiceList, Resource, Row};
use super::apply::{Pattern, build_cost, dice_pattern, market_blocked};
use super::cards::{Blueprint, Contractor, Tool, catalogue};
use super::state::{MAX_DICE, Phase, PlayerState, Section, State};
use std::sync::OnceLock;

/// Every action the acting player (or the Machine) may take in `state`.
pub fn legal_actions(state: &State) -> Vec<Act> {
    let mut out = Vec::with_capacity(64);
    legal_actions_into(state, &mut out);
    out
}

/// [`legal_actions`] into a caller's buffer (cleared first), so a caller asking many times
/// (a bot playing thousands of games) reuses one allocation.
pub fn legal_actions_into(state: &State, out: &mut Vec<Act>) {
    out.clear();
    match state.phase {
        Phase::Setup => out.push(Act::Deal),
        Phase::Over => {}
        Phase::Machine => out.push(Act::MachineTurn),
        Phase::Market { turn, refreshed } => market(
            state,
            (state.first_player + turn) % state.players.len(),
            refreshed,
            out,
        ),
        Phase::Work { turn, rolled } => {
            let p = (state.first_player + turn) % state.players.len();
            if rolled {
                work(state, p, out);
            } else {
                roll(&state.players[p], out);
            }
        }
    }
}

fn market(state: &State, p: usize, refreshed: bool, out: &mut Vec<Act>) {
    let player = &state.players[p];
    if !refreshed {
        for row in [Row::Blueprints, Row::Contractors] {
            for (pay, have) in [
                (Resource::Metal, player.metal),
                (Resource::Energy, player.energy),
            ] {
                if have > 0 {
                    out.push(Act::RefreshMarket { row, pay });
                }
            }
        }
    }
    for (slot, card) in state.market.blueprints.iter().enumerate() {
        if card.is_some() {
            out.push(Act::TakeBlueprint { slot: slot as u8 });
        }
    }
    let n = state.players.len();
    for (slot, contractor) in state.market.contractors.iter().enumerate() {
        let Some(c) = *contractor else { continue };
        if player.energy < u32::from(c.info().extra_energy) {
            continue;
        }
        let gives = matches!(
            c,
            Contractor::Architect | Contractor::Electrician | Contractor::Miner
        ) && n >= 2;
        let tool = state.market.tools[slot];
        let hand = state.hand_options(p);
        for (discard, _) in hand.iter().filter(|(b, _)| b.tool() == tool) {
            if gives {
                for o in (0..n).filter(|&o| o != p) {
                    out.push(Act::Hire {
                        slot: slot as u8,
                        discard,
                        opponent: Some(o as u8),
                    });
                }
            } else {
                out.push(Act::Hire {
                    slot: slot as u8,
                    discard,
                    opponent: None,
                });
            }
        }
    }
    if market_blocked(state, p) {
        out.push(Act::Pass);
    }
}

fn roll(player: &PlayerState, out: &mut Vec<Act>) {
    out.push(Act::Roll {
        set: DiceList::default(),
    });
    if player.pending == Some(Contractor::Foreman) {
        out.extend_from_slice(foreman_sets());
    }
}

/// The Foreman's rolls: every multiset of 1 to 4 chosen values, sorted (209 of them), listed
/// once for the life of the program.
fn foreman_sets() -> &'static [Act] {
    static SETS: OnceLock<Vec<Act>> = OnceLock::new();
    SETS.get_or_init(|| {
        fn rec(from: u8, set: &mut [u8; 4], len: usize, out: &mut Vec<Act>) {
            if len > 0 {
                out.push(Act::Roll {
                    set: DiceList::from(&set[..len]),
                });
            }
            if len == 4 {
                return;
            }
            for v in from..=6 {
                set[len] = v;
                rec(v, set, len + 1, out);
            }
        }
        let mut sets = Vec::with_capacity(209);
        rec(1, &mut [0; 4], 0, &mut sets);
        sets
    })
}

/// Unplaced dice grouped by value: for each value 1–6, the indices of the dice showing it.
struct Groups {
    dice: [[u8; MAX_DICE]; 7],
    len: [usize; 7],
}

impl Groups {
    fn of(player: &PlayerState) -> Groups {
        let mut g = Groups {
            dice: [[0; MAX_DICE]; 7],
            len: [0; 7],
        };
        for (i, d) in player.dice.as_slice().iter().enumerate() {
            if d.placed.is_none() {
                let v = usize::from(d.value);
                g.dice[v][g.len[v]] = i as u8;
                g.len[v] += 1;
            }
        }
        g
    }
    /// The dice showing `v`.
    fn get(&self, v: usize) -> &[u8] {
        &self.dice[v][..self.len[v]]
    }
    fn first(&self, v: u8) -> Option<u8> {
        self.get(usize::from(v)).first().copied()
    }
}

fn work(state: &State, p: usize, out: &mut Vec<Act>) {
    let player = &state.players[p];
    let groups = Groups::of(player);
    // The distinct cards in hand and their tools, looked up once.
    let cat = catalogue();
    let mut hand_cards = [Blueprint::ALL[0]; 32];
    let mut hand_tools = [Tool::ALL[0]; 32];
    let mut n = 0;
    // With hidden hands: every card the hand could hold (a hidden card may be any unseen one).
    let options = state.hand_options(p);
    let pair_ok = |a: Blueprint, b: Blueprint| {
        if player.hidden == 0 {
            a != b || player.hand.count(a) >= 2
        } else {
            state.can_give(p, &[a, b]).is_ok()
        }
    };
    for (c, _) in options.iter() {
        hand_cards[n] = c;
        hand_tools[n] = cat.blueprints[c.index()].tool;
        n += 1;
    }
    let hand = &hand_cards[..n];
    let hand_tools = &hand_tools[..n];
    if player.specialist_due {
        for value in 1..=6 {
            out.push(Act::SpecialistDie { value });
        }
    }
    // HQ placements (cards.md, Headquarters board).
    for section in Section::ALL {
        if player.hq[section.index()].is_full() {
            continue;
        }
        for v in 1..=6u8 {
            let ok = match section {
                Section::Research => true,
                Section::Mine => v >= 4,
                Section::Generate => v <= 3,
            };
            if ok && let Some(die) = groups.first(v) {
                out.push(Act::Place { die, section });
            }
        }
    }
    // Activations of the compound.
    for (card, _) in player.compound.iter() {
        if card.is_passive() || card == Blueprint::Replicator || player.has_activated(card) {
            continue;
        }
        activations(
            player,
            hand,
            &pair_ok,
            card,
            player.energy,
            &groups,
            &mut |dice, choice| out.push(Act::Activate { card, dice, choice }),
        );
    }
    // The Replicator copying a market blueprint (1 energy first).
    if player.compound.contains(Blueprint::Replicator)
        && !player.has_activated(Blueprint::Replicator)
        && player.energy >= 1
    {
        let mut seen = 0u32;
        for card in state.market.blueprints.iter().flatten().copied() {
            if card.is_passive() || card == Blueprint::Replicator || seen & (1 << card.index()) != 0
            {
                continue;
            }
            seen |= 1 << card.index();
            activations(
                player,
                hand,
                &pair_ok,
                card,
                player.energy - 1,
                &groups,
                &mut |dice, choice| out.push(Act::Replicate { card, dice, choice }),
            );
        }
    }
    // Builds: the same checks as `check_build`, hoisted per card (the property tests hold
    // the two to the same answers).
    for (i, &card) in hand.iter().enumerate() {
        if !card.allows_several() && player.compound.contains(card) {
            continue;
        }
        let (metal, energy) = build_cost(player, card);
        if player.metal < metal || player.energy < energy {
            continue;
        }
        let tool = hand_tools[i];
        for (&discard, &discard_tool) in hand.iter().zip(hand_tools) {
            if discard_tool == tool && pair_ok(card, discard) {
                out.push(Act::Build { card, discard });
            }
        }
    }
    end_work(state, player, out);
}

/// The players the work phase may turn to (everyone works at once): those who have not ended
/// their work phase, other than the one working now. Not part of [`legal_actions`]: it is the
/// table's choice of whom to look at, not a move of the player at work.
pub fn switches(state: &State) -> Vec<Act> {
    let Phase::Work { .. } = state.phase else {
        return Vec::new();
    };
    let now = state.current_player();
    (0..state.players.len())
        .filter(|&q| Some(q) != now && !state.players[q].worked)
        .map(|q| Act::Switch { player: q as u8 })
        .collect()
}

/// The ends of the work phase open to the player at work (the discards they may choose), as
/// [`legal_actions`] lists them: for a caller that needs only those.
pub fn end_work_actions(state: &State) -> Vec<Act> {
    let mut out = Vec::new();
    end_work_actions_into(state, &mut out);
    out
}

/// [`end_work_actions`] added to `out` (the planner's moves, built without allocating).
pub fn end_work_actions_into(state: &State, out: &mut Vec<Act>) {
    if let (Phase::Work { rolled: true, .. }, Some(p)) = (state.phase, state.current_player()) {
        end_work(state, &state.players[p], out);
    }
}

fn end_work(state: &State, player: &PlayerState, out: &mut Vec<Act>) {
    let hand_excess = player.hand_size().saturating_sub(10);
    let discard: Vec<Blueprint> = if hand_excess == 0 {
        Vec::new()
    } else {
        // The last seen cards, then (hidden hands) unseen ones for the rest.
        let mut d = player.hand.last(hand_excess);
        let rest = hand_excess - d.len();
        if let Some(p) = state.current_player() {
            d.extend(state.hidden_stand_ins(p, rest));
        }
        d
    };
    let res_excess = player.resources().saturating_sub(12);
    for m in 0..=res_excess {
        let e = res_excess - m;
        if m <= player.metal && e <= player.energy {
            out.push(Act::EndWork {
                discard: discard.clone(),
                discard_metal: m,
                discard_energy: e,
            });
        }
    }
}

/// Calls `emit` with every distinct (dice, choice) that activates `card` for `player` having
/// `energy` to spend.
fn activations(
    player: &PlayerState,
    hand: &[Blueprint],
    pair_ok: &dyn Fn(Blueprint, Blueprint) -> bool,
    card: Blueprint,
    energy: u32,
    groups: &Groups,
    emit: &mut impl FnMut(DiceList, Choice),
) {
    use Blueprint as B;
    let metal = player.metal;
    let plain = Choice::default;
    dice_options(card, groups, &mut |dice: DiceList| {
        let value = |k: usize| {
            dice.get(k)
                .and_then(|&d| player.dice.get(usize::from(d)))
                .map_or(0, |d| d.value)
        };
        match card {
            B::AluminumFactory if energy >= 5 => emit(dice, plain()),
            B::AssemblyLine | B::Warehouse | B::Motherlode | B::PowerPlant | B::NuclearPlant => {
                emit(dice, plain())
            }
            B::BatteryFactory if energy >= 4 => emit(dice, plain()),
            B::Biolab | B::Dojo | B::TempAgency if energy >= 1 => emit(dice, plain()),
            B::Gymnasium if energy >= 1 && value(0) < 6 => emit(dice, plain()),
            B::FitnessCenter if energy >= 1 && value(0) > 1 => emit(dice, plain()),
            B::FulfillmentCenter if energy >= 2 => emit(dice, plain()),
            B::ConcretePlant if metal >= u32::from(value(0)) => emit(dice, plain()),
            B::Foundry if energy >= u32::from(value(0)) => emit(dice, plain()),
            B::Robot if metal >= 1 => emit(dice, plain()),
            B::Golem => {
                for x in 1..=energy.min(6) as u8 {
                    emit(
                        dice,
                        Choice {
                            value: Some(x),
                            ..plain()
                        },
                    );
                }
            }
            B::MegaFactory => {
                for x in 1..=6 {
                    emit(
                        dice,
                        Choice {
                            value: Some(x),
                            ..plain()
                        },
                    );
                }
            }
            B::Harvester => {
                for b in [Bonus::Metal, Bonus::Energy] {
                    emit(
                        dice,
                        Choice {
                            bonus: Some(b),
                            ..plain()
                        },
                    );
                }
            }
            B::Manufactory => {
                for b in [Bonus::Metal, Bonus::Energy, Bonus::Draw] {
                    emit(
                        dice,
                        Choice {
                            bonus: Some(b),
                            ..plain()
                        },
                    );
                }
            }
            B::BlackMarket => {
                for &sold in hand {
                    let (m, e) = (u32::from(sold.info().metal), u32::from(sold.info().energy));
                    if m + e <= 4 {
                        emit(
                            dice,
                            Choice {
                                discard: CardList::one(sold),
                                ..plain()
                            },
                        );
                    } else {
                        for a in 0..=m.min(4) {
                            if 4 - a <= e {
                                emit(
                                    dice,
                                    Choice {
                                        discard: CardList::one(sold),
                                        metal: Some(a as u8),
                                        ..plain()
                                    },
                                );
                            }
                        }
                    }
                }
            }
            // One blueprint discarded: Incinerator (1 metal), Refinery (3 energy).
            B::Incinerator | B::Refinery
                if (card == B::Incinerator && metal >= 1)
                    || (card == B::Refinery && energy >= 3) =>
            {
                for &c in hand {
                    emit(
                        dice,
                        Choice {
                            discard: CardList::one(c),
                            ..plain()
                        },
                    );
                }
            }
            // Two blueprints discarded: Recycling Plant (2 energy), Trash Compactor.
            B::RecyclingPlant | B::TrashCompactor if card == B::TrashCompactor || energy >= 2 => {
                for (i, &a) in hand.iter().enumerate() {
                    for &b in &hand[i..] {
                        if pair_ok(a, b) {
                            emit(
                                dice,
                                Choice {
                                    discard: CardList::from([a, b]),
                                    ..plain()
                                },
                            );
                        }
                    }
                }
            }
            _ => {}
        }
    });
}

/// Calls `out` with each distinct dice choice for a card's pattern (a list of die indices);
/// a card without dice gets one empty choice.
fn dice_options(card: Blueprint, groups: &Groups, out: &mut impl FnMut(DiceList)) {
    let Some(pattern) = dice_pattern(card) else {
        return out(DiceList::default());
    };
    let first = |v: u8| groups.first(v);
    match pattern {
        Pattern::Any | Pattern::Targets(1) => {
            for d in (1..=6).filter_map(first) {
                out(DiceList::one(d));
            }
        }
        Pattern::Exactly(v) => {
            if let Some(d) = first(v) {
                out(DiceList::one(d));
            }
        }
        Pattern::Equal(n) => {
            for v in 1..=6usize {
                if groups.len[v] >= n {
                    out(DiceList::from(&groups.get(v)[..n]));
                }
            }
        }
        Pattern::Run3 => {
            for v in 1..=4u8 {
                if let (Some(a), Some(b), Some(c)) = (first(v), first(v + 1), first(v + 2)) {
                    out(DiceList::from([a, b, c]));
                }
            }
        }
        Pattern::Sum14 => {
            for a in 1..=6usize {
                for b in a..=6 {
                    for c in b..=6 {
                        if a + b + c < 14 {
                            continue;
                        }
                        let mut need = [0usize; 7];
                        for v in [a, b, c] {
                            need[v] += 1;
                        }
                        if (1..=6).all(|v| groups.len[v] >= need[v]) {
                            let mut taken = [0usize; 7];
                            let dice = [a, b, c].map(|v| {
                                taken[v] += 1;
                                groups.get(v)[taken[v] - 1]
                            });
                            out(DiceList::from(dice));
                        }
                    }
                }
            }
        }
        Pattern::Targets(_) => {
            // Temp Agency: every non-empty choice of how many dice of each value to reroll.
            let mut counts = [0usize; 7];
            loop {
                let mut v = 1;
                while v <= 6 {
                    if counts[v] < groups.len[v] {
                        counts[v] += 1;
                        break;
                    }
                    counts[v] = 0;
                    v += 1;
                }
                if v > 6 {
                    break;
                }
                let mut dice = [0u8; MAX_DICE];
                let mut n = 0;
                for (v, &k) in counts.iter().enumerate().skip(1) {
                    for &d in &groups.get(v)[..k] {
                        dice[n] = d;
                        n += 1;
                    }
                }
                out(DiceList::from(&dice[..n]));
            }
        }
    }
}
