//! The camera panel: the source, the newest frame with each die outlined, the proposed roll
//! and its corrections by click.

use super::app::*;
use crate::i18n::words;
use crate::vision::Area;
use egui::Ui;
use std::path::PathBuf;

/// The camera panel's own state.
#[derive(Default)]
pub struct CameraPanel {
    /// The camera reader, once started.
    pub(super) dice: Option<super::camera::CameraDice>,
    /// What the panel starts: "camera N", a picture file or a folder of pictures.
    pub source: String,
    pub(super) texture: Option<(u64, egui::TextureHandle)>,
    /// The cameras found by the last *Find cameras* (not looked up every frame).
    pub(super) cameras: Option<Vec<crate::dice::camera::CameraChoice>>,
    /// Marking the tray on the preview: the next drag draws the area.
    pub(super) marking_tray: bool,
    pub(super) mark_start: Option<egui::Pos2>,
    /// Where the picture was drawn last frame: a face typed with the pointer on it corrects a
    /// die, and is no shortcut of the table's.
    pub(super) picture_at: Option<egui::Rect>,
}

impl ForemanApp {
    /// Starts the camera reader on `source`: "camera N" (or empty: the first camera), a
    /// picture file, or a folder of pictures played as a sequence.
    pub fn start_camera(&mut self, source: &str) {
        use crate::dice::camera::{Capture, Folder, FrameSource, ImageFile, Webcam};
        use std::time::Duration;
        let source = source.trim().to_string();
        self.camera.source = source.clone();
        self.settings.camera_source = source.clone();
        let period = Duration::from_millis(100);
        // A folder's picture stays until its roll is used or the player moves on.
        let moves = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let folder_moves = moves.clone();
        let make: Box<dyn FnOnce() -> Box<dyn FrameSource> + Send> = {
            let path = PathBuf::from(&source);
            if source.is_empty() || source.starts_with("camera") {
                let index = source
                    .trim_start_matches("camera")
                    .trim()
                    .parse()
                    .unwrap_or(0);
                Box::new(move || Box::new(Webcam::new(index)) as Box<dyn FrameSource>)
            } else if path.is_dir() {
                Box::new(move || {
                    Box::new(Folder::on_use(path, period, folder_moves)) as Box<dyn FrameSource>
                })
            } else {
                Box::new(move || Box::new(ImageFile::new(path, period)) as Box<dyn FrameSource>)
            }
        };
        // What the reader learned whole is kept beside the settings (`dice::relearner`).
        let capture = Capture::start_learning(
            make,
            super::camera::STILL_FRAMES,
            super::camera::READ_EVERY,
            crate::vision::relearn::Relearning::at_the_table(),
            Some(self.data_dir.join(super::camera::KEPT_CLASSIFIER)),
        );
        let mut camera = super::camera::CameraDice::new(capture, self.settings.camera_automatic);
        if PathBuf::from(&source).is_dir() {
            camera.hold_offer = true;
            camera.folder_moves = Some(moves);
        }
        self.camera.dice = Some(camera);
        self.camera.texture = None;
    }

    /// The camera reader, if started.
    /// Whether the camera reads dice in this game, or was chosen to (its panel is shown).
    /// The camera reader is running.
    pub(super) fn camera_on(&self) -> bool {
        self.camera.dice.is_some()
    }

    pub(super) fn camera_used(&self) -> bool {
        self.camera.dice.is_some() || self.settings.dice.contains(&DiceSource::Camera)
    }

    /// Where the camera's picture was last drawn (none when it was not).
    pub fn camera_picture_at(&self) -> Option<egui::Rect> {
        self.camera.picture_at
    }

    pub fn camera_dice(&self) -> Option<&super::camera::CameraDice> {
        self.camera.dice.as_ref()
    }

    /// The camera reader, to confirm or correct from tests.
    pub fn camera_dice_mut(&mut self) -> Option<&mut super::camera::CameraDice> {
        self.camera.dice.as_mut()
    }

