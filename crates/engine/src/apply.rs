//! The one place where the game state changes: [`Game::apply`] (inputs supplied by the
//! players: a table-companion game, or a replayed journal) and [`Game::apply_digital`] (inputs
//! drawn from the game's seeded generator). Both validate the whole action on a copy of the
//! state and keep the result only if every rule holds, so a refused action changes nothing.
//!
//! Rule references: `docs/rules.md` sections and `cards.md` rows (both in `docs/`).

use super::action::{Act, Action, Bonus, Choice, DiceList, Faces, Inputs, Resource, Row};
use super::cards::{Blueprint, CardType, Contractor, Tool};
use super::error::{Now, RuleError, When};
use super::state::*;
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

mod activate;
mod market;
mod oracle;
mod rounds;
mod setup;
mod work;

pub use setup::{BotLevel, Hands, Mode, NAME_MAX, PlayerSetup, Setup, clean_name};

pub use activate::{Pattern, dice_pattern};
#[cfg(test)]
pub(crate) use oracle::SplitMix64;
use oracle::{Given, Oracle, Seeded, VirtualDice};

/// What one action caused, in order (inline up to 4: most actions cause fewer).
pub type Events = smallvec::SmallVec<[Event; 4]>;

/// Something that happened while an action resolved, for the window and the CLI to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A player drew a blueprint from the deck into hand.
    Drew {
        player: usize,
        card: Blueprint,
    },
    /// A discard pile was shuffled into a new deck (docs/rules.md, setup 4).
    Reshuffled {
        row: Row,
    },
    Built {
        player: usize,
        card: Blueprint,
    },
    /// The Engineer revealed a card the player may not build; it was discarded.
    EngineerSkipped {
        card: Blueprint,
    },
    Investor {
        card: Blueprint,
        metal: u32,
        energy: u32,
    },
    /// Scrap Yard or Solar Array paid out after a build.
    Triggered {
        player: usize,
        card: Blueprint,
    },
    /// A player rolled at the start of their work phase: every die they now have, in order
    /// (the Foreman's set ones first, then their own, then the Hired Hands').
    Rolled {
        player: usize,
        dice: Faces,
    },
    /// The Machine rolled (red, blue, purple, yellow, green).
    MachineRolled {
        dice: [u8; 5],
    },
    /// The Machine took a card into its compound, from a market slot or the deck.
    MachineTook {
        card: Blueprint,
        slot: Option<u8>,
    },
    MachineDiscardedRow {
        row: Row,
    },
    /// One production die of the Machine: its value against the number of cards of its type.
    MachineProduction {
        die: MachineDie,
        value: u8,
        cards: u32,
        produced: bool,
    },
    EndTriggered {
        round: u32,
    },
    GameOver,
}

/// A game: its setup, its current state and the journal of every action applied.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) setup: Setup,
    pub(crate) state: State,
    pub(crate) journal: Vec<Action>,
    /// Where the next action is tried (a copy of `state`); it becomes the state only when the
    /// action is accepted. Kept between actions to reuse its allocation; not part of the game.
    scratch: State,
}

/// Two games are equal when their setups, states and journals are.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.setup == other.setup && self.state == other.state && self.journal == other.journal
    }
}
impl Eq for Game {}

impl Game {
    /// A new game waiting for its opening deal ([`Act::Deal`]).
    pub fn new(setup: Setup) -> Result<Game, RuleError> {
        setup.validate_new()?;
        Game::from_setup(setup)
    }

    /// A game waiting for its opening deal, with the checks every saved game passes.
    fn from_setup(setup: Setup) -> Result<Game, RuleError> {
        setup.validate()?;
        let state = State {
            players: setup
                .players
                .iter()
                .map(|p| PlayerState::new(p.colour))
                .collect(),
            machine: setup.machine.map(|_| MachineState::default()),
            market: Market {
                blueprints: [None; 4],
                contractors: [None; 4],
                tools: Tool::ALL,
            },
            blueprint_deck: Pile::full(),
            blueprint_discard: Pile::default(),
            contractor_deck: Pile::full(),
            contractor_discard: Pile::default(),
            first_player: setup.first_player,
            round: 0,
            phase: Phase::Setup,
            end_triggered: None,
            secrets: None,
        };
        Ok(Game {
            setup,
            scratch: state.clone(),
            state,
            journal: Vec::new(),
        })
    }

