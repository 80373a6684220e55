//! Card identities and the catalogue loaded from `assets/cards.toml`.
//!
//! The catalogue file is the data (copies, type, tool, cost, prestige, names); the behaviour
//! of each card is code in `apply.rs`, keyed by [`Blueprint`] / [`Contractor`]. At start the
//! catalogue is parsed and checked against these enums (every card present once, totals of
//! `docs/cards.md`: 74 blueprints, 17 contractors, tools 19/19/18/18, types
//! 25/14/10/13/12).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// The embedded catalogue text; parsing it is pure (no file I/O at run time).
pub const CATALOGUE_TOML: &str = include_str!("../../../assets/cards.toml");

macro_rules! card_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $en:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(into = "&'static str", try_from = "String")]
        pub enum $name { $($variant),+ }

        impl $name {
            /// Every card name, in catalogue order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Number of distinct names.
            pub const COUNT: usize = [$($name::$variant),+].len();

            /// The English name printed on the card.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $en),+ }
            }

            /// Looks a card up by its exact English name (saved games, the catalogue file).
            pub fn from_english(text: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|c| c.name() == text)
            }

            /// Looks a card up by its English or French name (case and accents as printed,
            /// case-insensitive).
            pub fn from_name(text: &str) -> Option<Self> {
                let wanted = text.trim().to_lowercase();
                Self::ALL.iter().copied().find(|c| {
                    c.name().to_lowercase() == wanted || c.name_fr().to_lowercase() == wanted
                })
            }

            /// Position in [`Self::ALL`], used to index per-card arrays.
            #[inline]
            pub fn index(self) -> usize { self as usize }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.name()) }
        }

        impl From<$name> for &'static str {
            fn from(c: $name) -> &'static str { c.name() }
        }

        impl TryFrom<String> for $name {
            type Error = String;
            fn try_from(s: String) -> Result<Self, String> {
                Self::from_english(&s).ok_or_else(|| format!("no card is called {s:?}"))
            }
        }
    };
}

card_enum!(
    /// The 32 blueprint names of the base game (cards.md, "Blueprints").
    Blueprint {
        AluminumFactory = "Aluminum Factory",
        AssemblyLine = "Assembly Line",
        BatteryFactory = "Battery Factory",
        Beacon = "Beacon",
        Biolab = "Biolab",
        BlackMarket = "Black Market",
        ConcretePlant = "Concrete Plant",
        Dojo = "Dojo",
        FitnessCenter = "Fitness Center",
        Foundry = "Foundry",
        FulfillmentCenter = "Fulfillment Center",
        Golem = "Golem",
        Gymnasium = "Gymnasium",
        Harvester = "Harvester",
        Incinerator = "Incinerator",
        Laboratory = "Laboratory",
        Manufactory = "Manufactory",
        MegaFactory = "Mega Factory",
        Megalith = "Megalith",
        Motherlode = "Motherlode",
        NuclearPlant = "Nuclear Plant",
        Obelisk = "Obelisk",
        PowerPlant = "Power Plant",
        RecyclingPlant = "Recycling Plant",
        Refinery = "Refinery",
        Replicator = "Replicator",
        Robot = "Robot",
        ScrapYard = "Scrap Yard",
        SolarArray = "Solar Array",
        TempAgency = "Temp Agency",
        TrashCompactor = "Trash Compactor",
        Warehouse = "Warehouse",
    }
);

card_enum!(
    /// The 8 contractor names of the base game (cards.md, "Contractors").
    Contractor {
        Architect = "Architect",
        Electrician = "Electrician",
        Engineer = "Engineer",
        Foreman = "Foreman",
        HiredHands = "Hired Hands",
        Investor = "Investor",
        Miner = "Miner",
        Specialist = "Specialist",
    }
);

