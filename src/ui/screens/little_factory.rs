//! Little Factory at the table (issue 92): the setup, each turn's activations, action and end,
//! the hands' size, the buildings and influence, the end said as it happens. The game is kept
//! in the data folder after every action (`little-factory.json`), and resumed from there.

use super::app::{ForemanApp, Screen};
use super::other_shell as shell;
use crate::i18n::{Arg, Tr};
use crate::kept::{Kept, KeptError};
use crate::little_factory::{
    Action, Card, Ending, Given, HAND_LIMIT, LittleFactory, Phase, Refusal, Setup,
};
use egui::{RichText, Ui};
use std::path::{Path, PathBuf};

/// The file the game is kept in.
pub(in crate::ui) const FILE: &str = "little-factory.json";

/// The screen: a setup form, or a game being played.
pub(in crate::ui) struct LfScreen {
    kept: Option<Kept<LittleFactory>>,
    names: Vec<String>,
    first: usize,
    entry: Entry,
    /// The last refusal or notice, and whether it is a refusal.
    said: Option<(String, bool)>,
    path: PathBuf,
    /// The journal's length and the play's id in the history when last recorded.
    recorded: Option<(usize, i64)>,
    /// The log, for the journal's length it was worked out at.
    log: (usize, Vec<String>),
}

/// The action forms' fields.
#[derive(Default)]
struct Entry {
    building: usize,
    discard: u32,
    /// Resources got by an activation, by level.
    gain: [u32; 3],
    token: bool,
    /// Produce: 0 a building, else the resource's level.
    level: u8,
    influence: u32,
    free: bool,
    /// Exchange: the coins of the cards given, the resources and buildings got.
    given: String,
    start_tile: bool,
    got: String,
    got_buildings: String,
}

/// Whether a game of Little Factory not yet over is kept in `data` (the start screen offers
/// to resume it).
pub(in crate::ui) fn unfinished(data: &Path) -> bool {
    Kept::<LittleFactory>::open(&data.join(FILE)).is_ok_and(|k| k.game.state().ending.is_none())
}

impl LfScreen {
    /// The game kept in `data`, or a new game's form.
    pub(in crate::ui) fn open(data: &Path) -> (LfScreen, Option<(String, String)>) {
        let path = data.join(FILE);
        let (kept, said) = if path.exists() {
            match Kept::<LittleFactory>::open(&path) {
                Ok(k) => (Some(k), None),
                // A game that does not load is kept aside: a new game never overwrites it.
                Err(e) => {
                    let aside = crate::store::set_aside_damaged(&path)
                        .map_or_else(|why| why.to_string(), |p| p.display().to_string());
                    (None, Some((e.to_string(), aside)))
                }
            }
        } else {
            (None, None)
        };
        let screen = LfScreen {
            kept,
            names: vec![String::new(), String::new()],
            first: 0,
            entry: Entry {
                level: 1,
                ..Entry::default()
            },
            said: None,
            path,
            recorded: None,
            log: (usize::MAX, Vec::new()),
        };
        (screen, said)
    }
}

/// A refusal in the player's language.
fn say(tr: &Tr, r: &Refusal) -> String {
    let n = |v: u32| Arg::from(v);
    match r {
        Refusal::Players => tr.t("lf-refusal-players"),
        Refusal::FirstPlayer => tr.t("lf-refusal-first"),
        Refusal::Over => tr.t("lf-refusal-over"),
        Refusal::NoBuilding(..) => tr.t("lf-refusal-no-building"),
        Refusal::AlreadyActivated => tr.t("lf-refusal-activated"),
        Refusal::ActionDone => tr.t("lf-refusal-action-done"),
        Refusal::ActionFirst => tr.t("lf-refusal-action-first"),
        Refusal::FirstTurnExchange => tr.t("lf-refusal-first-turn"),
        Refusal::NotInHand(h, d) => tr.t_args(
            "lf-refusal-not-in-hand",
            &[("hand", n(*h)), ("discard", n(*d))],
        ),
        Refusal::HandLimit(h) => tr.t_args("lf-refusal-hand-limit", &[("hand", n(*h))]),
        Refusal::PoolEmpty => tr.t("lf-refusal-pool"),
        Refusal::Level => tr.t("lf-refusal-level"),
        Refusal::FreeNotLevel1 | Refusal::SlowProduction => tr.t("lf-refusal-slow"),
        Refusal::ExchangeOne => tr.t("lf-refusal-exchange-one"),
        Refusal::ExchangeEmpty => tr.t("lf-refusal-exchange-empty"),
        Refusal::ExchangeValue { given, got } => tr.t_args(
            "lf-refusal-exchange-value",
            &[("given", n(*given)), ("got", n(*got))],
        ),
        Refusal::NoStartTile | Refusal::StartTileTwice => tr.t("lf-refusal-start-tile"),
    }
}

