//! Where an action's random inputs come from: given by the players (`Given`), the game's
//! seeded generator (`Seeded`, SplitMix64 written here so it never changes with a crate
//! version), or both (`VirtualDice`: cards given, dice generated).

use super::*;
use crate::error::counted;

/// Supplies the random inputs of an action as it resolves.
pub(super) trait Oracle {
    fn die(&mut self, why: &'static str) -> Result<u8, RuleError>;
    fn blueprint(&mut self, deck: &Pile<Blueprint>) -> Result<Blueprint, RuleError>;
    fn contractor(&mut self, deck: &Pile<Contractor>) -> Result<Contractor, RuleError>;
    fn tools(&mut self) -> Result<[Tool; 4], RuleError>;
}

/// Inputs given with the action: each is checked (a face 1–6, a card still in the deck).
pub(super) struct Given<'a> {
    pub(super) inputs: &'a Inputs,
    pub(super) dice: usize,
    pub(super) blueprints: usize,
    pub(super) contractors: usize,
    pub(super) tools: bool,
}

impl<'a> Given<'a> {
    pub(super) fn new(inputs: &'a Inputs) -> Self {
        Given {
            inputs,
            dice: 0,
            blueprints: 0,
            contractors: 0,
            tools: false,
        }
    }
    pub(super) fn finish(&self) -> Result<(), RuleError> {
        let mut extra = Vec::new();
        if self.dice < self.inputs.dice.len() {
            extra.push(counted(self.inputs.dice.len() - self.dice, "die face"));
        }
        if self.blueprints < self.inputs.blueprints.len() {
            extra.push(counted(
                self.inputs.blueprints.len() - self.blueprints,
                "blueprint",
            ));
        }
        if self.contractors < self.inputs.contractors.len() {
            extra.push(counted(
                self.inputs.contractors.len() - self.contractors,
                "contractor",
            ));
        }
        if self.inputs.tools.is_some() && !self.tools {
            extra.push("the tool token order".into());
        }
        if extra.is_empty() {
            Ok(())
        } else {
            Err(RuleError::UnusedInputs(extra.join(", ")))
        }
    }
}

impl Oracle for Given<'_> {
    fn die(&mut self, why: &'static str) -> Result<u8, RuleError> {
        let v = *self
            .inputs
            .dice
            .get(self.dice)
            .ok_or(RuleError::NeedDie(why))?;
        if !(1..=6).contains(&v) {
            return Err(RuleError::BadFace(v));
        }
        self.dice += 1;
        Ok(v)
    }
    fn blueprint(&mut self, deck: &Pile<Blueprint>) -> Result<Blueprint, RuleError> {
        let card = *self
            .inputs
            .blueprints
            .get(self.blueprints)
            .ok_or(RuleError::NeedBlueprint)?;
        if !deck.contains(card) {
            return Err(RuleError::ImpossibleBlueprint {
                card,
                copies: card.info().copies,
            });
        }
        self.blueprints += 1;
        Ok(card)
    }
    fn contractor(&mut self, deck: &Pile<Contractor>) -> Result<Contractor, RuleError> {
        let card = *self
            .inputs
            .contractors
            .get(self.contractors)
            .ok_or(RuleError::NeedContractor)?;
        if !deck.contains(card) {
            return Err(RuleError::ImpossibleContractor {
                card,
                copies: card.info().copies,
            });
        }
        self.contractors += 1;
        Ok(card)
    }
    fn tools(&mut self) -> Result<[Tool; 4], RuleError> {
        let tools = self.inputs.tools.ok_or(RuleError::NeedTools)?;
        if Tool::ALL.iter().any(|t| !tools.contains(t)) {
            return Err(RuleError::BadTools);
        }
        self.tools = true;
        Ok(tools)
    }
}

/// A table-companion action whose cards are given but whose dice are the program's own
/// (a table that rolls virtual dice while dealing physical cards).
pub(super) struct VirtualDice<'a> {
    pub(super) given: Given<'a>,
    pub(super) seeded: Seeded,
}

impl Oracle for VirtualDice<'_> {
    fn die(&mut self, why: &'static str) -> Result<u8, RuleError> {
        self.seeded.die(why)
    }
    fn blueprint(&mut self, deck: &Pile<Blueprint>) -> Result<Blueprint, RuleError> {
        self.given.blueprint(deck)
    }
    fn contractor(&mut self, deck: &Pile<Contractor>) -> Result<Contractor, RuleError> {
        self.given.contractor(deck)
    }
    fn tools(&mut self) -> Result<[Tool; 4], RuleError> {
        self.given.tools()
    }
}

/// The game's own generator: virtual dice and shuffled decks. It records what it produced so
/// the journal holds complete actions. Action `stream` gets its own generator, derived from the
/// setup's seed and the action's number, so replaying a journal and going on from there gives
/// the same rolls.
pub(super) struct Seeded {
    pub(super) rng: SplitMix64,
    pub(super) record: Inputs,
}

impl Seeded {
    pub(super) fn new(seed: u64, stream: u64) -> Self {
        Seeded {
            rng: SplitMix64::for_action(seed, stream),
            record: Inputs::default(),
        }
    }

    pub(super) fn rng(&mut self) -> &mut SplitMix64 {
        &mut self.rng
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state stepped by a constant and mixed.
/// Tiny, fast to start (a game derives one per action), and fixed here, so a seed gives the
/// same rolls whatever version of `rand` builds the program.
#[derive(Debug, Clone)]
pub(crate) struct SplitMix64 {
    pub(super) state: u64,
}

impl SplitMix64 {
    const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

    pub(super) fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The generator of action number `stream` of the game seeded with `seed`.
    pub(crate) fn for_action(seed: u64, stream: u64) -> SplitMix64 {
        SplitMix64 {
            state: Self::mix(seed ^ Self::mix(stream.wrapping_add(Self::GAMMA))),
        }
    }
}

impl RngCore for SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(Self::GAMMA);
        Self::mix(self.state)
    }
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

impl Oracle for Seeded {
    fn die(&mut self, _why: &'static str) -> Result<u8, RuleError> {
        let v = self.rng().random_range(1..=6u8);
        self.record.dice.push(v);
        Ok(v)
    }
    fn blueprint(&mut self, deck: &Pile<Blueprint>) -> Result<Blueprint, RuleError> {
        let k = self.rng().random_range(0..deck.len());
        let card = deck.nth(k).ok_or(RuleError::NeedBlueprint)?;
        self.record.blueprints.push(card);
        Ok(card)
    }
    fn contractor(&mut self, deck: &Pile<Contractor>) -> Result<Contractor, RuleError> {
        let k = self.rng().random_range(0..deck.len());
        let card = deck.nth(k).ok_or(RuleError::NeedContractor)?;
        self.record.contractors.push(card);
        Ok(card)
    }
    fn tools(&mut self) -> Result<[Tool; 4], RuleError> {
        let mut tools = Tool::ALL;
        for i in (1..4).rev() {
            let j = self.rng().random_range(0..=i);
            tools.swap(i, j);
        }
        self.record.tools = Some(tools);
        Ok(tools)
    }
}