    /// A new game with the opening deal made by the game's own generator.
    pub fn new_dealt(setup: Setup) -> Result<Game, RuleError> {
        let mut g = Game::new(setup)?;
        g.apply_digital(Act::Deal)?;
        Ok(g)
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn state(&self) -> &State {
        &self.state
    }
    pub fn journal(&self) -> &[Action] {
        &self.journal
    }

    /// Applies an action whose random inputs (dice faces, revealed cards) are given with it.
    /// Validates everything first: on a refusal nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<Events, RuleError> {
        self.scratch.clone_from(&self.state);
        let events = execute_given(&mut self.scratch, &self.setup, &action)?;
        std::mem::swap(&mut self.state, &mut self.scratch);
        self.journal.push(action);
        Ok(events)
    }

    /// Applies a decision whose random inputs come from the game's seeded generator (virtual
    /// dice, shuffled decks). The generator for the n-th action is derived from the setup's
    /// seed and n, so a replayed journal continues with the same rolls.
    pub fn apply_digital(&mut self, act: Act) -> Result<Events, RuleError> {
        self.scratch.clone_from(&self.state);
        let mut seeded = self.generator();
        let events = execute(&mut self.scratch, &self.setup, &act, &mut seeded)?;
        std::mem::swap(&mut self.state, &mut self.scratch);
        self.journal.push(Action::with_inputs(act, seeded.record));
        Ok(events)
    }

    /// Applies an action whose revealed cards (and tool order) are given with it but whose dice
    /// come from the game's seeded generator: a table-companion game played with virtual dice.
    /// Dice faces given with the action are refused as unused.
    pub fn apply_virtual_dice(&mut self, action: Action) -> Result<Events, RuleError> {
        self.scratch.clone_from(&self.state);
        let mut oracle = VirtualDice {
            given: Given::new(&action.inputs),
            seeded: self.generator(),
        };
        let events = execute(&mut self.scratch, &self.setup, &action.act, &mut oracle)?;
        oracle.given.finish()?;
        let dice = oracle.seeded.record.dice;
        let mut inputs = action.inputs;
        inputs.dice = dice;
        std::mem::swap(&mut self.state, &mut self.scratch);
        self.journal.push(Action::with_inputs(action.act, inputs));
        Ok(events)
    }

    /// Checks whether `act` would be accepted now, using the seeded generator for its inputs,
    /// without changing the game.
    pub fn check(&self, act: &Act) -> Result<(), RuleError> {
        self.preview(act).map(|_| ())
    }

    /// The state `act` would lead to (inputs from the seeded generator), without changing the
    /// game: for bots and hints.
    pub fn preview(&self, act: &Act) -> Result<State, RuleError> {
        let mut next = self.state.clone();
        let mut seeded = self.generator();
        execute(&mut next, &self.setup, act, &mut seeded)?;
        Ok(next)
    }

    /// The state as far as `act` gets with `inputs` (a companion action whose cards are still
    /// being named): what it did before it stopped, for the window to show the market filling
    /// in. The game does not change; the result is never a state the game keeps.
    /// With `virtual_dice`, the dice are the game's own (as [`Game::apply_virtual_dice`]
    /// would roll them). Also returns what happened before it stopped (the Machine's roll).
    pub fn attempt(&self, act: &Act, inputs: &Inputs, virtual_dice: bool) -> (State, Events) {
        let mut next = self.state.clone();
        let mut virt = VirtualDice {
            given: Given::new(inputs),
            seeded: self.generator(),
        };
        let mut given = Given::new(inputs);
        let oracle: &mut dyn Oracle = if virtual_dice { &mut virt } else { &mut given };
        let mut events = Events::new();
        let mut cx = Ctx {
            st: &mut next,
            setup: &self.setup,
            oracle,
            events: &mut events,
        };
        let _stopped = cx.act(act);
        (next, events)
    }