/// Numbers typed apart by spaces or commas; None when one is not a number.
fn numbers(text: &str) -> Option<Vec<u32>> {
    text.split([' ', ',', ';'])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect()
}

impl ForemanApp {
    pub(in crate::ui) fn open_little_factory(&mut self) {
        let (mut screen, said) = LfScreen::open(&self.data_dir);
        screen.said = shell::unreadable(&self.tr, said);
        self.screen = Screen::LittleFactory(Box::new(screen));
    }

    pub(in crate::ui) fn little_factory_screen(&mut self, ui: &mut Ui) {
        let Screen::LittleFactory(screen) = &mut self.screen else {
            return;
        };
        let tr = self.tr.clone();
        if let Some(kept) = &screen.kept {
            let n = kept.game.journal().len();
            if screen.log.0 != n {
                screen.log = (n, log(&tr, &kept.game));
            }
            shell::log_panel(ui, "lf-log", &tr, &screen.log.1);
        }
        let said = screen.said.clone();
        let back = shell::page(ui, "lf", 900.0, &tr, "Little Factory", said, |ui| {
            if screen.kept.is_some() {
                play(ui, &tr, screen);
            } else {
                setup(ui, &tr, screen);
            }
        });
        if back {
            self.open_start_screen();
        } else {
            // The play as it stands into the history, when it changed (a browser keeps no
            // history).
            #[cfg(not(target_arch = "wasm32"))]
            if let Screen::LittleFactory(s) = &mut self.screen {
                record_play(self.recorder.history.as_mut(), s);
            }
        }
    }
}

/// The play as it stands into `history`, when it changed.
#[cfg(not(target_arch = "wasm32"))]
fn record_play(history: Option<&mut crate::history::History>, s: &mut LfScreen) {
    if let Some(kept) = &s.kept {
        shell::record(history, &mut s.recorded, kept, || {
            let st = kept.game.state();
            let winners = st.winners();
            shell::Play {
                game: "little-factory",
                finished: st.ending.is_some(),
                seats: st
                    .players
                    .iter()
                    .enumerate()
                    .map(|(i, p)| crate::history::other::OtherSeat {
                        name: p.name.clone(),
                        score: Some(p.influence()),
                        won: winners.contains(&i),
                        first: i == kept.game.setup().first_player,
                    })
                    .collect(),
            }
        });
    }
}

fn setup(ui: &mut Ui, tr: &Tr, s: &mut LfScreen) {
    ui.label(tr.t("lf-setup"));
    shell::player_count(ui, tr, 2..=4, &mut s.names);
    for i in 0..s.names.len() {
        ui.horizontal(|ui| {
            let l = ui.label(tr.t_args("other-player-n", &[("n", (i + 1).into())]));
            ui.add(egui::TextEdit::singleline(&mut s.names[i]).desired_width(160.0))
                .labelled_by(l.id);
        });
    }
    // Who plays first, below the names: Tab goes from name to name.
    shell::first_player(ui, tr, "lf-first", &s.names, &mut s.first);
    if ui.button(tr.t("other-start")).clicked() {
        let players: Vec<String> = s
            .names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let n = n.trim();
                if n.is_empty() {
                    tr.t_args("other-player-n", &[("n", (i + 1).into())])
                } else {
                    n.to_string()
                }
            })
            .collect();
        let setup = Setup {
            players,
            first_player: s.first,
        };
        match Kept::start(setup, &s.path) {
            Ok(k) => {
                s.kept = Some(k);
                s.said = None;
            }
            Err(KeptError::Refused(r)) => s.said = Some((say(tr, &r), true)),
            Err(KeptError::Save(e)) => s.said = Some((e.to_string(), true)),
        }
    }
}

