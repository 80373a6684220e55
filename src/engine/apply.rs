//! The one place where the game state changes: [`Game::apply`] (inputs supplied by the
//! players: a table-companion game, or a replayed journal) and [`Game::apply_digital`] (inputs
//! drawn from the game's seeded generator). Both validate the whole action on a copy of the
//! state and keep the result only if every rule holds, so a refused action changes nothing.
//!
//! Rule references: `RULES.md` sections and `cards.md` rows (both in `docs/`).

use super::action::{Act, Action, Bonus, Choice, DiceList, Inputs, Resource, Row};
use super::cards::{Blueprint, CardType, Contractor, Tool};
use super::error::RuleError;
use super::state::*;
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

/// What the players said at the table: who plays, against what, and the program's seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<PlayerSetup>,
    /// A solo game against the Machine at this difficulty (exactly one player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machine: Option<Difficulty>,
    #[serde(default)]
    pub mode: Mode,
    /// Seat of the first player (RULES.md, setup 1).
    #[serde(default)]
    pub first_player: usize,
    /// Seed of the program's own dice and shuffles.
    pub seed: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSetup {
    pub name: String,
    pub colour: Colour,
}

/// Digital tabletop (Foreman shuffles and rolls) or table companion (physical cards and dice).
/// The engine treats both alike; the mode tells the window which inputs to ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    Digital,
    Companion,
}

impl Setup {
    /// A solo game against the Machine with virtual dice: Foreman's default.
    pub fn solo(name: &str, difficulty: Difficulty, seed: u64) -> Setup {
        Setup {
            players: vec![PlayerSetup {
                name: name.to_string(),
                colour: Colour::White,
            }],
            machine: Some(difficulty),
            mode: Mode::Digital,
            first_player: 0,
            seed,
        }
    }

    /// A game of `n` players named "Player 1"… in the colours' order.
    pub fn players(n: usize, seed: u64) -> Setup {
        Setup {
            players: Colour::ALL
                .iter()
                .take(n)
                .enumerate()
                .map(|(i, &colour)| PlayerSetup {
                    name: format!("Player {}", i + 1),
                    colour,
                })
                .collect(),
            machine: None,
            mode: Mode::Digital,
            first_player: 0,
            seed,
        }
    }

    pub fn validate(&self) -> Result<(), RuleError> {
        let n = self.players.len();
        if !(1..=5).contains(&n) {
            return Err(RuleError::PlayerCount(n));
        }
        if self.machine.is_some() && n != 1 {
            return Err(RuleError::SoloPlayers);
        }

        for (i, p) in self.players.iter().enumerate() {
            if self.players[..i].iter().any(|q| q.colour == p.colour) {
                return Err(RuleError::SharedColour(p.colour.to_string()));
            }
        }
        if self.first_player >= n {
            return Err(RuleError::PlayerCount(self.first_player + 1));
        }
        Ok(())
    }

    /// [`Setup::validate`], and what a game started today must also be. Games saved before
    /// these checks (a one-player game without the Machine) still load and replay.
    pub fn validate_new(&self) -> Result<(), RuleError> {
        self.validate()?;
        // RULES.md, solo game: the rulebooks have no one-player game without the Machine
        // (docs/rules.md, "Decisions for the program").
        if self.machine.is_none() && self.players.len() == 1 {
            return Err(RuleError::OnePlayerIsSolo);
        }
        // RULES.md, components: white dice are the shared extras; only the solo player rolls
        // them as their own.
        if self.machine.is_none() && self.players.iter().any(|p| p.colour == Colour::White) {
            return Err(RuleError::WhiteIsSolo);
        }
        Ok(())
    }
}

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
    /// A discard pile was shuffled into a new deck (RULES.md, setup 4).
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

/// Supplies the random inputs of an action as it resolves.
trait Oracle {
    fn die(&mut self, why: &'static str) -> Result<u8, RuleError>;
    fn blueprint(&mut self, deck: &Pile<Blueprint>) -> Result<Blueprint, RuleError>;
    fn contractor(&mut self, deck: &Pile<Contractor>) -> Result<Contractor, RuleError>;
    fn tools(&mut self) -> Result<[Tool; 4], RuleError>;
}

/// Inputs given with the action: each is checked (a face 1–6, a card still in the deck).
struct Given<'a> {
    inputs: &'a Inputs,
    dice: usize,
    blueprints: usize,
    contractors: usize,
    tools: bool,
}

impl<'a> Given<'a> {
    fn new(inputs: &'a Inputs) -> Self {
        Given {
            inputs,
            dice: 0,
            blueprints: 0,
            contractors: 0,
            tools: false,
        }
    }
    fn finish(&self) -> Result<(), RuleError> {
        let mut extra = Vec::new();
        if self.dice < self.inputs.dice.len() {
            extra.push(format!(
                "{} die face(s)",
                self.inputs.dice.len() - self.dice
            ));
        }
        if self.blueprints < self.inputs.blueprints.len() {
            extra.push(format!(
                "{} blueprint(s)",
                self.inputs.blueprints.len() - self.blueprints
            ));
        }
        if self.contractors < self.inputs.contractors.len() {
            extra.push(format!(
                "{} contractor(s)",
                self.inputs.contractors.len() - self.contractors
            ));
        }
        if self.inputs.tools.is_some() && !self.tools {
            extra.push("the tool token order".into());
        }
        if extra.is_empty() {
            Ok(())
        } else {
            Err(RuleError::UnusedInputs(extra.join(", ")))
        }
    }
}

