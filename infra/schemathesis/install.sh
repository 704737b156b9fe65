#!/usr/bin/env bash
# Installs schemathesis (PyPI, the pinned version) into a venv of its own under .cache/, for the API
# fuzzing test (e2e/src/api-fuzz.test.ts). Idempotent and quiet; prints the path of its binary.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VERSION=4.32.5
VENV="$ROOT/.cache/schemathesis-venv"
BIN="$VENV/bin/schemathesis"
MARK="$VENV/.installed-$VERSION"
if [[ -x "$BIN" && -f "$MARK" ]]; then echo "$BIN"; exit 0; fi
PYTHON="$(command -v python3 || true)"
[[ -n "$PYTHON" ]] || { echo "python3 is required for the API fuzzing test (schemathesis)" >&2; exit 1; }
mkdir -p "$ROOT/.cache"
exec 9>"$ROOT/.cache/schemathesis-install.lock"
flock 9
if [[ ! -x "$BIN" || ! -f "$MARK" ]]; then
  LOG="$(mktemp)"
  trap 'rm -f "$LOG"' EXIT
  rm -rf "$VENV"
  if ! "$PYTHON" -m venv "$VENV" >"$LOG" 2>&1; then
    # Debian's python3 ships venv (and ensurepip) in a package of its own.
    command -v apt-get >/dev/null || { cat "$LOG" >&2; exit 1; }
    SUDO=()
    [[ "$(id -u)" -eq 0 ]] || SUDO=(sudo)
    minor="$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
    export DEBIAN_FRONTEND=noninteractive
    { "${SUDO[@]}" apt-get update -qq && { "${SUDO[@]}" apt-get install -y -qq "python$minor-venv" || "${SUDO[@]}" apt-get install -y -qq python3-venv; }; } >"$LOG" 2>&1 || { cat "$LOG" >&2; exit 1; }
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV" >"$LOG" 2>&1 || { cat "$LOG" >&2; exit 1; }
  fi
  "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input -q "schemathesis==$VERSION" >"$LOG" 2>&1 || { cat "$LOG" >&2; rm -rf "$VENV"; exit 1; }
  touch "$MARK"
fi
[[ -x "$BIN" ]] || { echo "pip did not install $BIN" >&2; exit 1; }
echo "$BIN"
