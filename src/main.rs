//! The `foreman` command: with no arguments, the window (a solo game against the Machine with
//! virtual dice, or the game last played); subcommands play in the terminal, serve games,
//! simulate, read dice, plan, and keep the history. Each command's code is in `cli/`.

mod cli;

fn main() {
    let started = std::time::Instant::now();
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    if let Err(e) = cli::run(started) {
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
