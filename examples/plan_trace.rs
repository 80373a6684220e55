//! One solo game of the planner bot against the Machine at medium, round by round:
//! `cargo run --release --features tools --example plan_trace -- [SEED]` prints, at the start of each round, the
//! player's score, goods, resources, hand and compound against the Machine's, then the
//! player's market choice and builds.
use foreman::bots::Bot;
use foreman::engine::{Act, Difficulty, Game, Phase, Setup};

/// The game's seed.
#[derive(clap::Parser)]
struct Args {
    #[arg(default_value_t = 1)]
    seed: u64,
}

fn main() {
    let Args { seed } = clap::Parser::parse();
    let Ok(mut g) = Game::new_dealt(Setup::solo("P", Difficulty::Medium, seed)) else {
        eprintln!("no game for seed {seed}");
        return;
    };
    let mut bot = Bot::planner(seed, Default::default(), foreman::bots::LOOKAHEAD);
    let mut last_round = 0;
    while !g.state().is_over() {
        let st = g.state();
        let (machine_score, machine_goods, machine_cards) = st
            .machine
            .as_ref()
            .map_or((0, 0, 0), |m| (m.score(), m.goods, m.compound.len()));
        if st.round != last_round {
            last_round = st.round;
            let p = &st.players[0];
            println!(
                "R{} P score {} goods {} m{} e{} hand {} compound {:?} | M score {machine_score} goods {machine_goods} cards {machine_cards}",
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
            );
        }
        let Some(act) = bot.choose(&g) else { break };
        if matches!(st.phase, Phase::Market { .. }) || matches!(act, Act::Build { .. }) {
            println!("   {act:?}");
        }
        if g.apply_digital(act).is_err() {
            break;
        }
    }
    let st = g.state();
    let p = &st.players[0];
    let machine = st.machine.as_ref().map_or(0, |m| m.score());
    println!(
        "END R{} P {} (goods {} prestige {}) M {machine}",
        st.round,
        p.score(),
        p.goods,
        p.prestige()
    );
}
