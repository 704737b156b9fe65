#!/usr/bin/env bash
# Starts Apache Kafka (KRaft, each node a combined broker and controller) as local processes and
# waits until every node accepts connections. Usage: start.sh [port] [data-dir]
# KAFKA_NODES=3 starts a cluster of three: node i listens on port + 2(i-1) and its controller on the
# port after it, with its data in data-dir/node-i; topics then get three replicas, of which two must
# have a write (min.insync.replicas). One node (the default) keeps its data in data-dir itself.
# Prints the bootstrap addresses, comma-separated. Stop with infra/kafka/stop.sh [port] [data-dir].
# KAFKA_START_TIMEOUT_SECONDS bounds the wait for every node (default 120 s a node: the nodes' JVMs start side by
# side on the same cores, and a cluster must also elect its controller before its brokers start).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
source "$ROOT/infra/process.sh"
PORT="${1:-${KAFKA_PORT:-9092}}"
DATA="${2:-$ROOT/.cache/run/kafka-$PORT}"
NODES="${KAFKA_NODES:-1}"
[[ "$NODES" =~ ^[1-9]$ ]] || { echo "KAFKA_NODES must be 1 to 9, not '$NODES'" >&2; exit 2; }
LIBS="$("$ROOT/infra/kafka/install.sh")"
REPLICAS=$(( NODES < 3 ? NODES : 3 ))
MIN_INSYNC=$(( REPLICAS > 2 ? 2 : 1 ))
# A cluster says its topics' copies; one node keeps Kafka's own defaults (a topic's settings then show only its own).
CLUSTER_DEFAULTS=""
if (( NODES > 1 )); then CLUSTER_DEFAULTS="default.replication.factor=$REPLICAS
min.insync.replicas=$MIN_INSYNC"; fi
node_dir() { if (( NODES == 1 )); then echo "$DATA"; else echo "$DATA/node-$1"; fi; }
node_port() { echo $(( PORT + 2 * ($1 - 1) )); }
VOTERS=""
BOOTSTRAP=""
for i in $(seq 1 "$NODES"); do
  VOTERS+="${VOTERS:+,}$i@127.0.0.1:$(( $(node_port "$i") + 1 ))"
  BOOTSTRAP+="${BOOTSTRAP:+,}127.0.0.1:$(node_port "$i")"
done
mkdir -p "$DATA"
running=0
for i in $(seq 1 "$NODES"); do
  pidfile="$(node_dir "$i")/kafka.pid"
  if [[ -f "$pidfile" ]] && pid_alive "$(cat "$pidfile")"; then running=$((running + 1)); fi
done
if (( running == NODES )); then echo "$BOOTSTRAP"; exit 0; fi
CP="$LIBS/*"
# A cluster id as Kafka's `StorageTool random-uuid` makes one (16 random bytes in URL-safe base64, not starting with
# '-'), without starting a JVM for it. Every node of a cluster is formatted with the same one.
cluster_id() {
  local id
  for (( ; ; )); do
    id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
    [[ "$id" == -* ]] || { echo "$id"; return; }
  done
}
[[ -f "$DATA/cluster.id" ]] || cluster_id > "$DATA/cluster.id"
CLUSTER_ID="$(cat "$DATA/cluster.id")"

start_node() {
  local i=$1 DIR PORT_I CONTROLLER_PORT
  DIR="$(node_dir "$i")"
  PORT_I="$(node_port "$i")"
  CONTROLLER_PORT=$(( PORT_I + 1 ))
  mkdir -p "$DIR"
  if [[ -f "$DIR/kafka.pid" ]] && pid_alive "$(cat "$DIR/kafka.pid")"; then return; fi
  # Readiness reads this start's log alone: the last run's "started" line is kept aside.
  if [[ -f "$DIR/server.log" ]]; then mv "$DIR/server.log" "$DIR/server.log.1"; fi
cat > "$DIR/server.properties" <<PROPS
process.roles=broker,controller
node.id=$i
controller.quorum.voters=$VOTERS
listeners=PLAINTEXT://127.0.0.1:$PORT_I,CONTROLLER://127.0.0.1:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT_I
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$DIR/logs
num.partitions=3
auto.create.topics.enable=false
$CLUSTER_DEFAULTS
offsets.topic.replication.factor=$REPLICAS
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=$REPLICAS
transaction.state.log.min.isr=$MIN_INSYNC
group.initial.rebalance.delay.ms=0
# What an idle local broker costs: the controller appends a no-op record to the metadata log every
# 500 ms by default (KIP-835; 0 turns that off), and every pool starts 3-8 threads.
metadata.max.idle.interval.ms=0
num.network.threads=2
num.io.threads=2
background.threads=2
log.retention.hours=168
# Every topic is compacted within a window (eventLogConfig in packages/contracts); the cleaner looks for
# work this often when it has none: Kafka's 15 s, or KAFKA_LOG_CLEANER_BACKOFF_MS (the tests' Kafka looks every
# second, so a test's window of seconds is not held back).
log.cleaner.backoff.ms=${KAFKA_LOG_CLEANER_BACKOFF_MS:-15000}
PROPS
cat > "$DIR/log4j.properties" <<PROPS
log4j.rootLogger=WARN, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$DIR/server.log
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
PROPS
  local JAVA_OPTS=(-Xms256m -Xmx${KAFKA_HEAP:-512m} -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto
    -Djava.awt.headless=true -Dlog4j.configuration="file:$DIR/log4j.properties")
  if [[ ! -f "$DIR/logs/meta.properties" ]]; then
    java "${JAVA_OPTS[@]}" -cp "$CP" kafka.tools.StorageTool format -t "$CLUSTER_ID" \
      -c "$DIR/server.properties" --ignore-formatted >"$DIR/format.log" 2>&1
  fi
  nohup java "${JAVA_OPTS[@]}" -cp "$CP" kafka.Kafka "$DIR/server.properties" >"$DIR/stdout.log" 2>&1 &
  echo $! > "$DIR/kafka.pid"
}

node_ready() {
  local DIR
  DIR="$(node_dir "$1")"
  grep -q "Kafka Server started" "$DIR/server.log" 2>/dev/null && (exec 3<>"/dev/tcp/127.0.0.1/$(node_port "$1")") 2>/dev/null
}

START_TIMEOUT="${KAFKA_START_TIMEOUT_SECONDS:-$(( 120 * NODES ))}"
[[ "$START_TIMEOUT" =~ ^[1-9][0-9]*$ ]] || { echo "KAFKA_START_TIMEOUT_SECONDS must be a positive whole number, not '$START_TIMEOUT'" >&2; exit 2; }
for i in $(seq 1 "$NODES"); do start_node "$i"; done
for _ in $(seq 1 $(( START_TIMEOUT * 2 ))); do
  ready=0
  for i in $(seq 1 "$NODES"); do
    DIR="$(node_dir "$i")"
    if node_ready "$i"; then ready=$((ready + 1)); continue; fi
    pid_alive "$(cat "$DIR/kafka.pid")" || { echo "Kafka node $i exited; see $DIR/stdout.log and $DIR/server.log" >&2; tail -20 "$DIR/stdout.log" >&2; exit 1; }
  done
  if (( ready == NODES )); then echo "$BOOTSTRAP"; exit 0; fi
  sleep 0.5
done
echo "Kafka did not start within ${START_TIMEOUT}s; see $(node_dir 1)/server.log" >&2
exit 1
