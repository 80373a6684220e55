#!/usr/bin/env bash
# Runs the smart die's shipped firmware image on an emulated board (issue 74): the UF2 that
# scripts/firmware.sh wrote, unchanged, in rp2040js (an RP2040 emulator, npm) with its boot ROM,
# an LIS3DH accelerometer on I2C1 playing the motion traces of firmware/core's tests, and a USB
# host on the CDC serial port. The driver (firmware/core/examples/emulated_die.rs) talks to the
# die as Foreman does, decodes with firmware/protocol and checks boot, Hello and heartbeats, a
# roll onto each face, handling and shaking (no roll), every request, bad frames refused, and
# the time from rest to the roll's report on USB. Run scripts/setup.sh (node, npm) and
# scripts/firmware.sh first. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

uf2=target/firmware/foreman-die.uf2
[ -s "$uf2" ] || { echo "firmware-emulate: no $uf2: run scripts/firmware.sh first"; exit 1; }
command -v node >/dev/null 2>&1 || { echo "firmware-emulate: node is missing: run scripts/setup.sh"; exit 1; }
command -v npm >/dev/null 2>&1 || { echo "firmware-emulate: npm is missing: run scripts/setup.sh"; exit 1; }

# The emulator's node packages, exactly as locked, into firmware/emulator/node_modules (not
# global, not committed); installed again only when they differ from the lock file.
(
  cd firmware/emulator
  if ! node -e '
    const lock = require("./package-lock.json").packages["node_modules/rp2040js"].version;
    const have = require("./node_modules/rp2040js/package.json").version;
    process.exit(lock === have ? 0 : 1);' 2>/dev/null; then
    npm ci --no-audit --no-fund --loglevel=error
  fi
)

# The UF2's colour: the one scripts/firmware.sh built it with (DIE_COLOUR, white by default).
cargo run --locked --quiet -p foreman-dice-core --example emulated_die -- \
  --image "$uf2" --script firmware/emulator/run.mjs --colour "${DIE_COLOUR:-white}"

echo "firmware-emulate: done in $((SECONDS - started)) s (wall, with the build of the driver)"
