//! The headquarters drawn as the board: three sections side by side, each with its rule, its
//! three slots and the dice sitting in them (cards.md, headquarters board). A section takes the
//! selected die by a click on *Place on …*, or a die dragged onto it; with no die selected,
//! *Place a 4 on Mine* takes the die *Suggest*'s plan puts there, else the first die (in the
//! order the roll was told) that fits; *Place (4, 5) on Mine and (2, 1) on Generate* puts every
//! die left where its face fits. The roll's picker offers the same placements with the roll.

use super::app::DraggedDie;
use super::die::{self, DieLook};
use super::marks::StepMarks;
use crate::engine::state::{PlayerState, Section};
use crate::engine::{Act, Game};
use crate::i18n::{Tr, words};
use egui::{Color32, Frame, RichText, Sense, Ui, Vec2};

/// Draws `player`'s board; returns the placement asked for, if any (the engine judges it).
pub fn board(
    ui: &mut Ui,
    tr: &Tr,
    game: &Game,
    player: &PlayerState,
    dice_colour: Color32,
    selected: Option<u8>,
    marks: &StepMarks,
) -> Vec<Act> {
    let mut asked = None;
    let mut all: Option<Vec<Act>> = None;
    let width = ((ui.available_width() - 24.0) / 3.0).clamp(150.0, 280.0);
    // Side by side; on a phone's width the third goes under the others, not out of view.
    let per_row = if ui.available_width() >= 3.0 * 150.0 + 24.0 {
        3
    } else {
        2
    };
    for row in Section::ALL.chunks(per_row) {
        ui.horizontal_top(|ui| {
            for &section in row {
                let frame = Frame::group(ui.style()).show(ui, |ui| {
                    ui.set_width(width - 14.0);
                    ui.vertical(|ui| {
                        ui.label(RichText::new(words::section(tr, section)).strong());
                        let rule = match section {
                            Section::Research => "section-research-rule",
                            Section::Mine => "section-mine-rule",
                            Section::Generate => "section-generate-rule",
                        };
                        ui.add(egui::Label::new(RichText::new(tr.t(rule)).small()).wrap());
                        let side = ui.text_style_height(&egui::TextStyle::Body) * 2.0;
                        ui.horizontal(|ui| {
                            for &v in &player.hq[section.index()].dice {
                                let (rect, _) =
                                    ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
                                if v == 0 {
                                    die::empty_slot(ui, rect.shrink(1.0));
                                } else {
                                    die::paint(
                                        ui,
                                        rect.shrink(1.0),
                                        v,
                                        dice_colour,
                                        DieLook::default(),
                                    );
                                }
                            }
                        });
                        let label = tr.t_args(
                            "place-on",
                            &[("section", words::section(tr, section).into())],
                        );
                        match selected {
                            Some(die) => {
                                // Asked of the engine for this very die.
                                let act = Act::Place { die, section };
                                let why = game.check(&act).err();
                                let r = ui.add_enabled(why.is_none(), egui::Button::new(label));
                                let r = super::disabled_because(r, || {
                                    why.as_ref()
                                        .map(|e| words::refusal(tr, e))
                                        .unwrap_or_default()
                                });
                                if r.clicked() {
                                    asked = Some(act);
                                }
                            }
                            None => {
                                // No die selected: the die the suggested plan puts here, else
                                // the first unplaced die (in the order the roll was told) that
                                // this section takes, its value on the button.
                                let suggested = marks.die_for(section).map(usize::from);
                                let first = suggested
                                    .into_iter()
                                    .chain(player.dice.unplaced())
                                    .find_map(|i| {
                                        let act = Act::Place {
                                            die: i as u8,
                                            section,
                                        };
                                        game.check(&act).ok().map(|_| (act, player.dice.get(i)))
                                    });
                                match first {
                                    Some((act, Some(d))) => {
                                        let label = tr.t_args(
                                            "place-value-on",
                                            &[
                                                ("value", d.value.into()),
                                                ("section", words::section(tr, section).into()),
                                            ],
                                        );
                                        if ui
                                            .button(label)
                                            .on_hover_text(tr.t("place-first-hint"))
                                            .clicked()
                                        {
                                            asked = Some(act);
                                        }
                                    }
                                    _ => {
                                        ui.add_enabled(false, egui::Button::new(label))
                                            .on_disabled_hover_text(tr.t("select-die-first"));
                                    }
                                }
                                // Mine and Generate: every die that fits at once, while room is left.
                                if section != Section::Research
                                    && let Some(acts) = all_that_fit(game, player, section)
                                {
                                    let label = all_label(tr, player, section, &acts);
                                    if ui.button(label).clicked() {
                                        all = Some(acts);
                                    }
                                } else if section != Section::Research {
                                    reserve_button_line(ui);
                                }
                            }
                        }
                        // The line of "Place all" kept while a die is selected: nothing below
                        // moves when a die is picked up or placed.
                        if selected.is_some() && section != Section::Research {
                            reserve_button_line(ui);
                        }
                    });
                });
                marks.tag(ui, tr, frame.response.rect, marks.section(section));
                if let Some(die) = frame.response.dnd_release_payload::<DraggedDie>() {
                    // A die dropped on a section: placed, or refused with the reason in view.
                    asked = Some(Act::Place {
                        die: die.0,
                        section,
                    });
                }
            }
        });
    }
    // Every die left where its face fits, Mine and Generate at once; its line kept when there
    // is none (the hand below stays where it was as dice are placed).
    match by_face_choice(tr, game, player).filter(|_| selected.is_none()) {
        Some((label, acts)) => {
            if ui
                .button(label)
                .on_hover_text(tr.t("place-by-face-hint"))
                .clicked()
            {
                all = Some(acts);
            }
        }
        None => reserve_button_line(ui),
    }
    all.unwrap_or_else(|| asked.into_iter().collect())
}

