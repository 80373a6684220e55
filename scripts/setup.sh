#!/usr/bin/env bash
# Prepares a fresh Debian machine that has only Rust installed to build, run and test Foreman.
# Safe to run again: it installs only what is missing.
set -euo pipefail

# Debian packages the build needs (C libraries behind -sys crates). The rules engine and the
# command line need none; the window, camera and serial issues add theirs here.
packages=(pkg-config)

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The toolchain pieces CI uses (formatting and lints); rustup ships them.
if command -v rustup >/dev/null 2>&1; then
  rustup component add rustfmt clippy >/dev/null 2>&1 || true
fi
cargo --version >/dev/null
