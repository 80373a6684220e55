//! Where a revealed card goes, for the players at a real table (companion games): when Foreman
//! asks which blueprint came off the deck, it says where that card is to be put ("the
//! market's slot 2", "Player 1's hand", "the Machine's compound") and how far along the
//! action is ("card 5 of 12"). It asks the rules: the action is tried with two different
//! cards in the next place, and the place where they differ is where the card goes.

use super::dialogs::still_hidden;
use crate::engine::{Act, Action, Blueprint, Game, Inputs, RuleError, State};

/// Where the next revealed blueprint goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Hand(usize),
    Market(usize),
    MachineCompound,
    /// Discarded at once (a Monument revealed for the Machine's start, a market row the
    /// Machine's green die clears).
    Discard,
}

/// Two blueprints that can still come off the deck after `inputs`, to tell places apart.
fn probes(game: &Game, inputs: &Inputs) -> Option<(Blueprint, Blueprint)> {
    let st = game.state();
    let left = still_hidden(
        &st.blueprint_deck,
        &st.blueprint_discard,
        &inputs.blueprints,
    );
    let mut cards = Blueprint::ALL
        .iter()
        .copied()
        .filter(|&c| left.count(c) > 0);
    // Two non-Monuments when there are (a Monument is put back for the Machine's start).
    let first = cards.find(|c| !c.is_monument())?;
    let second = cards.find(|c| !c.is_monument())?;
    Some((first, second))
}

/// The cards to complete an action with after `named`, leaving out one copy of each of
/// `kept` (the probes): non-Monuments first, as a Monument revealed for the Machine's start
/// asks for one more.
fn filler(game: &Game, named: &[Blueprint], kept: &[Blueprint]) -> Vec<Blueprint> {
    let st = game.state();
    let mut left = still_hidden(&st.blueprint_deck, &st.blueprint_discard, named);
    for &k in kept {
        left.remove(k);
    }
    Blueprint::ALL
        .iter()
        .copied()
        .filter(|c| !c.is_monument())
        .chain(Blueprint::ALL.iter().copied().filter(|c| c.is_monument()))
        .flat_map(|c| std::iter::repeat_n(c, usize::from(left.count(c))))
        .collect()
}

/// `act` completed from `inputs` (then `card`, if given, revealed next, then `rest`) with ones
/// for the dice: its state, and how many blueprints it revealed in all.
fn completed(
    game: &Game,
    act: &Act,
    inputs: &Inputs,
    card: Option<Blueprint>,
    rest: &[Blueprint],
) -> Option<(State, usize)> {
    let st = game.state();
    let mut trial = inputs.clone();
    trial.blueprints.extend(card);
    let mut rest = rest.iter().copied();
    for _ in 0..64 {
        let mut g = game.clone();
        match g.apply(Action::with_inputs(act.clone(), trial.clone())) {
            Ok(_) => return Some((g.state().clone(), trial.blueprints.len())),
            Err(RuleError::NeedBlueprint) => trial.blueprints.push(rest.next()?),
            Err(RuleError::NeedDie(_)) => trial.dice.push(1),
            Err(RuleError::NeedContractor) => {
                let c = st
                    .contractor_deck
                    .iter()
                    .chain(st.contractor_discard.iter())
                    .map(|(c, _)| c)
                    .find(|&c| !trial.contractors.contains(&c))?;
                trial.contractors.push(c);
            }
            Err(RuleError::NeedTools) => trial.tools = Some(crate::engine::Tool::ALL),
            Err(_) => return None,
        }
    }
    None
}

/// Where the next blueprint revealed by `act` goes, told by trying two different cards there.
pub fn next_place(game: &Game, act: &Act, inputs: &Inputs) -> Option<Place> {
    let (a, b) = probes(game, inputs)?;
    // The same cards after the probe in both tries: only the next place differs.
    let rest = filler(game, &inputs.blueprints, &[a, b]);
    let (sa, _) = completed(game, act, inputs, Some(a), &rest)?;
    let (sb, _) = completed(game, act, inputs, Some(b), &rest)?;
    for (p, (pa, pb)) in sa.players.iter().zip(&sb.players).enumerate() {
        if pa.hand.count(a) != pb.hand.count(a) {
            return Some(Place::Hand(p));
        }
    }
    for i in 0..4 {
        if sa.market.blueprints[i] != sb.market.blueprints[i] {
            return Some(Place::Market(i));
        }
    }
    if let (Some(ma), Some(mb)) = (&sa.machine, &sb.machine)
        && ma.compound.count(a) != mb.compound.count(a)
    {
        return Some(Place::MachineCompound);
    }
    Some(Place::Discard)
}

/// How many blueprints `act` reveals in all (the deal: 4 per player, 4 for the market and the
/// Machine's start), counting those already named.
pub fn blueprints_needed(game: &Game, act: &Act, inputs: &Inputs) -> Option<usize> {
    let rest = filler(game, &inputs.blueprints, &[]);
    completed(game, act, inputs, None, &rest).map(|(_, n)| n)
}
