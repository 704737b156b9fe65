import type { Express } from 'express';
import { analysisService, loadAnalysisConfig, startAnalysisService, type AnalysisServiceHandle } from '@obp/analysis';
import { consentService, loadConsentConfig, startConsentService, type ConsentServiceHandle } from '@obp/consent';
import { edgeService, loadEdgeConfig, startEdgeService, type EdgeServiceHandle } from '@obp/edge';
import { feedbackService, loadFeedbackConfig, startFeedbackService, type FeedbackServiceHandle } from '@obp/feedback';
import { loadSequencingEngineConfig, sequencingEngine, startSequencingEngine, type SequencingEngineHandle } from '@obp/sequencing-engine';
import { loadShareConfig, shareService, startShareService, type ShareServiceHandle } from '@obp/share';
import { loadWebhooksConfig, startWebhooksService, webhooksService, type WebhooksServiceHandle } from '@obp/webhooks';
import { createPlatformClient, type PlatformClient } from '@obp/client';
import { isScope, Topics, type EventLogTiming, type RegisterClientBody } from '@obp/contracts';
import { serviceNames, upstreamServices } from '@obp/platform';
import { freePort, testEnv, uniqueDbName, uniqueName } from '@obp/testkit';
import { ApiDocumentChecker } from './api-document';
import { migrateService, type ServiceConfig, type ServiceDefinition, type ServiceOverrides } from '@obp/service-kit';

export interface TestClient {
  clientId: string;
  clientSecret: string;
}

/** What every running service offers, whatever its kind. */
export interface RunningServiceHandle {
  app: Express;
  port(): number;
  ready(timeoutMs?: number): Promise<void>;
}

/** The edge's settings with the URL of each service it forwards to that `ports` names (the manifest's `edgeUrlEnv`). */
const upstreamUrls = (ports: Record<string, number>) =>
  Object.fromEntries(upstreamServices.filter((s) => ports[s.name] !== undefined).map((s) => [s.edgeUrlEnv, `http://127.0.0.1:${ports[s.name]}`]));

