//! `foreman review FILE`: a saved game reviewed, round by round, against the planner bot.

use anyhow::{Result, bail};
use foreman::i18n::{Lang, Tr};
use foreman::store;

/// `foreman review`: the review of `seat` (a player's name or number from 1; by default the
/// first player the program does not play) in the saved game `file`, in `lang`.
pub(super) fn review(file: &std::path::Path, seat: Option<&str>, lang: Option<&str>) -> Result<()> {
    let game = store::load_game(file)?;
    let setup = game.setup();
    let seat = match seat {
        Some(s) => pick_seat(setup, s)?,
        None => (0..setup.players.len())
            .find(|&i| setup.players[i].bot.is_none())
            .unwrap_or(0),
    };
    let lang = match lang {
        Some(code) => match Lang::from_locale(code) {
            Some(l) => l,
            None => bail!("no language {code:?}: en, fr, es or ru"),
        },
        None => Lang::En,
    };
    let tr = Tr::new(lang);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let review = foreman::review::review(
        setup.clone(),
        game.journal(),
        seat,
        threads,
        |_| {},
        || false,
    )?;
    let said = foreman::review::say(&tr, setup, game.journal(), &review);
    print!("{}", foreman::review::as_text(&tr, &said));
    Ok(())
}

/// A seat by its player's name (any case) or its number from 1.
fn pick_seat(setup: &foreman::engine::Setup, s: &str) -> Result<usize> {
    let n = setup.players.len();
    if let Ok(k) = s.parse::<usize>() {
        if (1..=n).contains(&k) {
            return Ok(k - 1);
        }
        bail!("the game has players 1 to {n}, not {k}");
    }
    match (0..n).find(|&i| setup.player_name(i).eq_ignore_ascii_case(s.trim())) {
        Some(i) => Ok(i),
        None => {
            let names: Vec<String> = (0..n).map(|i| setup.player_name(i)).collect();
            bail!(
                "no player is called {s:?} (the players: {})",
                names.join(", ")
            )
        }
    }
}
