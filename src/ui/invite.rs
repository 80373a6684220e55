//! *Invite players*: the open game served to the players' phones and tablets (`net`). The
//! window stays the shared table screen, live as the devices act; it lists each seat's link
//! with its QR code, and the spectators' link.

use super::app::ForemanApp;
use crate::net::{links, lobby::Hub};
use egui::{Color32, Ui};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// Where the server listens and its runtime, or why it could not, as its thread tells it.
type Listening = Arc<Mutex<Option<Result<(SocketAddr, tokio::runtime::Handle), String>>>>;

/// The server, and its state as its thread tells it.
pub struct Invite {
    pub open: bool,
    /// The address the server listens on (and its runtime), or why it could not.
    pub listening: Listening,
    pub(super) hub: Arc<Hub>,
    table: Arc<crate::net::Table>,
}

/// Repaints the window whenever `table` changes (a device's action).
fn wake_on(handle: &tokio::runtime::Handle, table: &crate::net::Table, ctx: egui::Context) {
    let mut changes = table.subscribe();
    handle.spawn(async move {
        while changes.changed().await.is_ok() {
            ctx.request_repaint();
        }
    });
}

/// Where *Invite players* listens: every interface (the phones at the table) on 7878 by
/// default; tests listen on the loopback.
#[derive(Debug, Clone)]
pub struct InviteAt {
    pub bind: String,
    pub port: u16,
}

impl Default for InviteAt {
    fn default() -> Self {
        InviteAt {
            bind: "0.0.0.0".into(),
            port: 7878,
        }
    }
}

impl ForemanApp {
    /// Serves the open game (once) and shows its links.
    pub(super) fn invite_players(&mut self, ctx: &egui::Context) {
        let Some(session) = self.session.as_mut() else {
            return;
        };
        let table = match session.host() {
            Ok(t) => t,
            Err(e) => {
                let why = self.say(&e);
                self.message = Some(self.ta("web-host-failed", &[("why", why.into())]));
                return;
            }
        };
        if let Some(invite) = &mut self.invite {
            // Another game since: the same server serves it, at new links.
            if !Arc::ptr_eq(&invite.table, &table) {
                invite.hub.serve_only(Arc::clone(&table));
                if let Some(Ok((_, handle))) = invite.listening.lock().ok().and_then(|l| l.clone())
                {
                    wake_on(&handle, &table, ctx.clone());
                }
                invite.table = table;
            }
            invite.open = true;
            return;
        }
        let listening = Arc::new(Mutex::new(None));
        let told = Arc::clone(&listening);
        let (bind, port) = (self.invite_at.bind.clone(), self.invite_at.port);
        let ctx = ctx.clone();
        let hub = Hub::host(Arc::clone(&table));
        let served = Arc::clone(&hub);
        let first = Arc::clone(&table);
        let spawned = std::thread::Builder::new()
            .name("serving".into())
            .spawn(move || {
                let ready = |at: SocketAddr| {
                    let handle = tokio::runtime::Handle::current();
                    // A device's action repaints the table screen.
                    wake_on(&handle, &first, ctx.clone());
                    if let Ok(mut l) = told.lock() {
                        *l = Some(Ok((at, handle)));
                    }
                    ctx.request_repaint();
                };
                if let Err(e) = crate::net::serve_blocking(served, &bind, port, true, None, ready)
                    && let Ok(mut l) = told.lock()
                {
                    tracing::warn!("serving the game: {e}");
                    *l = Some(Err(e.to_string()));
                }
            });
        if let Err(e) = spawned {
            self.message = Some(self.ta("web-host-failed", &[("why", e.to_string().into())]));
            return;
        }
        self.invite = Some(Invite {
            open: true,
            listening,
            hub,
            table,
        });
    }

