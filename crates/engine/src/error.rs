//! Refusals: every rule the engine enforces has a variant whose sentence a player understands
//! and which names the rule.

use super::action::{DiceList, Resource};
use super::apply::Pattern;
use super::cards::{Blueprint, Contractor, Tool};
use super::state::{Colour, Phase, Section};
use std::fmt;
use thiserror::Error;

/// When an action may be taken: the first half of a wrong-phase refusal (data, said in each
/// language by the words; `Display` is the English).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum When {
    /// In the market phase.
    Market,
    /// In the work phase.
    Work,
    /// At the start of the work phase (the roll).
    WorkStart,
    /// After the player's work phase, in a solo game (the Machine's turn).
    MachineTurn,
    /// Once, at the start (the opening deal).
    Deal,
    /// Once the cards are dealt.
    Dealt,
    /// Only when the player can neither take a blueprint nor hire a contractor (a pass).
    Pass,
}

impl When {
    pub const ALL: [When; 7] = [
        When::Market,
        When::Work,
        When::WorkStart,
        When::MachineTurn,
        When::Deal,
        When::Dealt,
        When::Pass,
    ];
}

impl fmt::Display for When {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            When::Market => "in the market phase",
            When::Work => "in the work phase",
            When::WorkStart => "at the start of the work phase",
            When::MachineTurn => "after your work phase in a solo game",
            When::Deal => "once, at the start",
            When::Dealt => "once the cards are dealt",
            When::Pass => "only when you can neither take a blueprint nor hire a contractor",
        })
    }
}

/// Where the game stands: the second half of a wrong-phase refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Now {
    Deal,
    Market,
    /// A market phase in which the player has a blueprint to take or a contractor to hire.
    MarketWithChoice,
    Work,
    MachineTurn,
    Over,
}

impl Now {
    pub const ALL: [Now; 6] = [
        Now::Deal,
        Now::Market,
        Now::MarketWithChoice,
        Now::Work,
        Now::MachineTurn,
        Now::Over,
    ];

    /// The game's phase.
    pub fn of(phase: Phase) -> Now {
        match phase {
            Phase::Setup => Now::Deal,
            Phase::Market { .. } => Now::Market,
            Phase::Work { .. } => Now::Work,
            Phase::Machine => Now::MachineTurn,
            Phase::Over => Now::Over,
        }
    }
}

impl fmt::Display for Now {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Now::Deal => "the opening deal",
            Now::Market => "the market phase",
            Now::MarketWithChoice => "a market phase with a choice",
            Now::Work => "the work phase",
            Now::MachineTurn => "the Machine's turn",
            Now::Over => "the end of the game",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    // --- Turn structure ---------------------------------------------------------------
    #[error("that is done {expected}; now it is {now}")]
    WrongPhase { expected: When, now: Now },
    #[error("the game is over")]
    GameOver,
    #[error("the market can be refreshed only once per turn, before taking a card")]
    AlreadyRefreshed,
    #[error("roll your dice first: the work phase starts with the roll")]
    NotRolled,
    #[error("you have already rolled this work phase")]
    AlreadyRolled,

