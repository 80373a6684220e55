#!/usr/bin/env bash
# Plays a whole solo game in the browser's Foreman (issue 95, point 3): `foreman serve` on the
# loopback serves the bundle that scripts/web.sh built (target/web) at /play/, and headless
# Chromium plays it to the end by the keyboard (scripts/web-play.mjs), reloading halfway.
# Screenshots and the frames' times go to target/web-play.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -f target/web/foreman_web_bg.wasm ] || {
  echo "no bundle in target/web: run scripts/web.sh first" >&2
  exit 1
}
# The server `cargo test` built (with the tests' features: `cargo build --bin foreman` would build
# most crates again with the program's own, minutes of CI).
cargo test --no-run --quiet --locked --test it
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
FOREMAN_WEB=target/web target/debug/foreman serve --port "$port" --bind 127.0.0.1 \
  >target/web-play.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/play/" && break
  sleep 0.1
done

# Node 22 has WebSocket; Node 20 behind a flag.
flag=
node -e 'WebSocket' 2>/dev/null || flag=--experimental-websocket
node $flag scripts/web-play.mjs "http://127.0.0.1:$port/play/" target/web-play
