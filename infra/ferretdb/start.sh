#!/usr/bin/env bash
# Starts FerretDB 1.x as a local process on a local PostgreSQL (infra/postgres, port+1, data in data-dir/postgres)
# and waits until it answers. FERRETDB_BACKEND=sqlite uses FerretDB's embedded SQLite instead (data-dir/sqlite).
# Usage: start.sh [port] [data-dir]. Prints the MongoDB URI. Stop with infra/ferretdb/stop.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
source "$ROOT/infra/process.sh"
PORT="${1:-${FERRETDB_PORT:-27017}}"
DATA="$(realpath -m "${2:-$ROOT/.cache/run/ferretdb-$PORT}")"
BACKEND="$(bash "$ROOT/infra/ferretdb/backend.sh")"
BIN="$("$ROOT/infra/ferretdb/install.sh")"
mkdir -p "$DATA"
if [[ -f "$DATA/ferretdb.pid" ]] && pid_alive "$(cat "$DATA/ferretdb.pid")"; then
  RUNNING="$(readlink "/proc/$(cat "$DATA/ferretdb.pid")/exe" 2>/dev/null || true)"
  if [[ -z "$RUNNING" || "$RUNNING" == "$BIN" ]]; then echo "mongodb://127.0.0.1:$PORT"; exit 0; fi
  # An older build (infra/ferretdb/patches changed since it started): the services rely on the patches (atomic
  # writes, no pool deadlock), so it is replaced. FerretDB keeps no data of its own; clients reconnect.
  echo "FerretDB on port $PORT runs ${RUNNING##*/}, not ${BIN##*/}: restarting it on the patched build" >&2
  stop_pid_file "$DATA/ferretdb.pid" 50 0.2
fi
case "$BACKEND" in
  postgresql)
    PG_URL="$(bash "$ROOT/infra/postgres/start.sh" "$((PORT + 1))" "$DATA/postgres")"
    STORE=(--handler=postgresql --postgresql-url="$PG_URL") ;;
  sqlite)
    mkdir -p "$DATA/sqlite"
    STORE=(--handler=sqlite --sqlite-url="file:$DATA/sqlite/") ;;
  *) echo "FERRETDB_BACKEND must be postgresql or sqlite, not $BACKEND" >&2; exit 1 ;;
esac
nohup "$BIN" "${STORE[@]}" --state-dir="$DATA" \
  --listen-addr="127.0.0.1:$PORT" --debug-addr="-" --telemetry=disable --log-level=WARN \
  >"$DATA/ferretdb.log" 2>&1 &
echo $! > "$DATA/ferretdb.pid"
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then echo "mongodb://127.0.0.1:$PORT"; exit 0; fi
  pid_alive "$(cat "$DATA/ferretdb.pid")" || { echo "FerretDB exited; see $DATA/ferretdb.log" >&2; tail -20 "$DATA/ferretdb.log" >&2; exit 1; }
  sleep 0.2
done
echo "FerretDB did not start within 20s; see $DATA/ferretdb.log" >&2
exit 1
