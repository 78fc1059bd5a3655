#!/usr/bin/env bash
# Checkerhall against a stock boardgame.io 0.50 server in one run, on this machine
# (docs/performance.md): builds the release binaries, and for each size in ROOMS starts a
# fresh Checkerhall (SQLite with `synchronous=FULL`; Postgres too when a URL is given) and
# runs `loadgen play` closed loop (each Postgres run on a new database that `psql` makes
# beside the one the URL names, dropped after it), then runs the same closed-loop test
# against boardgame.io (boardgameio.sh), and prints one table with both servers' moves/s,
# p99 round trips and the ratios.
#
#   nice -n 10 crates/loadgen/peers/side-by-side.sh [--postgres postgres://user:pw@127.0.0.1/db]
#
# Environment: ROOMS (default "100 500"), DURATION seconds per run (default 20), PORT for
# Checkerhall (default 8080), BGIO_PORT (default 8000), DATABASE_URL (same as --postgres),
# BGIO_DIR (reuse an npm install of boardgame.io), LOGS (keep every run's output there).
# Every run's full output goes to LOGS (a temporary folder by default, printed at the end).
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
ROOMS="${ROOMS:-100 500}"
DURATION="${DURATION:-20}"
PORT="${PORT:-8080}"
BGIO_PORT="${BGIO_PORT:-8000}"
postgres="${DATABASE_URL:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --postgres) postgres="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
# Two sockets per room on each side, plus the server's own: lift the soft limit.
ulimit -n "$(ulimit -Hn)"
logs="${LOGS:-$(mktemp -d /tmp/side-by-side.XXXXXX)}"
mkdir -p "$logs"
# One npm install of boardgame.io for every size.
export BGIO_DIR="${BGIO_DIR:-$logs/bgio}"
mkdir -p "$BGIO_DIR"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT

# The processor model too: boardgame.io runs on one thread and Checkerhall on two, so the
# ratio moves with single-core speed (the same boardgame.io run made 2,200-2,800 moves/s on one
# 2-core development machine and 3,860-4,370 on another).
cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)"
echo "machine: $(nproc) cores (${cpu:-unknown processor}); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
(cd "$root" && cargo build --release -q -p checkerhall-server -p checkerhall-loadgen)
bin="$root/target/release"

# The per-socket and per-address limits are for browsers; a load test lifts them (every
# client comes from 127.0.0.1 and a closed-loop seat sends far more than 10 messages/s).
export CHECKERHALL_WS_MESSAGES_PER_SECOND=100000 CHECKERHALL_WS_MESSAGE_BURST=100000
export CHECKERHALL_SOCKETS_PER_ADDRESS=0 CHECKERHALL_IDENTITIES_PER_ADDRESS=0
export CHECKERHALL_ROOMS_PER_ADDRESS=0

# `result:` line of a run's output as "moves_per_s p99_ms".
result() {
  sed -n 's/^result: moves_per_s=\([0-9]*\) p50_ms=[^ ]* p99_ms=\([^ ]*\)$/\1 \2/p' "$1" | tail -n 1
}

# CPU time (user + system, seconds) process $1 has used so far.
cpu_seconds() {
  awk -v t="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$1/stat" 2>/dev/null || echo 0
}