    /// When the game waits for a die from a seat whose dice are read (smart dice or the
    /// camera), a waiting reading of the right colour answers it.
    /// The roll the game waits for from the camera: how many dice (the Machine's five, or the
    /// player's as the rules count them), or none.
    fn expected_roll(&self) -> Option<(usize, Option<crate::dice::DieColour>)> {
        let Some(Dialog::Input(pending)) = &self.dialog else {
            return None;
        };
        if !matches!(pending.need, Need::Die(_))
            || !matches!(self.acting_dice(), Some(DiceSource::Camera))
        {
            return None;
        }
        match pending.act {
            crate::engine::Act::MachineTurn => Some((5, None)),
            crate::engine::Act::Roll { .. } => {
                let game = self.game()?;
                let n = crate::net::view::dice_to_roll(game)?;
                // A roll of the player's own four dice is of their colour (white when solo);
                // one with extras (Hired Hands' white dice) keeps the colours read.
                let colour = (n <= 4).then(|| self.wanted_colour(pending)).flatten();
                Some((n, colour))
            }
            _ => None,
        }
    }

    pub(super) fn feed_read_dice(&mut self) {
        // The camera reads the roll the game waits for (issue 90, point 1): as many dice as
        // it has, the surest, phantoms left out.
        let expect = self.expected_roll();
        if let Some(camera) = self.camera.dice.as_mut() {
            camera.set_expected(expect);
        }
        let Some(Dialog::Input(pending)) = &self.dialog else {
            return;
        };
        if !matches!(pending.need, Need::Die(_)) {
            return;
        }
        let Some(colour) = self.wanted_colour(pending) else {
            return;
        };
        let pending = (**pending).clone();
        let face = match self.acting_dice() {
            Some(DiceSource::SmartDice) => self
                .smart
                .dice
                .as_mut()
                .and_then(|s| s.take(colour))
                .map(|r| r.face),
            Some(DiceSource::Camera) => {
                let any_colour = pending.act != crate::engine::Act::MachineTurn;
                self.camera
                    .dice
                    .as_mut()
                    .and_then(|c| c.take(colour, any_colour))
            }
            _ => None,
        };
        let Some(face) = face else {
            return;
        };
        let mut inputs = pending.inputs;
        inputs.dice.push(face);
        let act = pending.act.clone();
        self.submit_with(pending.act, inputs);
        // The roll is complete: dice read beyond what it took are set aside and said, never
        // left to answer a later question (the Machine's roll, the next player's).
        let still_asking = matches!(&self.dialog,
            Some(Dialog::Input(p)) if matches!(p.need, Need::Die(_)) && p.act == act);
        if !still_asking
            && let Some(camera) = self.camera.dice.as_mut()
            && !camera.waiting.is_empty()
        {
            let left: Vec<String> = camera
                .waiting
                .drain(..)
                .map(|(_, v)| v.to_string())
                .collect();
            self.message = Some(self.ta(
                "camera-left-over",
                &[
                    ("count", left.len().into()),
                    ("dice", left.join(" ").into()),
                ],
            ));
        }
    }

