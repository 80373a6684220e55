//! *Suggest*: the planner's best work phase for the dice rolled (`crate::planner`), shown above
//! the player's board as numbered steps with the objective's gain. The player plays it a step
//! at a time or all at once, or ignores it; any other move drops it. It works in a companion
//! game too, on the dice the player told. In the market phase it is the planner bot's choice
//! (`bots::suggest_market`: the blueprint to take or the contractor to hire, each played
//! ahead through the next work phase), with the next best beside it.

use super::app::*;
use super::marks::StepMarks;
use crate::engine::{Act, Game, Phase};
use crate::i18n::words;
use crate::planner::{self, Plan};
use egui::{RichText, Ui};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// The planner at work on a worker thread: where the game was when it was asked, and its
/// answer to come.
pub struct Thinking {
    made_at: u64,
    answer: Receiver<Answer>,
}

/// What the planner answers: a work phase's plan (or why there is none), or a market choice.
enum Answer {
    Work(Result<Plan, planner::PlanError>),
    Market(Option<crate::bots::MarketChoice>),
}

/// *Suggest*'s answer for the player at work in `known`, on what they may know alone: the
/// planner bot's market choice (its rolls seeded by what everyone saw), or the work phase's
/// plan.
fn answer_for(known: &crate::engine::Known) -> Answer {
    let seed = crate::bots::public_seed(known);
    let game = known.game();
    if matches!(game.state().phase, Phase::Market { .. }) {
        Answer::Market(crate::bots::suggest_market(game, seed))
    } else {
        Answer::Work(crate::bots::suggest_work(game, seed, None))
    }
}

/// The worker's reply read back as the window's answer (`None`: to be thought here).
#[cfg(target_arch = "wasm32")]
fn read_reply(text: &str) -> Option<Answer> {
    match serde_json::from_str(text).ok()? {
        super::worker::Reply::Plan(plan) => Some(Answer::Work(Ok(plan))),
        super::worker::Reply::Market(choice) => Some(Answer::Market(choice)),
        _ => None,
    }
}

/// *Suggest* in the browser's worker ([`super::worker`]): the same answer as on a thread.
pub(super) fn worker_answer(known: &crate::engine::Known) -> super::worker::Reply {
    use super::worker::Reply;
    match answer_for(known) {
        Answer::Work(Ok(plan)) => Reply::Plan(plan),
        Answer::Work(Err(_)) => Reply::NoPlan,
        Answer::Market(choice) => Reply::Market(choice),
    }
}

/// A plan shown, and where in the game it was made.
#[derive(Debug, Clone)]
pub struct Suggestion {
    pub plan: Plan,
    /// The journal's length when the plan was made, and the steps played since.
    made_at: u64,
    played: usize,
    /// The steps in words, said against the game when the plan was made.
    steps: Vec<String>,
    /// The heading (what it is worth, in points), what the estimate is (its hover), and lines
    /// said under the steps (the market's next best choices).
    title: String,
    hint: String,
    notes: Vec<String>,
    /// The language it is said in, the game it was made against, and the market choice it
    /// shows (if it is one): said again in a new language when the window switches.
    lang: crate::i18n::Lang,
    made: std::rc::Rc<Game>,
    market: Option<crate::bots::MarketChoice>,
}

impl Suggestion {
    /// The step to play next, while the plan still matches a game whose table is at version `len`
    /// (nothing but its own steps played since it was made); `None` once it does not.
    pub(super) fn next_step(&self, len: u64) -> Option<&Act> {
        (len == self.made_at + self.played as u64)
            .then(|| self.plan.steps.get(self.played))
            .flatten()
    }
}

impl ForemanApp {
    /// Whether *Suggest* can be asked now: a person's market turn, or their work phase after
    /// the roll.
    pub(super) fn can_suggest(&self) -> bool {
        self.thinking.is_none()
            && self.bot_to_act().is_none()
            && self.phone_to_act().is_none()
            && self.game().is_some_and(|g| {
                let st = g.state();
                st.current_player().is_some()
                    && matches!(
                        st.phase,
                        Phase::Work { rolled: true, .. } | Phase::Market { .. }
                    )
            })
    }