impl Blueprint {
    /// Catalogue facts of this blueprint.
    #[inline]
    pub fn info(self) -> &'static BlueprintInfo {
        &catalogue().blueprints[self.index()]
    }
    pub fn name_fr(self) -> &'static str {
        &self.info().name_fr
    }
    #[inline]
    pub fn tool(self) -> Tool {
        self.info().tool
    }
    pub fn kind(self) -> CardType {
        self.info().kind
    }
    pub fn is_monument(self) -> bool {
        self.kind() == CardType::Monument
    }
    /// Cards that allow several copies in one compound (cards.md: Beacon, Obelisk).
    pub fn allows_several(self) -> bool {
        matches!(self, Blueprint::Beacon | Blueprint::Obelisk)
    }
    /// Cards whose effect is passive: no activation to trigger (Monuments, Laboratory, Scrap
    /// Yard, Solar Array).
    pub fn is_passive(self) -> bool {
        self.is_monument()
            || matches!(
                self,
                Blueprint::Laboratory | Blueprint::ScrapYard | Blueprint::SolarArray
            )
    }
}

impl Contractor {
    #[inline]
    pub fn info(self) -> &'static ContractorInfo {
        &catalogue().contractors[self.index()]
    }
    pub fn name_fr(self) -> &'static str {
        &self.info().name_fr
    }
}

/// The four tools (cards.md: the icon top-left on every blueprint and the tool tokens).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tool {
    Shovel,
    Gear,
    Wrench,
    Hammer,
}

impl Tool {
    pub const ALL: [Tool; 4] = [Tool::Shovel, Tool::Gear, Tool::Wrench, Tool::Hammer];
    pub fn name(self) -> &'static str {
        match self {
            Tool::Shovel => "shovel",
            Tool::Gear => "gear",
            Tool::Wrench => "wrench",
            Tool::Hammer => "hammer",
        }
    }
}

impl fmt::Display for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Card types (banner colour); the solo Machine counts cards by type (docs/rules.md, solo game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    Production,
    Utility,
    Training,
    Special,
    Monument,
}

impl CardType {
    /// Position in [`Self::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
    pub const ALL: [CardType; 5] = [
        CardType::Production,
        CardType::Utility,
        CardType::Training,
        CardType::Special,
        CardType::Monument,
    ];
    pub fn name(self) -> &'static str {
        match self {
            CardType::Production => "Production",
            CardType::Utility => "Utility",
            CardType::Training => "Training",
            CardType::Special => "Special",
            CardType::Monument => "Monument",
        }
    }
}

impl fmt::Display for CardType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One blueprint row of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlueprintInfo {
    pub name: String,
    pub name_fr: String,
    pub copies: u8,
    #[serde(rename = "type")]
    pub kind: CardType,
    pub tool: Tool,
    pub metal: u8,
    pub energy: u8,
    pub prestige: u8,
    pub activation: String,
}

/// One contractor row of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContractorInfo {
    pub name: String,
    pub name_fr: String,
    pub copies: u8,
    pub extra_energy: u8,
    pub effect: String,
}

