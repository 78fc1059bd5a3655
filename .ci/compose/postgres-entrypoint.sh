#!/bin/sh
# Entrypoint of the stand-in `postgres:17` image that .ci/compose-check builds from Debian's
# PostgreSQL 17 (no image registry is reachable in CI). It does what the official image's
# entrypoint does for docker-compose.yml: POSTGRES_USER (default postgres), POSTGRES_PASSWORD
# (required) and POSTGRES_DB (default the user) make the cluster with `initdb` only when the
# data folder is empty, host connections need the password (scram-sha-256), local ones are
# trusted (pg_isready, pg_dump over `docker compose exec`), and the server runs as `postgres`.
set -eu
PGDATA=${PGDATA:-/var/lib/postgresql/data}
POSTGRES_USER=${POSTGRES_USER:-postgres}
POSTGRES_DB=${POSTGRES_DB:-$POSTGRES_USER}

if [ "$(id -u)" = 0 ]; then
    mkdir -p "$PGDATA" /var/run/postgresql
    chown -R postgres:postgres "$PGDATA" /var/run/postgresql
    chmod 700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -z "${POSTGRES_PASSWORD:-}" ]; then
        echo "POSTGRES_PASSWORD is not set: the database needs a password" >&2
        exit 1
    fi
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
    initdb --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile="$pwfile" \
        --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
    if [ "$POSTGRES_DB" != postgres ]; then
        # Single-user mode: one statement per line, no server listening yet.
        printf 'CREATE DATABASE "%s"\n' "$POSTGRES_DB" | postgres --single -D "$PGDATA" postgres >/dev/null
    fi
    echo "initialised the database cluster in $PGDATA"
fi

if [ "${1:-postgres}" = postgres ]; then
    shift || true
    exec postgres -D "$PGDATA" "$@"
fi
exec "$@"
