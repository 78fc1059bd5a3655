#!/usr/bin/env bash
# The boardgame.io 0.50 side of the comparison (docs/performance.md): installs
# boardgame.io 0.50 with npm into a temporary folder (or reuses BGIO_DIR), and for each
# size in ROOMS starts a fresh stock server on port PORT (state in memory) and runs the
# same closed-loop test as `loadgen play`: that many Stockholm matches of two socket clients,
# each seat moving as soon as it is told its turn.
#
#   ROOMS="1 10 100 500" DURATION=20 crates/loadgen/peers/boardgameio.sh
#
# Each size prints `loadgen play`'s lines, a `result:` line, and the server's resident memory
# and CPU time. WORKERS sets the client processes (default 2).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
ROOMS="${ROOMS:-100}"
DURATION="${DURATION:-20}"
PORT="${PORT:-8000}"
# Hundreds of sockets on each side: lift the soft descriptor limit to the hard one.
ulimit -n "$(ulimit -Hn)"
if [ -n "${BGIO_DIR:-}" ]; then
  dir="$BGIO_DIR"
  keep=1
else
  dir="$(mktemp -d /tmp/bgio-peer.XXXXXX)"
  keep=0
fi
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  if [ "$keep" = 0 ]; then rm -rf "$dir"; fi
}
trap cleanup EXIT
cp "$here/game.js" "$here/server.js" "$here/client.js" "$dir/"
cd "$dir"
if [ ! -d node_modules/boardgame.io ]; then
  npm init -y >/dev/null
  npm install --silent --no-audit --no-fund boardgame.io@0.50 >/dev/null
fi
echo "boardgame.io $(node -p 'require("boardgame.io/package.json").version'), node $(node --version)"
for rooms in $ROOMS; do
  PORT="$PORT" node server.js >/dev/null &
  server_pid=$!
  up=0
  for _ in $(seq 1 100); do
    if curl -s "http://127.0.0.1:$((PORT + 1))/games" >/dev/null 2>&1; then up=1; break; fi
    sleep 0.1
  done
  if [ "$up" = 0 ]; then echo "boardgame.io server did not start" >&2; exit 1; fi
  PORT="$PORT" ROOMS="$rooms" DURATION="$DURATION" node client.js
  if [ -r "/proc/$server_pid/stat" ]; then
    ticks="$(getconf CLK_TCK)"
    cpu="$(awk -v t="$ticks" '{ printf "%.1f", ($14 + $15) / t }' "/proc/$server_pid/stat")"
    rss="$(awk '/VmRSS/ { print $2 }' "/proc/$server_pid/status")"
    echo "boardgame.io server: ${rss} KiB resident, ${cpu} s of CPU (set-up included)"
  fi
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
done
