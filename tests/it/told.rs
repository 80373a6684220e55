//! Issue 73, point 2: at a real table with hidden hands, a player tells their own phone the
//! cards they draw in secret (docs/rules.md, "A card told in private"). Their phone names them;
//! every other phone, the spectator and the shared window count them as hidden, on the wire
//! and on the screen.

use super::seats::{assert_keeps_secrets, device, public_cards};
use foreman::engine::{Act, Action, Blueprint as B, Contractor as C, Game, Inputs, Setup, Tool};
use foreman::i18n::Lang;
use foreman::net::server::answer;
use foreman::net::wire::ServerMsg;
use foreman::net::{SeatKeys, Table};
use std::collections::HashSet;

/// A companion game with hidden hands of `n` players, dealt as a table deals it (docs/rules.md,
/// the opening deal in the table's order): both Dojos in the market, no Golem.
pub(crate) fn dealt_at_a_real_table(n: usize, seed: u64) -> Game {
    let mut g = Game::new(Setup::players(n, seed).companion()).expect("a game");
    let inputs = Inputs {
        tools: Some([Tool::Shovel, Tool::Gear, Tool::Wrench, Tool::Hammer]),
        blueprints: [B::Refinery, B::Dojo, B::Beacon, B::Dojo].as_slice().into(),
        contractors: vec![C::Architect, C::Miner, C::Investor, C::Engineer].into(),
        dice: Default::default(),
    };
    g.apply(Action::with_inputs(Act::Deal, inputs))
        .expect("the deal");
    g
}

fn tell(seat: usize, id: u64, card: B, seen: u64) -> String {
    serde_json::json!({
        "type": "act", "id": id, "seen": seen,
        "act": {"kind": "tell", "player": seat, "card": card.name()}
    })
    .to_string()
}

