//! What a browser's page hands to its worker (issue 95): a page has one thread, and the
//! planner or a bot thinking on it would stop it drawing for as long as they think. The page
//! (`ui::web::in_worker`; the review, `in_own_worker`) sends a [`Job`] as JSON to
//! `assets/web/foreman_worker.js`, where
//! Foreman's WebAssembly runs again (`crates/web`, `work`) and answers it by [`worker_job`].
//!
//! A job carries the whole saved game, as the page holds it; the worker thinks only on what
//! the seat asking may know (`Game::known_to`, `Game::position_known_to`), as the window's
//! threads do on a computer. Compiled everywhere, so that its answers are tested natively.

use crate::bots::{Bot, BotKind};
use crate::engine::{Act, SavedGame};
use std::cell::RefCell;
use std::collections::HashMap;

/// A job for the worker.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Job {
    /// *Suggest* for the player at work in the saved game.
    Suggest { game: String },
    /// `seat`'s bot chooses its next action in the saved game.
    Bot { game: String, seat: usize },
    /// The review of `seat`'s finished game, said in `lang` (a worker of its own: it is long).
    Review {
        game: String,
        seat: usize,
        lang: crate::i18n::Lang,
    },
}

/// The worker's answer to a [`Job`].
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Reply {
    /// *Suggest* at work: the plan.
    Plan(crate::planner::Plan),
    /// *Suggest* in the market phase: the choice.
    Market(Option<crate::bots::MarketChoice>),
    /// *Suggest* has no plan: the page asks the rules why itself (at once, no search).
    NoPlan,
    /// The bot's choice (`None`: it has none).
    Bot(Option<Act>),
    /// The review in words, or why there is none.
    Review(Result<crate::review::Said, String>),
    /// The job could not be read: the page thinks it itself.
    Unreadable(String),
}

thread_local! {
    /// The worker's bots, one per game (its setup's seed) and seat, kept from one choice to
    /// the next as the window keeps its own (`ui::bot_seats`), made as it makes them.
    static BOTS: RefCell<HashMap<(u64, usize), Bot>> = RefCell::new(HashMap::new());
}

/// The worker's answer to `job` (JSON of a [`Job`]), as JSON of a [`Reply`].
pub fn worker_job(job: &str) -> String {
    worker_job_with(job, &|_| {})
}

/// [`worker_job`], telling `progress` the share of a review gone through (0 to 1).
pub fn worker_job_with(job: &str, progress: &(dyn Fn(f64) + Sync)) -> String {
    let reply = match serde_json::from_str::<Job>(job) {
        Ok(job) => answer(job, progress),
        Err(e) => Reply::Unreadable(e.to_string()),
    };
    serde_json::to_string(&reply)
        .unwrap_or_else(|e| format!("{{\"Unreadable\":{:?}}}", e.to_string()))
}

fn answer(job: Job, progress: &(dyn Fn(f64) + Sync)) -> Reply {
    let (Job::Suggest { game } | Job::Bot { game, .. } | Job::Review { game, .. }) = &job;
    let game = match SavedGame::load(game) {
        Ok(g) => g,
        Err(e) => return Reply::Unreadable(e.to_string()),
    };
    match job {
        Job::Suggest { .. } => {
            super::suggest::worker_answer(&game.known_to(game.state().current_player()))
        }
        Job::Bot { seat, .. } => {
            let setup = game.setup();
            let Some(level) = setup.players.get(seat).and_then(|p| p.bot) else {
                return Reply::Unreadable(format!("seat {seat} is no bot's"));
            };
            let key = (setup.seed, seat);
            let seed = super::bot_seats::bot_seed(setup, seat);
            // What the bot's seat may know: never another hand, the deck or the seed.
            let position = game.position_known_to(Some(seat));
            BOTS.with(|bots| {
                let mut bots = bots.borrow_mut();
                let bot = bots
                    .entry(key)
                    .or_insert_with(|| Bot::new(BotKind::from(level), seed));
                Reply::Bot(bot.choose(&position))
            })
        }
        Job::Review { seat, lang, .. } => {
            let (setup, journal) = (game.setup(), game.journal());
            // One thread, never stopped: a review left ends its worker.
            let reviewed =
                crate::review::review(setup.clone(), journal, seat, 1, progress, || false);
            Reply::Review(match reviewed {
                Ok(r) => Ok(crate::review::say(
                    &crate::i18n::Tr::new(lang),
                    setup,
                    journal,
                    &r,
                )),
                Err(e) => Err(e.to_string()),
            })
        }
    }
}
