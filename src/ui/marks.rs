//! The suggested plan drawn on the table: every die, headquarters section, card and market
//! slot that a step still to play touches carries the step's number in a small tag at its top
//! right corner, the next step's in strong blue and ringed with it, the later ones plain.
//! The tags are read by screen readers (and tests) as "Step 2 of the suggestion".

use crate::engine::state::Section;
use crate::engine::{Act, Blueprint};
use crate::i18n::Tr;
use egui::{Align2, Color32, FontId, Rect, Sense, Stroke, StrokeKind, Ui, WidgetInfo};
use std::collections::BTreeMap;

/// Where each step still to play goes on the table, by step number (1 for the plan's first).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StepMarks {
    /// The next step's number; the marks of later steps are drawn plain.
    pub next: usize,
    /// The player's dice, by their place in the roll.
    pub dice: BTreeMap<u8, Vec<usize>>,
    pub sections: [Vec<usize>; 3],
    /// Cards of the compound activated (a Replicator's copy marks the Replicator).
    pub compound: BTreeMap<Blueprint, Vec<usize>>,
    /// Cards of the hand built (the card discarded with it is said in the step's line).
    pub hand: BTreeMap<Blueprint, Vec<usize>>,
    /// Market blueprints taken or copied by the Replicator.
    pub market: [Vec<usize>; 4],
    pub contractors: [Vec<usize>; 4],
}

impl StepMarks {
    /// The marks of `steps` from step `played` on (those before are played).
    pub fn of(steps: &[Act], played: usize, market: &[Option<Blueprint>; 4]) -> Self {
        let mut m = StepMarks {
            next: played + 1,
            ..StepMarks::default()
        };
        for (i, act) in steps.iter().enumerate().skip(played) {
            let n = i + 1;
            match act {
                Act::Place { die, section } => {
                    m.dice.entry(*die).or_default().push(n);
                    m.sections[section.index()].push(n);
                }
                Act::Activate { card, dice, .. } => {
                    for d in dice.iter() {
                        m.dice.entry(*d).or_default().push(n);
                    }
                    m.compound.entry(*card).or_default().push(n);
                    // A card the plan builds first is still in the hand: tagged there too.
                    if steps[played..i]
                        .iter()
                        .any(|a| matches!(a, Act::Build { card: c, .. } if c == card))
                    {
                        m.hand.entry(*card).or_default().push(n);
                    }
                }
                Act::Replicate { card, dice, .. } => {
                    for d in dice.iter() {
                        m.dice.entry(*d).or_default().push(n);
                    }
                    m.compound.entry(Blueprint::Replicator).or_default().push(n);
                    if let Some(slot) = market.iter().position(|c| *c == Some(*card)) {
                        m.market[slot].push(n);
                    }
                }
                Act::Build { card, .. } => m.hand.entry(*card).or_default().push(n),
                Act::TakeBlueprint { slot } => {
                    if let Some(v) = m.market.get_mut(usize::from(*slot)) {
                        v.push(n);
                    }
                }
                Act::Hire { slot, .. } => {
                    if let Some(v) = m.contractors.get_mut(usize::from(*slot)) {
                        v.push(n);
                    }
                }
                _ => {}
            }
        }
        m
    }

    pub fn die(&self, i: u8) -> &[usize] {
        self.dice.get(&i).map_or(&[], Vec::as_slice)
    }

    pub fn section(&self, s: Section) -> &[usize] {
        &self.sections[s.index()]
    }

    /// The die the plan's next placement on `section` takes, if a step still to play places
    /// one there: the section's button offers it before the first die that fits.
    pub fn die_for(&self, section: Section) -> Option<u8> {
        let step = *self.section(section).first()?;
        self.dice
            .iter()
            .find(|(_, steps)| steps.contains(&step))
            .map(|(&d, _)| d)
    }

    pub fn in_compound(&self, c: Blueprint) -> &[usize] {
        self.compound.get(&c).map_or(&[], Vec::as_slice)
    }

    pub fn in_hand(&self, c: Blueprint) -> &[usize] {
        self.hand.get(&c).map_or(&[], Vec::as_slice)
    }
}

/// Where a tag sits on what it marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Corner {
    /// Inside the top right corner, so that a panel's edge never cuts it (sections, tiles).
    Inside,
    /// Astride the top right corner, clear of the pips (dice).
    Astride,
}

impl StepMarks {
    /// Tags `rect` (a section, a tile) with `steps`' numbers; nothing when there are none.
    /// The next step's tag is filled with strong blue and `rect` ringed with it.
    pub fn tag(&self, ui: &Ui, tr: &Tr, rect: Rect, steps: &[usize]) {
        self.tag_at(ui, tr, rect, steps, Corner::Inside);
    }

    /// [`Self::tag`] for die `i` drawn at `rect`, astride its corner, clear of the pips.
    pub fn tag_die(&self, ui: &Ui, tr: &Tr, rect: Rect, i: u8) {
        self.tag_at(ui, tr, rect, self.die(i), Corner::Astride);
    }

