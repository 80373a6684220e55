use foreman::bots::Bot;
use foreman::engine::{Difficulty, Game, Phase, Setup};
fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut g = Game::new_dealt(Setup::solo("P", Difficulty::Medium, seed)).expect("game");
    let mut bot = Bot::planner(seed, Default::default(), 4);
    let mut last_round = 0;
    while !g.state().is_over() {
        let st = g.state();
        if st.round != last_round {
            last_round = st.round;
            let p = &st.players[0];
            let m = st.machine.as_ref().unwrap();
            println!(
                "R{} P score {} goods {} m{} e{} hand {} compound {:?} | M score {} goods {} cards {}",
                st.round,
                p.score(),
                p.goods,
                p.metal,
                p.energy,
                p.hand_size(),
                p.compound
                    .cards()
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>(),
                m.score(),
                m.goods,
                m.compound.len()
            );
        }
        let Some(act) = bot.choose(&g) else { break };
        if matches!(g.state().phase, Phase::Market { .. })
            || matches!(act, foreman::engine::Act::Build { .. })
        {
            println!("   {:?}", act);
        }
        if g.apply_digital(act).is_err() {
            break;
        }
    }
    let st = g.state();
    let p = &st.players[0];
    let m = st.machine.as_ref().unwrap();
    println!(
        "END R{} P {} (goods {} prestige {}) M {}",
        st.round,
        p.score(),
        p.goods,
        p.prestige(),
        m.score()
    );
}
