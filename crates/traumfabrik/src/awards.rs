//! The awards and the score (TF, Awards; End of the game).

use crate::film::{Genre, Token};
use crate::play::{Event, State};
use serde::{Deserialize, Serialize};

/// An award, and the film it went to (None for best direction, a producer's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Award {
    /// The first film finished in its genre: 5.
    FirstFilm(Genre),
    /// The best film at the end of round 1, 2 or 3: 5.
    BestFilm(u32),
    /// Grand Prix, the best film of a genre: 10.
    BestOfGenre(Genre),
    /// Grand Prix, the worst film: 10.
    WorstFilm,
    /// Grand Prix, best direction: 10.
    BestDirection,
}

impl Award {
    pub fn points(self) -> u32 {
        match self {
            Award::FirstFilm(_) | Award::BestFilm(_) => 5,
            _ => 10,
        }
    }
}

/// Every finished film with a token: (its token, its player, its place among their films).
fn finished(st: &State) -> Vec<(Token, usize, usize)> {
    let mut v = Vec::new();
    for (seat, p) in st.players.iter().enumerate() {
        for (i, f) in p.films.iter().enumerate() {
            if f.finished
                && let Some(t) = f.token
            {
                v.push((t, seat, i));
            }
        }
    }
    v
}

fn give(st: &mut State, seat: usize, film: Option<usize>, award: Award, events: &mut Vec<Event>) {
    st.players[seat].awards.push((award, film));
    events.push(Event::Awarded { seat, award });
}

/// The best film of the round: the film of highest value, a "+" beating the plain token of its
/// value (TF, Best film: "Un film dont le pion valeur possède un « + », vaut plus"). Tokens are
/// all different, so there is no tie; with no film finished, it is not given (**Decision**).
pub(crate) fn best_film(st: &mut State, events: &mut Vec<Event>) {
    if let Some((_, seat, film)) = finished(st).into_iter().max() {
        give(st, seat, Some(film), Award::BestFilm(st.round), events);
    }
}

/// The Grand Prix after the fourth round (TF, The Grand Prix): the best film of each genre,
/// the worst film, and best direction (most director stars on finished films, agencies not
/// counted; a tie gives it to no one).
pub(crate) fn grand_prix(st: &mut State, events: &mut Vec<Event>) {
    let films = finished(st);
    for genre in Genre::ALL {
        let best = films
            .iter()
            .filter(|(_, s, f)| st.players[*s].films[*f].scenario.genre == genre)
            .max()
            .copied();
        if let Some((_, seat, film)) = best {
            give(st, seat, Some(film), Award::BestOfGenre(genre), events);
        }
    }
    if let Some((_, seat, film)) = films.iter().min().copied() {
        give(st, seat, Some(film), Award::WorstFilm, events);
    }
    let direction: Vec<i32> = st
        .players
        .iter()
        .map(|p| {
            p.films
                .iter()
                .filter(|f| f.finished)
                .map(|f| f.director_stars())
                .sum()
        })
        .collect();
    if let Some(&best) = direction.iter().max() {
        let at: Vec<usize> = (0..direction.len())
            .filter(|&i| direction[i] == best)
            .collect();
        if at.len() == 1 {
            give(st, at[0], None, Award::BestDirection, events);
        }
    }
}

/// A player's score, part by part (TF, End of the game: "l'ensemble de ses points de films et
/// de ses récompenses, et y ajoute le reste de ses contrats. Les films incomplets ne sont pas
/// comptés").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Each finished film's name and token value.
    pub films: Vec<(String, u32)>,
    pub awards: Vec<(Award, u32)>,
    pub contracts: u32,
    pub total: u32,
}

/// Every player's score, and who leads (the winners once the game is over: the highest score;
/// **Decision**: a tie shares the victory, as the rulebook names no tie-break).
pub fn score(st: &State) -> (Vec<Score>, Vec<usize>) {
    let scores: Vec<Score> = st
        .players
        .iter()
        .map(|p| {
            let films: Vec<(String, u32)> = p
                .films
                .iter()
                .filter(|f| f.finished)
                .map(|f| (f.scenario.name.clone(), f.token.map_or(0, |t| t.value)))
                .collect();
            let awards: Vec<(Award, u32)> =
                p.awards.iter().map(|(a, _)| (*a, a.points())).collect();
            let total = films.iter().map(|f| f.1).sum::<u32>()
                + awards.iter().map(|a| a.1).sum::<u32>()
                + p.contracts;
            Score {
                films,
                awards,
                contracts: p.contracts,
                total,
            }
        })
        .collect();
    let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
    let winners = (0..scores.len())
        .filter(|&i| scores[i].total == best)
        .collect();
    (scores, winners)
}
