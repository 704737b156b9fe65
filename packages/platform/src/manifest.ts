import { Topics, type TopicName } from '@obp/contracts';

/** What the pods of a service do, for Kubernetes' `app.kubernetes.io/component` label. */
export type ServiceComponent = 'gateway' | 'api' | 'worker';

/** Requests and limits of one service's containers (sized from the services at rest, about 100-150 MiB of RSS and under 1% of a core, and under load), and its autoscaler's bounds. */
export interface ServiceResources {
  cpu: { request: string; limit: string };
  memoryMi: { request: number; limit: number };
  /** HorizontalPodAutoscaler bounds; at least 2 (the PodDisruptionBudget keeps one). */
  replicas: { min: number; max: number };
  /** Keys of the Secret the service reads besides MONGODB_URI. */
  secrets?: readonly string[];
}

/** One service of the platform, as everything that runs, routes to or watches it sees it. */
export interface PlatformService {
  /**
   * Its folder under `services/`, its `SERVICE_NAME`, the `service` its route contracts name, its image
   * (`obp/<name>`), its Kubernetes objects, its compose service and its Prometheus job.
   */
  name: string;
  component: ServiceComponent;
  /** Its default `PORT`: the port `npm start` gives it and its pods listen on. */
  port: number;
  /** The variable that moves it to another port under `npm start` (the benchmarks set them). */
  portEnv: string;
  /** Its own database: the setting that names it and the name it has unless told otherwise. */
  database: { env: string; name: string };
  /** The topics it publishes through its outbox (the topic map's publishers; no other service publishes them). */
  topics: readonly TopicName[];
  /** The edge's setting with this service's URL; set for every service whose routes the edge forwards. */
  edgeUrlEnv?: string;
  resources: ServiceResources;
}

/** A service the edge forwards to. */
export type UpstreamService = PlatformService & { edgeUrlEnv: EdgeUrlEnv };

const small = { cpu: { request: '100m', limit: '1' }, memoryMi: { request: 192, limit: 512 } };

/**
 * Every service of the platform, once: adding a service is its folder under `services/` and its entry here.
 * The gateway first; `npm start` starts it last, once the services it forwards to answer.
 */
export const platformServices = [
  {
    name: 'edge',
    component: 'gateway',
    port: 8080,
    portEnv: 'EDGE_PORT',
    database: { env: 'EDGE_DB_NAME', name: 'edge' },
    topics: [],
    resources: { cpu: { request: '250m', limit: '2' }, memoryMi: { request: 192, limit: 512 }, replicas: { min: 2, max: 10 }, secrets: ['ADMIN_TOKEN'] },
  },
  {
    name: 'share',
    component: 'api',
    port: 8081,
    portEnv: 'SHARE_PORT',
    database: { env: 'SHARE_DB_NAME', name: 'share' },
    topics: [Topics.shareEvents],
    edgeUrlEnv: 'SHARE_SERVICE_URL',
    resources: { cpu: { request: '200m', limit: '2' }, memoryMi: { request: 192, limit: 512 }, replicas: { min: 2, max: 6 } },
  },
  {
    name: 'consent',
    component: 'api',
    port: 8082,
    portEnv: 'CONSENT_PORT',
    database: { env: 'CONSENT_DB_NAME', name: 'consent' },
    topics: [Topics.consentEvents],
    edgeUrlEnv: 'CONSENT_SERVICE_URL',
    // ADMIN_TOKEN: POST /admin/providers (XS2A banks) is checked here as well as at the edge.
    resources: { cpu: { request: '200m', limit: '2' }, memoryMi: { request: 256, limit: 768 }, replicas: { min: 2, max: 6 }, secrets: ['ADMIN_TOKEN'] },
  },
  {
    name: 'sequencing-engine',
    component: 'api',
    port: 8083,
    portEnv: 'SEQUENCING_PORT',
    database: { env: 'SEQUENCING_DB_NAME', name: 'sequencing' },
    topics: [],
    edgeUrlEnv: 'SEQUENCING_SERVICE_URL',
    resources: { ...small, replicas: { min: 2, max: 4 } },
  },
  {
    name: 'webhooks',
    component: 'worker',
    port: 8084,
    portEnv: 'WEBHOOKS_PORT',
    database: { env: 'WEBHOOKS_DB_NAME', name: 'webhooks' },
    topics: [],
    edgeUrlEnv: 'WEBHOOKS_SERVICE_URL',
    resources: { ...small, replicas: { min: 2, max: 6 } },
  },
  {
    name: 'analysis',
    component: 'worker',
    port: 8085,
    portEnv: 'ANALYSIS_PORT',
    database: { env: 'ANALYSIS_DB_NAME', name: 'analysis' },
    topics: [Topics.analysisEvents],
    edgeUrlEnv: 'ANALYSIS_SERVICE_URL',
    resources: { cpu: { request: '250m', limit: '2' }, memoryMi: { request: 256, limit: 768 }, replicas: { min: 2, max: 8 } },
  },
  {
    name: 'feedback',
    component: 'api',
    port: 8086,
    portEnv: 'FEEDBACK_PORT',
    database: { env: 'FEEDBACK_DB_NAME', name: 'feedback' },
    topics: [Topics.feedbackEvents],
    edgeUrlEnv: 'FEEDBACK_SERVICE_URL',
    resources: { ...small, replicas: { min: 2, max: 4 } },
  },
] as const satisfies readonly PlatformService[];

export type ServiceName = (typeof platformServices)[number]['name'];
type Entry = (typeof platformServices)[number];
/** The edge's settings with the URLs of the services it forwards to (`SHARE_SERVICE_URL`, …). */
export type EdgeUrlEnv = Extract<Entry, { edgeUrlEnv: string }>['edgeUrlEnv'];
/** The settings that name the services' databases (`SHARE_DB_NAME`, …). */
export type DatabaseEnv = Entry['database']['env'];

export const serviceNames: readonly ServiceName[] = platformServices.map((s) => s.name);

/** The gateway: the one service apps talk to. */
export const gateway: PlatformService = platformServices.find((s) => s.component === 'gateway')!;

/** The services whose routes the edge forwards, in the manifest's order. */
export const upstreamServices: readonly UpstreamService[] = platformServices.filter((s): s is Extract<Entry, { edgeUrlEnv: string }> => 'edgeUrlEnv' in s);

/** The service named `name`; throws naming it when the manifest has no such service. */
export function platformService(name: string): PlatformService {
  const found = (platformServices as readonly PlatformService[]).find((s) => s.name === name);
  if (!found) throw new Error(`the platform manifest (@obp/platform) has no service '${name}'; it has ${serviceNames.join(', ')}`);
  return found;
}