# Runs `loadgen play` at $2 rooms against a fresh Checkerhall on database $1; the log file.
checkerhall_run() {
  local url="$1" rooms="$2" log="$3"
  "$bin/checkerhall" serve --listen "127.0.0.1:$PORT" --database-url "$url" \
    --max-connections 30000 >"$log.server" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do
    if curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then break; fi
    sleep 0.1
  done
  local before after
  before="$(cpu_seconds "$server_pid")"
  /usr/bin/time -f "loadgen CPU: %U s user, %S s system" \
    "$bin/loadgen" play --server "127.0.0.1:$PORT" --rooms "$rooms" --seconds "$DURATION" \
    --quiet --pid "$server_pid" >"$log" 2>&1 || true
  after="$(cpu_seconds "$server_pid")"
  echo "server CPU during the run: $(awk -v a="$after" -v b="$before" 'BEGIN { printf "%.1f", a - b }') s" >>"$log"
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

declare -A sqlite pg bgio
for rooms in $ROOMS; do
  db="$(mktemp -u /tmp/side-by-side-XXXXXX.db)"
  checkerhall_run "sqlite://$db" "$rooms" "$logs/checkerhall-sqlite-$rooms.txt"
  rm -f "$db" "$db-wal" "$db-shm"
  sqlite[$rooms]="$(result "$logs/checkerhall-sqlite-$rooms.txt")"
  echo "Checkerhall, SQLite, $rooms rooms: ${sqlite[$rooms]:-no result} (moves/s, p99 ms);" \
    "$(grep -h 'CPU' "$logs/checkerhall-sqlite-$rooms.txt" | paste -sd ';')"
  if [ -n "$postgres" ]; then
    # A new database per run: on the one named, the server would resume every room an
    # earlier run left unfinished and write into tables grown by every run before.
    pgdb="side_by_side_$$_$rooms"
    psql "$postgres" -q -c "DROP DATABASE IF EXISTS $pgdb" -c "CREATE DATABASE $pgdb" >/dev/null
    checkerhall_run "${postgres%/*}/$pgdb" "$rooms" "$logs/checkerhall-postgres-$rooms.txt"
    psql "$postgres" -q -c "DROP DATABASE IF EXISTS $pgdb" >/dev/null || true
    pg[$rooms]="$(result "$logs/checkerhall-postgres-$rooms.txt")"
    echo "Checkerhall, Postgres, $rooms rooms: ${pg[$rooms]:-no result} (moves/s, p99 ms);" \
      "$(grep -h 'CPU' "$logs/checkerhall-postgres-$rooms.txt" | paste -sd ';')"
  fi
  PORT="$BGIO_PORT" ROOMS="$rooms" DURATION="$DURATION" \
    bash "$root/crates/loadgen/peers/boardgameio.sh" >"$logs/boardgameio-$rooms.txt" 2>&1 || true
  bgio[$rooms]="$(result "$logs/boardgameio-$rooms.txt")"
  echo "boardgame.io, $rooms rooms: ${bgio[$rooms]:-no result} (moves/s, p99 ms);" \
    "$(grep -h 'CPU' "$logs/boardgameio-$rooms.txt" | paste -sd ';')"
done

ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || a == "-" || b == "" || b == "-" || b + 0 == 0) print "-"; else printf "%.2f", a / b }'
}
echo
echo "closed loop, Stockholm, ${DURATION} s per run; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$postgres" ]; then
  echo "| rooms | Checkerhall SQLite moves/s | p99 ms | Checkerhall Postgres moves/s | p99 ms | boardgame.io moves/s | p99 ms | SQLite / bgio | Postgres / bgio |"
  echo "|---|---|---|---|---|---|---|---|---|"
else
  echo "| rooms | Checkerhall SQLite moves/s | p99 ms | boardgame.io moves/s | p99 ms | SQLite / bgio |"
  echo "|---|---|---|---|---|---|"
fi
for rooms in $ROOMS; do
  read -r s_rate s_p99 <<<"${sqlite[$rooms]:-- -}"
  read -r b_rate b_p99 <<<"${bgio[$rooms]:-- -}"
  if [ -n "$postgres" ]; then
    read -r p_rate p_p99 <<<"${pg[$rooms]:-- -}"
    echo "| $rooms | $s_rate | $s_p99 | $p_rate | $p_p99 | $b_rate | $b_p99 | $(ratio "$s_rate" "$b_rate") | $(ratio "$p_rate" "$b_rate") |"
  else
    echo "| $rooms | $s_rate | $s_p99 | $b_rate | $b_p99 | $(ratio "$s_rate" "$b_rate") |"
  fi
done
echo "every run's output: $logs"
