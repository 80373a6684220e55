//! Issue 70: companion games with secret hands, played to the end through reshuffles of the
//! blueprint deck (docs/rules.md, setup 4; docs/rules.md, hidden hands).
//!
//! A "true" digital game deals the real cards and is played by bots; a table-companion game with
//! secret hands is told what the table would tell it: the dice, the cards revealed face up, and
//! a card's name when it leaves a hand. Every true card revealed or named must be accepted.
//! After the actions, for every seat holding secret cards and every blueprint, the companion's
//! answers to "could this hand give that card?" and "could this card come off the deck?" are
//! held to an independent reckoning of the table's history, made another way than the engine's
//! search: every reading of where the secret cards came from is kept and stepped through each
//! event in order (a secret draw, a card revealed face up, a reshuffle, a name, which splits a
//! reading into one per deck the card may have come from).

use foreman::bots::{Bot, BotKind};
use foreman::engine::{Act, Action, Blueprint, Game, Inputs, Row, RuleError, Setup, State};
use foreman::sim::MAX_ACTIONS;

/// One deck in one reading: its cards not yet accounted for (in the deck, or in secret hands),
/// and how many of its cards each seat holds in secret.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Deck {
    cards: [u32; 32],
    held: [u32; 5],
}

/// Every reading of the secret cards consistent with the table's history.
struct Readings {
    all: Vec<Vec<Deck>>,
    /// Secret cards each seat holds (the same in every reading).
    hidden: [u32; 5],
    decks: usize,
}

impl Readings {
    fn new() -> Readings {
        let mut cards = [0; 32];
        for &c in Blueprint::ALL {
            cards[c.index()] = u32::from(c.info().copies);
        }
        Readings {
            all: vec![vec![Deck {
                cards,
                held: [0; 5],
            }]],
            hidden: [0; 5],
            decks: 1,
        }
    }

    fn settle(&mut self) {
        self.all.sort();
        self.all.dedup();
        assert!(
            !self.all.is_empty(),
            "no reading is left: the history is wrong"
        );
        assert!(self.all.len() < 100_000, "too many readings to follow");
    }

    fn draw(&mut self, seat: usize) {
        self.hidden[seat] += 1;
        for r in &mut self.all {
            r.last_mut().expect("a deck").held[seat] += 1;
        }
    }

    fn reshuffle(&mut self, cards: [u32; 32]) {
        self.decks += 1;
        for r in &mut self.all {
            r.push(Deck {
                cards,
                held: [0; 5],
            });
        }
    }

    fn face_up(&mut self, card: Blueprint) {
        let i = card.index();
        self.all.retain_mut(|r| {
            let present = r.last_mut().expect("a deck");
            present.cards[i] > 0 && {
                present.cards[i] -= 1;
                true
            }
        });
        self.settle();
    }

    fn name(&mut self, seat: usize, card: Blueprint) {
        let i = card.index();
        self.hidden[seat] -= 1;
        let mut next = Vec::new();
        for r in &self.all {
            for d in 0..r.len() {
                if r[d].held[seat] > 0 && r[d].cards[i] > 0 {
                    let mut split = r.clone();
                    split[d].held[seat] -= 1;
                    split[d].cards[i] -= 1;
                    next.push(split);
                }
            }
        }
        self.all = next;
        self.settle();
    }

    fn may_name(&self, seat: usize, card: Blueprint) -> bool {
        let i = card.index();
        self.all
            .iter()
            .any(|r| r.iter().any(|d| d.held[seat] > 0 && d.cards[i] > 0))
    }

    fn may_reveal(&self, card: Blueprint) -> bool {
        let i = card.index();
        self.all
            .iter()
            .any(|r| r.last().is_some_and(|d| d.cards[i] > 0))
    }

    /// Copies of `card` nobody has seen (the same in every reading).
    fn unseen(&self, card: Blueprint) -> u32 {
        self.all[0].iter().map(|d| d.cards[card.index()]).sum()
    }
}

/// The blueprints an action takes out of the acting player's hand, in the order named.
fn named_cards(act: &Act) -> Vec<Blueprint> {
    match act {
        Act::Build { card, discard } => vec![*card, *discard],
        Act::Hire { discard, .. } => vec![*discard],
        Act::Activate { choice, .. } | Act::Replicate { choice, .. } => choice.discard.to_vec(),
        Act::EndWork { discard, .. } => discard.clone(),
        _ => Vec::new(),
    }
}

fn hand_sizes(st: &State) -> Vec<usize> {
    st.players.iter().map(|p| p.hand_size()).collect()
}

