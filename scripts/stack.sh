#!/usr/bin/env bash
# Starts the whole platform locally: FerretDB, Kafka, topics, every service's migrations (scripts/migrate.sh),
# every service (with OpenTelemetry loaded first), registers a demo client and prints its credentials and a curl line. Ctrl-C stops it.
# External servers: set MONGODB_URI and KAFKA_BROKERS (e.g. from `docker compose up mongo kafka`).
# RUN_DIR (default .cache/run) holds the logs, each instance's pid (pids/<instance>.pid) and the demo
# client as JSON (demo-client.json); "==> stack ready" is printed once everything answers.
# SERVICE_NODE_FLAGS adds node flags to every service, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
# STACK_BUILT=1 runs the services as the images do: built by `npm run build` first, then
# `node --require ./dist/telemetry/register.js dist/<name>/main.js`, with no TypeScript loader.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
source "$ROOT/infra/process.sh"
cd "$ROOT"
bash scripts/bootstrap.sh
RUN="${RUN_DIR:-$ROOT/.cache/run}"
mkdir -p "$RUN/logs" "$RUN/pids"
pids=()
stop_all() {
  trap - INT TERM EXIT
  echo; echo "==> stopping services"
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait "${pids[@]}" 2>/dev/null || true
  rm -f "$RUN"/pids/*.pid
  if [[ "${KEEP_INFRA:-}" != "1" ]]; then bash infra/down.sh; fi
}
# Set before the infra starts, so a stop while it starts still stops it; a signal ends the script
# (rather than resuming the start-up where it was).
trap stop_all EXIT
trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
# Assigned first: a failure inside "$(...)" given straight to eval would not stop the script, and the
# services would start against default addresses with no store or Kafka behind them.
INFRA_ENV="$(bash infra/up.sh)"
eval "$(sed 's/^/export /' <<<"$INFRA_ENV")"

# Every service's instances with their ports and settings, from the platform manifest (packages/platform; EDGE_PORT,
# SHARE_PORT, … move them; SERVICE_REPLICAS=n runs n of each behind the edge): a line each,
# `<instance> <service> <port> NAME=value…`, the edge last.
PLAN="$(node --require tsx/cjs -e 'process.stdout.write(require("./packages/devstack/src/stack-plan.ts").stackPlanLines(process.env))')"
EDGE_PORT="$(awk 'END { print $3 }' <<<"$PLAN")"
if [[ -z "${ADMIN_TOKEN:-}" ]]; then
  [[ -f "$RUN/admin-token" ]] || node -e 'console.log(require("crypto").randomBytes(24).toString("base64url"))' > "$RUN/admin-token"
  ADMIN_TOKEN="$(cat "$RUN/admin-token")"
fi
export ADMIN_TOKEN TOKEN_ISSUER="${TOKEN_ISSUER:-http://localhost:$EDGE_PORT}" NODE_ENV="${NODE_ENV:-development}"

if [[ "${STACK_BUILT:-}" == "1" ]]; then
  npm run --silent build
  RUNTIME=built
  register_client() { node dist/edge/cli/register-client.js "$@"; }
else
  RUNTIME=source
  register_client() { npx tsx services/edge/src/cli/register-client.ts "$@"; }
fi
# node's arguments for a service, from the one place that says them (the tests start services with it too).
service_args() {
  node --require tsx/cjs -e 'const { serviceNodeArguments } = require("./packages/devstack/src/service-command.ts");
process.stdout.write(serviceNodeArguments(process.argv[1], process.argv[2]).join(" "));' "$1" "$RUNTIME"
}

# Every service's migrations, before any service starts (as a deployment's init containers do).
echo "==> migrations (logs: $RUN/logs/migrate.log)"
if ! bash scripts/migrate.sh >>"$RUN/logs/migrate.log" 2>&1; then
  echo "migrations failed; see $RUN/logs/migrate.log" >&2; tail -20 "$RUN/logs/migrate.log" >&2; exit 1
fi

start_service() { # instance name port env...
  local instance=$1 name=$2 port=$3; shift 3
  env OTEL_SERVICE_NAME="$name" OTEL_RESOURCE_ATTRIBUTES="service.instance.id=$instance" SERVICE_NAME="$name" PORT="$port" "$@" \
    node ${SERVICE_NODE_FLAGS:-} $(service_args "$name") \
    >>"$RUN/logs/$instance.log" 2>&1 &
  pids+=($!)
  echo "$!" > "$RUN/pids/$instance.pid"
  # Ready once its consumers have joined their groups: after an unclean stop that waits out the old
  # members' 30 s session, so allow a minute.
  for _ in $(seq 1 200); do
    if curl -fs "http://127.0.0.1:$port/health/ready" >/dev/null; then echo "==> $instance ready on :$port (logs: $RUN/logs/$instance.log)"; return; fi
    pid_alive "${pids[-1]}" || { echo "$instance exited; see $RUN/logs/$instance.log" >&2; tail -20 "$RUN/logs/$instance.log" >&2; exit 1; }
    sleep 0.3
  done
  echo "$instance did not become ready; see $RUN/logs/$instance.log" >&2; exit 1
}

# The XS2A bank simulator (sandbox-xs2a): a bank on its own ports over mutual TLS, its test certificates made at start,
# configured for the consent service as an XS2A provider (XS2A_PROVIDERS_FILE; docs/providers.md). SANDBOX_XS2A=0 leaves it out.
if [[ "${SANDBOX_XS2A:-1}" != "0" ]]; then
  XS2A_DIR="$RUN/sandbox-xs2a"
  rm -rf "$XS2A_DIR" && mkdir -p "$XS2A_DIR"
  env XS2A_SIM_PORT="${SANDBOX_XS2A_PORT:-8443}" XS2A_SIM_SCA_PORT="${SANDBOX_XS2A_SCA_PORT:-8444}" XS2A_SIM_CERT_DIR="$XS2A_DIR" XS2A_SIM_TEST_HOOKS=true \
    node --require tsx/cjs packages/xs2a/src/simulator/main.ts >>"$RUN/logs/sandbox-xs2a.log" 2>&1 &
  pids+=($!)
  echo "$!" > "$RUN/pids/sandbox-xs2a.pid"
  for _ in $(seq 1 100); do
    if [[ -f "$XS2A_DIR/client-key.pem" ]]; then break; fi
    pid_alive "${pids[-1]}" || { echo "sandbox-xs2a exited; see $RUN/logs/sandbox-xs2a.log" >&2; tail -20 "$RUN/logs/sandbox-xs2a.log" >&2; exit 1; }
    sleep 0.2
  done
  [[ -f "$XS2A_DIR/client-key.pem" ]] || { echo "sandbox-xs2a did not start; see $RUN/logs/sandbox-xs2a.log" >&2; exit 1; }
  cat > "$XS2A_DIR/providers.json" <<JSON
{ "providers": [ {
  "kind": "xs2a", "providerKey": "sandbox-xs2a", "name": "Sandbox XS2A bank", "country": "NL",
  "description": "The sandbox bank's households behind a Berlin Group NextGenPSD2 (XS2A) interface, over mutual TLS.",
  "baseUrl": "https://127.0.0.1:${SANDBOX_XS2A_PORT:-8443}", "scaApproaches": ["redirect", "decoupled"],
  "tls": { "clientCertificate": "$XS2A_DIR/client-cert.pem", "clientKey": "$XS2A_DIR/client-key.pem", "caBundle": "$XS2A_DIR/ca.pem" },
  "frequencyPerDay": 4, "consentValidityDays": 180, "historyDays": 400
} ] }
JSON
  export XS2A_PROVIDERS_FILE="$XS2A_DIR/providers.json"
  echo "==> sandbox-xs2a ready on :${SANDBOX_XS2A_PORT:-8443} (SCA pages :${SANDBOX_XS2A_SCA_PORT:-8444}; logs: $RUN/logs/sandbox-xs2a.log)"
fi

mapfile -t PLANNED <<<"$PLAN"
for line in "${PLANNED[@]}"; do
  read -r instance name port settings <<<"$line"
  # shellcheck disable=SC2086 # the settings are NAME=value words without spaces
  start_service "$instance" "$name" "$port" $settings
done

DEMO="$(register_client --client-id demo-app --name "Demo app" --scopes customer-api \
  --redirect-urls https://example.com,http://localhost,http://127.0.0.1 --reset-secret)"
DEMO_ID="$(node -pe 'JSON.parse(process.argv[1]).clientId' "$DEMO")"
DEMO_SECRET="$(node -pe 'JSON.parse(process.argv[1]).clientSecret' "$DEMO")"
(umask 077 && printf '%s\n' "$DEMO" > "$RUN/demo-client.json")
REVIEWER="$(register_client --client-id demo-reviewer --name "Demo reviewer" --scopes feedback-review --reset-secret)"
REVIEWER_SECRET="$(node -pe 'JSON.parse(process.argv[1]).clientSecret' "$REVIEWER")"
(umask 077 && printf '%s\n' "$REVIEWER" > "$RUN/demo-reviewer.json")
BASE="http://localhost:$EDGE_PORT"
cat <<INFO

The platform is running at $BASE  (API reference: $BASE/docs, OpenAPI: $BASE/openapi.json)
The app dashboard is at $BASE/dashboard: sign in with the demo client id and secret below.

  demo client id:     $DEMO_ID
  demo client secret: $DEMO_SECRET
  admin token:        $ADMIN_TOKEN

Try it:
  TOKEN=\$(curl -s -u '$DEMO_ID:$DEMO_SECRET' -d grant_type=client_credentials -d scope=customer-api $BASE/connect/token | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
  curl -s -H "Authorization: Bearer \$TOKEN" -H 'Content-Type: application/json' -d '{"clientId":"partner-app"}' $BASE/shares
  curl -s -H "Authorization: Bearer \$TOKEN" $BASE/shares

Connect the XS2A sandbox bank (its SCA page is at https://localhost:${SANDBOX_XS2A_SCA_PORT:-8444}, certificate from a test CA):
  curl -s -H "Authorization: Bearer \$TOKEN" -H 'Content-Type: application/json' -d '{"providerKey":"sandbox-xs2a","redirectUrl":"https://example.com/done","psuIpAddress":"203.0.113.7"}' $BASE/consents

Connect a sandbox bank account: create a consent, open its consentUrl in a browser and approve,
then read the accounts and transactions once the status is Updated:
  curl -s -H "Authorization: Bearer \$TOKEN" -H 'Content-Type: application/json' -d '{"providerKey":"sandbox-retail","redirectUrl":"https://example.com/done","externalUserId":"demo-user"}' $BASE/consents
  curl -s -H "Authorization: Bearer \$TOKEN" $BASE/consents
  curl -s -H "Authorization: Bearer \$TOKEN" $BASE/consents/<consentId>/accounts
  curl -s -H "Authorization: Bearer \$TOKEN" "$BASE/accounts/<accountId>/transactions?pageSize=20"
  curl -s -H "Authorization: Bearer \$TOKEN" $BASE/consents/<consentId>/sequencing

Analyse it in the background (then GET /analysis-jobs/<id> and /analysis-jobs/<id>/result):
  curl -s -H "Authorization: Bearer \$TOKEN" -H 'Content-Type: application/json' -d '{"Reference":"first","Engine":"e1","Profile":"retail","CountryCode":"nl","Input":{"consentIds":["<consentId>"]}}' $BASE/analysis-jobs

Correct a category (queued for review; accepted corrections shape the app's later e1 jobs):
  curl -s -H "Authorization: Bearer \$TOKEN" -H 'Content-Type: application/json' -d '{"engine":"e1","countryCode":"nl","profile":"retail","transactionId":"<transactionId>","accountId":"<accountId>","amount":-23.4,"currency":"EUR","description":"Betaalpas","counterpartDescription":"Ekoplaza","counterpartAccountNumber":null,"providerKey":"sandbox-retail","transactionType":null,"transactionTypeName":null,"reasonCode":null,"purposeCode":null,"originalCategory":"expenses.shopping","originalFlags":[],"targetCategory":"expenses.groceries","targetFlags":[],"remark":"organic supermarket"}' $BASE/v2/categorization-feedback
Review it in the console at $BASE/console, signed in as the demo reviewer:
  reviewer client id: demo-reviewer
  reviewer secret:    $REVIEWER_SECRET

Receive webhooks (signed per Standard Webhooks; the secret is shown once):
  curl -s -H "Authorization: Bearer \$TOKEN" -H 'Content-Type: application/json' -d '{"url":"http://localhost:9000/hooks","events":["share.created","consent.status.updated","transactions.fetched"]}' $BASE/webhooks
  curl -s -X POST -H "Authorization: Bearer \$TOKEN" $BASE/webhooks/<webhookId>/ping
  curl -s -H "Authorization: Bearer \$TOKEN" $BASE/webhooks/<webhookId>/deliveries

Press Ctrl-C to stop.
INFO
echo "==> stack ready"
wait "${pids[@]}"
