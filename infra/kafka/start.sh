#!/usr/bin/env bash
# Starts a single-node Apache Kafka (KRaft, combined broker+controller) as a local process and
# waits until it accepts connections. Usage: start.sh [port] [data-dir]
# Prints the bootstrap address. Stop with infra/kafka/stop.sh [data-dir].
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PORT="${1:-${KAFKA_PORT:-9092}}"
DATA="${2:-$ROOT/.cache/run/kafka-$PORT}"
CONTROLLER_PORT="$((PORT + 1))"
LIBS="$("$ROOT/infra/kafka/install.sh")"
mkdir -p "$DATA"
if [[ -f "$DATA/kafka.pid" ]] && kill -0 "$(cat "$DATA/kafka.pid")" 2>/dev/null; then
  echo "127.0.0.1:$PORT"; exit 0
fi
cat > "$DATA/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$DATA/logs
num.partitions=3
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
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
cat > "$DATA/log4j.properties" <<PROPS
log4j.rootLogger=WARN, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$DATA/server.log
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
PROPS
CP="$LIBS/*"
JAVA_OPTS=(-Xms256m -Xmx${KAFKA_HEAP:-512m} -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto
  -Djava.awt.headless=true -Dlog4j.configuration="file:$DATA/log4j.properties")
# A cluster id as Kafka's `StorageTool random-uuid` makes one (16 random bytes in URL-safe base64, not starting with
# '-'), without starting a JVM for it.
cluster_id() {
  local id
  for (( ; ; )); do
    id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
    [[ "$id" == -* ]] || { echo "$id"; return; }
  done
}
if [[ ! -f "$DATA/logs/meta.properties" ]]; then
  java "${JAVA_OPTS[@]}" -cp "$CP" kafka.tools.StorageTool format -t "$(cluster_id)" \
    -c "$DATA/server.properties" --ignore-formatted >"$DATA/format.log" 2>&1
fi
nohup java "${JAVA_OPTS[@]}" -cp "$CP" kafka.Kafka "$DATA/server.properties" >"$DATA/stdout.log" 2>&1 &
echo $! > "$DATA/kafka.pid"
for _ in $(seq 1 120); do
  if grep -q "Kafka Server started" "$DATA/server.log" 2>/dev/null && (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    echo "127.0.0.1:$PORT"; exit 0
  fi
  kill -0 "$(cat "$DATA/kafka.pid")" 2>/dev/null || { echo "Kafka exited; see $DATA/stdout.log and $DATA/server.log" >&2; tail -20 "$DATA/stdout.log" >&2; exit 1; }
  sleep 0.5
done
echo "Kafka did not start within 60s; see $DATA/server.log" >&2
exit 1