fn reshuffles(events: &foreman::engine::Events) -> usize {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                foreman::engine::Event::Reshuffled {
                    row: Row::Blueprints
                }
            )
        })
        .count()
}

/// What the table tells the companion of a true action (`before` the true game before it,
/// `recorded` the inputs it drew): the cards revealed face up, in order. Each card drawn is
/// told to `readings` as the table sees it: a reshuffle before it, then a secret draw or a card
/// face up.
fn told(before: &Game, act: &Act, recorded: &Inputs, readings: &mut Readings) -> Inputs {
    let mut face_up = Vec::new();
    let prefix = |k: usize| {
        let mut inputs = recorded.clone();
        inputs.blueprints = recorded.blueprints[..k].into();
        before.attempt(act, &inputs, false)
    };
    let (mut last_state, _) = prefix(0);
    let mut shuffled = 0;
    for k in 1..=recorded.blueprints.len() {
        let card = recorded.blueprints[k - 1];
        // A reshuffle before this card: the new deck is the true deck then.
        let (st_before, ev_before) = prefix(k - 1);
        if reshuffles(&ev_before) > shuffled {
            shuffled = reshuffles(&ev_before);
            let mut cards = [0; 32];
            for (c, n) in st_before.blueprint_deck.iter() {
                cards[c.index()] = u32::from(n);
            }
            readings.reshuffle(cards);
        }
        let (st, _) = prefix(k);
        let grew = hand_sizes(&st)
            .iter()
            .zip(hand_sizes(&last_state))
            .position(|(a, b)| a > &b);
        match grew {
            Some(seat) => readings.draw(seat),
            None => {
                readings.face_up(card);
                face_up.push(card);
            }
        }
        last_state = st;
    }
    let mut inputs = recorded.clone();
    inputs.blueprints = face_up.as_slice().into();
    inputs
}

/// Holds the companion's answers to the readings, for every seat with secret cards and every
/// blueprint.
fn check_answers(seed: u64, step: usize, companion: &State, readings: &Readings) {
    for (p, player) in companion.players.iter().enumerate() {
        assert_eq!(
            readings.hidden[p],
            u32::from(player.hidden),
            "seed {seed}, action {step}: the count of secret cards"
        );
        if player.hidden == 0 {
            continue;
        }
        for &card in Blueprint::ALL {
            if player.hand.contains(card) {
                continue;
            }
            let want = readings.may_name(p, card);
            match companion.can_give(p, &[card]) {
                Ok(()) => assert!(
                    want,
                    "seed {seed}, action {step}: seat {p} may not hold {card}, yet it is accepted"
                ),
                Err(e) => {
                    assert!(
                        !want,
                        "seed {seed}, action {step}: seat {p} may hold {card}, refused: {e}"
                    );
                    let reason = if readings.unseen(card) == 0 {
                        RuleError::NotInPlay {
                            card,
                            copies: card.info().copies,
                        }
                    } else {
                        RuleError::NotDrawn(card)
                    };
                    assert_eq!(e, reason, "seed {seed}, action {step}: the reason");
                }
            }
        }
    }
    if companion.deck_size() > 0 {
        let deck = companion.deck_options();
        for &card in Blueprint::ALL {
            assert_eq!(
                deck.contains(card),
                readings.may_reveal(card),
                "seed {seed}, action {step}: could {card} come off the deck?"
            );
        }
    }
}

/// What one game went through: reshuffles of the blueprint deck, the most readings at once,
/// the longest history the companion kept (decks, names).
struct Played {
    reshuffles: usize,
    readings: usize,
    history: (usize, usize),
    told: usize,
}

/// A true game and the companion game told what its table sees, played by one bot.
pub(crate) struct Table {
    seed: u64,
    pub(crate) truth: Game,
    pub(crate) companion: Game,
    bot: Bot,
    readings: Readings,
    step: usize,
    /// Secret cards told so far.
    told: usize,
}

impl Table {
    /// Greedy bots on even seeds, random ones on odd.
    pub(crate) fn new(players: usize, seed: u64) -> Table {
        let kind = if seed.is_multiple_of(2) {
            BotKind::Greedy
        } else {
            BotKind::Random
        };
        Table {
            seed,
            truth: Game::new(Setup::players(players, seed)).expect("setup"),
            companion: Game::new(Setup::players(players, seed).companion()).expect("setup"),
            bot: Bot::new(kind, seed),
            readings: Readings::new(),
            step: 0,
            told: 0,
        }
    }