fn play(ui: &mut Ui, tr: &Tr, s: &mut LfScreen) {
    let Some(kept) = &s.kept else {
        return;
    };
    let st = kept.game.state().clone();
    let can_undo = !kept.game.journal().is_empty();
    let seat = st.turn;
    let name = st.players[seat].name.clone();
    ui.label(tr.t_args("lf-pool", &[("tokens", st.pool.into())]));
    match &st.ending {
        Some(Ending::Reached { seat }) => {
            ui.label(
                RichText::new(tr.t_args(
                    "lf-over-reached",
                    &[("name", st.players[*seat].name.clone().into())],
                ))
                .size(20.0)
                .strong(),
            );
        }
        Some(Ending::PoolEmpty { winners }) => {
            let names: Vec<&str> = winners
                .iter()
                .map(|&w| st.players[w].name.as_str())
                .collect();
            ui.label(
                RichText::new(tr.t_args("lf-over-pool", &[("names", names.join(", ").into())]))
                    .size(20.0)
                    .strong(),
            );
        }
        None => {
            let key = if st.phase == Phase::Start {
                "lf-turn-start"
            } else {
                "lf-turn-end"
            };
            ui.label(
                RichText::new(tr.t_args(key, &[("name", name.clone().into())]))
                    .size(18.0)
                    .strong(),
            );
        }
    }
    egui::Grid::new("lf-players").striped(true).show(ui, |ui| {
        for k in [
            "other-player",
            "lf-hand",
            "lf-start-tile",
            "lf-buildings",
            "lf-influence",
        ] {
            ui.label(RichText::new(tr.t(k)).strong());
        }
        ui.end_row();
        for (i, p) in st.players.iter().enumerate() {
            let mark = if i == seat && st.ending.is_none() {
                "» "
            } else {
                ""
            };
            ui.label(format!("{mark}{}", p.name));
            ui.label(format!("{} / {HAND_LIMIT}", p.hand));
            ui.label(p.start_tile.map_or("—".to_string(), |v| v.to_string()));
            let b: Vec<String> = p
                .buildings
                .iter()
                .enumerate()
                .map(|(k, b)| {
                    let done = if b.activated {
                        format!(" ({})", tr.t("lf-activated"))
                    } else {
                        String::new()
                    };
                    tr.t_args(
                        "lf-building",
                        &[
                            ("n", (k + 1).into()),
                            ("influence", b.influence.into()),
                            ("tokens", b.tokens.into()),
                        ],
                    ) + &done
                })
                .collect();
            ui.label(if b.is_empty() {
                "—".to_string()
            } else {
                b.join(" · ")
            });
            ui.label(RichText::new(p.influence().to_string()).strong());
            ui.end_row();
        }
    });
    ui.separator();
    let mut action = None;
    let mut undo = false;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(can_undo, egui::Button::new(tr.t("undo")))
            .clicked()
        {
            undo = true;
        }
        if ui.button(tr.t("other-new")).clicked() {
            s.said = None;
            s.kept = None;
            s.recorded = None;
        }
    });
    if s.kept.is_none() || st.ending.is_some() {
        apply(tr, s, None, undo);
        return;
    }
    let e = &mut s.entry;
    let buildings = st.players[seat].buildings.len();
    let start = st.phase == Phase::Start;
    let first_turn = st.players[seat].turns == 1;
    // Every control is always where it was (greyed when the turn is elsewhere): End the turn
    // first, then the activations, the production and the exchange.
    if ui
        .add_enabled(
            !start,
            egui::Button::new(RichText::new(tr.t("lf-end-turn")).strong()),
        )
        .on_disabled_hover_text(tr.t("lf-refusal-action-first"))
        .clicked()
    {
        action = Some(Action::EndTurn);
    }
    ui.group(|ui| {
        ui.label(RichText::new(tr.t("lf-activate")).strong());
        ui.add_enabled_ui(buildings > 0, |ui| {
            ui.horizontal_wrapped(|ui| {
                e.building = e.building.min(buildings.saturating_sub(1));
                for k in 0..buildings {
                    ui.selectable_value(&mut e.building, k, (k + 1).to_string());
                }
                let l = ui.label(tr.t("lf-discard"));
                ui.add(egui::DragValue::new(&mut e.discard).range(0..=HAND_LIMIT))
                    .labelled_by(l.id);
                for (l, g) in e.gain.iter_mut().enumerate() {
                    let l = ui.label(tr.t_args("lf-gain-level", &[("level", (l + 1).into())]));
                    ui.add(egui::DragValue::new(g).range(0..=HAND_LIMIT))
                        .labelled_by(l.id);
                }
                ui.checkbox(&mut e.token, tr.t("lf-token"));
                let done = st.players[seat]
                    .buildings
                    .get(e.building)
                    .is_none_or(|b| b.activated);
                if ui
                    .add_enabled(!done, egui::Button::new(tr.t("lf-activate-button")))
                    .on_disabled_hover_text(tr.t("lf-refusal-activated"))
                    .clicked()
                {
                    let mut gain = Vec::new();
                    for (l, &g) in e.gain.iter().enumerate() {
                        gain.extend(std::iter::repeat_n(
                            Card::Resource {
                                level: l as u8 + 1,
                                coins: 0,
                            },
                            g as usize,
                        ));
                    }
                    action = Some(Action::Activate {
                        building: e.building,
                        discard: e.discard,
                        gain,
                        token: e.token,
                    });
                }
            });
        });
    });
    ui.group(|ui| {
        ui.label(RichText::new(tr.t("lf-produce")).strong());
        // The first turn's rule on its own line, kept when it does not apply.
        ui.label(if start && first_turn {
            tr.t("lf-first-turn")
        } else {
            " ".to_string()
        });
        ui.add_enabled_ui(start && !first_turn, |ui| {
            ui.horizontal_wrapped(|ui| {
                for l in 1..=3u8 {
                    ui.selectable_value(
                        &mut e.level,
                        l,
                        tr.t_args("lf-level", &[("level", l.into())]),
                    );
                }
                ui.selectable_value(&mut e.level, 0, tr.t("lf-a-building"));
                let l = ui.label(tr.t("lf-influence"));
                ui.add_enabled(
                    e.level == 0,
                    egui::DragValue::new(&mut e.influence).range(0..=10),
                )
                .labelled_by(l.id);
                let l = ui.label(tr.t("lf-discard"));
                ui.add(egui::DragValue::new(&mut e.discard).range(0..=HAND_LIMIT))
                    .labelled_by(l.id);
                if e.level != 1 {
                    e.free = false;
                }
                ui.add_enabled(
                    e.level == 1,
                    egui::Checkbox::new(&mut e.free, tr.t("lf-free")),
                );
                if ui.button(tr.t("lf-produce-button")).clicked() {
                    let card = if e.level == 0 {
                        Card::Building {
                            name: None,
                            influence: e.influence,
                            coins: 0,
                        }
                    } else {
                        Card::Resource {
                            level: e.level,
                            coins: 0,
                        }
                    };
                    action = Some(Action::Produce {
                        card,
                        discard: e.discard,
                        free: e.free && e.level == 1,
                    });
                }
            });
        });
    });
    ui.group(|ui| {
        ui.label(RichText::new(tr.t("lf-exchange")).strong());
        ui.add_enabled_ui(start, |ui| {
            ui.horizontal_wrapped(|ui| {
                let mut enter = false;
                enter |= typed(ui, &tr.t("lf-given"), &mut e.given, "8 6");
                ui.checkbox(&mut e.start_tile, tr.t("lf-start-tile"));
                enter |= typed(ui, &tr.t("lf-got"), &mut e.got, "2 2");
                enter |= typed(ui, &tr.t("lf-got-buildings"), &mut e.got_buildings, "3/12");
                if ui.button(tr.t("lf-exchange-button")).clicked() || enter {
                    action = exchange(e).or_else(|| {
                        s.said = Some((tr.t("lf-bad-numbers"), true));
                        None
                    });
                }
            });
        });
    });
    apply(tr, s, action, undo);
}

