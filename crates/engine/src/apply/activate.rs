//! Activations (cards.md, each card's row): paying, discarding, the dice patterns and the
//! choices a card takes, and what it gives.

use super::*;

impl Ctx<'_> {
    pub(super) fn activate(
        &mut self,
        card: Blueprint,
        dice: &[u8],
        choice: &Choice,
    ) -> Result<(), RuleError> {
        let p = self.worker()?;
        let player = &self.st.players[p];
        if !player.compound.contains(card) {
            return Err(RuleError::NotInCompound(card));
        }
        if card == Blueprint::Replicator {
            return Err(RuleError::ChoiceNeeded {
                card,
                what: "which market blueprint to copy (use Replicate)",
            });
        }
        if card.is_passive() {
            return Err(RuleError::NoActivation(card));
        }
        if player.has_activated(card) {
            return Err(RuleError::AlreadyActivated(card));
        }
        self.st.players[p].activated |= 1 << card.index();
        self.resolve(p, card, dice, choice, Spot::Card(card))
    }

    /// cards.md, Replicator. **Decision**: it copies a market blueprint that has an activation
    /// (not a Monument, not a passive card, not another Replicator).
    pub(super) fn replicate(
        &mut self,
        card: Blueprint,
        dice: &[u8],
        choice: &Choice,
    ) -> Result<(), RuleError> {
        let p = self.worker()?;
        let player = &self.st.players[p];
        if !player.compound.contains(Blueprint::Replicator) {
            return Err(RuleError::NoReplicator);
        }
        if player.has_activated(Blueprint::Replicator) {
            return Err(RuleError::AlreadyActivated(Blueprint::Replicator));
        }
        if !self.st.market.blueprints.contains(&Some(card)) {
            return Err(RuleError::NotInMarket(card));
        }
        if card.is_passive() || card == Blueprint::Replicator {
            return Err(RuleError::CannotReplicate(card));
        }
        self.pay_energy(p, Blueprint::Replicator, 1)?;
        self.st.players[p].activated |= 1 << Blueprint::Replicator.index();
        self.resolve(p, card, dice, choice, Spot::Card(Blueprint::Replicator))
    }

    pub(super) fn pay_energy(
        &mut self,
        p: usize,
        card: Blueprint,
        n: u32,
    ) -> Result<(), RuleError> {
        let player = &mut self.st.players[p];
        if player.energy < n {
            return Err(RuleError::NeedEnergy {
                card,
                needs: n,
                have: player.energy,
            });
        }
        player.energy -= n;
        Ok(())
    }

    pub(super) fn pay_metal(&mut self, p: usize, card: Blueprint, n: u32) -> Result<(), RuleError> {
        let player = &mut self.st.players[p];
        if player.metal < n {
            return Err(RuleError::NeedMetal {
                card,
                needs: n,
                have: player.metal,
            });
        }
        player.metal -= n;
        Ok(())
    }

    /// Discards blueprints from hand for an activation (Black Market, Incinerator, Refinery,
    /// Recycling Plant, Trash Compactor).
    pub(super) fn discard_from_hand(
        &mut self,
        p: usize,
        card: Blueprint,
        cards: &[Blueprint],
        needs: usize,
    ) -> Result<(), RuleError> {
        if cards.len() != needs {
            return Err(RuleError::DiscardCount {
                card,
                needs,
                got: cards.len(),
            });
        }
        self.st.can_give(p, cards)?;
        for &c in cards {
            self.st.take_from_hand(p, c)?;
            self.st.blueprint_discard.add(c);
        }
        Ok(())
    }

    /// Gains goods; a Laboratory then draws 1 blueprint, at most once per round (cards.md).
    pub(super) fn gain_goods(&mut self, p: usize, n: u32) -> Result<(), RuleError> {
        let player = &mut self.st.players[p];
        player.goods += n;
        if n > 0 && player.compound.contains(Blueprint::Laboratory) && !player.fired.laboratory {
            player.fired.laboratory = true;
            self.events.push(Event::Triggered {
                player: p,
                card: Blueprint::Laboratory,
            });
            self.draw(p, 1)?;
        }
        Ok(())
    }

    /// Resolves one activation of `card` (owned, or copied by the Replicator). Card rows:
    /// cards.md, "Blueprints".
    pub(super) fn resolve(
        &mut self,
        p: usize,
        card: Blueprint,
        dice: &[u8],
        choice: &Choice,
        spot: Spot,
    ) -> Result<(), RuleError> {
        use Blueprint as B;
        let values = self.unplaced_values(p, dice)?;
        let pattern = dice_pattern(card);
        match pattern {
            Some(pattern) => pattern.check(card, &values)?,
            None if !dice.is_empty() => {
                return Err(RuleError::BadChoice {
                    card,
                    why: "it takes no dice".into(),
                });
            }
            None => {}
        }
        choice_shape(card, choice)?;
        // Training cards change unplaced dice instead of taking them.
        let places = pattern.is_some_and(|pt| !matches!(pt, Pattern::Targets(_)));
        match card {
            B::AluminumFactory => {
                self.pay_energy(p, card, 5)?;
                self.st.players[p].metal += 1;
                self.gain_goods(p, 2)?;
            }
            B::AssemblyLine | B::MegaFactory => {
                self.gain_goods(p, 2)?;
            }
            B::BatteryFactory => {
                self.pay_energy(p, card, 4)?;
                self.gain_goods(p, 1)?;
            }
            B::Biolab => {
                self.pay_energy(p, card, 1)?;
                self.gain_goods(p, 1)?;
            }
            B::BlackMarket => {
                self.discard_from_hand(p, card, &choice.discard, 1)?;
                let sold = choice.discard[0].info();
                let (m, e) = (u32::from(sold.metal), u32::from(sold.energy));
                let (metal, energy) = if m + e <= 4 {
                    if choice.metal.is_some() {
                        return Err(RuleError::BadChoice {
                            card,
                            why: format!(
                                "{} costs {m} metal and {e} energy: all of it is gained",
                                sold.name
                            ),
                        });
                    }
                    (m, e)
                } else {
                    let a = u32::from(choice.metal.ok_or(RuleError::ChoiceNeeded {
                        card,
                        what: "how many of the 4 resources are metal",
                    })?);
                    if a > m || a > 4 || 4 - a > e {
                        return Err(RuleError::BadChoice {
                            card,
                            why: format!(
                                "{} costs {m} metal and {e} energy: you may take at most {m} metal and {e} energy, 4 in all",
                                sold.name
                            ),
                        });
                    }
                    (a, 4 - a)
                };
                self.st.players[p].metal += metal;
                self.st.players[p].energy += energy;
            }
            B::ConcretePlant => {
                self.pay_metal(p, card, u32::from(values[0]))?;
                self.gain_goods(p, 2)?;
            }
            B::Dojo | B::FitnessCenter | B::Gymnasium => {
                let v = values[0];
                let new = match card {
                    B::Dojo => 7 - v,
                    B::FitnessCenter if v == 1 => return Err(RuleError::FitnessOnOne),
                    B::FitnessCenter => v - 1,
                    _ if v == 6 => return Err(RuleError::GymnasiumOnSix),
                    _ => v + 1,
                };
                self.pay_energy(p, card, 1)?;
                if let Some(die) = self.st.players[p].dice.get_mut(usize::from(dice[0])) {
                    die.value = new;
                }
            }
            B::TempAgency => {
                self.pay_energy(p, card, 1)?;
                for &d in dice {
                    let v = self.oracle.die("the Temp Agency's reroll")?;
                    if let Some(die) = self.st.players[p].dice.get_mut(usize::from(d)) {
                        die.value = v;
                    }
                }
            }
            B::Foundry => {
                let x = u32::from(values[0]);
                self.pay_energy(p, card, x)?;
                self.st.players[p].metal += x;
            }
            B::FulfillmentCenter => {
                self.pay_energy(p, card, 2)?;
                self.st.players[p].metal += 1;
                self.gain_goods(p, 1)?;
            }
            B::Golem => {
                let x = choice.value.ok_or(RuleError::ChoiceNeeded {
                    card,
                    what: "X, the energy paid and the new die's value",
                })?;
                if !(1..=6).contains(&x) {
                    return Err(RuleError::BadFace(x));
                }
                self.pay_energy(p, card, u32::from(x))?;
                self.st.players[p].dice.push(x, DieOrigin::Golem);
            }
            B::Harvester => match choice.bonus {
                Some(Bonus::Metal) => self.st.players[p].metal += 4,
                Some(Bonus::Energy) => self.st.players[p].energy += 7,
                _ => {
                    return Err(RuleError::ChoiceNeeded {
                        card,
                        what: "4 metal or 7 energy",
                    });
                }
            },
            B::Incinerator => {
                self.discard_from_hand(p, card, &choice.discard, 1)?;
                self.pay_metal(p, card, 1)?;
                self.st.players[p].energy += 6;
            }
            B::Manufactory => {
                let bonus = choice.bonus.ok_or(RuleError::ChoiceNeeded {
                    card,
                    what: "2 metal, 3 energy or 2 blueprints",
                })?;
                self.gain_goods(p, 1)?;
                match bonus {
                    Bonus::Metal => self.st.players[p].metal += 2,
                    Bonus::Energy => self.st.players[p].energy += 3,
                    Bonus::Draw => self.draw(p, 2)?,
                }
            }
            B::Motherlode => {
                self.st.players[p].metal += if values[0] <= 3 { 1 } else { 2 };
            }
            B::NuclearPlant => {
                self.st.players[p].energy += 1;
                self.gain_goods(p, 1)?;
            }
            B::PowerPlant => {
                self.st.players[p].energy += u32::from(values[0]);
            }
            B::RecyclingPlant => {
                self.discard_from_hand(p, card, &choice.discard, 2)?;
                self.pay_energy(p, card, 2)?;
                self.gain_goods(p, 1)?;
                self.draw(p, 1)?;
            }
            B::Refinery => {
                self.discard_from_hand(p, card, &choice.discard, 1)?;
                self.pay_energy(p, card, 3)?;
                self.st.players[p].metal += 3;
            }
            B::Robot => {
                self.pay_metal(p, card, 1)?;
                let v = self.oracle.die("the Robot's extra die")?;
                self.st.players[p].dice.push(v, DieOrigin::Robot);
            }
            B::TrashCompactor => {
                self.discard_from_hand(p, card, &choice.discard, 2)?;
                self.gain_goods(p, 2)?;
            }
            B::Warehouse => {
                self.st.players[p].energy += 2;
                self.gain_goods(p, 2)?;
            }
            B::Beacon
            | B::Megalith
            | B::Obelisk
            | B::Laboratory
            | B::ScrapYard
            | B::SolarArray
            | B::Replicator => return Err(RuleError::NoActivation(card)),
        }
        if card == B::MegaFactory {
            let v = choice.value.ok_or(RuleError::ChoiceNeeded {
                card,
                what: "the value of the extra die",
            })?;
            if !(1..=6).contains(&v) {
                return Err(RuleError::BadFace(v));
            }
            self.st.players[p].dice.push(v, DieOrigin::MegaFactory);
        }
        if places {
            self.mark_placed(p, dice, spot);
        }
        Ok(())
    }
}

