#!/usr/bin/env bash
# Validates infra/k8s/manifests offline: kubeconform finds every resource valid against the Kubernetes
# schemas in strict mode (no unknown or duplicated field). First it must refuse a manifest with a field
# Kubernetes does not have, so a change of schemas or flags that let anything through fails too.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
KUBECONFORM="$(bash infra/kubeconform/install.sh)"
SCHEMAS="$(dirname "$KUBECONFORM")/schemas"
VERSION="$(ls "$SCHEMAS" | sed -n 's/^v\(.*\)-local-strict$/\1/p' | head -1)"
kubeconform() {
  "$KUBECONFORM" -strict -kubernetes-version "$VERSION" \
    -schema-location "$SCHEMAS/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json" \
    -ignore-filename-pattern 'kustomization\.yaml$' "$@"
}
BROKEN="$(mktemp --suffix=.yaml)"
trap 'rm -f "$BROKEN"' EXIT
sed 's/^\(\s*\)replicas: 2$/\1replica: 2/' infra/k8s/manifests/share.yaml > "$BROKEN"
grep -q '^ *replica: 2$' "$BROKEN" || { echo "found no 'replicas: 2' in infra/k8s/manifests/share.yaml to break" >&2; exit 1; }
refusal="$(kubeconform "$BROKEN" 2>&1 || true)"
if [[ "$refusal" != *"additional properties 'replica' not allowed"* ]]; then
  echo "kubeconform did not refuse a Deployment for an unknown field (spec.replica): the validation checks nothing" >&2
  echo "$refusal" >&2
  exit 1
fi
kubeconform -summary "${@:-infra/k8s/manifests}"
