//! The dialog of choices (a card's choices, a build's discards, a contractor's targets), asked
//! in steps: a build from a hidden hand first asks which card, then which discard; a hire
//! first asks which discard, then which opponent. Each list is short; a search box narrows a
//! long one; the arrows move a highlight that Enter takes; and a typed name that offers nothing
//! says why, in the rules' words.

use super::app::ForemanApp;
use crate::engine::{Act, Blueprint, Game};
use crate::i18n::words;
use egui::{RichText, Ui};

/// Above this many choices, a step has a search box.
const SEARCH_FROM: usize = 8;
/// The most choices a step lists at once (a search narrows the rest).
const SHOWN_AT_MOST: usize = 40;

/// The dialog's state between frames.
#[derive(Debug, Clone, Default)]
pub(super) struct OptionsForm {
    pub title: String,
    pub acts: Vec<Act>,
    pub search: String,
    /// The first step's answer, once given (a card to build, a discard for a hire).
    pub first: Option<Blueprint>,
    /// The highlighted line (arrows move it, Enter takes it).
    pub cursor: usize,
}

impl OptionsForm {
    pub fn new(title: String, acts: Vec<Act>) -> OptionsForm {
        OptionsForm {
            title,
            acts,
            ..OptionsForm::default()
        }
    }
}

/// What the first step asks of an action, if it is asked in steps.
fn first_of(act: &Act) -> Option<Blueprint> {
    match act {
        Act::Build { card, .. } => Some(*card),
        Act::Hire { discard, .. } => Some(*discard),
        _ => None,
    }
}

/// Whether `acts` are asked in two steps: more than one first answer, and one of them with
/// more than one choice after it.
fn in_steps(acts: &[Act]) -> bool {
    let firsts: Vec<Blueprint> = acts.iter().filter_map(first_of).collect();
    if firsts.len() != acts.len() {
        return false;
    }
    let mut distinct = firsts.clone();
    distinct.sort();
    distinct.dedup();
    distinct.len() > 1 && distinct.len() < firsts.len()
}

/// A line of the list: its words and what choosing it does.
enum Line {
    /// Choose this first answer: the rest of the choices follow.
    First(Blueprint, usize),
    Act(Act),
}

/// The search's letters in a line: where they come first, if at all.
fn found(text: &str, english: &str, wanted: &str) -> Option<usize> {
    if wanted.is_empty() {
        return Some(0);
    }
    let here = text.to_lowercase().find(wanted);
    let en = english.to_lowercase().find(wanted);
    here.into_iter().chain(en).min()
}

