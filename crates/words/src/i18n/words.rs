//! The game's words in a language: card names, tools, sections, colours, card types, the
//! phase, refusals ([`RuleError`]), what happened ([`Event`]) and actions ([`Act`]), as
//! sentences from the Fluent files. The engine's own English sentences stay the reference for
//! refusals (the English file repeats them).

use super::{Arg, Tr};
use crate::engine::apply::Pattern;
use crate::engine::score::{TieBreak, Winner};
use crate::engine::state::{Colour, Phase, Section};
use crate::engine::{
    Act, Blueprint, Bonus, CardType, Contractor, Event, Game, Now, Resource, Row, RuleError, Tool,
    When,
};

/// Who won, as the score card says it: the Machine, or the winners' names joined by " & ".
pub fn winner(tr: &Tr, game: &Game, winner: &Winner) -> String {
    match winner {
        Winner::Machine => tr.t("machine"),
        Winner::Players(seats) => seats
            .iter()
            .map(|&s| player_name(tr, game, s))
            .collect::<Vec<_>>()
            .join(" & "),
    }
}

/// How a tie was broken (docs/rules.md, end of the game).
pub fn tie_break(tr: &Tr, tie: TieBreak) -> String {
    tr.t(match tie {
        TieBreak::Metal => "tie-metal",
        TieBreak::Energy => "tie-energy",
        TieBreak::Hand => "tie-hand",
        TieBreak::Shared => "tie-shared",
        TieBreak::MachineWinsTies => "tie-machine",
    })
}

/// Seat `seat`'s name: the one given, or, left empty, the language's "Player 2" (a name
/// left empty follows the window's language).
pub fn player_name(tr: &Tr, game: &Game, seat: usize) -> String {
    match game
        .setup()
        .players
        .get(seat)
        .map(|p| crate::engine::apply::clean_name(&p.name))
    {
        Some(name) if !name.is_empty() => name,
        _ => tr.t_args("player-default", &[("seat", (seat + 1).into())]),
    }
}

/// A blueprint's name: French under French (cards.md gives both), English otherwise.
pub fn card_name(tr: &Tr, c: Blueprint) -> String {
    if tr.lang().card_names_in_french() {
        c.name_fr().to_string()
    } else {
        c.name().to_string()
    }
}

/// What a blueprint does, written out in the language (cards.md, in the rulebook's words).
pub fn card_effect(tr: &Tr, c: Blueprint) -> String {
    tr.t(&format!(
        "effect-{}",
        c.name().to_lowercase().replace(' ', "-")
    ))
}

/// What hiring a contractor does, as [`card_effect`].
pub fn contractor_effect(tr: &Tr, c: Contractor) -> String {
    tr.t(&format!(
        "effect-{}",
        c.name().to_lowercase().replace(' ', "-")
    ))
}

/// A contractor's name, as [`card_name`].
pub fn contractor_name(tr: &Tr, c: Contractor) -> String {
    if tr.lang().card_names_in_french() {
        c.name_fr().to_string()
    } else {
        c.name().to_string()
    }
}

fn card(tr: &Tr, c: Blueprint) -> Arg {
    Arg::Text(card_name(tr, c))
}

fn contractor(tr: &Tr, c: Contractor) -> Arg {
    Arg::Text(contractor_name(tr, c))
}

pub fn tool(tr: &Tr, t: Tool) -> String {
    tr.t(match t {
        Tool::Shovel => "tool-shovel",
        Tool::Gear => "tool-gear",
        Tool::Wrench => "tool-wrench",
        Tool::Hammer => "tool-hammer",
    })
}

pub fn section(tr: &Tr, s: Section) -> String {
    tr.t(match s {
        Section::Research => "section-research",
        Section::Mine => "section-mine",
        Section::Generate => "section-generate",
    })
}

/// A colour by its English name as the dice and the engine spell it ("red", "white"…).
pub fn colour_named(tr: &Tr, english: &str) -> String {
    tr.t(&format!("colour-{}", english.to_lowercase()))
}

pub fn colour(tr: &Tr, c: Colour) -> String {
    tr.t(match c {
        Colour::Red => "colour-red",
        Colour::Blue => "colour-blue",
        Colour::Green => "colour-green",
        Colour::Purple => "colour-purple",
        Colour::Yellow => "colour-yellow",
        Colour::White => "colour-white",
    })
}

