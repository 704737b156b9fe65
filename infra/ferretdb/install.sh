#!/usr/bin/env bash
# Builds FerretDB from the Go module proxy into .cache/ferretdb and readies the PostgreSQL it stores its data in
# (infra/postgres/install.sh; skipped on the SQLite backend, see backend.sh). Prints the FerretDB binary.
# A plain `go install` of v1.x panics at start because build/version/version.txt is not
# part of the published module, so we build from a copy of the module with that file written.
# The patches in infra/ferretdb/patches are applied to that copy (see docs/decisions.md); the binary's
# name carries a hash of them, so changing a patch rebuilds it.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VERSION="${FERRETDB_VERSION:-v1.24.2}"
CACHE="$ROOT/.cache/ferretdb"
PATCHES=("$ROOT"/infra/ferretdb/patches/*.patch)
PATCH_HASH="$(cat "${PATCHES[@]}" | sha256sum | cut -c1-8)"
BIN="$CACHE/ferretdb-$VERSION-$PATCH_HASH"
if [[ "$(bash "$ROOT/infra/ferretdb/backend.sh")" == postgresql ]]; then "$ROOT/infra/postgres/install.sh" >/dev/null; fi
if [[ -x "$BIN" ]]; then echo "$BIN"; exit 0; fi
command -v go >/dev/null || { echo "go is required to build FerretDB" >&2; exit 1; }
mkdir -p "$CACHE"
export GOFLAGS=-mod=mod GOTOOLCHAIN=local
MODDIR="$(cd "$CACHE" && go mod download -json "github.com/FerretDB/FerretDB@$VERSION" | sed -n 's/.*"Dir": "\(.*\)",/\1/p')"
[[ -d "$MODDIR" ]] || { echo "could not download FerretDB $VERSION" >&2; exit 1; }
SRC="$CACHE/src-$VERSION"
rm -rf "$SRC"; cp -r "$MODDIR" "$SRC"; chmod -R u+w "$SRC"
mkdir -p "$SRC/build/version"
echo "$VERSION" > "$SRC/build/version/version.txt"
for patch_file in "${PATCHES[@]}"; do patch -s -p1 -d "$SRC" < "$patch_file" >&2; done
(cd "$SRC" && CGO_ENABLED=0 go build -trimpath -o "$BIN.tmp" ./cmd/ferretdb) >&2
mv "$BIN.tmp" "$BIN"
rm -rf "$SRC"
echo "$BIN"