/// The room of one line of buttons, left empty: an unseen button of the same size.
fn reserve_button_line(ui: &mut Ui) {
    ui.add_visible(false, egui::Button::new(" "));
}

/// The placements a player may make at once with no die selected, each its button's words
/// and its actions: a die on each section that takes one, all that fit on Mine or Generate,
/// and every die where its face fits (the roll's picker offers them with the roll).
pub fn placement_choices(tr: &Tr, game: &Game, player: &PlayerState) -> Vec<(String, Vec<Act>)> {
    let mut out = Vec::new();
    for section in Section::ALL {
        let first = player.dice.unplaced().find_map(|i| {
            let act = Act::Place {
                die: u8::try_from(i).ok()?,
                section,
            };
            game.check(&act).ok()?;
            Some((act, player.dice.get(i)?.value))
        });
        if let Some((act, value)) = first {
            out.push((
                tr.t_args(
                    "place-value-on",
                    &[
                        ("value", value.into()),
                        ("section", words::section(tr, section).into()),
                    ],
                ),
                vec![act],
            ));
        }
        if section != Section::Research
            && let Some(acts) = all_that_fit(game, player, section)
        {
            out.push((all_label(tr, player, section, &acts), acts));
        }
    }
    out.extend(by_face_choice(tr, game, player));
    out
}

/// "Place all (4, 5) on Mine".
fn all_label(tr: &Tr, player: &PlayerState, section: Section, acts: &[Act]) -> String {
    let values: Vec<String> = acts
        .iter()
        .filter_map(|a| match a {
            Act::Place { die, .. } => player.dice.get(usize::from(*die)),
            _ => None,
        })
        .map(|d| d.value.to_string())
        .collect();
    tr.t_args(
        "place-all-on",
        &[
            ("values", values.join(", ").into()),
            ("section", words::section(tr, section).into()),
        ],
    )
}

/// "Place (4, 5) on Mine and (2, 1) on Generate", when every die left fits so.
fn by_face_choice(tr: &Tr, game: &Game, player: &PlayerState) -> Option<(String, Vec<Act>)> {
    let (acts, mine, generate) = by_face(game, player)?;
    let join = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
    let label = tr.t_args(
        "place-by-face",
        &[
            ("mine", join(&mine).into()),
            ("mine-section", words::section(tr, Section::Mine).into()),
            ("generate", join(&generate).into()),
            (
                "generate-section",
                words::section(tr, Section::Generate).into(),
            ),
        ],
    );
    Some((label, acts))
}

/// Every unplaced die on Mine (4 to 6) or Generate (1 to 3) by its face, when each section has
/// room for its dice, every placement is allowed, and both sections get one (cards.md,
/// headquarters board): the placements in the order the roll was told, and the faces of each.
fn by_face(game: &Game, player: &PlayerState) -> Option<(Vec<Act>, Vec<u8>, Vec<u8>)> {
    let (mut acts, mut mine, mut generate) = (Vec::new(), Vec::new(), Vec::new());
    for i in player.dice.unplaced() {
        let die = player.dice.get(i)?;
        let (section, faces) = if die.value >= 4 {
            (Section::Mine, &mut mine)
        } else {
            (Section::Generate, &mut generate)
        };
        let act = Act::Place {
            die: u8::try_from(i).ok()?,
            section,
        };
        game.check(&act).ok()?;
        faces.push(die.value);
        acts.push(act);
    }
    let room = |s: Section| 3 - player.hq[s.index()].len();
    (!mine.is_empty()
        && !generate.is_empty()
        && mine.len() <= room(Section::Mine)
        && generate.len() <= room(Section::Generate))
    .then_some((acts, mine, generate))
}

/// Every unplaced die `section` takes, in the order the roll was told, as many as it has room
/// for: two or more, else `None` (one is the single button's).
fn all_that_fit(game: &Game, player: &PlayerState, section: Section) -> Option<Vec<Act>> {
    let room = 3 - player.hq[section.index()].len();
    let acts: Vec<Act> = player
        .dice
        .unplaced()
        .map(|i| Act::Place {
            die: i as u8,
            section,
        })
        .filter(|a| game.check(a).is_ok())
        .take(room)
        .collect();
    (acts.len() >= 2).then_some(acts)
}
