//! The `foreman` command: with no arguments, a solo game against the Machine with virtual
//! dice in the terminal; subcommands simulate games, score and replay saved games.

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use foreman::bots::BotKind;
use foreman::engine::cards::check_catalogue;
use foreman::engine::error::counted;
use foreman::engine::{Act, Difficulty, Game, Setup, legal_actions};
use foreman::sim::{self, Table};
use foreman::store;
use foreman::text;
use std::io::{BufRead, Write};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "foreman",
    version,
    about = "A table companion and digital tabletop for Fantastic Factories"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl From<Level> for Difficulty {
    fn from(l: Level) -> Difficulty {
        match l {
            Level::Easy => Difficulty::Easy,
            Level::Medium => Difficulty::Medium,
            Level::Hard => Difficulty::Hard,
            Level::Expert => Difficulty::Expert,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Open the window (the default): start a game, resume the last one, or open a file.
    Window,
    /// The best work phase for the player at work in a saved game, after their roll: the
    /// steps, the objective's gain and the positions searched.
    Plan {
        file: PathBuf,
        /// One JSON object: {"player", "steps", "acts", "gain", "then_ask_again", "positions"}.
        #[arg(long)]
        json: bool,
    },
    /// Play in the terminal: a solo game against the Machine with virtual dice.
    Play {
        /// The Machine's difficulty.
        #[arg(long, value_enum, default_value = "medium")]
        solo: Level,
        /// Seed of the virtual dice and decks (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Resume the last game instead of starting a new one.
        #[arg(long)]
        resume: bool,
    },
    /// Play complete games with a bot and print a summary.
    Simulate {
        #[arg(long, default_value_t = 1)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of players (no Machine).
        #[arg(long, conflicts_with = "solo", value_parser = clap::value_parser!(u8).range(1..=5))]
        players: Option<u8>,
        /// A solo game against the Machine at this difficulty.
        #[arg(long, value_enum)]
        solo: Option<Level>,
        #[arg(long, default_value = "greedy", value_parser = bot_kind())]
        bot: BotKind,
        /// One JSON object per game on its own line.
        #[arg(long)]
        json: bool,
    },
    /// Physical dice: smart dice on a serial port, or dice photographed by a camera.
    Dice {
        #[command(subcommand)]
        action: DiceCommand,
    },
    /// Serve a game to every player's device: each opens their seat's link (or scans its QR
    /// code) in a browser on the same network and plays their own seat.
    Host {
        /// The saved game to serve (default: the last game).
        file: Option<PathBuf>,
        #[arg(long, default_value_t = 7878)]
        port: u16,
        /// The address to listen on (127.0.0.1: this computer only).
        #[arg(long, default_value = "0.0.0.0")]
        bind: String,
        /// The address the links give (default: this computer's on the local network).
        #[arg(long)]
        address: Option<String>,
    },
    /// Serve many games at once: make one on the front page, join by an invitation or its
    /// code.
    Serve {
        #[arg(long, default_value_t = 7878)]
        port: u16,
        #[arg(long, default_value = "0.0.0.0")]
        bind: String,
        /// Where the games are journalled (default: in memory only).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Speak HTTPS with this certificate chain (PEM); needs --key.
        #[arg(long, requires = "key")]
        cert: Option<PathBuf>,
        /// The certificate's private key (PEM).
        #[arg(long, requires = "cert")]
        key: Option<PathBuf>,
        /// A name this server is reached by (foreman.example.org); IP addresses and
        /// localhost always are. Any other Host is refused (DNS rebinding).
        #[arg(long = "name")]
        names: Vec<String>,
        /// Behind a reverse proxy: each client's address is the last of X-Forwarded-For.
        #[arg(long)]
        behind_proxy: bool,
        /// At most this many games at once.
        #[arg(long, default_value_t = 2000)]
        max_games: usize,
        /// New games one address may make in an hour.
        #[arg(long, default_value_t = 20.0)]
        games_per_hour: f64,
        /// A game nobody played for this many days is put away (moved to expired/).
        #[arg(long, default_value_t = 14.0)]
        idle_days: f64,
    },
    /// The games played, newest first (every game is kept, finished or not).
    History {
        /// Only the games of this person.
        #[arg(long)]
        player: Option<String>,
        /// One JSON array of games.
        #[arg(long)]
        json: bool,
        /// The person OLD is called NEW from now on, in every game (one person if NEW exists).
        #[arg(long, num_args = 2, value_names = ["OLD", "NEW"])]
        rename: Option<Vec<String>>,
        /// Adds the saved games of DIR (another computer's, say) to the history.
        #[arg(long, value_name = "DIR")]
        import: Option<PathBuf>,
    },
    /// Wins, scores, the Machine by difficulty, head to head and the blueprints built.
    Stats {
        #[arg(long)]
        player: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Every game to BG Stats (its play file, named as you like, e.g. plays.bgsplay), to CSV
    /// (FILE, and the players' rows beside it in FILE-players.csv), or both.
    Export {
        #[arg(long, value_name = "FILE", required_unless_present = "csv")]
        bgstats: Option<PathBuf>,
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
    },
    /// Print the score breakdown of a saved game.
    Score { file: PathBuf },
    /// Replay a saved game and report its final state, or the first illegal action.
    Replay { file: PathBuf },
}

#[derive(Subcommand)]
enum DiceCommand {
    /// Print each settled roll of the smart dice on PORT (a serial device or the simulator's
    /// pseudo-terminal); unplugging and plugging back is survived.
    Listen {
        port: String,
        /// One JSON line per roll: {"die_id", "colour", "face", "roll_id"}.
        #[arg(long)]
        json: bool,
        /// Stop after this many rolls.
        #[arg(long)]
        count: Option<usize>,
        /// Stop after this many seconds.
        #[arg(long)]
        seconds: Option<u64>,
    },
    /// Read the dice in photos (JPEG or PNG): each die's centre, value, colour and confidence.
    /// A file that cannot be read gets an error line; the others are still read.
    Read {
        #[arg(required = true)]
        images: Vec<PathBuf>,
        /// One JSON line per image: {"image", "dice": [{"x", "y", "value", "colour",
        /// "confidence"}]}, or {"image", "error"}.
        #[arg(long)]
        json: bool,
    },
}

/// `--bot`: one of the bots' names, listed in the help.
fn bot_kind() -> impl clap::builder::TypedValueParser<Value = BotKind> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(BotKind::NAMES).try_map(|s| s.parse::<BotKind>())
}

fn main() {
    let started = std::time::Instant::now();
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    if let Err(e) = run(started) {
        eprintln!("foreman: {}", error_text(&e));
        std::process::exit(1);
    }
}

/// An error and its causes, each said once: the library's messages already name their cause
/// ("cannot read F: no such file"), so a cause the message holds is not repeated.
fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let said = cause.to_string();
        if !text.contains(&said) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&said);
        }
    }
    text
}

