//! Actions: what a player (or the Machine) does, plus the random inputs it consumed.
//!
//! An [`Action`] is an [`Act`] (the decision) and its [`Inputs`] (the dice faces and the
//! identities of the cards revealed while resolving it, in the order they were needed). In a
//! table-companion game the players supply the inputs (what the physical dice show, which card
//! came off the deck); in a digital game the game's seeded generator does
//! ([`crate::Game::apply_digital`]). Either way the journal stores the complete action,
//! so replaying it never needs a random number.

use super::cards::{Blueprint, Contractor, Tool};
use super::state::{MAX_DICE, Section};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smallvec::SmallVec;
use std::fmt;
use std::ops::Deref;

/// What an [`InlineList`] holds: a filler value for its unused slots and what to say when a
/// journal names too many.
pub trait Listed: Copy + PartialEq + Eq + std::hash::Hash + fmt::Debug {
    const FILLER: Self;
    /// The refusal for `n` entries where at most `max` fit.
    fn too_many(n: usize, max: usize) -> String;
}

impl Listed for u8 {
    const FILLER: u8 = 0;
    fn too_many(n: usize, max: usize) -> String {
        format!("{n} dice named; a player has at most {max}")
    }
}

impl Listed for Blueprint {
    const FILLER: Blueprint = Blueprint::ALL[0];
    fn too_many(n: usize, max: usize) -> String {
        format!("{n} blueprints discarded by one choice; no card discards more than {max}")
    }
}

/// A short list stored inline (no allocation), at most `N` entries. Written to JSON as a plain
/// list; compared and hashed as the list it holds (the unused slots do not count).
#[derive(Clone, Copy)]
pub struct InlineList<T: Listed, const N: usize> {
    len: u8,
    items: [T; N],
}

/// Die indices (or, for the Foreman's roll, die faces) named by an action: at most
/// [`MAX_DICE`].
pub type DiceList = InlineList<u8, MAX_DICE>;

/// The most blueprints a card's choice discards (Recycling Plant and Trash Compactor: 2).
pub const MAX_CHOICE_DISCARDS: usize = 2;

/// Blueprints named by a card's choice: at most [`MAX_CHOICE_DISCARDS`].
pub type CardList = InlineList<Blueprint, MAX_CHOICE_DISCARDS>;

impl<T: Listed, const N: usize> Default for InlineList<T, N> {
    fn default() -> Self {
        InlineList {
            len: 0,
            items: [T::FILLER; N],
        }
    }
}

impl<T: Listed, const N: usize> InlineList<T, N> {
    /// The list, or `None` when it has more than `N` entries.
    pub fn new(items: &[T]) -> Option<Self> {
        if items.len() > N {
            return None;
        }
        let mut l = Self::default();
        l.items[..items.len()].copy_from_slice(items);
        l.len = items.len() as u8;
        Some(l)
    }
    /// One entry.
    pub fn one(item: T) -> Self {
        let mut l = Self::default();
        l.items[0] = item;
        l.len = 1;
        l
    }
}

impl<T: Listed, const N: usize> Deref for InlineList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T: Listed, const N: usize> PartialEq for InlineList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}
impl<T: Listed, const N: usize> Eq for InlineList<T, N> {}
impl<T: Listed, const N: usize> std::hash::Hash for InlineList<T, N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (**self).hash(h)
    }
}

impl<T: Listed, const N: usize> fmt::Debug for InlineList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// From a literal list in code; entries beyond `N` are cut (the rules never name that many,
/// and `apply` would refuse them anyway).
impl<T: Listed, const N: usize> From<&[T]> for InlineList<T, N> {
    fn from(items: &[T]) -> Self {
        Self::new(&items[..items.len().min(N)]).unwrap_or_default()
    }
}

impl<T: Listed, const N: usize, const M: usize> From<[T; M]> for InlineList<T, N> {
    fn from(items: [T; M]) -> Self {
        Self::from(&items[..])
    }
}

impl<T: Listed + Serialize, const N: usize> Serialize for InlineList<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Listed + Deserialize<'de>, const N: usize> Deserialize<'de> for InlineList<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        Self::new(&v).ok_or_else(|| serde::de::Error::custom(T::too_many(v.len(), N)))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    pub act: Act,
    #[serde(default, skip_serializing_if = "Inputs::is_empty")]
    pub inputs: Inputs,
}

impl Action {
    /// An action whose random inputs will be asked for (companion play) or generated.
    pub fn new(act: Act) -> Self {
        Action {
            act,
            inputs: Inputs::default(),
        }
    }
    pub fn with_inputs(act: Act, inputs: Inputs) -> Self {
        Action { act, inputs }
    }
}

