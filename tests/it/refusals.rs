//! Every refusal in every language (issue: rules and game integrity, point 4), the refusals a
//! button shows checked against the rule that applies, and the game's words in each language
//! as its rulebook says them (point 7).

use foreman::engine::DiceList;
use foreman::engine::action::Resource;
use foreman::engine::apply::Pattern;
use foreman::engine::state::Colour;
use foreman::engine::state::{PlayerState, Section};
use foreman::engine::{Blueprint as B, Contractor, Now, RuleError, Tool, When};
use foreman::i18n::{Lang, Tr, words};

/// One refusal of every kind, with the words each must say in every language: its numbers, and
/// the cards and tools it names (in that language).
fn every_refusal() -> Vec<(RuleError, Vec<String>, Vec<Name>)> {
    use Name::*;
    let n = |v: &[u32]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    vec![
        (
            RuleError::WrongPhase {
                expected: When::Work,
                now: Now::Market,
            },
            n(&[]),
            vec![],
        ),
        (RuleError::GameOver, n(&[]), vec![]),
        (RuleError::NothingToTell, n(&[]), vec![]),
        (RuleError::AlreadyRefreshed, n(&[]), vec![]),
        (RuleError::NotRolled, n(&[]), vec![]),
        (RuleError::AlreadyRolled, n(&[]), vec![]),
        (RuleError::NoSuchSlot(256), n(&[256]), vec![]),
        (RuleError::EmptySlot(3), n(&[3]), vec![]),
        (
            RuleError::CannotPayRefresh(Resource::Metal),
            n(&[1]),
            vec![],
        ),
        (
            RuleError::WrongHireTool {
                contractor: Contractor::Miner,
                tool: Tool::Gear,
                discard: B::Robot,
                discard_tool: Tool::Hammer,
            },
            n(&[]),
            vec![
                Hire(Contractor::Miner),
                ToolNamed(Tool::Gear),
                Card(B::Robot),
                ToolNamed(Tool::Hammer),
            ],
        ),
        (
            RuleError::CannotPayContractor {
                contractor: Contractor::Engineer,
                cost: 4,
                have: 1,
            },
            n(&[4, 1]),
            vec![Hire(Contractor::Engineer)],
        ),
        (
            RuleError::OpponentNeeded(Contractor::Architect),
            n(&[]),
            vec![Hire(Contractor::Architect)],
        ),
        (RuleError::BadOpponent(7), n(&[7]), vec![]),
        (
            RuleError::NoOpponentChoice(Contractor::Electrician),
            n(&[]),
            vec![Hire(Contractor::Electrician)],
        ),
        (
            RuleError::NotInHand(B::Foundry),
            n(&[]),
            vec![Card(B::Foundry)],
        ),
        // docs/rules.md, hidden hands: a named card must still be unseen.
        (
            RuleError::NotInPlay {
                card: B::Refinery,
                copies: 3,
            },
            n(&[3]),
            vec![Card(B::Refinery)],
        ),
        (
            RuleError::NotDrawn(B::Refinery),
            n(&[]),
            vec![Card(B::Refinery)],
        ),
        (RuleError::NotTold(B::Golem), n(&[]), vec![Card(B::Golem)]),
        (
            RuleError::NamedTooOften {
                card: B::Dojo,
                named: 2,
                most: 1,
            },
            n(&[2, 1]),
            vec![Card(B::Dojo)],
        ),
        (RuleError::NoSuchPlayer(6), n(&[6]), vec![]),
        (RuleError::WorkEnded(2), n(&[2]), vec![]),
        (RuleError::HiddenHandsDigital, n(&[]), vec![]),
        (RuleError::BotAtTheTable, n(&[]), vec![]),
        (
            RuleError::NeedSecondCopy(B::Obelisk),
            n(&[]),
            vec![Card(B::Obelisk)],
        ),
        (
            RuleError::NotInCompound(B::Harvester),
            n(&[]),
            vec![Card(B::Harvester)],
        ),
        (RuleError::NoSuchDie(256), n(&[256]), vec![]),
        (RuleError::DieAlreadyPlaced(2), n(&[2]), vec![]),
        (RuleError::DieTwice(3), n(&[3]), vec![]),
        (RuleError::BadFace(9), n(&[9]), vec![]),
        (
            RuleError::SectionValue {
                section: Section::Mine,
                needs: "4, 5 or 6",
                value: 2,
            },
            n(&[4, 5, 6, 2]),
            vec![Sect(Section::Mine)],
        ),
        (
            RuleError::SectionValue {
                section: Section::Generate,
                needs: "1, 2 or 3",
                value: 5,
            },
            n(&[1, 2, 3, 5]),
            vec![Sect(Section::Generate)],
        ),
        (
            RuleError::SectionFull(Section::Research),
            n(&[3]),
            vec![Sect(Section::Research)],
        ),
        (RuleError::TooManySet(5), n(&[5, 4]), vec![]),
        (RuleError::NoForeman, n(&[]), vec![]),
        (RuleError::NoSpecialist, n(&[]), vec![]),
        (
            RuleError::WrongBuildTool {
                card: B::Gymnasium,
                tool: Tool::Shovel,
                discard: B::Robot,
                discard_tool: Tool::Hammer,
            },
            n(&[]),
            vec![
                Card(B::Gymnasium),
                ToolNamed(Tool::Shovel),
                Card(B::Robot),
                ToolNamed(Tool::Hammer),
            ],
        ),
        (
            RuleError::NoBuildDiscard {
                card: B::Gymnasium,
                tool: Tool::Shovel,
            },
            n(&[]),
            vec![Card(B::Gymnasium), ToolNamed(Tool::Shovel)],
        ),
        (
            RuleError::Duplicate(B::Foundry),
            n(&[]),
            vec![Card(B::Foundry), Card(B::Beacon), Card(B::Obelisk)],
        ),
        (
            RuleError::CannotAffordBuild {
                card: B::Megalith,
                metal: 0,
                energy: 2,
                have_metal: 0,
                have_energy: 1,
            },
            n(&[0, 2, 1]),
            vec![Card(B::Megalith)],
        ),
        (
            RuleError::AlreadyActivated(B::Foundry),
            n(&[]),
            vec![Card(B::Foundry)],
        ),
        (
            RuleError::NoActivation(B::Obelisk),
            n(&[]),
            vec![Card(B::Obelisk)],
        ),
        (
            RuleError::DicePattern {
                card: B::Biolab,
                needs: Pattern::Exactly(1),
                got: DiceList::from([4u8]),
            },
            n(&[1, 4]),
            vec![Card(B::Biolab)],
        ),
        (
            RuleError::NeedEnergy {
                card: B::BatteryFactory,
                needs: 4,
                have: 3,
            },
            n(&[4, 3]),
            vec![Card(B::BatteryFactory)],
        ),
        (
            RuleError::NeedMetal {
                card: B::Incinerator,
                needs: 1,
                have: 0,
            },
            n(&[1, 0]),
            vec![Card(B::Incinerator)],
        ),
        (
            RuleError::DiscardCount {
                card: B::RecyclingPlant,
                needs: 2,
                got: 1,
            },
            n(&[2, 1]),
            vec![Card(B::RecyclingPlant)],
        ),
        (
            RuleError::ChoiceNeeded {
                card: B::Harvester,
                what: "metal or energy",
            },
            n(&[]),
            vec![Card(B::Harvester)],
        ),
        (
            RuleError::BadChoice {
                card: B::Manufactory,
                why: "no such choice".into(),
            },
            n(&[]),
            vec![Card(B::Manufactory)],
        ),
        (RuleError::GymnasiumOnSix, n(&[6]), vec![Card(B::Gymnasium)]),
        (
            RuleError::FitnessOnOne,
            n(&[1]),
            vec![Card(B::FitnessCenter)],
        ),
        (RuleError::NoReplicator, n(&[]), vec![Card(B::Replicator)]),
        (
            RuleError::NotInMarket(B::Foundry),
            n(&[]),
            vec![Card(B::Foundry)],
        ),
        (
            RuleError::CannotReplicate(B::Laboratory),
            n(&[]),
            vec![Card(B::Laboratory)],
        ),
        (
            RuleError::HandLimit { needs: 2, got: 1 },
            n(&[10, 2, 1]),
            vec![],
        ),
        (
            RuleError::ResourceLimit { needs: 3, got: 0 },
            n(&[12, 3, 0]),
            vec![],
        ),
        (
            RuleError::DropTooMuch {
                what: Resource::Energy,
                named: 5,
                have: 2,
            },
            n(&[5, 2]),
            vec![],
        ),
        (RuleError::NeedDie("a die for Research"), n(&[]), vec![]),
        (RuleError::NeedBlueprint, n(&[]), vec![]),
        (RuleError::NeedContractor, n(&[]), vec![]),
        (RuleError::NeedTools, n(&[]), vec![]),
        (RuleError::BadTools, n(&[4]), vec![]),
        (
            RuleError::ImpossibleBlueprint {
                card: B::Refinery,
                copies: 2,
            },
            n(&[2]),
            vec![Card(B::Refinery)],
        ),
        (
            RuleError::InSecretHands(B::Robot),
            n(&[]),
            vec![Card(B::Robot)],
        ),
        (
            RuleError::ImpossibleContractor {
                card: Contractor::Foreman,
                copies: 1,
            },
            // Its only copy: no number said (issue 75, point 13).
            n(&[]),
            vec![Hire(Contractor::Foreman)],
        ),
        (RuleError::UnusedInputs("1 die".into()), n(&[]), vec![]),
        (RuleError::PlayerCount(7), n(&[7]), vec![]),
        (RuleError::SoloPlayers, n(&[]), vec![]),
        (RuleError::OnePlayerIsSolo, n(&[]), vec![]),
        (RuleError::WhiteIsSolo, n(&[]), vec![]),
        (RuleError::SharedColour(Colour::Red), n(&[]), vec![]),
    ]
}