    /// The camera panel: the source, its status, the preview with each die outlined, the
    /// tray marking, the automatic setting and the confirm button.
    pub(super) fn camera_ui(&mut self, ui: &mut Ui) {
        ui.heading(self.t("camera-panel"));
        // Running: the roll and the picture first, side by side in the panel's order, then
        // the source's controls; a small window showed the picture or *Use this roll*,
        // never both (the second trial of issue 89).
        if self.camera.dice.is_some() {
            self.camera_reading_ui(ui);
            ui.separator();
        }
        self.camera_source_ui(ui);
        let Some(camera) = &self.camera.dice else {
            return;
        };
        match (&camera.running, &camera.problem) {
            (Some(name), _) => {
                ui.label(self.ta("camera-running", &[("source", name.clone().into())]));
            }
            (None, Some(p)) => {
                ui.colored_label(ui.visuals().warn_fg_color, p);
            }
            (None, None) => {
                ui.label(self.t("camera-starting"));
            }
        }
        self.teach_ui(ui);
        let taught = self
            .camera
            .dice
            .as_ref()
            .filter(|c| c.taught > 0 || c.taught_whole > 0)
            .map(|c| (c.taught, c.taught_used, c.taught_whole, c.relearning));
        if let Some((rolls, used, whole, relearning)) = taught {
            let mut said = if whole > 0 {
                self.ta("camera-taught-whole", &[("whole", whole.into())])
            } else if used {
                self.ta("camera-taught-used", &[("rolls", rolls.into())])
            } else {
                self.ta("camera-taught", &[("rolls", rolls.into())])
            };
            if let Some((on, epoch, epochs)) = relearning {
                let percent = 100 * epoch / epochs.max(1);
                said.push(' ');
                said.push_str(&self.ta(
                    "camera-relearning",
                    &[("rolls", on.into()), ("percent", percent.into())],
                ));
            }
            let forget = self.t("camera-forget");
            let mut forgotten = false;
            ui.horizontal_wrapped(|ui| {
                ui.weak(said);
                forgotten = ui.small_button(forget).clicked();
            });
            if forgotten && let Some(c) = self.camera.dice.as_mut() {
                c.forget();
            }
        }
    }

