//! What the players said at the table: who plays, against what, in which mode, with which
//! seed (docs/rules.md, setup), and the checks every game, and every new game, passes.

use super::*;

/// What the players said at the table: who plays, against what, and the program's seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<PlayerSetup>,
    /// A solo game against the Machine at this difficulty (exactly one player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machine: Option<Difficulty>,
    #[serde(default)]
    pub mode: Mode,
    /// Whether Foreman sees the players' hands (docs/rules.md, hidden hands). Games saved
    /// before hidden hands existed have open hands.
    #[serde(default, skip_serializing_if = "Hands::is_open")]
    pub hands: Hands,
    /// Seat of the first player (docs/rules.md, setup 1).
    #[serde(default)]
    pub first_player: usize,
    /// Seed of the program's own dice and shuffles.
    pub seed: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSetup {
    pub name: String,
    pub colour: Colour,
    /// In a digital game, a seat the program plays (games saved before bots had none).
    /// The engine does not look at it: it tells the window who is at the seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotLevel>,
}

/// How well a bot seat plays: easy is the greedy bot (the action that looks best now), hard
/// the planner bot (the best work phase by the planner's search).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    Easy,
    Hard,
}

impl BotLevel {
    pub const ALL: [BotLevel; 2] = [BotLevel::Easy, BotLevel::Hard];
}

impl PlayerSetup {
    /// A person at the table.
    pub fn person(name: &str, colour: Colour) -> PlayerSetup {
        PlayerSetup {
            name: clean_name(name),
            colour,
            bot: None,
        }
    }
}

/// The most letters a player's name keeps.
pub const NAME_MAX: usize = 24;

/// A player's name as every screen and log says it: without control characters (a line
/// break would write a line of its own into the others' logs), bidirectional or zero-width
/// marks (they reorder or hide what follows), its spaces collapsed, at most [`NAME_MAX`]
/// letters.
pub fn clean_name(name: &str) -> String {
    let kept: String = name
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| !c.is_control() && !is_format_mark(c))
        .collect();
    kept.split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(NAME_MAX)
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// Bidirectional controls, zero-width characters and other invisible format marks.
fn is_format_mark(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{2028}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}')
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

/// Open hands: every card in a hand is known (a digital game: the program dealt them).
/// Hidden hands (a companion game): a card drawn in secret is known only by its count until it
/// leaves the hand, and the opening deal follows the table's order (tool tokens, the market,
/// the hands, the Machine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hands {
    #[default]
    Open,
    Hidden,
}

impl Hands {
    pub fn is_open(&self) -> bool {
        *self == Hands::Open
    }
}

impl Setup {
    /// This setup as a table-companion game with hidden hands (the physical cards and dice
    /// are the truth; each player's hand stays theirs).
    pub fn companion(mut self) -> Setup {
        self.mode = Mode::Companion;
        self.hands = Hands::Hidden;
        self
    }

    /// A solo game against the Machine with virtual dice: Foreman's default.
    pub fn solo(name: &str, difficulty: Difficulty, seed: u64) -> Setup {
        Setup {
            players: vec![PlayerSetup::person(name, Colour::White)],
            machine: Some(difficulty),
            mode: Mode::Digital,
            hands: Hands::Open,
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
                .map(|(i, &colour)| PlayerSetup::person(&format!("Player {}", i + 1), colour))
                .collect(),
            machine: None,
            mode: Mode::Digital,
            hands: Hands::Open,
            first_player: 0,
            seed,
        }
    }

    /// Seat `seat`'s name in English: the one given, or "Player 2" for a name left empty
    /// (the window says it in its own language, `i18n::words::player_name`).
    pub fn player_name(&self, seat: usize) -> String {
        match self.players.get(seat).map(|p| clean_name(&p.name)) {
            Some(name) if !name.is_empty() => name,
            _ => format!("Player {}", seat + 1),
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
                return Err(RuleError::SharedColour(p.colour));
            }
        }
        if self.first_player >= n {
            return Err(RuleError::PlayerCount(self.first_player + 1));
        }
        // A digital game deals the cards itself: it always knows the hands.
        if self.mode == Mode::Digital && self.hands == Hands::Hidden {
            return Err(RuleError::HiddenHandsDigital);
        }
        // A bot sees the game through the engine: at a real table the cards are the truth.
        if self.mode == Mode::Companion && self.players.iter().any(|p| p.bot.is_some()) {
            return Err(RuleError::BotAtTheTable);
        }
        Ok(())
    }

    /// [`Setup::validate`], and what a game started today must also be. Games saved before
    /// these checks (a one-player game without the Machine) still load and replay.
    pub fn validate_new(&self) -> Result<(), RuleError> {
        self.validate()?;
        // docs/rules.md, solo game: the rulebooks have no one-player game without the Machine
        // (docs/rules.md, "Decisions for the program").
        if self.machine.is_none() && self.players.len() == 1 {
            return Err(RuleError::OnePlayerIsSolo);
        }
        // docs/rules.md, components: white dice are the shared extras; only the solo player rolls
        // them as their own.
        if self.machine.is_none() && self.players.iter().any(|p| p.colour == Colour::White) {
            return Err(RuleError::WhiteIsSolo);
        }
        Ok(())
    }
}
