//! *History → Statistics* (issue 72): per person games, wins and scores; against the Machine,
//! each difficulty's win rate over time and the score margin (plots); the score distribution
//! per person and per player count (histograms); head to head and the rival; the blueprints
//! the winners built; rounds and minutes per game. Worked out once when the tab opens (or a
//! filter changes), drawn from that every frame.

use super::history::HistoryView;
use crate::history::stats::{self, CardStats, HeadToHead, MachineStats, PlayerStats};
use crate::i18n::Tr;
use egui::{RichText, Ui};
use egui_plot::{Bar, BarChart, HoverPosition, Legend, Line, Plot, Points};
use std::collections::BTreeMap;

/// The statistics of the history, for one person or everyone.
pub struct StatsCache {
    pub player: Option<String>,
    pub players: Vec<PlayerStats>,
    pub machine: Vec<MachineStats>,
    pub scores: BTreeMap<String, Vec<u32>>,
    pub by_count: BTreeMap<usize, Vec<u32>>,
    pub pairs: Vec<HeadToHead>,
    pub rival: Option<String>,
    pub cards: Vec<CardStats>,
    pub lengths: Vec<(f64, u32, Option<f64>)>,
}

impl StatsCache {
    /// `summary`: [`crate::history::History::built_summary`]'s.
    pub fn new(view: &HistoryView, summary: &[(String, u32, u32, u32)]) -> StatsCache {
        let player = view.player.clone();
        let rows = &view.rows;
        let pairs = stats::head_to_head(rows);
        StatsCache {
            players: stats::players(rows),
            machine: stats::machine(rows, player.as_deref()),
            scores: stats::scores_by_player(rows),
            by_count: stats::scores_by_count(rows),
            rival: player.as_deref().and_then(|p| stats::rival(&pairs, p)),
            pairs,
            cards: stats::cards(summary),
            lengths: stats::lengths(rows),
            player,
        }
    }
}

/// A plot's x axis: the games in the order they were played, 1 first. (Dates made games
/// played on one evening a single vertical line.)
fn game_number(x: f64) -> String {
    if x >= 1.0 && (x - x.round()).abs() < 1e-6 {
        format!("{}", x.round())
    } else {
        String::new()
    }
}

/// Points by game number: `points`' y values at x = 1, 2, … (the game's number among those
/// of its series).
fn numbered(points: &[[f64; 2]]) -> Vec<[f64; 2]> {
    points
        .iter()
        .enumerate()
        .map(|(k, p)| [k as f64 + 1.0, p[1]])
        .collect()
}

pub fn show(ui: &mut Ui, tr: &Tr, view: &mut HistoryView) {
    egui::CentralPanel::default_margins().show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(tr.t("stats-for"));
                egui::ComboBox::from_id_salt("stats-player")
                    .selected_text(
                        view.player
                            .clone()
                            .unwrap_or_else(|| tr.t("history-any-player")),
                    )
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut view.player, None, tr.t("history-any-player"));
                        for p in &view.people {
                            ui.selectable_value(&mut view.player, Some(p.clone()), p);
                        }
                    })
                    .response
                    .widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::ComboBox, true, tr.t("stats-for"))
                    });
            });
            let Some(s) = view.stats.as_ref() else {
                return;
            };
            if s.players.is_empty() {
                ui.label(tr.t("stats-none"));
                return;
            }
            players(ui, tr, s);
            machine(ui, tr, s);
            scores(ui, tr, s);
            head_to_head(ui, tr, s);
            cards(ui, tr, s);
            lengths(ui, tr, s);
        });
    });
}

/// Each difficulty's colour in the plots.
fn colour(difficulty: &str) -> egui::Color32 {
    match difficulty {
        "easy" => egui::Color32::from_rgb(80, 180, 90),
        "medium" => egui::Color32::from_rgb(70, 130, 220),
        "hard" => egui::Color32::from_rgb(230, 150, 40),
        _ => egui::Color32::from_rgb(220, 70, 70),
    }
}

fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

