#!/usr/bin/env bash
# Installs Chromium from Debian's packages for the browser tests, which drive it with playwright-core
# (never a browser build of playwright's own). Idempotent and quiet; prints the binary's path.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN=/usr/bin/chromium
if [[ -x "$BIN" ]]; then echo "$BIN"; exit 0; fi
command -v apt-get >/dev/null || { echo "Chromium is missing at $BIN and apt-get is not available to install it" >&2; exit 1; }
SUDO=()
[[ "$(id -u)" -eq 0 ]] || SUDO=(sudo)
# Two jest workers may both find Chromium missing: the second waits here, then finds it installed.
mkdir -p "$ROOT/.cache"
exec 9>"$ROOT/.cache/chromium-install.lock"
flock 9
if [[ ! -x "$BIN" ]]; then
  export DEBIAN_FRONTEND=noninteractive
  LOG="$(mktemp)"
  if ! { "${SUDO[@]}" apt-get update -qq && "${SUDO[@]}" apt-get install -y -qq chromium; } >"$LOG" 2>&1; then
    cat "$LOG" >&2; rm -f "$LOG"; exit 1
  fi
  rm -f "$LOG"
fi
[[ -x "$BIN" ]] || { echo "apt-get did not install $BIN" >&2; exit 1; }
echo "$BIN"
