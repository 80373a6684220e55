use foreman::bots::{Bot, BotKind};
use foreman::engine::*;
fn main() {
    let mut times = vec![];
    let mut pos = vec![];
    for seed in 0..10u64 {
        let mut g = Game::new_dealt(Setup::solo("x", Difficulty::Medium, seed)).unwrap();
        let mut bot = Bot::new(BotKind::Greedy, seed);
        while !g.state().is_over() {
            if let Phase::Work { rolled: true, .. } = g.state().phase {
                let t = std::time::Instant::now();
                let p = foreman::planner::plan(&g).unwrap();
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                if *times.last().unwrap() > 100000.0 {
                    eprintln!(
                        "slow {:.0} ms {} positions: {}",
                        times.last().unwrap(),
                        p.positions,
                        foreman::text::table_text(&g)
                    );
                }
                pos.push(p.positions);
                // play the plan's first step
                let a = p.steps[0].clone();
                g.apply_digital(a).unwrap();
                continue;
            }
            let a = bot.choose(&g).unwrap();
            g.apply_digital(a).unwrap();
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    pos.sort();
    let n = times.len();
    println!(
        "{n} plans: median {:.2} ms, p95 {:.2} ms, max {:.2} ms; positions median {} max {}",
        times[n / 2],
        times[n * 95 / 100],
        times[n - 1],
        pos[n / 2],
        pos[n - 1]
    );
}
