use foreman::bots::BotKind;
use foreman::engine::Difficulty;
use foreman::sim::{self, Table};
fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let mut best = 0f64;
    for round in 0..5 {
        let t = std::time::Instant::now();
        for seed in 0..n {
            let g = sim::play(Table::Solo(Difficulty::Medium), seed + round * n, BotKind::Random).unwrap();
            std::hint::black_box(g);
        }
        best = best.max(n as f64 / t.elapsed().as_secs_f64());
    }
    println!("best {best:.0} games/s");
}
