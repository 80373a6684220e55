//! Issue 88, point 8: the fuzz targets need nightly and live outside the workspace, so their
//! bodies (`fuzz/bodies.rs`, shared with `fuzz_targets/`) are built and run here, on stable, in
//! CI: over a kept corpus (`tests/data/fuzz/`) and seeded mutations of each entry (bits flipped,
//! bytes cut, put in and repeated). A body panics on what it must survive; tried by making the
//! decoder skip its CRC (a mutated frame is then accepted that the bytes never held) and the
//! message reader panic on a roll: each fails this test.

#[path = "../../fuzz/bodies.rs"]
mod bodies;

use foreman_dice_protocol::{Decoder, DieColour, MAX_FRAME, Message, RollState, encode};
use rand::{Rng, SeedableRng};

/// `n` mutations of `seed`, drawn from `rng`.
fn mutations(seed: &[u8], n: usize, rng: &mut impl Rng) -> Vec<Vec<u8>> {
    (0..n)
        .map(|_| {
            let mut m = seed.to_vec();
            for _ in 0..rng.random_range(1..=4) {
                match rng.random_range(0..4) {
                    0 if !m.is_empty() => {
                        let i = rng.random_range(0..m.len());
                        m[i] ^= 1 << rng.random_range(0..8);
                    }
                    1 if !m.is_empty() => {
                        let at = rng.random_range(0..m.len());
                        m.truncate(at);
                    }
                    2 => {
                        let at = rng.random_range(0..=m.len());
                        m.insert(at, rng.random());
                    }
                    _ if !m.is_empty() => {
                        let a = rng.random_range(0..m.len());
                        let b = rng.random_range(a..m.len());
                        let piece = m[a..=b].to_vec();
                        m.splice(b + 1..b + 1, piece);
                    }
                    _ => m.push(rng.random()),
                }
            }
            m
        })
        .collect()
}

#[test]
fn the_fuzz_targets_bodies_hold_on_the_kept_corpus_and_its_mutations() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(88);

    // A seat's messages: every kind is in the corpus, and all but the cut one are read.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz/seat_message");
    let mut corpus: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .expect("the corpus")
        .filter_map(|e| std::fs::read(e.ok()?.path()).ok())
        .collect();
    corpus.sort();
    assert!(corpus.len() >= 9, "{} entries", corpus.len());
    let read = corpus
        .iter()
        .filter(|c| std::str::from_utf8(c).is_ok_and(|t| foreman::net::wire::decode(t).is_ok()))
        .count();
    assert_eq!(
        read,
        corpus.len() - 1,
        "every entry but the truncated one is a message"
    );
    for entry in &corpus {
        bodies::seat_message(entry);
        for m in mutations(entry, 400, &mut rng) {
            bodies::seat_message(&m);
        }
    }

    // The smart dice's frames: one of every message kind, which the decoder gives back whole.
    let messages = [
        Message::Hello {
            protocol: 1,
            firmware: 7,
            die_id: 0xdead_beef,
            colour: DieColour::Green,
            faces: 6,
        },
        Message::Roll {
            die_id: 3,
            roll_id: 41,
            state: RollState::Rolled,
            face: 5,
        },
        Message::Heartbeat {
            die_id: 3,
            uptime_ms: 120_000,
            battery_mv: 3_900,
        },
        Message::HelloRequest,
        Message::RequestState,
        Message::Identify {
            die_id: 3,
            millis: 500,
        },
        Message::Calibrate { face: 6 },
    ];
    let mut stream = Vec::new();
    for (seq, message) in messages.iter().enumerate() {
        let mut buf = [0u8; MAX_FRAME];
        let n = encode(seq as u16, message, &mut buf);
        stream.extend_from_slice(&buf[..n]);
    }
    let mut decoder = Decoder::new();
    let back: Vec<Message> = stream
        .iter()
        .filter_map(|&b| decoder.feed(b))
        .filter_map(Result::ok)
        .map(|env| env.message)
        .collect();
    assert_eq!(back, messages, "the kept frames decode");
    bodies::decode(&stream);
    for m in mutations(&stream, 3_000, &mut rng) {
        bodies::decode(&m);
    }
}
