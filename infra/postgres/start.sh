#!/usr/bin/env bash
# Starts a local PostgreSQL (from the npm package, see install.sh) bound to 127.0.0.1 and waits until it
# accepts connections. The first start of a data directory runs initdb and creates the database.
# Usage: start.sh [port] [data-dir]. Prints the PostgreSQL URL. Stop with infra/postgres/stop.sh.
# As root, PostgreSQL runs as the unprivileged system user obp-postgres ($PG_SYSTEM_USER), which owns data-dir.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
source "$ROOT/infra/process.sh"
source "$ROOT/infra/postgres/lib.sh"
PORT="${1:-${PG_PORT:-5432}}"
DATA="$(realpath -m "${2:-$ROOT/.cache/run/postgres-$PORT}")"
DB="${PG_DATABASE:-ferretdb}"
URL="postgres://postgres@127.0.0.1:$PORT/$DB"
NATIVE="$("$ROOT/infra/postgres/install.sh")"
BIN="$NATIVE/bin"

running() { [[ -f "$DATA/postmaster.pid" ]] && pid_alive "$(head -1 "$DATA/postmaster.pid")"; }
if running; then echo "$URL"; exit 0; fi

mkdir -p "$(dirname "$DATA")"
pg_reachable "$(dirname "$DATA")"
if [[ ! -f "$DATA/PG_VERSION" ]]; then
  # initdb and the database in a scratch directory, moved into place once complete.
  INIT="$DATA.init"
  rm -rf "$INIT"; mkdir -m 700 "$INIT"
  if pg_as_root; then chown "$PG_SYSTEM_USER:" "$INIT"; fi
  pg_run "$BIN/initdb" -D "$INIT" -U postgres --auth=trust --encoding=UTF8 --locale=C --no-sync --no-instructions \
    >"$INIT.log" 2>&1 || { echo "initdb failed:" >&2; cat "$INIT.log" >&2; exit 1; }
  cat >>"$INIT/postgresql.conf" <<CONF
# infra/postgres/start.sh: local store, loopback TCP only
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
# errors (e.g. unique violations, which are expected) go to the client; log startup, shutdown, fatal
log_min_messages = log
CONF
  echo "CREATE DATABASE \"$DB\";" | pg_run "$BIN/postgres" --single -D "$INIT" postgres >>"$INIT.log" 2>&1 \
    || { echo "creating database $DB failed:" >&2; cat "$INIT.log" >&2; exit 1; }
  rm -f "$INIT.log"
  if [[ -d "$DATA" ]]; then rmdir "$DATA"; fi # an empty directory given as data-dir
  mv "$INIT" "$DATA"
fi
# FerretDB passes field names as query parameters (`_jsonb->$1`); a generic plan cannot match that to an
# index expression, so every statement is planned with its parameters (custom plans).
# POSTGRES_SETTINGS adds more, e.g. `-c enable_seqscan=off` for the test that proves every query has an index.
# Every commit is flushed before it is acknowledged (synchronous_commit on, also for data directories made when
# it was off): an answered write must survive a crash of PostgreSQL.
SETTINGS="-p $PORT -c synchronous_commit=on -c plan_cache_mode=force_custom_plan -c jit=off ${POSTGRES_SETTINGS:-}"
# pg_ctl -w returns once the server accepts connections.
if ! pg_run "$BIN/pg_ctl" -D "$DATA" -l "$DATA/postgres.log" -o "$SETTINGS" -w -t 60 start >/dev/null; then
  echo "PostgreSQL did not start; see $DATA/postgres.log" >&2; tail -20 "$DATA/postgres.log" >&2; exit 1
fi
echo "$URL"