    // --- Market ---------------------------------------------------------------------------
    #[error("market slot {0} does not exist: the market has slots 1 to 4")]
    NoSuchSlot(u16),
    #[error("market slot {0} is empty")]
    EmptySlot(u16),
    #[error("refreshing the market costs 1 {0}, and you have none")]
    CannotPayRefresh(Resource),
    #[error(
        "hiring the {contractor} needs a blueprint with the {tool} tool (the token above its slot); {discard} has the {discard_tool} tool"
    )]
    WrongHireTool {
        contractor: Contractor,
        tool: Tool,
        discard: Blueprint,
        discard_tool: Tool,
    },
    #[error("the {contractor} costs {cost} energy on top of the discard; you have {have}")]
    CannotPayContractor {
        contractor: Contractor,
        cost: u32,
        have: u32,
    },
    #[error("the {0} gives something to an opponent: choose which player")]
    OpponentNeeded(Contractor),
    #[error("the opponent must be another player at the table (player {0} is not)")]
    BadOpponent(u16),
    #[error("the {0} has no opponent to choose")]
    NoOpponentChoice(Contractor),

    // --- Hand and cards -------------------------------------------------------------------
    #[error("{0} is not in your hand")]
    NotInHand(Blueprint),
    #[error("{card} cannot be in this hand: {} already in play", all_copies(.copies))]
    NotInPlay { card: Blueprint, copies: u8 },
    #[error(
        "{0} cannot be in this hand: no copy of it was left in the deck when this hand's secret cards were drawn"
    )]
    NotDrawn(Blueprint),
    #[error("there is no card drawn in secret to tell: every card in this hand is known")]
    NothingToTell,
    #[error("{0} was not told to Foreman from this hand")]
    NotTold(Blueprint),
    #[error("{card} is named {named} times, and this hand can hold only {most} of them")]
    NamedTooOften {
        card: Blueprint,
        named: u8,
        most: u8,
    },
    #[error("there is no player {0}")]
    NoSuchPlayer(u16),
    #[error("player {0} has already ended their work phase this round")]
    WorkEnded(u16),
    #[error("you need two copies of {0} in hand to use one and discard the other")]
    NeedSecondCopy(Blueprint),
    #[error("{0} is not in your compound")]
    NotInCompound(Blueprint),

    // --- Dice -----------------------------------------------------------------------------
    #[error("die {0} does not exist")]
    NoSuchDie(u16),
    #[error("die {0} is already placed: each die is used once per round")]
    DieAlreadyPlaced(u16),
    #[error("die {0} is named twice")]
    DieTwice(u16),
    #[error("a die shows 1 to 6, not {0}")]
    BadFace(u8),
    #[error("{section} takes a die showing {needs}; this die shows {value}")]
    SectionValue {
        section: Section,
        needs: &'static str,
        value: u8,
    },
    #[error("{0} is full: each HQ section has 3 slots")]
    SectionFull(Section),
    #[error("the Foreman lets you set at most 4 dice, not {0}")]
    TooManySet(usize),
    #[error("you can set dice only when you hired the Foreman")]
    NoForeman,
    #[error("you have no Specialist's die to take this round")]
    NoSpecialist,

    // --- Building -------------------------------------------------------------------------
    #[error(
        "building {card} needs another blueprint with the {tool} tool to discard; {discard} has the {discard_tool} tool"
    )]
    WrongBuildTool {
        card: Blueprint,
        tool: Tool,
        discard: Blueprint,
        discard_tool: Tool,
    },
    #[error(
        "building {card} needs another blueprint with the {tool} tool in your hand to discard, and you have none"
    )]
    NoBuildDiscard { card: Blueprint, tool: Tool },
    #[error(
        "you already have {0} in your compound, and only Beacon and Obelisk may be built twice"
    )]
    Duplicate(Blueprint),
    #[error(
        "building {card} costs {metal} metal and {energy} energy; you have {have_metal} metal and {have_energy} energy"
    )]
    CannotAffordBuild {
        card: Blueprint,
        metal: u32,
        energy: u32,
        have_metal: u32,
        have_energy: u32,
    },

    // --- Activations ----------------------------------------------------------------------
    #[error("{0} has already been activated this round: each card works once per round")]
    AlreadyActivated(Blueprint),
    #[error("{0} has no activation")]
    NoActivation(Blueprint),
    #[error("{card} needs {}; {}", .needs.needs(), dice_shown(.got))]
    DicePattern {
        card: Blueprint,
        needs: Pattern,
        /// The values of the dice given (none: no die was given).
        got: DiceList,
    },
    #[error("{card} needs {needs} energy; you have {have}")]
    NeedEnergy {
        card: Blueprint,
        needs: u32,
        have: u32,
    },
    #[error("{card} needs {needs} metal; you have {have}")]
    NeedMetal {
        card: Blueprint,
        needs: u32,
        have: u32,
    },
    #[error("{card} needs {} from your hand to discard, not {got}", counted(*needs, "blueprint"))]
    DiscardCount {
        card: Blueprint,
        needs: usize,
        got: usize,
    },
    #[error("{card} needs a choice: {what}")]
    ChoiceNeeded { card: Blueprint, what: &'static str },
    #[error("{card} does not take that choice: {why}")]
    BadChoice { card: Blueprint, why: String },
    #[error("Gymnasium cannot raise a 6")]
    GymnasiumOnSix,
    #[error("Fitness Center cannot lower a 1")]
    FitnessOnOne,
    #[error("you have no Replicator in your compound")]
    NoReplicator,
    #[error("{0} is not in the market")]
    NotInMarket(Blueprint),
    #[error("the Replicator copies a market blueprint with an activation; {0} has none")]
    CannotReplicate(Blueprint),

    // --- End of the work phase ------------------------------------------------------------
    #[error(
        "at the end of the work phase you keep at most 10 blueprints: discard exactly {needs} (you named {got})"
    )]
    HandLimit { needs: u32, got: u32 },
    #[error(
        "at the end of the work phase you keep at most 12 resources: drop exactly {needs} metal and energy together (you named {got})"
    )]
    ResourceLimit { needs: u32, got: u32 },
    #[error("you cannot drop {what} you do not have ({named} named, {have} held)")]
    DropTooMuch {
        what: Resource,
        named: u32,
        have: u32,
    },

    // --- Inputs: dice faces and revealed cards --------------------------------------------
    #[error("this needs {0}: give the value the die shows")]
    NeedDie(&'static str),
    #[error("this reveals a blueprint from the deck: say which card it is")]
    NeedBlueprint,
    #[error("this reveals a contractor from the deck: say which card it is")]
    NeedContractor,
    #[error("the opening deal needs the order of the 4 tool tokens")]
    NeedTools,
    #[error("the tool tokens must be the 4 different tools, each once")]
    BadTools,
    #[error("{card} cannot be revealed: {} already elsewhere on the table", all_copies(.copies))]
    ImpossibleBlueprint { card: Blueprint, copies: u8 },
    #[error(
        "{0} cannot come off this deck: its copies nobody has seen were drawn in secret before the deck was reshuffled, so they are in hands"
    )]
    InSecretHands(Blueprint),
    #[error("{card} cannot be revealed: {} already elsewhere on the table", all_copies(.copies))]
    ImpossibleContractor { card: Contractor, copies: u8 },
    #[error("more inputs than the action used: {0}")]
    UnusedInputs(String),

    // --- Setup ----------------------------------------------------------------------------
    #[error("a game has 1 to 5 players (1 against the Machine), not {0}")]
    PlayerCount(usize),
    #[error("a solo game against the Machine has exactly one player")]
    SoloPlayers,
    #[error(
        "a game of one player is the solo game against the Machine: choose solo and a difficulty"
    )]
    OnePlayerIsSolo,
    #[error(
        "white is the solo player's colour: in a game of several players the white dice are the shared extras"
    )]
    WhiteIsSolo,
    #[error("hidden hands are for a game at a real table: a digital game deals every card itself")]
    HiddenHandsDigital,
    #[error("a bot plays only in a digital game: at a real table, a person holds the cards")]
    BotAtTheTable,
    #[error("two players cannot share the colour {0}")]
    SharedColour(Colour),
}

impl RuleError {
    /// Whether this asks for an input (a die face, a revealed card, the tool tokens) rather
    /// than refusing: what was given so far is accepted.
    pub fn is_asking(&self) -> bool {
        matches!(
            self,
            RuleError::NeedDie(_)
                | RuleError::NeedBlueprint
                | RuleError::NeedContractor
                | RuleError::NeedTools
        )
    }
}

/// `n` of a thing in English words: "1 blueprint", "2 blueprints" (the engine's own sentences
/// and the command line's; the window's languages count with their plural rules).
pub fn counted(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// "its only copy is" or "all 3 copies are": a card's copies counted in a sentence.
fn dice_shown(values: &DiceList) -> String {
    if values.is_empty() {
        "no die was given".to_string()
    } else {
        let v: Vec<String> = values.iter().map(u8::to_string).collect();
        format!("the dice show {}", v.join(", "))
    }
}

fn all_copies(copies: &u8) -> String {
    match *copies {
        1 => "its only copy is".to_string(),
        n => format!("all {n} copies are"),
    }
}
