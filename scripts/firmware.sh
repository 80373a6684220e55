#!/usr/bin/env bash
# Builds the smart die's board firmware (firmware/board) for the RP2040, lints it, makes the
# UF2 to flash, and checks that the image would boot: the second-stage boot loader `.boot2`
# must sit at 0x10000000, the start of the flash, where the RP2040's ROM looks for it.
# Output: target/firmware/foreman-die.uf2. Run `bash scripts/setup.sh` first (it installs the
# target and elf2uf2-rs).
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD

if command -v rustup >/dev/null 2>&1; then
  rustup target list --installed | grep -qx thumbv6m-none-eabi || rustup target add thumbv6m-none-eabi
fi

# From the board's folder, so that its .cargo/config.toml (target, linker scripts) applies.
(
  cd firmware/board
  # Linted as it is built (Clippy's lints on the board's crate, every warning an error): a
  # `cargo clippy` after the build checked every dependency a second time.
  clippy=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
  RUSTC_WORKSPACE_WRAPPER="$clippy" CLIPPY_ARGS=-Dwarnings cargo build --release --locked
)

elf=firmware/board/target/thumbv6m-none-eabi/release/foreman-die-board
[ -s "$elf" ] || { echo "firmware: no ELF at $elf"; exit 1; }

# `.boot2` at the flash's first byte, or the chip stays in its USB boot loader.
boot2=$(readelf -SW "$elf" | awk '{ for (i = 1; i < NF; i++) if ($i == ".boot2") print $(i + 2) }')
if [ "$boot2" != "10000000" ]; then
  echo "firmware: .boot2 is at 0x${boot2:-missing}, not 0x10000000: the RP2040 would not boot"
  exit 1
fi

mkdir -p "$top/target/firmware"
uf2="$top/target/firmware/foreman-die.uf2"
elf2uf2-rs "$elf" "$uf2"
[ -s "$uf2" ] || { echo "firmware: no UF2 made"; exit 1; }
# A UF2 is 512-byte blocks, each starting with the magic "UF2\n".
head -c 4 "$uf2" | grep -q "UF2" || { echo "firmware: $uf2 is not a UF2"; exit 1; }
echo "firmware: .boot2 at 0x10000000; $(size -A "$elf" | awk '$1==".text"{t=$2} $1==".data"{d=$2} $1==".bss"{b=$2} END{printf "text %d B, data %d B, bss %d B", t, d, b}'); UF2 $(wc -c <"$uf2") bytes at $uf2"
