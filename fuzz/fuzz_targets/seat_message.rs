//! A seat's device message, as the host reads it: anything is read or refused, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = foreman::net::wire::decode(text);
    }
});