#[test]
fn a_card_told_on_a_phone_is_named_on_that_phone_only() {
    let table = Table::new(dealt_at_a_real_table(3, 41), None, SeatKeys::new(3));
    // Seat 1 tells a Golem while seat 0 has the market turn.
    let (reply, _) = answer(&table, Some(1), Lang::En, &tell(1, 7, B::Golem, 0));
    assert_eq!(reply, ServerMsg::Done { id: 7 });
    // Nobody tells for another seat, nor a spectator.
    let (reply, _) = answer(&table, Some(0), Lang::En, &tell(1, 8, B::Harvester, 0));
    assert!(matches!(reply, ServerMsg::Refused { .. }), "{reply:?}");
    let (reply, _) = answer(&table, None, Lang::En, &tell(1, 9, B::Harvester, 0));
    assert!(matches!(reply, ServerMsg::Refused { .. }), "{reply:?}");
    // A card whose every copy is on the table is refused with the rules' reason.
    let (reply, _) = answer(&table, Some(1), Lang::En, &tell(1, 10, B::Dojo, 0));
    let ServerMsg::Refused { reason, .. } = reply else {
        panic!("a Dojo told though every copy is seen: {reply:?}");
    };
    assert!(reason.contains("Dojo"), "{reason}");

    let game = table.game();
    assert!(game.state().players[1].told.contains(B::Golem));
    // Seat 1's own screen names it, in its hand and in its log.
    let own = table.view(Some(1), Lang::En);
    assert!(own.told.iter().any(|c| c.en == "Golem"));
    assert!(own.hand.iter().any(|c| c.en == "Golem"));
    assert_eq!(own.hidden, 3);
    assert!(
        own.log.iter().any(|l| l.contains("tells Foreman Golem")),
        "{:?}",
        own.log
    );
    // Every other screen: a count, a log line without the card, and no Golem anywhere.
    let mut seen = HashSet::new();
    // What is public: the deal (the market); the tell itself names its card only to its seat.
    let public = public_cards(&dealt_at_a_real_table(3, 41), &mut seen);
    assert!(!public.contains(&B::Golem));
    for viewer in [None, Some(0), Some(2)] {
        for lang in [Lang::En, Lang::Fr] {
            let view = table.view(viewer, lang);
            assert!(view.told.is_empty());
            assert_eq!(view.players[1].hand, 4);
            let message = ServerMsg::View {
                view: Box::new(view.clone()),
            }
            .to_json();
            assert_keeps_secrets(&message, viewer, &[B::Golem], &public, 41);
        }
        // Not even that a card was told: another seat's screen has no line for it.
        let en = table.view(viewer, Lang::En);
        assert!(
            !en.log.iter().any(|l| l.contains("tells Foreman")),
            "{:?}",
            en.log
        );
    }
    // Suggest for seat 0 (its market turn) is worked out on what seat 0 may see.
    let (reply, _) = answer(&table, Some(0), Lang::En, r#"{"type":"suggest"}"#);
    let ServerMsg::Suggestion { suggestion } = &reply else {
        panic!("no suggestion: {reply:?}");
    };
    assert_eq!(suggestion.steps.len(), 1, "the market choice");
    // Seat 0 told nothing: the suggestion says it may name a card not held.
    assert!(
        suggestion
            .notes
            .iter()
            .any(|n| n.contains("was not told your cards")),
        "{:?}",
        suggestion.notes
    );
    assert_keeps_secrets(&reply.to_json(), Some(0), &[B::Golem], &public, 41);
    // The suggested step is one the seat may send as it is.
    let step = serde_json::json!({
        "type": "act", "id": 11, "seen": table.version(), "act": suggestion.steps[0].act,
    });
    let (reply, _) = answer(&table, Some(0), Lang::En, &step.to_string());
    assert!(
        matches!(
            reply,
            ServerMsg::Done { id: 11 } | ServerMsg::Refused { need: Some(_), .. }
        ),
        "{reply:?}"
    );
}

/// The shared window, serving the game, never shows a card told on a phone: not in its hands,
/// not in its log, not even that one was told (the window's text as a screen reader reads it).
#[test]
fn the_table_window_never_shows_a_card_told_on_a_phone() {
    use egui_kittest::kittest::Queryable as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = super::window::harness(dir.path(), 5);
    h.state_mut().invite_at = foreman::ui::InviteAt {
        bind: "127.0.0.1".into(),
        port: 0,
    };
    super::window::open_game(&mut h, dir.path(), &dealt_at_a_real_table(2, 5));
    let (addr, key) = super::seats::invited(&mut h, 1);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let mut phone = rt.block_on(device::Device::open(addr, &key, "en"));
    let seen = phone.view["version"].as_u64().expect("a version");
    rt.block_on(phone.send(tell(1, 1, B::Golem, seen)));
    let done = rt.block_on(phone.until(|m| m["id"] == 1));
    assert_eq!(done["type"], "done", "{done}");
    rt.block_on(
        phone.until(|m| {
            m["type"] == "view" && !m["view"]["told"].as_array().is_none_or(Vec::is_empty)
        }),
    );
    // The window takes the change at its next frames; its journal has the card told.
    for _ in 0..5 {
        h.run();
    }
    let game = h.state().game().expect("a game");
    assert_eq!(game.state().players[1].hidden, 4, "shown as hidden");
    assert!(game.state().players[1].hand.is_empty());
    assert!(
        matches!(
            game.journal().last().map(|a| &a.act),
            Some(Act::Tell { player: 1, .. })
        ),
        "the window has the change"
    );
    assert_eq!(
        h.query_all_by_label_contains("Golem").count(),
        0,
        "a told card on the shared screen"
    );
    // Nor even that a card was told (the trial of issue 89 found the shared screen's log
    // saying it): the table screen is everyone's.
    assert_eq!(
        h.query_all_by_label_contains("tells Foreman").count(),
        0,
        "the shared screen says a card was told"
    );
    // The phone's own screen names it.
    assert!(phone.view["hand"].to_string().contains("Golem"));
}

/// Issue 89, point 10: at a real table, a hand Foreman was not told offers every card it
/// could hold; on the phone those builds are one group ("Build a card you have not told…"),
/// while a card told has its own ("Build Golem…"): a few groups, not one per card.
#[test]
fn builds_of_cards_not_told_are_one_group_on_the_phone() {
    use foreman::engine::state::Phase;
    let dealt = dealt_at_a_real_table(2, 12);
    let mut st = dealt.state().clone();
    let p = &mut st.players[0];
    p.metal = 12;
    p.energy = 12;
    p.hand.add(B::Golem);
    p.hidden = 3;
    st.phase = Phase::Work {
        turn: 0,
        rolled: true,
    };
    let game = Game::at_position(dealt.setup().clone(), st);
    let tr = foreman::i18n::Tr::new(Lang::En);
    let view = foreman::net::view::seat_view(&tr, &game.known_to(Some(0)), 0, &[], false);
    let builds: Vec<&str> = view
        .actions
        .iter()
        .filter(|a| matches!(a.act, Act::Build { .. }))
        .map(|a| a.group.as_str())
        .collect();
    let untold = builds
        .iter()
        .filter(|g| **g == "Build a card you have not told…")
        .count();
    assert!(
        untold >= 10,
        "every card the secret ones could be: {builds:?}"
    );
    let groups: HashSet<&str> = builds.iter().copied().collect();
    assert!(groups.contains("Build Golem…"), "{groups:?}");
    assert_eq!(groups.len(), 2, "{groups:?}");
}

/// The trial of issue 89: the table screen (everyone's) said "Ann: tells Foreman a card drawn
/// in secret" when Ann told her phone. Two windows serving the same game, one where Ann's
/// phone tells a Golem and one where it tells nothing, show the same words, the log included.
#[test]
fn the_table_screen_says_nothing_of_a_card_told_on_a_phone() {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    let words = |telling: bool| -> Vec<String> {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = super::window::harness(dir.path(), 5);
        h.state_mut().invite_at = foreman::ui::InviteAt {
            bind: "127.0.0.1".into(),
            port: 0,
        };
        super::window::open_game(&mut h, dir.path(), &dealt_at_a_real_table(2, 41));
        let (addr, ann) = super::seats::invited(&mut h, 0);
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let _ann = rt.block_on(async {
            let mut a = device::Device::open(addr, &ann, "en").await;
            if telling {
                a.send(tell(0, 3, B::Golem, 0)).await;
                a.until(|m| m["type"] == "done").await;
            }
            a
        });
        for _ in 0..20 {
            h.run();
        }
        // Every word on the screen but the links (each window has keys of its own): a
        // button's label, and a text's value (egui gives a label's words as its value).
        let mut said: Vec<String> = h
            .query_all(egui_kittest::kittest::By::new())
            .filter_map(|n| {
                let node = n.accesskit_node();
                node.label().or(node.value()).map(|l| l.to_string())
            })
            .filter(|l| !l.contains("http://"))
            // The seats' keys, shown beside their links.
            .filter(|l| !(l.len() >= 16 && l.chars().all(|c| c.is_ascii_hexdigit())))
            .collect();
        said.sort();
        said
    };
    let told = words(true);
    // The log's lines are read too (a text, not a button).
    assert!(told.iter().any(|l| l.contains("Deal")), "{told:?}");
    assert!(
        !told
            .iter()
            .any(|l| l.contains("tells Foreman") || l.contains("Golem")),
        "{told:?}"
    );
    assert_eq!(told, words(false));
}

/// The trial of issue 89: the window waited in silence while Ann's phone named the card that
/// refilled the market. At a real table, while the seat to act has a phone connected, the
/// window says it waits for that phone (and that its turn may be played here); with no
/// phone connected it says nothing of one, nor in the work phase, where everyone works at once
/// on their own phone (the second trial read it while all rolled).
#[test]
fn the_window_says_it_waits_for_the_phone_of_the_seat_to_act() {
    use egui_kittest::kittest::Queryable as _;
    let waiting = |phone: bool, work: bool| -> usize {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = super::window::harness(dir.path(), 5);
        h.state_mut().invite_at = foreman::ui::InviteAt {
            bind: "127.0.0.1".into(),
            port: 0,
        };
        let mut game = dealt_at_a_real_table(2, 41);
        if work {
            // Each takes the first market card (the refill told): the work phase.
            for card in [B::Golem, B::Robot] {
                let inputs = Inputs {
                    blueprints: [card].as_slice().into(),
                    ..Inputs::default()
                };
                game.apply(Action::with_inputs(Act::TakeBlueprint { slot: 0 }, inputs))
                    .expect("a card taken");
            }
            assert!(matches!(
                game.state().phase,
                foreman::engine::Phase::Work { .. }
            ));
        }
        let first = game.state().current_player().expect("a seat to act");
        super::window::open_game(&mut h, dir.path(), &game);
        let (addr, key) = super::seats::invited(&mut h, first);
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let _device = phone.then(|| rt.block_on(device::Device::open(addr, &key, "en")));
        for _ in 0..20 {
            h.run();
        }
        h.query_all_by_label_contains(&format!("Waiting for Player {}'s phone", first + 1))
            .count()
    };
    assert_eq!(waiting(true, false), 1);
    assert_eq!(waiting(false, false), 0);
    assert_eq!(waiting(true, true), 0);
}

/// The trial of issue 89: on the phone a hire from a hand not told listed every discard the
/// secret cards could be, times each gift (16 lines), and no line said what it changes. Now
/// the hires discarding a card not told are one group, a told card's hire its contractor's,
/// and every line says what it brings, as the window's choices do ("(+3 metal, -1 card)").
#[test]
fn hires_from_cards_not_told_are_one_group_and_lines_say_their_effect() {
    let dealt = dealt_at_a_real_table(2, 12);
    let mut st = dealt.state().clone();
    let p = st.current_player().expect("a seat to act");
    let tool = st.market.tools[1];
    let told = B::ALL
        .iter()
        .copied()
        .find(|c| c.tool() == tool)
        .expect("a card with the Miner's tool");
    st.players[p].energy = 8;
    st.players[p].hand.add(told);
    st.players[p].hidden = 3;
    let game = Game::at_position(dealt.setup().clone(), st);
    let tr = foreman::i18n::Tr::new(Lang::En);
    let view = foreman::net::view::seat_view(&tr, &game.known_to(Some(p)), 0, &[], false);
    let hires: Vec<(&str, &str)> = view
        .actions
        .iter()
        .filter(|a| matches!(a.act, Act::Hire { .. }))
        .map(|a| (a.group.as_str(), a.label.as_str()))
        .collect();
    let groups: HashSet<&str> = hires.iter().map(|(g, _)| *g).collect();
    let untold = "Hire, discarding a card you have not told…";
    assert!(groups.contains(untold), "{groups:?}");
    // The Miner (slot 2) discarding the card told: its own group, a line per gift, each
    // with the player's gain and the gift's.
    let miner: Vec<&str> = hires
        .iter()
        .filter(|(g, _)| *g == "Hire the Miner…")
        .map(|(_, l)| *l)
        .collect();
    assert!(!miner.is_empty(), "{hires:?}");
    assert!(
        miner
            .iter()
            .all(|l| l.contains("+3 metal") && l.contains("+1 metal")),
        "{miner:?}"
    );
    assert!(
        hires
            .iter()
            .filter(|(g, _)| *g != untold)
            .all(|(_, l)| l.contains(told.name())),
        "only the told card's hires outside the group: {hires:?}"
    );
    // A build line says its cost.
    let builds: Vec<&str> = view
        .actions
        .iter()
        .filter(|a| matches!(a.act, Act::Build { .. }))
        .map(|a| a.label.as_str())
        .collect();
    assert!(
        builds
            .iter()
            .all(|l| l.contains(" metal") || l.contains(" energy")),
        "{builds:?}"
    );
}

/// The second trial of issue 89: before the deal a phone said "Nothing to do now: the others
/// are playing". A seat with nothing to do before the deal is told the table deals first.
#[test]
fn a_phone_before_the_deal_waits_for_it() {
    let game = Game::new(Setup::players(2, 3).companion()).expect("a game");
    let tr = foreman::i18n::Tr::new(Lang::En);
    let view = foreman::net::view::seat_view(&tr, &game.known_to(Some(1)), 0, &[], false);
    assert!(view.actions.is_empty());
    assert_eq!(view.waiting, "The table deals first: wait for it.");
    let dealt = dealt_at_a_real_table(2, 3);
    let view = foreman::net::view::seat_view(&tr, &dealt.known_to(Some(1)), 0, &[], false);
    assert_eq!(view.waiting, "Nothing to do now: the others are playing.");
}
