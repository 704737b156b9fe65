#!/usr/bin/env bash
# Stops a FerretDB started by start.sh. Usage: stop.sh [port] [data-dir]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PORT="${1:-${FERRETDB_PORT:-27017}}"
DATA="${2:-$ROOT/.cache/run/ferretdb-$PORT}"
PIDFILE="$DATA/ferretdb.pid"
[[ -f "$PIDFILE" ]] || exit 0
PID="$(cat "$PIDFILE")"
if kill -0 "$PID" 2>/dev/null; then
  kill -TERM "$PID"
  for _ in $(seq 1 50); do kill -0 "$PID" 2>/dev/null || break; sleep 0.2; done
  kill -0 "$PID" 2>/dev/null && kill -KILL "$PID"
fi
rm -f "$PIDFILE"
