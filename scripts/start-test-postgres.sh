#!/usr/bin/env bash
# Starts (idempotently) a throwaway PostgreSQL for the server tests and prints its URL.
#   - installs Debian's postgresql with apt-get when no server binaries are found;
#   - creates a cluster in /tmp/kopa-pg (owned by the postgres user) on port 55432;
#   - creates the database kopa_test; trust auth on 127.0.0.1 only (test use, never production).
# Usage: export TEST_DATABASE_URL="$(bash scripts/start-test-postgres.sh | tail -n1)"
set -euo pipefail

PORT="${KOPA_PG_PORT:-55432}"
DIR="${KOPA_PG_DIR:-/tmp/kopa-pg}"
DB="kopa_test"

find_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1
}

BIN="$(find_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "installing postgresql with apt-get..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  BIN="$(find_bin)"
fi

as_pg() {
  if [ "$(id -u)" = "0" ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir "$DIR" postgres
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ ! -f "$DIR/data/PG_VERSION" ]; then
  mkdir -p "$DIR"
  [ "$(id -u)" = "0" ] && chown postgres "$DIR"
  as_pg "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 >&2
fi

if ! as_pg "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
    -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >&2
fi

if ! as_pg "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -tAc "select 1 from pg_database where datname='$DB'" | grep -q 1; then
  as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
fi

echo "postgres://postgres@127.0.0.1:$PORT/$DB"
