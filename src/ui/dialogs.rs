//! Dialogs over the table: a card's choices, the pickers for a die face or a revealed card
//! (companion games), saving a copy.

use super::app::*;
use crate::engine::{Act, Game, Inputs, RuleError, Tool};
use crate::i18n::words;
use egui::{Color32, RichText, Ui};
use std::path::PathBuf;

impl ForemanApp {
    pub(super) fn dialog_ui(&mut self, ctx: &egui::Context) {
        let Some(dialog) = self.dialog.clone() else {
            return;
        };
        let mut close = false;
        let mut send: Option<(Act, Inputs)> = None;
        // Actions to play after `send`, if it is accepted (a roll confirmed by a placement).
        let mut then: Vec<Act> = Vec::new();
        let mut keep: Option<Dialog> = None;
        // Anchored by its top edge: a dialog whose content grows (a guide line, a shorter
        // list) extends downward, and nothing already shown moves under the pointer.
        let id = egui::Id::unique("foreman-dialog");
        // A die asked of a seat whose dice are read (the camera, smart dice): the picker
        // stands beside the table, not over it, so that the camera panel's *Use this roll*
        // can still be clicked; dragged by its background, it stays where it is put.
        let read = matches!(&dialog, Dialog::Input(p) if matches!(p.need, Need::Die(_)))
            && matches!(
                self.acting_dice(),
                Some(DiceSource::Camera | DiceSource::SmartDice)
            );
        // On a small window, the dice read are told beside the camera's side: no wider than
        // the board (issue 89, point 7).
        let window = ctx.content_rect().width();
        let width = if read && window < super::table::NARROW {
            (window * 0.45 - 24.0).max(280.0)
        } else {
            560.0
        };
        let body = |ui: &mut Ui| {
            // One width from the first frame: a dialog never grows under the pointer.
            ui.set_width(width);
            match dialog {
                Dialog::Options(mut form) => match self.options_ui(ui, &mut form) {
                    Some(act) => send = Some((act, Inputs::default())),
                    None => keep = Some(Dialog::Options(form)),
                },
                Dialog::Input(mut pending) => {
                    self.input_ui(ui, &mut pending, &mut send, &mut then);
                    keep = Some(Dialog::Input(pending));
                }
                Dialog::Discard(mut form) => {
                    let Some(game) = self.shared_game() else {
                        return;
                    };
                    let st = game.state();
                    let Some(p) = st.current_player() else {
                        return;
                    };
                    match super::discard::discard_ui(ui, &self.tr, &st.players[p], &mut form) {
                        Some(act) => send = Some((act, Inputs::default())),
                        None => keep = Some(Dialog::Discard(form)),
                    }
                }
                Dialog::SaveAs { mut path, export } => {
                    ui.heading(self.t(if export { "export-result" } else { "save-as" }));
                    let label = self.t("path");
                    ui.horizontal(|ui| {
                        ui.add(egui::TextEdit::singleline(&mut path).desired_width(400.0))
                            .on_hover_text(label);
                        // The system's file dialog; the typed path stays for where none opens.
                        if ui
                            .button(self.t("browse"))
                            .on_hover_text(self.t("browse-hint"))
                            .clicked()
                        {
                            match super::files::save_dialog(&path) {
                                Ok(Some(p)) => path = p.display().to_string(),
                                Ok(None) => {}
                                Err(super::files::NoDialog) => {
                                    self.message = Some(self.t("no-file-dialog"));
                                }
                            }
                        }
                    });
                    if let Some(m) = &self.message {
                        ui.colored_label(Color32::from_rgb(230, 90, 70), m);
                    }
                    if ui.button(self.t("save")).clicked() {
                        self.save_to(&path, export);
                        close = true;
                    } else {
                        keep = Some(Dialog::SaveAs { path, export });
                    }
                }
            }
            ui.add_space(6.0);
            if ui.button(self.t("cancel")).clicked() {
                close = true;
            }
        };
        let dismissed = if read {
            // Its own id: where it was dragged is remembered apart from the other dialogs'.
            egui::Window::new("foreman-dice-picker")
                .id(egui::Id::unique("foreman-dice-picker"))
                .title_bar(false)
                .collapsible(false)
                .resizable(false)
                .movable(true)
                // At the foot, left: the camera's picture (at the right) and the player's
                // board stay in sight while the dice are read (issue 89, point 7).
                .pivot(egui::Align2::LEFT_BOTTOM)
                .default_pos(ctx.content_rect().left_bottom() + egui::vec2(16.0, -64.0))
                .show(ctx, body);
            false
        } else {
            let area = egui::Modal::default_area(id)
                .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 48.0));
            egui::Modal::new(id)
                .area(area)
                .show(ctx, body)
                .should_close()
        };
        if dismissed {
            close = true;
        }
        if let Some(k) = keep {
            self.dialog = Some(k);
        }
        if close {
            self.dialog = None;
        }
        if let Some((act, inputs)) = send {
            self.dialog = None;
            if inputs.is_empty() {
                self.submit(act);
            } else {
                self.submit_with(act, inputs);
            }
            for act in then {
                if self.message.is_some() {
                    break;
                }
                self.submit(act);
            }
        }
    }

    /// The picker for a die face or a revealed card (companion games).
    pub(super) fn input_ui(
        &self,
        ui: &mut Ui,
        pending: &mut Pending,
        send: &mut Option<(Act, Inputs)>,
        then: &mut Vec<Act>,
    ) {
        let Some(game) = self.game() else {
            return;
        };
        ui.label(RichText::new(words::act(&self.tr, game, &pending.act)).weak());
        // The Machine at a real table: what to do with the hands, step by step.
        if pending.act == Act::MachineTurn {
            let virtual_dice = self.input_source() == crate::engine::known::Source::VirtualDice;
            for step in super::machine::steps(&self.tr, game, &pending.inputs, virtual_dice) {
                ui.label(step);
            }
            ui.add_space(4.0);
        }
        let st = game.state();
        match &pending.need {
            Need::Die(_) => {
                // The whole roll is typed into its fields, one key per die (1 to 6);
                // Backspace corrects the last, Enter confirms once every die has its face.
                // The roll's size does not change as faces are typed: asked once.
                let needed = *pending
                    .faces
                    .get_or_insert_with(|| faces_needed(game, &pending.act, &pending.inputs));
                // The keys of this frame in the order they were typed: a quick hand (or a
                // slow frame) brings several at once, and each is a die.
                for key in ui.input(|i| typed_keys(&i.events)) {
                    let k = pending.inputs.dice.len();
                    let complete = needed.is_some_and(|n| k >= n);
                    match key {
                        // A die told already is corrected by selecting it (a click, or the
                        // arrows) and typing its face: `cursor` is that die's number (0: none).
                        Typed::Face(face) if pending.cursor > 0 => {
                            if let Some(d) = pending.inputs.dice.get_mut(pending.cursor - 1) {
                                *d = face;
                            }
                            pending.cursor = 0;
                        }
                        Typed::Face(face) if !complete => pending.inputs.dice.push(face),
                        Typed::Face(_) => {}
                        Typed::Back if k > 0 => {
                            pending.inputs.dice.pop();
                            pending.cursor = 0;
                        }
                        Typed::Back => {}
                        Typed::Enter if complete => {
                            *send = Some((pending.act.clone(), pending.inputs.clone()));
                        }
                        Typed::Enter => {}
                        Typed::Left if k > 0 => {
                            pending.cursor = if pending.cursor <= 1 {
                                k
                            } else {
                                pending.cursor - 1
                            };
                        }
                        Typed::Right if pending.cursor > 0 => {
                            pending.cursor = if pending.cursor >= k {
                                0
                            } else {
                                pending.cursor + 1
                            };
                        }
                        Typed::Left | Typed::Right => {}
                    }
                }
                let k = pending.inputs.dice.len();
                let complete = needed.is_some_and(|n| k >= n);
                let why = if pending.act == Act::MachineTurn {
                    let die = crate::engine::state::MachineDie::ORDER[k.min(4)];
                    self.ta(
                        "machine-die",
                        &[(
                            "colour",
                            words::colour_named(&self.tr, &format!("{die:?}")).into(),
                        )],
                    )
                } else {
                    self.ta("your-die", &[("n", (k + 1).into())])
                };
                let source = match self.acting_dice() {
                    Some(DiceSource::Camera) => Some("dice-read-camera"),
                    Some(DiceSource::SmartDice) => Some("dice-read-smart"),
                    _ => None,
                };
                if let Some(source) = source {
                    ui.label(self.t(source));
                }
                if complete {
                    ui.heading(self.t("roll-complete"));
                } else {
                    ui.heading(self.ta("need-die", &[("why", why.into())]));
                }
                let mut add = None;
                // The fields: the faces typed so far, then the dice still to tell.
                let side = ui.text_style_height(&egui::TextStyle::Body) * 2.2;
                ui.horizontal(|ui| {
                    let total = needed.unwrap_or(k + 1).max(k);
                    for i in 0..total {
                        let (rect, r) =
                            ui.allocate_exact_size(egui::Vec2::splat(side), egui::Sense::click());
                        match pending.inputs.dice.get(i) {
                            Some(&v) => {
                                let look = super::die::DieLook {
                                    selected: pending.cursor == i + 1,
                                    ..Default::default()
                                };
                                super::die::paint(
                                    ui,
                                    rect,
                                    v,
                                    Color32::from_rgb(235, 235, 230),
                                    look,
                                );
                                let label = self
                                    .ta("die-told", &[("n", (i + 1).into()), ("value", v.into())]);
                                r.widget_info(|| {
                                    egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                                });
                                if r.on_hover_text(self.t("die-correct-hint")).clicked() {
                                    pending.cursor = i + 1;
                                }
                            }
                            None => super::die::empty_slot(ui, rect),
                        }
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    for face in 1..=6u8 {
                        let r = ui.add_enabled(
                            !complete,
                            egui::Button::new(
                                RichText::new(self.ta("face", &[("value", face.into())]))
                                    .size(18.0),
                            ),
                        );
                        if r.clicked() {
                            add = Some(face);
                        }
                    }
                });
                if let Some(face) = add {
                    pending.inputs.dice.push(face);
                }
                ui.horizontal(|ui| {
                    let can_back = k > 0;
                    if ui
                        .add_enabled(can_back, egui::Button::new(self.t("roll-correct")))
                        .clicked()
                        && can_back
                    {
                        pending.inputs.dice.pop();
                        pending.cursor = 0;
                    }
                    let r = ui.add_enabled(complete, egui::Button::new(self.t("roll-confirm")));
                    if complete && r.clicked() {
                        *send = Some((pending.act.clone(), pending.inputs.clone()));
                    }
                });
                // A player's roll told whole: a placement confirms it and places at once.
                if complete && matches!(pending.act, Act::Roll { .. }) {
                    self.roll_and_place(ui, game, pending, send, then);
                }
            }
            Need::Blueprint => {
                ui.heading(self.t("need-blueprint"));
                // Where it goes at the table, and how far along the action is.
                let named = pending.inputs.blueprints.len();
                if pending.guide.as_ref().is_none_or(|g| g.0 != named) {
                    pending.guide = Some((
                        named,
                        self.reveal_guide(game, &pending.act, &pending.inputs),
                    ));
                }
                if let Some((_, guide)) = &pending.guide
                    && !guide.is_empty()
                {
                    ui.label(RichText::new(guide).strong());
                }
                // The cards that can come off the deck where the action has got to (after a
                // reshuffle, the discard pile's; never a card that must be in a secret hand),
                // asked of the rules.
                let virtual_dice = self.input_source() == crate::engine::known::Source::VirtualDice;
                let (so_far, _) = game.attempt(&pending.act, &pending.inputs, virtual_dice);
                let cards = listed(
                    &so_far.next_reveal_options(),
                    &st.next_reveal_options(),
                    |c| [c.name(), c.name_fr()],
                );
                let (told, act) = (pending.inputs.clone(), pending.act.clone());
                let why = |q: &str| {
                    let card = super::options::typed_card(q, |c: crate::engine::Blueprint| {
                        [
                            c.name().into(),
                            c.name_fr().into(),
                            words::card_name(&self.tr, c),
                        ]
                    });
                    self.why_not_told(
                        game,
                        &act,
                        q,
                        card.map(|c| {
                            let mut inputs = told.clone();
                            inputs.blueprints.push(c);
                            (words::card_name(&self.tr, c), inputs)
                        }),
                    )
                };
                let take = self.search_list(ui, pending, &cards, &why);
                if let Some(card) = take {
                    let mut inputs = pending.inputs.clone();
                    inputs.blueprints.push(card);
                    *send = Some((pending.act.clone(), inputs));
                }
            }
            Need::Contractor => {
                ui.heading(self.t("need-contractor"));
                // Where it goes: the first empty contractor slot as far as the action has got
                // (the deal's market, a refill), and how many are still to come.
                let virtual_dice = self.input_source() == crate::engine::known::Source::VirtualDice;
                let (so_far, _) = game.attempt(&pending.act, &pending.inputs, virtual_dice);
                let empty: Vec<usize> = (0..4)
                    .filter(|&i| so_far.market.contractors[i].is_none())
                    .collect();
                if let Some(&slot) = empty.first() {
                    let k = pending.inputs.contractors.len() + 1;
                    ui.label(
                        RichText::new(self.ta(
                            "contractor-progress",
                            &[
                                ("k", k.into()),
                                ("n", (k - 1 + empty.len()).into()),
                                ("slot", (slot + 1).into()),
                            ],
                        ))
                        .strong(),
                    );
                }
                let contractors = listed(
                    &so_far.next_contractor_options(),
                    &st.next_contractor_options(),
                    |c| [c.name(), c.name_fr()],
                );
                let (told, act) = (pending.inputs.clone(), pending.act.clone());
                let why = |q: &str| {
                    let card = super::options::typed_card(q, |c: crate::engine::Contractor| {
                        [
                            c.name().into(),
                            c.name_fr().into(),
                            words::contractor_name(&self.tr, c),
                        ]
                    });
                    self.why_not_told(
                        game,
                        &act,
                        q,
                        card.map(|c| {
                            let mut inputs = told.clone();
                            inputs.contractors.push(c);
                            (words::contractor_name(&self.tr, c), inputs)
                        }),
                    )
                };
                if let Some(c) = self.search_list(ui, pending, &contractors, &why) {
                    let mut inputs = pending.inputs.clone();
                    inputs.contractors.push(c);
                    *send = Some((pending.act.clone(), inputs));
                }
            }
            Need::Tools => {
                ui.heading(self.t("need-tools"));
                ui.label(
                    pending
                        .tools
                        .iter()
                        .map(|t| words::tool(&self.tr, *t))
                        .collect::<Vec<_>>()
                        .join(" · "),
                );
                // All four stay in their places, a token told greyed: the next is where it
                // was (issue 89, point 2).
                ui.horizontal(|ui| {
                    for t in Tool::ALL {
                        let told = pending.tools.contains(&t);
                        if ui
                            .add_enabled(!told, egui::Button::new(words::tool(&self.tr, t)))
                            .clicked()
                        {
                            pending.tools.push(t);
                            // Three told, the fourth is the one left.
                            if pending.tools.len() == 3
                                && let Some(&last) =
                                    Tool::ALL.iter().find(|t| !pending.tools.contains(t))
                            {
                                pending.tools.push(last);
                            }
                        }
                    }
                });
                if let Ok(tools) = <[Tool; 4]>::try_from(pending.tools.as_slice()) {
                    let mut inputs = pending.inputs.clone();
                    inputs.tools = Some(tools);
                    *send = Some((pending.act.clone(), inputs));
                }
            }
        }
    }

    /// "Blueprint 5 of 12, for the market, slot 1." (see `steps`).
    pub(super) fn reveal_guide(&self, game: &Game, act: &Act, inputs: &Inputs) -> String {
        use super::steps::{Place, blueprints_needed, next_place};
        let virtual_dice = self.input_source() == crate::engine::known::Source::VirtualDice;
        let Some(place) = next_place(game, act, inputs, virtual_dice) else {
            return String::new();
        };
        let place = match place {
            Place::Hand(p) => {
                let name = crate::i18n::words::player_name(&self.tr, game, p);
                self.ta("place-hand", &[("player", name.into())])
            }
            Place::Market(i) => self.ta("place-market", &[("slot", (i + 1).into())]),
            Place::MachineCompound if *act == Act::MachineTurn => self.t("place-machine-turn"),
            Place::MachineCompound => self.t("place-machine"),
            Place::Discard => self.t("place-discard"),
        };
        let k = inputs.blueprints.len() + 1;
        match blueprints_needed(game, act, inputs, virtual_dice) {
            Some(n) if n >= k => self.ta(
                "reveal-progress",
                &[("k", k.into()), ("n", n.into()), ("place", place.into())],
            ),
            _ => place,
        }
    }

    pub(super) fn save_to(&mut self, path: &str, export: bool) {
        let path = PathBuf::from(path.trim());
        let Some(session) = self.session.as_ref() else {
            return;
        };
        let result = if export {
            let summary = crate::sim::summarise(session.game());
            match serde_json::to_string_pretty(&summary) {
                Ok(text) => crate::store::write_atomic(&path, &text).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            }
        } else {
            session.save_copy(&path).map_err(|e| e.to_string())
        };
        match result {
            Ok(()) => {
                self.message = None;
                self.note =
                    Some(self.ta("saved-to", &[("path", path.display().to_string().into())]));
            }
            Err(e) => {
                self.note = None;
                self.message = Some(e);
            }
        }
    }
}

