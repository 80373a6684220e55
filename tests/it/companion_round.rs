//! Issue 27, point 7: a fixed 3-player companion round played through the window's own input
//! handling (egui_kittest), counting every click and keystroke a real table needs: the deal,
//! each roll, each revealed card, the whole round. `cargo run --release --example
//! companion_round` prints the figures; the test `the_companion_round_meets_its_targets`
//! holds them to the targets.
//!
//! The round: a 3-player game with typed dice and hidden hands. The deal names the tool tokens
//! and the market's 4 blueprints and 4 contractors. In the market phase each player takes a
//! blueprint and the refill is named. In the work phase each player types a roll of 4 dice and
//! places all 4 on the headquarters (one on Research, drawn in secret, for player 2), high dice
//! on Mine and low ones on Generate. Player 2 starts before player 1 has ended (everyone works
//! at once), then all end.

use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable as _};
use foreman::engine::{Blueprint, Contractor, Phase};
use foreman::ui::{ForemanApp, Settings};

/// Inputs counted: each click, each key pressed, each letter typed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Inputs {
    pub clicks: u32,
    pub keys: u32,
}

impl Inputs {
    pub fn total(self) -> u32 {
        self.clicks + self.keys
    }
    fn since(self, before: Inputs) -> Inputs {
        Inputs {
            clicks: self.clicks - before.clicks,
            keys: self.keys - before.keys,
        }
    }
}

/// What the round took.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub setup: Inputs,
    pub deal: Inputs,
    /// Each revealed card named: the card and the inputs it took.
    pub reveals: Vec<(String, Inputs)>,
    /// Each roll: the dice in it and the inputs it took.
    pub rolls: Vec<(usize, Inputs)>,
    /// The round after the deal: the market phase and the work phase.
    pub round: Inputs,
    pub players: u32,
    /// The inputs the issue measured before (2 players): the deal, and one round.
    pub before_deal: Inputs,
    pub before_round: Inputs,
    pub before_players: u32,
}

struct Table {
    h: Harness<'static, ForemanApp>,
    n: Inputs,
}

impl Table {
    fn click(&mut self, node: By<'_>) {
        self.h.get(node).click();
        self.h.run();
        self.n.clicks += 1;
    }
    fn click_label(&mut self, label: &str) {
        self.click(By::new().label(label));
    }
    fn click_button(&mut self, part: &str) {
        let node = self
            .h
            .get_all(By::new().role(egui::Role::Button).label_contains(part))
            .next()
            .unwrap_or_else(|| panic!("no button with {part:?}"));
        node.click();
        self.h.run();
        self.n.clicks += 1;
    }
    fn key(&mut self, key: egui::Key) {
        self.h.key_press(key);
        self.h.run();
        self.n.keys += 1;
    }
    fn type_text(&mut self, text: &str) {
        self.h.get_by_role(egui::Role::TextInput).type_text(text);
        self.h.run();
        self.n.keys += text.chars().count() as u32;
    }
    fn asking(&self) -> Option<&'static str> {
        self.h.state().asking()
    }
    fn game(&self) -> &foreman::engine::Game {
        self.h.state().game().expect("a game")
    }

    /// Names a revealed blueprint the quickest way by keys: the fewest letters (of its English
    /// or French name) that put it at the top of the picker's list, then Enter.
    fn name_blueprint(&mut self, card: Blueprint) -> Inputs {
        assert_eq!(self.asking(), Some("blueprint"));
        let before = self.n;
        let named = self
            .h
            .state()
            .pending_inputs()
            .map(|i| i.blueprints.to_vec())
            .unwrap_or_default();
        let mut left = self.game().state().blueprint_deck;
        for c in named {
            left.remove(c);
        }
        let query = shortest_query(card, |c| left.count(c) > 0);
        self.type_text(&query);
        self.key(egui::Key::Enter);
        self.n.since(before)
    }

    fn name_contractor(&mut self, card: Contractor) -> Inputs {
        assert_eq!(self.asking(), Some("contractor"));
        let before = self.n;
        self.click_button(&format!("{} / ", card.name()));
        self.n.since(before)
    }

    /// Types a roll into the picker that opened by itself, then Enter.
    fn roll(&mut self, faces: &[u8]) -> Inputs {
        assert_eq!(self.asking(), Some("die"), "the roll is asked at once");
        let before = self.n;
        for &f in faces {
            self.key(digit(f));
        }
        self.key(egui::Key::Enter);
        self.n.since(before)
    }
}

