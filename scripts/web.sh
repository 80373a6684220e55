#!/usr/bin/env bash
# Builds the game in a browser (issue 95) into target/web: the window compiled to WebAssembly
# (crates/web, rustup's wasm32-unknown-unknown), bound by wasm-bindgen for the page
# (assets/web/index.html), and its WebAssembly compressed. `foreman serve` and `foreman host`
# serve it at /play. wasm-bindgen's library binds it (crates/web-bind, built with the
# workspace at the version Cargo.lock holds for the bundle): nothing is downloaded but crates.
#
#   bash scripts/web.sh            # the release build (what players get)
#   bash scripts/web.sh --dev      # quicker to build, larger
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
flag=--release
if [ "${1:-}" = "--dev" ]; then
  profile=debug
  flag=
fi

rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown

# The binder (its own small crate, a minute's build the first time; wasm-bindgen's command took
# two, with its test runner, HTTP client and server).
cargo build --quiet --locked -p foreman-web-bind
cargo build --locked $flag --target wasm32-unknown-unknown -p foreman-web
out=target/web
rm -rf "$out"
mkdir -p "$out"
target/debug/foreman-web-bind "target/wasm32-unknown-unknown/$profile/foreman_web.wasm" "$out"
cp assets/web/index.html assets/web/foreman_worker.js assets/icon/foreman.svg "$out/"
gzip -9 -k "$out/foreman_web_bg.wasm"
echo "built $out: $(du -k "$out/foreman_web_bg.wasm.gz" | cut -f1) kB compressed"
