/**
 * Writes the platform's Kubernetes manifests to infra/k8s/manifests/ from the platform manifest
 * (@obp/platform: every service's port, database, resources and replicas), so the shape every service
 * shares is declared once. Run `npx tsx infra/k8s/render.ts` after changing this
 * file (e2e/src/k8s-manifests.test.ts fails while the committed manifests differ from the render, which
 * it makes with `npx tsx infra/k8s/render.ts <folder>`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { apiRoutes, healthRoutes, metricsRoutes } from '@obp/contracts';
import { gateway, platformServices, upstreamServices, type PlatformService } from '@obp/platform';

const MANIFESTS_DIR = join(__dirname, 'manifests');
const NAMESPACE = 'obp';
/** Every image is built from the repository's Dockerfile: `docker build --build-arg SERVICE=<service> -t obp/<service>:<tag> .` */
const IMAGE_TAG = '0.1.0';
const CONFIG_MAP = 'obp-config';
/** Made by the operator (see secret.example.yaml), never by these manifests. */
const SECRET = 'obp-secrets';
/** The image's non-root user (the Node image's `node`): numeric, so `runAsNonRoot` can be checked. */
const RUN_AS_USER = 1000;
const PUBLIC_HOST = 'api.example.com';

/** A service as its Kubernetes objects see it: from its entry in the platform manifest. */
interface ServiceSpec {
  name: string;
  port: number;
  component: PlatformService['component'];
  cpu: { request: string; limit: string };
  memoryMi: { request: number; limit: number };
  replicas: { min: number; max: number };
  secrets?: readonly string[];
}

const services: ServiceSpec[] = platformServices.map((s: PlatformService) => ({ name: s.name, port: s.port, component: s.component, ...s.resources }));

const serviceUrl = (name: string) => `http://${name}.${NAMESPACE}.svc.cluster.local:${services.find((s) => s.name === name)!.port}`;

/**
 * The settings every service reads (README, Configuration), one ConfigMap for all: a service ignores
 * the ones it does not know. The external Kafka cluster and the OpenTelemetry collector are named
 * here; the MongoDB replica set's URI (it holds credentials) and the admin token are in the Secret.
 */
