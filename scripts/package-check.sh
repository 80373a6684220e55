#!/usr/bin/env bash
# CI: Foreman's Debian package, built from the binary `cargo test` made, installed on this
# machine; the applications menu's entry (its command, its icon) is there, the command is run
# under Xvfb and its window opens; `foreman serve` gives the browser's game from the package at
# /play/; the package is then removed.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
deb=$(bash scripts/package.sh --profile dev | tail -n 1)
echo "package: $deb ($(du -h "$deb" | cut -f1))"
$sudo apt-get install -y -qq --no-install-recommends "./$deb" >/dev/null

home=$(mktemp -d)
cleanup() {
  [ -n "${app:-}" ] && kill "$app" 2>/dev/null || true
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$home"
  $sudo apt-get remove -y -qq foreman >/dev/null 2>&1 || true
}
trap cleanup EXIT

entry=/usr/share/applications/foreman.desktop
command=$(sed -n 's/^Exec=//p' "$entry")
icon=$(sed -n 's/^Icon=//p' "$entry")
test -f "/usr/share/icons/hicolor/scalable/apps/$icon.svg"
test -f /usr/share/doc/foreman/copyright
[ "$(command -v foreman)" = /usr/bin/foreman ] || { echo "foreman is not the package's" >&2; exit 1; }
/usr/bin/foreman --version

# The browser's game, served from the package's own folder (no FOREMAN_WEB, not the source's).
test -f /usr/share/foreman/web/foreman_web_bg.wasm
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd "$home" && exec env -u FOREMAN_WEB /usr/bin/foreman serve --port "$port" --bind 127.0.0.1 \
  >"$home/serve.log" 2>&1) &
server=$!
for _ in $(seq 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/" && break
  sleep 0.1
done
served=$(curl -fs "http://127.0.0.1:$port/play/foreman_web_bg.wasm" | cmp - /usr/share/foreman/web/foreman_web_bg.wasm && echo same)
[ "$served" = same ] || { cat "$home/serve.log" >&2; echo "/play/ does not serve the package's game" >&2; exit 1; }
echo "the installed foreman serve gives the browser's game at /play/"
kill "$server"
server=

display=:57
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
sleep 1
# The entry's command as the menu runs it, with a data folder of its own.
DISPLAY=$display XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" $command \
  >"$home/out.log" 2>&1 &
app=$!
for _ in $(seq 120); do
  if DISPLAY=$display xdotool search --name '^Foreman$' >/dev/null 2>&1; then
    kill -0 "$app"
    echo "the installed Foreman opened its window from the menu's entry"
    exit 0
  fi
  kill -0 "$app" 2>/dev/null || { cat "$home/out.log" >&2; echo "foreman stopped" >&2; exit 1; }
  sleep 0.5
done
cat "$home/out.log" >&2
echo "no Foreman window within 60 s" >&2
exit 1