    /// The state `action` leads to from `state` (a position of this game), into `next`, a
    /// state kept for reuse (copied over, no allocation), `state` left as it is: the planner's
    /// step, one copy of the state and no journal. The rules are those of [`Game::apply`], run
    /// by the same code: refused when a rule does not hold or an input is missing or unused,
    /// and then `next` holds no meaningful position.
    pub fn step_into(
        &self,
        state: &State,
        action: &Action,
        next: &mut State,
    ) -> Result<(), RuleError> {
        self.step_act_into(state, &action.act, &action.inputs, next)
    }

    /// [`Game::step_into`] for `act` carrying `inputs`: a step that builds no [`Action`].
    pub fn step_act_into(
        &self,
        state: &State,
        act: &Act,
        inputs: &Inputs,
        next: &mut State,
    ) -> Result<(), RuleError> {
        next.clone_from(state);
        execute_quiet(next, &self.setup, act, inputs, &mut Events::new())
    }

    /// [`Game::step_act_into`] for a step of `seat`'s work phase that is not its end, from and into
    /// states of that same work phase before its end (`next` a copy of one, or a step of one,
    /// of this kind): only what such a step may change is copied (`seat`'s state, the
    /// blueprints' piles, the phase, the end's trigger), the rest being the same in both. The
    /// planner's step: a fifth of a copy of a 4-player state.
    pub fn step_work_into(
        &self,
        state: &State,
        act: &Act,
        inputs: &Inputs,
        next: &mut State,
        seat: usize,
    ) -> Result<(), RuleError> {
        next.copy_work_from(state, seat);
        debug_assert!(
            next == state,
            "a work phase's states differ beyond the worker's"
        );
        execute_quiet(next, &self.setup, act, inputs, &mut Events::new())
    }

    /// The game at this moment without its journal, its hands as the planner sees them:
    /// blueprints drawn from here on are hidden (known only by their count), so a plan never
    /// peeks at the deck. For searching positions (the planner): cheap to clone.
    pub fn for_planning(&self) -> Game {
        self.planning_at(self.state.clone())
    }

    /// `state` as a position to search from this game, as [`Game::for_planning`] makes it: a
    /// state the planner made itself (the next work phase after a market choice).
    pub fn planning_at(&self, state: State) -> Game {
        let mut setup = self.setup.clone();
        setup.mode = Mode::Companion;
        setup.hands = Hands::Hidden;
        // Names play no part in a search; empty ones clone without allocating.
        for p in setup.players.iter_mut() {
            p.name = String::new();
        }
        Game {
            setup,
            scratch: state.clone(),
            state,
            journal: Vec::new(),
        }
    }

    /// A game at `state` with `setup` and no journal (a position a seat knows,
    /// [`crate::Known`]).
    pub fn at_position(setup: Setup, state: State) -> Game {
        Game {
            setup,
            scratch: state.clone(),
            state,
            journal: Vec::new(),
        }
    }

    /// The game as `seat` may see it (`None`: a screen everyone sees): other players' told
    /// cards counted as hidden ([`State::seen_by`]). `None` when nothing is to be hidden. For
    /// screens and *Suggest*; an action chosen on it is played on the game itself.
    pub fn seen_by(&self, seat: Option<usize>) -> Option<Game> {
        let state = self.state.seen_by(seat)?;
        Some(Game {
            setup: self.setup.clone(),
            scratch: state.clone(),
            state,
            journal: self.journal.clone(),
        })
    }

    /// The generator for the next action.
    fn generator(&self) -> Seeded {
        Seeded::new(self.setup.seed, self.journal.len() as u64)
    }

