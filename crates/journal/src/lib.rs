//! The shell every game beside Fantastic Factories shares (Traumfabrik, Little Factory): a game
//! is its setup plus the journal of the actions applied to it. Pure: no I/O, no clock.
//!
//! - A game's rules implement [`Rules`]: a start from the setup, and one `apply` that
//!   validates an action (on a copy: a refusal leaves the game untouched).
//! - [`Journaled`] keeps the setup, the state and the journal; undo is a replay of the journal
//!   less its last action; [`Saved`] writes and reads it as JSON with a checksum, and loading
//!   replays every action, so a saved game never holds a state the rules would not reach.

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::fmt::{Debug, Display};

/// A game's rules, as the shell drives them.
pub trait Rules {
    /// Who plays and with what (it is saved with the journal).
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// One decision or one input told to the game (a bid, a tile placed, a card revealed).
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What is on the table.
    type State: Clone + Debug + PartialEq;
    /// Why an action is refused: the rule's reason.
    type Error: Clone + Debug + PartialEq + Display;
    /// What happened when an action was applied (a film finished, an award given, the end).
    type Event: Clone + Debug + PartialEq;

    /// The saved game's kind, say "foreman-traumfabrik".
    const KIND: &'static str;
    /// The save format written.
    const FORMAT: u32;

    /// The state at the start, or why the setup cannot be played.
    fn start(setup: &Self::Setup) -> Result<Self::State, Self::Error>;
    /// Applies `action` to `state`, or says why not. On a refusal `state` may be left half
    /// changed: [`Journaled`] applies to a copy and keeps it only when the action is accepted,
    /// so that a refusal changes nothing of the game (the one guarantee, in one place).
    fn apply(
        setup: &Self::Setup,
        state: &mut Self::State,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Error>;
}

/// A game: its setup, its state and its journal.
#[derive(Debug, Clone, PartialEq)]
pub struct Journaled<R: Rules> {
    setup: R::Setup,
    state: R::State,
    journal: Vec<R::Action>,
}

impl<R: Rules> Journaled<R> {
    /// A new game from its setup.
    pub fn new(setup: R::Setup) -> Result<Self, R::Error> {
        let state = R::start(&setup)?;
        Ok(Journaled {
            setup,
            state,
            journal: Vec::new(),
        })
    }
    pub fn setup(&self) -> &R::Setup {
        &self.setup
    }
    pub fn state(&self) -> &R::State {
        &self.state
    }
    pub fn journal(&self) -> &[R::Action] {
        &self.journal
    }

    /// Applies `action` (validated first: on a refusal nothing changes, the journal included).
    pub fn apply(&mut self, action: R::Action) -> Result<Vec<R::Event>, R::Error> {
        let mut next = self.state.clone();
        let events = R::apply(&self.setup, &mut next, &action)?;
        self.state = next;
        self.journal.push(action);
        Ok(events)
    }

    /// Whether `action` would be accepted now, and if not, why.
    pub fn check(&self, action: &R::Action) -> Result<(), R::Error> {
        let mut next = self.state.clone();
        R::apply(&self.setup, &mut next, action).map(|_| ())
    }

    /// The game replayed from its setup: the action that cannot be applied is refused with its
    /// place in the journal (from 0).
    pub fn replay(setup: R::Setup, journal: Vec<R::Action>) -> Result<Self, ReplayError<R::Error>> {
        let mut game = Journaled::new(setup).map_err(ReplayError::Setup)?;
        for (i, action) in journal.into_iter().enumerate() {
            game.apply(action)
                .map_err(|reason| ReplayError::Action { index: i, reason })?;
        }
        Ok(game)
    }

