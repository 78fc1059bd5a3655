#!/usr/bin/env bash
# The cluster figures of docs/performance.md: the load generator through Debian's
# nginx in front of 1, 2 and 3 nodes on one fresh Postgres database each, all on this machine
# (loopback), closed loop; then the takeover time of a killed node (the `cluster` test's
# kill rounds print it).
#
#   crates/loadgen/cluster.sh POSTGRES_ADMIN_URL [nodes...]      (default nodes: 1 2 3)
#
# POSTGRES_ADMIN_URL may create databases (e.g. the tests' TEST_DATABASE_URL). Environment:
# ROOMS (default 100), SECONDS_PER_RUN (default 15), PORT (nginx; nodes on PORT+1...),
# DATA (logs; default a new /tmp/cluster-run.XXXXXX), NO_BUILD=1 to use target/release as
# it is, LEASE_MS / RENEW_MS (default 5000 / 1000). Every run's output is kept in DATA.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
admin="${1:?usage: cluster.sh POSTGRES_ADMIN_URL [nodes...]}"
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1 2 3)
ROOMS="${ROOMS:-100}"
SECONDS_PER_RUN="${SECONDS_PER_RUN:-15}"
PORT="${PORT:-18580}"
data="${DATA:-$(mktemp -d /tmp/cluster-run.XXXXXX)}"
mkdir -p "$data"
ulimit -n "$(ulimit -Hn)"
if [ -z "${NO_BUILD:-}" ]; then
  (cd "$root" && cargo build --release -q -p checkerhall-server -p checkerhall-loadgen)
fi
bin="$root/target/release"
command -v psql >/dev/null || { echo "psql is needed to make the databases" >&2; exit 1; }
[ -x /usr/sbin/nginx ] || { echo "/usr/sbin/nginx is needed (apt-get install nginx)" >&2; exit 1; }

pids=()
stop_all() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
}
trap stop_all EXIT

# nginx as in crates/server/tests/cluster/harness.rs, on $PORT, over the given node ports.
nginx_conf() {
  local dir="$1"
  shift
  local user=""
  [ "$(id -u)" = 0 ] && user="user root;"
  cat <<CONF
$user
master_process off;
pid $dir/nginx.pid;
error_log $dir/nginx.error.log warn;
events { worker_connections 16384; }
http {
    access_log off;
    client_body_temp_path $dir/body;
    proxy_temp_path $dir/proxy;
    fastcgi_temp_path $dir/fastcgi;
    uwsgi_temp_path $dir/uwsgi;
    scgi_temp_path $dir/scgi;
    upstream checkerhall {
$(for p in "$@"; do echo "        server 127.0.0.1:$p max_fails=0;"; done)
        keepalive 64;
    }
    upstream checkerhall_rooms {
        hash \$arg_room\$room_in_path\$arg_try consistent;
$(for p in "$@"; do echo "        server 127.0.0.1:$p max_fails=0;"; done)
    }
    map \$http_upgrade \$connection_upgrade { default upgrade; '' ''; }
    map \$uri \$room_in_path { "~^/api/rooms/(?<id>[0-9a-f-]{36})\$" \$id; default ""; }
    server {
        listen 127.0.0.1:$PORT;
        proxy_http_version 1.1;
        proxy_set_header Host \$host;
        proxy_set_header Upgrade \$http_upgrade;
        proxy_set_header Connection \$connection_upgrade;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_next_upstream error timeout http_502 http_503;
        location / { proxy_pass http://checkerhall; proxy_read_timeout 1h; }
        location /ws { proxy_pass http://checkerhall_rooms; proxy_read_timeout 1h; }
        location ~ "^/api/rooms/[0-9a-f-]{36}\$" { proxy_pass http://checkerhall_rooms; }
    }
}
CONF
}

for n in "${sizes[@]}"; do
  db="cluster_$(date +%s)_$n"
  psql -q "$admin" -c "CREATE DATABASE $db"
  url="${admin%/*}/$db"
  ports=()
  for i in $(seq 1 "$n"); do
    port=$((PORT + i))
    ports+=("$port")
    CHECKERHALL_WS_MESSAGES_PER_SECOND=100000 CHECKERHALL_WS_MESSAGE_BURST=100000 \
    CHECKERHALL_SOCKETS_PER_ADDRESS=0 CHECKERHALL_IDENTITIES_PER_ADDRESS=0 \
    CHECKERHALL_ROOMS_PER_ADDRESS=0 RUST_LOG=warn \
      "$bin/checkerhall" serve --listen "127.0.0.1:$port" --database-url "$url" \
      --node-name "n$i" --trusted-proxies 127.0.0.1 \
      --lease-ms "${LEASE_MS:-5000}" --renew-ms "${RENEW_MS:-1000}" --hand-over \
      >"$data/$n-nodes.n$i.log" 2>&1 &
    pids+=($!)
    # The first node migrates the fresh database before the others start.
    for _ in $(seq 1 300); do
      "$bin/checkerhall" healthcheck --addr "127.0.0.1:$port" >/dev/null 2>&1 && break
      sleep 0.1
    done
  done
  mkdir -p "$data/nginx-$n"
  nginx_conf "$data/nginx-$n" "${ports[@]}" >"$data/nginx-$n/nginx.conf"
  /usr/sbin/nginx -p "$data/nginx-$n" -c "$data/nginx-$n/nginx.conf" -g 'daemon off;' &
  pids+=($!)
  sleep 1
  echo "== $n node(s) behind nginx, $ROOMS rooms, ${SECONDS_PER_RUN} s"
  "$bin/loadgen" play --server "127.0.0.1:$PORT" --rooms "$ROOMS" --seconds "$SECONDS_PER_RUN" \
    --quiet | tee "$data/$n-nodes.loadgen.txt" | grep -E 'result:|errors|p99' || true
  # The share of commands that crossed to another node: what the nodes forwarded, over
  # the moves their rooms stored.
  forwarded=0 moves=0 handovers=0
  for p in "${ports[@]}"; do
    metrics=$(curl -s "http://127.0.0.1:$p/metrics")
    metric() { echo "$metrics" | awk -v k="$1" '$1 == k { print int($2) }'; }
    forwarded=$((forwarded + $(metric checkerhall_forwarded_total)))
    moves=$((moves + $(metric checkerhall_moves_total)))
    handovers=$((handovers + $(metric checkerhall_handovers_total)))
  done
  echo "forwarded: $forwarded commands for $moves moves stored ($(awk -v f="$forwarded" -v m="$moves" 'BEGIN { printf "%.2f", m ? 100 * f / m : 0 }') %), $handovers rooms handed over" \
    | tee -a "$data/$n-nodes.loadgen.txt"
  stop_all
  psql -q "$admin" -c "DROP DATABASE $db WITH (FORCE)"
done
echo "logs in $data"