    /// Rebuilds a game by replaying `journal` from `setup`; the error names the first action
    /// refused (0-based index) and why.
    pub fn replay(setup: Setup, journal: Vec<Action>) -> Result<Game, (usize, RuleError)> {
        let mut g = Game::from_setup(setup).map_err(|e| (0, e))?;
        for (i, a) in journal.into_iter().enumerate() {
            g.apply(a).map_err(|e| (i, e))?;
        }
        Ok(g)
    }

    /// The fewest actions undo may leave in the journal (docs/rules.md, "Decisions for the
    /// program", Undo). In a digital game undo does not take back an action that revealed
    /// hidden information (a card drawn or revealed, dice the program rolled): every such action
    /// recorded inputs the game's generator gave it. In a companion game the table is the
    /// truth, and undo may go back to the start.
    pub fn undo_floor(&self) -> usize {
        match self.setup.mode {
            Mode::Companion => 0,
            Mode::Digital => self
                .journal
                .iter()
                .rposition(|a| !a.inputs.is_empty())
                .map_or(0, |i| i + 1),
        }
    }

    /// The game as it was after its first `len` actions, rebuilt by replay (undo).
    pub fn truncate(&self, len: usize) -> Result<Game, (usize, RuleError)> {
        let journal = self.journal[..len.min(self.journal.len())].to_vec();
        Game::replay(self.setup.clone(), journal)
    }
}

struct Ctx<'a> {
    st: &'a mut State,
    setup: &'a Setup,
    oracle: &'a mut dyn Oracle,
    events: &'a mut Events,
}

/// [`execute`] with the inputs the action carries, every one of them used
/// ([`Game::apply`], [`Game::step_into`]).
fn execute_given(st: &mut State, setup: &Setup, action: &Action) -> Result<Events, RuleError> {
    let mut events = Events::new();
    execute_quiet(st, setup, &action.act, &action.inputs, &mut events)?;
    Ok(events)
}

/// [`execute_given`] for `act` and `inputs`, its events added to `events`: the planner's
/// steps, which keep none, return no list of them.
fn execute_quiet(
    st: &mut State,
    setup: &Setup,
    act: &Act,
    inputs: &Inputs,
    events: &mut Events,
) -> Result<(), RuleError> {
    let mut given = Given::new(inputs);
    execute_into(st, setup, act, &mut given, events)?;
    given.finish()
}

fn execute(
    st: &mut State,
    setup: &Setup,
    act: &Act,
    oracle: &mut dyn Oracle,
) -> Result<Events, RuleError> {
    let mut events = Events::new();
    execute_into(st, setup, act, oracle, &mut events)?;
    Ok(events)
}

fn execute_into(
    st: &mut State,
    setup: &Setup,
    act: &Act,
    oracle: &mut dyn Oracle,
    events: &mut Events,
) -> Result<(), RuleError> {
    if st.phase == Phase::Over {
        return Err(RuleError::GameOver);
    }
    let mut cx = Ctx {
        st,
        setup,
        oracle,
        events,
    };
    cx.act(act)?;
    cx.check_end_trigger();
    Ok(())
}

