//! The log "What happened": every action of every player and every step of the Machine,
//! oldest first, grouped by round, in the window's language. It is rebuilt from the journal
//! (replayed through the rules), so it survives a restart, an undo and a language switch.

use crate::engine::Game;
use crate::i18n::{Lang, Tr, journal};
use egui::{RichText, Ui};

/// One round's lines: its number (0: the opening deal) and what happened, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    pub round: u32,
    pub lines: Vec<String>,
}

/// The log of `game`, from its journal. The cards drawn by a seat whose hand is kept from the
/// screen (`secret[seat]`: a bot's, while a person plays) are not named.
pub fn rounds(tr: &Tr, game: &Game, secret: &[bool]) -> Vec<Round> {
    let mut out: Vec<Round> = Vec::new();
    let Ok(mut replay) = Game::replay(game.setup().clone(), Vec::new()) else {
        return out;
    };
    for action in game.journal() {
        let round = replay.state().round;
        let head = journal::head(tr, &replay, action);
        let Ok(events) = replay.apply(action.clone()) else {
            // The journal replayed when the game was opened; a refusal here cannot happen.
            break;
        };
        let mut said = Vec::new();
        // A card told in private is never named on this screen, whoever's it is; one told on
        // a seat's own device is no line at all: the table screen is everyone's, and must not
        // say even that a card was told (nor open a round for it). The table turning to a
        // player ("Ana works now") is no line: everyone works at once, and those lines were
        // most of the log (issue 89, point 16).
        let told_elsewhere = head.private
            && head
                .secret
                .as_ref()
                .is_some_and(|(p, _)| secret.get(*p).copied().unwrap_or(false));
        if !matches!(action.act, crate::engine::Act::Switch { .. }) && !told_elsewhere {
            said.push(head.for_seat(None).to_string());
        }
        for line in journal::events(tr, &replay, &events) {
            // A secret seat's draws (a bot's, while a person plays) are not named.
            let hidden = line
                .secret
                .as_ref()
                .is_some_and(|(p, _)| secret.get(*p).copied().unwrap_or(false));
            said.push(if hidden {
                line.for_seat(None).to_string()
            } else {
                line.text
            });
        }
        if said.is_empty() {
            continue;
        }
        match out.last_mut() {
            Some(r) if r.round == round => r.lines.extend(said),
            _ => out.push(Round { round, lines: said }),
        }
    }
    out
}

/// The log kept between frames: rebuilt only when the journal or the language changes.
#[derive(Default)]
pub struct LogView {
    built_for: Option<(usize, Option<crate::engine::Action>, Lang, Vec<bool>)>,
    rounds: Vec<Round>,
}

impl LogView {
    fn refresh(&mut self, tr: &Tr, game: &Game, secret: &[bool]) {
        let journal = game.journal();
        let same = self.built_for.as_ref().is_some_and(|(len, last, lang, s)| {
            *len == journal.len()
                && last.as_ref() == journal.last()
                && *lang == tr.lang()
                && s.as_slice() == secret
        });
        if !same {
            self.rounds = rounds(tr, game, secret);
            self.built_for = Some((
                journal.len(),
                journal.last().cloned(),
                tr.lang(),
                secret.to_vec(),
            ));
        }
    }

    /// The last round's lines (the final score shows them: the Machine's last turn among
    /// them), built as the log is.
    pub fn last_round(&mut self, tr: &Tr, game: &Game, secret: &[bool]) -> Vec<String> {
        self.refresh(tr, game, secret);
        self.rounds
            .last()
            .map(|r| r.lines.clone())
            .unwrap_or_default()
    }

    /// Draws the log, the newest round open and in view; `notes` (what undo or redo took
    /// back or played again) come last.
    pub fn show(&mut self, ui: &mut Ui, tr: &Tr, game: &Game, secret: &[bool], notes: &[String]) {
        self.refresh(tr, game, secret);
        let rounds = &self.rounds;
        let last = rounds.len().saturating_sub(1);
        egui::ScrollArea::vertical()
            .id_salt("log")
            .stick_to_bottom(true)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for (i, r) in rounds.iter().enumerate() {
                    let title = if r.round == 0 {
                        tr.t("log-deal")
                    } else {
                        tr.t_args("log-round", &[("round", r.round.into())])
                    };
                    egui::CollapsingHeader::new(RichText::new(title).strong())
                        .id_salt(("log-round", r.round))
                        .default_open(i + 2 > last)
                        .show(ui, |ui| {
                            for line in &r.lines {
                                ui.add(egui::Label::new(line.as_str()).wrap());
                            }
                        });
                }
                for note in notes {
                    ui.add(egui::Label::new(RichText::new(note).italics()).wrap());
                }
            });
    }
}