    /// Asks the planner (the window's limit) on a worker thread, so that the window never
    /// waits for it (most plans take under a millisecond, the rare largest most of a second);
    /// the thread wakes the window when it answers, and [`Self::poll_suggestion`] shows it.
    pub(super) fn suggest(&mut self, ctx: &egui::Context) {
        let Some(game) = self.shared_game() else {
            return;
        };
        self.suggestion = None;
        self.message = None;
        let made_at = self.version();
        // Worked out on what the player at work may know: never another hand or the deck.
        let known = game.known_to(game.state().current_player());
        let (tx, rx) = mpsc::channel();
        #[cfg(target_arch = "wasm32")]
        let tx_for_worker = tx.clone();
        let window = ctx.clone();
        let work = move || {
            // The window may have gone meanwhile: nobody to tell.
            if tx.send(answer_for(&known)).is_ok() {
                window.request_repaint();
            }
        };
        // A browser's page has one thread: its worker thinks, the page drawing meanwhile.
        #[cfg(target_arch = "wasm32")]
        let asked = {
            let job = super::worker::Job::Suggest {
                game: crate::engine::SavedGame::from_game(&game).to_json(),
            };
            let (tx, window) = (tx_for_worker, ctx.clone());
            super::web::in_worker(job, move |reply| match reply.as_deref().map(read_reply) {
                Some(Some(answer)) => {
                    if tx.send(answer).is_ok() {
                        window.request_repaint();
                    }
                }
                // No worker, or no plan (why is said by the rules at once): here.
                _ => super::web::think_now(work),
            });
            Ok::<(), std::io::Error>(())
        };
        #[cfg(not(target_arch = "wasm32"))]
        let asked = super::think("suggest".into(), work);
        if let Err(e) = asked {
            tracing::error!("no thread for the planner: {e}");
            self.message = Some(e.to_string());
            return;
        }
        self.thinking = Some(Thinking {
            made_at,
            answer: rx,
        });
    }

    /// Whether the planner is still thinking about a suggestion.
    pub fn suggesting(&self) -> bool {
        self.thinking.is_some()
    }

    /// Shows the planner's answer once it has come, if the game is still where it was asked
    /// (an answer for a position changed meanwhile is dropped).
    pub(super) fn poll_suggestion(&mut self, ctx: &egui::Context) {
        let Some(t) = &self.thinking else {
            return;
        };
        let answer = match t.answer.try_recv() {
            Ok(answer) => answer,
            // Not yet: the planner's thread wakes the window when it answers.
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => {
                tracing::error!("the planner stopped without an answer");
                self.thinking = None;
                return;
            }
        };
        let made_at = t.made_at;
        self.thinking = None;
        ctx.request_repaint();
        let Some(game) = self.shared_game() else {
            return;
        };
        if self.version() != made_at {
            return;
        }
        match answer {
            Answer::Work(Ok(plan)) => self.show_plan(game, plan),
            Answer::Work(Err(e)) => {
                self.message = Some(crate::net::suggest::plan_refusal(&self.tr, &e))
            }
            Answer::Market(Some(choice)) => self.show_market_choice(game, choice),
            Answer::Market(None) => self.message = Some(self.t("suggest-nothing")),
        }
    }

    /// The work phase's plan, its steps said against `game`.
    fn show_plan(&mut self, game: std::rc::Rc<Game>, plan: Plan) {
        let steps = words::acts_in_order(&self.tr, &game, &plan.steps);
        let title = self.ta(
            "suggest-title",
            &[("gain", format!("{:+.1}", plan.gain).into())],
        );
        let hint = crate::net::suggest::work_hint(&self.tr, &plan);
        // What the plan brings, in the game's own terms: prestige, goods, resources, cards.
        let notes = match crate::i18n::gains::plan_brings(&self.tr, &game, &plan.steps) {
            Some(gains) => vec![self.ta("suggest-brings", &[("gains", gains.into())])],
            None => Vec::new(),
        };
        self.suggestion = Some(Suggestion {
            plan,
            made_at: self.version(),
            played: 0,
            steps,
            title,
            hint,
            notes,
            lang: self.settings.lang,
            made: game,
            market: None,
        });
    }

    /// The market phase: the planner bot's choice (asked again, it says the same), with the
    /// next best.
    fn show_market_choice(&mut self, game: std::rc::Rc<Game>, choice: crate::bots::MarketChoice) {
        let kept = choice.clone();
        let shown: Vec<f64> = std::iter::once(choice.gain)
            .chain(choice.others.iter().take(2).map(|(_, g)| *g))
            .collect();
        let digits = gain_digits(&shown);
        let gain = |g: f64| format!("{g:+.digits$}");
        let title = self.ta("suggest-title", &[("gain", gain(choice.gain).into())]);
        let hint = crate::net::suggest::market_hint(&self.tr, &choice);
        let notes = choice
            .others
            .iter()
            .take(2)
            .map(|(act, g)| {
                self.ta(
                    "suggest-market-or",
                    &[
                        ("act", words::suggested_act(&self.tr, &game, act).into()),
                        ("gain", gain(*g).into()),
                    ],
                )
            })
            .collect();
        self.suggestion = Some(Suggestion {
            steps: vec![words::suggested_act(&self.tr, &game, &choice.act)],
            plan: Plan {
                steps: vec![choice.act],
                gain: choice.gain,
                then_ask_again: false,
                positions: 0,
                exact: true,
                weighed: 0,
                worlds: 0,
                rounds: 0,
            },
            made_at: self.version(),
            played: 0,
            title,
            hint,
            notes,
            lang: self.settings.lang,
            made: game,
            market: Some(kept),
        });
        self.message = None;
    }

