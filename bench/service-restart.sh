#!/usr/bin/env bash
# Run with the stack up (npm start, which writes .cache/run/logs and the demo client to its output in /tmp/start.log here):
#   npm start > /tmp/start.log &  then  bash bench/service-restart.sh KILL  (or TERM)
# The share service's environment is read from the running process.
# Kills the share service hard (as a crash would: no clean group leave), starts it again, and counts
# the edge's answers to GET /shares until the service answers and until it is ready.
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
B=http://localhost:8080
SECRET=$(grep "demo client secret" /tmp/start.log | awk '{print $4}')
TOKEN=$(curl -s -u "demo-app:$SECRET" -d grant_type=client_credentials -d scope=customer-api $B/connect/token | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
PID=$(pgrep -f "services/share/src/main.ts" | head -1)
cat /proc/$PID/environ | tr "\0" "\n" | grep -E "^(PORT|SERVICE_NAME|OTEL_SERVICE_NAME|JWKS_URL|TOKEN_ISSUER|NODE_ENV|MONGODB_URI|KAFKA_BROKERS)=" > /tmp/share.env
PORT=$(sed -n 's/^PORT=//p' /tmp/share.env)
kill -${1:-KILL} $PID; while kill -0 $PID 2>/dev/null; do sleep 0.05; done
t0=$(date +%s.%N)
(cd "$ROOT" && env $(cat /tmp/share.env | xargs) node --require tsx/cjs --require ./packages/telemetry/src/register.ts services/share/src/main.ts >> .cache/run/logs/share.log 2>&1 &)
first200=""; ready=""
for i in $(seq 1 1200); do
  code=$(curl -s -o /dev/null -w "%{http_code}" -H "Authorization: Bearer $TOKEN" $B/shares)
  now=$(date +%s.%N)
  [[ -z "$first200" && "$code" == 200 ]] && first200=$(echo "$now - $t0" | bc)
  if [[ -z "$ready" ]] && curl -sf "localhost:$PORT/health/ready" >/dev/null; then ready=$(echo "$now - $t0" | bc); fi
  [[ -n "$first200" && -n "$ready" ]] && break
  sleep 0.1
done
echo "restart after kill -${1:-KILL}: first 200 through the edge after ${first200}s; ready after ${ready}s"
