//! Issue 27, point 7: a fixed 3-player companion round played through the window's own input
//! handling (egui_kittest), counting every click and keystroke a real table needs: the deal,
//! each roll, each revealed card, the whole round. `cargo run --release --features tools --example
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
use egui_kittest::kittest::{By, NodeT as _, Queryable as _};
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
}

/// The target: a round (the market and work phases) in at most 12 inputs per player, counted
/// as a person types (issue 27, point 7; issue 76, point 6).
pub const ROUND_TARGET: f64 = 12.0;

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
    /// How many dice `player` has on each section of the headquarters.
    fn hq(&self, player: usize) -> Vec<usize> {
        self.game().state().players[player]
            .hq
            .iter()
            .map(|s| s.len())
            .collect()
    }
    fn game(&self) -> &foreman::engine::Game {
        self.h.state().game().expect("a game")
    }

    /// Names a revealed blueprint as a person types: the first three letters of its name, a
    /// fourth if other cards still match, and Enter once it is the only card left (letters that
    /// match several take none, issue 89 point 9); else a click on its line.
    fn name_blueprint(&mut self, card: Blueprint) -> Inputs {
        assert_eq!(self.asking(), Some("blueprint"));
        let before = self.n;
        let name: Vec<char> = card.name().to_lowercase().chars().collect();
        let mut typed = name.len().min(3);
        self.type_text(&name[..typed].iter().collect::<String>());
        let alone = |t: &Self| t.open_lines() == [card.name().to_string()];
        while !alone(self) && typed < name.len().min(4) {
            self.type_text(&name[typed].to_string());
            typed += 1;
        }
        if alone(self) {
            self.key(egui::Key::Enter);
        } else {
            self.click_button(&format!("{} / ", card.name()));
        }
        self.n.since(before)
    }

    /// The English names on the picker's lines that can be taken, in order.
    fn open_lines(&self) -> Vec<String> {
        self.h
            .get_all(
                By::new()
                    .role(egui::Role::Button)
                    .label_contains(" / ")
                    .predicate(|n| !n.is_disabled()),
            )
            .filter_map(|n| n.accesskit_node().label())
            .filter_map(|l| l.split(" / ").next().map(str::to_string))
            .collect()
    }

    fn name_contractor(&mut self, card: Contractor) -> Inputs {
        assert_eq!(self.asking(), Some("contractor"));
        let before = self.n;
        self.click_button(&format!("{} / ", card.name()));
        self.n.since(before)
    }

    /// Types a roll into the picker that opened by itself, then Enter.
    fn roll(&mut self, faces: &[u8]) -> Inputs {
        self.roll_then(faces, None)
    }

    /// Types a roll into the picker that opened by itself, then confirms it with Enter, or
    /// with the picker's placement button `place` (the roll and the placement in one click).
    fn roll_then(&mut self, faces: &[u8], place: Option<&str>) -> Inputs {
        assert_eq!(self.asking(), Some("die"), "the roll is asked at once");
        let before = self.n;
        for &f in faces {
            self.key(digit(f));
        }
        match place {
            Some(label) => self.click_label(label),
            None => self.key(egui::Key::Enter),
        }
        assert_eq!(self.asking(), None, "the roll is played");
        self.n.since(before)
    }
}

fn digit(f: u8) -> egui::Key {
    use egui::Key::*;
    [Num0, Num1, Num2, Num3, Num4, Num5, Num6][usize::from(f.min(6))]
}

/// A 3-player game at a real table, every player's dice typed, started: the table at the
/// deal's first question (its data folder beside it), and the inputs the setup took.
fn at_the_deal() -> (Table, tempfile::TempDir, Inputs) {
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
    t.click_label("2 to 5 players");
    t.click_label("3");
    t.click_label("Real cards and dice on the table");
    for seat in 1..=3 {
        t.click_label(&format!("Dice of player {seat}"));
        t.click_label("Typed by hand");
    }
    let setup = t.n;
    t.click_label("Start the game");
    (t, dir, setup)
}