impl Ctx<'_> {
    fn wrong(&self, expected: When) -> RuleError {
        RuleError::WrongPhase {
            expected,
            now: Now::of(self.st.phase),
        }
    }

    fn market_turn(&self) -> Result<(usize, bool), RuleError> {
        match self.st.phase {
            Phase::Market { turn, refreshed } => Ok((turn, refreshed)),
            _ => Err(self.wrong(When::Market)),
        }
    }

    /// The acting player in the work phase, once rolled.
    fn worker(&self) -> Result<usize, RuleError> {
        match self.st.phase {
            Phase::Work { rolled: true, turn } => Ok((self.st.first_player + turn) % self.n()),
            Phase::Work { rolled: false, .. } => Err(RuleError::NotRolled),
            _ => Err(self.wrong(When::Work)),
        }
    }

    fn n(&self) -> usize {
        self.st.players.len()
    }

    fn act(&mut self, act: &Act) -> Result<(), RuleError> {
        match act {
            Act::Deal => self.deal(),
            Act::RefreshMarket { row, pay } => self.refresh(*row, *pay),
            Act::TakeBlueprint { slot } => self.take_blueprint(*slot),
            Act::Hire {
                slot,
                discard,
                opponent,
            } => self.hire(*slot, *discard, *opponent),
            Act::Pass => self.pass(),
            Act::Roll { set } => self.roll(set),
            Act::SpecialistDie { value } => self.specialist_die(*value),
            Act::Place { die, section } => self.place(*die, *section),
            Act::Activate { card, dice, choice } => self.activate(*card, dice, choice),
            Act::Replicate { card, dice, choice } => self.replicate(*card, dice, choice),
            Act::Build { card, discard } => self.build(*card, *discard),
            Act::EndWork {
                discard,
                discard_metal,
                discard_energy,
            } => self.end_work(discard, *discard_metal, *discard_energy),
            Act::MachineTurn => self.machine_turn(),
            Act::Switch { player } => self.switch(*player),
            Act::Tell { player, card } => {
                if self.st.phase == Phase::Setup {
                    return Err(self.wrong(When::Dealt));
                }
                self.st.tell(usize::from(*player), *card)
            }
            Act::Untell { player, card } => self.st.untell(usize::from(*player), *card),
        }
    }

    // --- Decks ------------------------------------------------------------------------------

    /// Reveals the top blueprint; an empty deck is refilled from its discard pile first
    /// (docs/rules.md, setup 4). `None` when both are empty.
    fn reveal_blueprint(&mut self) -> Result<Option<Blueprint>, RuleError> {
        if !self.deck_has_card() {
            return Ok(None);
        }
        let card = self
            .oracle
            .blueprint(&self.st.deck_options())
            .map_err(|e| match e {
                RuleError::ImpossibleBlueprint { card, .. } => self.st.not_in_deck(card),
                e => e,
            })?;
        self.st.reveal_from_deck(card)?;
        Ok(Some(card))
    }

    /// Whether a blueprint can come off the deck, refilling it from the discard pile when it is
    /// empty (docs/rules.md, setup 4). The deck is the unseen cards less those in hidden hands.
    fn deck_has_card(&mut self) -> bool {
        if self.st.deck_size() == 0 {
            if self.st.blueprint_discard.is_empty() {
                return false;
            }
            self.st.reshuffle_blueprints();
            self.events.push(Event::Reshuffled {
                row: Row::Blueprints,
            });
        }
        true
    }

    fn reveal_contractor(&mut self) -> Result<Option<Contractor>, RuleError> {
        if self.st.contractor_deck.is_empty() {
            if self.st.contractor_discard.is_empty() {
                return Ok(None);
            }
            let st = &mut *self.st;
            st.contractor_deck.take_all(&mut st.contractor_discard);
            self.events.push(Event::Reshuffled {
                row: Row::Contractors,
            });
        }
        let card = self.oracle.contractor(&self.st.contractor_deck)?;
        self.st.contractor_deck.remove(card);
        Ok(Some(card))
    }

    /// Draws `n` blueprints into a player's hand (as many as remain). With hidden hands the
    /// cards are drawn in secret: the hand counts one more unknown card each.
    fn draw(&mut self, p: usize, n: u32) -> Result<(), RuleError> {
        if self.setup.hands == Hands::Hidden {
            for _ in 0..n {
                if !self.deck_has_card() {
                    break;
                }
                self.st.draw_secret(p);
            }
            return Ok(());
        }
        for _ in 0..n {
            match self.reveal_blueprint()? {
                Some(card) => {
                    self.st.players[p].hand.add(card);
                    self.events.push(Event::Drew { player: p, card });
                }
                None => break,
            }
        }
        Ok(())
    }

    /// Fills every empty market slot, blueprints left to right, then contractors.
    fn refill_market(&mut self) -> Result<(), RuleError> {
        for i in 0..4 {
            if self.st.market.blueprints[i].is_none() {
                self.st.market.blueprints[i] = self.reveal_blueprint()?;
            }
        }
        for i in 0..4 {
            if self.st.market.contractors[i].is_none() {
                self.st.market.contractors[i] = self.reveal_contractor()?;
            }
        }
        Ok(())
    }

    fn discard_row(&mut self, row: Row) {
        let st = &mut *self.st;
        match row {
            Row::Blueprints => {
                for slot in st.market.blueprints.iter_mut() {
                    if let Some(c) = slot.take() {
                        st.blueprint_discard.add(c);
                    }
                }
            }
            Row::Contractors => {
                for slot in st.market.contractors.iter_mut() {
                    if let Some(c) = slot.take() {
                        st.contractor_discard.add(c);
                    }
                }
            }
        }
    }
}