fn run(started: std::time::Instant) -> Result<()> {
    check_catalogue().context("the card catalogue")?;
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Window) {
        Command::Window => foreman::ui::run(started),
        Command::Host {
            file,
            port,
            bind,
            address,
        } => host(file, port, &bind, address),
        Command::Serve {
            port,
            bind,
            data,
            cert,
            key,
            names,
            behind_proxy,
            max_games,
            games_per_hour,
            idle_days,
        } => {
            let limits = foreman::net::guard::Limits {
                max_games,
                games_per_hour,
                idle: std::time::Duration::from_secs_f64((idle_days * 86_400.0).max(60.0)),
                ..Default::default()
            };
            let options = foreman::net::lobby::Options {
                limits,
                names,
                behind_proxy,
            };
            let tls = match (cert, key) {
                (Some(c), Some(k)) => Some(foreman::net::tls::config(&c, &k)?),
                _ => None,
            };
            serve(port, &bind, data, options, tls)
        }
        Command::Play { solo, seed, resume } => play(solo.into(), seed, resume),
        Command::Simulate {
            games,
            seed,
            players,
            solo,
            bot,
            json,
        } => simulate(games, seed, players, solo, bot, json),
        Command::Dice {
            action:
                DiceCommand::Listen {
                    port,
                    json,
                    count,
                    seconds,
                },
        } => listen(port, json, count, seconds),
        Command::Dice {
            action: DiceCommand::Read { images, json },
        } => read_photos(&images, json),
        Command::Plan { file, json } => {
            let game = store::load_game(&file)?;
            if let Some(choice) = foreman::bots::suggest_market_for(&game) {
                print_market_choice(&game, &choice, json);
                return Ok(());
            }
            let known = game.known_to(game.state().current_player());
            let plan = foreman::planner::plan(known.game())
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
                });
                println!("{out}");
            } else {
                println!(
                    "The best work phase for {} (gain {:.2}, {} positions searched):",
                    name.unwrap_or_default(),
                    plan.gain,
                    plan.positions
                );
                for (i, step) in steps.iter().enumerate() {
                    println!("  {}. {step}", i + 1);
                }
                if plan.then_ask_again {
                    println!("  Then see the result and ask again.");
                }
            }
            Ok(())
        }
        Command::History {
            player,
            json,
            rename,
            import,
        } => history_command(player, json, rename, import),
        Command::Stats { player, json } => stats_command(player, json),
        Command::Export { bgstats, csv } => export_command(bgstats, csv),
        Command::Score { file } => {
            let game = store::load_game(&file)?;
            if !game.state().is_over() {
                println!("(the game is not over: {})", text::phase_text(&game));
            }
            print!("{}", text::scoreboard_text(&game));
            Ok(())
        }
        Command::Replay { file } => {
            let game = store::load_game(&file)?;
            println!("{} actions replayed, all legal.", game.journal().len());
            print!("{}", text::table_text(&game));
            if game.state().is_over() {
                print!("{}", text::scoreboard_text(&game));
            }
            Ok(())
        }
    }
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
            "others": others,
        });
        println!("{out}");
        return;
    }
    println!(
        "The best market choice for {} (gain {:.2}, its next work phase played ahead on {} rolls):",
        name.unwrap_or_default(),
        choice.gain,
        choice.rolls
    );
    let en = foreman::i18n::Tr::new(foreman::i18n::Lang::En);
    let said = |a| foreman::i18n::words::suggested_act(&en, game, a);
    println!("  1. {}", said(&choice.act));
    for (a, g) in &choice.others {
        println!("  or: {}; gain {g:.2}", said(a));
    }
}

