#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on the loopback (for `serve_load --database`, issue 93)
# and prints its URL; `bash scripts/pg-throwaway.sh stop DIR` stops it and removes DIR.
# As root the cluster is nobody's (PostgreSQL refuses to run as root).
set -euo pipefail
bin=$(dirname "$(command -v initdb 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")
as=()
[ "$(id -u)" -eq 0 ] && as=(runuser -u nobody --)
if [ "${1:-}" = stop ]; then
  "${as[@]}" "$bin/pg_ctl" -D "$2/data" -m fast stop >/dev/null
  rm -rf "$2"
  exit 0
fi
dir=$(mktemp -d /tmp/foreman-pg.XXXXXX)
[ ${#as[@]} -gt 0 ] && chown nobody "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"${as[@]}" "$bin/initdb" -D "$dir/data" -A trust -U foreman -E UTF8 --no-sync >/dev/null
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" \
  -l "$dir/log" -w start >/dev/null
echo "postgres://foreman@127.0.0.1:$port/postgres  # stop: bash scripts/pg-throwaway.sh stop $dir" >&2
echo "postgres://foreman@127.0.0.1:$port/postgres"