export interface Stack {
  baseUrl: string;
  edge: EdgeServiceHandle;
  share: ShareServiceHandle;
  consent: ConsentServiceHandle;
  sequencing: SequencingEngineHandle;
  webhooks: WebhooksServiceHandle;
  analysis: AnalysisServiceHandle;
  feedback: FeedbackServiceHandle;
  /** Prefix of every topic and consumer group of the stack. */
  namespace: string;
  shareEventsTopic: string;
  consentEventsTopic: string;
  analysisEventsTopic: string;
  feedbackEventsTopic: string;
  /** A running service by its name in the platform manifest (@obp/platform); throws for one the stack does not run. */
  service(name: string): RunningServiceHandle;
  /** Starts the consent service again (after `consent.stop()`), on its port and database. */
  restartConsent(): Promise<ConsentServiceHandle>;
  /** Starts the webhooks service again (after `webhooks.stop()`), on its port and database. */
  restartWebhooks(): Promise<WebhooksServiceHandle>;
  /** Starts the analysis service again (after `analysis.stop()`), on its port and database. */
  restartAnalysis(): Promise<AnalysisServiceHandle>;
  /** Another replica of the share service (its own port, the same database and topics); stopped with the stack. */
  startShareReplica(): Promise<ShareServiceHandle>;
  /**
   * A second instance of every service (own ports; the same databases, topics and consumer groups) behind
   * a second edge that routes to them; that edge's base URL. Stopped with the stack.
   */
  startSecondInstances(): Promise<string>;
  /** Another edge instance (its own port, the same database and services); its base URL. Stopped with the stack. */
  startEdgeReplica(): Promise<string>;
  kafkaBrokers: string[];
  mongoUri: string;
  adminToken: string;
  /** Registers an app; its redirect URLs default to `https://example.com`, `https://app.example.test` and `http://127.0.0.1` (any port). */
  registerClient(scopes?: string[], options?: Pick<RegisterClientBody, 'directProviderFlow' | 'rateLimit' | 'redirectUrls'>): Promise<TestClient>;
  /** The API document the edge serves; while the stack runs, every answer of the edge or a service is checked against it. */
  document: ApiDocumentChecker;
  token(client: TestClient, scope?: string): Promise<string>;
  /** The generated API client (`@obp/client`) of an app: it gets and renews its own tokens. */
  client(app: TestClient, scope?: string): PlatformClient;
  /** The generated API client sending a token the test already has. */
  clientWithToken(token: string): PlatformClient;
  /** fetch against the edge with a bearer token. */
  api(token: string, path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * Edge and share service in this process, on free ports, each with its own fresh database and
 * its own share topic, against the suite's real Kafka and FerretDB.
 */
export interface StackOptions {
  kafkaBrokers?: string[];
  mongoUri?: string;
  /** The outbox relays' fallback poll (OUTBOX_POLL_MS); a write with events wakes its relay at once. */
  outboxPollMs?: number;
  /** Extra consent service settings (environment variable names), e.g. fast fetch retries. */
  consentEnv?: Record<string, string>;
  /** Extra webhooks service settings, e.g. a retry schedule in seconds. */
  webhooksEnv?: Record<string, string>;
  /** Extra analysis service settings, e.g. a slow run for a crash test. */
  analysisEnv?: Record<string, string>;
  /** Extra edge settings, e.g. small rate limits. */
  edgeEnv?: Record<string, string>;
  /** Sees every command any service sends to its database. */
  onDatabaseCommand?: ServiceOverrides['onDatabaseCommand'];
  /** `EVENT_LOG_ROLL_MS` and `EVENT_LOG_LAG_BOUND_MS` of every service: how soon compaction reaches erased data (seconds in a test, not the defaults). */
  eventLog?: EventLogTiming;
}

/**
 * A relay is woken by every write of its store that carries events, so its poll only picks up what another process
 * left: a second instance's writes are published by that instance's own relay. A short poll cost every idle test stack
 * a few store commands a second for nothing.
 */
const OUTBOX_POLL_MS = 1000;

/** A service's database migrated as a deployment does it before the service starts (npm run migrate); its configuration passed on. */
async function migrated<C extends ServiceConfig>(definition: ServiceDefinition<C, unknown>, config: C): Promise<C> {
  await migrateService(definition, config);
  return config;
}

function startedValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const env = options.mongoUri && options.kafkaBrokers ? { mongoUri: options.mongoUri, kafkaBrokers: options.kafkaBrokers } : testEnv();
  const kafkaBrokers = options.kafkaBrokers ?? env.kafkaBrokers;
  // A free port for every service of the platform manifest.
  const ports: Record<string, number> = {};
  for (const name of serviceNames) ports[name] = await freePort();
  const { edge: edgePort, share: sharePort, consent: consentPort, 'sequencing-engine': sequencingPort, webhooks: webhooksPort, analysis: analysisPort, feedback: feedbackPort } = ports;
  const issuer = `http://127.0.0.1:${edgePort}`;
  const adminToken = `admin-${uniqueName('token')}-secret`;
  const namespace = uniqueName('stack').toLowerCase();
  // Every topic of the stack carries its namespace (see ServiceKit.topic).
  const shareEventsTopic = `${namespace}.${Topics.shareEvents}`;
  const consentEventsTopic = `${namespace}.${Topics.consentEvents}`;
  const analysisEventsTopic = `${namespace}.${Topics.analysisEvents}`;
  const feedbackEventsTopic = `${namespace}.${Topics.feedbackEvents}`;
  const overrides = { onDatabaseCommand: options.onDatabaseCommand };
  // The consumers' fetch wait (production waits 10 s): a consumer stops, and learns of a rebalance, once its fetch
  // under way ends, so a test stack stops, and its groups rebalance, within a second.
  const common = { NAMESPACE: namespace, MONGODB_URI: env.mongoUri, KAFKA_BROKERS: kafkaBrokers.join(','), LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', TOKEN_ISSUER: issuer, KAFKA_FETCH_MAX_WAIT_MS: '1000', ...(options.eventLog ? { EVENT_LOG_ROLL_MS: String(options.eventLog.rollMs), EVENT_LOG_LAG_BOUND_MS: String(options.eventLog.lagBoundMs) } : {}) };

  const edgeEnv = { ...common, PORT: String(edgePort), EDGE_DB_NAME: uniqueDbName('edge'), ADMIN_TOKEN: adminToken, ...upstreamUrls(ports), ...options.edgeEnv };
  const edge = await startEdgeService(await migrated(edgeService, loadEdgeConfig(edgeEnv)), overrides);
  const edgeReplicas: EdgeServiceHandle[] = [];
  /** The edge first, so that it stops taking requests before the services behind it. */
  const secondInstances: Array<{ stop(): Promise<void> }> = [];
  const shareEnv = {
    ...common,
    PORT: String(sharePort),
    SHARE_DB_NAME: uniqueDbName('share'),
    JWKS_URL: `${issuer}/.well-known/jwks.json`,
    OUTBOX_POLL_MS: String(options.outboxPollMs ?? OUTBOX_POLL_MS),
  };
  const shareReplicas: ShareServiceHandle[] = [];
  const consentConfig = loadConsentConfig({
    ...common,
    PORT: String(consentPort),
    CONSENT_DB_NAME: uniqueDbName('consent'),
    JWKS_URL: `${issuer}/.well-known/jwks.json`,
    PUBLIC_BASE_URL: issuer,
    // POST /admin/providers is checked by the consent service as well as by the edge.
    ADMIN_TOKEN: adminToken,
    OUTBOX_POLL_MS: String(options.outboxPollMs ?? OUTBOX_POLL_MS),
    FETCH_POLL_MS: '1000',
    MAINTENANCE_INTERVAL_MS: '60000',
    ...options.consentEnv,
  });
  const sequencingEnv = { ...common, PORT: String(sequencingPort), SEQUENCING_DB_NAME: uniqueDbName('sequencing'), JWKS_URL: `${issuer}/.well-known/jwks.json` };
  const webhooksConfig = loadWebhooksConfig({
    ...common,
    PORT: String(webhooksPort),
    WEBHOOKS_DB_NAME: uniqueDbName('webhooks'),
    JWKS_URL: `${issuer}/.well-known/jwks.json`,
    WEBHOOK_POLL_MS: '1000',
    ...options.webhooksEnv,
  });
  const analysisConfig = loadAnalysisConfig({
    ...common,
    PORT: String(analysisPort),
    ANALYSIS_DB_NAME: uniqueDbName('analysis'),
    JWKS_URL: `${issuer}/.well-known/jwks.json`,
    OUTBOX_POLL_MS: String(options.outboxPollMs ?? OUTBOX_POLL_MS),
    ANALYSIS_POLL_MS: '1000',
    ANALYSIS_VISIBILITY_WAIT_MS: '3000',
    ...options.analysisEnv,
  });
  const feedbackEnv = { ...common, PORT: String(feedbackPort), FEEDBACK_DB_NAME: uniqueDbName('feedback'), JWKS_URL: `${issuer}/.well-known/jwks.json`, OUTBOX_POLL_MS: String(options.outboxPollMs ?? OUTBOX_POLL_MS) };
  // The services behind the edge are migrated and started side by side, as a deployment starts them.
  const started = await Promise.allSettled([
    migrated(shareService, loadShareConfig(shareEnv)).then((config) => startShareService(config, overrides)),
    migrated(consentService(), consentConfig).then((config) => startConsentService(config, overrides)),
    migrated(sequencingEngine, loadSequencingEngineConfig(sequencingEnv)).then((config) => startSequencingEngine(config, overrides)),
    migrated(webhooksService, webhooksConfig).then((config) => startWebhooksService(config, overrides)),
    migrated(analysisService(), analysisConfig).then((config) => startAnalysisService(config, overrides)),
    migrated(feedbackService, loadFeedbackConfig(feedbackEnv)).then((config) => startFeedbackService(config, overrides)),
  ]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop().catch(() => undefined) : undefined)));
    await edge.stop();
    throw failed.reason;
  }
  const share = startedValue(started[0]);
  let consent = startedValue(started[1]);
  const sequencing = startedValue(started[2]);
  let webhooks = startedValue(started[3]);
  let analysis = startedValue(started[4]);
  const feedback = startedValue(started[5]);
  await Promise.all([edge.ready(), share.ready(), consent.ready(), sequencing.ready(), webhooks.ready(), analysis.ready(), feedback.ready()]);

  const baseUrl = `http://127.0.0.1:${edgePort}`;
  const document = new ApiDocumentChecker((await (await fetch(`${baseUrl}/openapi.json`)).json()) as ApiDocumentChecker['document']);
  const stopChecking = checkEveryAnswer(document, Object.values(ports).map((port) => `http://127.0.0.1:${port}`));
  const edgeFetch = (path: string, init: RequestInit = {}) => fetch(`${baseUrl}${path}`, init);
  const stack: Stack = {
    baseUrl,
    edge,
    share,
    get consent() {
      return consent;
    },
    sequencing,
    get webhooks() {
      return webhooks;
    },
    get analysis() {
      return analysis;
    },
    feedback,
    namespace,
    shareEventsTopic,
    consentEventsTopic,
    analysisEventsTopic,
    feedbackEventsTopic,
    service(name) {
      const handles: Record<string, RunningServiceHandle> = { edge, share, consent, 'sequencing-engine': sequencing, webhooks, analysis, feedback };
      const handle = handles[name];
      if (!handle) throw new Error(`the test stack runs no service '${name}' (it runs ${Object.keys(handles).join(', ')})`);
      return handle;
    },
    async restartConsent() {
      consent = await startConsentService(consentConfig, overrides);
      await consent.ready();
      return consent;
    },
    async restartWebhooks() {
      webhooks = await startWebhooksService(webhooksConfig, overrides);
      await webhooks.ready();
      return webhooks;
    },
    async restartAnalysis() {
      analysis = await startAnalysisService(analysisConfig, overrides);
      await analysis.ready();
      return analysis;
    },
    async startShareReplica() {
      const replica = await startShareService(loadShareConfig({ ...shareEnv, PORT: String(await freePort()) }), overrides);
      shareReplicas.push(replica);
      await replica.ready();
      return replica;
    },
    async startSecondInstances() {
      const port = async () => String(await freePort());
      // Each is kept for the stack's stop as soon as it started, also when another one fails to start.
      const kept = async <S extends { stop(): Promise<void> }>(starting: Promise<S>) => {
        const started = await starting;
        secondInstances.push(started);
        return started;
      };
      const [shareTwo, consentTwo, sequencingTwo, webhooksTwo, analysisTwo, feedbackTwo] = await Promise.all([
        kept(startShareService(loadShareConfig({ ...shareEnv, PORT: await port() }), overrides)),
        kept(startConsentService({ ...consentConfig, PORT: Number(await port()) }, overrides)),
        kept(startSequencingEngine(loadSequencingEngineConfig({ ...sequencingEnv, PORT: await port() }), overrides)),
        kept(startWebhooksService({ ...webhooksConfig, PORT: Number(await port()) }, overrides)),
        kept(startAnalysisService({ ...analysisConfig, PORT: Number(await port()) }, overrides)),
        kept(startFeedbackService(loadFeedbackConfig({ ...feedbackEnv, PORT: await port() }), overrides)),
      ]);
      const url = (service: { port(): number }) => `http://127.0.0.1:${service.port()}`;
      const twos: Record<string, RunningServiceHandle> = { share: shareTwo, consent: consentTwo, 'sequencing-engine': sequencingTwo, webhooks: webhooksTwo, analysis: analysisTwo, feedback: feedbackTwo };
      const edgeTwo = await startEdgeService(
        loadEdgeConfig({ ...edgeEnv, PORT: await port(), ...upstreamUrls(Object.fromEntries(Object.entries(twos).map(([name, handle]) => [name, handle.port()]))) }),
        overrides,
      );
      secondInstances.unshift(edgeTwo);
      await Promise.all([edgeTwo, shareTwo, consentTwo, sequencingTwo, webhooksTwo, analysisTwo, feedbackTwo].map((service) => service.ready()));
      return url(edgeTwo);
    },
    async startEdgeReplica() {
      const replica = await startEdgeService(loadEdgeConfig({ ...edgeEnv, PORT: String(await freePort()) }), overrides);
      edgeReplicas.push(replica);
      await replica.ready();
      return `http://127.0.0.1:${replica.port()}`;
    },
    kafkaBrokers,
    mongoUri: env.mongoUri,
    adminToken,
    async registerClient(scopes = ['customer-api'], clientOptions = {}) {
      const result = await edge.registerClient.execute({ clientId: uniqueName('app'), scopes: scopes.filter(isScope), redirectUrls: ['https://example.com', 'https://app.example.test', 'http://127.0.0.1'], ...clientOptions });
      if (!result.ok) throw result.error;
      return { clientId: result.value.clientId, clientSecret: result.value.clientSecret };
    },
    async token(client, scope) {
      const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
      if (scope) body.set('scope', scope);
      const res = await edgeFetch('/connect/token', { method: 'POST', body });
      if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    client(app, scope) {
      return createPlatformClient({ baseUrl, clientId: app.clientId, clientSecret: app.clientSecret, scope });
    },
    clientWithToken(token) {
      return createPlatformClient({ baseUrl, accessToken: () => token });
    },
    async api(token, path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return edgeFetch(path, { ...init, headers, body });
    },
    document,
    async stop() {
      stopChecking();
      // The services stop side by side: each one's stop is mostly waiting for its consumers' fetches to end.
      await Promise.all(secondInstances.map((instance) => instance.stop().catch(() => undefined)));
      const stopped = await Promise.allSettled([
        feedback.stop(),
        analysis.stop().catch(() => undefined),
        webhooks.stop().catch(() => undefined),
        sequencing.stop(),
        consent.stop().catch(() => undefined),
        ...shareReplicas.map((replica) => replica.stop()),
        share.stop(),
      ]);
      await Promise.all(edgeReplicas.map((replica) => replica.stop()));
      await edge.stop();
      const failed = stopped.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
  return stack;
}

/**
 * Checks every answer that the stack's edge or services give to this test file against the API
 * document (documented status, body valid against its schema), by wrapping the global fetch.
 * Returns what restores it.
 */
function checkEveryAnswer(document: ApiDocumentChecker, origins: string[]): () => void {
  const unchecked = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const res = await unchecked(input, init);
    const url = new URL(input instanceof Request ? input.url : input.toString());
    if (origins.includes(url.origin)) await document.check(init?.method ?? (input instanceof Request ? input.method : 'GET'), `${url.pathname}${url.search}`, res);
    return res;
  };
  return () => {
    globalThis.fetch = unchecked;
  };
}
