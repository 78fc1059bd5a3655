#!/usr/bin/env bash
# CPU time per move of the load generator and of the server it loads (crates/loadgen/README.md,
# "What it costs per move"): a fresh server on a fresh SQLite file (or on a new Postgres
# database), `loadgen play` closed loop (or at RATE moves per second per room), and the CPU
# time of each process read from /proc/<pid>/stat over the steady window (from the first
# counted move to 2 s before the end), divided by the moves the server counted meanwhile
# (`checkerhall_moves_total`). Every us the load generator spends is taken from the server
# when both share the machine's cores.
#
#   crates/loadgen/cost.sh [ROOMS] [SECONDS] [RATE]        (defaults: 100 12 0 = closed loop)
#
# Environment: PORT (default 18470); LOADGEN, the loadgen binary to measure (default
# target/release/loadgen: compare two builds back to back against the same server);
# POSTGRES, a server URL such as postgres://user:pass@127.0.0.1:5432/postgres, to run on a
# new database there (dropped after; the CPU of every process of the `postgres` user is
# counted too); DATA, the folder for the database and logs (default a new
# /tmp/cost-run.XXXXXX); NO_BUILD=1 to use target/release as it is (or $CARGO_TARGET_DIR/release);
# MEMORY=1 to run on `sqlite::memory:` instead of a file; SERVER_ARGS, more flags for `serve`
# (such as `--store-writers 4`). Besides the totals it prints the server's CPU per move by
# thread (tokio's workers, SQLite's connection threads: the writer's is the busiest) and, on
# Postgres, that of the writers' backends (the ones whose last statement was a batch).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
rooms="${1:-100}"
secs="${2:-12}"
rate="${3:-0}"
PORT="${PORT:-18470}"
data="${DATA:-$(mktemp -d /tmp/cost-run.XXXXXX)}"
mkdir -p "$data"
if [ "$secs" -lt 6 ]; then
  echo "SECONDS must be at least 6 (the window leaves out the start and the last 2 s)" >&2
  exit 2
fi
if [ -z "${NO_BUILD:-}" ]; then
  (cd "$root" && cargo build --release -q -p checkerhall-server -p checkerhall-loadgen)
fi
bin="${CARGO_TARGET_DIR:-$root/target}/release"
loadgen="${LOADGEN:-$bin/loadgen}"
ulimit -n "$(ulimit -Hn)"
db=""
if [ -n "${POSTGRES:-}" ]; then
  db="cost_$(date +%s)_$$"
  psql "$POSTGRES" -qc "create database $db" >/dev/null
  url="${POSTGRES%/*}/$db"
elif [ -n "${MEMORY:-}" ]; then
  url="sqlite::memory:"
else
  url="sqlite://$data/cost.db"
fi
# Load-test limits: every client comes from 127.0.0.1 and a closed-loop seat sends far more
# than a browser's 10 messages a second.
CHECKERHALL_WS_MESSAGES_PER_SECOND=100000 CHECKERHALL_WS_MESSAGE_BURST=100000 \
  CHECKERHALL_SOCKETS_PER_ADDRESS=0 CHECKERHALL_IDENTITIES_PER_ADDRESS=0 \
  CHECKERHALL_ROOMS_PER_ADDRESS=0 RUST_LOG=warn \
  "$bin/checkerhall" serve --listen "127.0.0.1:$PORT" --database-url "$url" \
  --max-connections 20000 ${SERVER_ARGS:-} >"$data/server.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  if [ -n "$db" ]; then psql "$POSTGRES" -qc "drop database if exists $db" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
for _ in $(seq 100); do
  "$bin/checkerhall" healthcheck --addr "127.0.0.1:$PORT" >/dev/null 2>&1 && break
  sleep 0.1
done
rate_args=()
if [ "$rate" != 0 ]; then rate_args=(--rate "$rate"); fi
"$loadgen" play --server "127.0.0.1:$PORT" --rooms "$rooms" --seconds "$secs" "${rate_args[@]}" \
  --quiet >"$data/loadgen.out" 2>&1 &
player=$!
moves() { curl -s "127.0.0.1:$PORT/metrics" | awk '/^checkerhall_moves_total /{print $2}'; }
# utime + stime in clock ticks.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
# "<thread name> <ticks>" for each thread of the server.
threads() {
  local t
  for t in /proc/"$server"/task/*; do
    # The name is in parentheses and may hold spaces; the fields after it are fixed.
    sed -E 's/^[0-9]+ \((.*)\) (.*)$/\1|\2/' "$t/stat" 2>/dev/null |
      awk -F'|' '{ split($2, f, " "); n = $1; gsub(/ /, "_", n); print n, f[12] + f[13] }'
  done
}
# Backends of the run's database whose last statement was a writer's batch.
writer_backends() {
  [ -n "$db" ] || return 0
  psql "$POSTGRES" -Atc "select pid from pg_stat_activity where datname = '$db' and query like 'WITH %'" 2>/dev/null || true
}
postgres_ticks() {
  local t=0 p
  for p in $(pgrep -u postgres || true); do t=$((t + $(ticks "$p"))); done
  echo "$t"
}
# The set-up (identities, first rooms, sockets) is not play: wait for the first move.
for _ in $(seq 1200); do
  m="$(moves)"
  [ "${m:-0}" -gt 0 ] && break
  sleep 0.05
done
m0="$(moves)"; s0="$(ticks "$server")"; l0="$(ticks "$player")"; p0="$(postgres_ticks)"
threads >"$data/threads0"
writers="$(writer_backends)"
w0=0; for p in $writers; do w0=$((w0 + $(ticks "$p"))); done
t0="$(date +%s.%N)"
# Two seconds before the run ends (the setup took some of the loadgen's clock already).
sleep "$((secs - 2))"
m1="$(moves)"; s1="$(ticks "$server")"; l1="$(ticks "$player")"; p1="$(postgres_ticks)"
threads >"$data/threads1"
w1=0; for p in $writers; do w1=$((w1 + $(ticks "$p"))); done
t1="$(date +%s.%N)"
wait "$player" || true
hz="$(getconf CLK_TCK)"
n=$((m1 - m0))
if [ "$n" -le 0 ]; then
  echo "no moves in the window; see $data" >&2
  exit 1
fi
per_move() { awk -v t="$1" -v n="$n" -v hz="$hz" 'BEGIN { printf "%.1f", t * 1e6 / hz / n }'; }
grep -E '^(ran|move round trip|result)' "$data/loadgen.out" || true
line="window: $n moves in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s;"
if [ "$l1" -ge "$l0" ]; then lg="$(per_move $((l1 - l0))) us"; else lg="n/a (it ended before the window did)"; fi
line="$line CPU per move: server $(per_move $((s1 - s0))) us, loadgen $lg"
if [ -n "$db" ]; then
  line="$line, postgres $(per_move $((p1 - p0))) us"
  line="$line (of it the $(echo "$writers" | wc -w) writer backends $(per_move $((w1 - w0))) us)"
fi
echo "$line"
# Per thread name (numbered threads of one kind summed), the busiest first.
echo "server threads, CPU per move:$(
  awk 'NR == FNR { a[$1] += $2; next } { b[$1] += $2 } END { for (k in b) print k, b[k] - a[k] }' \
    "$data/threads0" "$data/threads1" |
    sed -E 's/-[0-9]+ / /' | awk '{ s[$1] += $2 } END { for (k in s) print s[k], k }' |
    sort -rn | awk -v n="$n" -v hz="$hz" '$1 > 0 { printf " %s %.1f us;", $2, $1 * 1e6 / hz / n }'
)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); output in $data"
