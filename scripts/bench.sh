#!/usr/bin/env bash
# Runs the benchmarks under bench/ (each bounded in time, loopback only) and prints their figures.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
npx tsx bench/sequencing-accuracy.bench.ts
npx tsx bench/sequencing-speed.bench.ts
npx tsx bench/sandbox-bank.bench.ts
npx tsx bench/shares.bench.ts