/// How many dice faces `act` needs in all, counting those in `inputs` (a roll: every die of
/// the player; the Machine's turn: five), by asking the rules with ones in the missing places.
/// `None` when it needs no die or something else first.
pub(super) fn faces_needed(game: &Game, act: &Act, inputs: &Inputs) -> Option<usize> {
    let mut trial = inputs.clone();
    for _ in 0..=crate::engine::state::MAX_DICE {
        let mut g = game.clone();
        match g.apply(crate::engine::Action::with_inputs(
            act.clone(),
            trial.clone(),
        )) {
            Err(RuleError::NeedDie(_)) => trial.dice.push(1),
            Err(_) | Ok(_) => return Some(trial.dice.len()),
        }
    }
    None
}

impl ForemanApp {
    /// Why the card typed (`tried`: its name, and the inputs with it told) cannot be told
    /// here: the rules' reason, played on a copy; or that no card is called `q`.
    fn why_not_told(
        &self,
        game: &Game,
        act: &Act,
        q: &str,
        tried: Option<(String, Inputs)>,
    ) -> String {
        let Some((name, inputs)) = tried else {
            return self.ta("choice-no-card", &[("typed", q.to_string().into())]);
        };
        let mut g = game.clone();
        match g.apply(crate::engine::Action::with_inputs(act.clone(), inputs)) {
            Err(e) if !e.is_asking() => words::refusal(&self.tr, &e),
            _ => self.ta("choice-not-here", &[("card", name.into())]),
        }
    }

