//! Traumfabrik at the table (issue 92): the setup with each studio's scenarios, the places'
//! tiles told, the auctions, the parties' picks, the tiles laid on the films, the scenarios
//! drawn, the awards and the final score. Kept in the data folder after every action
//! (`traumfabrik.json`); the scenarios' slots, once told, are remembered to be offered again
//! (`traumfabrik-scenarios.json`).

use super::app::{ForemanApp, Screen};
use super::other_shell as shell;
use crate::i18n::Tr;
use crate::kept::{Kept, KeptError};
use crate::traumfabrik::{Action, Film, Scenario, SlotRef, Stage, Tile, Traumfabrik, score};
use egui::{Color32, RichText, Ui};
use setup::setup;
use words::{
    SCENARIOS, award_text, event_text, genre_key, parse_slots, parse_tiles, say, say_misplaced,
    slot_letter, tile_text, title,
};

mod setup;
mod words;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub(in crate::ui) const FILE: &str = "traumfabrik.json";
const CATALOGUE: &str = "traumfabrik-scenarios.json";

/// A scenario's slots and stars as typed ("D A A W", stars), remembered by name.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(in crate::ui) struct Typed {
    pub slots: String,
    pub stars: i32,
}

pub(in crate::ui) struct TfScreen {
    kept: Option<Kept<Traumfabrik>>,
    /// Setup: each player's name and studio, the first player.
    names: Vec<String>,
    studios: Vec<u8>,
    first: usize,
    catalogue: BTreeMap<String, Typed>,
    /// The tiles typed at a place ("A3 M1").
    tiles: String,
    bid: u32,
    /// The tile being placed (its place among those waiting).
    selected: usize,
    /// The scenario drawn: its place in [`SCENARIOS`], its slots and stars.
    draw: usize,
    draw_typed: Typed,
    said: Option<(String, bool)>,
    path: PathBuf,
    catalogue_path: PathBuf,
    /// The journal's length and the play's id in the history when last recorded.
    recorded: Option<(usize, i64)>,
    /// The place and bidder the bid's field was last set for.
    bid_for: Option<(usize, usize)>,
    /// The log, for the journal's length it was worked out at.
    log: (usize, Vec<String>),
}

/// Whether a game of Traumfabrik not yet over is kept in `data` (the start screen offers to
/// resume it).
pub(in crate::ui) fn unfinished(data: &Path) -> bool {
    Kept::<Traumfabrik>::open(&data.join(FILE)).is_ok_and(|k| k.game.state().stage != Stage::Over)
}

impl TfScreen {
    pub(in crate::ui) fn open(data: &Path) -> (TfScreen, Option<(String, String)>) {
        let path = data.join(FILE);
        let catalogue_path = data.join(CATALOGUE);
        let catalogue = std::fs::read_to_string(&catalogue_path)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        let (kept, said) = if path.exists() {
            match Kept::<Traumfabrik>::open(&path) {
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
        let screen = TfScreen {
            kept,
            names: vec![String::new(); 3],
            studios: vec![1, 2, 3],
            first: 0,
            catalogue,
            tiles: String::new(),
            bid: 0,
            selected: 0,
            draw: 15,
            draw_typed: Typed::default(),
            said: None,
            path,
            catalogue_path,
            recorded: None,
            bid_for: None,
            log: (usize::MAX, Vec::new()),
        };
        (screen, said)
    }

    /// The scenarios' slots told, kept for next time (one write for them all).
    fn remember<'a>(&mut self, told: impl IntoIterator<Item = (&'a str, &'a Typed)>) {
        for (name, typed) in told {
            self.catalogue.insert(name.to_string(), typed.clone());
        }
        if let Ok(text) = serde_json::to_string_pretty(&self.catalogue) {
            // The catalogue is a convenience: a failure to keep it loses nothing of the game.
            if let Err(e) = crate::store::write_atomic(&self.catalogue_path, text) {
                tracing::warn!("cannot keep the scenarios told: {e}");
            }
        }
    }
}

impl ForemanApp {
    pub(in crate::ui) fn open_traumfabrik(&mut self) {
        let (mut screen, said) = TfScreen::open(&self.data_dir);
        screen.said = shell::unreadable(&self.tr, said);
        self.screen = Screen::Traumfabrik(Box::new(screen));
    }