pub fn kind(tr: &Tr, t: CardType) -> String {
    tr.t(&format!("type-{}", t.name().to_lowercase()))
}

/// Where the game stands: the round, the phase and who acts.
pub fn phase(tr: &Tr, game: &Game) -> String {
    let st = game.state();
    let who = Arg::Text(
        st.current_player()
            .map(|p| player_name(tr, game, p))
            .unwrap_or_default(),
    );
    let round = Arg::from(st.round);
    let mut text = match st.phase {
        Phase::Setup => tr.t("phase-setup"),
        Phase::Market { .. } => tr.t_args("phase-market", &[("round", round), ("name", who)]),
        Phase::Work { rolled: false, .. } => {
            tr.t_args("phase-roll", &[("round", round), ("name", who)])
        }
        Phase::Work { .. } => tr.t_args("phase-work", &[("round", round), ("name", who)]),
        Phase::Machine => tr.t_args("phase-machine", &[("round", round)]),
        Phase::Over => tr.t_args("phase-over", &[("round", round)]),
    };
    if st.final_round() == Some(st.round) && st.phase != Phase::Over {
        text.push_str(&format!(" — {}", tr.t("last-round")));
    }
    text
}

/// The phase as a seat's own screen says it: in the work phase everyone works at once, so
/// it names nobody (the window's [`phase`] names whom the shared screen is turned to).
pub fn phase_for_seats(tr: &Tr, game: &Game) -> String {
    let st = game.state();
    if !matches!(st.phase, Phase::Work { .. }) {
        return phase(tr, game);
    }
    let mut text = tr.t_args("phase-work-all", &[("round", Arg::from(st.round))]);
    if st.final_round() == Some(st.round) {
        text.push_str(&format!(" — {}", tr.t("last-round")));
    }
    text
}

fn resource(tr: &Tr, what: Resource) -> Arg {
    Arg::Text(tr.t(match what {
        Resource::Metal => "res-metal",
        Resource::Energy => "res-energy",
    }))
}

/// The words of when an act is done (`RuleError::WrongPhase::expected`).
fn when_key(expected: When) -> &'static str {
    match expected {
        When::Market => "when-market",
        When::Work => "when-work",
        When::WorkStart => "when-work-start",
        When::MachineTurn => "when-machine",
        When::Deal => "when-deal",
        When::Dealt => "when-dealt",
        When::Pass => "when-pass",
    }
}

/// The words of the phase a refusal names as now (`RuleError::WrongPhase::now`).
fn now_key(now: Now) -> &'static str {
    match now {
        Now::Deal => "now-setup",
        Now::Market => "now-market",
        Now::Work => "now-work",
        Now::MachineTurn => "now-machine",
        Now::Over => "now-over",
        Now::MarketWithChoice => "now-market-choice",
    }
}

/// The words of the dice a card's activation takes.
fn pattern_key(needs: Pattern) -> &'static str {
    match needs {
        Pattern::Any => "pattern-any",
        Pattern::Exactly(1) => "pattern-one",
        Pattern::Exactly(4) => "pattern-four",
        Pattern::Exactly(_) => "pattern-six",
        Pattern::Equal(2) => "pattern-pair",
        Pattern::Equal(_) => "pattern-triple",
        Pattern::Run3 => "pattern-run",
        Pattern::Sum14 => "pattern-sum14",
        Pattern::Targets(1) => "pattern-target",
        Pattern::Targets(_) => "pattern-targets",
    }
}