impl ForemanApp {
    /// Draws the dialog; returns the action chosen, if any.
    pub(super) fn options_ui(&self, ui: &mut Ui, form: &mut OptionsForm) -> Option<Act> {
        let game = self.shared_game()?;
        ui.heading(&form.title);
        let steps = in_steps(&form.acts);
        let lines: Vec<(String, String, Line)> = match (steps, form.first) {
            (true, None) => {
                let mut firsts: Vec<Blueprint> = form.acts.iter().filter_map(first_of).collect();
                firsts.sort();
                firsts.dedup();
                firsts
                    .into_iter()
                    .map(|c| {
                        let n = form.acts.iter().filter(|a| first_of(a) == Some(c)).count();
                        let key = match form.acts.first() {
                            Some(Act::Build { .. }) => "choice-build-card",
                            _ => "choice-discard-card",
                        };
                        let text = self.ta(
                            key,
                            &[
                                ("card", words::card_name(&self.tr, c).into()),
                                ("count", n.into()),
                            ],
                        );
                        (text, c.name().to_string(), Line::First(c, n))
                    })
                    .collect()
            }
            (_, first) => form
                .acts
                .iter()
                .filter(|a| first.is_none() || first_of(a) == first)
                .map(|a| {
                    (
                        self.choice_text(&game, a),
                        a.to_string(),
                        Line::Act(a.clone()),
                    )
                })
                .collect(),
        };
        if let Some(c) = form.first {
            ui.horizontal(|ui| {
                if ui.button(self.t("choice-back")).clicked() {
                    form.first = None;
                    form.search.clear();
                    form.cursor = 0;
                }
                ui.label(RichText::new(words::card_name(&self.tr, c)).strong());
            });
        }
        // A long list: a few letters narrow it, in the window's language or in English.
        let long = lines.len() > SEARCH_FROM;
        if long {
            let r = ui.add(
                egui::TextEdit::singleline(&mut form.search)
                    .hint_text(self.t("search"))
                    .desired_width(f32::INFINITY),
            );
            r.request_focus();
        }
        // Where the letters come earliest first: "beac" puts the Beacon's builds before the
        // builds discarding one.
        let wanted = form.search.trim().to_lowercase();
        let mut ranked: Vec<(usize, &(String, String, Line))> = lines
            .iter()
            .filter_map(|l| found(&l.0, &l.1, &wanted).map(|at| (at, l)))
            .collect();
        ranked.sort_by_key(|(at, _)| *at);
        let shown: Vec<&(String, String, Line)> = ranked.into_iter().map(|(_, l)| l).collect();
        // The arrows move the highlight by one line (taken from egui, whose own arrow keys
        // would move the focus between widgets); Enter takes the highlighted line.
        let (down, up, enter) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowDown),
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowUp),
                i.key_pressed(egui::Key::Enter),
            )
        });
        let last = shown.len().min(SHOWN_AT_MOST).saturating_sub(1);
        if down {
            form.cursor = (form.cursor + 1).min(last);
        }
        if up {
            form.cursor = form.cursor.saturating_sub(1);
        }
        form.cursor = form.cursor.min(last);
        let mut taken: Option<&Line> = None;
        if enter && let Some(l) = shown.get(form.cursor) {
            taken = Some(&l.2);
        }
        egui::ScrollArea::vertical()
            .max_height(420.0)
            .show(ui, |ui| {
                for (k, l) in shown.iter().take(SHOWN_AT_MOST).enumerate() {
                    let r = ui.add(egui::Button::selectable(k == form.cursor, &l.0).wrap());
                    if (down || up) && k == form.cursor {
                        r.scroll_to_me(None);
                    }
                    if r.clicked() {
                        taken = Some(&l.2);
                    }
                }
                if shown.len() > SHOWN_AT_MOST {
                    ui.weak(self.ta(
                        "more-choices",
                        &[("count", (shown.len() - SHOWN_AT_MOST).into())],
                    ));
                }
                if shown.is_empty() {
                    ui.label(self.why_nothing(&game, &form.acts, &wanted));
                }
            });
        match taken {
            Some(Line::Act(a)) => Some(a.clone()),
            Some(Line::First(c, n)) => {
                let c = *c;
                if *n == 1 {
                    return form.acts.iter().find(|a| first_of(a) == Some(c)).cloned();
                }
                form.first = Some(c);
                form.search.clear();
                form.cursor = 0;
                None
            }
            None => None,
        }
    }

    /// A choice's words, with what it would change for the player (and a hire's gift).
    fn choice_text(&self, game: &Game, act: &Act) -> String {
        crate::i18n::gains::choice_line(&self.tr, game, act)
    }

    /// Why the typed letters offer nothing: the rules' reason for the card they name (its
    /// copies in play, its cost, no discard with its tool), or that no card is called so.
    pub(super) fn why_nothing(&self, game: &Game, acts: &[Act], wanted: &str) -> String {
        let Some(card) = typed_blueprint(&self.tr, wanted) else {
            return self.ta("choice-no-card", &[("typed", wanted.to_string().into())]);
        };
        let st = game.state();
        let tried = match acts.first() {
            Some(Act::Build { .. }) => {
                // A discard of the card's tool the hand may give, else the card itself (the
                // rules then say which discard is missing).
                let discard = st
                    .current_player()
                    .and_then(|p| {
                        st.hand_options(p)
                            .iter()
                            .map(|(c, _)| c)
                            .find(|&c| c != card && c.tool() == card.tool())
                    })
                    .unwrap_or(card);
                Some(Act::Build { card, discard })
            }
            Some(Act::Hire { slot, opponent, .. }) => Some(Act::Hire {
                slot: *slot,
                discard: card,
                opponent: *opponent,
            }),
            _ => None,
        };
        match tried.map(|a| game.check(&a)) {
            Some(Err(e)) => words::refusal(&self.tr, &e),
            _ => self.ta(
                "choice-not-here",
                &[("card", words::card_name(&self.tr, card).into())],
            ),
        }
    }
}

/// The blueprint whose English, French or shown name holds `typed` (the catalogue's first).
fn typed_blueprint(tr: &crate::i18n::Tr, typed: &str) -> Option<Blueprint> {
    typed_card(typed, |c: Blueprint| {
        [c.name().into(), c.name_fr().into(), words::card_name(tr, c)]
    })
}

/// The card (the catalogue's first) one of whose `names` (lower-cased) holds `typed`.
pub(super) fn typed_card<C: crate::engine::state::CardId>(
    typed: &str,
    names: impl Fn(C) -> [String; 3],
) -> Option<C> {
    if typed.is_empty() {
        return None;
    }
    C::ALL
        .iter()
        .copied()
        .find(|&c| names(c).iter().any(|n| n.to_lowercase().contains(typed)))
}