    pub(in crate::ui) fn traumfabrik_screen(&mut self, ui: &mut Ui) {
        let Screen::Traumfabrik(screen) = &mut self.screen else {
            return;
        };
        let tr = self.tr.clone();
        if let Some(kept) = &screen.kept {
            let n = kept.game.journal().len();
            if screen.log.0 != n {
                screen.log = (n, words::log(&tr, &kept.game));
            }
            shell::log_panel(ui, "tf-log", &tr, &screen.log.1);
        }
        let said = screen.said.clone();
        let back = shell::page(ui, "tf", 1000.0, &tr, "Traumfabrik", said, |ui| {
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
            if let Screen::Traumfabrik(s) = &mut self.screen {
                record_play(self.recorder.history.as_mut(), s);
            }
        }
    }
}

/// The play as it stands into `history`, when it changed.
#[cfg(not(target_arch = "wasm32"))]
fn record_play(history: Option<&mut crate::history::History>, s: &mut TfScreen) {
    if let Some(kept) = &s.kept {
        shell::record(history, &mut s.recorded, kept, || {
            let st = kept.game.state();
            let over = st.stage == Stage::Over;
            let (scores, winners) = score(st);
            shell::Play {
                game: "traumfabrik",
                finished: over,
                seats: st
                    .players
                    .iter()
                    .enumerate()
                    .map(|(i, p)| crate::history::other::OtherSeat {
                        name: p.name.clone(),
                        score: over.then_some(scores[i].total),
                        won: over && winners.contains(&i),
                        first: i == kept.game.setup().first_player,
                    })
                    .collect(),
            }
        });
    }
}

fn play(ui: &mut Ui, tr: &Tr, s: &mut TfScreen) {
    let Some(kept) = &s.kept else {
        return;
    };
    let setup = kept.game.setup().clone();
    let st = kept.game.state().clone();
    let can_undo = !kept.game.journal().is_empty();
    let name = |i: usize| st.players[i].name.clone();
    let mut action: Option<Action> = None;
    let mut undo = false;
    ui.horizontal_wrapped(|ui| {
        if st.stage != Stage::Over {
            ui.label(tr.t_args(
                "tf-round",
                &[("round", st.round.into()), ("place", (st.place + 1).into())],
            ));
        }
        ui.label(tr.t_args("tf-camera", &[("name", name(st.camera).into())]));
        ui.label(tr.t_args(
            "tf-centre",
            &[("contracts", st.centre.into()), ("pile", st.pile.into())],
        ));
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
    if s.kept.is_none() {
        return;
    }
    ui.label(RichText::new(tr.t("tf-tiles-legend")).small());
    // What the game waits for.
    let placing = match &st.stage {
        Stage::Placing { seat, tiles, .. } => Some((*seat, tiles.clone())),
        _ => None,
    };
    // The stage's box keeps one height (the films below stay put from one stage to the next).
    ui.group(|ui| {
        ui.set_min_height(72.0);
        ui.set_min_width(600.0);
        match &st.stage {
            Stage::Reveal => {
                let place = setup.places[st.place];
                let key = if place == crate::traumfabrik::Place::Party {
                    "tf-reveal-party"
                } else {
                    "tf-reveal-famous"
                };
                ui.label(RichText::new(tr.t(key)).strong());
                let l = ui.label(tr.t("tf-tiles"));
                let r = ui
                    .add(egui::TextEdit::singleline(&mut s.tiles).hint_text("A3 M1 C2"))
                    .labelled_by(l.id);
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                // The tiles are typed at once: the box has the keyboard while nothing else does.
                if ui.memory(|m| m.focused().is_none()) {
                    r.request_focus();
                }
                if ui.button(tr.t("tf-reveal")).clicked() || enter {
                    match parse_tiles(&s.tiles) {
                        Some(tiles) => action = Some(Action::Reveal { tiles }),
                        None => s.said = Some((tr.t("tf-bad-tiles"), true)),
                    }
                }
            }
            Stage::Auction {
                tiles,
                to_bid,
                high,
                ..
            } => {
                let on_offer: Vec<String> = tiles.iter().map(|t| tile_text(*t)).collect();
                let hollywood =
                    setup.places.get(st.place) == Some(&crate::traumfabrik::Place::Hollywood);
                let r = ui.label(
                    RichText::new(tr.t_args("tf-auction", &[("tiles", on_offer.join(" ").into())]))
                        .strong(),
                );
                if hollywood {
                    r.on_hover_text(tr.t("tf-hollywood"));
                }
                // The best bid's line is there from the start: the buttons below stay put.
                match high {
                    Some((seat, bid)) => ui.label(tr.t_args(
                        "tf-high",
                        &[("name", name(*seat).into()), ("bid", (*bid).into())],
                    )),
                    None => ui.label(tr.t("tf-no-bid")),
                };
                // The bidder's name on a line of its own: the buttons below never move.
                let l = ui.label(
                    RichText::new(tr.t_args("tf-to-bid", &[("name", name(*to_bid).into())]))
                        .strong(),
                );
                ui.horizontal(|ui| {
                    // Offered at the least that beats the best bid; a lower one typed is
                    // refused with the rule, never raised in silence.
                    let least = high.map_or(0, |(_, b)| b + 1);
                    if s.bid_for != Some((st.place, *to_bid)) {
                        s.bid = least;
                        s.bid_for = Some((st.place, *to_bid));
                    }
                    let r = ui
                        .add(egui::DragValue::new(&mut s.bid).range(0..=99))
                        .labelled_by(l.id);
                    let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if ui.button(tr.t("tf-bid")).clicked() || enter {
                        action = Some(Action::Bid { contracts: s.bid });
                    }
                    if ui.button(tr.t("tf-pass")).clicked() {
                        action = Some(Action::Pass);
                    }
                });
            }
            Stage::Party { tiles, order, next } => {
                let order_names: Vec<String> = order.iter().map(|&i| name(i)).collect();
                ui.label(tr.t_args(
                    "tf-party-order",
                    &[("names", order_names.join(", ").into())],
                ));
                ui.label(
                    RichText::new(tr.t_args("tf-picks", &[("name", name(order[*next]).into())]))
                        .strong(),
                );
                // The last player takes the last tile: nothing to choose.
                if tiles.len() == 1 {
                    action = Some(Action::Pick { tile: 0 });
                }
                ui.horizontal(|ui| {
                    for (i, t) in tiles.iter().enumerate() {
                        if ui.button(tile_text(*t)).clicked() {
                            action = Some(Action::Pick { tile: i });
                        }
                    }
                });
            }
            Stage::Placing { seat, tiles, .. } => {
                s.selected = s.selected.min(tiles.len().saturating_sub(1));
                ui.label(
                    RichText::new(tr.t_args("tf-place", &[("name", name(*seat).into())])).strong(),
                );
                ui.horizontal(|ui| {
                    if ui
                        .button(tr.t("tf-discard"))
                        .on_hover_text(tr.t("tf-discard-hint"))
                        .clicked()
                    {
                        action = Some(Action::Discard { tile: s.selected });
                    }
                    ui.separator();
                    for (i, t) in tiles.iter().enumerate() {
                        ui.selectable_value(&mut s.selected, i, tile_text(*t));
                    }
                });
            }
            Stage::Draw { seat, .. } => {
                ui.label(
                    RichText::new(tr.t_args("tf-draw", &[("name", name(*seat).into())])).strong(),
                );
                let in_play: Vec<&str> = st
                    .players
                    .iter()
                    .flat_map(|p| p.films.iter().map(|f| f.scenario.name.as_str()))
                    .collect();
                // Offered: a scenario of the pile not yet in play (never the last one taken).
                if (in_play.contains(&SCENARIOS[s.draw].0) || SCENARIOS[s.draw].2 != 0)
                    && let Some(i) = SCENARIOS
                        .iter()
                        .position(|(n, _, studio)| *studio == 0 && !in_play.contains(n))
                {
                    s.draw = i;
                    s.draw_typed = Typed::default();
                }
                let shown = |i: usize| {
                    let (n, g, _) = SCENARIOS[i];
                    format!("{} ({})", title(tr, n), tr.t(genre_key(g)))
                };
                let before = s.draw;
                ui.horizontal(|ui| {
                    egui::ComboBox::new("tf-draw", tr.t("tf-scenario"))
                        .width(300.0)
                        .selected_text(shown(s.draw))
                        .show_ui(ui, |ui| {
                            for (i, (n, _, studio)) in SCENARIOS.iter().enumerate() {
                                if *studio == 0 && !in_play.contains(n) {
                                    ui.selectable_value(&mut s.draw, i, shown(i));
                                }
                            }
                        });
                });
                ui.horizontal(|ui| {
                    if before != s.draw || s.draw_typed.slots.is_empty() {
                        s.draw_typed = s
                            .catalogue
                            .get(SCENARIOS[s.draw].0)
                            .cloned()
                            .unwrap_or_default();
                    }
                    let l = ui.label(tr.t("tf-slots"));
                    ui.add(
                        egui::TextEdit::singleline(&mut s.draw_typed.slots)
                            .desired_width(110.0)
                            .hint_text("D A W M"),
                    )
                    .labelled_by(l.id);
                    let l = ui.label(tr.t("tf-stars"));
                    ui.add(egui::DragValue::new(&mut s.draw_typed.stars).range(-2..=9))
                        .labelled_by(l.id);
                    if ui.button(tr.t("tf-take")).clicked() {
                        let (n, genre, _) = SCENARIOS[s.draw];
                        match parse_slots(&s.draw_typed.slots) {
                            Some(slots) => {
                                action = Some(Action::Draw {
                                    scenario: Scenario {
                                        name: n.to_string(),
                                        genre,
                                        slots,
                                        stars: s.draw_typed.stars,
                                    },
                                });
                            }
                            None => {
                                s.said = Some((
                                    tr.t_args("tf-bad-slots", &[("name", title(tr, n).into())]),
                                    true,
                                ))
                            }
                        }
                    }
                });
            }
            Stage::Over => {
                ui.label(RichText::new(tr.t("tf-over")).size(20.0).strong());
            }
        }
    });
    // The players' films, contracts and awards.
    let (scores, winners) = score(&st);
    for (i, p) in st.players.iter().enumerate() {
        ui.group(|ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&p.name).strong());
                let seen = st.contracts_seen_by(&setup, Some(i))[i];
                if setup.screens() && st.stage != Stage::Over {
                    // Behind the studio's screen: seen only while held.
                    let held = ui.button(tr.t("tf-peek")).is_pointer_button_down_on();
                    if held {
                        ui.label(
                            tr.t_args("tf-contracts", &[("contracts", seen.unwrap_or(0).into())]),
                        );
                    }
                } else {
                    ui.label(tr.t_args("tf-contracts", &[("contracts", p.contracts.into())]));
                }
                for (a, film) in &p.awards {
                    let mut text = award_text(tr, *a);
                    if let Some(f) = film.and_then(|f| p.films.get(f)) {
                        text += &format!(": {}", title(tr, &f.scenario.name));
                    }
                    ui.label(RichText::new(text).color(Color32::from_rgb(220, 180, 60)));
                }
            });
            for (f, film) in p.films.iter().enumerate() {
                ui.horizontal_wrapped(|ui| {
                    let clicked = film_row(ui, tr, film, |at| {
                        let (seat, tiles) = placing.as_ref()?;
                        (*seat == i).then(|| (tiles.get(s.selected).copied(), at))
                    });
                    if let Some(at) = clicked {
                        action = Some(Action::Place {
                            tile: s.selected,
                            film: f,
                            at,
                        });
                    }
                });
            }
            if st.stage == Stage::Over {
                let sc = &scores[i];
                let films: u32 = sc.films.iter().map(|f| f.1).sum();
                let awards: u32 = sc.awards.iter().map(|a| a.1).sum();
                let line = tr.t_args(
                    "tf-score",
                    &[
                        ("films", films.into()),
                        ("awards", awards.into()),
                        ("contracts", sc.contracts.into()),
                        ("total", sc.total.into()),
                    ],
                );
                let won = if winners.contains(&i) {
                    format!(" — {}", tr.t("tf-winner"))
                } else {
                    String::new()
                };
                ui.label(RichText::new(line + &won).size(16.0).strong());
            }
        });
    }
    apply(tr, s, action, undo);
}

