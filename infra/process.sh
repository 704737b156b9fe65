# Shared by the infra start and stop scripts (sourced).

# True while process $1 runs. A process killed by a signal stays a zombie until its parent reaps it; these processes
# outlive the script that started them, and whoever inherits them may reap late, so `kill -0` alone would take a
# killed node for a running one (and a start would leave it down).
pid_alive() {
  kill -0 "$1" 2>/dev/null || return 1
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  [[ "${stat##*) }" != [ZX]* ]]
}

# Stops the process whose pid is in file $1 with SIGTERM, waits up to $2 checks $3 seconds apart,
# then SIGKILL; removes the pid file. Nothing to do when the file is missing.
stop_pid_file() {
  local pidfile=$1 checks=$2 interval=$3 pid
  [[ -f "$pidfile" ]] || return 0
  pid="$(cat "$pidfile")"
  if pid_alive "$pid"; then
    kill -TERM "$pid"
    for _ in $(seq 1 "$checks"); do pid_alive "$pid" || break; sleep "$interval"; done
    pid_alive "$pid" && kill -KILL "$pid"
  fi
  rm -f "$pidfile"
}
