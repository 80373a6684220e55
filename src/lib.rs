//! Foreman: a table companion and digital tabletop for the board game Fantastic Factories.
//!
//! The window, over the workspace's layers, re-exported here under their names (`engine`,
//! `planner`, `bots`, `sim`, `i18n`, `text`, `vision`, and the application's `session`, `net`,
//! `store`, `history`, `dice`, `review`). See `ARCHITECTURE.md` for the map and its invariants.

#[cfg(not(target_arch = "wasm32"))]
pub use foreman_app::{dice, history};
pub use foreman_app::{kept, net, review, session, store};
pub use foreman_engine as engine;
pub use foreman_journal as journal;
pub use foreman_little_factory as little_factory;
pub use foreman_planner::{bots, planner, sim};
pub use foreman_traumfabrik as traumfabrik;
#[cfg(not(target_arch = "wasm32"))]
pub use foreman_vision as vision;
pub use foreman_words::{i18n, text};

pub mod ui;