impl Oracle for Given<'_> {
    fn die(&mut self, why: &'static str) -> Result<u8, RuleError> {
        let v = *self
            .inputs
            .dice
            .get(self.dice)
            .ok_or(RuleError::NeedDie(why))?;
        if !(1..=6).contains(&v) {
            return Err(RuleError::BadFace(v));
        }
        self.dice += 1;
        Ok(v)
    }
    fn blueprint(&mut self, deck: &Pile<Blueprint>) -> Result<Blueprint, RuleError> {
        let card = *self
            .inputs
            .blueprints
            .get(self.blueprints)
            .ok_or(RuleError::NeedBlueprint)?;
        if !deck.contains(card) {
            return Err(RuleError::ImpossibleBlueprint {
                card,
                copies: card.info().copies,
            });
        }
        self.blueprints += 1;
        Ok(card)
    }
    fn contractor(&mut self, deck: &Pile<Contractor>) -> Result<Contractor, RuleError> {
        let card = *self
            .inputs
            .contractors
            .get(self.contractors)
            .ok_or(RuleError::NeedContractor)?;
        if !deck.contains(card) {
            return Err(RuleError::ImpossibleContractor {
                card,
                copies: card.info().copies,
            });
        }
        self.contractors += 1;
        Ok(card)
    }
    fn tools(&mut self) -> Result<[Tool; 4], RuleError> {
        let tools = self.inputs.tools.ok_or(RuleError::NeedTools)?;
        if Tool::ALL.iter().any(|t| !tools.contains(t)) {
            return Err(RuleError::BadTools);
        }
        self.tools = true;
        Ok(tools)
    }
}

/// A table-companion action whose cards are given but whose dice are the program's own
/// (a table that rolls virtual dice while dealing physical cards).
struct VirtualDice<'a> {
    given: Given<'a>,
    seeded: Seeded,
}

impl Oracle for VirtualDice<'_> {
    fn die(&mut self, why: &'static str) -> Result<u8, RuleError> {
        self.seeded.die(why)
    }
    fn blueprint(&mut self, deck: &Pile<Blueprint>) -> Result<Blueprint, RuleError> {
        self.given.blueprint(deck)
    }
    fn contractor(&mut self, deck: &Pile<Contractor>) -> Result<Contractor, RuleError> {
        self.given.contractor(deck)
    }
    fn tools(&mut self) -> Result<[Tool; 4], RuleError> {
        self.given.tools()
    }
}

/// The game's own generator: virtual dice and shuffled decks. It records what it produced so
/// the journal holds complete actions. Action `stream` gets its own generator, derived from the
/// setup's seed and the action's number, so replaying a journal and going on from there gives
/// the same rolls.
struct Seeded {
    rng: SplitMix64,
    record: Inputs,
}

impl Seeded {
    fn new(seed: u64, stream: u64) -> Self {
        Seeded {
            rng: SplitMix64::for_action(seed, stream),
            record: Inputs::default(),
        }
    }

    fn rng(&mut self) -> &mut SplitMix64 {
        &mut self.rng
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state stepped by a constant and mixed.
/// Tiny, fast to start (a game derives one per action), and fixed here, so a seed gives the
/// same rolls whatever version of `rand` builds the program.
#[derive(Debug, Clone)]
pub(crate) struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

    fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The generator of action number `stream` of the game seeded with `seed`.
    pub(crate) fn for_action(seed: u64, stream: u64) -> SplitMix64 {
        SplitMix64 {
            state: Self::mix(seed ^ Self::mix(stream.wrapping_add(Self::GAMMA))),
        }
    }
}

impl RngCore for SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(Self::GAMMA);
        Self::mix(self.state)
    }
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

impl Oracle for Seeded {
    fn die(&mut self, _why: &'static str) -> Result<u8, RuleError> {
        let v = self.rng().random_range(1..=6u8);
        self.record.dice.push(v);
        Ok(v)
    }
    fn blueprint(&mut self, deck: &Pile<Blueprint>) -> Result<Blueprint, RuleError> {
        let k = self.rng().random_range(0..deck.len());
        let card = deck.nth(k).ok_or(RuleError::NeedBlueprint)?;
        self.record.blueprints.push(card);
        Ok(card)
    }
    fn contractor(&mut self, deck: &Pile<Contractor>) -> Result<Contractor, RuleError> {
        let k = self.rng().random_range(0..deck.len());
        let card = deck.nth(k).ok_or(RuleError::NeedContractor)?;
        self.record.contractors.push(card);
        Ok(card)
    }
    fn tools(&mut self) -> Result<[Tool; 4], RuleError> {
        let mut tools = Tool::ALL;
        for i in (1..4).rev() {
            let j = self.rng().random_range(0..=i);
            tools.swap(i, j);
        }
        self.record.tools = Some(tools);
        Ok(tools)
    }
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
        let mut given = Given::new(&action.inputs);
        let events = execute(&mut self.scratch, &self.setup, &action.act, &mut given)?;
        given.finish()?;
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

fn phase_name(p: Phase) -> String {
    match p {
        Phase::Setup => "the opening deal".into(),
        Phase::Market { .. } => "the market phase".into(),
        Phase::Work { .. } => "the work phase".into(),
        Phase::Machine => "the Machine's turn".into(),
        Phase::Over => "the end of the game".into(),
    }
}

struct Ctx<'a> {
    st: &'a mut State,
    setup: &'a Setup,
    oracle: &'a mut dyn Oracle,
    events: Events,
}

fn execute(
    st: &mut State,
    setup: &Setup,
    act: &Act,
    oracle: &mut dyn Oracle,
) -> Result<Events, RuleError> {
    if st.phase == Phase::Over {
        return Err(RuleError::GameOver);
    }
    let mut cx = Ctx {
        st,
        setup,
        oracle,
        events: Events::new(),
    };
    cx.act(act)?;
    cx.check_end_trigger();
    Ok(cx.events)
}