fn digit(f: u8) -> egui::Key {
    use egui::Key::*;
    [Num0, Num1, Num2, Num3, Num4, Num5, Num6][usize::from(f.min(6))]
}

/// The fewest letters that make `card` the first match among the cards `offered` (catalogue
/// order, a match anywhere in the English or French name), as the picker lists them.
fn shortest_query(card: Blueprint, offered: impl Fn(Blueprint) -> bool) -> String {
    let names = [card.name().to_lowercase(), card.name_fr().to_lowercase()];
    for len in 1..=names[0].chars().count() {
        for name in &names {
            let chars: Vec<char> = name.chars().collect();
            for start in 0..chars.len().saturating_sub(len - 1) {
                let q: String = chars[start..start + len].iter().collect();
                if q.trim() != q {
                    continue;
                }
                let first = Blueprint::ALL.iter().copied().find(|&c| {
                    offered(c)
                        && (c.name().to_lowercase().contains(&q)
                            || c.name_fr().to_lowercase().contains(&q))
                });
                if first == Some(card) {
                    return q;
                }
            }
        }
    }
    names[0].clone()
}

/// Plays the round and counts.
pub fn play() -> Report {
    use Blueprint as B;
    let dir = tempfile::tempdir().expect("temp dir");
    let settings = Settings {
        help_seen: true,
        ..Settings::default()
    };
    let mut app = ForemanApp::new(settings, dir.path().to_path_buf());
    app.next_seed = Some(27);
    let h = Harness::builder()
        .with_size(egui::vec2(1400.0, 1000.0))
        .with_max_steps(30)
        .build_ui_state(|ui, app: &mut ForemanApp| app.show(ui), app);
    let mut t = Table {
        h,
        n: Inputs::default(),
    };
    t.h.run();

    // Setting up the table: 3 players, companion, every player's dice typed.
    t.click_label("Players at the table");
    t.click_label("3");
    t.click_label("Table companion");
    for seat in 1..=3 {
        t.click_label(&format!("Dice of player {seat}"));
        t.click_label("Typed by hand");
    }
    let setup = t.n;
    t.click_label("Start the game");

    // The deal: tool tokens (the fourth is the one left), the market, no hand.
    let mut report = Report {
        setup,
        players: 3,
        before_deal: Inputs {
            clicks: 32,
            keys: 50,
        },
        before_round: Inputs {
            clicks: 39,
            keys: 9,
        },
        before_players: 2,
        ..Report::default()
    };
    let deal_start = t.n;
    assert_eq!(t.asking(), Some("tools"));
    for tool in ["Shovel", "Gear", "Wrench"] {
        t.click_label(tool);
    }
    for card in [B::Refinery, B::Robot, B::Warehouse, B::Dojo] {
        let n = t.name_blueprint(card);
        report.reveals.push((card.name().to_string(), n));
    }
    for card in [
        Contractor::Architect,
        Contractor::Miner,
        Contractor::Investor,
        Contractor::Engineer,
    ] {
        t.name_contractor(card);
    }
    report.deal = t.n.since(deal_start);
    assert_eq!(t.asking(), None, "the deal asks nothing more");
    let st = t.game().state();
    assert!(
        st.players
            .iter()
            .all(|p| p.hidden == 4 && p.hand.is_empty())
    );
    assert_eq!(
        st.market.blueprints,
        [B::Refinery, B::Robot, B::Warehouse, B::Dojo].map(Some)
    );

    // The round: each player takes a blueprint, the refill named.
    let round_start = t.n;
    for refill in [B::Biolab, B::Foundry, B::Harvester] {
        t.click_button("Take ");
        let n = t.name_blueprint(refill);
        report.reveals.push((refill.name().to_string(), n));
    }
    assert!(matches!(t.game().state().phase, Phase::Work { .. }));
    // Player 1 rolls; player 2 starts before player 1 has ended (key 2).
    let n = t.roll(&[4, 5, 2, 1]);
    report.rolls.push((4, n));
    t.key(egui::Key::Num2);
    let n = t.roll(&[6, 4, 3, 3]);
    report.rolls.push((4, n));
    for place in [
        "Place a 6 on Research",
        "Place a 4 on Mine",
        "Place all (3, 3) on Generate",
    ] {
        t.click_button(place);
    }
    t.key(egui::Key::E);
    // Player 3's turn comes (the next who has not ended): the roll is asked at once.
    let n = t.roll(&[5, 5, 1, 2]);
    report.rolls.push((4, n));
    for place in ["Place all (5, 5) on Mine", "Place all (1, 2) on Generate"] {
        t.click_button(place);
    }
    t.key(egui::Key::E);
    // Back to player 1, who rolled before: places and ends.
    assert_eq!(t.game().state().current_player(), Some(0));
    for place in ["Place all (4, 5) on Mine", "Place all (2, 1) on Generate"] {
        t.click_button(place);
    }
    t.key(egui::Key::E);
    report.round = t.n.since(round_start);
    let st = t.game().state();
    assert_eq!(st.round, 2, "the round is over");
    // Player 2's Research was drawn in secret: 4 + 1 hidden, 1 seen.
    assert_eq!((st.players[1].hidden, st.players[1].hand.len()), (5, 1));
    report
}

