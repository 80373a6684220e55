//! Scenarios, production tiles and films (TF, Placing the tiles; Finished films).

use serde::{Deserialize, Serialize};

/// A film's genre (TF, Awards: "Comédie dramatique (Drama), Aventure (Abenteuer),
/// Divertissement (Unterhaltung)"; the scenarios' list says Drame, Aventure, Comédie).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Genre {
    Drama,
    Adventure,
    Comedy,
}

impl Genre {
    pub const ALL: [Genre; 3] = [Genre::Drama, Genre::Adventure, Genre::Comedy];
}

/// A production tile's kind (TF, Summary: "les stars de film, les réalisateurs, les équipes
/// de tournage, les musiques, les effets spéciaux, les agences ainsi que les guest-stars").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    Director,
    /// An actor (a red tile).
    Actor,
    /// A film crew ("équipe de tournage").
    Crew,
    Music,
    /// Special effects.
    Effects,
    /// An agency: a joker.
    Agency,
    GuestStar,
}

/// A production tile: its kind and its stars (a guest star's black star is −1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tile {
    pub kind: Kind,
    pub stars: i32,
}

impl Tile {
    pub const fn new(kind: Kind, stars: i32) -> Tile {
        Tile { kind, stars }
    }
    /// Hollywood's four-star director (TF, Setup: "les quatre réalisateurs 4 étoiles").
    pub const HOLLYWOOD: Tile = Tile::new(Kind::Director, 4);
}

/// A slot printed on a scenario (the guest star's is apart: [`SlotRef::Guest`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SlotKind {
    Director,
    Actor,
    Crew,
    Music,
    Effects,
    /// A white slot: any actor, crew, music or effects.
    White,
}

/// A scenario: what its card prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    pub name: String,
    pub genre: Genre,
    /// Its slots but the guest star's, top to bottom.
    pub slots: Vec<SlotKind>,
    /// Stars printed on the scenario itself.
    #[serde(default)]
    pub stars: i32,
}

/// Where on a film a tile goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SlotRef {
    Slot(usize),
    Guest,
}

/// A film-value token: its value, and whether it is the "+" one (worth more than the other
/// of its value: TF, Best film).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Token {
    pub value: u32,
    pub plus: bool,
}

/// The 30 film-value tokens: 0 to 22, 8 to 14 twice (TF, Setup: "de 0 à 22, avec les pions de
/// 8 à 14 en double"), the second with a "+".
pub fn all_tokens() -> Vec<Token> {
    let mut t: Vec<Token> = (0..=22).map(|value| Token { value, plus: false }).collect();
    t.extend((8..=14).map(|value| Token { value, plus: true }));
    t.sort();
    t
}

/// The token a film of `value` takes from those `left`: its value's "+" one first, then the
/// plain one, else the next lower left (TF, Finished films). Values past 22 take the 22; a
/// film below 0 takes the 0. None when no token at or below is left.
pub fn take_token(left: &mut Vec<Token>, value: i32) -> Option<Token> {
    let v = value.clamp(0, 22) as u32;
    let at = left
        .iter()
        .enumerate()
        .filter(|(_, t)| t.value <= v)
        .max_by_key(|(_, t)| **t)
        .map(|(i, _)| i)?;
    Some(left.remove(at))
}

/// A scenario in production, or a film finished.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Film {
    pub scenario: Scenario,
    /// Each slot's tiles, bottom first: only the top one counts.
    pub slots: Vec<Vec<Tile>>,
    pub guest: Vec<Tile>,
    /// Its value token once finished (None while in production, or when no token was left).
    pub token: Option<Token>,
    pub finished: bool,
}

/// Why a tile cannot go there (TF, Placing the tiles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Misplaced {
    #[error("a finished film can no longer be changed")]
    Finished,
    #[error("this scenario has no slot {0}")]
    NoSlot(usize),
    #[error("the lowest slot is the guest star's: only a guest star goes there")]
    GuestOnly,
    #[error("a guest star goes only on the guest star's slot")]
    GuestStarSlot,
    #[error("a director goes only on the director's slot (a film has one director)")]
    DirectorSlot,
    #[error(
        "this tile does not match the slot: a tile goes on a slot of its own kind, or on a white slot"
    )]
    WrongSlot,
    #[error("a white slot takes actors, crews, music and effects, not directors or guest stars")]
    White,
    #[error(
        "a tile covers only a tile of its own kind, and an agency only an agency once it lies there"
    )]
    Cover,
}

