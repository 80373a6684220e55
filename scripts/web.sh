#!/usr/bin/env bash
# Builds the game in a browser (issue 95) into target/web: the window compiled to WebAssembly
# (crates/web, rustup's wasm32-unknown-unknown), bound by wasm-bindgen for the page
# (assets/web/index.html), and its WebAssembly compressed. `foreman serve` and `foreman host`
# serve it at /play. The first run builds wasm-bindgen's command from crates.io (the version
# Cargo.lock holds) into target/tools: nothing is downloaded but crates.
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

version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
bindgen=target/tools/bin/wasm-bindgen
if ! [ -x "$bindgen" ] || [ "$("$bindgen" --version | cut -d' ' -f2)" != "$version" ]; then
  # Unoptimised (--debug): built in 2 minutes instead of 5, binding the bundle in 8 s instead of
  # 2, the same bytes.
  cargo install --quiet --debug wasm-bindgen-cli --version "$version" --root target/tools
fi

cargo build --locked $flag --target wasm32-unknown-unknown -p foreman-web
out=target/web
rm -rf "$out"
mkdir -p "$out"
"$bindgen" --target web --no-typescript --out-dir "$out" \
  "target/wasm32-unknown-unknown/$profile/foreman_web.wasm"
cp assets/web/index.html assets/web/foreman_worker.js assets/icon/foreman.svg "$out/"
gzip -9 -k "$out/foreman_web_bg.wasm"
echo "built $out: $(du -k "$out/foreman_web_bg.wasm.gz" | cut -f1) kB compressed"