/// The dice a card's activation takes (cards.md, dice notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// Any one die.
    Any,
    /// One die showing exactly this value.
    Exactly(u8),
    /// `n` dice of equal value (X=X, X=X=X).
    Equal(usize),
    /// Three consecutive values.
    Run3,
    /// Three dice summing to 14 or more (Warehouse).
    Sum14,
    /// Unplaced dice changed, not placed (training cards): exactly one, or `0` = one or more.
    Targets(usize),
}

pub fn dice_pattern(card: Blueprint) -> Option<Pattern> {
    use Blueprint as B;
    Some(match card {
        B::AluminumFactory | B::ConcretePlant | B::Harvester | B::Manufactory => Pattern::Equal(2),
        B::TrashCompactor => Pattern::Equal(2),
        B::MegaFactory => Pattern::Equal(3),
        B::AssemblyLine => Pattern::Run3,
        B::Warehouse => Pattern::Sum14,
        B::Biolab => Pattern::Exactly(1),
        B::FulfillmentCenter => Pattern::Exactly(4),
        B::NuclearPlant => Pattern::Exactly(6),
        B::BlackMarket | B::Foundry | B::Motherlode | B::PowerPlant => Pattern::Any,
        B::Dojo | B::FitnessCenter | B::Gymnasium => Pattern::Targets(1),
        B::TempAgency => Pattern::Targets(0),
        _ => return None,
    })
}