    /// The bot's next action in both games; the companion must accept the true inputs.
    pub(crate) fn step(&mut self) {
        let seed = self.seed;
        let step = self.step;
        assert!(
            self.truth.journal().len() < MAX_ACTIONS,
            "seed {seed}: no end"
        );
        let act = self.bot.choose(&self.truth).expect("someone may act");
        let before = self.truth.clone();
        self.truth
            .apply_digital(act.clone())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let recorded = self.truth.journal()[self.truth.journal().len() - 1]
            .inputs
            .clone();
        // The names as the table says them (seen copies first, then secret cards), before
        // the action's draws.
        if let Some(p) = self.companion.state().current_player() {
            let mut seen = self.companion.state().players[p].hand;
            for card in named_cards(&act) {
                if !seen.remove(card) {
                    self.readings.name(p, card);
                }
            }
        }
        let inputs = told(&before, &act, &recorded, &mut self.readings);
        self.companion
            .apply(Action::with_inputs(act.clone(), inputs))
            .unwrap_or_else(|e| {
                panic!("seed {seed}, action {step} ({act}): true input refused: {e}")
            });
        self.step += 1;
    }
}

impl Table {
    /// A player tells their own device one of their true secret cards (issue 88, point 9: bots
    /// never tell, so the oracle never saw a told card): it joins their seen hand, which the
    /// readings take as a name. Chosen by `pick` among the seat's secret cards; `false` when no
    /// seat holds one.
    fn tell(&mut self, pick: usize) -> bool {
        let st = self.companion.state();
        let Some(p) =
            (0..st.players.len()).find(|&p| st.players[(p + pick) % st.players.len()].hidden > 0)
        else {
            return false;
        };
        let p = (p + pick) % st.players.len();
        let mut secret = self.truth.state().players[p].hand;
        for (card, n) in st.players[p].hand.iter() {
            for _ in 0..n {
                assert!(
                    secret.remove(card),
                    "seed {}: a seen card the truth lacks",
                    self.seed
                );
            }
        }
        let cards: Vec<Blueprint> = secret.iter().map(|(c, _)| c).collect();
        let card = cards[pick % cards.len()];
        self.companion
            .apply(Action::new(Act::Tell {
                player: p as u8,
                card,
            }))
            .unwrap_or_else(|e| panic!("seed {}: a true card told is refused: {e}", self.seed));
        self.readings.name(p, card);
        true
    }
}

/// Plays one game of `players` to the end, checking the companion's answers as it goes; in
/// every third game a secret card is told now and then.
fn play(players: usize, seed: u64) -> Played {
    let mut table = Table::new(players, seed);
    let mut most = 1;
    let mut history = (1, 0);
    let telling = seed % 3 == 1;
    while !table.truth.state().is_over() {
        table.step();
        if telling
            && table.step.is_multiple_of(5)
            && !table.truth.state().is_over()
            && table.tell(table.step / 5)
        {
            let step = table.step - 1;
            check_answers(seed, step, table.companion.state(), &table.readings);
            table.told += 1;
        }
        most = most.max(table.readings.all.len());
        let (decks, names) = table.companion.state().secret_history();
        history = (history.0.max(decks), history.1.max(names));
        let step = table.step - 1;
        if table.readings.decks > 1 || step.is_multiple_of(7) {
            check_answers(seed, step, table.companion.state(), &table.readings);
        }
    }
    assert!(
        table.companion.state().is_over(),
        "seed {seed}: both games end together"
    );
    assert_eq!(
        foreman::engine::scoreboard(table.companion.state()),
        foreman::engine::scoreboard(table.truth.state()),
        "seed {seed}: the same scores"
    );
    Played {
        reshuffles: table.readings.decks - 1,
        readings: most,
        history,
        told: table.told,
    }
}

#[test]
fn secret_hands_through_reshuffles_accept_every_true_card_and_refuse_every_impossible_one() {
    let mut twice = 0;
    let mut most = 0;
    let mut told = 0;
    for (players, seeds) in [(4usize, 0..6u64), (5, 0..6)] {
        for seed in seeds {
            let played = play(players, seed);
            told += played.told;
            eprintln!(
                "{players} players, seed {seed}: {} reshuffles, {} readings at most, history of {:?}, {} told",
                played.reshuffles, played.readings, played.history, played.told
            );
            if played.reshuffles >= 2 {
                twice += 1;
            }
            most = most.max(played.readings);
        }
    }
    assert!(twice >= 6, "{twice} games went through two reshuffles");
    assert!(told >= 20, "{told} secret cards told");
    assert!(most > 1, "no name was ever of two decks");
}