impl Report {
    /// The report as the example prints it.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let line = |s: &mut String, what: &str, n: Inputs| {
            s.push_str(&format!(
                "{what:<44} {:>3} inputs ({} clicks, {} keystrokes)\n",
                n.total(),
                n.clicks,
                n.keys
            ));
        };
        line(&mut s, "setting up the table (3 players)", self.setup);
        line(&mut s, "the opening deal", self.deal);
        line(
            &mut s,
            &format!("  (before: {} players, hands named)", self.before_players),
            self.before_deal,
        );
        for (card, n) in &self.reveals {
            line(&mut s, &format!("  revealed card: {card}"), *n);
        }
        for (i, (dice, n)) in self.rolls.iter().enumerate() {
            line(
                &mut s,
                &format!("  roll {} ({dice} dice, then Enter)", i + 1),
                *n,
            );
        }
        line(&mut s, "the round (market and work phases)", self.round);
        let per = f64::from(self.round.total()) / f64::from(self.players);
        let before = f64::from(self.before_round.total()) / f64::from(self.before_players);
        s.push_str(&format!(
            "per player and round: {per:.1} inputs (before: {before:.1}; target at most {:.1})\n",
            before / 2.0
        ));
        s
    }
}

/// The targets, on the round as played.
#[test]
fn the_companion_round_meets_its_targets() {
    let r = play();
    assert!(r.text().contains("per player and round"), "{}", r.text());
    assert!(r.setup.total() > 0 && r.deal.total() < r.before_deal.total());
    // One keystroke per die (and Enter to confirm).
    for (dice, n) in &r.rolls {
        assert_eq!(n.total() as usize, dice + 1, "{n:?}");
    }
    // At most 3 inputs per revealed card.
    for (card, n) in &r.reveals {
        assert!(n.total() <= 3, "{card}: {n:?}");
    }
    // The deal asks nothing for the hands: 3 tool clicks, the 8 market cards.
    assert!(r.deal.total() <= 3 + 4 * 3 + 4, "{:?}", r.deal);
    // A full round in at most half of the inputs per player measured before.
    let per = f64::from(r.round.total()) / f64::from(r.players);
    let before = f64::from(r.before_round.total()) / f64::from(r.before_players);
    assert!(per <= before / 2.0, "{per} per player against {before}");
}
