//! The window in a browser (issue 95) without what a browser leaves out: the camera, smart
//! dice and invitations are the computer's (their panels and buttons are not drawn there).

use super::app::ForemanApp;
use crate::engine::score::Winner;
use crate::engine::state::Phase;

impl ForemanApp {
    /// No camera reader runs in a browser.
    pub(super) fn camera_on(&self) -> bool {
        false
    }

    pub(super) fn camera_used(&self) -> bool {
        false
    }

    /// No camera or smart dice read a roll in a browser: dice are typed or Foreman's own.
    pub(super) fn feed_read_dice(&mut self) {}

    /// No device asks for an undo: a browser's game is served to none.
    pub(super) fn undo_request(&mut self, _ctx: &egui::Context) {}
}

thread_local! {
    /// The page's arrays `window.foremanFrames` (every frame's time, in milliseconds: the
    /// README's frame time in Chromium) and `window.foremanThought` (how much of each the
    /// planner, a bot or the review took on the page): one number pushed onto each per frame.
    static TIMES: Option<(js_sys::Array, js_sys::Array)> = times_on_the_page();
    /// The thinking of the frame being drawn, then of the one drawn before it.
    static THINKING: std::cell::Cell<(f32, f32)> = const { std::cell::Cell::new((0.0, 0.0)) };
}

thread_local! {
    /// The page's worker (`foreman_worker.js`): started at the first job; `Err` once it could
    /// not start or failed, and jobs are then thought on the page.
    static WORKER: std::cell::RefCell<Option<Result<web_sys::Worker, ()>>> =
        const { std::cell::RefCell::new(None) };
    /// What to do with each answer to come, in the order the jobs were sent (the worker
    /// answers one after another).
    static WAITING: std::cell::RefCell<std::collections::VecDeque<Answered>> =
        const { std::cell::RefCell::new(std::collections::VecDeque::new()) };
}

/// What is done with a worker's answer (`None`: there was none).
type Answered = Box<dyn FnOnce(Option<String>)>;

/// Sends `job` to the page's worker; `done` gets its answer, or `None` when there is no worker
/// (it could not start, or failed meanwhile): the caller thinks on the page then.
pub(super) fn in_worker(job: super::worker::Job, done: impl FnOnce(Option<String>) + 'static) {
    let Ok(job) = serde_json::to_string(&job) else {
        return done(None);
    };
    let worker = WORKER.with(|w| w.borrow_mut().get_or_insert_with(start_worker).clone());
    match worker {
        Ok(w) if w.post_message(&job.into()).is_ok() => {
            WAITING.with(|q| q.borrow_mut().push_back(Box::new(done)));
        }
        _ => done(None),
    }
}

/// The worker, its answers handed to those waiting; its failure gives them `None`.
fn start_worker() -> Result<web_sys::Worker, ()> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    let worker = new_worker()?;
    let answered = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
        // A number is a review's progress: none of these jobs tells one.
        if e.data().as_f64().is_some() {
            return;
        }
        let next = WAITING.with(|q| q.borrow_mut().pop_front());
        if let Some(done) = next {
            done(e.data().as_string());
        }
    });
    worker.set_onmessage(Some(answered.as_ref().unchecked_ref()));
    answered.forget();
    let failed = Closure::<dyn FnMut(web_sys::Event)>::new(|_: web_sys::Event| {
        tracing::warn!("the planner's worker failed: thinking on the page");
        WORKER.with(|w| *w.borrow_mut() = Some(Err(())));
        let waiting = WAITING.with(|q| std::mem::take(&mut *q.borrow_mut()));
        for done in waiting {
            done(None);
        }
    });
    worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
    failed.forget();
    Ok(worker)
}

/// A worker of one long job's own (the review): dropping it stops the job (a review left).
pub(super) struct OwnWorker {
    worker: web_sys::Worker,
    _answered: wasm_bindgen::closure::Closure<dyn FnMut(web_sys::MessageEvent)>,
    _failed: wasm_bindgen::closure::Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for OwnWorker {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// Sends `job` to a worker of its own; `progress` gets the share done as the worker tells it,
/// `done` its answer, or `None` when there is none (no worker could start, or it failed): the
/// caller thinks on the page then.
pub(super) fn in_own_worker(
    job: super::worker::Job,
    progress: impl Fn(f64) + 'static,
    done: impl FnOnce(Option<String>) + 'static,
) -> Option<OwnWorker> {
    use std::rc::Rc;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    let once: Rc<std::cell::RefCell<Option<Answered>>> =
        Rc::new(std::cell::RefCell::new(Some(Box::new(done))));
    let give = |once: &Rc<std::cell::RefCell<Option<Answered>>>, answer: Option<String>| {
        let done = once.borrow_mut().take();
        if let Some(done) = done {
            done(answer);
        }
    };
    let (Ok(worker), Ok(text)) = (new_worker(), serde_json::to_string(&job)) else {
        give(&once, None);
        return None;
    };
    let o = once.clone();
    let answered =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            match e.data().as_f64() {
                Some(share) => progress(share),
                None => give(&o, e.data().as_string()),
            }
        });
    worker.set_onmessage(Some(answered.as_ref().unchecked_ref()));
    let o = once.clone();
    let failed = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
        tracing::warn!("a worker failed: thinking on the page");
        give(&o, None);
    });
    worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
    if worker.post_message(&text.into()).is_err() {
        worker.terminate();
        give(&once, None);
        return None;
    }
    Some(OwnWorker {
        worker,
        _answered: answered,
        _failed: failed,
    })
}