fn simulate(
    games: u32,
    seed: u64,
    players: Option<u8>,
    solo: Option<Level>,
    bot: BotKind,
    json: bool,
) -> Result<()> {
    let table = match (players, solo) {
        // docs/rules.md, decisions for the program: one player is the solo game.
        (Some(1), None) => bail!(
            "a game of one player is the solo game against the Machine: use --solo easy|medium|hard|expert"
        ),
        (Some(n), None) => Table::Players(usize::from(n)),
        (None, Some(level)) => Table::Solo(level.into()),
        _ => bail!("say who plays: --players P (2 to 5) or --solo easy|medium|hard|expert"),
    };
    let mut out = std::io::stdout().lock();
    let mut wins: std::collections::BTreeMap<String, u32> = Default::default();
    let mut rounds = 0u64;
    // The games are independent: one per core at a time, reported in the order of their seeds.
    let seeds: Vec<u64> = (0..u64::from(games))
        .map(|i| seed.wrapping_add(i))
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (i, summary) in sim::play_many(table, &seeds, bot, threads)
        .into_iter()
        .enumerate()
    {
        let summary = summary?;
        rounds += u64::from(summary.rounds);
        if json {
            writeln!(out, "{}", serde_json::to_string(&summary)?)?;
        } else {
            let scores: Vec<String> = summary
                .players
                .iter()
                .map(|p| format!("{} {}", p.name, p.score))
                .chain(
                    summary
                        .machine
                        .iter()
                        .map(|m| format!("Machine {}", m.score)),
                )
                .collect();
            writeln!(
                out,
                "game {} (seed {}): {} rounds, {}; winner: {}",
                i + 1,
                summary.seed,
                summary.rounds,
                scores.join(", "),
                summary.winner
            )?;
        }
        *wins.entry(summary.winner).or_default() += 1;
    }
    if !json && games > 0 {
        let w: Vec<String> = wins.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(
            out,
            "{games} games, {:.1} rounds on average; wins: {}",
            rounds as f64 / f64::from(games),
            w.join(", ")
        )?;
    }
    Ok(())
}