    /// Takes the last action back (the game replayed without it); false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.journal.is_empty() {
            return false;
        }
        let mut journal = std::mem::take(&mut self.journal);
        journal.pop();
        match Journaled::<R>::replay(self.setup.clone(), journal.clone()) {
            Ok(g) => {
                *self = g;
                true
            }
            // Every action of the journal was accepted once from the same setup, and the rules
            // are pure: the replay cannot fail. Were it to, the game is left as it was.
            Err(_) => {
                self.journal = journal;
                false
            }
        }
    }

    /// The game as a saved game.
    pub fn saved(&self) -> Saved<R::Setup, R::Action> {
        Saved::new(R::KIND, R::FORMAT, self.setup.clone(), self.journal.clone())
    }

    /// The game from a saved game's text: checked (kind, format, checksum) and replayed.
    pub fn load(text: &str) -> Result<Self, LoadError<R::Error>> {
        // The kind and format first: a file of another game is told as such, not as bad JSON.
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            if e.is_eof() {
                LoadError::Truncated
            } else {
                LoadError::Syntax(e.to_string())
            }
        })?;
        let kind = value.get("kind").and_then(|k| k.as_str()).unwrap_or("");
        if kind != R::KIND {
            return Err(LoadError::NotThisGame {
                found: kind.to_string(),
                expected: R::KIND,
            });
        }
        let format = value.get("format").and_then(|f| f.as_u64()).unwrap_or(0);
        if format > u64::from(R::FORMAT) {
            return Err(LoadError::Format {
                found: format,
                reads: R::FORMAT,
            });
        }
        let saved: Saved<R::Setup, R::Action> =
            serde_json::from_value(value).map_err(|e| LoadError::Syntax(e.to_string()))?;
        let sum = checksum(&saved.setup, &saved.journal);
        if sum != saved.checksum {
            return Err(LoadError::Checksum);
        }
        let total = saved.journal.len();
        Journaled::replay(saved.setup, saved.journal).map_err(|e| match e {
            ReplayError::Setup(r) => LoadError::Setup(r),
            ReplayError::Action { index, reason } => LoadError::Action {
                number: index + 1,
                total,
                reason,
            },
        })
    }
}

/// Why a journal cannot be replayed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError<E: Display + Debug> {
    #[error("the setup cannot be played: {0}")]
    Setup(E),
    #[error("action {} cannot be applied: {reason}", .index + 1)]
    Action { index: usize, reason: E },
}

/// A saved game: the setup and the journal, with what tells a damaged file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Saved<S, A> {
    /// The game's kind ("foreman-traumfabrik", "foreman-little-factory").
    pub kind: String,
    pub format: u32,
    pub setup: S,
    pub journal: Vec<A>,
    /// FNV-1a 64 of the setup and the journal as JSON (hex).
    pub checksum: String,
}

impl<S: Serialize, A: Serialize> Saved<S, A> {
    pub fn new(kind: &str, format: u32, setup: S, journal: Vec<A>) -> Self {
        let checksum = checksum(&setup, &journal);
        Saved {
            kind: kind.to_string(),
            format,
            setup,
            journal,
            checksum,
        }
    }
    /// As JSON, pretty printed.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

fn checksum<S: Serialize, A: Serialize>(setup: &S, journal: &[A]) -> String {
    let text = serde_json::to_string(&(setup, journal)).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Why a saved game cannot be loaded.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError<E: Display + Debug> {
    #[error("not a saved game: {0}")]
    Syntax(String),
    #[error("the file ends too early: it was cut off while being written or copied")]
    Truncated,
    #[error("this is not a saved game of this kind (found {found:?}, expected {expected:?})")]
    NotThisGame {
        found: String,
        expected: &'static str,
    },
    #[error("saved with format {found}; this Foreman reads up to format {reads}")]
    Format { found: u64, reads: u32 },
    #[error("the checksum does not match: the file was damaged or edited by hand")]
    Checksum,
    #[error("the game's setup is not valid: {0}")]
    Setup(E),
    #[error("action {number} of {total} is not allowed: {reason}")]
    Action {
        number: usize,
        total: usize,
        reason: E,
    },
}
