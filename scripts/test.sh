#!/usr/bin/env bash
# The whole test suite on a fresh clone: install, lint (module boundaries and import circles included), type-check, validate
# the Kubernetes manifests (kubeconform, offline) and the container files (infra/containers/check.sh, offline),
# then every jest suite against a real Kafka and FerretDB that the jest global setup starts.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
echo "==> lint"
NX_DAEMON=false npx nx show projects >/dev/null  # computes the project graph the boundary rule reads
npx eslint --max-warnings=0 .
npx tsx scripts/import-cycles.ts  # no two files import each other, directly or round a circle
echo "==> typecheck"
npx tsc -p tsconfig.json --noEmit
echo "==> kubernetes"
bash infra/k8s/validate.sh
echo "==> containers"
bash infra/containers/check.sh
echo "==> tests"
mkdir -p .cache
status=0
npx jest --ci --json --outputFile=.cache/jest-results.json "$@" || status=$?
node -e '
  const r = require("./.cache/jest-results.json");
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests + r.numRuntimeErrorTestSuites} failed`);
  if (r.numTotalTests === 0) process.exit(1);
' || status=1
exit $status
