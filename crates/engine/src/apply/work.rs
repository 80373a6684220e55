//! The work phase (docs/rules.md, work phase; cards.md, Headquarters board): the roll, the
//! Specialist's die, placements on the headquarters, builds, the end of the work phase, and
//! the table turning to another player (everyone works at once).

use super::*;

impl Ctx<'_> {
    /// Everyone works at once (docs/rules.md, work phase at the table): the work phase turns to
    /// player `player`, who has not ended theirs; whoever worked before may come back to it.
    pub(super) fn switch(&mut self, player: u8) -> Result<(), RuleError> {
        let Phase::Work { .. } = self.st.phase else {
            return Err(self.wrong(When::Work));
        };
        let q = usize::from(player);
        let Some(target) = self.st.players.get(q) else {
            return Err(RuleError::NoSuchPlayer(u16::from(player) + 1));
        };
        if target.worked {
            return Err(RuleError::WorkEnded(u16::from(player) + 1));
        }
        let n = self.n();
        self.st.phase = Phase::Work {
            turn: (q + n - self.st.first_player) % n,
            rolled: !target.dice.is_empty(),
        };
        Ok(())
    }

    pub(super) fn roll(&mut self, set: &[u8]) -> Result<(), RuleError> {
        let turn = match self.st.phase {
            Phase::Work {
                rolled: false,
                turn,
            } => turn,
            Phase::Work { rolled: true, .. } => return Err(RuleError::AlreadyRolled),
            _ => return Err(self.wrong(When::WorkStart)),
        };
        let p = (self.st.first_player + turn) % self.n();
        let pending = self.st.players[p].pending.take();
        if !set.is_empty() && pending != Some(Contractor::Foreman) {
            return Err(RuleError::NoForeman);
        }
        if set.len() > 4 {
            return Err(RuleError::TooManySet(set.len()));
        }
        let mut dice = Dice::default();
        for &v in set {
            if !(1..=6).contains(&v) {
                return Err(RuleError::BadFace(v));
            }
            dice.push(v, DieOrigin::Foreman);
        }
        for _ in set.len()..4 {
            let v = self.oracle.die("your roll")?;
            dice.push(v, DieOrigin::Own);
        }
        if pending == Some(Contractor::HiredHands) {
            for _ in 0..2 {
                let v = self.oracle.die("the Hired Hands' dice")?;
                dice.push(v, DieOrigin::HiredHands);
            }
        }
        let player = &mut self.st.players[p];
        player.dice = dice;
        player.specialist_due = pending == Some(Contractor::Specialist);
        self.st.phase = Phase::Work { turn, rolled: true };
        self.events.push(Event::Rolled {
            player: p,
            dice: dice.as_slice().iter().map(|d| d.value).collect(),
        });
        Ok(())
    }

    pub(super) fn specialist_die(&mut self, value: u8) -> Result<(), RuleError> {
        let p = self.worker()?;
        if !self.st.players[p].specialist_due {
            return Err(RuleError::NoSpecialist);
        }
        if !(1..=6).contains(&value) {
            return Err(RuleError::BadFace(value));
        }
        let player = &mut self.st.players[p];
        player.specialist_due = false;
        player.dice.push(value, DieOrigin::Specialist);
        Ok(())
    }

    /// Checks dice indices (exist, unplaced, distinct) and returns their values.
    pub(super) fn unplaced_values(&self, p: usize, dice: &[u8]) -> Result<DiceList, RuleError> {
        let tray = &self.st.players[p].dice;
        let mut values = [0u8; MAX_DICE];
        for (k, &d) in dice.iter().enumerate() {
            let die = tray
                .get(usize::from(d))
                .ok_or(RuleError::NoSuchDie(u16::from(d) + 1))?;
            if die.placed.is_some() {
                return Err(RuleError::DieAlreadyPlaced(u16::from(d) + 1));
            }
            if dice[..k].contains(&d) {
                return Err(RuleError::DieTwice(u16::from(d) + 1));
            }
            // Distinct dice of one tray: never more than MAX_DICE.
            *values
                .get_mut(k)
                .ok_or(RuleError::NoSuchDie(u16::from(d) + 1))? = die.value;
        }
        DiceList::new(&values[..dice.len()]).ok_or(RuleError::NoSuchDie(MAX_DICE as u16 + 1))
    }

    pub(super) fn mark_placed(&mut self, p: usize, dice: &[u8], spot: Spot) {
        for &d in dice {
            if let Some(die) = self.st.players[p].dice.get_mut(usize::from(d)) {
                die.placed = Some(spot);
            }
        }
    }

    /// cards.md, Headquarters board: Research any die → 1 blueprint; Mine 4–6 → 1 metal;
    /// Generate 1–3 → energy equal to the value; +1 when an equal die is already there.
    pub(super) fn place(&mut self, die: u8, section: Section) -> Result<(), RuleError> {
        let p = self.worker()?;
        let value = self.unplaced_values(p, &[die])?[0];
        let hq = self.st.players[p].hq[section.index()];
        if hq.is_full() {
            return Err(RuleError::SectionFull(section));
        }
        match section {
            Section::Mine if value < 4 => {
                return Err(RuleError::SectionValue {
                    section,
                    needs: "4, 5 or 6",
                    value,
                });
            }
            Section::Generate if value > 3 => {
                return Err(RuleError::SectionValue {
                    section,
                    needs: "1, 2 or 3",
                    value,
                });
            }
            _ => {}
        }
        let bonus = u32::from(hq.values().any(|v| v == value));
        let slot = hq.dice.iter().position(|&v| v == 0).unwrap_or(2);
        self.st.players[p].hq[section.index()].dice[slot] = value;
        self.mark_placed(p, &[die], Spot::Hq(section));
        match section {
            Section::Research => self.draw(p, 1 + bonus)?,
            Section::Mine => self.st.players[p].metal += 1 + bonus,
            Section::Generate => self.st.players[p].energy += u32::from(value) + bonus,
        }
        Ok(())
    }

    pub(super) fn build(&mut self, card: Blueprint, discard: Blueprint) -> Result<(), RuleError> {
        let p = self.worker()?;
        check_build(self.st, p, card, discard)?;
        let (metal, energy) = build_cost(&self.st.players[p], card);
        self.st.take_from_hand(p, card)?;
        self.st.take_from_hand(p, discard)?;
        let player = &mut self.st.players[p];
        player.metal -= metal;
        player.energy -= energy;
        player.compound.add(card);
        self.st.blueprint_discard.add(discard);
        self.events.push(Event::Built { player: p, card });
        self.after_build(p, card);
        Ok(())
    }

    /// cards.md, Scrap Yard (+1 metal) and Solar Array (+2 energy): after building another
    /// card, once per round each.
    pub(super) fn after_build(&mut self, p: usize, card: Blueprint) {
        let player = &mut self.st.players[p];
        if card != Blueprint::ScrapYard
            && player.compound.contains(Blueprint::ScrapYard)
            && !player.fired.scrap_yard
        {
            player.fired.scrap_yard = true;
            player.metal += 1;
            self.events.push(Event::Triggered {
                player: p,
                card: Blueprint::ScrapYard,
            });
        }
        let player = &mut self.st.players[p];
        if card != Blueprint::SolarArray
            && player.compound.contains(Blueprint::SolarArray)
            && !player.fired.solar_array
        {
            player.fired.solar_array = true;
            player.energy += 2;
            self.events.push(Event::Triggered {
                player: p,
                card: Blueprint::SolarArray,
            });
        }
    }

    /// docs/rules.md, end of the work phase: keep at most `HAND_LIMIT` blueprints and
    /// `RESOURCE_LIMIT` resources, discarding exactly the excess of the player's choice.
    pub(super) fn end_work(
        &mut self,
        discard: &[Blueprint],
        metal: u32,
        energy: u32,
    ) -> Result<(), RuleError> {
        let p = self.worker()?;
        let player = &self.st.players[p];
        let (hand_excess, res_excess) = player.excess();
        let hand_excess = hand_excess as u32;
        if discard.len() as u32 != hand_excess {
            return Err(RuleError::HandLimit {
                needs: hand_excess,
                got: discard.len() as u32,
            });
        }
        // Numbers from a file: their sum may not fit (a u32 each).
        let named = metal.saturating_add(energy);
        if named != res_excess {
            return Err(RuleError::ResourceLimit {
                needs: res_excess,
                got: named,
            });
        }
        if metal > player.metal {
            return Err(RuleError::DropTooMuch {
                what: Resource::Metal,
                named: metal,
                have: player.metal,
            });
        }
        if energy > player.energy {
            return Err(RuleError::DropTooMuch {
                what: Resource::Energy,
                named: energy,
                have: player.energy,
            });
        }
        self.st.can_give(p, discard)?;
        for &c in discard {
            self.st.take_from_hand(p, c)?;
            self.st.blueprint_discard.add(c);
        }
        let player = &mut self.st.players[p];
        player.metal -= metal;
        player.energy -= energy;
        player.specialist_due = false;
        player.worked = true;
        let Phase::Work { turn, .. } = self.st.phase else {
            return Err(self.wrong(When::Work));
        };
        // Everyone works at once: the next player (in turn order) who has not ended works now;
        // played one after another this is simply the next player.
        let n = self.n();
        let next = (1..n)
            .map(|k| (turn + k) % n)
            .find(|&t| !self.st.players[(self.st.first_player + t) % n].worked);
        if let Some(t) = next {
            let q = (self.st.first_player + t) % n;
            self.st.phase = Phase::Work {
                turn: t,
                rolled: !self.st.players[q].dice.is_empty(),
            };
        } else if self.st.is_solo() {
            self.st.phase = Phase::Machine;
        } else {
            self.end_round();
        }
        Ok(())
    }
}
