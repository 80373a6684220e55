//! The links of a served game: one key per seat and one for spectators, each 128 random
//! bits (a link cannot be guessed), kept beside the game's journal (readable by this user
//! only) so that a host started again gives every device the link it had. A game made in the
//! lobby also keeps which seats were handed out (a seat is claimed once, restarts included)
//! and one invitation per seat: opening it claims that seat.

use crate::store::{self, StoreError};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatKeys {
    pub seats: Vec<String>,
    pub spectator: String,
    /// The seats already handed out (the lobby's): never handed out again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claimed: Vec<bool>,
    /// Each seat's invitation (the lobby's): opening it claims that seat, once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invites: Vec<String>,
    /// The seats a device has played: their hands are their players' own, and the host's
    /// window keeps them off its screen, after a restart too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<bool>,
}

/// 128 bits from the system's secure generator, in hex.
pub fn new_key() -> String {
    let bits: u128 = rand::rng().random();
    format!("{bits:032x}")
}

impl SeatKeys {
    /// New keys for `seats` seats.
    pub fn new(seats: usize) -> SeatKeys {
        SeatKeys {
            seats: (0..seats).map(|_| new_key()).collect(),
            spectator: new_key(),
            claimed: Vec::new(),
            invites: Vec::new(),
            played: Vec::new(),
        }
    }

    /// The keys kept beside the game at `path`, if any (nothing is written).
    pub fn read_for(path: &Path) -> Option<SeatKeys> {
        let text = crate::store::disk::read_to_string(&Self::path_for(path)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Whether a device has played seat `seat`.
    pub fn was_played(&self, seat: usize) -> bool {
        self.played.get(seat).copied().unwrap_or(false)
    }

    /// Keys for a game made in the lobby: every seat free, each with its invitation.
    pub fn for_lobby(seats: usize) -> SeatKeys {
        SeatKeys {
            claimed: vec![false; seats],
            invites: (0..seats).map(|_| new_key()).collect(),
            ..SeatKeys::new(seats)
        }
    }

    /// Whether seat `seat` was handed out.
    pub fn is_claimed(&self, seat: usize) -> bool {
        self.claimed.get(seat).copied().unwrap_or(false)
    }

    /// Hands out seat `seat` if it is free: its key.
    pub fn claim(&mut self, seat: usize) -> Option<String> {
        let free = self.claimed.get_mut(seat).filter(|c| !**c)?;
        *free = true;
        self.seats.get(seat).cloned()
    }

    /// Writes these keys beside the game journalled at `path`.
    pub fn write_for(&self, path: &Path) -> Result<(), StoreError> {
        let text = serde_json::to_string_pretty(self).unwrap_or_default();
        store::write_atomic(&Self::path_for(path), text)
    }

    /// Which seat a key opens: `Some(Some(seat))`, `Some(None)` for the spectators' key,
    /// `None` for a key of no seat.
    pub fn seat_of(&self, key: &str) -> Option<Option<usize>> {
        if key == self.spectator {
            return Some(None);
        }
        self.seats.iter().position(|k| k == key).map(Some)
    }

    /// Where the keys of the game journalled at `path` are kept.
    pub fn path_for(game: &Path) -> PathBuf {
        let mut name = game.file_name().unwrap_or_default().to_os_string();
        name.push(".seats");
        game.with_file_name(name)
    }

    /// The keys kept for the game at `path`, or new ones written there (also when the kept
    /// ones are unreadable or for another number of seats).
    pub fn kept_for(path: &Path, seats: usize) -> Result<SeatKeys, StoreError> {
        let at = Self::path_for(path);
        let kept = crate::store::disk::read_to_string(&at)
            .ok()
            .and_then(|t| serde_json::from_str::<SeatKeys>(&t).ok())
            .filter(|k| k.seats.len() == seats && k.seats.iter().all(|s| s.len() == 32));
        if let Some(keys) = kept {
            return Ok(keys);
        }
        let keys = SeatKeys::new(seats);
        keys.write_for(path)?;
        Ok(keys)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_long_distinct_and_kept() {
        let keys = SeatKeys::new(4);
        let mut all = keys.seats.clone();
        all.push(keys.spectator.clone());
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 5);
        assert!(
            all.iter()
                .all(|k| k.len() == 32 && k.chars().all(|c| c.is_ascii_hexdigit()))
        );
        assert_eq!(keys.seat_of(&keys.seats[2]), Some(Some(2)));
        assert_eq!(keys.seat_of(&keys.spectator), Some(None));
        assert_eq!(keys.seat_of("0"), None);
        let dir = tempfile::tempdir().expect("temp dir");
        let game = dir.path().join("g.json");
        let first = SeatKeys::kept_for(&game, 3).expect("written");
        assert_eq!(SeatKeys::kept_for(&game, 3).expect("read"), first);
        std::fs::write(SeatKeys::path_for(&game), "garbage").expect("written");
        let fresh = SeatKeys::kept_for(&game, 3).expect("new ones");
        assert_ne!(fresh, first);
    }
}
