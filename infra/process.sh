# Shared by the infra stop scripts (sourced).

# Stops the process whose pid is in file $1 with SIGTERM, waits up to $2 checks $3 seconds apart,
# then SIGKILL; removes the pid file. Nothing to do when the file is missing.
stop_pid_file() {
  local pidfile=$1 checks=$2 interval=$3 pid
  [[ -f "$pidfile" ]] || return 0
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 "$checks"); do kill -0 "$pid" 2>/dev/null || break; sleep "$interval"; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  fi
  rm -f "$pidfile"
}
