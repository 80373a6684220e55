#!/usr/bin/env bash
# Leave-one-source-out: trains one dice model without each whole-photo source (into target/dice-loso/<source>),
# and its replay set, then scores each on every picture of the source it never saw.
# Usage: scripts/dice-loso.sh [DATA_DIR [TRAINING OPTIONS...]]   (default ../shared/dice)
# Options after the data folder go to every dice_train run (a recipe's options, say
# `--window 16 --rendered 0.15`).
set -euo pipefail
cd "$(dirname "$0")/.."
data="${1:-../shared/dice}"
shift || true
cargo build --release -p foreman-dice-training --features tools --example dice_train --example dice_accuracy
# The five whole-photo sources (`foreman_dice_training::sources::LEFT_OUT_IN_TURN`); the Catan crops go with
# their frames.
for source in d6-tray-photos tabletop-mixed-dice coloured-dice-webcam-phone felt-tray-dice catan-dice-frames; do
    target/release/examples/dice_train --data "$data" --leave-out "$source" --out "target/dice-loso/$source" \
        "$@" > "target/dice-loso-$source.log"
    # Its replay set, drawn as the shipped one is (for models/dice/training/examples/dice_relearn.rs).
    target/release/examples/dice_train --data "$data" --leave-out "$source" \
        --detector-from "target/dice-loso/$source" --epochs 0 --replay 8192 \
        --out "target/dice-loso/$source" "$@" >> "target/dice-loso-$source.log"
    tail -5 "target/dice-loso-$source.log"
done
target/release/examples/dice_accuracy --data "$data" --loso target/dice-loso
