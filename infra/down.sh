#!/usr/bin/env bash
# Stops the local Kafka and FerretDB started by infra/up.sh (data is kept in .cache/run).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
bash "$ROOT/infra/kafka/stop.sh" "${KAFKA_PORT:-9092}"
bash "$ROOT/infra/ferretdb/stop.sh" "${FERRETDB_PORT:-27017}"
