//! The market phase (docs/rules.md, market phase): refreshing a row, taking a blueprint, passing,
//! hiring a contractor.

use super::*;

impl Ctx<'_> {
    // --- Market phase -------------------------------------------------------------------

    pub(super) fn refresh(&mut self, row: Row, pay: Resource) -> Result<(), RuleError> {
        let (turn, refreshed) = self.market_turn()?;
        if refreshed {
            return Err(RuleError::AlreadyRefreshed);
        }
        let p = (self.st.first_player + turn) % self.n();
        let player = &mut self.st.players[p];
        match pay {
            Resource::Metal if player.metal >= 1 => player.metal -= 1,
            Resource::Energy if player.energy >= 1 => player.energy -= 1,
            _ => return Err(RuleError::CannotPayRefresh(pay)),
        }
        self.discard_row(row);
        self.refill_market()?;
        self.st.phase = Phase::Market {
            turn,
            refreshed: true,
        };
        Ok(())
    }

    pub(super) fn take_blueprint(&mut self, slot: u8) -> Result<(), RuleError> {
        let (turn, _) = self.market_turn()?;
        let p = (self.st.first_player + turn) % self.n();
        let card = self
            .st
            .market
            .blueprints
            .get(usize::from(slot))
            .ok_or(RuleError::NoSuchSlot(u16::from(slot) + 1))?
            .ok_or(RuleError::EmptySlot(u16::from(slot) + 1))?;
        self.st.market.blueprints[usize::from(slot)] = None;
        self.st.players[p].hand.add(card);
        self.refill_market()?;
        self.end_market_turn();
        Ok(())
    }

    pub(super) fn pass(&mut self) -> Result<(), RuleError> {
        let (turn, _) = self.market_turn()?;
        let p = (self.st.first_player + turn) % self.n();
        if !market_blocked(self.st, p) {
            return Err(RuleError::WrongPhase {
                expected: When::Pass,
                now: Now::MarketWithChoice,
            });
        }
        self.end_market_turn();
        Ok(())
    }

    pub(super) fn hire(
        &mut self,
        slot: u8,
        discard: Blueprint,
        opponent: Option<u8>,
    ) -> Result<(), RuleError> {
        let (turn, _) = self.market_turn()?;
        let p = (self.st.first_player + turn) % self.n();
        let i = usize::from(slot);
        let contractor = self
            .st
            .market
            .contractors
            .get(i)
            .ok_or(RuleError::NoSuchSlot(u16::from(slot) + 1))?
            .ok_or(RuleError::EmptySlot(u16::from(slot) + 1))?;
        let tool = self.st.market.tools[i];
        self.st.can_give(p, &[discard])?;
        let player = &self.st.players[p];
        if discard.tool() != tool {
            return Err(RuleError::WrongHireTool {
                contractor,
                tool,
                discard,
                discard_tool: discard.tool(),
            });
        }
        let cost = u32::from(contractor.info().extra_energy);
        if player.energy < cost {
            return Err(RuleError::CannotPayContractor {
                contractor,
                cost,
                have: player.energy,
            });
        }
        // Contractors with a gift for an opponent (cards.md); ignored in solo (docs/rules.md).
        let gives = matches!(
            contractor,
            Contractor::Architect | Contractor::Electrician | Contractor::Miner
        );
        let opponent = match (gives && self.n() >= 2, opponent) {
            (true, None) => return Err(RuleError::OpponentNeeded(contractor)),
            (true, Some(o)) if usize::from(o) >= self.n() || usize::from(o) == p => {
                return Err(RuleError::BadOpponent(u16::from(o) + 1));
            }
            (true, Some(o)) => Some(usize::from(o)),
            (false, Some(_)) => return Err(RuleError::NoOpponentChoice(contractor)),
            (false, None) => None,
        };
        self.st.take_from_hand(p, discard)?;
        self.st.players[p].energy -= cost;
        self.st.blueprint_discard.add(discard);
        self.st.market.contractors[i] = None;
        self.st.contractor_discard.add(contractor);
        match contractor {
            Contractor::Architect => {
                self.draw(p, 3)?;
                if let Some(o) = opponent {
                    self.draw(o, 1)?;
                }
            }
            Contractor::Electrician => {
                self.st.players[p].energy += 5;
                if let Some(o) = opponent {
                    self.st.players[o].energy += 2;
                }
            }
            Contractor::Miner => {
                self.st.players[p].metal += 3;
                if let Some(o) = opponent {
                    self.st.players[o].metal += 1;
                }
            }
            Contractor::Engineer => self.engineer(p)?,
            Contractor::Investor => {
                if let Some(card) = self.reveal_blueprint()? {
                    let (metal, energy) =
                        (u32::from(card.info().metal), u32::from(card.info().energy));
                    self.st.players[p].metal += metal;
                    self.st.players[p].energy += energy;
                    self.st.blueprint_discard.add(card);
                    self.events.push(Event::Investor {
                        card,
                        metal,
                        energy,
                    });
                }
            }
            Contractor::Foreman | Contractor::HiredHands | Contractor::Specialist => {
                self.st.players[p].pending = Some(contractor);
            }
        }
        self.refill_market()?;
        self.end_market_turn();
        Ok(())
    }

    /// cards.md, Engineer: reveal and build for free; a card the player may not build is
    /// discarded and another revealed. **Decision**: when neither the deck nor its discard
    /// pile holds a card the player may build, nothing is built.
    pub(super) fn engineer(&mut self, p: usize) -> Result<(), RuleError> {
        loop {
            let player = &self.st.players[p];
            let buildable = |pile: &Pile<Blueprint>| {
                pile.iter()
                    .any(|(c, _)| c.allows_several() || !player.compound.contains(c))
            };
            // What the deck may still give (once it is used up, its discard pile, shuffled in
            // next; after a reshuffle the table knows the deck's cards exactly), and the
            // discard pile, which may be shuffled in later.
            if !buildable(&self.st.next_reveal_options()) && !buildable(&self.st.blueprint_discard)
            {
                return Ok(());
            }
            let Some(card) = self.reveal_blueprint()? else {
                return Ok(());
            };
            if card.allows_several() || !self.st.players[p].compound.contains(card) {
                self.st.players[p].compound.add(card);
                self.events.push(Event::Built { player: p, card });
                self.after_build(p, card);
                return Ok(());
            }
            self.st.blueprint_discard.add(card);
            self.events.push(Event::EngineerSkipped { card });
        }
    }
}