    /// The plan still matches the game: nothing but its own steps was played since.
    pub(super) fn live_suggestion(&mut self) -> Option<Suggestion> {
        let s = self.suggestion.as_ref()?;
        if s.next_step(self.version()).is_none() {
            self.suggestion = None;
            return None;
        }
        if s.lang != self.settings.lang {
            // Said again in the window's language, where it had got to.
            let (played, made, market, plan) =
                (s.played, s.made.clone(), s.market.clone(), s.plan.clone());
            match market {
                Some(choice) => self.show_market_choice(made, choice),
                None => self.show_plan(made, plan),
            }
            if let Some(s) = self.suggestion.as_mut() {
                s.played = played;
            }
        }
        self.suggestion.clone()
    }

    /// Where the steps still to play go on the table (nothing when no plan is live).
    pub(super) fn step_marks(&self, game: &Game) -> StepMarks {
        match &self.suggestion {
            Some(s) if s.next_step(self.version()).is_some() => {
                StepMarks::of(&s.plan.steps, s.played, &game.state().market.blueprints)
            }
            _ => StepMarks::default(),
        }
    }

    /// The plan above the player's board, with *Play the next step*, *Play all*, *Hide*.
    /// Returns how many of its steps the player asked to play ([`Self::play_suggested`]).
    pub(super) fn suggestion_ui(&mut self, ui: &mut Ui) -> usize {
        if self.thinking.is_some() {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(self.t("suggest-thinking"));
                });
            });
            ui.add_space(6.0);
            return 0;
        }
        let Some(s) = self.live_suggestion() else {
            return 0;
        };
        let mut play = 0;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(RichText::new(&s.title).strong())
                .on_hover_text(&s.hint);
            for (i, step) in s.steps.iter().enumerate() {
                let text = format!("{}. {step}", i + 1);
                if i < s.played {
                    ui.weak(text);
                } else if i == s.played {
                    ui.label(RichText::new(text).strong());
                } else {
                    ui.label(text);
                }
            }
            for note in &s.notes {
                ui.weak(note);
            }
            if s.plan.then_ask_again {
                ui.weak(self.t("suggest-again"));
            }
            if !s.plan.exact {
                ui.weak(self.t("suggest-not-exhaustive"));
            }
            ui.horizontal(|ui| {
                if ui
                    .button(self.t("suggest-next"))
                    .on_hover_text(self.t("suggest-next-hint"))
                    .clicked()
                {
                    play = 1;
                }
                // One step left: *Play the next step* is all of it.
                let left = s.plan.steps.len() - s.played;
                if left > 1 && ui.button(self.t("suggest-all")).clicked() {
                    play = left;
                }
                if ui.button(self.t("suggest-hide")).clicked() {
                    self.suggestion = None;
                }
            });
        });
        ui.add_space(6.0);
        play
    }

    /// Plays the suggestion's next `n` steps (fewer if one is refused or waits for a die or a
    /// card the table must tell); nothing when no suggestion is live. The key `N` plays one.
    pub(super) fn play_suggested(&mut self, n: usize) {
        for _ in 0..n {
            let Some(game) = self.game() else {
                break;
            };
            let len = self.version();
            let Some((next, said)) = self.suggestion.as_ref().and_then(|s| {
                let said = s.steps.get(s.played).cloned().unwrap_or_default();
                s.next_step(len).map(|a| (a.clone(), said))
            }) else {
                break;
            };
            if let Act::Hire { slot, .. } = next
                && game.state().unseen_discard(&next).is_some()
            {
                // The hand is secret: the player names the card discarded, as the hire's own
                // button asks.
                let hires: Vec<Act> = self
                    .legal()
                    .into_iter()
                    .filter(|a| matches!(a, Act::Hire { slot: s, .. } if *s == slot))
                    .collect();
                self.choose(said, hires, || None);
                break;
            }
            self.submit(next);
            let after = self.version();
            if after != len + 1 {
                // Refused, or waiting for a die or a card the table must tell.
                break;
            }
            if let Some(s) = self.suggestion.as_mut() {
                s.played += 1;
            }
        }
    }
}

/// Decimals enough to tell `gains` apart (one, or two where two differ only past the first;
/// gains equal to the second decimal are shown alike, as they are alike).
fn gain_digits(gains: &[f64]) -> usize {
    let alike = |a: f64, b: f64, d: usize| format!("{a:+.d$}") == format!("{b:+.d$}");
    let clash = gains.iter().enumerate().any(|(i, &a)| {
        gains[i + 1..]
            .iter()
            .any(|&b| alike(a, b, 1) && !alike(a, b, 2))
    });
    if clash { 2 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::gain_digits;

    /// Two market choices whose gains round alike at one decimal are told apart at two.
    #[test]
    fn gains_that_round_alike_get_a_second_decimal() {
        assert_eq!(gain_digits(&[3.2, 2.7, 1.0]), 1);
        assert_eq!(gain_digits(&[2.64, 2.61]), 2);
        assert_eq!(gain_digits(&[2.6, 2.6]), 1, "equal gains stay alike");
        assert_eq!(gain_digits(&[2.6]), 1);
    }
}
