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
    /// Every frame's time on this page, in milliseconds (the README's frame time in Chromium).
    static FRAMES: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl ForemanApp {
    /// The page's test hook (issue 95, point 3): `window.foremanGame`, a JSON text of what the
    /// screen shows anyone at the table (the public score, the phase, whether a plan is
    /// suggested, a dialog or the round card open), and `window.foremanFrames`, each frame's time so far. A
    /// script that plays in Chromium by the keyboard reads where the game is from it.
    pub(super) fn expose(&mut self, frame: &eframe::Frame) {
        let ms = frame.info().cpu_usage.map_or(0.0, |s| s * 1000.0);
        let frames = FRAMES.with(|f| {
            let mut f = f.borrow_mut();
            f.push(ms);
            f.len()
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
        let all = FRAMES.with(|f| js_sys::Float32Array::from(&f.borrow()[..]));
        set("foremanFrames", all.into());
    }
}
