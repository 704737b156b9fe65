#!/usr/bin/env bash
# Stops a Kafka started by start.sh, every node of it (SIGTERM, waits for a clean shutdown). Usage: stop.sh [port] [data-dir]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PORT="${1:-${KAFKA_PORT:-9092}}"
DATA="${2:-$ROOT/.cache/run/kafka-$PORT}"
source "$ROOT/infra/process.sh"
# The nodes of a cluster side by side: brokers stopping one after the other each wait for the next to lead.
for pidfile in "$DATA"/node-*/kafka.pid; do
  [[ -f "$pidfile" ]] && stop_pid_file "$pidfile" 60 0.5 &
done
stop_pid_file "$DATA/kafka.pid" 60 0.5
wait
