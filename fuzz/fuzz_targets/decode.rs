//! The frame decoder on arbitrary bytes (the body: `bodies::decode`).
#![no_main]

#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::decode(data));