/// The terminal game: the table, then the numbered legal actions; the Machine plays itself.
fn play(level: Difficulty, seed: Option<u64>, resume: bool) -> Result<()> {
    let path = store::last_game_path();
    let mut game = if resume {
        store::load_game(&path)?
    } else {
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        });
        Game::new_dealt(Setup::solo("You", level, seed))?
    };
    // A resumed game keeps its own difficulty, whatever --solo says.
    let level = game.setup().machine.unwrap_or(level);
    println!(
        "Foreman — Fantastic Factories, solo against the Machine ({}).",
        level.name()
    );
    println!(
        "Type the number of an action, u to undo, q to quit. The game is saved to {}",
        path.display()
    );
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    // Every game goes into the history as it is played (a history that cannot open is said
    // once, and the game goes on: its journal file holds it).
    let mut history = open_history()
        .map_err(|e| eprintln!("foreman: {}", error_text(&e)))
        .ok();
    let mut recorded = None;
    loop {
        store::save_game(&path, &game)?;
        if let Some(h) = history.as_mut() {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64);
            recorded = h
                .record(
                    &game,
                    now,
                    foreman::history::Origin::Play,
                    recorded,
                    Some(&path),
                )
                .map_err(|e| tracing::warn!("the history did not record the game: {e}"))
                .ok();
        }
        if game.state().is_over() {
            print!("{}", text::table_text(&game));
            print!("{}", text::scoreboard_text(&game));
            return Ok(());
        }
        let acts = legal_actions(game.state());
        if acts == [Act::MachineTurn] {
            let events = game.apply_digital(Act::MachineTurn)?;
            for e in &events {
                if let Some(t) = text::event_text(&game, e) {
                    println!("  · {t}");
                }
            }
            continue;
        }
        // The end-of-work discard is the player's choice (docs/rules.md, end of the work phase):
        // one entry, then the cards and resources are asked for.
        let excess = end_work_excess(&game);
        let mut acts = acts;
        if excess != (0, 0) {
            let mut seen = false;
            acts.retain(|a| {
                !matches!(a, Act::EndWork { .. }) || !std::mem::replace(&mut seen, true)
            });
        }
        print!("\n{}", text::table_text(&game));
        for (i, a) in acts.iter().enumerate() {
            if matches!(a, Act::EndWork { .. }) && excess != (0, 0) {
                println!(
                    "  {:>3}. end the work phase, choosing {} and {} to discard",
                    i + 1,
                    counted(excess.0, "blueprint"),
                    counted(excess.1 as usize, "resource")
                );
            } else {
                println!("  {:>3}. {a}", i + 1);
            }
        }
        print!("> ");
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            println!("\n(end of input: the game is saved; `foreman play --resume` continues it)");
            return Ok(());
        };
        let line = line?;
        let line = line.trim();
        match line {
            "q" | "quit" => {
                println!("Saved. `foreman play --resume` continues it.");
                return Ok(());
            }
            "u" | "undo" => {
                // The window's rule (docs/rules.md, Undo): in a digital game undo does not take
                // back an action that revealed a card or dice, the Machine's turn included.
                let len = game.journal().len();
                let floor = game.undo_floor().max(1);
                if len > floor {
                    let undone = game.journal()[len - 1].act.clone();
                    game = game.truncate(len - 1).map_err(|(i, e)| {
                        anyhow::anyhow!("undo failed at action {}: {e}", i + 1)
                    })?;
                    println!("Taken back: {undone}.");
                } else if let Some(stop) = game.journal().get(floor - 1) {
                    println!(
                        "Undo stops at \"{}\": it revealed a card or dice, and taking it back would show what is hidden.",
                        stop.act
                    );
                }
                continue;
            }
            _ => {}
        }
        let chosen = line
            .parse::<usize>()
            .ok()
            .and_then(|k| k.checked_sub(1))
            .and_then(|k| acts.get(k))
            .cloned();
        let chosen = match chosen {
            Some(Act::EndWork { .. }) if excess != (0, 0) => {
                match choose_discards(&game, excess, &mut lines)? {
                    Some(act) => Some(act),
                    None => continue,
                }
            }
            other => other,
        };
        match chosen {
            Some(act) => match game.apply_digital(act) {
                Ok(events) => {
                    for e in &events {
                        if let Some(t) = text::event_text(&game, e) {
                            println!("  · {t}");
                        }
                    }
                }
                Err(e) => println!("Not allowed: {e}"),
            },
            None => println!("Type a number from 1 to {}, u or q.", acts.len()),
        }
    }
}