/// True when the acting player can neither take a blueprint nor hire anyone; only then may
/// they pass (**Decision**: the rulebooks never reach this; it needs every card out). With a
/// hidden hand, when it may hold no blueprint of any tool under a contractor they can pay for
/// (docs/rules.md, hidden hands: the player knows, Foreman cannot).
pub(crate) fn market_blocked(st: &State, p: usize) -> bool {
    let player = &st.players[p];
    if st.market.blueprints.iter().any(Option::is_some) {
        return false;
    }
    let tools: Vec<Tool> = (0..4)
        .filter(|&i| {
            st.market.contractors[i]
                .is_some_and(|c| player.energy >= u32::from(c.info().extra_energy))
        })
        .map(|i| st.market.tools[i])
        .collect();
    st.may_lack_tools(p, &tools)
}

/// Build checks (docs/rules.md, work phase; cards.md Beacon, Obelisk, Megalith) for player `p`
/// building `card` and discarding `discard`, both from hand (with hidden hands, a hidden card
/// may be any card of the deck it was drawn from: [`State::can_give`]).
pub fn check_build(
    state: &State,
    p: usize,
    card: Blueprint,
    discard: Blueprint,
) -> Result<(), RuleError> {
    let player = state.players.get(p).ok_or(RuleError::NoSuchPlayer(
        p.min(usize::from(u16::MAX - 1)) as u16 + 1,
    ))?;
    for c in [card, discard] {
        state.can_give(p, &[c])?;
    }
    if card == discard && state.can_give(p, &[card, card]).is_err() {
        // Naming the card itself as its discard: the rule that applies is the other blueprint
        // of the same tool (docs/rules.md, work phase, Build), unless the hand has one.
        let other = state
            .hand_options(p)
            .iter()
            .any(|(c, _)| c != card && c.tool() == card.tool());
        return Err(if other {
            RuleError::NeedSecondCopy(card)
        } else {
            RuleError::NoBuildDiscard {
                card,
                tool: card.tool(),
            }
        });
    }
    if discard.tool() != card.tool() {
        return Err(RuleError::WrongBuildTool {
            card,
            tool: card.tool(),
            discard,
            discard_tool: discard.tool(),
        });
    }
    if !card.allows_several() && player.compound.contains(card) {
        return Err(RuleError::Duplicate(card));
    }
    let (metal, energy) = build_cost(player, card);
    if player.metal < metal || player.energy < energy {
        return Err(RuleError::CannotAffordBuild {
            card,
            metal,
            energy,
            have_metal: player.metal,
            have_energy: player.energy,
        });
    }
    Ok(())
}

/// The metal and energy a player pays to build `card`: the printed cost, with Megalith's
/// reduction of 1 metal per Monument already in the compound, down to 0 metal (cards.md,
/// Megalith and "Decisions": the Russian rulebook's "down to 0 metal").
pub fn build_cost(player: &PlayerState, card: Blueprint) -> (u32, u32) {
    let info = card.info();
    let mut metal = u32::from(info.metal);
    if card == Blueprint::Megalith {
        metal = metal.saturating_sub(player.compound.of_type(CardType::Monument));
    }
    (metal, u32::from(info.energy))
}