    /// The placements the told roll allows, each a button that confirms the roll and places
    /// (one input for both: the roll is checked in its fields, then a click plays it).
    fn roll_and_place(
        &self,
        ui: &mut Ui,
        game: &Game,
        pending: &Pending,
        send: &mut Option<(Act, Inputs)>,
        then: &mut Vec<Act>,
    ) {
        let mut after = game.clone();
        let action =
            crate::engine::Action::with_inputs(pending.act.clone(), pending.inputs.clone());
        if after.apply(action).is_err() {
            return;
        }
        let st = after.state();
        let Some(p) = st.current_player() else {
            return;
        };
        let choices = super::hq::placement_choices(&self.tr, &after, &st.players[p]);
        if choices.is_empty() {
            return;
        }
        ui.add_space(4.0);
        ui.label(self.t("roll-and-place"));
        ui.horizontal_wrapped(|ui| {
            for (label, acts) in choices {
                if ui.button(label).clicked() {
                    *send = Some((pending.act.clone(), pending.inputs.clone()));
                    *then = acts;
                }
            }
        });
    }

    /// A searchable list of the cards a picker may be told (each with its line and its names):
    /// the search box has the keys from the first frame, two or three letters of either name
    /// narrow the list, arrows move, Enter takes the highlighted card, a click takes any. A card
    /// told to its last copy stays in its place, greyed, so that the lines never move under
    /// the pointer while an action's cards are told one after another.
    fn search_list<T: Copy>(
        &self,
        ui: &mut Ui,
        pending: &mut Pending,
        items: &[Listed<T>],
        why: &dyn Fn(&str) -> String,
    ) -> Option<T> {
        let label = self.t("search");
        // No tooltip: it covered the list's first line and the note below (the second trial
        // of issue 89); the box's hint says what to type.
        let r = ui.add(egui::TextEdit::singleline(&mut pending.search).hint_text(label));
        if !r.has_focus() && !r.lost_focus() {
            r.request_focus();
        }
        if r.changed() {
            pending.chose = false;
        }
        let q = pending.search.trim().to_lowercase();
        let matches: Vec<&Listed<T>> = items
            .iter()
            .filter(|l| q.is_empty() || l.names.iter().any(|n| begins(n, &q)))
            .collect();
        let (down, up, enter) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowDown),
                i.key_pressed(egui::Key::ArrowUp),
                i.key_pressed(egui::Key::Enter),
            )
        });
        let open = |k: usize| matches.get(k).is_some_and(|l| l.left > 0);
        let first_open = (0..matches.len()).find(|&k| open(k)).unwrap_or(0);
        if !open(pending.cursor) {
            pending.cursor = (pending.cursor..matches.len())
                .find(|&k| open(k))
                .unwrap_or(first_open);
        }
        // Letters that match several cards take none until one is chosen (arrows or a click)
        // or the letters are a card's whole name: "meg" is Mega Factory or Megalith.
        let several = matches.iter().filter(|l| l.left > 0).count() > 1;
        if (down || up) && several && !pending.chose {
            // The first arrow shows the highlight where it is.
            pending.chose = true;
        } else {
            if down && let Some(k) = (pending.cursor + 1..matches.len()).find(|&k| open(k)) {
                pending.cursor = k;
            }
            if up && let Some(k) = (0..pending.cursor).rev().find(|&k| open(k)) {
                pending.cursor = k;
            }
        }
        let whole = (0..matches.len())
            .find(|&k| open(k) && matches[k].names.iter().any(|n| n.to_lowercase() == q));
        if several
            && !pending.chose
            && let Some(k) = whole
        {
            pending.cursor = k;
        }
        let sure = !several || pending.chose || whole.is_some();
        let mut take =
            (enter && sure && open(pending.cursor)).then(|| matches[pending.cursor].item);
        // Its line is kept when there is nothing to say: the list below never moves.
        let n = matches.iter().filter(|l| l.left > 0).count();
        let hint = if several && !sure && !q.is_empty() {
            self.tr.t_args("search-several", &[("count", n.into())])
        } else {
            " ".to_string()
        };
        // In the warning's colour: "meg" and Enter taking nothing looked silent (the second
        // trial of issue 89).
        ui.add(egui::Label::new(RichText::new(hint).color(ui.visuals().warn_fg_color)).truncate());
        // Always as tall: a first list cut short, then a dialog that grew and moved *Cancel*
        // under the pointer (the second trial of issue 89).
        egui::ScrollArea::vertical()
            .max_height(360.0)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for (k, l) in matches.iter().enumerate() {
                    let r = ui.add_enabled(
                        l.left > 0,
                        egui::Button::selectable(k == pending.cursor && sure, l.line.as_str()),
                    );
                    if k == pending.cursor && (down || up) {
                        r.scroll_to_me(None);
                    }
                    if r.clicked() {
                        take = Some(l.item);
                    }
                }
                // Nothing to take for the letters typed: the rules say why.
                if !q.is_empty() && !matches.iter().any(|l| l.left > 0) {
                    ui.label(why(&q));
                } else if matches.is_empty() {
                    ui.weak(self.t("reference-none"));
                }
            });
        take
    }
}