/// Die faces given with an action (inline up to 16, the most one action rolls).
pub type Faces = SmallVec<[u8; 16]>;
/// Blueprints revealed during an action (inline up to 16: a solo opening deal).
pub type Revealed = SmallVec<[Blueprint; 16]>;
/// Contractors revealed during an action (inline up to 8).
pub type RevealedContractors = SmallVec<[Contractor; 8]>;

/// Random inputs consumed by an action, each list in the order of use. The lists are stored
/// inline (an action almost never needs more), so recording them costs no allocation.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Inputs {
    /// Die faces (1–6): rolls, rerolls, the Robot's die, the Machine's five dice (red, blue,
    /// purple, yellow, green).
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub dice: Faces,
    /// Blueprints revealed from the top of the blueprint deck.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub blueprints: Revealed,
    /// Contractors revealed from the top of the contractor deck.
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub contractors: RevealedContractors,
    /// The order of the tool tokens above the contractor slots (the opening deal only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<[Tool; 4]>,
}

impl Inputs {
    pub fn is_empty(&self) -> bool {
        self.dice.is_empty()
            && self.blueprints.is_empty()
            && self.contractors.is_empty()
            && self.tools.is_none()
    }
}

/// A market row (docs/rules.md, market phase: refresh the blueprints or the contractors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Row {
    Blueprints,
    Contractors,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    Metal,
    Energy,
}

impl Resource {
    /// The English name, as the rulebook writes it.
    pub fn name(self) -> &'static str {
        match self {
            Resource::Metal => "metal",
            Resource::Energy => "energy",
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a card gives when it offers a choice: Harvester (metal or energy), Manufactory
/// (metal, energy or drawing blueprints).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bonus {
    Metal,
    Energy,
    Draw,
}

/// The choices an activation may need. Fields a card does not use must be left empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Choice {
    /// Blueprints discarded from hand: Black Market 1, Incinerator 1, Refinery 1, Recycling
    /// Plant 2, Trash Compactor 2.
    #[serde(default, skip_serializing_if = "<[Blueprint]>::is_empty")]
    pub discard: CardList,
    /// Golem's X (energy paid and the die's value), Mega Factory's extra die value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u8>,
    /// Harvester or Manufactory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<Bonus>,
    /// Black Market when the discarded card costs more than 4: how much of the 4 is metal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metal: Option<u8>,
}

