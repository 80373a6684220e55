#!/usr/bin/env bash
# Renders every printable part in models/ to STL (in target/models/), failing on any error.
# Installs Debian's openscad if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v openscad >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends openscad >/dev/null
fi
out=target/models
mkdir -p "$out"
render() {
  local src=$1 part=$2
  local stl="$out/$(basename "$src" .scad)-$part.stl"
  openscad --hardwarnings -o "$stl" -D "part=\"$part\"" "$src" 2>"$stl.log" || { cat "$stl.log"; exit 1; }
  [ -s "$stl" ] || { echo "empty $stl"; exit 1; }
  echo "rendered $stl ($(wc -c <"$stl") bytes)"
}
# Two at a time (openscad uses one core); any part that fails fails the script.
pids=()
for part in "models/smart-die.scad bottom" "models/smart-die.scad top" \
  "models/dice-tray.scad tray" "models/dice-tray.scad mast" "models/dice-tray.scad arm"; do
  # shellcheck disable=SC2086
  render $part &
  pids+=($!)
  if [ ${#pids[@]} -ge 2 ]; then
    wait "${pids[0]}"
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p"; done
