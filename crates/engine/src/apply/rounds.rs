//! The deal, the round's structure (turns, the end trigger, the last round) and the Machine's
//! turn (docs/rules.md, setup, a round, end of the game, solo game).

use super::*;

impl Ctx<'_> {
    // --- Setup and round structure ------------------------------------------------------

    pub(super) fn deal(&mut self) -> Result<(), RuleError> {
        if self.st.phase != Phase::Setup {
            return Err(self.wrong(When::Deal));
        }
        // docs/rules.md, setup 3: tool tokens in random order, fixed for the whole game.
        self.st.market.tools = self.oracle.tools()?;
        if self.setup.hands == Hands::Hidden {
            // At the table (docs/rules.md, hidden hands): the market is laid out first, then
            // each player draws 4 blueprints in secret.
            self.refill_market()?;
            for p in 0..self.n() {
                self.draw(p, 4)?;
                if self.st.players[p].hidden != 4 {
                    return Err(RuleError::NeedBlueprint);
                }
            }
        } else {
            // Setup 2: 4 random blueprints per player.
            for p in 0..self.n() {
                for _ in 0..4 {
                    let card = self.reveal_blueprint()?.ok_or(RuleError::NeedBlueprint)?;
                    self.st.players[p].hand.add(card);
                }
            }
            // Setup 3: the market.
            self.refill_market()?;
        }
        // Solo setup: the Machine's starting compound; Monuments are discarded and replaced.
        if let Some(difficulty) = self.setup.machine {
            let mut got = 0;
            while got < difficulty.starting_cards() {
                let card = self.reveal_blueprint()?.ok_or(RuleError::NeedBlueprint)?;
                if card.is_monument() {
                    self.st.blueprint_discard.add(card);
                } else if let Some(m) = self.st.machine.as_mut() {
                    m.compound.add(card);
                    got += 1;
                }
            }
        }
        self.start_round(1);
        Ok(())
    }

    pub(super) fn start_round(&mut self, round: u32) {
        self.st.round = round;
        self.st.phase = Phase::Market {
            turn: 0,
            refreshed: false,
        };
        // Once-per-round limits restart (activations, Scrap Yard, Solar Array, Laboratory);
        // dice and HQ slots are emptied: the round's dice come with the roll.
        for p in self.st.players.iter_mut() {
            p.activated = 0;
            p.fired = Fired::default();
            p.hq = [HqSection::default(); 3];
            p.dice.clear();
            p.specialist_due = false;
            p.worked = false;
        }
    }

    pub(super) fn end_market_turn(&mut self) {
        if let Phase::Market { turn, .. } = self.st.phase {
            self.st.phase = if turn + 1 < self.n() {
                Phase::Market {
                    turn: turn + 1,
                    refreshed: false,
                }
            } else {
                Phase::Work {
                    turn: 0,
                    rolled: false,
                }
            };
        }
    }

    pub(super) fn end_round(&mut self) {
        self.check_end_trigger();
        if self
            .st
            .final_round()
            .is_some_and(|last| self.st.round >= last)
        {
            self.st.phase = Phase::Over;
            self.events.push(Event::GameOver);
            return;
        }
        // docs/rules.md, end of the work phase: the first-player token passes clockwise.
        self.st.first_player = (self.st.first_player + 1) % self.n();
        self.start_round(self.st.round + 1);
    }

    /// docs/rules.md, end of the game: 12+ goods produced or 10+ cards in a compound; in solo the
    /// Machine triggers it only by reaching 12 goods.
    pub(super) fn check_end_trigger(&mut self) {
        if self.st.end_triggered.is_some() || self.st.phase == Phase::Setup {
            return;
        }
        let players = self
            .st
            .players
            .iter()
            .any(|p| p.goods >= 12 || p.compound.len() >= 10);
        let machine = self.st.machine.as_ref().is_some_and(|m| m.goods >= 12);
        if players || machine {
            self.st.end_triggered = Some(self.st.round);
            self.events.push(Event::EndTriggered {
                round: self.st.round,
            });
        }
    }

    // --- The Machine (docs/rules.md, solo game) -----------------------------------------------

    pub(super) fn machine_turn(&mut self) -> Result<(), RuleError> {
        if self.st.phase != Phase::Machine {
            return Err(self.wrong(When::MachineTurn));
        }
        let mut dice = [0u8; 5];
        for d in dice.iter_mut() {
            *d = self.oracle.die("the Machine's five dice")?;
        }
        self.events.push(Event::MachineRolled { dice });
        let green = dice[4];
        match green {
            1..=4 => {
                let slot = usize::from(green - 1);
                if let Some(card) = self.st.market.blueprints[slot].take() {
                    self.machine_gains(card, Some(green - 1));
                }
            }
            _ => {
                if let Some(card) = self.reveal_blueprint()? {
                    self.machine_gains(card, None);
                }
                let row = if green == 5 {
                    Row::Blueprints
                } else {
                    Row::Contractors
                };
                self.discard_row(row);
                self.events.push(Event::MachineDiscardedRow { row });
            }
        }
        self.refill_market()?;
        for (k, die) in MachineDie::ORDER.iter().take(4).enumerate() {
            let Some(kind) = die.card_type() else {
                continue;
            };
            let value = dice[k];
            if let Some(m) = self.st.machine.as_mut() {
                let cards = m.compound.of_type(kind);
                let produced = u32::from(value) <= cards;
                if produced {
                    m.goods += 1;
                }
                self.events.push(Event::MachineProduction {
                    die: *die,
                    value,
                    cards,
                    produced,
                });
            }
        }
        self.end_round();
        Ok(())
    }

    pub(super) fn machine_gains(&mut self, card: Blueprint, slot: Option<u8>) {
        if let Some(m) = self.st.machine.as_mut() {
            m.compound.add(card);
        }
        self.events.push(Event::MachineTook { card, slot });
    }
}