/// A module worker running `foreman_worker.js`.
fn new_worker() -> Result<web_sys::Worker, ()> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    web_sys::Worker::new_with_options("foreman_worker.js", &options).map_err(|e| {
        tracing::warn!("no worker for the planner: {e:?}");
    })
}

thread_local! {
    /// Where some buttons were drawn this frame, in points (the test hook's `marks`).
    static MARKS: std::cell::RefCell<Vec<(&'static str, egui::Rect)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes where the button `name` is drawn this frame, for a test in a browser to click it.
pub(super) fn mark(name: &'static str, rect: egui::Rect) {
    MARKS.with(|m| m.borrow_mut().push((name, rect)));
}

/// Runs `work` at once (a browser has no threads), counting its time in the frame's.
pub(super) fn think_now(work: impl FnOnce()) {
    let start = web_time::Instant::now();
    work();
    let ms = start.elapsed().as_secs_f32() * 1000.0;
    THINKING.with(|t| t.set((t.get().0 + ms, t.get().1)));
}

impl ForemanApp {
    /// The page's test hook (issue 95, point 3): `window.foremanGame`, a JSON text of what the
    /// screen shows anyone at the table (the public score, the phase, whether a plan is
    /// suggested, a dialog or the round card open), `window.foremanFrames`, each frame's time so
    /// far, and `window.foremanThought`, how much of it was thinking. A
    /// script that plays in Chromium by the keyboard reads where the game is from it.
    pub(super) fn expose(&mut self, ctx: &egui::Context, frame: &eframe::Frame) {
        // eframe tells the time of the frame before this one: paired with its thinking.
        let ms = frame.info().cpu_usage.map_or(0.0, |s| s * 1000.0);
        let thought = THINKING.with(|t| {
            let (now, before) = t.get();
            t.set((0.0, now));
            before
        });
        let frames = TIMES.with(|t| match t {
            Some((frames, thinking)) => {
                thinking.push(&thought.into());
                frames.push(&ms.into())
            }
            None => 0,
        });
        let version = self.version();
        let screen = match self.screen {
            super::app::Screen::Start(_) => "start",
            super::app::Screen::Table => "table",
            super::app::Screen::LittleFactory(_) => "little-factory",
            super::app::Screen::Traumfabrik(_) => "traumfabrik",
        };
        let dialog = self.dialog.as_ref().map(|d| match d {
            super::app::Dialog::Options(_) => "options",
            super::app::Dialog::Input(_) => "input",
            super::app::Dialog::SaveAs { .. } => "save",
            super::app::Dialog::Discard(_) => "discard",
        });
        let suggested = self
            .suggestion
            .as_ref()
            .is_some_and(|s| s.next_step(version).is_some());
        let game = self.game().map(|g| {
            // What a spectator may know: nobody's hand, nor the deck.
            let known = g.known_to(None);
            let st = known.game().state();
            let board = crate::engine::score::scoreboard(st);
            let (phase, rolled) = match st.phase {
                Phase::Setup => ("setup", false),
                Phase::Market { .. } => ("market", false),
                Phase::Work { rolled, .. } => ("work", rolled),
                Phase::Machine => ("machine", false),
                Phase::Over => ("over", false),
            };
            serde_json::json!({
                "round": st.round,
                "phase": phase,
                "rolled": rolled,
                "player": st.current_player(),
                "scores": board.players.iter().map(|p| p.total).collect::<Vec<_>>(),
                "machine": board.machine.as_ref().map(|m| m.total),
                "machine_goods": board.machine.as_ref().map(|m| m.goods),
                "winner": match &board.winner {
                    Winner::Machine => serde_json::json!("machine"),
                    Winner::Players(p) => serde_json::json!(p),
                },
                "actions": g.journal().len(),
            })
        });
        let hook = serde_json::json!({
            "frames": frames,
            "screen": screen,
            "dialog": dialog,
            "round_card": self.help.round_card,
            "review": self.review.as_ref().map(|r| r.stage()),
            // Buttons drawn this frame, in the page's pixels: [left, top, right, bottom].
            "marks": MARKS.with(|m| {
                let zoom = ctx.zoom_factor();
                m.take()
                    .into_iter()
                    .map(|(name, r)| {
                        let r = [r.min.x, r.min.y, r.max.x, r.max.y].map(|v| v * zoom);
                        (name.to_string(), serde_json::json!(r))
                    })
                    .collect::<serde_json::Map<_, _>>()
            }),
            "thinking": self.thinking.is_some(),
            "suggested": suggested,
            "message": self.message,
            "note": self.note,
            "game": game,
        });
        let Some(window) = web_sys::window() else {
            return;
        };
        let set = |name: &str, value: wasm_bindgen::JsValue| {
            let _ = js_sys::Reflect::set(&window, &name.into(), &value);
        };
        set("foremanGame", hook.to_string().into());
    }
}

/// The two arrays of [`TIMES`], made once and set on the page's window.
fn times_on_the_page() -> Option<(js_sys::Array, js_sys::Array)> {
    let window = web_sys::window()?;
    let (frames, thinking) = (js_sys::Array::new(), js_sys::Array::new());
    js_sys::Reflect::set(&window, &"foremanFrames".into(), &frames).ok()?;
    js_sys::Reflect::set(&window, &"foremanThought".into(), &thinking).ok()?;
    Some((frames, thinking))
}