const config: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  KAFKA_BROKERS: 'kafka-0.kafka.kafka.svc.cluster.local:9092,kafka-1.kafka.kafka.svc.cluster.local:9092,kafka-2.kafka.kafka.svc.cluster.local:9092',
  NAMESPACE: '',
  EVENT_LOG_ROLL_MS: '600000',
  EVENT_LOG_LAG_BOUND_MS: '86400000',
  KAFKA_FETCH_MAX_WAIT_MS: '10000',
  KAFKA_SESSION_TIMEOUT_MS: '30000',
  // Three brokers above: every partition on all three (with the cluster's min.insync.replicas=2, acks=all survives one down).
  KAFKA_REPLICATION_FACTOR: '3',
  OUTBOX_POLL_MS: '30000',
  OUTBOX_BACKLOG_LIMIT: '10000',
  TOKEN_ISSUER: `https://${PUBLIC_HOST}`,
  JWKS_URL: `${serviceUrl(gateway.name)}/.well-known/jwks.json`,
  PUBLIC_BASE_URL: `https://${PUBLIC_HOST}`,
  ...Object.fromEntries(platformServices.map((s) => [s.database.env, s.database.name])),
  ...Object.fromEntries(upstreamServices.map((s) => [s.edgeUrlEnv, serviceUrl(s.name)])),
  UPSTREAM_TIMEOUT_MS: '30000',
  UPSTREAM_CONNECT_TIMEOUT_MS: '2000',
  TOKEN_LIFETIME_SECONDS: '3600',
  SIGNING_KEY_RELOAD_MS: '30000',
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_BURST: '200',
  RATE_LIMIT_PER_SECOND: '100',
  RATE_LIMIT_CLAIM_TIMEOUT_MS: '250',
  TOKEN_RATE_LIMIT_BURST: '20',
  TOKEN_RATE_LIMIT_PER_SECOND: '1',
  TOKEN_ADDRESS_RATE_LIMIT_BURST: '100',
  TOKEN_ADDRESS_RATE_LIMIT_PER_SECOND: '10',
  SHARE_CACHE_ENTRIES: '20000',
  SHARE_CACHE_TTL_MS: '60000',
  SHARE_LIST_MAINTENANCE_INTERVAL_MS: '60000',
  FETCH_POLL_MS: '30000',
  FETCH_LEASE_MS: '30000',
  FETCH_TIMEOUT_MS: '60000',
  FETCH_CONCURRENCY: '4',
  FETCH_RETRY_BASE_MS: '30000',
  FETCH_RETRY_MAX_MS: '3600000',
  MAINTENANCE_INTERVAL_MS: '60000',
  AUTHORIZATION_TIMEOUT_MS: '14400000',
  CONSENT_VALIDITY_DAYS: '180',
  REFRESH_LIMIT_PER_DAY: '6',
  SANDBOX_SLOW_CALL_MS: '3000',
  XS2A_PROVIDERS_RELOAD_MS: '30000',
  CONSENT_EXPIRING_NOTICE_DAYS: '7',
  XS2A_AUTHORIZATION_POLL_MS: '2000',
  PRUNE_INTERVAL_MS: '3600000',
  WEBHOOK_RETRY_SCHEDULE: '5s,5m,30m,2h,5h,10h,14h,20h,24h',
  WEBHOOK_TIMEOUT_MS: '15000',
  WEBHOOK_DISABLE_AFTER_MS: '432000000',
  WEBHOOK_SECRET_GRACE_MS: '86400000',
  WEBHOOK_RETENTION_DAYS: '30',
  WEBHOOK_CONCURRENCY: '256',
  WEBHOOK_ENDPOINT_CONCURRENCY: '32',
  WEBHOOK_QUEUE_REFRESH_MS: '5000',
  WEBHOOK_FIRST_ATTEMPT_WAIT_MS: '1000',
  WEBHOOK_LEASE_MS: '45000',
  WEBHOOK_POLL_MS: '30000',
  WEBHOOK_LOOPBACK_ONLY: 'false',
  PURGE_INTERVAL_MS: '3600000',
  ANALYSIS_CONCURRENCY: '2',
  ANALYSIS_LEASE_MS: '60000',
  ANALYSIS_POLL_MS: '30000',
  ANALYSIS_RETRY_BASE_MS: '5000',
  ANALYSIS_RETRY_MAX_MS: '300000',
  ANALYSIS_DATA_WAIT_MS: '600000',
  ANALYSIS_VISIBILITY_WAIT_MS: '120000',
  ANALYSIS_GRANT_WAIT_MS: '3000',
  FEEDBACK_GRANT_WAIT_MS: '3000',
  ANALYSIS_WAIT_RECHECK_MS: '30000',
  OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.observability.svc.cluster.local:4318',
  OTEL_METRIC_EXPORT_INTERVAL: '60000',
};

/** The Secret's keys, each with what it holds (secret.example.yaml shows them with placeholders). */
const secretKeys: Record<string, string> = {
  MONGODB_URI: 'mongodb://USER:PASSWORD@mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/?replicaSet=rs0&authSource=admin',
  ADMIN_TOKEN: 'REPLACE-with-at-least-16-random-characters',
};

const labels = (name: string, component: string) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'obp', 'app.kubernetes.io/component': component });
const meta = (name: string, component: string, extra: Record<string, unknown> = {}) => ({ name, namespace: NAMESPACE, labels: labels(name, component), ...extra });
const image = (service: string) => `obp/${service}:${IMAGE_TAG}`;
const fromSecret = (key: string) => ({ name: key, valueFrom: { secretKeyRef: { name: SECRET, key } } });

const containerSecurity = {
  runAsNonRoot: true,
  runAsUser: RUN_AS_USER,
  runAsGroup: RUN_AS_USER,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
  seccompProfile: { type: 'RuntimeDefault' },
};

/** What every pod of the platform shares: no API token, non-root, a writable /tmp only. */
const podBase = {
  automountServiceAccountToken: false,
  securityContext: { runAsNonRoot: true, runAsUser: RUN_AS_USER, runAsGroup: RUN_AS_USER, fsGroup: RUN_AS_USER, seccompProfile: { type: 'RuntimeDefault' } },
  volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }],
};
const tmpMount = { name: 'tmp', mountPath: '/tmp' };

/** How a built service starts (the contract of the Dockerfile): telemetry preloaded, no TypeScript loader. */
const nodeCommand = (script: string) => ['node', '--enable-source-maps', '--require', './dist/telemetry/register.js', script];

