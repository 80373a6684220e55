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

cargo build --locked --quiet -p foreman-dice-core --example emulated_die
driver=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')/debug/examples/emulated_die

# Accelerometers: in step with the chip; 3 % fast, its samples 5 ms out of phase with
# the firmware's reads; 3 % slow, its samples just after the reads. The UF2's colour is the
# one scripts/firmware.sh built it with (DIE_COLOUR, white by default).
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# A fourth: a host that enumerates the die at once (no 100 ms debounce), so the first reads
# come before the sensor's first sample (the firmware waits for STATUS_REG's data-ready).
for sensor in "" "--sensor-clock 1.03 --sensor-delay-us 5000" "--sensor-clock 0.97 --sensor-delay-us 9800" \
  "--usb-debounce-ms 0 --sensor-delay-us 5000"; do
  # shellcheck disable=SC2086 # $sensor is a list of options
  "$driver" --image "$uf2" --script firmware/emulator/run.mjs --colour "${DIE_COLOUR:-white}" \
    $sensor 2>&1 | tee -a "$log" || status=1
done

passed=$(awk '/^emulator: [0-9]+ passed, [0-9]+ failed$/ { p += $2 } END { print p + 0 }' "$log")
failed=$(awk '/^emulator: [0-9]+ passed, [0-9]+ failed$/ { f += $4 } END { print f + 0 }' "$log")
echo "firmware-emulate: done in $((SECONDS - started)) s (wall, with npm ci and the driver's build if needed)"
echo "firmware-emulate: $passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