/// The blueprints and resources the player at work must give up to end the work phase
/// (docs/rules.md, end of the work phase: `PlayerState::excess`, hidden cards counted).
fn end_work_excess(game: &Game) -> (usize, u32) {
    let st = game.state();
    match st.current_player() {
        Some(p) if matches!(st.phase, foreman::engine::state::Phase::Work { .. }) => {
            st.players[p].excess()
        }
        _ => (0, 0),
    }
}

/// Asks which blueprints and resources go at the end of the work phase; `None` when the
/// player's answer does not fit (said why; they choose again).
fn choose_discards(
    game: &Game,
    (cards, resources): (usize, u32),
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Result<Option<Act>> {
    let st = game.state();
    let Some(p) = st.current_player() else {
        return Ok(None);
    };
    let player = &st.players[p];
    let hand: Vec<foreman::engine::Blueprint> = player
        .hand
        .iter()
        .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
        .collect();
    let mut discard = Vec::new();
    if cards > 0 {
        println!("Your hand:");
        for (i, c) in hand.iter().enumerate() {
            println!("  {:>3}. {c}", i + 1);
        }
        print!(
            "Discard {}: type their numbers, separated by spaces > ",
            counted(cards, "blueprint")
        );
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return Ok(None);
        };
        let mut picked: Vec<usize> = Vec::new();
        for word in line?.split_whitespace() {
            match word.parse::<usize>().ok().and_then(|k| k.checked_sub(1)) {
                Some(k) if k < hand.len() && !picked.contains(&k) => picked.push(k),
                _ => {
                    println!(
                        "\"{word}\" is not one of the numbers 1 to {} (each once).",
                        hand.len()
                    );
                    return Ok(None);
                }
            }
        }
        if picked.len() != cards {
            println!(
                "Choose exactly {}; you named {}.",
                counted(cards, "blueprint"),
                picked.len()
            );
            return Ok(None);
        }
        discard = picked.into_iter().map(|k| hand[k]).collect();
    }
    let mut metal = 0;
    if resources > 0 {
        let least = resources.saturating_sub(player.energy);
        let most = resources.min(player.metal);
        print!(
            "Drop {}: how much of it metal ({least} to {most}; the rest energy)? > ",
            counted(resources as usize, "resource")
        );
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return Ok(None);
        };
        match line?.trim().parse::<u32>() {
            Ok(m) if (least..=most).contains(&m) => metal = m,
            _ => {
                println!("Type a number from {least} to {most}.");
                return Ok(None);
            }
        }
    }
    Ok(Some(Act::EndWork {
        discard,
        discard_metal: metal,
        discard_energy: resources - metal,
    }))
}