fn players(ui: &mut Ui, tr: &Tr, s: &StatsCache) {
    ui.heading(tr.t("stats-players"));
    egui::Grid::new("stats-players")
        .striped(true)
        .show(ui, |ui| {
            for k in [
                "stats-name",
                "stats-games",
                "stats-wins",
                "stats-win-rate",
                "stats-mean",
                "stats-best",
            ] {
                ui.label(RichText::new(tr.t(k)).strong());
            }
            ui.end_row();
            for p in s.players.iter().filter(|p| {
                s.player
                    .as_ref()
                    .is_none_or(|n| p.name.eq_ignore_ascii_case(n))
            }) {
                ui.label(&p.name);
                ui.label(p.games.to_string());
                ui.label(p.wins.to_string());
                ui.label(pct(p.win_rate));
                ui.label(format!("{:.1}", p.mean));
                ui.label(p.best.to_string());
                ui.end_row();
            }
        });
}

fn machine(ui: &mut Ui, tr: &Tr, s: &StatsCache) {
    if s.machine.is_empty() {
        return;
    }
    ui.add_space(8.0);
    ui.heading(tr.t("stats-machine"));
    egui::Grid::new("stats-machine")
        .striped(true)
        .show(ui, |ui| {
            for k in [
                "stats-difficulty",
                "stats-games",
                "stats-wins",
                "stats-win-rate",
                "stats-margin",
            ] {
                ui.label(RichText::new(tr.t(k)).strong());
            }
            ui.end_row();
            for m in &s.machine {
                let margin =
                    m.margins.iter().map(|p| p[1]).sum::<f64>() / m.margins.len().max(1) as f64;
                ui.label(tr.t(&format!("difficulty-{}", m.difficulty)));
                ui.label(m.games.to_string());
                ui.label(m.wins.to_string());
                ui.label(pct(m.win_rate));
                ui.label(format!("{margin:+.1}"));
                ui.end_row();
            }
        });
    ui.label(tr.t_args("stats-rate-over-time", &[("games", stats::WINDOW.into())]));
    let most = s.machine.iter().map(|m| m.games).max().unwrap_or(1);
    let games_axis = tr.t("stats-game-number");
    let rate_label = |h: &HoverPosition<'_>| match h {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            index,
        } => Some(format!("{plot_name}\n#{} · {}", index + 1, pct(position.y))),
        HoverPosition::Elsewhere { .. } => None,
    };
    Plot::new("stats-machine-rate")
        .include_x(0.5)
        .include_x(f64::from(most) + 0.5)
        .height(220.0)
        .legend(Legend::default().follow_insertion_order(true))
        .include_y(-0.05)
        .include_y(1.05)
        .x_axis_label(games_axis.clone())
        .x_axis_formatter(|m, _| game_number(m.value))
        .y_axis_formatter(|m, _| pct(m.value))
        .label_formatter(rate_label)
        .allow_scroll(false)
        .show(ui, |plot| {
            for m in &s.machine {
                let name = tr.t(&format!("difficulty-{}", m.difficulty));
                let c = colour(&m.difficulty);
                let points = numbered(&m.over_time);
                plot.line(Line::new(name.clone(), points.clone()).color(c));
                plot.points(Points::new(name, points).radius(3.0).color(c));
            }
        });
    ui.label(tr.t("stats-margin-over-time"));
    let margin_label = |h: &HoverPosition<'_>| match h {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            index,
        } => Some(format!("{plot_name}\n#{} · {:+.0}", index + 1, position.y)),
        HoverPosition::Elsewhere { .. } => None,
    };
    // A little room beyond the farthest margins, so no point sits on the frame.
    let (low, high) = s
        .machine
        .iter()
        .flat_map(|m| m.margins.iter().map(|p| p[1]))
        .fold((0.0f64, 0.0f64), |(lo, hi), y| (lo.min(y), hi.max(y)));
    Plot::new("stats-machine-margin")
        .include_x(0.5)
        .include_x(f64::from(most) + 0.5)
        .include_y(low - 3.0)
        .include_y(high + 3.0)
        .height(180.0)
        .legend(Legend::default().follow_insertion_order(true))
        .x_axis_label(games_axis)
        .x_axis_formatter(|m, _| game_number(m.value))
        .label_formatter(margin_label)
        .allow_scroll(false)
        .show(ui, |plot| {
            for m in &s.machine {
                let name = tr.t(&format!("difficulty-{}", m.difficulty));
                let c = colour(&m.difficulty);
                let points = numbered(&m.margins);
                plot.points(Points::new(name, points).radius(3.0).color(c));
            }
        });
}