    /// The source: a camera or a picture (typed, or chosen in the system's dialog), started
    /// and stopped; the cameras found; whether a settled roll is used at once.
    fn camera_source_ui(&mut self, ui: &mut Ui) {
        let hint = self.t("camera-source-hint");
        ui.horizontal_wrapped(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.camera.source)
                    .desired_width(160.0)
                    .hint_text(hint),
            );
            if self.camera.dice.is_some() {
                if ui.button(self.t("camera-stop")).clicked() {
                    self.camera.dice = None;
                    self.camera.texture = None;
                }
            } else if ui.button(self.t("camera-start")).clicked() {
                let source = self.camera.source.clone();
                self.start_camera(&source);
            }
            // A picture chosen rather than its path typed (the second trial typed 72
            // letters).
            if ui.button(self.t("camera-choose")).clicked() {
                match super::files::picture_dialog() {
                    Ok(Some(p)) => {
                        let source = p.display().to_string();
                        self.camera.source = source.clone();
                        self.start_camera(&source);
                    }
                    Ok(None) => {}
                    Err(super::files::NoDialog) => {
                        self.message = Some(self.t("no-file-dialog"));
                    }
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button(self.t("camera-find")).clicked() {
                self.camera.cameras = Some(crate::dice::camera::list_cameras());
            }
            let mut automatic = self.settings.camera_automatic;
            ui.checkbox(&mut automatic, self.t("camera-automatic"));
            if automatic != self.settings.camera_automatic {
                self.settings.camera_automatic = automatic;
                if let Some(c) = self.camera.dice.as_mut() {
                    c.automatic = automatic;
                }
            }
        });
        match self.camera.cameras.clone() {
            Some(cameras) if cameras.is_empty() => {
                ui.weak(self.t("camera-none"));
            }
            Some(cameras) => {
                ui.horizontal_wrapped(|ui| {
                    for c in &cameras {
                        if ui.small_button(&c.name).clicked() {
                            self.start_camera(&format!("camera {}", c.index));
                        }
                    }
                });
            }
            None => {}
        }
    }

    /// The roll read and its button, the tray's marking, the picture, and the rolls waiting.
    fn camera_reading_ui(&mut self, ui: &mut Ui) {
        // The roll's lines keep one height, whether a roll waits or not, so that the picture
        // below stays put under the pointer.
        let spacing = ui.spacing().item_spacing.y;
        // (the roll, how to correct it, and the warnings: more dice than the roll (two lines),
        // dice unsure)
        let lines = 5.0 * ui.text_style_height(&egui::TextStyle::Body)
            + ui.spacing().interact_size.y
            + 2.0 * spacing;
        ui.vertical(|ui| {
            ui.set_min_height(lines);
            self.camera_roll_ui(ui);
        });
        let has_area = self.camera.dice.as_ref().is_some_and(|c| c.area.is_some());
        ui.horizontal(|ui| {
            let mark = if self.camera.marking_tray {
                self.t("camera-marking")
            } else {
                self.t("camera-mark-tray")
            };
            if ui.button(mark).clicked() {
                self.camera.marking_tray = !self.camera.marking_tray;
            }
            if has_area
                && ui.button(self.t("camera-whole-picture")).clicked()
                && let Some(c) = self.camera.dice.as_mut()
            {
                c.set_area(None);
            }
            // A folder of pictures: the next one, its roll (if any) not used.
            if self
                .camera
                .dice
                .as_ref()
                .is_some_and(|c| c.folder_moves.is_some())
                && ui.button(self.t("camera-next-picture")).clicked()
                && let Some(c) = self.camera.dice.as_mut()
            {
                c.next_picture();
            }
        });
        self.camera_preview(ui);
        if let Some(c) = &self.camera.dice
            && !c.waiting.is_empty()
        {
            ui.weak(self.ta("rolls-waiting", &[("count", c.waiting.len().into())]));
        }
    }

    /// *Teach Foreman your dice*: offered once, at the camera's first use; under way, what to
    /// do and how far it is; then what it learned. Its rolls never go to the game.
    fn teach_ui(&mut self, ui: &mut Ui) {
        let Some(camera) = &self.camera.dice else {
            return;
        };
        let (teaching, done) = (camera.teaching, camera.teach_done);
        let goal = super::camera::TEACH_ROLLS;
        match teaching {
            Some(confirmed) => {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.strong(self.t("teach-title"));
                    ui.add(egui::Label::new(self.t("teach-how")).wrap());
                    ui.add(
                        egui::ProgressBar::new(confirmed as f32 / goal as f32).text(self.ta(
                            "teach-progress",
                            &[("done", confirmed.into()), ("goal", goal.into())],
                        )),
                    );
                    if ui.small_button(self.t("teach-stop")).clicked()
                        && let Some(c) = self.camera.dice.as_mut()
                    {
                        c.stop_teaching();
                    }
                });
            }
            None if !self.settings.dice_teach_offered => {
                let mut answer = None;
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.strong(self.t("teach-title"));
                    ui.add(
                        egui::Label::new(self.ta("teach-offer", &[("goal", goal.into())])).wrap(),
                    );
                    ui.horizontal_wrapped(|ui| {
                        if ui.button(self.t("teach-start")).clicked() {
                            answer = Some(true);
                        }
                        if ui.button(self.t("teach-not-now")).clicked() {
                            answer = Some(false);
                        }
                    });
                });
                if let Some(start) = answer {
                    self.settings.dice_teach_offered = true;
                    if start && let Some(c) = self.camera.dice.as_mut() {
                        c.start_teaching();
                    }
                }
            }
            None => {
                if done > 0 {
                    ui.label(self.ta("teach-done", &[("rolls", done.into())]));
                }
                if ui.small_button(self.t("teach-again")).clicked()
                    && let Some(c) = self.camera.dice.as_mut()
                {
                    c.start_teaching();
                }
            }
        }
    }

    /// The settled roll read, its unsure dice and *Use this roll*; or that the dice in view
    /// are still settling.
    fn camera_roll_ui(&mut self, ui: &mut Ui) {
        let Some(camera) = &self.camera.dice else {
            return;
        };
        if let Some(roll) = &camera.proposed {
            let faces: Vec<String> = roll
                .dice
                .iter()
                .map(|d| {
                    format!(
                        "{} {}",
                        d.value,
                        words::colour_named(&self.tr, crate::vision::colour_word(d.colour))
                    )
                })
                .collect();
            // The model's unsure readings ask the player to look before the roll is used.
            let unsure = roll
                .dice
                .iter()
                .filter(|d| d.confidence < crate::vision::SURE)
                .count();
            // The button first: the lines below it grow and shrink with the roll, and it stays
            // where the pointer is.
            let confirm = if camera.teaching.is_some() {
                self.t("teach-roll-right")
            } else {
                self.t("camera-use-roll")
            };
            let more = camera
                .view
                .as_ref()
                .filter(|v| v.seen > v.dice.len())
                .map(|v| (v.seen, v.dice.len()));
            if ui.button(confirm).clicked()
                && let Some(c) = self.camera.dice.as_mut()
            {
                c.confirm();
            }
            ui.label(self.ta("camera-roll", &[("dice", faces.join(", ").into())]));
            // More dice in the picture than the roll has: said, not dropped in silence (the
            // second trial of issue 89 saw a fifth die vanish).
            if let Some((seen, roll)) = more {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 140, 0),
                    self.ta(
                        "camera-more-dice",
                        &[("seen", seen.into()), ("roll", roll.into())],
                    ),
                );
            }
            // How to correct, in a line (the whole of it in its hover): the long sentence
            // pushed the picture out of a small window (issue 89, point 7).
            ui.weak(self.t("camera-fix-short"))
                .on_hover_text(self.t("camera-fix-how"));
            if unsure > 0 {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 140, 0),
                    self.ta("camera-unsure", &[("count", unsure.into())]),
                );
            }
        } else if camera.settling() {
            ui.weak(self.t("camera-settling"));
        }
    }

    /// The newest frame, each die outlined with its value and colour. A click on a die shows
    /// its next value (a correction), a click where the reader missed a die marks one, a
    /// right click on a "die" that is none takes it away; when marking, a drag draws the tray
    /// area.
    pub(super) fn camera_preview(&mut self, ui: &mut Ui) {
        let Some(camera) = &self.camera.dice else {
            return;
        };
        let Some(view) = camera.view.clone() else {
            return;
        };
        // While a roll waits to be confirmed, the frame it was read on: its outlines stay on
        // their dice when the dice move or a folder's next picture comes.
        let (number, frame) = match camera.proposed_frame() {
            Some((n, f)) => (n, f.clone()),
            None => (view.number, view.frame.clone()),
        };
        let fresh = self
            .camera
            .texture
            .as_ref()
            .is_none_or(|(n, _)| *n != number);
        if fresh {
            let (w, h) = frame.dimensions();
            let image = egui::ColorImage::from_rgb([w as usize, h as usize], frame.as_raw());
            let texture =
                ui.ctx()
                    .load_texture("camera-frame", image, egui::TextureOptions::LINEAR);
            self.camera.texture = Some((number, texture));
        }
        let Some((_, texture)) = &self.camera.texture else {
            return;
        };
        let (w, h) = frame.dimensions();
        // Clear of the panel's scroll bar, which floats over the right edge (the trial of
        // issue 90 clicked the bar, not the die under it).
        let bar = ui.spacing().scroll.bar_width + ui.spacing().scroll.bar_outer_margin + 2.0;
        let width = (ui.available_width() - bar).clamp(64.0, 480.0);
        let scale = width / w as f32;
        let (rect, response) = ui.allocate_exact_size(
            egui::vec2(width, h as f32 * scale),
            egui::Sense::click_and_drag(),
        );
        self.camera.picture_at = Some(rect);
        let named = self.t("camera-picture");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, named.clone()));
        let painter = ui.painter_at(rect);
        painter.image(
            texture.id(),
            rect,
            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
            egui::Color32::WHITE,
        );
        let to_screen = |x: f32, y: f32| rect.min + egui::vec2(x * scale, y * scale);
        let to_picture = |p: egui::Pos2| ((p.x - rect.min.x) / scale, (p.y - rect.min.y) / scale);
        if let Some(a) = camera.area {
            painter.rect_stroke(
                egui::Rect::from_min_max(
                    to_screen(a.x as f32, a.y as f32),
                    to_screen((a.x + a.width) as f32, (a.y + a.height) as f32),
                ),
                0.0,
                egui::Stroke::new(2.0, egui::Color32::from_rgb(40, 160, 255)),
                egui::StrokeKind::Outside,
            );
        }
        let dice = camera.proposed.as_ref().map_or(&view.dice, |r| &r.dice);
        for d in dice {
            let half = d.size / 2.0;
            let outline = egui::Rect::from_min_max(
                to_screen(d.x - half, d.y - half),
                to_screen(d.x + half, d.y + half),
            );
            // An unsure reading (the model's probability under `SURE`) is orange and asks
            // the player to look: a click corrects it.
            let sure = d.confidence >= crate::vision::SURE;
            let colour = if sure {
                egui::Color32::from_rgb(255, 0, 255)
            } else {
                egui::Color32::from_rgb(255, 140, 0)
            };
            painter.rect_stroke(
                outline,
                2.0,
                egui::Stroke::new(2.0, colour),
                egui::StrokeKind::Outside,
            );
            // The label above the die, or below it when that would leave the picture.
            let (at, align) = if outline.top() - 16.0 < rect.top() {
                (
                    outline.center_bottom() + egui::vec2(0.0, 2.0),
                    egui::Align2::CENTER_TOP,
                )
            } else {
                (
                    outline.center_top() - egui::vec2(0.0, 2.0),
                    egui::Align2::CENTER_BOTTOM,
                )
            };
            painter.text(
                at,
                align,
                format!(
                    "{} {}{}",
                    d.value,
                    words::colour_named(&self.tr, crate::vision::colour_word(d.colour)),
                    if sure { "" } else { " ?" }
                ),
                egui::FontId::proportional(12.0),
                colour,
            );
        }
        if self.camera.marking_tray {
            if response.drag_started() {
                self.camera.mark_start = response.interact_pointer_pos();
            }
            if let (Some(start), Some(now)) =
                (self.camera.mark_start, response.interact_pointer_pos())
            {
                painter.rect_stroke(
                    egui::Rect::from_two_pos(start, now),
                    0.0,
                    egui::Stroke::new(1.5, egui::Color32::from_rgb(40, 160, 255)),
                    egui::StrokeKind::Middle,
                );
                if response.drag_stopped() {
                    let (x0, y0) = to_picture(start);
                    let (x1, y1) = to_picture(now);
                    let area = Area {
                        x: x0.min(x1).max(0.0) as u32,
                        y: y0.min(y1).max(0.0) as u32,
                        width: (x1 - x0).abs() as u32,
                        height: (y1 - y0).abs() as u32,
                    };
                    self.camera.mark_start = None;
                    self.camera.marking_tray = false;
                    if let Some(c) = self.camera.dice.as_mut() {
                        c.set_area((area.width >= 16 && area.height >= 16).then_some(area));
                    }
                }
            }
        } else if let Some(p) = response.hover_pos().filter(|_| response.hovered())
            && let Some(c) = self.camera.dice.as_mut()
            && let Some((key, face)) = ui.input_mut(|i| {
                // A face typed, or Delete, with the pointer on a die: taken here, before the
                // roll's picker sees the key.
                use egui::Key::*;
                [
                    (Num1, 1),
                    (Num2, 2),
                    (Num3, 3),
                    (Num4, 4),
                    (Num5, 5),
                    (Num6, 6),
                    (Delete, 0),
                    (Backspace, 0),
                ]
                .into_iter()
                .find(|&(k, _)| i.key_pressed(k))
            })
            && {
                let (x, y) = to_picture(p);
                if face == 0 {
                    c.take_away_at(x, y)
                } else {
                    c.type_face_at(x, y, face)
                }
            }
        {
            ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key));
        } else if let Some(p) = response.interact_pointer_pos() {
            let (x, y) = to_picture(p);
            if let Some(c) = self.camera.dice.as_mut() {
                if response.clicked() && ui.input(|i| i.modifiers.shift) {
                    c.recolour_at(x, y);
                } else if response.clicked() {
                    c.correct_at(x, y);
                } else if response.secondary_clicked() {
                    c.take_away_at(x, y);
                }
            }
        }
    }
}
