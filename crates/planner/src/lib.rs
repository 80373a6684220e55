//! Foreman's planner and bots, on the rules engine only:
//!
//! - [`planner`]: the best work phase for the dice rolled (exact memoised search with branch
//!   and bound, chances of dice rolled inside the phase, drawn cards hidden);
//! - [`bots`]: random, greedy and planner bots, each choosing on what its seat knows;
//! - [`sim`]: complete bot games and their summaries, played on every core.

use foreman_engine as engine;

pub mod bots;
pub mod planner;
pub mod review;
pub mod sim;