    fn tag_at(&self, ui: &Ui, tr: &Tr, rect: Rect, steps: &[usize], corner: Corner) {
        if steps.is_empty() || !ui.is_rect_visible(rect.expand(12.0)) {
            return;
        }
        let numbers = steps
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let is_next = steps.contains(&self.next);
        let (fill, ink) = if is_next {
            // One strong blue with white digits, that stands out on both themes.
            (Color32::from_rgb(0, 105, 170), Color32::WHITE)
        } else {
            let visuals = ui.visuals();
            (
                visuals.widgets.inactive.bg_fill,
                visuals.strong_text_color(),
            )
        };
        let painter = ui.painter();
        let galley = painter.layout_no_wrap(numbers.clone(), FontId::proportional(12.0), ink);
        let height = galley.size().y + 2.0;
        let width = (galley.size().x + 8.0).max(height);
        let min = match corner {
            Corner::Inside => egui::pos2(rect.right() - width - 1.0, rect.top() + 1.0),
            Corner::Astride => egui::pos2(
                rect.right() - width / 2.0 + 2.0,
                rect.top() - height / 2.0 - 2.0,
            ),
        };
        let tag = Rect::from_min_size(min, egui::vec2(width, height));
        if is_next {
            painter.rect_stroke(rect, 6.0, Stroke::new(2.0, fill), StrokeKind::Inside);
        }
        painter.rect(
            tag,
            height / 2.0,
            fill,
            Stroke::new(1.0, ink.gamma_multiply(0.6)),
            StrokeKind::Inside,
        );
        painter.galley(
            Align2::CENTER_CENTER
                .align_size_within_rect(galley.size(), tag)
                .min,
            galley,
            ink,
        );
        // Read by screen readers; hovered, it says which steps.
        let label = tr.t_args(
            "suggest-mark",
            &[("count", steps.len().into()), ("steps", numbers.into())],
        );
        let id = egui::Id::unique(("step-tag", rect.min.x as i32, rect.min.y as i32));
        let r = ui.interact(tag, id, Sense::hover());
        r.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, &label));
        r.on_hover_text(label);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::DiceList;

    /// Issue 29, point 2: the plan is shown on the table, which die goes where and what is
    /// built; the steps already played carry no mark.
    #[test]
    fn each_step_marks_its_dice_and_where_they_go() {
        let market = [Some(Blueprint::Golem), None, None, Some(Blueprint::Dojo)];
        let steps = vec![
            Act::Place {
                die: 2,
                section: Section::Mine,
            },
            Act::Activate {
                card: Blueprint::Refinery,
                dice: DiceList::from([0, 1]),
                choice: Default::default(),
            },
            Act::Replicate {
                card: Blueprint::Dojo,
                dice: DiceList::from([3]),
                choice: Default::default(),
            },
            Act::Build {
                card: Blueprint::Harvester,
                discard: Blueprint::Golem,
            },
            Act::Place {
                die: 4,
                section: Section::Mine,
            },
            Act::EndWork {
                discard: vec![],
                discard_metal: 0,
                discard_energy: 0,
            },
        ];
        let m = StepMarks::of(&steps, 0, &market);
        assert_eq!(m.next, 1);
        assert_eq!(m.die(2), &[1]);
        assert_eq!(m.section(Section::Mine), &[1, 5]);
        assert!(m.section(Section::Research).is_empty());
        assert_eq!(
            m.die_for(Section::Mine),
            Some(2),
            "step 1's die before step 5's"
        );
        assert_eq!(m.die_for(Section::Research), None);
        assert_eq!(m.die(0), &[2]);
        assert_eq!(m.die(1), &[2]);
        assert_eq!(m.in_compound(Blueprint::Refinery), &[2]);
        assert_eq!(m.die(3), &[3]);
        assert_eq!(m.in_compound(Blueprint::Replicator), &[3]);
        assert_eq!(m.market[3], vec![3]);
        assert_eq!(m.in_hand(Blueprint::Harvester), &[4]);
        assert!(
            m.in_hand(Blueprint::Golem).is_empty(),
            "the discard is not tagged"
        );
        assert!(
            m.in_hand(Blueprint::Refinery).is_empty(),
            "activated, not built by the plan"
        );

        let later = StepMarks::of(&steps, 2, &market);
        assert_eq!(later.next, 3);
        assert!(later.die(2).is_empty(), "step 1 is played");
        assert_eq!(later.section(Section::Mine), &[5]);
        assert_eq!(later.die_for(Section::Mine), Some(4));
        assert!(later.in_compound(Blueprint::Refinery).is_empty());
    }

    /// A card built by the plan and then activated is tagged with both steps in the hand
    /// (cards.md: a card is activated from the compound, where it lands once built).
    #[test]
    fn a_card_built_then_activated_shows_both_steps_in_the_hand() {
        let steps = vec![
            Act::Build {
                card: Blueprint::BatteryFactory,
                discard: Blueprint::Golem,
            },
            Act::Activate {
                card: Blueprint::BatteryFactory,
                dice: DiceList::default(),
                choice: Default::default(),
            },
        ];
        let m = StepMarks::of(&steps, 0, &[None; 4]);
        assert_eq!(m.in_hand(Blueprint::BatteryFactory), &[1, 2]);
        assert_eq!(m.in_compound(Blueprint::BatteryFactory), &[2]);
        let built = StepMarks::of(&steps, 1, &[None; 4]);
        assert!(built.in_hand(Blueprint::BatteryFactory).is_empty());
        assert_eq!(built.in_compound(Blueprint::BatteryFactory), &[2]);
    }

    /// docs/rules.md, market phase: the market choice marks the blueprint taken or the contractor
    /// hired.
    #[test]
    fn a_market_choice_marks_its_slot() {
        let market = [None; 4];
        let take = StepMarks::of(&[Act::TakeBlueprint { slot: 2 }], 0, &market);
        assert_eq!(take.market[2], vec![1]);
        let hire = StepMarks::of(
            &[Act::Hire {
                slot: 1,
                discard: Blueprint::Golem,
                opponent: None,
            }],
            0,
            &market,
        );
        assert_eq!(hire.contractors[1], vec![1]);
        assert!(hire.market.iter().all(Vec::is_empty));
    }
}
