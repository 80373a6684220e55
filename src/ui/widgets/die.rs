//! A die drawn as a die: a rounded square in its colour with its pips, sensed as a button
//! (click to select, drag onto a section) and read by screen readers and tests by its label.

use egui::{Color32, Pos2, Rect, Response, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

/// How a die looks besides its face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DieLook {
    /// Picked to be placed next: ringed.
    pub selected: bool,
    /// Already used this round: faded.
    pub placed: bool,
}

/// Where the pips of `value` lie on a unit square (0..1 on each side).
pub fn pips(value: u8) -> &'static [(f32, f32)] {
    const L: f32 = 0.25;
    const M: f32 = 0.5;
    const H: f32 = 0.75;
    match value {
        1 => &[(M, M)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (M, M), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (M, M), (L, H), (H, H)],
        6 => &[(L, L), (H, L), (L, M), (H, M), (L, H), (H, H)],
        _ => &[],
    }
}

/// Dark pips on a light die, light pips on a dark one.
pub fn pip_colour(body: Color32) -> Color32 {
    let [r, g, b, _] = body.to_array();
    let light = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b);
    if light > 150.0 {
        Color32::from_rgb(30, 30, 35)
    } else {
        Color32::from_rgb(250, 250, 245)
    }
}

/// The dice painted in the window's last pass: where (in points) and what each shows. A
/// picture of the window is labelled by them (the dice reader's training,
/// `examples/dice_train`): every other place of it is no die.
#[derive(Debug, Clone, Default)]
pub struct PaintedDice {
    pass: u64,
    pub dice: Vec<(Rect, u8)>,
}

impl PaintedDice {
    /// The dice painted in the last pass of `ctx`.
    pub fn of(ctx: &egui::Context) -> Vec<(Rect, u8)> {
        let pass = ctx.cumulative_pass_nr();
        ctx.data(|d| d.get_temp::<PaintedDice>(egui::Id::NULL))
            .filter(|p| p.pass + 1 >= pass)
            .map(|p| p.dice)
            .unwrap_or_default()
    }

    fn note(ctx: &egui::Context, rect: Rect, value: u8) {
        let pass = ctx.cumulative_pass_nr();
        ctx.data_mut(|d| {
            let painted = d.get_temp_mut_or_default::<PaintedDice>(egui::Id::NULL);
            if painted.pass != pass {
                painted.pass = pass;
                painted.dice.clear();
            }
            painted.dice.push((rect, value));
        });
    }
}

/// Paints a die face into `rect` (no interaction): for dice in slots and on cards.
pub fn paint(ui: &Ui, rect: Rect, value: u8, body: Color32, look: DieLook) {
    PaintedDice::note(ui.ctx(), rect, value);
    let painter = ui.painter();
    let side = rect.width().min(rect.height());
    let alpha = if look.placed { 0.45 } else { 1.0 };
    let fill = body.gamma_multiply(alpha);
    let edge = if look.selected {
        Stroke::new(3.0, ui.visuals().selection.stroke.color)
    } else {
        Stroke::new(1.0, Color32::from_gray(90).gamma_multiply(alpha))
    };
    painter.rect(rect, side * 0.18, fill, edge, StrokeKind::Inside);
    let pip = pip_colour(body).gamma_multiply(alpha);
    let r = side * 0.09;
    for &(x, y) in pips(value) {
        let c = Pos2::new(
            rect.left() + x * rect.width(),
            rect.top() + y * rect.height(),
        );
        painter.circle_filled(c, r, pip);
    }
}

/// A die of `side` points showing `value`, sensed for clicks and drags; `label` is what a
/// screen reader (and a test) reads ("Die 2: 4").
pub fn die(
    ui: &mut Ui,
    value: u8,
    body: Color32,
    side: f32,
    look: DieLook,
    label: &str,
) -> Response {
    let sense = if look.placed {
        Sense::hover()
    } else {
        Sense::click_and_drag()
    };
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), sense);
    let enabled = !look.placed;
    response
        .widget_info(|| WidgetInfo::selected(egui::Role::Button, enabled, look.selected, label));
    if ui.is_rect_visible(rect) {
        let look = DieLook {
            selected: look.selected || (response.hovered() && enabled),
            ..look
        };
        paint(ui, rect.shrink(1.0), value, body, look);
    }
    response
}

/// An empty die slot (a dashed square).
pub fn empty_slot(ui: &Ui, rect: Rect) {
    let stroke = Stroke::new(1.0, ui.visuals().weak_text_color());
    ui.painter()
        .rect_stroke(rect, rect.width() * 0.18, stroke, StrokeKind::Inside);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_has_as_many_pips_as_its_value_each_inside_the_die() {
        for v in 1..=6u8 {
            let p = pips(v);
            assert_eq!(p.len(), usize::from(v));
            assert!(
                p.iter()
                    .all(|&(x, y)| (0.2..=0.8).contains(&x) && (0.2..=0.8).contains(&y))
            );
        }
        assert!(pips(0).is_empty() && pips(7).is_empty());
    }

    #[test]
    fn pips_stand_out_from_the_body() {
        assert_eq!(pip_colour(Color32::WHITE), Color32::from_rgb(30, 30, 35));
        assert_eq!(
            pip_colour(Color32::from_rgb(200, 40, 40)),
            Color32::from_rgb(250, 250, 245)
        );
    }
}
