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
render models/smart-die.scad bottom
render models/smart-die.scad top
render models/dice-tray.scad tray
render models/dice-tray.scad mast
render models/dice-tray.scad arm