function deployment(s: ServiceSpec) {
  const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({ httpGet: { path, port: 'http' }, periodSeconds, timeoutSeconds: 3, failureThreshold });
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(s.name, s.component),
    spec: {
      replicas: s.replicas.min,
      revisionHistoryLimit: 5,
      selector: { matchLabels: { 'app.kubernetes.io/name': s.name } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: {
          labels: labels(s.name, s.component),
          annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(s.port), 'prometheus.io/path': '/metrics' },
        },
        spec: {
          ...podBase,
          // A stop drains: readiness answers 503, consumers leave their groups (a fetch waits up to KAFKA_FETCH_MAX_WAIT_MS), workers finish.
          terminationGracePeriodSeconds: 45,
          topologySpreadConstraints: [
            { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { 'app.kubernetes.io/name': s.name } } },
          ],
          // The service's migrations (`npm run migrate`) before its process starts: the first pod of a rollout applies
          // them, the others wait for its lock or find them recorded (docs/runbook.md, "Migrations").
          initContainers: [
            {
              name: 'migrate',
              image: image(s.name),
              imagePullPolicy: 'IfNotPresent',
              command: nodeCommand(`dist/${s.name}/cli/migrate.js`),
              envFrom: [{ configMapRef: { name: CONFIG_MAP } }],
              env: [
                { name: 'SERVICE_NAME', value: s.name },
                { name: 'OTEL_SERVICE_NAME', value: `${s.name}-migrate` },
                { name: 'NODE_OPTIONS', value: `--max-old-space-size=${Math.floor(s.memoryMi.limit * 0.6)}` },
                ...['MONGODB_URI', ...(s.secrets ?? [])].map(fromSecret),
              ],
              resources: {
                requests: { cpu: '50m', memory: '128Mi' },
                limits: { cpu: s.cpu.limit, memory: `${s.memoryMi.limit}Mi` },
              },
              // Copies: one object twice in the document would be written as a YAML anchor and alias.
              securityContext: structuredClone(containerSecurity),
              volumeMounts: [{ ...tmpMount }],
            },
          ],
          containers: [
            {
              name: s.name,
              image: image(s.name),
              imagePullPolicy: 'IfNotPresent',
              command: nodeCommand(`dist/${s.name}/main.js`),
              ports: [{ name: 'http', containerPort: s.port, protocol: 'TCP' }],
              envFrom: [{ configMapRef: { name: CONFIG_MAP } }],
              env: [
                { name: 'PORT', value: String(s.port) },
                { name: 'SERVICE_NAME', value: s.name },
                { name: 'OTEL_SERVICE_NAME', value: s.name },
                // V8's heap within the container's memory, leaving room for buffers and code.
                { name: 'NODE_OPTIONS', value: `--max-old-space-size=${Math.floor(s.memoryMi.limit * 0.6)}` },
                ...['MONGODB_URI', ...(s.secrets ?? [])].map(fromSecret),
              ],
              resources: {
                requests: { cpu: s.cpu.request, memory: `${s.memoryMi.request}Mi` },
                limits: { cpu: s.cpu.limit, memory: `${s.memoryMi.limit}Mi` },
              },
              // Up to two minutes to connect the store, create indexes and topics, and listen (the HTTP server starts after them).
              startupProbe: probe('/health/live', 5, 24),
              livenessProbe: probe('/health/live', 10, 3),
              readinessProbe: probe('/health/ready', 5, 2),
              // Endpoints drop the pod before it is told to stop, so no request reaches a closed server.
              lifecycle: { preStop: { sleep: { seconds: 5 } } },
              securityContext: containerSecurity,
              volumeMounts: [tmpMount],
            },
          ],
        },
      },
    },
  };
}

function service(s: ServiceSpec) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(s.name, s.component),
    spec: { type: 'ClusterIP', selector: { 'app.kubernetes.io/name': s.name }, ports: [{ name: 'http', port: s.port, targetPort: 'http', protocol: 'TCP' }] },
  };
}

function disruptionBudget(s: ServiceSpec) {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: meta(s.name, s.component),
    spec: { minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': s.name } } },
  };
}

