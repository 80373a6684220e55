//! The planner bot's time per decision, one core: `cargo run --release --features tools --example bot_time
//! [GAMES]` plays GAMES solo games against the Machine at hard (seeds from 1) and times every
//! decision the bot makes for its seat (a market choice, a work phase planned or a step of it
//! played, a roll), printing the median, p95 and worst, for the market phase, the work phase
//! after the roll (a plan made, or a step of it played) and in all.
use foreman::bots::{Bot, BotKind};
use foreman::engine::{Difficulty, Game, Phase, Setup};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let mut all = Vec::new();
    let (mut market, mut work) = (Vec::new(), Vec::new());
    for seed in 1..=games {
        let Ok(mut g) = Game::new_dealt(Setup::solo("P", Difficulty::Hard, seed)) else {
            continue;
        };
        let mut bot = Bot::new(BotKind::Planner, seed);
        while !g.state().is_over() {
            let acting = g.state().current_player();
            let known = g.position_known_to(acting);
            let t = std::time::Instant::now();
            let Some(act) = bot.choose(&known) else { break };
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            if acting.is_some() {
                all.push(ms);
                match g.state().phase {
                    Phase::Market { .. } => market.push(ms),
                    Phase::Work { rolled: true, .. } => work.push(ms),
                    _ => {}
                }
            }
            if g.apply_digital(act).is_err() {
                break;
            }
        }
    }
    let say = |what: &str, times: &mut Vec<f64>| {
        times.sort_by(f64::total_cmp);
        let n = times.len();
        if n == 0 {
            return;
        }
        let at = |q: f64| times[((n as f64 - 1.0) * q).round() as usize];
        println!(
            "{what}: {n} decisions, median {:.2} ms, p95 {:.1} ms, worst {:.0} ms",
            at(0.5),
            at(0.95),
            times[n - 1]
        );
    };
    say("market phase", &mut market);
    say("work phase (after the roll)", &mut work);
    say("every decision", &mut all);
}