/// The exchange typed: None when a field is not numbers.
fn exchange(e: &Entry) -> Option<Action> {
    let mut given: Vec<Given> = numbers(&e.given)?
        .into_iter()
        .map(|coins| Given::Resource { coins })
        .collect();
    if e.start_tile {
        given.push(Given::StartTile);
    }
    let mut gained: Vec<Card> = numbers(&e.got)?
        .into_iter()
        .map(|coins| Card::Resource { level: 0, coins })
        .collect();
    for b in e
        .got_buildings
        .split([' ', ',', ';'])
        .filter(|s| !s.is_empty())
    {
        let (influence, coins) = b.split_once('/')?;
        gained.push(Card::Building {
            name: None,
            influence: influence.trim().parse().ok()?,
            coins: coins.trim().parse().ok()?,
        });
    }
    Some(Action::Exchange { given, gained })
}

fn apply(tr: &Tr, s: &mut LfScreen, action: Option<Action>, undo: bool) {
    let Some(kept) = &mut s.kept else {
        return;
    };
    if undo {
        s.said = shell::undo(tr, kept);
        return;
    }
    let Some(action) = action else {
        return;
    };
    match kept.apply(action) {
        Ok(_) => {
            s.said = None;
            let level = s.entry.level;
            s.entry = Entry {
                level,
                ..Entry::default()
            };
        }
        Err(KeptError::Refused(r)) => s.said = Some((say(tr, &r), true)),
        Err(KeptError::Save(e)) => s.said = Some((e.to_string(), true)),
    }
}

