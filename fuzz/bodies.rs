//! The fuzz targets' bodies, shared by `cargo fuzz` (nightly, `fuzz_targets/`) and the stable
//! test that runs them over a kept corpus and its seeded mutations (`tests/it/fuzzing.rs`), so
//! CI builds and runs what the fuzzer runs.

use foreman_dice_protocol::{Decoder, MAX_FRAME, encode};

/// The frame decoder on arbitrary bytes: it must never panic, and whatever it accepts must
/// re-encode to a frame that was in the input (nothing is made up from noise).
pub fn decode(data: &[u8]) {
    let mut decoder = Decoder::new();
    for &b in data {
        if let Some(Ok(env)) = decoder.feed(b) {
            let mut buf = [0u8; MAX_FRAME];
            let n = encode(env.seq, &env.message, &mut buf);
            let inner = &buf[1..n - 1];
            assert!(data.windows(inner.len()).any(|w| w == inner));
        }
    }
}

/// A seat's device message, as the host reads it: anything is read or refused, never a panic.
pub fn seat_message(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = foreman::net::wire::decode(text);
    }
}