impl Ctx<'_> {
    fn wrong(&self, expected: &'static str) -> RuleError {
        RuleError::WrongPhase {
            expected,
            now: phase_name(self.st.phase),
        }
    }

    fn market_turn(&self) -> Result<(usize, bool), RuleError> {
        match self.st.phase {
            Phase::Market { turn, refreshed } => Ok((turn, refreshed)),
            _ => Err(self.wrong("in the market phase")),
        }
    }

    /// The acting player in the work phase, once rolled.
    fn worker(&self) -> Result<usize, RuleError> {
        match self.st.phase {
            Phase::Work { rolled: true, turn } => Ok((self.st.first_player + turn) % self.n()),
            Phase::Work { rolled: false, .. } => Err(RuleError::NotRolled),
            _ => Err(self.wrong("in the work phase")),
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
        }
    }

    // --- Decks ------------------------------------------------------------------------------

    /// Reveals the top blueprint; an empty deck is refilled from its discard pile first
    /// (RULES.md, setup 4). `None` when both are empty.
    fn reveal_blueprint(&mut self) -> Result<Option<Blueprint>, RuleError> {
        if self.st.blueprint_deck.is_empty() {
            if self.st.blueprint_discard.is_empty() {
                return Ok(None);
            }
            let st = &mut *self.st;
            st.blueprint_deck.take_all(&mut st.blueprint_discard);
            self.events.push(Event::Reshuffled {
                row: Row::Blueprints,
            });
        }
        let card = self.oracle.blueprint(&self.st.blueprint_deck)?;
        self.st.blueprint_deck.remove(card);
        Ok(Some(card))
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

    /// Draws `n` blueprints into a player's hand (as many as remain).
    fn draw(&mut self, p: usize, n: u32) -> Result<(), RuleError> {
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

    // --- Setup and round structure ------------------------------------------------------

    fn deal(&mut self) -> Result<(), RuleError> {
        if self.st.phase != Phase::Setup {
            return Err(self.wrong("once, at the start"));
        }
        // RULES.md, setup 3: tool tokens in random order, fixed for the whole game.
        self.st.market.tools = self.oracle.tools()?;
        // Setup 2: 4 random blueprints per player.
        for p in 0..self.n() {
            for _ in 0..4 {
                let card = self.reveal_blueprint()?.ok_or(RuleError::NeedBlueprint)?;
                self.st.players[p].hand.add(card);
            }
        }
        // Setup 3: the market.
        self.refill_market()?;
        // Solo setup: the Machine's starting compound; Monuments are discarded and replaced.
        if let Some(difficulty) = self.setup.machine {
            let mut got = 0;
            while got < difficulty.starting_cards() {
                let card = self.reveal_blueprint()?.ok_or(RuleError::NeedBlueprint)?;
                if card.is_monument() {
                    self.st.blueprint_discard.add(card);
                } else if let Some(m) = self.st.machine.as_mut() {
                    m.compound.add(card);
                    got += 1;
                }
            }
        }
        self.start_round(1);
        Ok(())
    }

    fn start_round(&mut self, round: u32) {
        self.st.round = round;
        self.st.phase = Phase::Market {
            turn: 0,
            refreshed: false,
        };
        // Once-per-round limits restart (activations, Scrap Yard, Solar Array, Laboratory);
        // dice and HQ slots are emptied: the round's dice come with the roll.
        for p in self.st.players.iter_mut() {
            p.activated = 0;
            p.fired = Fired::default();
            p.hq = [HqSection::default(); 3];
            p.dice.clear();
            p.specialist_due = false;
        }
    }

    fn end_market_turn(&mut self) {
        if let Phase::Market { turn, .. } = self.st.phase {
            self.st.phase = if turn + 1 < self.n() {
                Phase::Market {
                    turn: turn + 1,
                    refreshed: false,
                }
            } else {
                Phase::Work {
                    turn: 0,
                    rolled: false,
                }
            };
        }
    }

    fn end_round(&mut self) {
        self.check_end_trigger();
        if self
            .st
            .final_round()
            .is_some_and(|last| self.st.round >= last)
        {
            self.st.phase = Phase::Over;
            self.events.push(Event::GameOver);
            return;
        }
        // RULES.md, end of the work phase: the first-player token passes clockwise.
        self.st.first_player = (self.st.first_player + 1) % self.n();
        self.start_round(self.st.round + 1);
    }

    /// RULES.md, end of the game: 12+ goods produced or 10+ cards in a compound; in solo the
    /// Machine triggers it only by reaching 12 goods.
    fn check_end_trigger(&mut self) {
        if self.st.end_triggered.is_some() || self.st.phase == Phase::Setup {
            return;
        }
        let players = self
            .st
            .players
            .iter()
            .any(|p| p.goods >= 12 || p.compound.len() >= 10);
        let machine = self.st.machine.as_ref().is_some_and(|m| m.goods >= 12);
        if players || machine {
            self.st.end_triggered = Some(self.st.round);
            self.events.push(Event::EndTriggered {
                round: self.st.round,
            });
        }
    }

    // --- Market phase -------------------------------------------------------------------

    fn refresh(&mut self, row: Row, pay: Resource) -> Result<(), RuleError> {
        let (turn, refreshed) = self.market_turn()?;
        if refreshed {
            return Err(RuleError::AlreadyRefreshed);
        }
        let p = (self.st.first_player + turn) % self.n();
        let player = &mut self.st.players[p];
        match pay {
            Resource::Metal if player.metal >= 1 => player.metal -= 1,
            Resource::Energy if player.energy >= 1 => player.energy -= 1,
            _ => return Err(RuleError::CannotPayRefresh(pay)),
        }
        self.discard_row(row);
        self.refill_market()?;
        self.st.phase = Phase::Market {
            turn,
            refreshed: true,
        };
        Ok(())
    }

    fn take_blueprint(&mut self, slot: u8) -> Result<(), RuleError> {
        let (turn, _) = self.market_turn()?;
        let p = (self.st.first_player + turn) % self.n();
        let card = self
            .st
            .market
            .blueprints
            .get(usize::from(slot))
            .ok_or(RuleError::NoSuchSlot(u16::from(slot) + 1))?
            .ok_or(RuleError::EmptySlot(u16::from(slot) + 1))?;
        self.st.market.blueprints[usize::from(slot)] = None;
        self.st.players[p].hand.add(card);
        self.refill_market()?;
        self.end_market_turn();
        Ok(())
    }

    fn pass(&mut self) -> Result<(), RuleError> {
        let (turn, _) = self.market_turn()?;
        let p = (self.st.first_player + turn) % self.n();
        if !market_blocked(self.st, p) {
            return Err(RuleError::WrongPhase {
                expected: "only when you can neither take a blueprint nor hire a contractor",
                now: "a market phase with a choice".into(),
            });
        }
        self.end_market_turn();
        Ok(())
    }

    fn hire(
        &mut self,
        slot: u8,
        discard: Blueprint,
        opponent: Option<u8>,
    ) -> Result<(), RuleError> {
        let (turn, _) = self.market_turn()?;
        let p = (self.st.first_player + turn) % self.n();
        let i = usize::from(slot);
        let contractor = self
            .st
            .market
            .contractors
            .get(i)
            .ok_or(RuleError::NoSuchSlot(u16::from(slot) + 1))?
            .ok_or(RuleError::EmptySlot(u16::from(slot) + 1))?;
        let tool = self.st.market.tools[i];
        let player = &self.st.players[p];
        if !player.hand.contains(discard) {
            return Err(RuleError::NotInHand(discard));
        }
        if discard.tool() != tool {
            return Err(RuleError::WrongHireTool {
                contractor,
                tool,
                discard,
                discard_tool: discard.tool(),
            });
        }
        let cost = u32::from(contractor.info().extra_energy);
        if player.energy < cost {
            return Err(RuleError::CannotPayContractor {
                contractor,
                cost,
                have: player.energy,
            });
        }
        // Contractors with a gift for an opponent (cards.md); ignored in solo (RULES.md).
        let gives = matches!(
            contractor,
            Contractor::Architect | Contractor::Electrician | Contractor::Miner
        );
        let opponent = match (gives && self.n() >= 2, opponent) {
            (true, None) => return Err(RuleError::OpponentNeeded(contractor)),
            (true, Some(o)) if usize::from(o) >= self.n() || usize::from(o) == p => {
                return Err(RuleError::BadOpponent(u16::from(o) + 1));
            }
            (true, Some(o)) => Some(usize::from(o)),
            (false, Some(_)) => return Err(RuleError::NoOpponentChoice(contractor)),
            (false, None) => None,
        };
        let player = &mut self.st.players[p];
        player.energy -= cost;
        player.hand.remove(discard);
        self.st.blueprint_discard.add(discard);
        self.st.market.contractors[i] = None;
        self.st.contractor_discard.add(contractor);
        match contractor {
            Contractor::Architect => {
                self.draw(p, 3)?;
                if let Some(o) = opponent {
                    self.draw(o, 1)?;
                }
            }
            Contractor::Electrician => {
                self.st.players[p].energy += 5;
                if let Some(o) = opponent {
                    self.st.players[o].energy += 2;
                }
            }
            Contractor::Miner => {
                self.st.players[p].metal += 3;
                if let Some(o) = opponent {
                    self.st.players[o].metal += 1;
                }
            }
            Contractor::Engineer => self.engineer(p)?,
            Contractor::Investor => {
                if let Some(card) = self.reveal_blueprint()? {
                    let (metal, energy) =
                        (u32::from(card.info().metal), u32::from(card.info().energy));
                    self.st.players[p].metal += metal;
                    self.st.players[p].energy += energy;
                    self.st.blueprint_discard.add(card);
                    self.events.push(Event::Investor {
                        card,
                        metal,
                        energy,
                    });
                }
            }
            Contractor::Foreman | Contractor::HiredHands | Contractor::Specialist => {
                self.st.players[p].pending = Some(contractor);
            }
        }
        self.refill_market()?;
        self.end_market_turn();
        Ok(())
    }

    /// cards.md, Engineer: reveal and build for free; a card the player may not build is
    /// discarded and another revealed. **Decision**: when neither the deck nor its discard
    /// pile holds a card the player may build, nothing is built.
    fn engineer(&mut self, p: usize) -> Result<(), RuleError> {
        loop {
            let player = &self.st.players[p];
            let buildable = |pile: &Pile<Blueprint>| {
                pile.iter()
                    .any(|(c, _)| c.allows_several() || !player.compound.contains(c))
            };
            if !buildable(&self.st.blueprint_deck) && !buildable(&self.st.blueprint_discard) {
                return Ok(());
            }
            let Some(card) = self.reveal_blueprint()? else {
                return Ok(());
            };
            if card.allows_several() || !self.st.players[p].compound.contains(card) {
                self.st.players[p].compound.add(card);
                self.events.push(Event::Built { player: p, card });
                self.after_build(p, card);
                return Ok(());
            }
            self.st.blueprint_discard.add(card);
            self.events.push(Event::EngineerSkipped { card });
        }
    }

    // --- Work phase ---------------------------------------------------------------------

    fn roll(&mut self, set: &[u8]) -> Result<(), RuleError> {
        let turn = match self.st.phase {
            Phase::Work {
                rolled: false,
                turn,
            } => turn,
            Phase::Work { rolled: true, .. } => return Err(RuleError::AlreadyRolled),
            _ => return Err(self.wrong("at the start of the work phase")),
        };
        let p = (self.st.first_player + turn) % self.n();
        let pending = self.st.players[p].pending.take();
        if !set.is_empty() && pending != Some(Contractor::Foreman) {
            return Err(RuleError::NoForeman);
        }
        if set.len() > 4 {
            return Err(RuleError::TooManySet(set.len()));
        }
        let mut dice = Dice::default();
        for &v in set {
            if !(1..=6).contains(&v) {
                return Err(RuleError::BadFace(v));
            }
            dice.push(v, DieOrigin::Foreman);
        }
        for _ in set.len()..4 {
            let v = self.oracle.die("your roll")?;
            dice.push(v, DieOrigin::Own);
        }
        if pending == Some(Contractor::HiredHands) {
            for _ in 0..2 {
                let v = self.oracle.die("the Hired Hands' dice")?;
                dice.push(v, DieOrigin::HiredHands);
            }
        }
        let player = &mut self.st.players[p];
        player.dice = dice;
        player.specialist_due = pending == Some(Contractor::Specialist);
        self.st.phase = Phase::Work { turn, rolled: true };
        Ok(())
    }

    fn specialist_die(&mut self, value: u8) -> Result<(), RuleError> {
        let p = self.worker()?;
        if !self.st.players[p].specialist_due {
            return Err(RuleError::NoSpecialist);
        }
        if !(1..=6).contains(&value) {
            return Err(RuleError::BadFace(value));
        }
        let player = &mut self.st.players[p];
        player.specialist_due = false;
        player.dice.push(value, DieOrigin::Specialist);
        Ok(())
    }

    /// Checks dice indices (exist, unplaced, distinct) and returns their values.
    fn unplaced_values(&self, p: usize, dice: &[u8]) -> Result<DiceList, RuleError> {
        let tray = &self.st.players[p].dice;
        let mut values = [0u8; MAX_DICE];
        for (k, &d) in dice.iter().enumerate() {
            let die = tray
                .get(usize::from(d))
                .ok_or(RuleError::NoSuchDie(u16::from(d) + 1))?;
            if die.placed.is_some() {
                return Err(RuleError::DieAlreadyPlaced(u16::from(d) + 1));
            }
            if dice[..k].contains(&d) {
                return Err(RuleError::DieTwice(u16::from(d) + 1));
            }
            // Distinct dice of one tray: never more than MAX_DICE.
            *values
                .get_mut(k)
                .ok_or(RuleError::NoSuchDie(u16::from(d) + 1))? = die.value;
        }
        DiceList::new(&values[..dice.len()]).ok_or(RuleError::NoSuchDie(MAX_DICE as u16 + 1))
    }

    fn mark_placed(&mut self, p: usize, dice: &[u8], spot: Spot) {
        for &d in dice {
            if let Some(die) = self.st.players[p].dice.get_mut(usize::from(d)) {
                die.placed = Some(spot);
            }
        }
    }

    /// cards.md, Headquarters board: Research any die → 1 blueprint; Mine 4–6 → 1 metal;
    /// Generate 1–3 → energy equal to the value; +1 when an equal die is already there.
    fn place(&mut self, die: u8, section: Section) -> Result<(), RuleError> {
        let p = self.worker()?;
        let value = self.unplaced_values(p, &[die])?[0];
        let hq = self.st.players[p].hq[section.index()];
        if hq.is_full() {
            return Err(RuleError::SectionFull(section));
        }
        match section {
            Section::Mine if value < 4 => {
                return Err(RuleError::SectionValue {
                    section,
                    needs: "4, 5 or 6",
                    value,
                });
            }
            Section::Generate if value > 3 => {
                return Err(RuleError::SectionValue {
                    section,
                    needs: "1, 2 or 3",
                    value,
                });
            }
            _ => {}
        }
        let bonus = u32::from(hq.values().any(|v| v == value));
        let slot = hq.dice.iter().position(|&v| v == 0).unwrap_or(2);
        self.st.players[p].hq[section.index()].dice[slot] = value;
        self.mark_placed(p, &[die], Spot::Hq(section));
        match section {
            Section::Research => self.draw(p, 1 + bonus)?,
            Section::Mine => self.st.players[p].metal += 1 + bonus,
            Section::Generate => self.st.players[p].energy += u32::from(value) + bonus,
        }
        Ok(())
    }

    fn activate(&mut self, card: Blueprint, dice: &[u8], choice: &Choice) -> Result<(), RuleError> {
        let p = self.worker()?;
        let player = &self.st.players[p];
        if !player.compound.contains(card) {
            return Err(RuleError::NotInCompound(card));
        }
        if card == Blueprint::Replicator {
            return Err(RuleError::ChoiceNeeded {
                card,
                what: "which market blueprint to copy (use Replicate)",
            });
        }
        if card.is_passive() {
            return Err(RuleError::NoActivation(card));
        }
        if player.has_activated(card) {
            return Err(RuleError::AlreadyActivated(card));
        }
        self.st.players[p].activated |= 1 << card.index();
        self.resolve(p, card, dice, choice, Spot::Card(card))
    }

    /// cards.md, Replicator. **Decision**: it copies a market blueprint that has an activation
    /// (not a Monument, not a passive card, not another Replicator).
    fn replicate(
        &mut self,
        card: Blueprint,
        dice: &[u8],
        choice: &Choice,
    ) -> Result<(), RuleError> {
        let p = self.worker()?;
        let player = &self.st.players[p];
        if !player.compound.contains(Blueprint::Replicator) {
            return Err(RuleError::NoReplicator);
        }
        if player.has_activated(Blueprint::Replicator) {
            return Err(RuleError::AlreadyActivated(Blueprint::Replicator));
        }
        if !self.st.market.blueprints.contains(&Some(card)) {
            return Err(RuleError::NotInMarket(card));
        }
        if card.is_passive() || card == Blueprint::Replicator {
            return Err(RuleError::CannotReplicate(card));
        }
        self.pay_energy(p, Blueprint::Replicator, 1)?;
        self.st.players[p].activated |= 1 << Blueprint::Replicator.index();
        self.resolve(p, card, dice, choice, Spot::Card(Blueprint::Replicator))
    }

    fn pay_energy(&mut self, p: usize, card: Blueprint, n: u32) -> Result<(), RuleError> {
        let player = &mut self.st.players[p];
        if player.energy < n {
            return Err(RuleError::NeedEnergy {
                card,
                needs: n,
                have: player.energy,
            });
        }
        player.energy -= n;
        Ok(())
    }

    fn pay_metal(&mut self, p: usize, card: Blueprint, n: u32) -> Result<(), RuleError> {
        let player = &mut self.st.players[p];
        if player.metal < n {
            return Err(RuleError::NeedMetal {
                card,
                needs: n,
                have: player.metal,
            });
        }
        player.metal -= n;
        Ok(())
    }

    /// Discards blueprints from hand for an activation (Black Market, Incinerator, Refinery,
    /// Recycling Plant, Trash Compactor).
    fn discard_from_hand(
        &mut self,
        p: usize,
        card: Blueprint,
        cards: &[Blueprint],
        needs: usize,
    ) -> Result<(), RuleError> {
        if cards.len() != needs {
            return Err(RuleError::DiscardCount {
                card,
                needs,
                got: cards.len(),
            });
        }
        for &c in cards {
            if !self.st.players[p].hand.remove(c) {
                return Err(RuleError::NotInHand(c));
            }
            self.st.blueprint_discard.add(c);
        }
        Ok(())
    }

    /// Gains goods; a Laboratory then draws 1 blueprint, at most once per round (cards.md).
    fn gain_goods(&mut self, p: usize, n: u32) -> Result<(), RuleError> {
        let player = &mut self.st.players[p];
        player.goods += n;
        if n > 0 && player.compound.contains(Blueprint::Laboratory) && !player.fired.laboratory {
            player.fired.laboratory = true;
            self.events.push(Event::Triggered {
                player: p,
                card: Blueprint::Laboratory,
            });
            self.draw(p, 1)?;
        }
        Ok(())
    }

    /// Resolves one activation of `card` (owned, or copied by the Replicator). Card rows:
    /// cards.md, "Blueprints".
    fn resolve(
        &mut self,
        p: usize,
        card: Blueprint,
        dice: &[u8],
        choice: &Choice,
        spot: Spot,
    ) -> Result<(), RuleError> {
        use Blueprint as B;
        let values = self.unplaced_values(p, dice)?;
        let pattern = dice_pattern(card);
        match pattern {
            Some(pattern) => pattern.check(card, &values)?,
            None if !dice.is_empty() => {
                return Err(RuleError::BadChoice {
                    card,
                    why: "it takes no dice".into(),
                });
            }
            None => {}
        }
        choice_shape(card, choice)?;
        // Training cards change unplaced dice instead of taking them.
        let places = pattern.is_some_and(|pt| !matches!(pt, Pattern::Targets(_)));
        match card {
            B::AluminumFactory => {
                self.pay_energy(p, card, 5)?;
                self.st.players[p].metal += 1;
                self.gain_goods(p, 2)?;
            }
            B::AssemblyLine | B::MegaFactory => {
                self.gain_goods(p, 2)?;
            }
            B::BatteryFactory => {
                self.pay_energy(p, card, 4)?;
                self.gain_goods(p, 1)?;
            }
            B::Biolab => {
                self.pay_energy(p, card, 1)?;
                self.gain_goods(p, 1)?;
            }
            B::BlackMarket => {
                self.discard_from_hand(p, card, &choice.discard, 1)?;
                let sold = choice.discard[0].info();
                let (m, e) = (u32::from(sold.metal), u32::from(sold.energy));
                let (metal, energy) = if m + e <= 4 {
                    if choice.metal.is_some() {
                        return Err(RuleError::BadChoice {
                            card,
                            why: format!(
                                "{} costs {m} metal and {e} energy: all of it is gained",
                                sold.name
                            ),
                        });
                    }
                    (m, e)
                } else {
                    let a = u32::from(choice.metal.ok_or(RuleError::ChoiceNeeded {
                        card,
                        what: "how many of the 4 resources are metal",
                    })?);
                    if a > m || a > 4 || 4 - a > e {
                        return Err(RuleError::BadChoice {
                            card,
                            why: format!(
                                "{} costs {m} metal and {e} energy: you may take at most {m} metal and {e} energy, 4 in all",
                                sold.name
                            ),
                        });
                    }
                    (a, 4 - a)
                };
                self.st.players[p].metal += metal;
                self.st.players[p].energy += energy;
            }
            B::ConcretePlant => {
                self.pay_metal(p, card, u32::from(values[0]))?;
                self.gain_goods(p, 2)?;
            }
            B::Dojo | B::FitnessCenter | B::Gymnasium => {
                let v = values[0];
                let new = match card {
                    B::Dojo => 7 - v,
                    B::FitnessCenter if v == 1 => return Err(RuleError::FitnessOnOne),
                    B::FitnessCenter => v - 1,
                    _ if v == 6 => return Err(RuleError::GymnasiumOnSix),
                    _ => v + 1,
                };
                self.pay_energy(p, card, 1)?;
                if let Some(die) = self.st.players[p].dice.get_mut(usize::from(dice[0])) {
                    die.value = new;
                }
            }
            B::TempAgency => {
                self.pay_energy(p, card, 1)?;
                for &d in dice {
                    let v = self.oracle.die("the Temp Agency's reroll")?;
                    if let Some(die) = self.st.players[p].dice.get_mut(usize::from(d)) {
                        die.value = v;
                    }
                }
            }
            B::Foundry => {
                let x = u32::from(values[0]);
                self.pay_energy(p, card, x)?;
                self.st.players[p].metal += x;
            }
            B::FulfillmentCenter => {
                self.pay_energy(p, card, 2)?;
                self.st.players[p].metal += 1;
                self.gain_goods(p, 1)?;
            }
            B::Golem => {
                let x = choice.value.ok_or(RuleError::ChoiceNeeded {
                    card,
                    what: "X, the energy paid and the new die's value",
                })?;
                if !(1..=6).contains(&x) {
                    return Err(RuleError::BadFace(x));
                }
                self.pay_energy(p, card, u32::from(x))?;
                self.st.players[p].dice.push(x, DieOrigin::Golem);
            }
            B::Harvester => match choice.bonus {
                Some(Bonus::Metal) => self.st.players[p].metal += 4,
                Some(Bonus::Energy) => self.st.players[p].energy += 7,
                _ => {
                    return Err(RuleError::ChoiceNeeded {
                        card,
                        what: "4 metal or 7 energy",
                    });
                }
            },
            B::Incinerator => {
                self.discard_from_hand(p, card, &choice.discard, 1)?;
                self.pay_metal(p, card, 1)?;
                self.st.players[p].energy += 6;
            }
            B::Manufactory => {
                let bonus = choice.bonus.ok_or(RuleError::ChoiceNeeded {
                    card,
                    what: "2 metal, 3 energy or 2 blueprints",
                })?;
                self.gain_goods(p, 1)?;
                match bonus {
                    Bonus::Metal => self.st.players[p].metal += 2,
                    Bonus::Energy => self.st.players[p].energy += 3,
                    Bonus::Draw => self.draw(p, 2)?,
                }
            }
            B::Motherlode => {
                self.st.players[p].metal += if values[0] <= 3 { 1 } else { 2 };
            }
            B::NuclearPlant => {
                self.st.players[p].energy += 1;
                self.gain_goods(p, 1)?;
            }
            B::PowerPlant => {
                self.st.players[p].energy += u32::from(values[0]);
            }
            B::RecyclingPlant => {
                self.discard_from_hand(p, card, &choice.discard, 2)?;
                self.pay_energy(p, card, 2)?;
                self.gain_goods(p, 1)?;
                self.draw(p, 1)?;
            }
            B::Refinery => {
                self.discard_from_hand(p, card, &choice.discard, 1)?;
                self.pay_energy(p, card, 3)?;
                self.st.players[p].metal += 3;
            }
            B::Robot => {
                self.pay_metal(p, card, 1)?;
                let v = self.oracle.die("the Robot's extra die")?;
                self.st.players[p].dice.push(v, DieOrigin::Robot);
            }
            B::TrashCompactor => {
                self.discard_from_hand(p, card, &choice.discard, 2)?;
                self.gain_goods(p, 2)?;
            }
            B::Warehouse => {
                self.st.players[p].energy += 2;
                self.gain_goods(p, 2)?;
            }
            B::Beacon
            | B::Megalith
            | B::Obelisk
            | B::Laboratory
            | B::ScrapYard
            | B::SolarArray
            | B::Replicator => return Err(RuleError::NoActivation(card)),
        }
        if card == B::MegaFactory {
            let v = choice.value.ok_or(RuleError::ChoiceNeeded {
                card,
                what: "the value of the extra die",
            })?;
            if !(1..=6).contains(&v) {
                return Err(RuleError::BadFace(v));
            }
            self.st.players[p].dice.push(v, DieOrigin::MegaFactory);
        }
        if places {
            self.mark_placed(p, dice, spot);
        }
        Ok(())
    }

    fn build(&mut self, card: Blueprint, discard: Blueprint) -> Result<(), RuleError> {
        let p = self.worker()?;
        let player = &self.st.players[p];
        check_build(player, card, discard)?;
        let (metal, energy) = build_cost(player, card);
        let player = &mut self.st.players[p];
        player.metal -= metal;
        player.energy -= energy;
        player.hand.remove(card);
        player.hand.remove(discard);
        player.compound.add(card);
        self.st.blueprint_discard.add(discard);
        self.events.push(Event::Built { player: p, card });
        self.after_build(p, card);
        Ok(())
    }

    /// cards.md, Scrap Yard (+1 metal) and Solar Array (+2 energy): after building another
    /// card, once per round each.
    fn after_build(&mut self, p: usize, card: Blueprint) {
        let player = &mut self.st.players[p];
        if card != Blueprint::ScrapYard
            && player.compound.contains(Blueprint::ScrapYard)
            && !player.fired.scrap_yard
        {
            player.fired.scrap_yard = true;
            player.metal += 1;
            self.events.push(Event::Triggered {
                player: p,
                card: Blueprint::ScrapYard,
            });
        }
        let player = &mut self.st.players[p];
        if card != Blueprint::SolarArray
            && player.compound.contains(Blueprint::SolarArray)
            && !player.fired.solar_array
        {
            player.fired.solar_array = true;
            player.energy += 2;
            self.events.push(Event::Triggered {
                player: p,
                card: Blueprint::SolarArray,
            });
        }
    }

    /// RULES.md, end of the work phase: keep at most 10 blueprints and 12 resources, discarding
    /// exactly the excess of the player's choice.
    fn end_work(
        &mut self,
        discard: &[Blueprint],
        metal: u32,
        energy: u32,
    ) -> Result<(), RuleError> {
        let p = self.worker()?;
        let player = &self.st.players[p];
        let hand_excess = (player.hand.len() as u32).saturating_sub(10);
        if discard.len() as u32 != hand_excess {
            return Err(RuleError::HandLimit {
                needs: hand_excess,
                got: discard.len() as u32,
            });
        }
        let res_excess = player.resources().saturating_sub(12);
        // Numbers from a file: their sum may not fit (a u32 each).
        let named = metal.saturating_add(energy);
        if named != res_excess {
            return Err(RuleError::ResourceLimit {
                needs: res_excess,
                got: named,
            });
        }
        if metal > player.metal {
            return Err(RuleError::DropTooMuch {
                what: Resource::Metal,
                named: metal,
                have: player.metal,
            });
        }
        if energy > player.energy {
            return Err(RuleError::DropTooMuch {
                what: Resource::Energy,
                named: energy,
                have: player.energy,
            });
        }
        let player = &mut self.st.players[p];
        for &c in discard {
            if !player.hand.remove(c) {
                return Err(RuleError::NotInHand(c));
            }
            self.st.blueprint_discard.add(c);
        }
        let player = &mut self.st.players[p];
        player.metal -= metal;
        player.energy -= energy;
        player.specialist_due = false;
        let Phase::Work { turn, .. } = self.st.phase else {
            return Err(self.wrong("in the work phase"));
        };
        if turn + 1 < self.n() {
            self.st.phase = Phase::Work {
                turn: turn + 1,
                rolled: false,
            };
        } else if self.st.is_solo() {
            self.st.phase = Phase::Machine;
        } else {
            self.end_round();
        }
        Ok(())
    }

    // --- The Machine (RULES.md, solo game) -----------------------------------------------

    fn machine_turn(&mut self) -> Result<(), RuleError> {
        if self.st.phase != Phase::Machine {
            return Err(self.wrong("after your work phase in a solo game"));
        }
        let mut dice = [0u8; 5];
        for d in dice.iter_mut() {
            *d = self.oracle.die("the Machine's five dice")?;
        }
        self.events.push(Event::MachineRolled { dice });
        let green = dice[4];
        match green {
            1..=4 => {
                let slot = usize::from(green - 1);
                if let Some(card) = self.st.market.blueprints[slot].take() {
                    self.machine_gains(card, Some(green - 1));
                }
            }
            _ => {
                if let Some(card) = self.reveal_blueprint()? {
                    self.machine_gains(card, None);
                }
                let row = if green == 5 {
                    Row::Blueprints
                } else {
                    Row::Contractors
                };
                self.discard_row(row);
                self.events.push(Event::MachineDiscardedRow { row });
            }
        }
        self.refill_market()?;
        for (k, die) in MachineDie::ORDER.iter().take(4).enumerate() {
            let Some(kind) = die.card_type() else {
                continue;
            };
            let value = dice[k];
            if let Some(m) = self.st.machine.as_mut() {
                let cards = m.compound.of_type(kind);
                let produced = u32::from(value) <= cards;
                if produced {
                    m.goods += 1;
                }
                self.events.push(Event::MachineProduction {
                    die: *die,
                    value,
                    cards,
                    produced,
                });
            }
        }
        self.end_round();
        Ok(())
    }

    fn machine_gains(&mut self, card: Blueprint, slot: Option<u8>) {
        if let Some(m) = self.st.machine.as_mut() {
            m.compound.add(card);
        }
        self.events.push(Event::MachineTook { card, slot });
    }
}

/// True when the acting player can neither take a blueprint nor hire anyone; only then may
/// they pass (**Decision**: the rulebooks never reach this; it needs every card out).
pub(crate) fn market_blocked(st: &State, p: usize) -> bool {
    let player = &st.players[p];
    let take = st.market.blueprints.iter().any(Option::is_some);
    let hire = (0..4).any(|i| {
        st.market.contractors[i].is_some_and(|c| {
            player.energy >= u32::from(c.info().extra_energy)
                && player.hand.of_tool(st.market.tools[i]) > 0
        })
    });
    !take && !hire
}

/// Build checks (RULES.md, work phase; cards.md Beacon, Obelisk, Megalith).
pub fn check_build(
    player: &PlayerState,
    card: Blueprint,
    discard: Blueprint,
) -> Result<(), RuleError> {
    if !player.hand.contains(card) {
        return Err(RuleError::NotInHand(card));
    }
    if !player.hand.contains(discard) {
        return Err(RuleError::NotInHand(discard));
    }
    if card == discard && player.hand.count(card) < 2 {
        // Naming the card itself as its discard: the rule that applies is the other blueprint
        // of the same tool (RULES.md, work phase, Build), unless the hand has one.
        let other = player
            .hand
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

/// The dice a card's activation takes (cards.md, dice notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pattern {
    /// Any one die.
    Any,
    /// One die showing exactly this value.
    Exactly(u8),
    /// `n` dice of equal value (X=X, X=X=X).
    Equal(usize),
    /// Three consecutive values.
    Run3,
    /// Three dice summing to 14 or more (Warehouse).
    Sum14,
    /// Unplaced dice changed, not placed (training cards): exactly one, or `0` = one or more.
    Targets(usize),
}

pub(crate) fn dice_pattern(card: Blueprint) -> Option<Pattern> {
    use Blueprint as B;
    Some(match card {
        B::AluminumFactory | B::ConcretePlant | B::Harvester | B::Manufactory => Pattern::Equal(2),
        B::TrashCompactor => Pattern::Equal(2),
        B::MegaFactory => Pattern::Equal(3),
        B::AssemblyLine => Pattern::Run3,
        B::Warehouse => Pattern::Sum14,
        B::Biolab => Pattern::Exactly(1),
        B::FulfillmentCenter => Pattern::Exactly(4),
        B::NuclearPlant => Pattern::Exactly(6),
        B::BlackMarket | B::Foundry | B::Motherlode | B::PowerPlant => Pattern::Any,
        B::Dojo | B::FitnessCenter | B::Gymnasium => Pattern::Targets(1),
        B::TempAgency => Pattern::Targets(0),
        _ => return None,
    })
}

impl Pattern {
    pub(crate) fn needs(self) -> &'static str {
        match self {
            Pattern::Any => "one die",
            Pattern::Exactly(1) => "one die showing 1",
            Pattern::Exactly(4) => "one die showing 4",
            Pattern::Exactly(_) => "one die showing 6",
            Pattern::Equal(2) => "two dice of equal value",
            Pattern::Equal(_) => "three dice of equal value",
            Pattern::Run3 => "three dice of consecutive values",
            Pattern::Sum14 => "three dice summing to 14 or more",
            Pattern::Targets(1) => "one unplaced die to change",
            Pattern::Targets(_) => "one or more unplaced dice to reroll",
        }
    }

    pub(crate) fn fits(self, values: &[u8]) -> bool {
        match self {
            Pattern::Any | Pattern::Targets(1) => values.len() == 1,
            Pattern::Targets(_) => !values.is_empty(),
            Pattern::Exactly(v) => values == [v],
            Pattern::Equal(n) => values.len() == n && values.iter().all(|&v| v == values[0]),
            Pattern::Run3 => {
                let mut s = [0u8; 3];
                if values.len() != 3 {
                    return false;
                }
                s.copy_from_slice(values);
                s.sort_unstable();
                s[1] == s[0] + 1 && s[2] == s[1] + 1
            }
            Pattern::Sum14 => {
                values.len() == 3 && values.iter().map(|&v| u32::from(v)).sum::<u32>() >= 14
            }
        }
    }

    fn check(self, card: Blueprint, values: &[u8]) -> Result<(), RuleError> {
        if self.fits(values) {
            return Ok(());
        }
        let got = if values.is_empty() {
            "no die was given".to_string()
        } else {
            let v: Vec<String> = values.iter().map(u8::to_string).collect();
            format!("the dice show {}", v.join(", "))
        };
        Err(RuleError::DicePattern {
            card,
            needs: self.needs(),
            got,
        })
    }
}

/// Which choice fields a card takes; anything else must be empty so that one decision has
/// one spelling in the journal.
fn choice_shape(card: Blueprint, choice: &Choice) -> Result<(), RuleError> {
    use Blueprint as B;
    let discards = match card {
        B::BlackMarket | B::Incinerator | B::Refinery => 1,
        B::RecyclingPlant | B::TrashCompactor => 2,
        _ => 0,
    };
    let value = matches!(card, B::Golem | B::MegaFactory);
    let bonus = matches!(card, B::Harvester | B::Manufactory);
    let metal = card == B::BlackMarket;
    let bad = |why: &str| {
        Err(RuleError::BadChoice {
            card,
            why: why.to_string(),
        })
    };
    if discards == 0 && !choice.discard.is_empty() {
        return bad("it discards no blueprint");
    }
    if !value && choice.value.is_some() {
        return bad("it takes no chosen value");
    }
    if !bonus && choice.bonus.is_some() {
        return bad("it offers no choice of reward");
    }
    if !metal && choice.metal.is_some() {
        return bad("it offers no choice of metal");
    }
    if card == B::Harvester && choice.bonus == Some(Bonus::Draw) {
        return bad("Harvester gives 4 metal or 7 energy");
    }
    Ok(())
}
