//! Foreman's application layer, below the window and the command line:
//!
//! - [`session`]: a game open in the window or the terminal, a client of its authority;
//! - [`net`]: the authority ([`net::Table`]) and the server (every seat on its own screen);
//! - [`store`]: game files; [`history`]: every game remembered;
//! - [`dice`]: the dice sources (serial smart dice, the camera), which only emit readings;
//! - [`review`]: the review after a game, in words.

use foreman_engine as engine;
#[cfg(test)]
use foreman_planner::sim;
use foreman_planner::{bots, planner};
use foreman_vision as vision;
use foreman_words::i18n;

pub mod dice;
pub mod history;
pub mod kept;
pub mod net;
pub mod review;
pub mod session;
pub mod store;
