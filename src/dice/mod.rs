//! Dice sources that only emit readings; they never touch the game.
//!
//! - [`serial`]: smart dice on a serial port (the protocol of `firmware/protocol`).
//! - [`camera`]: a webcam or picture files, read by [`crate::vision`].

pub mod camera;
pub mod serial;

pub use foreman_dice_protocol::{DieColour, RollState};

/// A settled roll of one physical die: which die, its colour, the face up, and the die's own
/// roll counter (so a repeated report of the same roll can be told apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Reading {
    pub die_id: u64,
    #[serde(serialize_with = "colour_name")]
    pub colour: DieColour,
    pub face: u8,
    pub roll_id: u32,
}

fn colour_name<S: serde::Serializer>(c: &DieColour, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}
