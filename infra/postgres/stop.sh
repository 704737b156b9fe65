#!/usr/bin/env bash
# Stops a PostgreSQL started by start.sh (fast shutdown) and waits until it has exited.
# Usage: stop.sh [port] [data-dir]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
source "$ROOT/infra/process.sh"
PORT="${1:-${PG_PORT:-5432}}"
DATA="$(realpath -m "${2:-$ROOT/.cache/run/postgres-$PORT}")"
PIDFILE="$DATA/postmaster.pid"
[[ -f "$PIDFILE" ]] || exit 0
PID="$(head -1 "$PIDFILE")"
if [[ -n "$PID" ]] && pid_alive "$PID"; then
  kill -INT "$PID" # fast shutdown: disconnects clients, checkpoints, exits
  for _ in $(seq 1 150); do pid_alive "$PID" || exit 0; sleep 0.2; done
  kill -QUIT "$PID" 2>/dev/null || true # immediate shutdown
  for _ in $(seq 1 25); do pid_alive "$PID" || exit 0; sleep 0.2; done
  kill -KILL "$PID" 2>/dev/null || true
fi