/// `foreman dice read`: the camera reader on photos, one line per photo.
fn read_photos(images: &[PathBuf], json: bool) -> Result<()> {
    use foreman::vision;
    let mut failed = 0;
    for path in images {
        let result = vision::read_file(path);
        if result.is_err() {
            failed += 1;
        }
        let line = if json {
            vision::json_line(path, &result)
        } else {
            vision::text_line(path, &result)
        };
        println!("{line}");
    }
    if failed > 0 {
        anyhow::bail!("{failed} of {} images could not be read", images.len());
    }
    Ok(())
}

/// `foreman dice listen`: the smart-dice reader on one port, printing settled rolls.
fn listen(port: String, json: bool, count: Option<usize>, seconds: Option<u64>) -> Result<()> {
    use foreman::dice::serial::{DiceEvent, spawn_watch};
    use std::time::{Duration, Instant};
    let (tx, rx) = std::sync::mpsc::channel();
    let (_commands_tx, commands_rx) = std::sync::mpsc::channel();
    // Nothing to wake: the loop below looks for events itself.
    let (stop, handle) = spawn_watch(port, tx, commands_rx, Default::default());
    let deadline = seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let mut rolls = 0;
    let out = std::io::stdout();
    loop {
        if count.is_some_and(|c| rolls >= c) || deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let event = match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(e) => e,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        };
        let mut out = out.lock();
        match event {
            DiceEvent::Rolled(r) => {
                rolls += 1;
                if json {
                    writeln!(out, "{}", serde_json::to_string(&r)?)?;
                } else {
                    writeln!(
                        out,
                        "{} die {:x} rolled {} (roll {})",
                        r.colour.name(),
                        r.die_id,
                        r.face,
                        r.roll_id
                    )?;
                }
                out.flush()?;
            }
            DiceEvent::VersionMismatch { port, got } => eprintln!(
                "{port}: the dice speak protocol version {got}; this Foreman speaks {}: update one of them",
                foreman_dice_protocol::PROTOCOL_VERSION
            ),
            DiceEvent::Disconnected { port, reason } => {
                eprintln!("{port}: not connected ({reason}); waiting for it to come back")
            }
            DiceEvent::Connected { port } => eprintln!("{port}: connected"),
            DiceEvent::Hello(d) => {
                eprintln!("die {:x}: {} d{}", d.die_id, d.colour.name(), d.faces)
            }
            _ => {}
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = handle.join();
    Ok(())
}

/// `foreman host`: the game's links, each with its QR code, then the server until stopped.
/// Nobody's window runs the table: the server deals and plays the Machine in an on-screen
/// game, and at a real table the first seat's device tells them.
fn host(file: Option<PathBuf>, port: u16, bind: &str, address: Option<String>) -> Result<()> {
    use foreman::net::{Table, links, lobby::Hub, table::Runner};
    let file = file.unwrap_or_else(foreman::store::last_game_path);
    let table = Table::open(&file).with_context(|| format!("serving {}", file.display()))?;
    table.set_runner(Runner::Server { maker: 0 });
    let keys = table.keys();
    let names: Vec<String> = {
        let game = table.game();
        (0..game.setup().players.len())
            .map(|s| game.setup().player_name(s))
            .collect()
    };
    // A name given for the links is a name the server answers to.
    let options = foreman::net::lobby::Options {
        names: address.iter().cloned().collect(),
        ..Default::default()
    };
    let hub = Hub::host_with(std::sync::Arc::new(table), options);
    foreman::net::serve_blocking(hub, bind, port, false, None, |at| {
        let host = address
            .clone()
            .or_else(|| links::lan_address().map(|a| a.to_string()))
            .unwrap_or_else(|| "127.0.0.1".to_string());
        let (seats, spectators) = links::urls(&format!("http://{host}:{}", at.port()), &keys);
        println!("Serving {} on {at}", file.display());
        for (name, url) in names.iter().zip(&seats) {
            println!("\n{name}: {url}\n{}", links::qr_text(url));
        }
        println!("Spectators: {spectators}");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
    })
    .context("the server")
}

/// `foreman serve`: games made and joined on its front page.
fn serve(
    port: u16,
    bind: &str,
    data: Option<PathBuf>,
    options: foreman::net::lobby::Options,
    tls: Option<std::sync::Arc<foreman::net::tls::ServerConfig>>,
) -> Result<()> {
    if let Some(d) = &data {
        std::fs::create_dir_all(d).with_context(|| format!("cannot make {}", d.display()))?;
        // Games hold their seeds and seats' keys: this user's only.
        use std::os::unix::fs::PermissionsExt as _;
        let _ = std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o700));
    }
    let scheme = if tls.is_some() { "https" } else { "http" };
    let hub = foreman::net::lobby::Hub::lobby_with(data, options);
    foreman::net::serve_blocking(hub, bind, port, false, tls, |at| {
        println!("Serving games on {at}: open {scheme}://{at}/ to make one");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
    })
    .context("the server")
}

