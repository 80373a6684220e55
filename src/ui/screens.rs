//! The window's screens, one file each: the start screen, the table, the final score and its
//! review, and *History* with its *Statistics*. Each reaches the rest of the window through its parent's
//! names (`super::app`, `super::widgets`, …).

use super::*;

pub(super) mod final_score;
#[cfg(not(target_arch = "wasm32"))]
pub(super) mod history;
pub(super) mod little_factory;
#[cfg(not(target_arch = "wasm32"))]
pub(super) mod other_history;
pub(super) mod other_shell;
pub(super) mod review;
pub(super) mod start;
#[cfg(not(target_arch = "wasm32"))]
pub(super) mod stats;
pub(super) mod table;
pub(super) mod traumfabrik;
