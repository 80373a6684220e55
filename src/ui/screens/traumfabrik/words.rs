//! Traumfabrik's words on the window: the scenarios the rulebook lists, tiles and slots as
//! typed (`A3`, `D A W M`), refusals, awards and events in the player's language.

use crate::i18n::Tr;
use crate::traumfabrik::film::Misplaced;
use crate::traumfabrik::{Award, Genre, Kind, Refusal, SlotKind, Tile};

/// The 22 scenarios the rulebook lists: name, genre, studio (0: the shared pile).
pub(in crate::ui) const SCENARIOS: [(&str, Genre, u8); 22] = [
    ("Vertigo", Genre::Drama, 1),
    ("Les Dix Commandements", Genre::Comedy, 1),
    ("Le Bouffon du Roi", Genre::Adventure, 1),
    ("Les Raisins de la Colère", Genre::Drama, 2),
    ("Les Hommes Préfèrent les Blondes", Genre::Comedy, 2),
    ("Le Roi et moi", Genre::Adventure, 2),
    ("Casablanca", Genre::Drama, 3),
    ("Arsenic et Vieilles Dentelles", Genre::Comedy, 3),
    ("L'Aigle des Mers", Genre::Adventure, 3),
    ("La Mort aux Trousses", Genre::Drama, 4),
    ("Autant en Emporte le Vent", Genre::Comedy, 4),
    ("Les Trois Mousquetaires", Genre::Adventure, 4),
    ("A l'Ouest rien de nouveau", Genre::Drama, 5),
    ("Harvey", Genre::Comedy, 5),
    ("Frankenstein", Genre::Adventure, 5),
    ("Sur les Quais", Genre::Drama, 0),
    ("Citizen Kane", Genre::Drama, 0),
    ("Ben Hur", Genre::Comedy, 0),
    ("Bambi", Genre::Comedy, 0),
    ("King Kong", Genre::Adventure, 0),
    ("Tant qu'il y aura des hommes", Genre::Adventure, 0),
    ("Le Train sifflera trois fois", Genre::Adventure, 0),
];

/// Slots typed as letters: D director, A actor, C crew, M music, X effects, W white.
pub(in crate::ui) fn parse_slots(text: &str) -> Option<Vec<SlotKind>> {
    let slots: Option<Vec<SlotKind>> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| match c.to_ascii_uppercase() {
            'D' => Some(SlotKind::Director),
            'A' => Some(SlotKind::Actor),
            'C' => Some(SlotKind::Crew),
            'M' => Some(SlotKind::Music),
            'X' => Some(SlotKind::Effects),
            'W' => Some(SlotKind::White),
            _ => None,
        })
        .collect();
    slots.filter(|s| !s.is_empty())
}

/// Tiles typed as a letter and stars: D4 A3 C2 M1 X2 G0 (agency) S2 S-1 (guest stars).
pub(in crate::ui) fn parse_tiles(text: &str) -> Option<Vec<Tile>> {
    let tiles: Option<Vec<Tile>> = text
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            let kind = match chars.next()?.to_ascii_uppercase() {
                'D' => Kind::Director,
                'A' => Kind::Actor,
                'C' => Kind::Crew,
                'M' => Kind::Music,
                'X' => Kind::Effects,
                'G' => Kind::Agency,
                'S' => Kind::GuestStar,
                _ => return None,
            };
            let stars: i32 = chars.as_str().parse().ok()?;
            (-1..=9).contains(&stars).then_some(Tile::new(kind, stars))
        })
        .collect();
    tiles.filter(|t| !t.is_empty())
}

pub(super) fn letter(k: Kind) -> char {
    match k {
        Kind::Director => 'D',
        Kind::Actor => 'A',
        Kind::Crew => 'C',
        Kind::Music => 'M',
        Kind::Effects => 'X',
        Kind::Agency => 'G',
        Kind::GuestStar => 'S',
    }
}

pub(super) fn slot_letter(k: SlotKind) -> char {
    match k {
        SlotKind::Director => 'D',
        SlotKind::Actor => 'A',
        SlotKind::Crew => 'C',
        SlotKind::Music => 'M',
        SlotKind::Effects => 'X',
        SlotKind::White => 'W',
    }
}

pub(super) fn tile_text(t: Tile) -> String {
    format!("{}{}", letter(t.kind), t.stars)
}

pub(super) fn genre_key(g: Genre) -> &'static str {
    match g {
        Genre::Drama => "tf-drama",
        Genre::Adventure => "tf-adventure",
        Genre::Comedy => "tf-comedy",
    }
}

