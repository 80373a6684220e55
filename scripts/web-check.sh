#!/usr/bin/env bash
# The window in a browser still builds for WebAssembly (wasm32-unknown-unknown, from rustup):
# crates/web, and with it the rules engine, the words, the planner and bots, the other games,
# the application's sessions, authority and store (files in the browser's storage), and the
# window without what a browser leaves out (src/ui/web.rs). `bash scripts/web.sh` builds the
# bundle players get from this; here it is only checked and linted (under a minute from nothing: no code
# generated, no wasm-bindgen).
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
cargo clippy --locked --target wasm32-unknown-unknown -p foreman-web -- -D warnings
