#!/usr/bin/env bash
# The boardgame.io 0.50 side of the comparison (README "Performance"): installs
# boardgame.io 0.50 with npm into a temporary folder, starts its stock server on
# 127.0.0.1 (state in memory), and runs the same closed-loop test as `loadgen play`:
# ROOMS matches of two socket clients, each seat moving as soon as it is told its turn.
#
#   ROOMS=100 DURATION=20 crates/loadgen/peers/boardgameio.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
ROOMS="${ROOMS:-100}"
DURATION="${DURATION:-20}"
PORT="${PORT:-8000}"
dir="$(mktemp -d /tmp/bgio-peer.XXXXXX)"
trap 'kill "${server_pid:-0}" 2>/dev/null || true; rm -rf "$dir"' EXIT
cp "$here/game.js" "$here/server.js" "$here/client.js" "$dir/"
cd "$dir"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund boardgame.io@0.50 >/dev/null
PORT="$PORT" node server.js &
server_pid=$!
for _ in $(seq 1 100); do
  if curl -s "http://127.0.0.1:$((PORT + 1))/games" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
PORT="$PORT" ROOMS="$ROOMS" DURATION="$DURATION" node client.js
if [ -r "/proc/$server_pid/status" ]; then
  grep VmRSS "/proc/$server_pid/status" | sed 's/^/boardgame.io server /'
fi