/// Whether the letters `q` (lower case) begin `name` or one of its words: "con" is Concrete
/// Plant, not Beacon (the second trial of issue 89 found "con" matching inside words).
fn begins(name: &str, q: &str) -> bool {
    let name = name.to_lowercase();
    name.starts_with(q)
        || name
            .match_indices(|c: char| !c.is_alphanumeric())
            .any(|(i, sep)| name[i + sep.len()..].starts_with(q))
}

/// A card a picker may be told: its line ("English / French (copies left)"), its names to
/// search, and how many copies are still hidden.
struct Listed<T> {
    item: T,
    line: String,
    names: [&'static str; 2],
    left: u8,
}

/// The cards a picker offers: those that can come off the deck now (`left`, where the action
/// has got to), and those that could when the action began (`began`: one told to its last copy
/// since keeps its place, greyed), each with its copies left.
fn listed<C: crate::engine::state::CardId>(
    left: &crate::engine::state::Pile<C>,
    began: &crate::engine::state::Pile<C>,
    names: impl Fn(C) -> [&'static str; 2],
) -> Vec<Listed<C>> {
    C::ALL
        .iter()
        .copied()
        .filter(|&c| left.count(c) > 0 || began.count(c) > 0)
        .map(|c| {
            let [en, fr] = names(c);
            Listed {
                item: c,
                line: format!("{en} / {fr} ({})", left.count(c)),
                names: [en, fr],
                left: left.count(c),
            }
        })
        .collect()
}

/// A key of the roll's picker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Typed {
    Face(u8),
    Back,
    Enter,
    Left,
    Right,
}

/// The picker's keys among a frame's events, in the order they were pressed; a key held down
/// (its repeats) counts once.
fn typed_keys(events: &[egui::Event]) -> Vec<Typed> {
    use egui::Key;
    events
        .iter()
        .filter_map(|e| match e {
            egui::Event::Key {
                key,
                pressed: true,
                repeat: false,
                ..
            } => Some(match key {
                Key::Num1 => Typed::Face(1),
                Key::Num2 => Typed::Face(2),
                Key::Num3 => Typed::Face(3),
                Key::Num4 => Typed::Face(4),
                Key::Num5 => Typed::Face(5),
                Key::Num6 => Typed::Face(6),
                Key::Backspace => Typed::Back,
                Key::Enter => Typed::Enter,
                Key::ArrowLeft => Typed::Left,
                Key::ArrowRight => Typed::Right,
                _ => return None,
            }),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::begins;

    /// The second trial of issue 89: "con" matched Beacon (inside the word) as well as
    /// Concrete Plant. Letters begin a name or one of its words.
    #[test]
    fn letters_begin_a_name_or_one_of_its_words() {
        assert!(begins("Concrete Plant", "con"));
        assert!(!begins("Beacon", "con"));
        assert!(begins("Concrete Plant", "pla"));
        assert!(begins("Mega Factory", "mega f"));
        assert!(begins("Usine d'Aluminium", "alu"));
        assert!(!begins("Megalith", "lith"));
    }
}
