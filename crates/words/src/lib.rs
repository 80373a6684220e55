//! Foreman's words, on the rules engine only:
//!
//! - [`i18n`]: Fluent messages (`assets/i18n/{en,fr,es,ru}.ftl`), the game's words in each
//!   rulebook's terms, card effects and the log's lines of an action;
//! - [`text`]: plain-text views for the command line.

use foreman_engine as engine;

pub mod i18n;
pub mod text;