    /// The links window: each seat's link and QR code, the spectators' link.
    pub(super) fn invite_window(&mut self, ctx: &egui::Context) {
        let Some(invite) = &self.invite else {
            return;
        };
        if !invite.open {
            return;
        }
        let listening = invite
            .listening
            .lock()
            .ok()
            .and_then(|l| l.clone())
            .map(|r| r.map(|(at, _)| at));
        let Some(table) = self.session.as_ref().and_then(|s| s.hosted()).cloned() else {
            return;
        };
        let game = table.game();
        let invite_hub = Arc::clone(&invite.hub);
        let mut open = true;
        egui::Window::new(self.t("web-invite"))
            .open(&mut open)
            .default_width(560.0)
            .min_width(540.0)
            .default_height(640.0)
            .vscroll(true)
            .show(ctx, |ui| {
                ui.label(self.t("web-invite-hint"));
                ui.add_space(6.0);
                let at = match listening {
                    None => {
                        ui.spinner();
                        return;
                    }
                    Some(Err(why)) => {
                        ui.colored_label(
                            Color32::from_rgb(230, 90, 70),
                            self.ta("web-host-failed", &[("why", why.into())]),
                        );
                        return;
                    }
                    Some(Ok(at)) => at,
                };
                let host = if at.ip().is_unspecified() {
                    links::lan_address().map_or_else(|| "127.0.0.1".to_string(), |a| a.to_string())
                } else {
                    at.ip().to_string()
                };
                let base = format!("http://{host}:{}", at.port());
                ui.label(self.ta("web-hosting", &[("address", base.clone().into())]));
                let (seats, spectators) = links::urls(&base, &table.keys());
                let connected = invite_hub.connected(&table);
                // Each seat: its QR code, and beside it the name and the link whole.
                let row = |ui: &mut Ui, name: String, url: &str| {
                    ui.horizontal(|ui| {
                        qr_code(ui, url);
                        ui.vertical(|ui| {
                            ui.set_width(340.0);
                            ui.strong(name);
                            ui.add(egui::Label::new(url).selectable(true).wrap());
                        });
                    });
                    ui.separator();
                };
                for (seat, url) in seats.iter().enumerate() {
                    // Whether a device plays the seat now.
                    let on = connected.get(seat).copied().unwrap_or(false);
                    let state = self.t(if on {
                        "web-connected"
                    } else {
                        "web-not-connected"
                    });
                    let name = crate::i18n::words::player_name(&self.tr, &game, seat);
                    row(ui, format!("{name} ({state})"), url);
                }
                row(ui, self.t("web-spectators"), &spectators);
            });
        if let Some(invite) = &mut self.invite {
            invite.open = open;
        }
    }
}

impl ForemanApp {
    /// A player's phone asks to take back their own last action: the table screen agrees or
    /// refuses, for everyone at the table.
    pub(super) fn undo_request(&mut self, ctx: &egui::Context) {
        let Some(table) = self.session.as_ref().and_then(|s| s.hosted()).cloned() else {
            return;
        };
        let Some(ask) = table.undo_asked() else {
            return;
        };
        let i = crate::i18n::Lang::ALL
            .iter()
            .position(|&l| l == self.tr.lang())
            .unwrap_or(0);
        let game = table.game();
        let name = crate::i18n::words::player_name(&self.tr, &game, ask.seat);
        let text = self.ta(
            "web-undo-asks",
            &[
                ("name", name.into()),
                ("what", ask.words.get(i).cloned().unwrap_or_default().into()),
            ],
        );
        let mut answer = None;
        egui::Window::new(self.t("web-undo-title"))
            .collapsible(false)
            .resizable(false)
            // Over the foot of the market, clear of the dice, the board and the players.
            .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(12.0, -52.0))
            .show(ctx, |ui| {
                ui.label(text);
                ui.horizontal(|ui| {
                    if ui.button(self.t("web-undo-yes")).clicked() {
                        answer = Some(true);
                    }
                    if ui.button(self.t("web-undo-no")).clicked() {
                        answer = Some(false);
                    }
                });
            });
        if let Some(yes) = answer {
            if let Err(e) = table.answer_undo(None, yes, true) {
                let why = e.say(self.tr.lang());
                self.message = Some(why);
            }
            if self.session.as_mut().is_some_and(|s| s.sync()) {
                self.log.clear();
            }
        }
    }
}

/// `text`'s QR code, dark on white with its quiet zone, 4 points a module (fewer for a long
/// text, so the code stays within about 440 points).
pub(super) fn qr_code(ui: &mut Ui, text: &str) {
    let Some((w, dark)) = links::qr(text) else {
        return;
    };
    let module = (440.0 / (w + 8) as f32).clamp(2.0, 4.0).floor();
    let side = (w + 8) as f32 * module;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    for y in 0..w {
        for x in 0..w {
            if dark[y * w + x] {
                let min = rect.min + egui::vec2((x + 4) as f32 * module, (y + 4) as f32 * module);
                painter.rect_filled(
                    egui::Rect::from_min_size(min, egui::vec2(module, module)),
                    0.0,
                    Color32::BLACK,
                );
            }
        }
    }
    let label = text.to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
}
