#!/usr/bin/env bash
# Starts local Kafka (9092) and FerretDB (27017) unless KAFKA_BROKERS / MONGODB_URI point elsewhere,
# then creates the platform's topics. Prints the environment to use.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
if [[ -z "${MONGODB_URI:-}" ]]; then
  MONGODB_URI="$(bash infra/ferretdb/start.sh "${FERRETDB_PORT:-27017}")"
fi
if [[ -z "${KAFKA_BROKERS:-}" ]]; then
  KAFKA_BROKERS="$(bash infra/kafka/start.sh "${KAFKA_PORT:-9092}")"
fi
KAFKA_BROKERS="$KAFKA_BROKERS" npx tsx infra/create-topics.ts >&2
echo "MONGODB_URI=$MONGODB_URI"
echo "KAFKA_BROKERS=$KAFKA_BROKERS"
