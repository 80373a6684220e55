//! Foreman: a table companion and digital tabletop for the board game Fantastic Factories.
//!
//! See `ARCHITECTURE.md` for the module map and its invariants.

pub mod bots;
pub mod dice;
pub use foreman_engine as engine;
pub mod history;
pub mod i18n;
pub mod net;
pub mod planner;
pub mod sim;
pub mod store;
pub mod text;
pub mod ui;
pub mod vision;