/// The game's log: each action in words, newest last (the journal replayed from the setup).
fn log(tr: &Tr, game: &crate::little_factory::Game) -> Vec<String> {
    use crate::little_factory::{Event, Game};
    let Ok(mut g) = Game::new(game.setup().clone()) else {
        return Vec::new();
    };
    let names: Vec<String> = g.state().players.iter().map(|p| p.name.clone()).collect();
    let mut lines = Vec::new();
    for action in game.journal() {
        let who = names.get(g.state().turn).cloned().unwrap_or_default();
        let n = |v: usize| Arg::from(v);
        let text = match action {
            Action::Activate {
                building,
                discard,
                gain,
                ..
            } => tr.t_args(
                "lf-log-activate",
                &[
                    ("name", who.clone().into()),
                    ("n", n(building + 1)),
                    ("discard", (*discard).into()),
                    ("gain", n(gain.len())),
                ],
            ),
            Action::Produce {
                card: Card::Resource { level, .. },
                free,
                ..
            } => tr.t_args(
                if *free {
                    "lf-log-produce-free"
                } else {
                    "lf-log-produce"
                },
                &[("name", who.clone().into()), ("level", (*level).into())],
            ),
            Action::Produce {
                card: Card::Building { influence, .. },
                ..
            } => tr.t_args(
                "lf-log-produce-building",
                &[
                    ("name", who.clone().into()),
                    ("influence", (*influence).into()),
                ],
            ),
            Action::Exchange { given, gained } => tr.t_args(
                "lf-log-exchange",
                &[
                    ("name", who.clone().into()),
                    ("given", n(given.len())),
                    ("got", n(gained.len())),
                ],
            ),
            Action::EndTurn => tr.t_args("lf-log-end", &[("name", who.clone().into())]),
        };
        lines.push(text);
        // Every action of the journal was accepted once from this setup: it replays.
        let Ok(events) = g.apply(action.clone()) else {
            break;
        };
        for e in events {
            match e {
                Event::Token { left, .. } => lines.push(tr.t_args(
                    "lf-log-token",
                    &[("name", who.clone().into()), ("left", left.into())],
                )),
                Event::Ended(Ending::Reached { seat }) => lines.push(tr.t_args(
                    "lf-over-reached",
                    &[("name", names.get(seat).cloned().unwrap_or_default().into())],
                )),
                Event::Ended(Ending::PoolEmpty { winners }) => {
                    let w: Vec<&str> = winners
                        .iter()
                        .filter_map(|&i| names.get(i).map(String::as_str))
                        .collect();
                    lines.push(tr.t_args("lf-over-pool", &[("names", w.join(", ").into())]))
                }
                Event::Built { .. } | Event::TurnTo(_) => {}
            }
        }
    }
    lines
}

/// A short box of numbers with its label before it (read by screen readers as its name).
/// Whether Enter was pressed in it.
fn typed(ui: &mut Ui, label: &str, text: &mut String, hint: &str) -> bool {
    let l = ui.label(label);
    let r = ui
        .add(
            egui::TextEdit::singleline(text)
                .desired_width(90.0)
                .hint_text(hint),
        )
        .labelled_by(l.id);
    r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}