/// Scores in bins of 5, each series' count stacked on the others' in its bin (the bin's
/// whole width), with the axes named and each bar's bin and count on hover.
fn histogram_plot(ui: &mut Ui, tr: &Tr, id: &str, series: &[(String, Vec<u32>)]) {
    let width = 5;
    let top = series
        .iter()
        .flat_map(|(_, v)| v.iter().copied())
        .max()
        .unwrap_or(0);
    // Every series has a bar in every bin (0 where it has none): a chart stacks its k-th bar
    // on the k-th bars of those below it.
    let scores: Vec<&[u32]> = series.iter().map(|(_, v)| v.as_slice()).collect();
    let bins = stats::stacked_histograms(&scores, width);
    let charts: Vec<(String, Vec<(u32, u32)>)> = series
        .iter()
        .enumerate()
        .map(|(k, (name, _))| {
            let counts = bins.iter().map(|(from, c)| (*from, c[k])).collect();
            (name.clone(), counts)
        })
        .collect();
    let label = move |h: &HoverPosition<'_>| match h {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => {
            let from = (position.x / f64::from(width)).floor() * f64::from(width);
            Some(format!(
                "{plot_name}\n{from:.0}–{:.0}",
                from + f64::from(width) - 1.0
            ))
        }
        HoverPosition::Elsewhere { .. } => None,
    };
    Plot::new(id.to_string())
        .include_x(0.0)
        .include_x(f64::from(top + width))
        .include_y(0.0)
        .height(180.0)
        .legend(Legend::default().follow_insertion_order(true))
        .x_axis_label(tr.t("stats-score-axis"))
        .y_axis_label(tr.t("stats-games-axis"))
        .label_formatter(label)
        .allow_scroll(false)
        .show(ui, |plot| {
            let mut built: Vec<BarChart> = Vec::new();
            for (name, bins) in charts {
                let bars: Vec<Bar> = bins
                    .into_iter()
                    .map(|(from, count)| {
                        let x = f64::from(from) + f64::from(width) / 2.0;
                        Bar::new(x, f64::from(count))
                            .width(f64::from(width) * 0.96)
                            .name(format!("{name}: {count}"))
                    })
                    .collect();
                let chart = {
                    let below: Vec<&BarChart> = built.iter().collect();
                    BarChart::new(name, bars).stack_on(&below)
                };
                built.push(chart);
            }
            for chart in built {
                plot.bar_chart(chart);
            }
        });
}

fn scores(ui: &mut Ui, tr: &Tr, s: &StatsCache) {
    ui.add_space(8.0);
    ui.heading(tr.t("stats-scores"));
    let per_player: Vec<(String, Vec<u32>)> = s
        .scores
        .iter()
        .filter(|(n, _)| s.player.as_ref().is_none_or(|p| n.eq_ignore_ascii_case(p)))
        .take(6)
        .map(|(n, v)| (n.clone(), v.clone()))
        .collect();
    histogram_plot(ui, tr, "stats-scores-player", &per_player);
    ui.label(tr.t("stats-scores-by-count"));
    let per_count: Vec<(String, Vec<u32>)> = s
        .by_count
        .iter()
        .map(|(n, v)| {
            (
                tr.t_args("stats-players-count", &[("count", (*n).into())]),
                v.clone(),
            )
        })
        .collect();
    histogram_plot(ui, tr, "stats-scores-count", &per_count);
}

