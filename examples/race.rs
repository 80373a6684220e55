//! The race against the Machine at hard, round by round: `cargo run --release --features tools --example race
//! [GAMES]` plays GAMES solo games of the planner bot (seeds from 91,000) and prints its score
//! and the Machine's at the end of each round, averaged over the games that reached it, and
//! for the games each side ended, how many the bot won and its mean margin.
use foreman::bots::{Bot, BotKind};
use foreman::engine::{Difficulty, Game, Setup, Winner, scoreboard};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let seeds: Vec<u64> = (91_000..91_000 + games).collect();
    let rows = foreman::sim::on_threads(&seeds, 2, |seed| {
        let setup = Setup::solo("P", Difficulty::Hard, seed);
        let mut g = Game::new_dealt(setup).expect("game");
        let mut bot = Bot::new(BotKind::Planner, seed);
        let mut per_round: Vec<(u32, u32, u32, u32)> = Vec::new();
        let mut round = g.state().round;
        let mut ender = None;
        while !g.state().is_over() {
            let before = g.state().end_triggered;
            let acting = g.state().current_player();
            let act = bot.choose(&g.position_known_to(acting)).expect("act");
            let machine_turn = acting.is_none();
            g.apply_digital(act).expect("legal");
            if before.is_none() && g.state().end_triggered.is_some() {
                ender = Some((
                    if machine_turn { "Machine" } else { "bot" },
                    g.state().round,
                ));
            }
            if g.state().round != round {
                let st = g.state();
                let m = st.machine.as_ref().map_or(0, |m| m.score());
                per_round.push((round, st.players[0].score(), m, st.players[0].goods));
                round = st.round;
            }
        }
        let st = g.state();
        let won = matches!(&scoreboard(st).winner, Winner::Players(p) if p.contains(&0));
        let m = st.machine.as_ref().map_or(0, |m| m.score());
        (per_round, ender, won, st.players[0].score(), m, st.round)
    });
    let mut sum = vec![(0.0, 0.0, 0.0); 14];
    for (per, _, _, _, _, _) in &rows {
        for &(r, me, m, _) in per {
            let e = &mut sum[r as usize];
            e.0 += f64::from(me);
            e.1 += f64::from(m);
            e.2 += 1.0;
        }
    }
    for (r, e) in sum.iter().enumerate() {
        if e.2 > 0.0 {
            println!(
                "round {r}: bot {:.1} machine {:.1} ({} games)",
                e.0 / e.2,
                e.1 / e.2,
                e.2
            );
        }
    }
    let mut by = std::collections::BTreeMap::<String, (u32, u32, f64)>::new();
    for (_, ender, won, me, m, _) in &rows {
        let k = ender.map_or("nobody", |(who, _)| who).to_string();
        let e = by.entry(k).or_default();
        e.0 += 1;
        e.1 += u32::from(*won);
        e.2 += f64::from(*me) - f64::from(*m);
    }
    for (k, (n, w, margin)) in by {
        println!(
            "ended by the {k}: {n} games, {w} won, mean margin {:.2}",
            margin / f64::from(n)
        );
    }
}