/// A decision, without its random inputs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Act {
    /// The opening deal: tool tokens, each player's 4 blueprints, the market's 4 blueprints and
    /// 4 contractors, and in a solo game the Machine's starting compound (Monuments revealed
    /// there are discarded and replaced).
    Deal,
    /// Market phase, optional and once per turn: pay 1 metal or 1 energy to replace a row.
    RefreshMarket { row: Row, pay: Resource },
    /// Market phase: take market blueprint `slot` (0–3) into hand.
    TakeBlueprint { slot: u8 },
    /// Market phase: hire the contractor in `slot` (0–3), discarding `discard` (its tool must
    /// match the token above the slot). `opponent` receives the Architect's, Electrician's or
    /// Miner's gift in a game of 2 or more players.
    Hire {
        slot: u8,
        discard: Blueprint,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opponent: Option<u8>,
    },
    /// Market phase, only when you can neither take a blueprint nor hire a contractor (every
    /// card is out of the decks: **Decision**, the rulebooks never reach this).
    Pass,
    /// Work phase: roll your dice. With the Foreman contractor, `set` gives up to 4 values
    /// chosen instead of rolled.
    Roll {
        #[serde(default, skip_serializing_if = "<[u8]>::is_empty")]
        set: DiceList,
    },
    /// Work phase: take the Specialist's extra die with the chosen value.
    SpecialistDie { value: u8 },
    /// Work phase: place die `die` on an HQ section.
    Place { die: u8, section: Section },
    /// Work phase: activate a card of your compound. `dice` are the dice placed on it (or, for
    /// training cards, the unplaced dice it changes).
    Activate {
        card: Blueprint,
        #[serde(default, skip_serializing_if = "<[u8]>::is_empty")]
        dice: DiceList,
        #[serde(default)]
        choice: Choice,
    },
    /// Work phase: activate your Replicator (1 energy) to use `card`, a market blueprint, as
    /// if it were in your compound; dice go on the Replicator.
    Replicate {
        card: Blueprint,
        #[serde(default, skip_serializing_if = "<[u8]>::is_empty")]
        dice: DiceList,
        #[serde(default)]
        choice: Choice,
    },
    /// Work phase: build `card` from hand, discarding `discard` (same tool) and paying its cost.
    Build { card: Blueprint, discard: Blueprint },
    /// End your work phase, discarding down to 10 blueprints and 12 resources.
    EndWork {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        discard: Vec<Blueprint>,
        #[serde(default)]
        discard_metal: u32,
        #[serde(default)]
        discard_energy: u32,
    },
    /// The Machine's turn (solo): five dice in the inputs.
    MachineTurn,
    /// Work phase: everyone works at once, so the work phase turns to `player` (0-based), who
    /// has not ended theirs yet.
    Switch { player: u8 },
    /// At a real table with hidden hands, `player` tells Foreman from their own device that
    /// one of the cards they drew in secret is `card`, at any time and whoever's turn it is.
    /// Only their screen names it; the others still count it as hidden.
    Tell { player: u8, card: Blueprint },
    /// A card `player` told Foreman is counted as hidden again: taken back by its player, or
    /// because a card another player named could only be in that hand if the tell was wrong
    /// (the table is the truth; only `player`'s device hears of it).
    Untell { player: u8, card: Blueprint },
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Act::Deal => write!(f, "deal"),
            Act::RefreshMarket { row, pay } => {
                let row = match row {
                    Row::Blueprints => "blueprints",
                    Row::Contractors => "contractors",
                };
                write!(f, "refresh the market {row} for 1 {pay}")
            }
            Act::TakeBlueprint { slot } => {
                write!(f, "take market blueprint {}", u16::from(*slot) + 1)
            }
            Act::Hire {
                slot,
                discard,
                opponent,
            } => {
                write!(
                    f,
                    "hire contractor {} discarding {discard}",
                    u16::from(*slot) + 1
                )?;
                if let Some(o) = opponent {
                    write!(f, " (opponent: player {})", u16::from(*o) + 1)?;
                }
                Ok(())
            }
            Act::Pass => write!(f, "pass (nothing can be taken)"),
            Act::Roll { set } if set.is_empty() => write!(f, "roll"),
            Act::Roll { set } => write!(f, "roll, setting {:?} (Foreman)", &set[..]),
            Act::SpecialistDie { value } => write!(f, "take the Specialist's die as a {value}"),
            Act::Place { die, section } => {
                write!(f, "place die {} on {section}", u16::from(*die) + 1)
            }
            Act::Activate { card, dice, choice } => {
                write!(f, "activate {card}")?;
                describe(f, dice, choice)
            }
            Act::Replicate { card, dice, choice } => {
                write!(f, "replicate {card}")?;
                describe(f, dice, choice)
            }
            Act::Build { card, discard } => write!(f, "build {card} discarding {discard}"),
            Act::EndWork {
                discard,
                discard_metal,
                discard_energy,
            } => {
                write!(f, "end the work phase")?;
                if !discard.is_empty() {
                    let names: Vec<&str> = discard.iter().map(|b| b.name()).collect();
                    write!(f, ", discarding {}", names.join(", "))?;
                }
                if *discard_metal > 0 || *discard_energy > 0 {
                    write!(
                        f,
                        ", dropping {discard_metal} metal and {discard_energy} energy"
                    )?;
                }
                Ok(())
            }
            Act::MachineTurn => write!(f, "the Machine's turn"),
            Act::Switch { player } => {
                write!(f, "turn to player {}'s work phase", u16::from(*player) + 1)
            }
            // Said without the card: this line may reach a screen everyone sees.
            Act::Tell { player, .. } => write!(
                f,
                "player {} tells Foreman a card drawn in secret",
                u16::from(*player) + 1
            ),
            Act::Untell { player, .. } => write!(
                f,
                "a card player {} told Foreman is counted as hidden again",
                u16::from(*player) + 1
            ),
        }
    }
}

fn describe(f: &mut fmt::Formatter<'_>, dice: &[u8], choice: &Choice) -> fmt::Result {
    if !dice.is_empty() {
        let d: Vec<String> = dice
            .iter()
            .map(|&d| (u16::from(d) + 1).to_string())
            .collect();
        write!(f, " with dice {}", d.join(", "))?;
    }
    if !choice.discard.is_empty() {
        let names: Vec<&str> = choice.discard.iter().map(|b| b.name()).collect();
        write!(f, " discarding {}", names.join(", "))?;
    }
    if let Some(v) = choice.value {
        write!(f, " for a {v}")?;
    }
    if let Some(b) = choice.bonus {
        let b = match b {
            Bonus::Metal => "metal",
            Bonus::Energy => "energy",
            Bonus::Draw => "blueprints",
        };
        write!(f, " taking {b}")?;
    }
    if let Some(m) = choice.metal {
        write!(f, " ({m} as metal)")?;
    }
    Ok(())
}