impl Film {
    pub fn new(scenario: Scenario) -> Film {
        Film {
            slots: vec![Vec::new(); scenario.slots.len()],
            scenario,
            guest: Vec::new(),
            token: None,
            finished: false,
        }
    }

    /// Whether `tile` may go on `at` (TF, Placing the tiles).
    pub fn check(&self, tile: Tile, at: SlotRef) -> Result<(), Misplaced> {
        if self.finished {
            return Err(Misplaced::Finished);
        }
        let i = match at {
            // "Tant qu'un film n'est pas complètement terminé, une tuile guest-star peut être
            // placée sur l'emplacement qui lui est réservé, peu importe qu'il soit vide ou
            // déjà occupé par une autre tuile guest-star."
            SlotRef::Guest if tile.kind == Kind::GuestStar => return Ok(()),
            SlotRef::Guest => return Err(Misplaced::GuestOnly),
            SlotRef::Slot(_) if tile.kind == Kind::GuestStar => {
                return Err(Misplaced::GuestStarSlot);
            }
            SlotRef::Slot(i) => i,
        };
        let slot = *self.scenario.slots.get(i).ok_or(Misplaced::NoSlot(i))?;
        if let Some(top) = self.slots[i].last() {
            // "Dès qu'une tuile agence est posée sur un scénario, seule une autre tuile agence
            // peut la recouvrir"; an agency covers any other tile; else the same kind.
            return if tile.kind == Kind::Agency || (top.kind == tile.kind) {
                Ok(())
            } else {
                Err(Misplaced::Cover)
            };
        }
        match (slot, tile.kind) {
            (_, Kind::Agency) => Ok(()),
            (SlotKind::Director, Kind::Director)
            | (SlotKind::Actor, Kind::Actor)
            | (SlotKind::Crew, Kind::Crew)
            | (SlotKind::Music, Kind::Music)
            | (SlotKind::Effects, Kind::Effects) => Ok(()),
            (SlotKind::White, Kind::Actor | Kind::Crew | Kind::Music | Kind::Effects) => Ok(()),
            (SlotKind::White, _) => Err(Misplaced::White),
            (_, Kind::Director) => Err(Misplaced::DirectorSlot),
            _ => Err(Misplaced::WrongSlot),
        }
    }

    /// Lays `tile` on `at` (checked first); true when the film is finished by it.
    pub fn place(&mut self, tile: Tile, at: SlotRef) -> Result<bool, Misplaced> {
        self.check(tile, at)?;
        match at {
            SlotRef::Guest => self.guest.push(tile),
            SlotRef::Slot(i) => self.slots[i].push(tile),
        }
        // "Un film est terminé lorsque tous les emplacements sur le scénario (même les blancs),
        // sont occupés"; the guest star's may stay empty.
        Ok(self.slots.iter().all(|s| !s.is_empty()))
    }

    /// The visible stars: the scenario's, each slot's top tile's and the guest star's (TF,
    /// Finished films: "la tuile guest-star avec une étoile noire compte pour -1").
    pub fn stars(&self) -> i32 {
        self.scenario.stars
            + self
                .slots
                .iter()
                .chain(std::iter::once(&self.guest))
                .filter_map(|s| s.last())
                .map(|t| t.stars)
                .sum::<i32>()
    }

    /// The director's stars that count for best direction: a director on top of the director's
    /// slot (TF, Best direction: "Les tuiles agence sur ces emplacements ne comptent pas").
    pub fn director_stars(&self) -> i32 {
        self.scenario
            .slots
            .iter()
            .zip(&self.slots)
            .filter(|(k, _)| **k == SlotKind::Director)
            .filter_map(|(_, s)| s.last())
            .filter(|t| t.kind == Kind::Director)
            .map(|t| t.stars)
            .sum()
    }

    /// Actors and guest stars showing (a party's picking order: TF, Parties).
    pub fn actors(&self) -> u32 {
        self.slots
            .iter()
            .chain(std::iter::once(&self.guest))
            .filter_map(|s| s.last())
            .filter(|t| matches!(t.kind, Kind::Actor | Kind::GuestStar))
            .count() as u32
    }
}
