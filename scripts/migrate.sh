#!/usr/bin/env bash
# `npm run migrate`: every service's migrations on its own database (services/<name>/src/cli/migrate.ts, in
# one process, the services side by side), before any process of the new version starts. They read the
# environment the services read (MONGODB_URI, <SERVICE>_DB_NAME, LOG_LEVEL). STACK_BUILT=1 runs the built
# ones (dist/<name>/cli/migrate.js, what the pods' init containers run). Safe to run again, and beside
# another run: each migration is applied once (docs/runbook.md, "Migrations"). `npm start` runs it first.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
RUNTIME=source
[[ "${STACK_BUILT:-}" == "1" ]] && RUNTIME=built
services=()
for file in services/*/src/cli/migrate.ts; do services+=("$(basename "$(dirname "$(dirname "$(dirname "$file")")")")"); done
args="$(node --require tsx/cjs -e 'const { migrationNodeArguments } = require("./packages/devstack/src/service-command.ts");
process.stdout.write(JSON.stringify(migrationNodeArguments(process.argv.slice(2), process.argv[1])));' "$RUNTIME" "${services[@]}")"
mapfile -t argv < <(node -e 'for (const a of JSON.parse(process.argv[1])) console.log(a)' "$args")
exec node "${argv[@]}"
