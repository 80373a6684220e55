//! Issue 27, point 7: a fixed 3-player companion round played through the window's own input
//! handling, printing the clicks and keystrokes it needs (the deal, each roll, each revealed
//! card, the whole round). The round is `tests/it/companion_round.rs`, shared with the test
//! that holds it to the targets.
//!
//! `cargo run --release --features tools --example companion_round`

#[path = "../tests/it/companion_round.rs"]
#[allow(dead_code)]
mod companion_round;

fn main() {
    print!("{}", companion_round::play().text());
}
