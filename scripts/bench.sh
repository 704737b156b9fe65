#!/usr/bin/env bash
# Runs the benchmarks under bench/ (each bounded in time, loopback only) and prints their figures.
# bench/platform-scale.bench.ts starts the stack with scripts/stack.sh on ports of its own and seeds up to
# 100,000 shares; bench/service-start.bench.ts runs `npm run build` and starts the share service over and over
# (see the README, Benchmarks, for their settings and how long they take).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
npx tsx bench/sequencing-accuracy.bench.ts
npx tsx bench/sequencing-speed.bench.ts
npx tsx bench/sandbox-bank.bench.ts
npx tsx bench/platform-scale.bench.ts
npx tsx bench/webhook-delivery.bench.ts
npx tsx bench/categorisation-accuracy.bench.ts
npx tsx bench/categorisation-speed.bench.ts
npx tsx bench/analysis-engine.bench.ts
npx tsx bench/analysis-jobs.bench.ts
npx tsx bench/service-start.bench.ts
npx tsx bench/rate-limit.bench.ts
npx tsx bench/consumer-lag.bench.ts
npx tsx bench/webhook-slow-endpoint.bench.ts
npx tsx bench/mt940-parse.bench.ts
npx tsx bench/csv-parse.bench.ts
npx tsx bench/camt-parse.bench.ts
npx tsx bench/statement-import.bench.ts
BENCH_IMPORT_FORMATS=camt.053 BENCH_IMPORT_TRANSACTIONS=15000 npx tsx bench/statement-import.bench.ts
npx tsx bench/enrichment.bench.ts