/// Plays the round and counts.
pub fn play() -> Report {
    use Blueprint as B;
    let (mut t, _dir, setup) = at_the_deal();

    // The deal: tool tokens (the fourth is the one left), the market, no hand.
    let mut report = Report {
        setup,
        players: 3,
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
    // Player 2's roll is confirmed by its first placement, from the picker; the rest by face.
    let n = t.roll_then(&[6, 4, 3, 3], Some("Place a 6 on Research"));
    report.rolls.push((4, n));
    t.click_label("Place (4) on Mine and (3, 3) on Generate");
    assert_eq!(t.hq(1), [1, 1, 2], "every die of player 2 placed");
    t.key(egui::Key::E);
    // Player 3's turn comes (the next who has not ended): the roll is asked at once, and
    // confirmed by placing every die where its face fits.
    let n = t.roll_then(
        &[5, 5, 1, 2],
        Some("Place (5, 5) on Mine and (1, 2) on Generate"),
    );
    report.rolls.push((4, n));
    assert_eq!(
        t.hq(2),
        [0, 2, 2],
        "the roll and its placements played at once"
    );
    t.key(egui::Key::E);
    // Back to player 1, who rolled before: places and ends.
    assert_eq!(t.game().state().current_player(), Some(0));
    t.click_label("Place (4, 5) on Mine and (2, 1) on Generate");
    assert_eq!(t.hq(0), [0, 2, 2], "every die of player 1 placed");
    t.key(egui::Key::E);
    report.round = t.n.since(round_start);
    let st = t.game().state();
    assert_eq!(st.round, 2, "the round is over");
    // Player 2's Research was drawn in secret: 4 + 1 hidden, 1 seen.
    assert_eq!((st.players[1].hidden, st.players[1].hand.len()), (5, 1));
    report
}

impl Report {
    /// The round's inputs per player.
    pub fn per_player_and_round(&self) -> f64 {
        f64::from(self.round.total()) / f64::from(self.players)
    }

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
        for (card, n) in &self.reveals {
            line(&mut s, &format!("  revealed card: {card}"), *n);
        }
        for (i, (dice, n)) in self.rolls.iter().enumerate() {
            line(
                &mut s,
                &format!("  roll {} ({dice} dice, then Enter or a placement)", i + 1),
                *n,
            );
        }
        line(&mut s, "the round (market and work phases)", self.round);
        s.push_str(&format!(
            "per player and round: {:.1} inputs (target: at most {ROUND_TARGET:.0})\n",
            self.per_player_and_round()
        ));
        s.push_str(
            "(counted as a person types: 3 letters of a card's name, a 4th if other cards \
             still match, Enter once it is the only one left, or a click on its line; a key \
             per die, then Enter or the placement that confirms it)\n",
        );
        s
    }
}

/// The targets, on the round as played.
#[test]
fn the_companion_round_meets_its_targets() {
    let r = play();
    assert!(r.setup.total() > 0);
    // One keystroke per die, and one input to confirm (Enter, or a placement).
    for (dice, n) in &r.rolls {
        assert_eq!(n.total() as usize, dice + 1, "{n:?}");
    }
    // At most 5 inputs per revealed card: 3 or 4 letters and Enter, or a click.
    for (card, n) in &r.reveals {
        assert!(n.total() <= 5, "{card}: {n:?}");
    }
    // The deal asks nothing for the hands: 3 tool clicks, the 8 market cards.
    assert!(r.deal.total() <= 3 + 4 * 5 + 4, "{:?}", r.deal);
    assert!(r.per_player_and_round() <= ROUND_TARGET, "{}", r.text());
}

/// Issue 89, point 9: letters that match several cards ("meg": Mega Factory and Megalith)
/// take none on Enter: every match stays offered and the picker says to type more or choose;
/// a card chosen with the arrows is taken by Enter.
#[test]
fn letters_that_match_several_cards_take_none() {
    let (mut t, _dir, _) = at_the_deal();
    for tool in ["Shovel", "Gear", "Wrench"] {
        t.click_label(tool);
    }
    assert_eq!(t.asking(), Some("blueprint"));
    t.type_text("meg");
    let lines = t.open_lines();
    assert!(
        lines.contains(&"Mega Factory".to_string()) && lines.contains(&"Megalith".to_string()),
        "{lines:?}"
    );
    let told = |t: &Table| t.h.state().pending_inputs().map(|i| i.blueprints.to_vec());
    t.key(egui::Key::Enter);
    assert_eq!(t.asking(), Some("blueprint"));
    assert_eq!(told(&t), Some(Vec::new()), "nothing taken");
    t.h.get_by_label_contains(&format!("{} cards match", lines.len()));
    t.key(egui::Key::ArrowDown);
    t.key(egui::Key::Enter);
    let first = Blueprint::from_name(&lines[0]).expect("a card");
    assert_eq!(told(&t), Some(vec![first]));
}

/// Issue 89, point 2: the deal's tool tokens keep their places as they are told (a token told
/// is greyed where it was): the next click lands where the eye left it.
#[test]
fn the_deals_tool_tokens_stay_put() {
    let (mut t, _dir, _) = at_the_deal();
    let token = |t: &Table, name: &str| {
        t.h.get_all(By::new().role(egui::Role::Button).label(name))
            .next()
            .map(|n| (n.rect(), n.accesskit_node().is_disabled()))
            .expect("the token's button")
    };
    let before: Vec<_> = ["Shovel", "Gear", "Wrench", "Hammer"]
        .iter()
        .map(|n| token(&t, n))
        .collect();
    t.click_label("Shovel");
    let (shovel, greyed) = token(&t, "Shovel");
    assert!(greyed, "the Shovel told is greyed");
    assert_eq!(shovel, before[0].0);
    for (k, name) in ["Gear", "Wrench", "Hammer"].iter().enumerate() {
        assert_eq!(
            token(&t, name),
            (before[k + 1].0, false),
            "{name} stays put"
        );
    }
}