/// A refusal in the interface language.
pub fn refusal(tr: &Tr, e: &RuleError) -> String {
    use RuleError as E;
    let t = |k: &str| tr.t(k);
    let ta = |k: &str, a: &[(&str, Arg)]| tr.t_args(k, a);
    match e {
        E::WrongPhase { expected, now } => ta(
            "err-wrong-phase-when",
            &[
                ("when", t(when_key(*expected)).into()),
                ("now", t(now_key(*now)).into()),
            ],
        ),
        E::GameOver => t("err-game-over"),
        E::AlreadyRefreshed => t("err-already-refreshed"),
        E::NotRolled => t("err-not-rolled"),
        E::AlreadyRolled => t("err-already-rolled"),
        E::NoSuchSlot(s) => ta("err-no-such-slot", &[("slot", (*s).into())]),
        E::EmptySlot(s) => ta("err-empty-slot", &[("slot", (*s).into())]),
        E::CannotPayRefresh(what) => ta("err-cannot-pay-refresh", &[("what", resource(tr, *what))]),
        E::WrongHireTool {
            contractor: c,
            tool: need,
            discard,
            discard_tool,
        } => ta(
            "err-wrong-hire-tool",
            &[
                ("contractor", contractor(tr, *c)),
                ("tool", tool(tr, *need).into()),
                ("discard", card(tr, *discard)),
                ("discard_tool", tool(tr, *discard_tool).into()),
            ],
        ),
        E::CannotPayContractor {
            contractor: c,
            cost,
            have,
        } => ta(
            "err-cannot-pay-contractor",
            &[
                ("contractor", contractor(tr, *c)),
                ("cost", (*cost).into()),
                ("have", (*have).into()),
            ],
        ),
        E::OpponentNeeded(c) => ta("err-opponent-needed", &[("contractor", contractor(tr, *c))]),
        E::BadOpponent(p) => ta("err-bad-opponent", &[("player", (*p).into())]),
        E::NoOpponentChoice(c) => ta(
            "err-no-opponent-choice",
            &[("contractor", contractor(tr, *c))],
        ),
        E::NotInHand(c) => ta("err-not-in-hand", &[("card", card(tr, *c))]),
        E::NotInPlay { card: c, copies } => ta(
            "err-not-in-play",
            &[("card", card(tr, *c)), ("copies", (*copies).into())],
        ),
        E::NotDrawn(c) => ta("err-not-drawn", &[("card", card(tr, *c))]),
        E::NothingToTell => t("err-nothing-to-tell"),
        E::NotTold(c) => ta("err-not-told", &[("card", card(tr, *c))]),
        E::NamedTooOften {
            card: c,
            named,
            most,
        } => ta(
            "err-named-too-often",
            &[
                ("card", card(tr, *c)),
                ("named", (*named).into()),
                ("most", (*most).into()),
            ],
        ),
        E::InSecretHands(c) => ta("err-in-secret-hands", &[("card", card(tr, *c))]),
        E::NoSuchPlayer(n) => ta("err-no-such-player", &[("player", (*n).into())]),
        E::WorkEnded(n) => ta("err-work-ended", &[("player", (*n).into())]),
        E::HiddenHandsDigital => t("err-hidden-hands-digital"),
        E::BotAtTheTable => t("err-bot-at-the-table"),
        E::NeedSecondCopy(c) => ta("err-need-second-copy", &[("card", card(tr, *c))]),
        E::NotInCompound(c) => ta("err-not-in-compound", &[("card", card(tr, *c))]),
        E::NoSuchDie(d) => ta("err-no-such-die", &[("die", (*d).into())]),
        E::DieAlreadyPlaced(d) => ta("err-die-already-placed", &[("die", (*d).into())]),
        E::DieTwice(d) => ta("err-die-twice", &[("die", (*d).into())]),
        E::BadFace(v) => ta("err-bad-face", &[("value", (*v).into())]),
        E::SectionValue {
            section: s, value, ..
        } => ta(
            match s {
                Section::Generate => "err-generate-value",
                _ => "err-mine-value",
            },
            &[
                ("section", section(tr, *s).into()),
                ("value", (*value).into()),
            ],
        ),
        E::SectionFull(s) => ta("err-section-full", &[("section", section(tr, *s).into())]),
        E::TooManySet(n) => ta("err-too-many-set", &[("count", (*n).into())]),
        E::NoForeman => t("err-no-foreman"),
        E::NoSpecialist => t("err-no-specialist"),
        E::NoBuildDiscard {
            card: c,
            tool: need,
        } => ta(
            "err-no-build-discard",
            &[("card", card(tr, *c)), ("tool", tool(tr, *need).into())],
        ),
        E::WrongBuildTool {
            card: c,
            tool: need,
            discard,
            discard_tool,
        } => ta(
            "err-wrong-build-tool",
            &[
                ("card", card(tr, *c)),
                ("tool", tool(tr, *need).into()),
                ("discard", card(tr, *discard)),
                ("discard_tool", tool(tr, *discard_tool).into()),
            ],
        ),
        E::Duplicate(c) => ta("err-duplicate", &[("card", card(tr, *c))]),
        E::CannotAffordBuild {
            card: c,
            metal,
            energy,
            have_metal,
            have_energy,
        } => ta(
            "err-cannot-afford-build",
            &[
                ("card", card(tr, *c)),
                ("metal", (*metal).into()),
                ("energy", (*energy).into()),
                ("have_metal", (*have_metal).into()),
                ("have_energy", (*have_energy).into()),
            ],
        ),
        E::AlreadyActivated(c) => ta("err-already-activated", &[("card", card(tr, *c))]),
        E::NoActivation(c) => ta("err-no-activation", &[("card", card(tr, *c))]),
        E::DicePattern {
            card: c,
            needs,
            got,
        } => {
            let values: Vec<String> = got.iter().map(u8::to_string).collect();
            let got = if values.is_empty() {
                t("dice-none-given")
            } else {
                ta("dice-show", &[("values", values.join(", ").into())])
            };
            ta(
                "err-dice-pattern",
                &[
                    ("card", card(tr, *c)),
                    ("needs", t(pattern_key(*needs)).into()),
                    ("got", got.into()),
                ],
            )
        }
        E::NeedEnergy {
            card: c,
            needs,
            have,
        } => ta(
            "err-need-energy",
            &[
                ("card", card(tr, *c)),
                ("needs", (*needs).into()),
                ("have", (*have).into()),
            ],
        ),
        E::NeedMetal {
            card: c,
            needs,
            have,
        } => ta(
            "err-need-metal",
            &[
                ("card", card(tr, *c)),
                ("needs", (*needs).into()),
                ("have", (*have).into()),
            ],
        ),
        E::DiscardCount {
            card: c,
            needs,
            got,
        } => ta(
            "err-discard-count",
            &[
                ("card", card(tr, *c)),
                ("needs", (*needs).into()),
                ("got", (*got).into()),
            ],
        ),
        E::ChoiceNeeded { card: c, .. } => ta("err-choice-needed", &[("card", card(tr, *c))]),
        E::BadChoice { card: c, .. } => ta("err-bad-choice", &[("card", card(tr, *c))]),
        E::GymnasiumOnSix => t("err-gymnasium-on-six"),
        E::FitnessOnOne => t("err-fitness-on-one"),
        E::NoReplicator => t("err-no-replicator"),
        E::NotInMarket(c) => ta("err-not-in-market", &[("card", card(tr, *c))]),
        E::CannotReplicate(c) => ta("err-cannot-replicate", &[("card", card(tr, *c))]),
        E::HandLimit { needs, got } => ta(
            "err-hand-limit",
            &[("needs", (*needs).into()), ("got", (*got).into())],
        ),
        E::ResourceLimit { needs, got } => ta(
            "err-resource-limit",
            &[("needs", (*needs).into()), ("got", (*got).into())],
        ),
        E::DropTooMuch { what, named, have } => ta(
            "err-drop-too-much",
            &[
                ("what", resource(tr, *what)),
                ("named", (*named).into()),
                ("have", (*have).into()),
            ],
        ),
        E::NeedDie(_) => t("err-need-die"),
        E::NeedBlueprint => t("need-blueprint"),
        E::NeedContractor => t("need-contractor"),
        E::NeedTools => t("need-tools"),
        E::BadTools => t("err-bad-tools"),
        E::ImpossibleBlueprint { card: c, copies } => ta(
            "err-impossible-card",
            &[("card", card(tr, *c)), ("copies", (*copies).into())],
        ),
        E::ImpossibleContractor { card: c, copies } => ta(
            "err-impossible-card",
            &[("card", contractor(tr, *c)), ("copies", (*copies).into())],
        ),
        E::UnusedInputs(_) => t("err-unused-inputs"),
        E::PlayerCount(n) => ta("err-player-count", &[("count", (*n).into())]),
        E::SoloPlayers => t("err-solo-players"),
        E::OnePlayerIsSolo => t("err-one-player-is-solo"),
        E::WhiteIsSolo => t("err-white-is-solo"),
        E::SharedColour(c) => ta("err-shared-colour", &[("colour", colour(tr, *c).into())]),
    }
}

