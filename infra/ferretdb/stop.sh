#!/usr/bin/env bash
# Stops a FerretDB started by start.sh, then its PostgreSQL, and waits for both. Usage: stop.sh [port] [data-dir]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PORT="${1:-${FERRETDB_PORT:-27017}}"
DATA="$(realpath -m "${2:-$ROOT/.cache/run/ferretdb-$PORT}")"
source "$ROOT/infra/process.sh"
stop_pid_file "$DATA/ferretdb.pid" 50 0.2
bash "$ROOT/infra/postgres/stop.sh" "$((PORT + 1))" "$DATA/postgres"
