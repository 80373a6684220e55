#!/usr/bin/env bash
# What the game in a browser is built on compiles for WebAssembly (wasm32-unknown-unknown, from
# rustup): the rules engine, the words, the planner and bots, the other games, and the
# application's sessions and authority with the browser's storage for files (no camera, smart
# dice, history or server there: crates/app/src/lib.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
cargo build --locked --target wasm32-unknown-unknown \
  -p foreman-engine -p foreman-words -p foreman-planner \
  -p foreman-journal -p foreman-traumfabrik -p foreman-little-factory -p foreman-app