/// What happened, in the interface language; `None` for what needs no line.
pub fn event(tr: &Tr, game: &Game, e: &Event) -> Option<String> {
    let name = |p: &usize| Arg::Text(player_name(tr, game, *p));
    let ta = |k: &str, a: &[(&str, Arg)]| tr.t_args(k, a);
    Some(match e {
        Event::Drew { player, card: c } => {
            ta("ev-drew", &[("name", name(player)), ("card", card(tr, *c))])
        }
        Event::Reshuffled {
            row: Row::Blueprints,
        } => tr.t("ev-reshuffled-blueprints"),
        Event::Reshuffled {
            row: Row::Contractors,
        } => tr.t("ev-reshuffled-contractors"),
        Event::Built { player, card: c } => ta(
            "ev-built",
            &[("name", name(player)), ("card", card(tr, *c))],
        ),
        Event::EngineerSkipped { card: c } => ta("ev-engineer-skipped", &[("card", card(tr, *c))]),
        Event::Investor {
            card: c,
            metal,
            energy,
        } => ta(
            "ev-investor",
            &[
                ("card", card(tr, *c)),
                ("metal", (*metal).into()),
                ("energy", (*energy).into()),
            ],
        ),
        Event::Triggered { player, card: c } => ta(
            "ev-triggered",
            &[("name", name(player)), ("card", card(tr, *c))],
        ),
        Event::Rolled { player, dice } => ta(
            "ev-rolled",
            &[
                ("name", name(player)),
                (
                    "dice",
                    dice.iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                        .into(),
                ),
            ],
        ),
        Event::MachineRolled { dice } => ta(
            "ev-machine-rolled",
            &[
                ("red", dice[0].into()),
                ("blue", dice[1].into()),
                ("purple", dice[2].into()),
                ("yellow", dice[3].into()),
                ("green", dice[4].into()),
            ],
        ),
        Event::MachineTook {
            card: c,
            slot: Some(s),
        } => ta(
            "ev-machine-took",
            &[("card", card(tr, *c)), ("slot", (s + 1).into())],
        ),
        Event::MachineTook {
            card: c,
            slot: None,
        } => ta("ev-machine-revealed", &[("card", card(tr, *c))]),
        Event::MachineDiscardedRow {
            row: Row::Blueprints,
        } => tr.t("ev-machine-discarded-blueprints"),
        Event::MachineDiscardedRow {
            row: Row::Contractors,
        } => tr.t("ev-machine-discarded-contractors"),
        Event::MachineProduction {
            die,
            value,
            cards,
            produced,
        } => {
            let colour = colour_named(tr, &format!("{die:?}"));
            let kind = die.card_type().map(|t| kind(tr, t)).unwrap_or_default();
            ta(
                if *produced {
                    "ev-machine-produced"
                } else {
                    "ev-machine-idle"
                },
                &[
                    ("colour", colour.into()),
                    ("value", (*value).into()),
                    ("cards", (*cards).into()),
                    ("type", kind.into()),
                ],
            )
        }
        Event::EndTriggered { round } => ta("ev-end-triggered", &[("round", (*round).into())]),
        Event::GameOver => tr.t("game-over"),
    })
}