pub(super) fn award_text(tr: &Tr, a: Award) -> String {
    match a {
        Award::FirstFilm(g) => tr.t_args("tf-award-first", &[("genre", tr.t(genre_key(g)).into())]),
        Award::BestFilm(r) => tr.t_args("tf-award-best", &[("round", r.into())]),
        Award::BestOfGenre(g) => {
            tr.t_args("tf-award-genre", &[("genre", tr.t(genre_key(g)).into())])
        }
        Award::WorstFilm => tr.t("tf-award-worst"),
        Award::BestDirection => tr.t("tf-award-direction"),
    }
}

pub(super) fn say_misplaced(tr: &Tr, m: Misplaced) -> String {
    tr.t(match m {
        Misplaced::Finished => "tf-refusal-finished",
        Misplaced::NoSlot(_) => "tf-refusal-no-slot",
        Misplaced::GuestOnly => "tf-refusal-guest-only",
        Misplaced::GuestStarSlot => "tf-refusal-guest-slot",
        Misplaced::DirectorSlot => "tf-refusal-director",
        Misplaced::WrongSlot => "tf-refusal-wrong-slot",
        Misplaced::White => "tf-refusal-white",
        Misplaced::Cover => "tf-refusal-cover",
    })
}

pub(super) fn say(tr: &Tr, r: &Refusal) -> String {
    match r {
        Refusal::Players => tr.t("tf-refusal-players"),
        Refusal::FirstPlayer => tr.t("lf-refusal-first"),
        Refusal::Scenarios | Refusal::EmptyScenario => tr.t("tf-refusal-scenarios"),
        Refusal::Places => tr.t("tf-refusal-places"),
        Refusal::Over => tr.t("lf-refusal-over"),
        Refusal::NotNow(_) => tr.t("tf-refusal-not-now"),
        Refusal::FamousTiles => tr.t("tf-refusal-famous"),
        Refusal::PartyTiles(n) => tr.t_args("tf-refusal-party", &[("count", (*n).into())]),
        Refusal::BidTooLow(b) => tr.t_args("tf-refusal-bid-low", &[("bid", (*b).into())]),
        Refusal::BidTooHigh(c) => tr.t_args("tf-refusal-bid-high", &[("contracts", (*c).into())]),
        Refusal::NoTile(_) | Refusal::NoFilm(..) => tr.t("tf-refusal-not-now"),
        Refusal::Misplaced(m) => say_misplaced(tr, *m),
        Refusal::PileEmpty => tr.t("tf-refusal-pile"),
        Refusal::InPlay(n) => tr.t_args("tf-refusal-in-play", &[("name", title(tr, n).into())]),
        Refusal::TwoDirectors => tr.t("tf-refusal-two-directors"),
    }
}

/// What happened, said (the auction's sharing, a film's value, an award).
pub(super) fn event_text(
    tr: &Tr,
    names: &[String],
    e: &crate::traumfabrik::Event,
) -> Option<String> {
    use crate::traumfabrik::Event;
    let name = |i: &usize| names.get(*i).cloned().unwrap_or_default();
    Some(match e {
        Event::Won {
            seat,
            bid,
            share,
            left,
        } => tr.t_args(
            "tf-won",
            &[
                ("name", name(seat).into()),
                ("bid", (*bid).into()),
                // The centre shared: the bid and what stayed there from before.
                (
                    "pot",
                    (share * names.len().saturating_sub(1) as u32 + left).into(),
                ),
                ("share", (*share).into()),
                ("left", (*left).into()),
            ],
        ),
        Event::Finished {
            seat, stars, token, ..
        } => tr.t_args(
            "tf-finished",
            &[
                ("name", name(seat).into()),
                ("stars", crate::i18n::Arg::Num(i64::from(*stars))),
                (
                    "token",
                    token
                        .map_or("0".to_string(), |t| {
                            format!("{}{}", t.value, if t.plus { "+" } else { "" })
                        })
                        .into(),
                ),
            ],
        ),
        Event::Awarded { seat, award } => format!("{}: {}.", name(seat), award_text(tr, *award)),
        Event::RoundOver(_) | Event::GameOver => return None,
    })
}

/// Who acts at `stage` (none while a place's tiles are told).
fn actor(stage: &crate::traumfabrik::Stage) -> Option<usize> {
    use crate::traumfabrik::Stage;
    match stage {
        Stage::Auction { to_bid, .. } => Some(*to_bid),
        Stage::Party { order, next, .. } => order.get(*next).copied(),
        Stage::Placing { seat, .. } | Stage::Draw { seat, .. } => Some(*seat),
        Stage::Reveal | Stage::Over => None,
    }
}