function autoscaler(s: ServiceSpec) {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: meta(s.name, s.component),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: s.name },
      minReplicas: s.replicas.min,
      maxReplicas: s.replicas.max,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
      // Scale-down waits out a load's lulls: a new replica's consumers rebalance their groups, which pauses consumption.
      behavior: { scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } },
    },
  };
}

/** Creates every topic with its partitions and compaction settings; the services also create what they use, so this may run before, beside or after them. */
function createTopicsJob() {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: meta('create-topics', 'setup'),
    spec: {
      backoffLimit: 10,
      // Gone ten minutes after it finished, so the next `kubectl apply` runs it again (an existing topic takes on changed settings).
      ttlSecondsAfterFinished: 600,
      template: {
        metadata: { labels: labels('create-topics', 'setup') },
        spec: {
          ...podBase,
          restartPolicy: 'OnFailure',
          containers: [
            {
              name: 'create-topics',
              image: image(gateway.name),
              imagePullPolicy: 'IfNotPresent',
              command: nodeCommand('dist/tools/create-topics.js'),
              envFrom: [{ configMapRef: { name: CONFIG_MAP } }],
              env: [{ name: 'OTEL_SERVICE_NAME', value: 'create-topics' }],
              resources: { requests: { cpu: '50m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
              securityContext: containerSecurity,
              volumeMounts: [tmpMount],
            },
          ],
        },
      },
    },
  };
}

/**
 * What the Ingress routes to the edge: the first segment of every public route's path, from the route
 * contracts. `/health/*` and `/metrics` are for the cluster (probes, Prometheus scraping each pod), not
 * the internet, so they are left out rather than routed by a catch-all `/`.
 */
function publicPaths(): Array<{ path: string; pathType: 'Prefix' | 'Exact' }> {
  const internal = new Set<unknown>([...Object.values(healthRoutes), ...Object.values(metricsRoutes)]);
  const firstSegments = new Set(apiRoutes.filter((route) => !internal.has(route)).map((route) => `/${route.path.split('/')[1]}`));
  return [...firstSegments].sort().map((path) => ({ path, pathType: path.includes('.json') ? 'Exact' : 'Prefix' }));
}

function ingress() {
  const edge = services.find((s) => s.name === gateway.name)!;
  const backend = () => ({ service: { name: edge.name, port: { name: 'http' } } });
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: meta(edge.name, edge.component, { annotations: { 'nginx.ingress.kubernetes.io/proxy-body-size': '2m', 'nginx.ingress.kubernetes.io/proxy-read-timeout': '60' } }),
    spec: {
      ingressClassName: 'nginx',
      tls: [{ hosts: [PUBLIC_HOST], secretName: 'obp-tls' }],
      rules: [{ host: PUBLIC_HOST, http: { paths: publicPaths().map((path) => ({ ...path, backend: backend() })) } }],
    },
  };
}

const HEADER = '# Rendered by infra/k8s/render.ts: change that file and run `npx tsx infra/k8s/render.ts`, not this one.\n';

/** File name -> content of every manifest. */
function render(): Map<string, string> {
  const files = new Map<string, string>();
  const write = (file: string, ...documents: unknown[]) => files.set(file, HEADER + documents.map((d) => stringify(d, { lineWidth: 0 })).join('---\n'));
  write('namespace.yaml', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE, labels: { 'app.kubernetes.io/part-of': 'obp' } } });
  write('config.yaml', { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(CONFIG_MAP, 'config'), data: config });
  write(
    'secret.example.yaml',
    { apiVersion: 'v1', kind: 'Secret', metadata: meta(SECRET, 'config'), type: 'Opaque', stringData: secretKeys },
  );
  for (const s of services) write(`${s.name}.yaml`, deployment(s), service(s), disruptionBudget(s), autoscaler(s));
  write('create-topics.yaml', createTopicsJob());
  write('ingress.yaml', ingress());
  const resources = [...files.keys()].filter((f) => f !== 'secret.example.yaml');
  write('kustomization.yaml', {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    // The Secret is the operator's (secret.example.yaml shows its keys); set image tags with `kustomize edit set image`.
    resources,
    images: services.map((s) => ({ name: `obp/${s.name}`, newTag: IMAGE_TAG })),
  });
  return files;
}

const folder = process.argv[2] ?? MANIFESTS_DIR;
const files = render();
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
for (const [file, content] of files) writeFileSync(join(folder, file), content);
process.stdout.write(`${files.size} manifests written to ${folder}\n`);
