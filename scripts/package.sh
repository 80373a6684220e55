#!/usr/bin/env bash
# Builds Foreman's Debian package from source: target/debian/foreman_VERSION_ARCH.deb, with the
# binary, the applications menu's entry and icon, the game in a browser that `foreman serve`
# gives at /play (/usr/share/foreman/web), the README and the licence. Installing it needs no
# Rust:  sudo apt install ./target/debian/foreman_*.deb
#
#   bash scripts/package.sh               # the release build players get (the browser's too)
#   bash scripts/package.sh --profile dev # the build `cargo test` made, and the browser's
#                                         # bundle scripts/web.sh made (CI's install check)
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
if [ "${1:-}" = "--profile" ]; then
  profile="${2:?--profile dev or release}"
fi
case "$profile" in
  release) cargo build --release --locked --bin foreman; bin=target/release/foreman; z=xz
           bash scripts/web.sh ;;
  # The binary `cargo test` built (with the tests' features: `cargo build --bin foreman` would
  # build most crates again, minutes of CI).
  dev) cargo test --no-run --quiet --locked --test it; bin=target/debug/foreman; z=gzip
       [ -f target/web/foreman_web_bg.wasm ] || bash scripts/web.sh ;;
  *) echo "no profile $profile: dev or release" >&2; exit 2 ;;
esac

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
chmod 755 "$stage"
trap 'rm -rf "$stage"' EXIT

install -Dm755 "$bin" "$stage/usr/bin/foreman"
# Debug information is for developers; the package is a tenth of the size without it.
strip --strip-debug "$stage/usr/bin/foreman"
install -Dm644 assets/foreman.desktop "$stage/usr/share/applications/foreman.desktop"
install -Dm644 assets/icon/foreman.svg "$stage/usr/share/icons/hicolor/scalable/apps/foreman.svg"
install -Dm644 assets/icon/foreman.png "$stage/usr/share/icons/hicolor/256x256/apps/foreman.png"
install -Dm644 README.md "$stage/usr/share/doc/foreman/README.md"
# The browser's bundle, where `foreman serve` looks beside its binary (net::play::find).
for f in index.html foreman_web.js foreman_worker.js foreman_web_bg.wasm foreman_web_bg.wasm.gz foreman.svg; do
  install -Dm644 "target/web/$f" "$stage/usr/share/foreman/web/$f"
done
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: foreman"
  echo
  echo "Files: *"
  echo "License: MIT"
  echo
  echo "License: MIT"
  sed 's/^$/./; s/^/ /' LICENSE
} > "$stage/usr/share/doc/foreman/copyright"

size=$(du -sk "$stage/usr" | cut -f1)
mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: foreman
Version: $version
Architecture: $arch
Maintainer: Foreman's developers <foreman@localhost>
Installed-Size: $size
Section: games
Priority: optional
Depends: libc6, libgcc-s1, libx11-xcb1, libxcursor1, libxrandr2, libxi6, libxkbcommon-x11-0, libegl1, libgl1
Recommends: libgl1-mesa-dri, libwayland-client0, libwayland-cursor0, libwayland-egl1
Description: table companion and digital tabletop for Fantastic Factories
 Foreman plays the board game Fantastic Factories on screen (solo against
 the Machine, or 2 to 5 players with bots, each on their own phone if they
 like) or sits beside a real table: it checks every placement and build with
 a clear reason, runs the Machine, reads dice from a webcam or smart dice,
 and counts the final score.
CONTROL

mkdir -p target/debian
deb="target/debian/foreman_${version}_${arch}.deb"
dpkg-deb --build --root-owner-group "-Z$z" "$stage" "$deb" >/dev/null
echo "$deb"
