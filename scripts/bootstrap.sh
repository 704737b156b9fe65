#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: npm packages (when the lockfile changed),
# Kafka's jars (Maven Central) and FerretDB (Go module proxy), unless external servers are given,
# Chromium (Debian's packages) for the browser tests, and schemathesis (PyPI, in a venv under .cache/) for the
# API fuzzing test.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v node >/dev/null || { echo "Node.js 20+ is required" >&2; exit 1; }
if [[ ! -f node_modules/.package-lock.json ]] || [[ package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "==> npm ci" >&2
  # Frozen install only: if npm ci rejects package-lock.json, regenerate it with scripts/lock.sh (not npm install).
  # --include=dev: the scripts run on dev tools (tsx, patch-package) also when NODE_ENV=production, as the benchmark starts the stack.
  npm ci --include=dev --no-audit --no-fund --loglevel=error >&2
fi
if [[ -z "${KAFKA_BROKERS:-}" ]]; then
  echo "==> Kafka jars" >&2
  bash infra/kafka/install.sh >/dev/null
fi
if [[ -z "${MONGODB_URI:-}" ]]; then
  echo "==> FerretDB" >&2
  bash infra/ferretdb/install.sh >/dev/null
fi
echo "==> Chromium" >&2
bash infra/chromium/install.sh >/dev/null
echo "==> schemathesis" >&2
bash infra/schemathesis/install.sh >/dev/null
