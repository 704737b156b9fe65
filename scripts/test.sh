#!/usr/bin/env bash
# The whole test suite on a fresh clone: install, lint (module boundaries included), type-check, validate the
# Kubernetes manifests (kubeconform, offline) and the container files (infra/containers/check.sh, offline),
# then every jest suite against a real Kafka and FerretDB that the jest global setup starts.
# The four checks run side by side (each is one process on one core); their output is printed in this order.
# The import circles are checked by e2e/src/import-cycles.test.ts, with the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export OBP_RUN_STARTED="${OBP_RUN_STARTED:-$(date +%s)}"
elapsed() { echo "$(( $(date +%s) - OBP_RUN_STARTED )) s"; }
bash scripts/bootstrap.sh

lint() {
  NX_DAEMON=false npx nx show projects >/dev/null && # computes the project graph the boundary rule reads
    npx eslint --max-warnings=0 .
}
typecheck() { npx tsc -p tsconfig.json --noEmit; }
kubernetes() { bash infra/k8s/validate.sh; }
containers() { bash infra/containers/check.sh; }
CHECKS=(lint typecheck kubernetes containers)
CHECK_LOGS="$(mktemp -d)"
trap 'rm -rf "$CHECK_LOGS"' EXIT
echo "==> ${CHECKS[*]} (side by side; at $(elapsed))"
for check in "${CHECKS[@]}"; do
  (
    started=$(date +%s)
    if "$check" >"$CHECK_LOGS/$check.log" 2>&1; then status=0; else status=$?; fi
    echo "$status $(( $(date +%s) - started ))" >"$CHECK_LOGS/$check.status"
  ) &
done
wait
failed=0
for check in "${CHECKS[@]}"; do
  read -r status seconds <"$CHECK_LOGS/$check.status"
  echo "==> $check ($seconds s$([[ $status == 0 ]] || echo ", FAILED: exit $status"))"
  cat "$CHECK_LOGS/$check.log"
  [[ $status == 0 ]] || failed=1
done
[[ $failed == 0 ]] || exit 1

echo "==> tests (at $(elapsed))"
mkdir -p .cache
status=0
npx jest --ci --json --outputFile=.cache/jest-results.json "$@" || status=$?
node -e '
  const r = require("./.cache/jest-results.json");
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests + r.numRuntimeErrorTestSuites} failed`);
  if (r.numTotalTests === 0) process.exit(1);
' || status=1
echo "==> done (at $(elapsed))"
exit $status
