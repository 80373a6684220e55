//! The rules engine: pure game logic for Fantastic Factories (no I/O, no window, no clock).
//!
//! - [`cards`]: card identities and the catalogue (`assets/cards.toml`, checked at start);
//! - [`state`]: what is on the table;
//! - [`action`]: decisions and their random inputs;
//! - [`apply`]: [`Game`], the one entry point that changes a state, validating first;
//! - [`legal`]: what the acting player may do;
//! - [`score`]: final scores and the winner;
//! - [`save`]: the saved game (setup + journal) as JSON.

pub mod action;
pub mod apply;
pub mod cards;
pub mod error;
pub mod known;
pub mod legal;
pub mod save;
pub mod score;
pub mod secrets;
pub mod state;

pub use action::{Act, Action, Bonus, CardList, Choice, DiceList, Inputs, Resource, Row};
pub use apply::{
    BotLevel, Event, Events, Game, Hands, Mode, PlayerSetup, Setup, build_cost, check_build,
};
pub use cards::{Blueprint, CardType, Contractor, Tool, catalogue};
pub use error::{Now, RuleError, When};
pub use known::Known;
pub use legal::{legal_actions, legal_actions_into, switches};
pub use save::{LoadError, SavedGame};
pub use score::{Scoreboard, Winner, scoreboard};
pub use state::{Colour, Difficulty, MachineDie, Phase, Section, State};

#[cfg(test)]
mod tests;