/// The whole catalogue, indexed by [`Blueprint::index`] / [`Contractor::index`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalogue {
    pub blueprints: Vec<BlueprintInfo>,
    pub contractors: Vec<ContractorInfo>,
    /// For each card type (in [`CardType::ALL`] order), bit `i` is set when blueprint `i` is
    /// of that type: counting a pile by type is then a walk over a few bits.
    pub type_masks: [u32; 5],
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CatalogueError {
    #[error("the card catalogue is not valid TOML: {0}")]
    Syntax(String),
    #[error("the card catalogue names an unknown card {0:?}")]
    Unknown(String),
    #[error("the card catalogue lists {0:?} twice")]
    Twice(String),
    #[error("the card catalogue lacks {0:?}")]
    Missing(String),
    #[error("the card catalogue gives {what} = {found}; cards.md says {expected}")]
    Total {
        what: String,
        found: u32,
        expected: u32,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogueFile {
    blueprint: Vec<BlueprintInfo>,
    contractor: Vec<ContractorInfo>,
}

impl Catalogue {
    /// Parses and checks a catalogue text (the embedded one is [`CATALOGUE_TOML`]).
    pub fn parse(text: &str) -> Result<Catalogue, CatalogueError> {
        let file: CatalogueFile =
            toml::from_str(text).map_err(|e| CatalogueError::Syntax(e.to_string()))?;
        let blueprints = order_rows(
            file.blueprint,
            |r| &r.name,
            Blueprint::from_english,
            Blueprint::ALL,
        )?;
        let contractors = order_rows(
            file.contractor,
            |r| &r.name,
            Contractor::from_english,
            Contractor::ALL,
        )?;
        let mut type_masks = [0u32; 5];
        for (i, b) in blueprints.iter().enumerate() {
            if let Some(t) = CardType::ALL.iter().position(|&t| t == b.kind) {
                type_masks[t] |= 1 << i;
            }
        }
        let cat = Catalogue {
            blueprints,
            contractors,
            type_masks,
        };
        cat.check_totals()?;
        Ok(cat)
    }

    fn check_totals(&self) -> Result<(), CatalogueError> {
        let check = |what: String, found: u32, expected: u32| {
            if found == expected {
                Ok(())
            } else {
                Err(CatalogueError::Total {
                    what,
                    found,
                    expected,
                })
            }
        };
        let copies = |f: &dyn Fn(&BlueprintInfo) -> bool| -> u32 {
            self.blueprints
                .iter()
                .filter(|b| f(b))
                .map(|b| u32::from(b.copies))
                .sum()
        };
        check("blueprint cards".into(), copies(&|_| true), 74)?;
        let contractor_cards = self.contractors.iter().map(|c| u32::from(c.copies)).sum();
        check("contractor cards".into(), contractor_cards, 17)?;
        for (tool, n) in Tool::ALL.iter().zip([19, 19, 18, 18]) {
            check(
                format!("{tool} blueprints"),
                copies(&|b| b.tool == *tool),
                n,
            )?;
        }
        for (kind, n) in CardType::ALL.iter().zip([25, 14, 10, 13, 12]) {
            check(
                format!("{kind} blueprints"),
                copies(&|b| b.kind == *kind),
                n,
            )?;
        }
        Ok(())
    }
}

fn order_rows<R, C: Copy + PartialEq + Into<&'static str>>(
    rows: Vec<R>,
    name: impl Fn(&R) -> &String,
    lookup: impl Fn(&str) -> Option<C>,
    all: &[C],
) -> Result<Vec<R>, CatalogueError> {
    let mut slots: Vec<Option<R>> = all.iter().map(|_| None).collect();
    for row in rows {
        let n = name(&row).clone();
        let card = lookup(&n).ok_or_else(|| CatalogueError::Unknown(n.clone()))?;
        let at = all
            .iter()
            .position(|c| *c == card)
            .ok_or_else(|| CatalogueError::Unknown(n.clone()))?;
        if slots[at].is_some() {
            return Err(CatalogueError::Twice(n));
        }
        slots[at] = Some(row);
    }
    slots
        .into_iter()
        .zip(all)
        .map(|(s, c)| s.ok_or_else(|| CatalogueError::Missing((*c).into().to_string())))
        .collect()
}

static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();

/// The checked, embedded catalogue. Its validity is proven by the test suite
/// (`tests/it/catalogue.rs`) and by [`check_catalogue`], which the program calls at start.
#[inline]
pub fn catalogue() -> &'static Catalogue {
    CATALOGUE.get_or_init(|| match Catalogue::parse(CATALOGUE_TOML) {
        Ok(c) => c,
        // The file is compiled into the binary and checked by the tests: a failure here is a
        // build defect, not user input.
        Err(e) => panic!("embedded assets/cards.toml is invalid: {e}"),
    })
}

/// Checks the embedded catalogue without panicking; the binary calls this at start so that a
/// broken build reports a sentence instead of a panic.
pub fn check_catalogue() -> Result<(), CatalogueError> {
    Catalogue::parse(CATALOGUE_TOML).map(|_| ())
}