/// A suggested market choice in words: as [`act`], but a hire whose discard is in a hidden
/// hand names the tool, not a card the hand may not hold (`State::unseen_discard`).
pub fn suggested_act(tr: &Tr, game: &Game, a: &Act) -> String {
    let (Some(t), Act::Hire { slot, .. }) = (game.state().unseen_discard(a), a) else {
        return act(tr, game, a);
    };
    let name = game
        .state()
        .market
        .contractors
        .get(usize::from(*slot))
        .copied()
        .flatten()
        .map_or_else(String::new, |c| contractor_name(tr, c));
    tr.t_args(
        "act-hire-unseen",
        &[
            ("contractor", name.into()),
            ("slot", (u16::from(*slot) + 1).into()),
            ("tool", tool(tr, t).into()),
        ],
    )
}

/// A plan's steps in words, each said on the game as the steps before it leave it: a die
/// that a step makes (a roll, the Specialist's, a flip) is said with its value, not as an empty
/// place (issue 89, point 8: "Place the  on Generate"). A step the copy cannot play (a card a
/// real table must tell) leaves the game as it was for the ones after it.
pub fn acts_in_order(tr: &Tr, game: &Game, acts: &[Act]) -> Vec<String> {
    let mut at = game.clone();
    acts.iter()
        .map(|a| {
            let said = suggested_act(tr, &at, a);
            let mut next = at.clone();
            if next.apply_digital(a.clone()).is_ok() {
                at = next;
            }
            said
        })
        .collect()
}

