#!/usr/bin/env bash
# Stops a Kafka started by start.sh (SIGTERM, waits for a clean shutdown). Usage: stop.sh [port] [data-dir]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PORT="${1:-${KAFKA_PORT:-9092}}"
DATA="${2:-$ROOT/.cache/run/kafka-$PORT}"
source "$ROOT/infra/process.sh"
stop_pid_file "$DATA/kafka.pid" 60 0.5
