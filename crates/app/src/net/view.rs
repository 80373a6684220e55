//! What one seat may see of a game, in its language: the public table (market, every
//! player's resources, compound, headquarters and dice, the Machine, the log), its own hand,
//! and the actions it may take now. It is made from what the seat may know ([`Known`]) and
//! nothing else: another seat's hand is a count, a card another seat drew or told is not
//! named, and there is no deck, no seed and no journal (secrets kept in an undo history
//! leaked in other engines: the view has none).

use super::table::UndoAsk;
use crate::engine::state::{Phase, Spot};
use crate::engine::{
    Act, Action, Blueprint, Contractor, Game, Known, Mode, legal_actions, switches,
};
use crate::i18n::{Lang, Tr, words};
use serde::Serialize;
use std::collections::BTreeMap;

pub use super::log::LOG_LINES;

/// One seat's screen (`seat: None`: a spectator, the public table only).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatView {
    /// The table's version: an action sends back the version it was chosen on.
    pub version: u64,
    pub seat: Option<usize>,
    pub lang: &'static str,
    /// `digital` (Foreman deals and rolls) or `companion` (real cards and dice).
    pub mode: &'static str,
    pub round: u32,
    /// Where the game stands, in words ("Round 2, work phase: Ann").
    pub phase: String,
    /// Whose turn it is (the work phase: whom the table is turned to).
    pub acting: Option<usize>,
    pub over: bool,
    /// What the seat waits for when it has nothing to do: the deal, or the others.
    pub waiting: String,
    pub market: MarketView,
    pub players: Vec<PlayerView>,
    pub machine: Option<MachineView>,
    /// This seat's own blueprints (none for a spectator); at a real table only the cards
    /// Foreman saw (`hidden` more are in the hand, unseen).
    pub hand: Vec<CardView>,
    /// Cards this seat told Foreman in private (in `hand` too): only this screen names them.
    pub told: Vec<CardView>,
    pub hidden: u8,
    /// *Suggest* may be asked now (the seat's market turn, or its work phase once rolled).
    pub can_suggest: bool,
    /// What this seat may do now, each with its words and the action to send back.
    pub actions: Vec<ActionView>,
    /// At a real table, the seat's roll is typed on its device: this many dice.
    pub roll_dice: Option<usize>,
    pub log: Vec<String>,
    /// The final score, once the game is over: each seat's total (the Machine's last).
    pub scores: Vec<(String, u32)>,
    /// The page's own words in the seat's language.
    pub labels: BTreeMap<&'static str, String>,
    /// At a real table, every blueprint's and contractor's name in the seat's language and
    /// in English, to tell a card revealed (empty in an on-screen game).
    pub names: Vec<(String, &'static str)>,
    pub contractor_names: Vec<(String, &'static str)>,
    /// At a real table, the four tools' names in the seat's language and in English (the
    /// deal's tool tokens, told by the game's maker).
    pub tool_names: Vec<(String, &'static str)>,
    /// The seat may ask to take back its own last action.
    pub can_undo: bool,
    /// Which seats have a device playing them now (filled in by the server).
    pub connected: Vec<bool>,
    /// A request to take an action back, waiting for the others.
    pub undo: Option<UndoView>,
    /// How the last request to take back ended ("Taken back…", "Bob refused…"), until the
    /// next action.
    pub undo_note: Option<String>,
}

/// A request to take an action back, as one seat's screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UndoView {
    /// "Ann asks to take back: Place the 3 on Mine".
    pub text: String,
    /// This seat asked it.
    pub mine: bool,
    /// This seat may still agree (or refuse).
    pub answer: bool,
    /// Whom the request still waits for ("Waiting for Bob and Cid…"), on the asker's screen.
    pub waiting: String,
}

/// `ask` as `seat`'s screen shows it; `window`: the table screen answers it.
pub fn undo_view(
    tr: &Tr,
    known: &Known,
    ask: &UndoAsk,
    seat: Option<usize>,
    window: bool,
) -> UndoView {
    let i = Lang::ALL.iter().position(|&l| l == tr.lang()).unwrap_or(0);
    let what = ask.words.get(i).cloned().unwrap_or_default();
    let name = words::player_name(tr, known.game(), ask.seat);
    let mine = seat == Some(ask.seat);
    UndoView {
        text: if mine {
            tr.t_args("web-undo-you-asked", &[("what", what.into())])
        } else {
            tr.t_args(
                "web-undo-asks",
                &[("name", name.into()), ("what", what.into())],
            )
        },
        mine,
        answer: !window
            && seat.is_some_and(|s| s != ask.seat && !ask.agreed.get(s).copied().unwrap_or(true)),
        waiting: if window {
            tr.t("web-undo-waiting-table")
        } else {
            let names: Vec<String> = ask
                .agreed
                .iter()
                .enumerate()
                .filter(|(_, a)| !**a)
                .map(|(s, _)| words::player_name(tr, known.game(), s))
                .collect();
            tr.t_args(
                "web-undo-waiting-for",
                &[("names", names.join(", ").into())],
            )
        },
    }
}

/// The page's words, sent with every view (the page has none of its own).
const LABELS: [&str; 59] = [
    "review",
    "review-biggest",
    "web-reviewing",
    "web-tell-hint",
    "web-die",
    "web-die-then",
    "web-tell-now",
    "web-drew-tell",
    "web-your-turn",
    "web-several-cards",
    "suggest-how",
    "web-offline",
    "web-tell",
    "web-tell-which",
    "web-told",
    "suggest",
    "suggest-thinking",
    "suggest-next",
    "suggest-hide",
    "web-no-such-card",
    "web-which-blueprint",
    "web-which-contractor",
    "web-hand",
    "web-compound",
    "web-market",
    "web-blueprints",
    "web-contractors",
    "web-others",
    "web-machine",
    "web-log",
    "web-actions",
    "web-no-actions",
    "web-roll",
    "web-send",
    "web-connecting",
    "web-reconnecting",
    "web-spectator-title",
    "web-dice",
    "web-hq",
    "web-score",
    "web-ended",
    "web-back",
    "machine",
    "web-undo",
    "web-undo-yes",
    "web-undo-no",
    "web-undo-waiting",
    "web-which-tools",
    "web-machine-dice",
    "web-elsewhere",
    "web-take-over",
    "web-taken-over",
    "web-your-turn",
    "web-connected",
    "web-not-connected",
    "web-group-build-untold",
    "web-group-hire-untold",
    "web-tell-which-build",
    "web-tell-which-hire",
];

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardView {
    /// The name in the seat's language (French under French), and in English.
    pub name: String,
    pub en: &'static str,
    pub tool: String,
    pub kind: String,
    /// The type's English name, the page's colour band.
    pub kind_class: &'static str,
    pub metal: u8,
    pub energy: u8,
    pub prestige: u8,
    pub effect: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractorView {
    pub name: String,
    pub en: &'static str,
    pub effect: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MarketView {
    pub blueprints: Vec<Option<CardView>>,
    pub contractors: Vec<Option<ContractorView>>,
    /// The tool token above each contractor slot.
    pub tools: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerView {
    pub name: String,
    pub colour: String,
    /// The colour as the page paints it (`#rrggbb`).
    pub rgb: &'static str,
    pub metal: u32,
    pub energy: u32,
    pub goods: u32,
    pub prestige: u32,
    /// Blueprints in hand: a count for everyone, and said in words.
    pub hand: usize,
    pub hand_words: String,
    pub compound: Vec<CardView>,
    pub dice: Vec<DieView>,
    /// The dice on each headquarters section (Research, Mine, Generate).
    pub hq: Vec<(String, Vec<u8>)>,
    /// This player has ended the work phase (said in `ended`).
    pub worked: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DieView {
    pub value: u8,
    /// Where it was placed, in words (`None`: still free).
    pub placed: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MachineView {
    pub goods: u32,
    pub score: u32,
    pub compound: Vec<CardView>,
    /// The five dice as last rolled (red, blue, purple, yellow, green).
    pub dice: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ActionView {
    /// The first step the page shows ("Build Dojo…"), then `label` among the group's.
    pub group: String,
    pub label: String,
    pub act: Act,
}

/// The view of the seat `known` is for (a spectator's with `None`), at `version`, with the
/// lines of the log it may read; `runs`: this seat tells the table's own actions (the deal,
/// the Machine's turn) at a real table made in the lobby.
pub fn seat_view(tr: &Tr, known: &Known, version: u64, log: &[String], runs: bool) -> SeatView {
    let seat = known.seat();
    let game = known.game();
    let st = game.state();
    let card = |c: Blueprint| card_view(tr, c);
    let market = MarketView {
        blueprints: st.market.blueprints.iter().map(|c| c.map(card)).collect(),
        contractors: st
            .market
            .contractors
            .iter()
            .map(|c| c.map(|c| contractor_view(tr, c)))
            .collect(),
        tools: st
            .market
            .tools
            .iter()
            .map(|&t| words::tool(tr, t))
            .collect(),
    };
    let players = st
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerView {
            name: words::player_name(tr, game, i),
            colour: words::colour(tr, p.colour),
            rgb: rgb(p.colour),
            metal: p.metal,
            energy: p.energy,
            goods: p.goods,
            prestige: p.prestige(),
            hand: p.hand.len() + usize::from(p.hidden),
            hand_words: tr.t_args(
                "web-cards-in-hand",
                &[("count", (p.hand.len() + usize::from(p.hidden)).into())],
            ),
            compound: cards(tr, p.compound.iter()),
            dice: p
                .dice
                .as_slice()
                .iter()
                .map(|d| DieView {
                    value: d.value,
                    placed: d.placed.map(|s| match s {
                        Spot::Hq(section) => words::section(tr, section),
                        Spot::Card(c) => words::card_name(tr, c),
                    }),
                })
                .collect(),
            hq: crate::engine::state::Section::ALL
                .iter()
                .zip(&p.hq)
                .map(|(&s, h)| (words::section(tr, s), h.dice[..h.len()].to_vec()))
                .collect(),
            worked: p.worked,
        })
        .collect();
    let machine = st.machine.as_ref().map(|m| MachineView {
        goods: m.goods,
        score: m.score(),
        compound: cards(tr, m.compound.iter()),
        dice: known.machine_dice().to_vec(),
    });
    let own = seat.and_then(|s| st.players.get(s));
    let companion = known.mode() == Mode::Companion;
    let (mut actions, roll_dice) = match seat {
        Some(s) => actions_for(tr, game, s, companion),
        None => (Vec::new(), None),
    };
    if runs && companion {
        // The maker's device tells the deal and the Machine's turns.
        let act = match st.phase {
            Phase::Setup => Some(Act::Deal),
            Phase::Machine => Some(Act::MachineTurn),
            _ => None,
        };
        actions.extend(act.map(|act| ActionView {
            group: words::act(tr, game, &act),
            label: words::act(tr, game, &act),
            act,
        }));
    }
    let scores = if st.is_over() {
        let board = crate::engine::score::scoreboard(st);
        let mut out: Vec<(String, u32)> = board
            .players
            .iter()
            .map(|p| (words::player_name(tr, game, p.seat), p.total))
            .collect();
        if let Some(m) = &st.machine {
            out.push((tr.t("machine"), m.score()));
        }
        out
    } else {
        Vec::new()
    };
    SeatView {
        version,
        seat,
        lang: tr.lang().code(),
        mode: if companion { "companion" } else { "digital" },
        round: st.round,
        phase: words::phase_for_seats(tr, game),
        acting: st.current_player(),
        over: st.is_over(),
        // Before the deal "the others are playing" was wrong (the second trial of issue 89).
        waiting: tr.t(if st.phase == Phase::Setup {
            "web-waiting-deal"
        } else {
            "web-no-actions"
        }),
        market,
        players,
        machine,
        hand: own.map_or_else(Vec::new, |p| cards(tr, p.hand.iter())),
        told: own.map_or_else(Vec::new, |p| cards(tr, p.told.iter())),
        hidden: own.map_or(0, |p| p.hidden),
        can_suggest: !actions.is_empty()
            && matches!(
                game.state().phase,
                Phase::Market { .. } | Phase::Work { .. }
            )
            && roll_dice.is_none()
            && !actions.iter().any(|a| matches!(a.act, Act::Roll { .. })),
        actions,
        roll_dice,
        log: log.to_vec(),
        scores,
        labels: labels(tr, own.map_or(0, |p| p.hidden)),
        names: if companion {
            Blueprint::ALL
                .iter()
                .map(|&c| (words::card_name(tr, c), c.name()))
                .collect()
        } else {
            Vec::new()
        },
        contractor_names: if companion {
            Contractor::ALL
                .iter()
                .map(|&c| (words::contractor_name(tr, c), c.name()))
                .collect()
        } else {
            Vec::new()
        },
        tool_names: if runs && companion {
            crate::engine::Tool::ALL
                .iter()
                .map(|&t| (words::tool(tr, t), t.name()))
                .collect()
        } else {
            Vec::new()
        },
        can_undo: false,
        connected: Vec::new(),
        undo: None,
        undo_note: None,
    }
}

fn labels(tr: &Tr, hidden: u8) -> BTreeMap<&'static str, String> {
    let mut out: BTreeMap<&'static str, String> = LABELS.iter().map(|&k| (k, tr.t(k))).collect();
    out.insert(
        "web-hidden",
        tr.t_args("web-hidden", &[("count", hidden.into())]),
    );
    out
}

/// What `seat` may do now: its actions when it acts, and in the work phase, when it has not
/// ended its own, the actions it would have once the table turned to it (the host turns it,
/// `Act::Switch`, when one comes). A real table's roll is typed: `roll_dice` says how many.
fn actions_for(
    tr: &Tr,
    game: &Game,
    seat: usize,
    companion: bool,
) -> (Vec<ActionView>, Option<usize>) {
    let st = game.state();
    let turned;
    let at = if st.current_player() == Some(seat) {
        game
    } else if switches(st).contains(&Act::Switch { player: seat as u8 }) {
        let mut g = game.clone();
        if g.apply(Action::new(Act::Switch { player: seat as u8 }))
            .is_err()
        {
            return (Vec::new(), None);
        }
        turned = g;
        &turned
    } else {
        return (Vec::new(), None);
    };
    let mut roll_dice = None;
    let actions = legal_actions(at.state())
        .into_iter()
        .filter(|a| !matches!(a, Act::Switch { .. } | Act::Deal | Act::MachineTurn))
        .filter_map(|act| {
            if companion && matches!(act, Act::Roll { .. }) {
                // Told by the device, one key per die.
                roll_dice = dice_to_roll(at);
                return None;
            }
            Some(ActionView {
                group: group(tr, at, &act),
                // With what it changes for the player, as the window's choices say it.
                label: crate::i18n::gains::choice_line(tr, at, &act),
                act,
            })
        })
        .collect();
    (actions, roll_dice)
}

/// How many dice a roll takes now at a real table: the first count the rules accept.
pub fn dice_to_roll(game: &Game) -> Option<usize> {
    (1..=8).find(|&n| {
        let mut g = game.clone();
        let inputs = crate::engine::Inputs {
            dice: std::iter::repeat_n(1, n).collect(),
            ..Default::default()
        };
        g.apply(Action::with_inputs(
            Act::Roll {
                set: Default::default(),
            },
            inputs,
        ))
        .is_ok()
    })
}

/// The first step of an action on a small screen: a build by its card, a hire by its
/// contractor, an activation by its card, a die by where it goes; the rest by themselves.
fn group(tr: &Tr, game: &Game, act: &Act) -> String {
    let st = game.state();
    // A card of the hand Foreman was not told (at a real table, one drawn in secret): the
    // builds of all such cards are one group, not one each (issue 89, point 10).
    let untold = |card: crate::engine::Blueprint| {
        st.current_player()
            .and_then(|p| st.players.get(p))
            .is_some_and(|p| p.hidden > 0 && p.hand.count(card) == 0)
    };
    match act {
        Act::Build { card, .. } if untold(*card) => tr.t("web-group-build-untold"),
        // A hire discarding a card not told: one group too (the trial of issue 89 found 16
        // lines, every discard the secret cards could be times each gift).
        Act::Hire { discard, .. } if untold(*discard) => tr.t("web-group-hire-untold"),
        Act::Build { card, .. } => tr.t_args(
            "web-group-build",
            &[("card", words::card_name(tr, *card).into())],
        ),
        Act::Activate { card, .. } | Act::Replicate { card, .. } => tr.t_args(
            "web-group-activate",
            &[("card", words::card_name(tr, *card).into())],
        ),
        Act::Hire { slot, .. } => {
            let name = game.state().market.contractors[usize::from(*slot) % 4]
                .map(|c| words::contractor_name(tr, c))
                .unwrap_or_default();
            tr.t_args("web-group-hire", &[("contractor", name.into())])
        }
        Act::EndWork { .. } => tr.t("web-group-end"),
        Act::RefreshMarket { .. } => tr.t("web-group-refresh"),
        _ => words::act(tr, game, act),
    }
}

fn cards(tr: &Tr, pile: impl Iterator<Item = (Blueprint, u8)>) -> Vec<CardView> {
    pile.flat_map(|(c, n)| std::iter::repeat_n(card_view(tr, c), usize::from(n)))
        .collect()
}

fn card_view(tr: &Tr, c: Blueprint) -> CardView {
    let info = c.info();
    CardView {
        name: words::card_name(tr, c),
        en: c.name(),
        tool: words::tool(tr, c.tool()),
        kind: words::kind(tr, c.kind()),
        kind_class: c.kind().name(),
        metal: info.metal,
        energy: info.energy,
        prestige: info.prestige,
        effect: words::card_effect(tr, c),
    }
}

fn contractor_view(tr: &Tr, c: Contractor) -> ContractorView {
    ContractorView {
        name: words::contractor_name(tr, c),
        en: c.name(),
        effect: words::contractor_effect(tr, c),
    }
}

fn rgb(c: crate::engine::state::Colour) -> &'static str {
    use crate::engine::state::Colour as C;
    match c {
        C::Red => "#d94c3d",
        C::Blue => "#3f7fd9",
        C::Green => "#3fa65a",
        C::Purple => "#8f5bd0",
        C::Yellow => "#e0b43a",
        C::White => "#e8e8e8",
    }
}

/// The phase said plainly for a test or a log: the market, the work phase, the Machine.
pub fn phase_name(game: &Game) -> &'static str {
    match game.state().phase {
        Phase::Setup => "setup",
        Phase::Market { .. } => "market",
        Phase::Work { .. } => "work",
        Phase::Machine => "machine",
        Phase::Over => "over",
    }
}
