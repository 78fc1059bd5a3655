#!/usr/bin/env bash
# The scale runs of docs/performance.md, each against a fresh server on a fresh
# SQLite file (`synchronous=FULL`), loadgen and server on this machine:
#
#   idle   10,000 idle seated sockets on 5,000 idle waiting rooms: server memory per waiting
#          room and per socket (targets: 6 KiB and 8 KiB)
#   rate   5,000 rooms, each making one move per second (target: p99 at most 15 ms)
#   twice  twice that: 10,000 rooms at one move per second against the server's default caps
#          (10,000 connections): memory stays bounded, the excess is refused with clear errors
#          and counted in /metrics
#
#   crates/loadgen/scale.sh [idle|rate|twice]...      (default: all three, in that order)
#
# Environment: PORT (default 18480), SECONDS_PER_RUN (default 30), DATA (folder for the
# databases and logs; default a new /tmp/scale-run.XXXXXX), NO_BUILD=1 to use the binaries
# in target/release as they are, BIN (with NO_BUILD=1) a folder holding other builds of
# `checkerhall` and `loadgen` (to compare two commits). Every run's full output is kept in DATA.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
PORT="${PORT:-18480}"
SECONDS_PER_RUN="${SECONDS_PER_RUN:-30}"
data="${DATA:-$(mktemp -d /tmp/scale-run.XXXXXX)}"
mkdir -p "$data"
runs=("$@")
if [ ${#runs[@]} -eq 0 ]; then runs=(idle rate twice); fi
# Ten thousand sockets on each side: lift the soft open-files limit to the hard one.
ulimit -n "$(ulimit -Hn)"
if [ "$(ulimit -n)" -lt 20000 ]; then
  echo "warning: at most $(ulimit -n) open files; 10,000 sockets need 20,000 (ulimit -Hn)" >&2
fi
if [ -z "${NO_BUILD:-}" ]; then
  (cd "$root" && cargo build --release -q -p checkerhall-server -p checkerhall-loadgen)
fi
bin="${BIN:-$root/target/release}"
server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
trap stop_server EXIT

# A fresh server on a fresh database; $@ are extra flags. The per-socket message limits and
# per-address limits are for browsers: every load-test client comes from 127.0.0.1.
start_server() {
  local name="$1"
  shift
  rm -f "$data/$name.db"*
  CHECKERHALL_WS_MESSAGES_PER_SECOND=100000 CHECKERHALL_WS_MESSAGE_BURST=100000 \
  CHECKERHALL_SOCKETS_PER_ADDRESS=0 CHECKERHALL_IDENTITIES_PER_ADDRESS=0 \
  CHECKERHALL_ROOMS_PER_ADDRESS=0 RUST_LOG=warn \
    "$bin/checkerhall" serve --listen "127.0.0.1:$PORT" \
    --database-url "sqlite://$data/$name.db" "$@" >"$data/$name.server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do
    if "$bin/checkerhall" healthcheck --addr "127.0.0.1:$PORT" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  echo "the server did not start: $data/$name.server.log" >&2
  exit 1
}

run() {
  local name="$1"
  shift
  echo "== $name: load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "\$ loadgen $*"
  "$bin/loadgen" "$@" --server "127.0.0.1:$PORT" --pid "$server_pid" | tee "$data/$name.out"
}

for r in "${runs[@]}"; do
  case "$r" in
    idle)
      start_server idle --max-connections 20000
      run idle idle --rooms 5000 --sockets 10000
      ;;
    rate)
      start_server rate --max-connections 20000
      run rate play --rooms 5000 --rate 1 --seconds "$SECONDS_PER_RUN" --quiet
      ;;
    twice)
      # The default caps: 10,000 connections, 20,000 rooms.
      start_server twice
      run twice play --rooms 10000 --rate 1 --seconds "$SECONDS_PER_RUN" --quiet
      ;;
    *)
      echo "unknown run: $r (idle, rate or twice)" >&2
      exit 2
      ;;
  esac
  stop_server
done
echo "outputs in $data"