/// An action as a line of a choice dialog, in the interface language.
pub fn act(tr: &Tr, game: &Game, a: &Act) -> String {
    let ta = |k: &str, a: &[(&str, Arg)]| tr.t_args(k, a);
    let dice_text = |dice: &[u8]| -> String {
        let Some(p) = game.state().current_player() else {
            return String::new();
        };
        dice.iter()
            .filter_map(|&d| game.state().players[p].dice.get(usize::from(d)))
            .map(|d| d.value.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let choice_text = |c: &crate::engine::Choice| -> String {
        let mut parts = Vec::new();
        if !c.discard.is_empty() {
            let names: Vec<String> = c
                .discard
                .iter()
                .map(|&b| match card(tr, b) {
                    Arg::Text(s) => s,
                    Arg::Num(n) => n.to_string(),
                })
                .collect();
            parts.push(ta("choice-discard", &[("cards", names.join(", ").into())]));
        }
        if let Some(v) = c.value {
            parts.push(ta("choice-value", &[("value", v.into())]));
        }
        if let Some(b) = c.bonus {
            parts.push(tr.t(match b {
                Bonus::Metal => "choice-metal",
                Bonus::Energy => "choice-energy",
                Bonus::Draw => "choice-draw",
            }));
        }
        if let Some(m) = c.metal {
            parts.push(ta("choice-as-metal", &[("metal", m.into())]));
        }
        parts.join(", ")
    };
    match a {
        Act::Deal => tr.t("deal"),
        Act::RefreshMarket { row, pay } => tr.t(match (row, pay) {
            (Row::Blueprints, Resource::Metal) => "act-refresh-blueprints-metal",
            (Row::Blueprints, Resource::Energy) => "act-refresh-blueprints-energy",
            (Row::Contractors, Resource::Metal) => "act-refresh-contractors-metal",
            (Row::Contractors, Resource::Energy) => "act-refresh-contractors-energy",
        }),
        // The card in the slot, named when the game knows it (the acting game is the one
        // the act is played in: the log says each act against the game before it).
        Act::TakeBlueprint { slot } => {
            let number = ("slot", (u16::from(*slot) + 1).into());
            match game.state().market.blueprints.get(usize::from(*slot)) {
                Some(Some(c)) => ta("act-take-card", &[("card", card(tr, *c)), number]),
                _ => ta("act-take-slot", &[number]),
            }
        }
        Act::Hire {
            slot,
            discard,
            opponent,
        } => {
            let number = ("slot", (u16::from(*slot) + 1).into());
            let discard = ("discard", card(tr, *discard));
            let mut s = match game.state().market.contractors.get(usize::from(*slot)) {
                Some(Some(c)) => ta(
                    "act-hire-card",
                    &[("contractor", contractor(tr, *c)), number, discard],
                ),
                _ => ta("act-hire", &[number, discard]),
            };
            if let Some(o) = opponent {
                let name = player_name(tr, game, usize::from(*o));
                s = ta(
                    "act-hire-gift",
                    &[("act", s.into()), ("player", name.into())],
                );
            }
            s
        }
        Act::Pass => tr.t("pass"),
        // Never the card: said to every screen (the teller's own log line names it,
        // `journal::head`).
        Act::Tell { .. } => tr.t("act-tell"),
        Act::Untell { .. } => tr.t("act-untell"),
        Act::Switch { player } => ta(
            "act-switch",
            &[("player", player_name(tr, game, usize::from(*player)).into())],
        ),
        Act::Roll { set } if set.is_empty() => tr.t("roll"),
        Act::Roll { set } => ta(
            "act-roll-set",
            &[(
                "values",
                set.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
                    .into(),
            )],
        ),
        Act::SpecialistDie { value } => ta("act-specialist", &[("value", (*value).into())]),
        Act::Place { die, section: s } => ta(
            "act-place",
            &[
                ("value", dice_text(&[*die]).into()),
                ("section", section(tr, *s).into()),
            ],
        ),
        Act::Activate {
            card: c,
            dice,
            choice,
        }
        | Act::Replicate {
            card: c,
            dice,
            choice,
        } => {
            // A market card used through the Replicator says so (a trial read "Activate
            // Biolab" for a card never built).
            let key = if matches!(a, Act::Replicate { .. }) {
                "activate-replicated"
            } else {
                "activate"
            };
            let mut s = ta(key, &[("card", card(tr, *c))]);
            if !dice.is_empty() {
                s.push_str(&format!(
                    " — {}",
                    ta(
                        "act-dice",
                        &[
                            ("values", dice_text(dice).into()),
                            ("count", dice.len().into()),
                        ]
                    )
                ));
            }
            let ch = choice_text(choice);
            if !ch.is_empty() {
                s.push_str(&format!(" — {ch}"));
            }
            s
        }
        Act::Build { card: c, discard } => ta(
            "act-build",
            &[("card", card(tr, *c)), ("discard", card(tr, *discard))],
        ),
        Act::EndWork {
            discard,
            discard_metal,
            discard_energy,
        } if discard.is_empty() => {
            if *discard_metal == 0 && *discard_energy == 0 {
                tr.t("act-end-work-plain")
            } else {
                let parts: Vec<String> = [
                    ("gain-metal", *discard_metal),
                    ("gain-energy", *discard_energy),
                ]
                .into_iter()
                .filter(|&(_, n)| n > 0)
                .map(|(key, n)| ta(key, &[("count", n.into())]))
                .collect();
                ta("act-end-work-drop", &[("what", parts.join(", ").into())])
            }
        }
        Act::EndWork {
            discard,
            discard_metal,
            discard_energy,
        } => {
            let names: Vec<String> = discard
                .iter()
                .map(|&b| match card(tr, b) {
                    Arg::Text(s) => s,
                    Arg::Num(n) => n.to_string(),
                })
                .collect();
            // Only what goes: "discarding Dojo, Robot and 2 metal", never "0 energy".
            let mut parts = names;
            for (key, n) in [
                ("gain-metal", *discard_metal),
                ("gain-energy", *discard_energy),
            ] {
                if n > 0 {
                    parts.push(ta(key, &[("count", n.into())]));
                }
            }
            ta("act-end-work", &[("cards", parts.join(", ").into())])
        }
        Act::MachineTurn => tr.t("machine-turn"),
    }
}

#[cfg(test)]
mod steps_tests {
    use super::*;
    use crate::engine::state::Section;
    use crate::engine::{Difficulty, Setup};
    use crate::i18n::Lang;

    /// Issue 89, point 8: a step placing a die that an earlier step makes says its value
    /// ("Place the 4 on Mine"), not an empty place ("Place the  on Mine").
    #[test]
    fn a_die_made_by_an_earlier_step_is_said_with_its_value() {
        let mut game = Game::new_dealt(Setup::solo("Ann", Difficulty::Easy, 5)).expect("a game");
        game.apply_digital(Act::TakeBlueprint { slot: 0 })
            .expect("a blueprint taken");
        assert!(game.state().players[0].dice.is_empty(), "not rolled yet");
        let tr = Tr::new(Lang::En);
        let steps = [
            Act::Roll {
                set: Default::default(),
            },
            Act::Place {
                die: 0,
                section: Section::Mine,
            },
        ];
        let said = acts_in_order(&tr, &game, &steps);
        let mut rolled = game.clone();
        rolled.apply_digital(steps[0].clone()).expect("rolled");
        let value = rolled.state().players[0].dice.as_slice()[0].value;
        assert_eq!(said[1], format!("Place the {value} on Mine"), "{said:?}");
        // Said against the game before the roll, as the steps were: no value at all.
        assert_eq!(act(&tr, &game, &steps[1]), "Place the  on Mine");
    }
}