/// Issue 70, fault 1, through the window: a player refreshes the blueprint row with 2 cards
/// left in the deck and secret cards in hands. The picker offers the deck's cards, then, once
/// the discard pile is shuffled into a new deck, exactly the discard pile's cards (the row just
/// discarded among them) and no card that is only in secret hands; the true cards are told.
#[test]
fn the_picker_offers_the_new_deck_after_a_reshuffle() {
    use crate::window::{click, click_first_containing, harness, open_game};
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    use foreman::engine::{Phase, Resource};
    // A 4-player game at a real table, in the market phase, the deck down to 1 or 2 cards.
    let mut table = (0..40)
        .find_map(|seed| {
            let mut t = Table::new(4, 100 + seed);
            while !t.truth.state().is_over() {
                let st = t.companion.state();
                let p = st.current_player().unwrap_or(0);
                if matches!(
                    st.phase,
                    Phase::Market {
                        refreshed: false,
                        ..
                    }
                ) && (1..=2).contains(&st.deck_size())
                    && st.hidden_total() > 0
                    && st.players[p].energy > 0
                    && st.secrets.is_none()
                {
                    return Some(t);
                }
                t.step();
            }
            None
        })
        .expect("a game whose deck runs low in a market phase");
    let left = table.companion.state().deck_size();
    // The true cards, and the true new deck: the discard pile and the row.
    let refresh = Act::RefreshMarket {
        row: Row::Blueprints,
        pay: Resource::Energy,
    };
    let mut new_deck = table.truth.state().blueprint_discard;
    for c in table.truth.state().market.blueprints.iter().flatten() {
        new_deck.add(*c);
    }
    table.truth.apply_digital(refresh.clone()).expect("refresh");
    let told = table.truth.journal()[table.truth.journal().len() - 1]
        .inputs
        .blueprints
        .clone();
    // Cards whose unseen copies are all in secret hands once the deck is used up.
    let unseen = table.companion.state().blueprint_deck;
    let in_hands: Vec<Blueprint> = Blueprint::ALL
        .iter()
        .copied()
        .filter(|&c| unseen.contains(c) && !new_deck.contains(c))
        .collect();
    assert!(!in_hands.is_empty(), "some cards are only in secret hands");

    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = harness(dir.path(), 1);
    open_game(&mut h, dir.path(), &table.companion);
    click(&mut h, "Refresh a row…");
    click_first_containing(&mut h, "Refresh the blueprints for 1 energy");
    for (k, card) in told.iter().enumerate() {
        assert_eq!(
            h.state().asking(),
            Some("blueprint"),
            "card {k} is asked for: {:?}",
            h.state().message()
        );
        let offered: Vec<Blueprint> = h
            .get_all(
                egui_kittest::kittest::By::new()
                    .role(egui::Role::Button)
                    .label_contains(" / ")
                    .predicate(|n| !n.is_disabled()),
            )
            .filter_map(|n| {
                let label = n.accesskit_node().label()?;
                let en = label.split(" / ").next()?.to_string();
                Blueprint::ALL.iter().copied().find(|c| c.name() == en)
            })
            .collect();
        assert!(
            offered.contains(card),
            "card {k}: the true {card} is offered"
        );
        if k >= left {
            let want: Vec<Blueprint> = Blueprint::ALL
                .iter()
                .copied()
                .filter(|&c| new_deck.contains(c))
                .collect();
            assert_eq!(offered, want, "card {k}: the new deck's cards, none other");
            for c in &in_hands {
                assert!(!offered.contains(c), "{c} is only in secret hands");
            }
            new_deck.remove(*card);
        }
        // As a person would: its name in the search box, then a click on its line.
        h.get_by_role(egui::Role::TextInput)
            .type_text(&card.name().to_lowercase());
        h.run();
        let line = format!("{} / ", card.name());
        h.get_all(
            egui_kittest::kittest::By::new()
                .role(egui::Role::Button)
                .predicate(move |n| {
                    !n.is_disabled() && n.label().is_some_and(|l| l.starts_with(&line))
                }),
        )
        .next()
        .expect("the true card's line")
        .click();
        h.run();
    }
    let game = h.state().game().expect("a game").clone();
    let last = game.journal().last().expect("the refresh");
    assert_eq!(last.act, refresh);
    assert_eq!(last.inputs.blueprints, told);
    assert_eq!(
        game.state().market.blueprints,
        table.truth.state().market.blueprints
    );
}
