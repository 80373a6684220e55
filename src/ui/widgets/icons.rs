//! Our own small pictures, painted (no image files, no publisher's art): metal, energy, goods
//! and prestige; the four tools; the five card types' colours.

use crate::engine::{CardType, Tool};
use egui::{Color32, Pos2, Rect, Response, Sense, Shape, Stroke, Ui, Vec2, WidgetInfo, pos2, vec2};

/// What a count is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Icon {
    Metal,
    Energy,
    Goods,
    Prestige,
    Cards,
}

/// A card type's band colour (cards.md: Production blue, Utility yellow, Training red,
/// Special purple, Monument grey).
pub fn type_colour(kind: CardType) -> Color32 {
    match kind {
        CardType::Production => Color32::from_rgb(60, 110, 190),
        CardType::Utility => Color32::from_rgb(205, 160, 30),
        CardType::Training => Color32::from_rgb(190, 60, 55),
        CardType::Special => Color32::from_rgb(135, 80, 175),
        CardType::Monument => Color32::from_rgb(120, 120, 125),
    }
}

/// Text that reads on a type's band.
pub fn on_type_colour(kind: CardType) -> Color32 {
    match kind {
        CardType::Utility => Color32::from_rgb(25, 20, 10),
        _ => Color32::WHITE,
    }
}

/// Paints `icon` in `rect`.
pub fn paint(ui: &Ui, rect: Rect, icon: Icon) {
    let p = ui.painter();
    let c = rect.center();
    let s = rect.width().min(rect.height()) / 2.0;
    match icon {
        Icon::Metal => {
            // An ingot: a trapezoid, lighter on top.
            let pts = vec![
                pos2(c.x - s * 0.55, c.y - s * 0.35),
                pos2(c.x + s * 0.55, c.y - s * 0.35),
                pos2(c.x + s * 0.9, c.y + s * 0.45),
                pos2(c.x - s * 0.9, c.y + s * 0.45),
            ];
            p.add(Shape::convex_polygon(
                pts,
                Color32::from_rgb(160, 168, 178),
                Stroke::new(1.0, Color32::from_rgb(70, 75, 85)),
            ));
        }
        Icon::Energy => {
            // A lightning bolt.
            let pts = [
                pos2(c.x + s * 0.15, c.y - s * 0.95),
                pos2(c.x - s * 0.55, c.y + s * 0.1),
                pos2(c.x - s * 0.05, c.y + s * 0.1),
                pos2(c.x - s * 0.2, c.y + s * 0.95),
                pos2(c.x + s * 0.55, c.y - s * 0.15),
                pos2(c.x + s * 0.05, c.y - s * 0.15),
            ];
            p.add(Shape::closed_line(
                pts.to_vec(),
                Stroke::new(1.0, Color32::from_rgb(120, 80, 0)),
            ));
            // Filled as two triangles (the bolt is not convex).
            let fill = Color32::from_rgb(250, 200, 40);
            p.add(Shape::convex_polygon(
                vec![pts[0], pts[1], pts[2], pts[5]],
                fill,
                Stroke::NONE,
            ));
            p.add(Shape::convex_polygon(
                vec![pts[5], pts[2], pts[3], pts[4]],
                fill,
                Stroke::NONE,
            ));
        }
        Icon::Goods => {
            // A crate.
            let r = Rect::from_center_size(c, Vec2::splat(s * 1.5));
            p.rect_filled(r, 2.0, Color32::from_rgb(165, 110, 60));
            let st = Stroke::new(1.0, Color32::from_rgb(90, 55, 25));
            p.line_segment([r.left_top(), r.right_bottom()], st);
            p.line_segment([r.right_top(), r.left_bottom()], st);
            p.rect_stroke(r, 2.0, st, egui::StrokeKind::Inside);
        }
        Icon::Prestige => star(ui, c, s, Color32::from_rgb(235, 190, 60)),
        Icon::Cards => {
            let r = Rect::from_center_size(c, vec2(s * 1.2, s * 1.6));
            p.rect_filled(
                r.translate(vec2(s * 0.25, -s * 0.15)),
                2.0,
                Color32::from_gray(150),
            );
            p.rect_filled(r, 2.0, Color32::from_gray(215));
            p.rect_stroke(
                r,
                2.0,
                Stroke::new(1.0, Color32::from_gray(80)),
                egui::StrokeKind::Inside,
            );
        }
    }
}

