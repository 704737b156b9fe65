# Shared by infra/postgres/*.sh (sourced). PostgreSQL refuses to run as root; as root its commands run as
# the unprivileged system user $PG_SYSTEM_USER (created by install.sh), which owns the data directories.
PG_SYSTEM_USER="${PG_SYSTEM_USER:-obp-postgres}"

pg_as_root() { [[ "$(id -u)" == 0 ]]; }

# Runs a command as the user that runs PostgreSQL (from /, which that user can always reach).
pg_run() {
  if pg_as_root; then (cd / && runuser -u "$PG_SYSTEM_USER" -- "$@"); else "$@"; fi
}

# As root: lets the PostgreSQL user reach directory $1, adding search permission (o+x, not listing) to the
# ancestors that lack it (e.g. a test's mkdtemp directory, mode 0700).
pg_reachable() {
  pg_as_root || return 0
  pg_run test -x "$1" && return 0
  local path="" part
  local IFS=/
  for part in $1; do
    [[ -n "$part" ]] || continue
    path="$path/$part"
    pg_run test -x "$path" || chmod o+x "$path"
  done
}
