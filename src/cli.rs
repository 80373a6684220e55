//! The command line: its arguments (clap) and each command, one module each.

mod dice;
mod history;
mod plan;
mod play;
mod review;
mod serve;
mod simulate;

use dice::{listen, read_photos, teach_photos};
use history::{export_command, history_command, stats_command};
use play::play;
use serve::{host, serve};
use simulate::simulate;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use foreman::bots::BotKind;
use foreman::engine::Difficulty;
use foreman::engine::cards::check_catalogue;
use foreman::store;
use foreman::text;
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
pub(super) enum Level {
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
        /// One JSON object: {"player", "steps", "acts", "gain", "then_ask_again", "positions",
        /// "weighed", "worlds", "rounds"}.
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
        #[arg(long, conflicts_with = "database")]
        data: Option<PathBuf>,
        /// Keep the games in PostgreSQL (postgres://user@host/db): several nodes may serve
        /// one database, each game by one node at a time; a node stopped or dead, its games
        /// are served by another within seconds.
        #[arg(long, value_name = "URL")]
        database: Option<String>,
        /// This node's name among those serving one database (default: a random one).
        #[arg(long, requires = "database")]
        node: Option<String>,
        /// Where the other nodes reach this one, in plain HTTP (default: http://ADDRESS:PORT
        /// as bound, this computer's address on the network when bound to every address).
        #[arg(long, requires = "database", value_name = "URL", value_parser = plain_http)]
        node_url: Option<String>,
        /// Speak HTTPS with this certificate chain (PEM); needs --key. Nodes of a database
        /// speak plain HTTP to each other: the certificate is their reverse proxy's.
        #[arg(long, requires = "key", conflicts_with = "database")]
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
    /// Review a saved game: a player's choices round by round against the planner bot's, with
    /// what each cost in points by the game's end (weighed on what the player knew then).
    Review {
        file: PathBuf,
        /// The player reviewed: a name or a number from 1 (default: the first player the
        /// program does not play).
        #[arg(long)]
        player: Option<String>,
        /// The language: en, fr, es or ru.
        #[arg(long, default_value = "en")]
        lang: String,
    },
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
        /// The roll has this many dice: at most that many are read, the surest, and a photo
        /// with fewer says so.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=16))]
        count: Option<u8>,
        /// The dice are all of this colour (a seat's own: red, blue, green, purple, yellow,
        /// white, black).
        #[arg(long, value_name = "NAME", value_parser = die_colour)]
        colour: Option<foreman::vision::DieColour>,
        /// Read with the model built in, not with what was taught at this table.
        #[arg(long)]
        shipped: bool,
    },
    /// Teach the camera's reader your dice, table and light from photos whose rolls you tell
    /// in a file (one line per photo: `IMG_1.jpg: 3 5 6 1`), as confirmed rolls in the window
    /// do. `foreman dice read` and the window then read with it.
    Teach {
        /// The rolls: a photo's file name, a colon, its dice's faces.
        #[arg(long, value_name = "FILE", required_unless_present = "forget")]
        truth: Option<PathBuf>,
        /// The photos (JPEG or PNG), each named in the truth file.
        images: Vec<PathBuf>,
        /// Forget everything taught (the built-in model reads again).
        #[arg(long, conflicts_with_all = ["truth", "images"])]
        forget: bool,
    },
}

/// `--colour`: a die colour by its name.
fn die_colour(name: &str) -> Result<foreman::vision::DieColour, String> {
    foreman::vision::DieColour::ALL
        .into_iter()
        .find(|c| c.name().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            let names: Vec<&str> = foreman::vision::DieColour::ALL
                .iter()
                .map(|c| c.name())
                .collect();
            format!("no die colour {name:?}: {}", names.join(", "))
        })
}

/// `--bot`: one of the bots' names, listed in the help.
fn bot_kind() -> impl clap::builder::TypedValueParser<Value = BotKind> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(BotKind::NAMES).try_map(|s| s.parse::<BotKind>())
}

pub fn run(started: std::time::Instant) -> Result<()> {
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
            database,
            node,
            node_url,
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
                web: None,
            };
            let tls = match (cert, key) {
                (Some(c), Some(k)) => Some(foreman::net::tls::config(&c, &k)?),
                _ => None,
            };
            let keep = match database {
                Some(url) => serve::Keep::Database {
                    url,
                    node,
                    node_url,
                },
                None => serve::Keep::Folder(data),
            };
            serve(port, &bind, keep, options, tls)
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
            action:
                DiceCommand::Read {
                    images,
                    json,
                    count,
                    colour,
                    shipped,
                },
        } => read_photos(&images, json, count.map(usize::from), colour, shipped),
        Command::Dice {
            action:
                DiceCommand::Teach {
                    truth,
                    images,
                    forget,
                },
        } => teach_photos(truth.as_deref(), &images, forget),
        Command::Plan { file, json } => plan::plan(&file, json),
        Command::Review { file, player, lang } => {
            review::review(&file, player.as_deref(), Some(&lang))
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

/// A node's address for the other nodes: `http://HOST:PORT` (they carry devices to each other
/// in plain HTTP, on the network behind the reverse proxy).
fn plain_http(url: &str) -> Result<String, String> {
    let host = url
        .strip_prefix("http://")
        .ok_or("the nodes reach each other in plain HTTP: http://HOST:PORT (the reverse proxy holds the certificate)")?;
    let host = host.trim_end_matches('/');
    if host.is_empty() || host.contains('/') {
        return Err("http://HOST:PORT, with no path".to_string());
    }
    Ok(format!("http://{host}"))
}
