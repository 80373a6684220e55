//! A seat's device message, as the host reads it (the body: `bodies::seat_message`).
#![no_main]

#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::seat_message(data));
