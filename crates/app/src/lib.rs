//! Foreman's application layer, below the window and the command line:
//!
//! - [`session`]: a game open in the window or the terminal, a client of its authority;
//! - [`net`]: the authority ([`net::Table`]) and the server (every seat on its own screen);
//! - [`store`]: game files; [`history`]: every game remembered;
//! - [`dice`]: the dice sources (serial smart dice, the camera), which only emit readings;
//! - [`review`]: the review after a game, in words.
//!
//! In a browser (WebAssembly, issue 95) only the sessions, the authority without its server,
//! the store (the browser's storage) and the review build: no camera, smart dice, history or
//! server there.

use foreman_engine as engine;
#[cfg(test)]
use foreman_planner::sim;
use foreman_planner::{bots, planner};
#[cfg(not(target_arch = "wasm32"))]
use foreman_vision as vision;
use foreman_words::i18n;

#[cfg(not(target_arch = "wasm32"))]
pub mod dice;
#[cfg(not(target_arch = "wasm32"))]
pub mod history;
pub mod kept;
pub mod net;
pub mod review;
pub mod session;
pub mod store;
