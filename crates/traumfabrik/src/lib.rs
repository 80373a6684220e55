//! Traumfabrik (Reiner Knizia) at the table: Foreman keeps the rounds and their eight places,
//! the auctions and the contracts, the parties' picking order, the films placed and finished,
//! the film-value tokens, the awards and the score. The players keep the real tiles and
//! scenarios: what the rulebook does not print (a tile's kind and stars, a scenario's slots
//! and stars) is told as it comes into play. Pure: no I/O, no clock. Rules:
//! `docs/traumfabrik.md` (cited "TF, <section>").
//!
//! - [`film`]: scenarios, tiles, where a tile may go, a film finished and its value token;
//! - [`awards`]: first films, best films, the Grand Prix, the score;
//! - [`play`]: the places, auctions and parties: [`Traumfabrik`]'s `apply`.

pub mod awards;
pub mod film;
pub mod play;

pub use awards::{Award, Score, score};
pub use film::{Film, Genre, Kind, Scenario, SlotKind, SlotRef, Tile, Token};
pub use play::{Action, Event, Place, Refusal, Stage, State, Traumfabrik};

use serde::{Deserialize, Serialize};

/// A game of Traumfabrik with its journal.
pub type Game = foreman_journal::Journaled<Traumfabrik>;

/// Rounds in a game (TF, Course of the game: "Le jeu se déroule en quatre manches").
pub const ROUNDS: u32 = 4;

/// Who plays, with their studio's three scenarios, and the board's places.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// In seating order (clockwise), 2 to 5.
    pub players: Vec<PlayerSetup>,
    /// Who holds the camera first.
    pub first_player: usize,
    /// The places of a round in the board's order, Hollywood first; the default is
    /// [`Place::BOARD`]. Six famous places (Hollywood one of them) and two parties.
    #[serde(default = "default_places")]
    pub places: Vec<Place>,
    /// The shared scenario pile's size (7: "les 7 scénarii restant").
    #[serde(default = "default_pile")]
    pub pile: u32,
}

fn default_places() -> Vec<Place> {
    Place::BOARD.to_vec()
}
fn default_pile() -> u32 {
    7
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSetup {
    pub name: String,
    /// The three scenarios of the player's studio.
    pub scenarios: Vec<Scenario>,
}

impl Setup {
    /// Contracts each: 12, or 10 at five (TF, Setup: "Chaque joueur reçoit 12 contrats. A cinq
    /// joueurs, chacun ne reçoit que 10 contrats").
    pub fn contracts(&self) -> u32 {
        if self.players.len() == 5 { 10 } else { 12 }
    }
    /// Whether contract counts are secret (TF, Setup: "A deux joueurs, les écrans ne sont pas
    /// nécessaires puisque chacun sait ce que possède son adversaire").
    pub fn screens(&self) -> bool {
        self.players.len() >= 3
    }
}

#[cfg(test)]
mod tests;