fn head_to_head(ui: &mut Ui, tr: &Tr, s: &StatsCache) {
    let pairs: Vec<&HeadToHead> = s
        .pairs
        .iter()
        .filter(|h| {
            s.player
                .as_ref()
                .is_none_or(|p| h.a.eq_ignore_ascii_case(p) || h.b.eq_ignore_ascii_case(p))
        })
        .take(20)
        .collect();
    if pairs.is_empty() {
        return;
    }
    ui.add_space(8.0);
    ui.heading(tr.t("stats-head-to-head"));
    if let (Some(p), Some(r)) = (&s.player, &s.rival) {
        ui.label(tr.t_args(
            "stats-rival",
            &[("name", p.clone().into()), ("rival", r.clone().into())],
        ));
    }
    egui::Grid::new("stats-h2h").striped(true).show(ui, |ui| {
        for h in pairs {
            ui.label(format!("{} {} – {} {}", h.a, h.a_wins, h.b_wins, h.b));
            ui.label(tr.t_args("stats-games-together", &[("count", h.games.into())]));
            ui.end_row();
        }
    });
}

fn cards(ui: &mut Ui, tr: &Tr, s: &StatsCache) {
    if s.cards.is_empty() {
        return;
    }
    ui.add_space(8.0);
    ui.heading(tr.t("stats-cards"));
    if s.cards.iter().all(|c| c.by_winners == 0) {
        ui.label(tr.t("stats-no-winner-yet"));
        return;
    }
    egui::Grid::new("stats-cards").striped(true).show(ui, |ui| {
        for k in ["stats-card", "stats-by-winners", "stats-win-rate-built"] {
            ui.label(RichText::new(tr.t(k)).strong());
        }
        ui.end_row();
        for c in s.cards.iter().take(12) {
            let name = crate::engine::Blueprint::ALL
                .iter()
                .find(|b| b.name() == c.card)
                .map_or_else(|| c.card.clone(), |b| crate::i18n::words::card_name(tr, *b));
            ui.label(name);
            ui.label(c.by_winners.to_string());
            ui.label(tr.t_args(
                "stats-rate-of",
                &[
                    ("wins", c.wins.into()),
                    ("count", c.seats.into()),
                    ("rate", pct(c.win_rate).into()),
                ],
            ));
            ui.end_row();
        }
    });
}

fn lengths(ui: &mut Ui, tr: &Tr, s: &StatsCache) {
    if s.lengths.is_empty() {
        return;
    }
    ui.add_space(8.0);
    ui.heading(tr.t("stats-lengths"));
    let rounds = s.lengths.iter().map(|l| f64::from(l.1)).sum::<f64>() / s.lengths.len() as f64;
    // Minutes are known only for games timed as they were played: the mean says over how many.
    let timed: Vec<f64> = s.lengths.iter().filter_map(|l| l.2).collect();
    let minutes = timed.iter().sum::<f64>() / timed.len().max(1) as f64;
    ui.label(tr.t_args(
        if timed.is_empty() {
            "stats-lengths-rounds"
        } else {
            "stats-lengths-mean"
        },
        &[
            ("rounds", format!("{rounds:.1}").into()),
            ("minutes", format!("{minutes:.0}").into()),
            ("timed", timed.len().into()),
        ],
    ));
    let points: Vec<[f64; 2]> = s
        .lengths
        .iter()
        .enumerate()
        .map(|(k, l)| [k as f64 + 1.0, f64::from(l.1)])
        .collect();
    let most = s.lengths.iter().map(|l| l.1).max().unwrap_or(0);
    Plot::new("stats-lengths")
        .include_x(0.5)
        .include_x(s.lengths.len() as f64 + 0.5)
        .include_y(0.0)
        .include_y(f64::from(most) + 2.0)
        .height(160.0)
        .x_axis_label(tr.t("stats-game-number"))
        .y_axis_label(tr.t("stats-rounds-axis"))
        .x_axis_formatter(|m, _| game_number(m.value))
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.points(Points::new(tr.t("stats-rounds"), points).radius(4.0));
        });
}
