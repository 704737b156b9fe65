#!/usr/bin/env bash
# Resolves Apache Kafka's jars from Maven Central into .cache/kafka/<version>/libs (once).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$ROOT/infra/kafka"
VERSION="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$HERE/pom.xml")"
LIBS="$ROOT/.cache/kafka/$VERSION/libs"
if [[ -f "$LIBS/.complete" ]]; then echo "$LIBS"; exit 0; fi
command -v java >/dev/null || { echo "java is required to run Kafka" >&2; exit 1; }
command -v mvn >/dev/null || { echo "maven is required to fetch Kafka" >&2; exit 1; }
rm -rf "$LIBS"; mkdir -p "$LIBS"
mvn -q -B -f "$HERE/pom.xml" dependency:copy-dependencies \
  -DincludeScope=runtime -DoutputDirectory="$LIBS" >&2
touch "$LIBS/.complete"
echo "$LIBS"
