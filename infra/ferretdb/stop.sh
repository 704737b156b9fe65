#!/usr/bin/env bash
# Stops a FerretDB started by start.sh, then its PostgreSQL, and waits for both. Usage: stop.sh [port] [data-dir]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PORT="${1:-${FERRETDB_PORT:-27017}}"
DATA="$(realpath -m "${2:-$ROOT/.cache/run/ferretdb-$PORT}")"
PIDFILE="$DATA/ferretdb.pid"
if [[ -f "$PIDFILE" ]]; then
  PID="$(cat "$PIDFILE")"
  if kill -0 "$PID" 2>/dev/null; then
    kill -TERM "$PID"
    for _ in $(seq 1 50); do kill -0 "$PID" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$PID" 2>/dev/null && kill -KILL "$PID"
  fi
  rm -f "$PIDFILE"
fi
bash "$ROOT/infra/postgres/stop.sh" "$((PORT + 1))" "$DATA/postgres"
