//! `foreman plan`: the planner on a saved game.

use anyhow::Result;
use foreman::{store, text};

/// `foreman plan`: the best work phase for the player at work after their roll, or in the
/// market phase the planner bot's choice.
pub(super) fn plan(file: &std::path::Path, json: bool) -> Result<()> {
    let game = store::load_game(file)?;
    if let Some(choice) = foreman::bots::suggest_market_for(&game) {
        print_market_choice(&game, &choice, json);
        return Ok(());
    }
    let known = game.known_to(game.state().current_player());
    let seed = foreman::bots::public_seed(&known);
    let plan = foreman::bots::suggest_work(known.game(), seed, None)
        .map_err(|e| anyhow::anyhow!("{e}; the game is in {}", text::phase_text(&game)))?;
    let seat = game.state().current_player().unwrap_or(0);
    let name = (seat < game.setup().players.len()).then(|| game.setup().player_name(seat));
    let steps: Vec<String> = plan.steps.iter().map(|a| a.to_string()).collect();
    if json {
        let out = serde_json::json!({
            "player": name,
            "steps": steps,
            "acts": plan.steps,
            "gain": plan.gain,
            "then_ask_again": plan.then_ask_again,
            "positions": plan.positions,
            "weighed": plan.weighed,
            "worlds": plan.worlds,
            "rounds": plan.rounds,
        });
        println!("{out}");
    } else {
        println!(
            "The best work phase for {} (gain {:.2}, {} positions searched):",
            name.unwrap_or_default(),
            plan.gain,
            plan.positions
        );
        if plan.weighed > 1 {
            println!(
                "Chosen among {} plans, each played {} rounds ahead in {} games drawn from what the player knows:",
                plan.weighed, plan.rounds, plan.worlds
            );
        }
        for (i, step) in steps.iter().enumerate() {
            println!("  {}. {step}", i + 1);
        }
        if plan.then_ask_again {
            println!("  Then see the result and ask again.");
        }
    }
    Ok(())
}

/// `foreman plan` in the market phase: the planner bot's choice, and the next best.
fn print_market_choice(
    game: &foreman::engine::Game,
    choice: &foreman::bots::MarketChoice,
    json: bool,
) {
    let seat = game.state().current_player().unwrap_or(0);
    let name = (seat < game.setup().players.len()).then(|| game.setup().player_name(seat));
    // A hire's discard from a hidden hand is any card with this tool the hand holds.
    let unseen = |a: &foreman::engine::Act| {
        foreman::bots::unseen_discard(game.state(), a).map(|t| format!("{t:?}").to_lowercase())
    };
    if json {
        let others: Vec<serde_json::Value> = choice
            .others
            .iter()
            .map(|(a, g)| serde_json::json!({"step": a.to_string(), "act": a, "gain": g, "discard_unseen": unseen(a)}))
            .collect();
        let out = serde_json::json!({
            "player": name,
            "phase": "market",
            "steps": [choice.act.to_string()],
            "acts": [&choice.act],
            "discard_unseen": unseen(&choice.act),
            "gain": choice.gain,
            "rolls": choice.rolls,
            "rounds": choice.rounds,
            "others": others,
        });
        println!("{out}");
        return;
    }
    let ahead = if choice.rounds > 1 {
        format!(
            "its next {} rounds played ahead in {} games drawn from what you know",
            choice.rounds, choice.rolls
        )
    } else {
        format!("its next work phase played ahead on {} rolls", choice.rolls)
    };
    println!(
        "The best market choice for {} (gain {:.2}, {ahead}):",
        name.unwrap_or_default(),
        choice.gain,
    );
    let en = foreman::i18n::Tr::new(foreman::i18n::Lang::En);
    let said = |a| foreman::i18n::words::suggested_act(&en, game, a);
    println!("  1. {}", said(&choice.act));
    for (a, g) in &choice.others {
        println!("  or: {}; gain {g:.2}", said(a));
    }
}
