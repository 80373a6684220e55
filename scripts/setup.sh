#!/usr/bin/env bash
# Prepares a fresh Debian machine that has only Rust installed to build, run and test Foreman.
# Safe to run again: it installs only what is missing.
set -euo pipefail

# Debian packages the build and the program need. The window (eframe/egui) loads its
# windowing and OpenGL libraries at run time; the window tests render with Mesa's software
# OpenGL (llvmpipe), so no display and no GPU are needed.
packages=(
  pkg-config
  # window: X11 and Wayland sessions, keyboard maps
  libx11-xcb1 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0
  libwayland-client0 libwayland-cursor0 libwayland-egl1
  # rendering (real GPU drivers or software OpenGL)
  libegl1 libegl-mesa0 libgl1-mesa-dri
)

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