impl Pattern {
    pub fn needs(self) -> &'static str {
        match self {
            Pattern::Any => "one die",
            Pattern::Exactly(1) => "one die showing 1",
            Pattern::Exactly(4) => "one die showing 4",
            Pattern::Exactly(_) => "one die showing 6",
            Pattern::Equal(2) => "two dice of equal value",
            Pattern::Equal(_) => "three dice of equal value",
            Pattern::Run3 => "three dice of consecutive values",
            Pattern::Sum14 => "three dice summing to 14 or more",
            Pattern::Targets(1) => "one unplaced die to change",
            Pattern::Targets(_) => "one or more unplaced dice to reroll",
        }
    }

    pub fn fits(self, values: &[u8]) -> bool {
        match self {
            Pattern::Any | Pattern::Targets(1) => values.len() == 1,
            Pattern::Targets(_) => !values.is_empty(),
            Pattern::Exactly(v) => values == [v],
            Pattern::Equal(n) => values.len() == n && values.iter().all(|&v| v == values[0]),
            Pattern::Run3 => {
                let mut s = [0u8; 3];
                if values.len() != 3 {
                    return false;
                }
                s.copy_from_slice(values);
                s.sort_unstable();
                s[1] == s[0] + 1 && s[2] == s[1] + 1
            }
            Pattern::Sum14 => {
                values.len() == 3 && values.iter().map(|&v| u32::from(v)).sum::<u32>() >= 14
            }
        }
    }

    fn check(self, card: Blueprint, values: &[u8]) -> Result<(), RuleError> {
        if self.fits(values) {
            return Ok(());
        }
        Err(RuleError::DicePattern {
            card,
            needs: self,
            got: DiceList::from(values),
        })
    }
}

/// Which choice fields a card takes; anything else must be empty so that one decision has
/// one spelling in the journal.
fn choice_shape(card: Blueprint, choice: &Choice) -> Result<(), RuleError> {
    use Blueprint as B;
    let discards = match card {
        B::BlackMarket | B::Incinerator | B::Refinery => 1,
        B::RecyclingPlant | B::TrashCompactor => 2,
        _ => 0,
    };
    let value = matches!(card, B::Golem | B::MegaFactory);
    let bonus = matches!(card, B::Harvester | B::Manufactory);
    let metal = card == B::BlackMarket;
    let bad = |why: &str| {
        Err(RuleError::BadChoice {
            card,
            why: why.to_string(),
        })
    };
    if discards == 0 && !choice.discard.is_empty() {
        return bad("it discards no blueprint");
    }
    if !value && choice.value.is_some() {
        return bad("it takes no chosen value");
    }
    if !bonus && choice.bonus.is_some() {
        return bad("it offers no choice of reward");
    }
    if !metal && choice.metal.is_some() {
        return bad("it offers no choice of metal");
    }
    if card == B::Harvester && choice.bonus == Some(Bonus::Draw) {
        return bad("Harvester gives 4 metal or 7 energy");
    }
    Ok(())
}