/// The game's log: each action in words, and what it brought (a sharing, a film, an award),
/// newest last (the journal replayed from the setup).
pub(super) fn log(tr: &Tr, game: &crate::traumfabrik::Game) -> Vec<String> {
    use crate::traumfabrik::{Action, Game, Stage};
    let Ok(mut g) = Game::new(game.setup().clone()) else {
        return Vec::new();
    };
    let names: Vec<String> = g.state().players.iter().map(|p| p.name.clone()).collect();
    let name = |i: Option<usize>| i.and_then(|i| names.get(i).cloned()).unwrap_or_default();
    let mut lines = Vec::new();
    for action in game.journal() {
        let st = g.state();
        let who = name(actor(&st.stage));
        let waiting: Vec<Tile> = match &st.stage {
            Stage::Placing { tiles, .. } => tiles.clone(),
            Stage::Party { tiles, .. } => tiles.clone(),
            _ => Vec::new(),
        };
        let tile = |i: usize| waiting.get(i).map(|t| tile_text(*t)).unwrap_or_default();
        let text = match action {
            Action::Reveal { tiles } => {
                let t: Vec<String> = tiles.iter().map(|t| tile_text(*t)).collect();
                tr.t_args(
                    "tf-log-reveal",
                    &[
                        ("place", (st.place + 1).into()),
                        ("tiles", t.join(" ").into()),
                    ],
                )
            }
            Action::Bid { contracts } => tr.t_args(
                "tf-log-bid",
                &[("name", who.into()), ("bid", (*contracts).into())],
            ),
            Action::Pass => tr.t_args("tf-log-pass", &[("name", who.into())]),
            Action::Pick { tile: i } => tr.t_args(
                "tf-log-pick",
                &[("name", who.into()), ("tile", tile(*i).into())],
            ),
            Action::Place { tile: i, film, .. } => {
                let seat = actor(&st.stage).unwrap_or(0);
                let f = st.players[seat]
                    .films
                    .get(*film)
                    .map(|f| title(tr, &f.scenario.name))
                    .unwrap_or_default();
                tr.t_args(
                    "tf-log-place",
                    &[
                        ("name", who.into()),
                        ("tile", tile(*i).into()),
                        ("film", f.into()),
                    ],
                )
            }
            Action::Discard { tile: i } => tr.t_args(
                "tf-log-discard",
                &[("name", who.into()), ("tile", tile(*i).into())],
            ),
            Action::Draw { scenario } => tr.t_args(
                "tf-log-draw",
                &[
                    ("name", who.into()),
                    ("film", title(tr, &scenario.name).into()),
                ],
            ),
        };
        lines.push(text);
        // Every action of the journal was accepted once from this setup: it replays.
        match g.apply(action.clone()) {
            Ok(events) => lines.extend(events.iter().filter_map(|e| event_text(tr, &names, e))),
            Err(_) => break,
        }
    }
    lines
}

/// A scenario's title in the window's language: the French rulebook's in French, the film's
/// English title otherwise.
pub(super) fn title(tr: &Tr, name: &str) -> String {
    if tr.lang() == crate::i18n::Lang::Fr {
        return name.to_string();
    }
    ENGLISH
        .iter()
        .find(|(fr, _)| *fr == name)
        .map_or(name, |(_, en)| en)
        .to_string()
}

/// The rulebook's titles (French) and the films' English titles.
const ENGLISH: [(&str, &str); 22] = [
    ("Vertigo", "Vertigo"),
    ("Les Dix Commandements", "The Ten Commandments"),
    ("Le Bouffon du Roi", "The Court Jester"),
    ("Les Raisins de la Colère", "The Grapes of Wrath"),
    (
        "Les Hommes Préfèrent les Blondes",
        "Gentlemen Prefer Blondes",
    ),
    ("Le Roi et moi", "The King and I"),
    ("Casablanca", "Casablanca"),
    ("Arsenic et Vieilles Dentelles", "Arsenic and Old Lace"),
    ("L'Aigle des Mers", "The Sea Hawk"),
    ("La Mort aux Trousses", "North by Northwest"),
    ("Autant en Emporte le Vent", "Gone with the Wind"),
    ("Les Trois Mousquetaires", "The Three Musketeers"),
    (
        "A l'Ouest rien de nouveau",
        "All Quiet on the Western Front",
    ),
    ("Harvey", "Harvey"),
    ("Frankenstein", "Frankenstein"),
    ("Sur les Quais", "On the Waterfront"),
    ("Citizen Kane", "Citizen Kane"),
    ("Ben Hur", "Ben-Hur"),
    ("Bambi", "Bambi"),
    ("King Kong", "King Kong"),
    ("Tant qu'il y aura des hommes", "From Here to Eternity"),
    ("Le Train sifflera trois fois", "High Noon"),
];
