//! The window in a browser (issue 95) without what a browser leaves out: the camera, smart
//! dice and invitations are the computer's (their panels and buttons are not drawn there).

use super::app::ForemanApp;

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