/// A name a refusal must say, in the refusal's language.
enum Name {
    Card(B),
    Hire(Contractor),
    ToolNamed(Tool),
    Sect(Section),
}

impl Name {
    fn said(&self, tr: &Tr) -> String {
        match *self {
            Name::Card(c) => words::card_name(tr, c),
            Name::Hire(c) => words::contractor_name(tr, c),
            Name::ToolNamed(t) => words::tool(tr, t),
            Name::Sect(s) => words::section(tr, s),
        }
    }
}

/// Issue: rules and game integrity, point 4: every refusal kind says, in all four languages,
/// the numbers and names of the rule it enforces; English repeats the engine's sentence.
#[test]
fn every_refusal_says_its_rule_in_every_language() {
    let cases = every_refusal();
    for (e, numbers, names) in &cases {
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            let said = words::refusal(&tr, e);
            assert!(
                !said.is_empty() && !said.contains("err-") && !said.contains('{'),
                "{lang:?} {e:?}: {said}"
            );
            for number in numbers {
                assert!(
                    said.contains(number.as_str()),
                    "{lang:?} {e:?} leaves out {number}: {said}"
                );
            }
            for name in names {
                let name = name.said(&tr);
                assert!(
                    said.to_lowercase().contains(&name.to_lowercase()),
                    "{lang:?} {e:?} leaves out {name}: {said}"
                );
            }
            // English repeats the engine's sentence, except where the engine's detail is an
            // English phrase of its own (the phase, a choice's or an input's detail): every
            // language says those the same plain way, naming the card.
            let plain = matches!(
                e,
                RuleError::WrongPhase { .. }
                    | RuleError::ChoiceNeeded { .. }
                    | RuleError::BadChoice { .. }
                    | RuleError::NeedDie(_)
                    | RuleError::NeedBlueprint
                    | RuleError::NeedContractor
                    | RuleError::NeedTools
                    | RuleError::UnusedInputs(_)
            );
            if lang == Lang::En && !plain {
                assert_eq!(
                    said.to_lowercase(),
                    format!("{e}.").to_lowercase(),
                    "English repeats the engine's sentence"
                );
            }
        }
    }
    // Every kind is here: a new refusal without a case fails.
    let kinds: std::collections::BTreeSet<String> = cases
        .iter()
        .map(|(e, _, _)| {
            format!("{e:?}")
                .split([' ', '(', '{'])
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    let source = include_str!("../../crates/engine/src/error.rs");
    let body = source
        .split("pub enum RuleError {")
        .nth(1)
        .and_then(|rest| rest.split("\n}\n").next())
        .expect("RuleError in error.rs");
    let declared: Vec<&str> = body
        .lines()
        .filter_map(|l| l.strip_prefix("    "))
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .filter_map(|l| l.split([' ', '(', '{', ',']).next())
        .collect();
    for kind in &declared {
        assert!(kinds.contains(*kind), "no case for RuleError::{kind}");
    }
    assert!(
        declared.len() >= 55,
        "{} kinds read from error.rs",
        declared.len()
    );
}

/// Issue: rules and game integrity, point 4 (and the window issue): with no other Shovel
/// blueprint in hand, Gymnasium's build refusal names the Shovel, not a second copy (docs/rules.md,
/// work phase, Build: discard *another* blueprint with the same tool).
#[test]
fn a_build_with_no_other_blueprint_of_its_tool_names_the_tool() {
    let mut state = foreman::engine::Game::new(foreman::engine::Setup::solo(
        "Ada",
        foreman::engine::Difficulty::Medium,
        1,
    ))
    .expect("setup")
    .state()
    .clone();
    state.players[0] = PlayerState::new(foreman::engine::state::Colour::White);
    let player = &mut state.players[0];
    player.hand.add(B::Gymnasium);
    player.hand.add(B::Robot);
    player.metal = 5;
    player.energy = 5;
    let err = foreman::engine::check_build(&state, 0, B::Gymnasium, B::Gymnasium).unwrap_err();
    assert_eq!(
        err,
        RuleError::NoBuildDiscard {
            card: B::Gymnasium,
            tool: Tool::Shovel
        }
    );
    let fr = words::refusal(&Tr::new(Lang::Fr), &err);
    assert!(fr.contains("Gymnase") && fr.contains("Pelle"), "{fr}");
    // With a second Gymnasium in hand, discarding it is the second copy's rule.
    state.players[0].hand.add(B::Gymnasium);
    assert!(foreman::engine::check_build(&state, 0, B::Gymnasium, B::Gymnasium).is_ok());
    // With another Shovel blueprint but one Gymnasium, naming Gymnasium as its own discard is
    // the second copy's rule: another card would do.
    state.players[0].hand.remove(B::Gymnasium);
    state.players[0].hand.add(B::Beacon);
    assert_eq!(
        foreman::engine::check_build(&state, 0, B::Gymnasium, B::Gymnasium).unwrap_err(),
        RuleError::NeedSecondCopy(B::Gymnasium)
    );
}

/// Issue: rules and game integrity, point 7: each language's game terms are its rulebook's
/// (French: Plan, Prestataire, enceinte, marchandises, Siège Social, Recherche, Générateur,
/// Mine, Formation, and the card names the French rulebook gives; Russian: чертежи,
/// контрактники, личная зона, товары, офис, Исследование, Производство, Добыча; Spanish:
/// planos, contratistas, Investigación, Mina, Generar).
#[test]
fn each_language_uses_its_rulebooks_words() {
    let glossary: [(Lang, &[(&str, &str)]); 3] = [
        (
            Lang::Fr,
            &[
                ("blueprints", "Plans"),
                ("contractors", "Prestataires"),
                ("compound", "Enceinte"),
                ("hq", "Siège Social"),
                ("res-metal", "métal"),
                ("res-energy", "énergie"),
                ("section-research", "Recherche"),
                ("section-mine", "Mine"),
                ("section-generate", "Générateur"),
                ("type-production", "Production"),
                ("type-utility", "Utilitaire"),
                ("type-training", "Formation"),
                ("type-special", "Spécial"),
                ("type-monument", "Monument"),
            ],
        ),
        (
            Lang::Ru,
            &[
                ("blueprints", "Чертежи"),
                ("contractors", "Контрактники"),
                ("compound", "Личная зона"),
                ("hq", "Офис"),
                ("section-research", "Исследование"),
                ("section-mine", "Добыча"),
                ("section-generate", "Производство"),
                ("type-production", "Производство"),
                ("type-utility", "Вспомогательные здания"),
                ("type-training", "Тренировочные центры"),
                ("type-special", "Особый тип"),
            ],
        ),
        (
            Lang::Es,
            &[
                ("blueprints", "Planos"),
                ("contractors", "Contratistas"),
                ("section-research", "Investigación"),
                ("section-mine", "Mina"),
                ("section-generate", "Generar"),
                ("type-production", "Producción"),
            ],
        ),
    ];
    for (lang, terms) in glossary {
        let tr = Tr::new(lang);
        for (id, word) in terms {
            assert_eq!(tr.t(id), *word, "{lang:?} {id}");
        }
    }
    // Goods: the French rulebook's "marchandises", never "biens"; Beacon is "Flambeau".
    let fr = Tr::new(Lang::Fr);
    let goods = fr.t_args("goods-count", &[("count", 3u32.into())]);
    assert!(goods.contains("Marchandises"), "{goods}");
    assert_eq!(words::card_name(&fr, B::Beacon), "Flambeau");
    let duplicate = words::refusal(&fr, &RuleError::Duplicate(B::Foundry));
    assert!(
        duplicate.contains("Flambeau")
            && duplicate.contains("enceinte")
            && !duplicate.contains("Balise"),
        "{duplicate}"
    );
    // The Russian rulebook gives the cards' English names.
    let ru = Tr::new(Lang::Ru);
    assert_eq!(words::card_name(&ru, B::Beacon), "Beacon");
    let every_french_message = Lang::Fr.source();
    for wrong in [
        "Balise",
        "complexe",
        "biens",
        "Entrepreneur",
        "entrepreneur",
        "Quartier général",
    ] {
        assert!(!every_french_message.contains(wrong), "French says {wrong}");
    }
}

/// Issue 25, point 1: every card's effect is written out in every language (cards.md).
#[test]
fn every_card_says_what_it_does_in_every_language() {
    for lang in Lang::ALL {
        let tr = Tr::new(lang);
        for &c in B::ALL {
            let effect = words::card_effect(&tr, c);
            assert!(
                !effect.starts_with("effect-") && effect.len() > 10,
                "{lang:?} {c}: {effect}"
            );
        }
        for &c in Contractor::ALL {
            let effect = words::contractor_effect(&tr, c);
            assert!(
                !effect.starts_with("effect-") && effect.len() > 10,
                "{lang:?} {c}: {effect}"
            );
        }
    }
    // The effects follow the decisions: the Megalith down to 0 metal, the Refinery discards one.
    let en = Tr::new(Lang::En);
    assert!(words::card_effect(&en, B::Megalith).contains("down to 0 metal"));
    let ru = Tr::new(Lang::Ru);
    assert!(words::card_effect(&ru, B::Refinery).contains("1 чертёж"));
}

/// The log's line for a Machine production die (docs/rules.md, solo mode: each production die is
/// compared with the number of the Machine's cards of its type) says "card" for one card and
/// "cards" for more, in every language, never "card(s)".
#[test]
fn the_machines_production_line_counts_its_cards_in_words() {
    use foreman::engine::{Difficulty, Event, Game, MachineDie, Setup};
    let game = Game::new_dealt(Setup::solo("Ada", Difficulty::Medium, 3)).expect("game");
    let line = |lang: Lang, cards: u32| {
        let e = Event::MachineProduction {
            die: MachineDie::Yellow,
            value: 2,
            cards,
            produced: cards >= 2,
        };
        words::event(&Tr::new(lang), &game, &e).expect("a line")
    };
    for lang in Lang::ALL {
        for cards in [0, 1, 2, 4] {
            let said = line(lang, cards);
            assert!(
                !said.contains("(s)") && !said.contains('{') && said.contains(&cards.to_string()),
                "{lang:?}: {said}"
            );
        }
    }
    for (lang, cards, says) in [
        (Lang::En, 1, "1 Utility card:"),
        (Lang::En, 4, "4 Utility cards:"),
        (Lang::Fr, 1, "1 carte "),
        (Lang::Fr, 4, "4 cartes "),
        (Lang::Es, 1, "1 carta de "),
        (Lang::Es, 4, "4 cartas de "),
    ] {
        let said = line(lang, cards);
        assert!(said.contains(says), "{lang:?} {cards}: {said}");
    }
}

/// An act out of its phase (docs/rules.md, the round: market phase, then work phase, then in solo
/// the Machine) says when it is done and which phase it is now, in every language: ending the
/// work phase during the market phase names both phases.
#[test]
fn an_act_out_of_its_phase_names_both_phases() {
    use foreman::engine::{Act, Difficulty, Game, Setup};
    let game = Game::new_dealt(Setup::solo("Ada", Difficulty::Medium, 3)).expect("game");
    let err = game
        .check(&Act::EndWork {
            discard: Vec::new(),
            discard_metal: 0,
            discard_energy: 0,
        })
        .expect_err("the game opens on the market phase");
    assert!(matches!(err, RuleError::WrongPhase { .. }), "{err:?}");
    let said = |lang| words::refusal(&Tr::new(lang), &err);
    assert_eq!(
        said(Lang::En),
        "That is done in the work phase; now it is the market phase."
    );
    assert!(
        said(Lang::Fr).contains("phase de travail") && said(Lang::Fr).contains("phase de marché"),
        "{}",
        said(Lang::Fr)
    );
    assert!(
        said(Lang::Es).contains("fase de trabajo") && said(Lang::Es).contains("fase de mercado"),
        "{}",
        said(Lang::Es)
    );
    assert!(
        said(Lang::Ru).contains("фазе работы") && said(Lang::Ru).contains("фаза рынка"),
        "{}",
        said(Lang::Ru)
    );
    // Every time an act is done and every phase it can be refused in has its words, in
    // every language, and the sentences differ: none falls back to a key or to another's words.
    for lang in Lang::ALL {
        let mut seen = std::collections::HashSet::new();
        for expected in When::ALL {
            for now in Now::ALL {
                let s = words::refusal(&Tr::new(lang), &RuleError::WrongPhase { expected, now });
                assert!(
                    !s.contains('{') && !s.contains("when-") && !s.contains("now-"),
                    "{lang:?} {expected} / {now}: {s}"
                );
                assert!(
                    seen.insert(s.clone()),
                    "{lang:?} {expected} / {now}: {s} twice"
                );
            }
        }
    }
}

/// The final score (docs/rules.md, end of the game: prestige plus goods) says one point in the
/// singular, in every language, and Russian counts with its three forms.
#[test]
fn the_final_score_says_point_in_the_singular() {
    let total = |lang, key: &str, score: u32| {
        Tr::new(lang).t_args(key, &[("name", "Ada".into()), ("score", score.into())])
    };
    for (lang, one, many) in [
        (Lang::En, "1 point", "7 points"),
        (Lang::Fr, "1 point", "7 points"),
        (Lang::Es, "1 punto", "7 puntos"),
        (Lang::Ru, "1 очко", "7 очков"),
    ] {
        for key in ["player-total", "machine-total"] {
            assert!(
                total(lang, key, 1).ends_with(one),
                "{}",
                total(lang, key, 1)
            );
            assert!(
                total(lang, key, 7).ends_with(many),
                "{}",
                total(lang, key, 7)
            );
        }
    }
    assert!(total(Lang::Ru, "player-total", 3).ends_with("3 очка"));
    assert!(total(Lang::Ru, "player-total", 21).ends_with("21 очко"));
}

/// A discard of the wrong size (cards.md: a card that discards blueprints from the hand) counts
/// in words: "1 blueprint", "2 blueprints", never "blueprint(s)", in the engine's sentence and
/// in every language.
#[test]
fn a_discard_count_says_blueprint_or_blueprints() {
    let err = |needs| RuleError::DiscardCount {
        card: B::RecyclingPlant,
        needs,
        got: 0,
    };
    assert_eq!(
        err(1).to_string(),
        "Recycling Plant needs 1 blueprint from your hand to discard, not 0"
    );
    assert_eq!(
        err(2).to_string(),
        "Recycling Plant needs 2 blueprints from your hand to discard, not 0"
    );
    for lang in Lang::ALL {
        for needs in [1, 2] {
            let said = words::refusal(&Tr::new(lang), &err(needs));
            assert!(
                !said.contains("(s)") && said.contains(&needs.to_string()),
                "{said}"
            );
        }
    }
    assert!(words::refusal(&Tr::new(Lang::Fr), &err(1)).contains("1 plan "));
    assert!(words::refusal(&Tr::new(Lang::Es), &err(2)).contains("2 planos "));
}