fn star(ui: &Ui, c: Pos2, s: f32, fill: Color32) {
    let mut pts = Vec::with_capacity(10);
    for k in 0..10 {
        let r = if k % 2 == 0 { s } else { s * 0.45 };
        let a = std::f32::consts::PI * (k as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
        pts.push(pos2(c.x + r * a.cos(), c.y + r * a.sin()));
    }
    let p = ui.painter();
    // Not convex: a fan of triangles from the middle.
    for k in 0..10 {
        p.add(Shape::convex_polygon(
            vec![c, pts[k], pts[(k + 1) % 10]],
            fill,
            Stroke::NONE,
        ));
    }
    p.add(Shape::closed_line(
        pts,
        Stroke::new(1.0, Color32::from_rgb(120, 85, 10)),
    ));
}

/// Paints a tool's picture in `rect`, in `colour`.
pub fn paint_tool(ui: &Ui, rect: Rect, tool: Tool, colour: Color32) {
    let p = ui.painter();
    let c = rect.center();
    let s = rect.width().min(rect.height()) / 2.0;
    let st = Stroke::new((s * 0.22).max(1.5), colour);
    match tool {
        Tool::Shovel => {
            p.line_segment([pos2(c.x, c.y - s * 0.95), pos2(c.x, c.y + s * 0.2)], st);
            p.line_segment(
                [
                    pos2(c.x - s * 0.3, c.y - s * 0.95),
                    pos2(c.x + s * 0.3, c.y - s * 0.95),
                ],
                st,
            );
            p.add(Shape::convex_polygon(
                vec![
                    pos2(c.x - s * 0.45, c.y + s * 0.15),
                    pos2(c.x + s * 0.45, c.y + s * 0.15),
                    pos2(c.x + s * 0.35, c.y + s * 0.7),
                    pos2(c.x, c.y + s * 0.98),
                    pos2(c.x - s * 0.35, c.y + s * 0.7),
                ],
                colour,
                Stroke::NONE,
            ));
        }
        Tool::Gear => {
            for k in 0..8 {
                let a = std::f32::consts::PI * (k as f32) / 4.0;
                let d = vec2(a.cos(), a.sin());
                p.line_segment([c + d * s * 0.55, c + d * s * 0.98], st);
            }
            p.circle_stroke(c, s * 0.55, st);
            p.circle_filled(c, s * 0.18, colour);
        }
        Tool::Wrench => {
            let a = pos2(c.x - s * 0.6, c.y + s * 0.6);
            let b = pos2(c.x + s * 0.35, c.y - s * 0.35);
            p.line_segment([a, b], Stroke::new(st.width * 1.3, colour));
            p.circle_stroke(b, s * 0.38, st);
            // The jaw's opening.
            p.circle_filled(
                pos2(b.x + s * 0.3, b.y - s * 0.3),
                s * 0.2,
                ui.visuals().panel_fill,
            );
        }
        Tool::Hammer => {
            p.line_segment([pos2(c.x, c.y - s * 0.4), pos2(c.x, c.y + s * 0.98)], st);
            let head = Rect::from_min_max(
                pos2(c.x - s * 0.8, c.y - s * 0.9),
                pos2(c.x + s * 0.8, c.y - s * 0.35),
            );
            p.rect_filled(head, 2.0, colour);
        }
    }
}

/// An icon with a number beside it; `label` ("Metal 3") is its hover text and what a screen
/// reader reads.
pub fn count(ui: &mut Ui, icon: Icon, n: u32, label: &str) -> Response {
    let size = ui.text_style_height(&egui::TextStyle::Body) * 1.25;
    let text = egui::WidgetText::from(egui::RichText::new(n.to_string()).strong()).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    let width = size + 3.0 + text.size().x;
    let (rect, response) = ui.allocate_exact_size(vec2(width, size), Sense::hover());
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, label));
    if ui.is_rect_visible(rect) {
        paint(ui, Rect::from_min_size(rect.min, Vec2::splat(size)), icon);
        let pos = pos2(
            rect.min.x + size + 3.0,
            rect.center().y - text.size().y / 2.0,
        );
        ui.painter().galley(pos, text, ui.visuals().text_color());
    }
    response.on_hover_text(label)
}

/// A tool's picture and its name, as on a card or above a contractor; `label` is what a screen
/// reader reads (the name alone would be taken for the tool-order picker's buttons).
pub fn tool_badge(ui: &mut Ui, tool: Tool, name: &str, label: &str) -> Response {
    let size = ui.text_style_height(&egui::TextStyle::Body) * 1.2;
    let colour = ui.visuals().text_color();
    let text = egui::WidgetText::from(name).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    let (rect, response) =
        ui.allocate_exact_size(vec2(size + 3.0 + text.size().x, size), Sense::hover());
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, label));
    if ui.is_rect_visible(rect) {
        paint_tool(
            ui,
            Rect::from_min_size(rect.min, Vec2::splat(size)),
            tool,
            colour,
        );
        let pos = pos2(
            rect.min.x + size + 3.0,
            rect.center().y - text.size().y / 2.0,
        );
        ui.painter().galley(pos, text, colour);
    }
    response
}