/// The history of the data folder, its saved games imported; a damaged one is said.
fn open_history() -> Result<foreman::history::History> {
    let opened = foreman::history::open_in(&store::data_dir()).context("the history")?;
    if let Some(aside) = opened.set_aside {
        eprintln!(
            "foreman: the history database was damaged; it was set aside as {} and a new one begun",
            aside.display()
        );
    }
    Ok(opened.history)
}

fn history_command(
    player: Option<String>,
    json: bool,
    rename: Option<Vec<String>>,
    import: Option<PathBuf>,
) -> Result<()> {
    let mut history = open_history()?;
    if let Some(dir) = import {
        let files = foreman::history::saved_games_in(&dir);
        let n = history.import_files(&files)?;
        println!("{n} of {} saved games added to the history.", files.len());
        return Ok(());
    }
    if let Some([old, new]) = rename.as_deref() {
        let n = history.rename(old, new)?;
        println!("{old} is {new} from now on ({n} seats).");
        return Ok(());
    }
    let rows = history.games(&foreman::history::Filter {
        player,
        ..Default::default()
    })?;
    if json {
        let list: Vec<serde_json::Value> = rows
            .iter()
            .map(foreman::history::report::game_json)
            .collect();
        println!("{}", serde_json::Value::Array(list));
    } else if rows.is_empty() {
        println!("No game yet.");
    } else {
        for g in &rows {
            println!("{}", foreman::history::report::game_line(g));
        }
    }
    Ok(())
}

fn stats_command(player: Option<String>, json: bool) -> Result<()> {
    let history = open_history()?;
    let rows = history.games(&Default::default())?;
    if json {
        let v = foreman::history::report::stats_json(&history, &rows, player.as_deref())?;
        println!("{v}");
    } else {
        print!(
            "{}",
            foreman::history::report::stats_text(&history, &rows, player.as_deref())?
        );
    }
    Ok(())
}

fn export_command(bgstats: Option<PathBuf>, csv: Option<PathBuf>) -> Result<()> {
    use foreman::history::export;
    let history = open_history()?;
    let rows = history.games(&Default::default())?;
    if let Some(file) = bgstats {
        let text = serde_json::to_string_pretty(&export::bgstats(&rows))?;
        store::write_atomic(&file, text).with_context(|| format!("writing {}", file.display()))?;
        println!(
            "{} finished games written to {} (a BG Stats play file: open it with BG Stats on your phone).",
            rows.iter().filter(|g| g.finished).count(),
            file.display()
        );
    }
    if let Some(file) = csv {
        let players = file.with_file_name(format!(
            "{}-players.csv",
            file.file_stem()
                .map_or("games".into(), |s| s.to_string_lossy())
        ));
        store::write_atomic(&file, export::csv_games(&rows))?;
        store::write_atomic(&players, export::csv_players(&rows))?;
        println!(
            "{} games written to {} and their players to {}.",
            rows.len(),
            file.display(),
            players.display()
        );
    }
    Ok(())
}
