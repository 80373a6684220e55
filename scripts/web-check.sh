#!/usr/bin/env bash
# What the game in a browser is built on compiles for WebAssembly (wasm32-unknown-unknown, from
# rustup): the rules engine, the words, the planner and bots, and the other games. Nothing here
# may reach for the operating system (files, threads, sockets, the clock, its random numbers).
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
cargo build --locked --target wasm32-unknown-unknown \
  -p foreman-engine -p foreman-words -p foreman-planner \
  -p foreman-journal -p foreman-traumfabrik -p foreman-little-factory