/// A film in a row: its name, genre and value, and its slots as buttons; the slot clicked
/// when a tile is being placed on it (`placing` gives the tile for a slot of this film).
fn film_row(
    ui: &mut Ui,
    tr: &Tr,
    film: &Film,
    placing: impl Fn(SlotRef) -> Option<(Option<Tile>, SlotRef)>,
) -> Option<SlotRef> {
    let head = format!(
        "{} ({})",
        title(tr, &film.scenario.name),
        tr.t(genre_key(film.scenario.genre))
    );
    // A fixed width: the slots of every film start in one column, whatever the title.
    ui.allocate_ui_with_layout(
        egui::vec2(300.0, 20.0),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_width(300.0);
            ui.add(egui::Label::new(RichText::new(head).strong()).truncate());
        },
    );
    // The value's column, one width whatever it says: the slots never move sideways.
    ui.allocate_ui_with_layout(
        egui::vec2(120.0, 20.0),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_width(120.0);
            let stars = crate::i18n::Arg::Num(i64::from(film.stars()));
            if film.finished {
                // The arithmetic: its stars, and the token taken (a lower one when its
                // value's are gone).
                let token = film.token.map_or("0".to_string(), |t| {
                    format!("{}{}", t.value, if t.plus { "+" } else { "" })
                });
                ui.label(
                    RichText::new(token)
                        .strong()
                        .color(Color32::from_rgb(220, 180, 60)),
                )
                .on_hover_text(tr.t_args(
                    "tf-value-hint",
                    &[
                        ("stars", stars),
                        ("token", film.token.map_or(0, |t| t.value).into()),
                    ],
                ));
            } else {
                ui.label(RichText::new(tr.t_args("tf-stars-so-far", &[("stars", stars)])).weak());
            }
        },
    );
    let mut clicked = None;
    let slots = film
        .scenario
        .slots
        .iter()
        .enumerate()
        .map(|(k, kind)| {
            (
                SlotRef::Slot(k),
                slot_letter(*kind),
                film.slots[k].last().copied(),
            )
        })
        .chain(std::iter::once((
            SlotRef::Guest,
            'S',
            film.guest.last().copied(),
        )));
    for (at, l, top) in slots {
        let text = match top {
            Some(t) => tile_text(t),
            None => format!("{l}·"),
        };
        match placing(at) {
            Some((Some(tile), at)) => {
                let ok = film.check(tile, at);
                let r = ui.add_enabled(
                    ok.is_ok(),
                    egui::Button::new(text).min_size(egui::vec2(34.0, 0.0)),
                );
                let r = match ok {
                    Err(m) => r.on_disabled_hover_text(say_misplaced(tr, m)),
                    Ok(()) => r,
                };
                if r.clicked() {
                    clicked = Some(at);
                }
            }
            _ => {
                ui.add_sized(
                    [34.0, 18.0],
                    egui::Label::new(RichText::new(text).monospace()),
                );
            }
        }
    }
    clicked
}

fn apply(tr: &Tr, s: &mut TfScreen, action: Option<Action>, undo: bool) {
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
    let drawn = match &action {
        Action::Draw { scenario } => Some((
            scenario.name.clone(),
            Typed {
                slots: s.draw_typed.slots.clone(),
                stars: scenario.stars,
            },
        )),
        _ => None,
    };
    match kept.apply(action) {
        Ok(events) => {
            let names: Vec<String> = kept
                .game
                .state()
                .players
                .iter()
                .map(|p| p.name.clone())
                .collect();
            let said: Vec<String> = events
                .iter()
                .filter_map(|e| event_text(tr, &names, e))
                .collect();
            s.said = (!said.is_empty()).then(|| (said.join(" "), false));
            s.tiles.clear();
            s.bid = 0;
            s.bid_for = None;
            s.selected = 0;
            if let Some((name, typed)) = drawn {
                s.remember([(name.as_str(), &typed)]);
                s.draw_typed = Typed::default();
            }
        }
        Err(KeptError::Refused(r)) => s.said = Some((say(tr, &r), true)),
        Err(KeptError::Save(e)) => s.said = Some((e.to_string(), true)),
    }
}
