//! The frame decoder on arbitrary bytes: it must never panic, and whatever it accepts must
//! re-encode to a frame that was in the input (nothing is made up from noise).
#![no_main]

use foreman_dice_protocol::{Decoder, MAX_FRAME, encode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut decoder = Decoder::new();
    for &b in data {
        if let Some(Ok(env)) = decoder.feed(b) {
            let mut buf = [0u8; MAX_FRAME];
            let n = encode(env.seq, &env.message, &mut buf);
            let inner = &buf[1..n - 1];
            assert!(data.windows(inner.len()).any(|w| w == inner));
        }
    }
});
