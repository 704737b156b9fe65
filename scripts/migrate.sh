#!/usr/bin/env bash
# `npm run migrate`: every service's migrations on its own database (services/<name>/src/cli/migrate.ts, the
# services side by side), before any process of the new version starts. They read the environment the
# services read (MONGODB_URI, <SERVICE>_DB_NAME, LOG_LEVEL). STACK_BUILT=1 runs the built ones
# (dist/<name>/cli/migrate.js, what the pods' init containers run). Safe to run again, and beside another
# run: each migration is applied once (docs/runbook.md, "Migrations"). `npm start` runs it first.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --require tsx/cjs packages/devstack/src/migrate-all.ts
