#!/usr/bin/env bash
# Stops a Kafka started by start.sh (SIGTERM, waits for a clean shutdown). Usage: stop.sh [port] [data-dir]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PORT="${1:-${KAFKA_PORT:-9092}}"
DATA="${2:-$ROOT/.cache/run/kafka-$PORT}"
PIDFILE="$DATA/kafka.pid"
[[ -f "$PIDFILE" ]] || exit 0
PID="$(cat "$PIDFILE")"
if kill -0 "$PID" 2>/dev/null; then
  kill -TERM "$PID"
  for _ in $(seq 1 60); do kill -0 "$PID" 2>/dev/null || break; sleep 0.5; done
  kill -0 "$PID" 2>/dev/null && kill -KILL "$PID"
fi
rm -f "$PIDFILE"
