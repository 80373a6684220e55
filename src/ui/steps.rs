//! Where a revealed card goes, for the players at a real table (companion games): when Foreman
//! asks which blueprint came off the deck, it says where that card is to be put ("the
//! market's slot 2", "Player 1's hand", "the Machine's compound") and how far along the
//! action is ("card 5 of 12"). It asks the rules: the action is tried with two different
//! cards in the next place, and the place where they differ is where the card goes. The dice
//! are tried as the game will roll them: those given, then, when the seat's dice are the
//! program's own (`virtual_dice`), the game's generator's, never made-up ones (the Machine's
//! green die says where its card comes from).

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

/// A blueprint that can come off the deck after `inputs` (asked of the rules where the action
/// has got to), not one of `avoid` while another can: non-Monuments first, as a Monument
/// revealed for the Machine's start asks for one more.
fn next_card(
    game: &Game,
    act: &Act,
    inputs: &Inputs,
    virtual_dice: bool,
    avoid: &[Blueprint],
) -> Option<Blueprint> {
    let (so_far, _) = game.attempt(act, inputs, virtual_dice);
    let left = so_far.next_reveal_options();
    let open: Vec<Blueprint> = Blueprint::ALL
        .iter()
        .copied()
        .filter(|c| !c.is_monument())
        .chain(Blueprint::ALL.iter().copied().filter(|c| c.is_monument()))
        .filter(|&c| left.contains(c))
        .collect();
    open.iter()
        .copied()
        .find(|c| !avoid.contains(c))
        .or_else(|| open.first().copied())
}

/// Two blueprints that can still come off the deck after `inputs`, to tell places apart.
fn probes(
    game: &Game,
    act: &Act,
    inputs: &Inputs,
    virtual_dice: bool,
) -> Option<(Blueprint, Blueprint)> {
    let (so_far, _) = game.attempt(act, inputs, virtual_dice);
    let left = so_far.next_reveal_options();
    let mut cards = Blueprint::ALL
        .iter()
        .copied()
        .filter(|&c| left.count(c) > 0 && !c.is_monument());
    // Two non-Monuments when there are (a Monument is put back for the Machine's start).
    Some((cards.next()?, cards.next()?))
}

/// `act` completed from `inputs` (then `card`, if given, revealed next, then cards that can
/// come off the deck, none of `avoid` while others can), the dice as given (then the game's own
/// with `virtual_dice`, else ones): its state, and how many blueprints it revealed in all.
fn completed(
    game: &Game,
    act: &Act,
    inputs: &Inputs,
    virtual_dice: bool,
    card: Option<Blueprint>,
    avoid: &[Blueprint],
) -> Option<(State, usize)> {
    let st = game.state();
    let mut trial = inputs.clone();
    trial.blueprints.extend(card);
    for _ in 0..64 {
        let mut g = game.clone();
        let action = Action::with_inputs(act.clone(), trial.clone());
        let tried = if virtual_dice {
            g.apply_virtual_dice(action)
        } else {
            g.apply(action)
        };
        match tried {
            Ok(_) => return Some((g.state().clone(), trial.blueprints.len())),
            Err(RuleError::NeedBlueprint) => {
                let next = next_card(game, act, &trial, virtual_dice, avoid)?;
                trial.blueprints.push(next);
            }
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
pub fn next_place(game: &Game, act: &Act, inputs: &Inputs, virtual_dice: bool) -> Option<Place> {
    let (a, b) = probes(game, act, inputs, virtual_dice)?;
    // The same cards after the probe in both tries (neither probe): only the next place
    // differs.
    let (sa, _) = completed(game, act, inputs, virtual_dice, Some(a), &[a, b])?;
    let (sb, _) = completed(game, act, inputs, virtual_dice, Some(b), &[a, b])?;
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
pub fn blueprints_needed(
    game: &Game,
    act: &Act,
    inputs: &Inputs,
    virtual_dice: bool,
) -> Option<usize> {
    completed(game, act, inputs, virtual_dice, None, &[]).map(|(_, n)| n)
}
