import type { Server } from 'node:http';
import type { Express, RequestHandler, Router } from 'express';
import type { Kafka } from 'kafkajs';
import { createTokenVerifier, jwksKeyResolver, requireScope, API_AUDIENCE, type KeyResolver } from '@obp/auth';
import { ConsumerLag, createKafka, createProducer, dispatchByType, ensureTopics, EventWriter, IdempotentConsumer, inNamespace, KeyBroadcast, LogRoller, type BatchHandler, type EventHandlers, type EventProducer, type IdempotentConsumerOptions, type TopicSpec } from '@obp/bus';
import { eventLogConfig, healthRoutes, IDEMPOTENCY_WINDOW_MS, metricsRoutes, topicSpecs, Topics, type EventCatalogue, type EventLogTiming, type RouteAuth, type RouteContract } from '@obp/contracts';
import { connectDatabase, database, isDatabaseReady, type Connection, type DatabaseOptions, type Migration, type mongo } from '@obp/db';
import { answerMethodNotAllowed, bindRoutes, closeServer, createHttpApp, finishHttpApp, listen, mountRoutes, routeTableOf, sendProblem, type HealthReport, type RouteBinding } from '@obp/http';
import { ClaimLedger, periodicRound, periodicTask, type Worker } from '@obp/jobs';
import { ShareGrants } from '@obp/share-grants';
import { AggregateStore, OutboxBacklog, OutboxRelay, type AggregateStoreOptions, type OutboxSource } from '@obp/store';
import { createLogger, prometheusMetrics, PROMETHEUS_CONTENT_TYPE, type Logger } from '@obp/telemetry';
import type { CommonConfig, ServiceEnvConfig } from '@obp/config';
import { IdempotencyKeys } from './idempotency-keys';
import { retryUntilDone } from './retry-until-done';

/** How often a service purges Idempotency-Keys past their 24 hours (by day, through an index). */
const IDEMPOTENCY_PURGE_INTERVAL_MS = 3_600_000;

/** How often a service counts its unpublished events for admission (see `OutboxBacklog`). */
const OUTBOX_BACKLOG_COUNT_MS = 1_000;
/** Seconds a write refused while the outbox is backed up is asked to wait: the relays publish hundreds of aggregates a second. */
const OUTBOX_BACKLOG_RETRY_AFTER_SECONDS = 1;

/**
 * The settings the kit reads: the common ones, the port, and token verification and outbox
 * polling (`serviceEnv`); the edge, which signs the tokens itself, has no JWKS to read.
 */
export type ServiceConfig = CommonConfig & { PORT: number; TOKEN_ISSUER: string } & Partial<Pick<ServiceEnvConfig, 'JWKS_URL' | 'OUTBOX_POLL_MS' | 'OUTBOX_BACKLOG_LIMIT'>>;

export interface ServiceOverrides {
  logger?: Logger;
  /** Verifies tokens with these keys instead of the issuer's JWKS (tests). */
  resolveKey?: KeyResolver;
  /** Sees every command the service sends to its database (tests that check the queries' plans). */
  onDatabaseCommand?: DatabaseOptions['onCommand'];
}

/** What a service's composition hands back to the kit. */
export interface Composition<X> {
  /** The service's routes, each bound to its handler. */
  routes: RouteBinding[];
  /** Routes served by plain handlers, after the route's guard (the edge's rate limit and forwarding to other services). */
  forwards?: Array<{ contract: RouteContract; handlers: RequestHandler[] }>;
  /** Express routers mounted before the routes (static assets). */
  routers?: Router[];
  /** What the running service exposes to its callers (tests, tools). */
  expose: X;
}

export interface ServiceDefinition<C extends ServiceConfig, X> {
  name: string;
  /** The service's own database. */
  databaseName(config: C): string;
  /** Changes of its database's data, run before the service starts (`migrateService`), never by its start. */
  migrations?: readonly Migration[];
  compose(kit: ServiceKit<C>): Promise<Composition<X>>;
}

export type RunningService<X> = X & {
  app: Express;
  db: Connection;
  port(): number;
  /** Resolves once every component is up and every consumer has joined its group. */
  ready(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/** A Kafka consumer the kit starts (retrying until the broker answers), checks for readiness and stops. */
interface GroupMember {
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly isReady: boolean;
}

/**
 * The pieces a service is composed of, each registered once and then started, checked and
 * stopped by the kit in order: database, topics, producer, outbox relays, consumers, workers.
 */
export class ServiceKit<C extends ServiceConfig> {
  private kafkaClient: Kafka | undefined;
  private producerClient: EventProducer | undefined;
  private readonly topics = new Map<string, TopicSpec>();
  /** The topics the service writes to: it also rolls their segments (see `LogRoller`). */
  private readonly written = new Set<string>();
  private roller: LogRoller | undefined;
  private readonly stores: OutboxSource[] = [];
  /** Components whose indexes are ensured with the stores', before anything reads. */
  private readonly indexed: Array<{ ensureIndexes(): Promise<void> }> = [];
  private readonly relays: OutboxRelay[] = [];
  /** The unpublished events of the service's stores, when writes that add events are admitted by them (`OUTBOX_BACKLOG_LIMIT`). */
  private backlog: OutboxBacklog | undefined;
  private readonly consumers: Array<{ name: string; consumer: GroupMember }> = [];
  private readonly consumerStarts: Array<Promise<void>> = [];
  /** The lag of the service's consumer groups, read from the broker when the metrics are collected. */
  private lag: ConsumerLag | undefined;
  private readonly workers: Worker[] = [];
  private readonly startedHooks: Array<() => Promise<void>> = [];
  private readonly reportedChecks: Array<() => Record<string, 'ok' | 'failing'>> = [];
  private keyResolver: KeyResolver | undefined;
  private adminGuard: RequestHandler | undefined;
  private claimLedger: ClaimLedger | undefined;
  private idempotencyKeys: IdempotencyKeys | undefined;

  constructor(
    readonly serviceName: string,
    readonly config: C,
    readonly logger: Logger,
    readonly db: Connection,
    overrides: ServiceOverrides,
  ) {
    this.keyResolver = overrides.resolveKey;
  }

  /** The driver's handle of the service's own database. */
  get database(): mongo.Db {
    return database(this.db);
  }

  /** A topic's name in this deployment: `NAMESPACE.` before it when a namespace is set. */
  topic(name: string): string {
    return inNamespace(this.config.NAMESPACE, name);
  }

  /** Writes events of a catalogue's topic (the topic is created at start). */
  events<Cat extends EventCatalogue>(catalogue: Cat): EventWriter<Cat> {
    const topic = this.useTopic(catalogue.topic);
    this.written.add(topic);
    return new EventWriter(catalogue, topic);
  }

  /** An aggregate store; its outbox relay is started after the HTTP server listens. */
  store<S extends { id: string }>(options: AggregateStoreOptions<S>): AggregateStore<S> {
    const store = new AggregateStore<S>(this.database, options);
    this.stores.push(store);
    return store;
  }

  /**
   * Subscribes `handlers` to a topic's event types in the consumer group `<service>-<name>`;
   * each handler gets the parsed, typed data of its type.
   */
  subscribe<Cat extends EventCatalogue>(name: string, catalogue: Cat, handlers: EventHandlers<Cat>): IdempotentConsumer {
    return this.consume(name, catalogue, { handle: dispatchByType(catalogue, handlers), onTombstone: handlers.onTombstone });
  }

  /**
   * Subscribes `applyBatch` to a topic in the consumer group `<service>-<name>`: each fetched run of a
   * partition's events and tombstones comes in one call (see `BatchHandler` in @obp/bus; the handler
   * parses the events' data and must be idempotent). `recordsProcessed: false` when the handler tells
   * by itself what it applied (see `IdempotentConsumerOptions`).
   */
  subscribeRuns(name: string, catalogue: EventCatalogue, applyBatch: BatchHandler, options: Pick<IdempotentConsumerOptions, 'recordsProcessed'> = {}): IdempotentConsumer {
    return this.consume(name, catalogue, { applyBatch, ...options });
  }

  private consume(name: string, catalogue: EventCatalogue, handling: Pick<IdempotentConsumerOptions, 'handle' | 'onTombstone' | 'applyBatch' | 'recordsProcessed'>): IdempotentConsumer {
    const groupId = inNamespace(this.config.NAMESPACE, `${this.serviceName}-${name}`);
    const topics = [this.useTopic(catalogue.topic)];
    this.consumerLag().watch(groupId, topics);
    const consumer = new IdempotentConsumer({
      kafka: this.kafka(),
      db: this.db,
      logger: this.logger,
      groupId,
      topics,
      eventLog: this.eventLog(),
      fetchMaxWaitMs: this.config.KAFKA_FETCH_MAX_WAIT_MS,
      sessionTimeoutMs: this.config.KAFKA_SESSION_TIMEOUT_MS,
      ...handling,
    });
    // Readiness names a subscription after its topic: `consentEvents` for consent.events.v1.
    const topicCheck = catalogue.topic.replace(/\.v\d+$/, '').replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase());
    this.consumers.push({ name: this.consumers.some((c) => c.name === topicCheck) ? `${topicCheck}-${name}` : topicCheck, consumer });
    return consumer;
  }

  /**
   * Every replica drops from `store`'s cache the aggregate each event of `catalogue`'s topic is keyed
   * by, so a change made by another replica is read from the store from then on. The topic's
   * messages must be keyed by aggregate id. Each process listens in a group of its own.
   */
  invalidateOn<S extends { id: string }>(store: AggregateStore<S>, catalogue: EventCatalogue): KeyBroadcast {
    const listener = new KeyBroadcast({
      kafka: this.kafka(),
      topic: this.useTopic(catalogue.topic),
      groupPrefix: inNamespace(this.config.NAMESPACE, `${this.serviceName}-${store.name}-cache`),
      logger: this.logger,
      onKey: (key) => {
        if (key !== null) store.forgetCached(key);
      },
      onGap: () => store.forgetAllCached(),
      // The consumers' fetch wait, at most the listener's own 2 s: it holds the service's readiness back and its stop.
      fetchMaxWaitMs: Math.min(2_000, this.config.KAFKA_FETCH_MAX_WAIT_MS),
    });
    this.consumers.push({ name: `${store.name}Cache`, consumer: listener });
    return listener;
  }

  /** The service's own projection of share grants, for reads through shares. */
  shareGrants(): ShareGrants {
    const topic = this.useTopic(Topics.shareEvents);
    const groupId = inNamespace(this.config.NAMESPACE, `${this.serviceName}-share-grants`);
    this.consumerLag().watch(groupId, [topic]);
    const grants = new ShareGrants({
      kafka: this.kafka(),
      db: this.db,
      logger: this.logger,
      topic,
      groupId,
      eventLog: this.eventLog(),
      fetchMaxWaitMs: this.config.KAFKA_FETCH_MAX_WAIT_MS,
      sessionTimeoutMs: this.config.KAFKA_SESSION_TIMEOUT_MS,
    });
    this.consumers.push({ name: 'shareGrants', consumer: grants.consumer });
    this.indexed.push(grants);
    return grants;
  }

  /** A background job runner, started after the HTTP server listens and stopped before the consumers. */
  worker<W extends Worker>(runner: W): W {
    this.workers.push(runner);
    return runner;
  }

  /** The ledger of exclusive job claims (unique-key inserts). */
  async claims(): Promise<ClaimLedger> {
    this.claimLedger ??= await ClaimLedger.open(this.database);
    return this.claimLedger;
  }

  /**
   * A task that one process of the service does every `intervalMs` (housekeeping, purges), however
   * many processes run: each round is claimed in the service's claim ledger (`<name>#<round>`).
   */
  async periodicRound(name: string, intervalMs: number, run: (now: Date) => Promise<void>): Promise<void> {
    this.worker(periodicRound({ name, logger: this.logger, intervalMs, claims: await this.claims(), run }));
  }

  /**
   * The Idempotency-Keys of the service's idempotent routes, in its own store: indexed with the
   * stores, and purged every hour once past their 24 hours (every process purges; deleting by day twice is harmless).
   */
  idempotency(): IdempotencyKeys {
    if (this.idempotencyKeys) return this.idempotencyKeys;
    const keys = new IdempotencyKeys(this.database);
    this.indexed.push(keys);
    this.worker(
      periodicTask({
        name: 'idempotency-key purge',
        logger: this.logger,
        intervalMs: IDEMPOTENCY_PURGE_INTERVAL_MS,
        run: async (now) => void (await keys.purgeOlderThan(new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS))),
      }),
    );
    this.idempotencyKeys = keys;
    return keys;
  }

  /** Work to do once the service runs (e.g. finishing what a crash interrupted). */
  onStarted(hook: () => Promise<void>): void {
    this.startedHooks.push(hook);
  }

  /** Verifies tokens with these keys (the edge's own) instead of the issuer's JWKS. */
  useKeyResolver(resolver: KeyResolver): void {
    this.keyResolver ??= resolver;
  }

  /** Guards `auth: 'admin'` routes. */
  useAdminGuard(guard: RequestHandler): void {
    this.adminGuard = guard;
  }

  /**
   * Checks the readiness report lists without making the service unready: a part only some requests need (one
   * bank of many), whose failure on every instance must not take the whole service out of rotation.
   */
  reportInHealth(checks: () => Record<string, 'ok' | 'failing'>): void {
    this.reportedChecks.push(checks);
  }

  // Used by startService.

  guard = (auth: RouteAuth): RequestHandler[] => {
    if (auth === 'public') return [];
    if (auth === 'admin') return [this.adminGuard ?? ((_req, res) => sendProblem(res, 401, { detail: 'Admin routes are not enabled.' }))];
    return [requireScope(this.verifier(), auth.scope)];
  };

  private verifierInstance: ReturnType<typeof createTokenVerifier> | undefined;

  private verifier() {
    if (this.verifierInstance) return this.verifierInstance;
    const resolveKey = this.keyResolver ?? (this.config.JWKS_URL ? jwksKeyResolver(this.config.JWKS_URL) : undefined);
    if (!resolveKey) throw new Error(`${this.serviceName} verifies tokens but has neither JWKS_URL nor keys of its own`);
    this.verifierInstance = createTokenVerifier({ issuer: this.config.TOKEN_ISSUER, audience: API_AUDIENCE, resolveKey });
    return this.verifierInstance;
  }

  private consumerLag(): ConsumerLag {
    this.lag ??= new ConsumerLag(this.kafka());
    return this.lag;
  }

  private eventLog(): EventLogTiming {
    return { rollMs: this.config.EVENT_LOG_ROLL_MS, lagBoundMs: this.config.EVENT_LOG_LAG_BOUND_MS };
  }

  private kafka(): Kafka {
    this.kafkaClient ??= createKafka(`${this.serviceName}-service`, this.config.KAFKA_BROKERS, this.logger, { replicationFactor: this.config.KAFKA_REPLICATION_FACTOR });
    return this.kafkaClient;
  }

  private useTopic(canonical: string): string {
    const name = this.topic(canonical);
    const spec = topicSpecs.find((t) => t.topic === canonical) ?? { topic: canonical, partitions: 3 };
    this.topics.set(name, { ...spec, topic: name, config: eventLogConfig(this.eventLog()) });
    return name;
  }

  /** Indexes, topics and the producer: what must exist before the service answers. */
  async prepare(): Promise<void> {
    for (const component of [...this.stores, ...this.indexed]) await component.ensureIndexes();
    const retry = { signal: this.stopping.signal, logger: this.logger, giveUpAfterMs: START_RETRY_LIMIT_MS };
    if (this.topics.size > 0) await retryUntilDone('creating topics', () => ensureTopics(this.kafka(), [...this.topics.values()]), retry);
    if (this.stores.length > 0 && this.topics.size > 0) {
      const producer = createProducer(this.kafka(), this.logger);
      this.producerClient = producer;
      await retryUntilDone('connecting the producer', () => producer.connect(), retry);
      const written = [...this.written].map((name) => this.topics.get(name)!);
      const roller = new LogRoller({ kafka: this.kafka(), producer: this.producerClient, topics: written, timing: this.eventLog(), logger: this.logger });
      this.roller = roller;
      for (const store of this.stores) {
        this.relays.push(
          new OutboxRelay({ store, producer: this.producerClient, logger: this.logger, pollIntervalMs: this.config.OUTBOX_POLL_MS, onWritten: (topic, partition) => roller.touched(topic, partition) }),
        );
      }
      const limit = this.config.OUTBOX_BACKLOG_LIMIT ?? 0;
      if (limit > 0) this.backlog = new OutboxBacklog({ sources: this.stores, limit, countEveryMs: OUTBOX_BACKLOG_COUNT_MS });
    }
  }

  private started = false;
  private readonly stopping = new AbortController();

  /** Relays, consumers (joining in the background), workers and start hooks. */
  async run(): Promise<void> {
    for (const relay of this.relays) relay.start();
    this.backlog?.start();
    this.roller?.start();
    for (const { name, consumer } of this.consumers) this.consumerStarts.push(this.startConsumer(name, consumer));
    this.lag?.start();
    for (const worker of this.workers) worker.start();
    for (const hook of this.startedHooks) await hook();
    this.started = true;
  }

  /** Joins the group; a broker that is not reachable yet is tried again with back-off, until the service stops. */
  private async startConsumer(name: string, consumer: GroupMember): Promise<void> {
    const start = async () => {
      try {
        await consumer.start();
      } catch (error) {
        await consumer.stop().catch(() => undefined);
        throw error;
      }
    };
    await retryUntilDone(`starting consumer ${name}`, start, { signal: this.stopping.signal, logger: this.logger }).catch(() => undefined);
  }

  async health(draining: boolean): Promise<HealthReport> {
    const checks: HealthReport['checks'] = {};
    checks.database = await Promise.race([isDatabaseReady(this.db).catch(() => false), new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref())]) ? 'ok' : 'failing';
    for (const { name, consumer } of this.consumers) checks[name] = consumer.isReady ? 'ok' : 'failing';
    const healthy = Object.values(checks).every((c) => c === 'ok');
    const status = draining ? 'shutting-down' : !this.started ? 'starting' : healthy ? 'ok' : 'failing';
    for (const reported of this.reportedChecks) Object.assign(checks, reported());
    return { status, checks };
  }

  /** Stops in order: workers (their running jobs finish or are abandoned), consumers, relays, producer. */
  async shutdown(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.workers.map((w) => w.stop()));
    await Promise.all(this.consumers.map(({ consumer }) => consumer.stop()));
    // A consumer still starting gives up at its next step; nothing of it may outlive the database.
    await Promise.all(this.consumerStarts);
    await this.lag?.stop();
    await this.backlog?.stop();
    await Promise.all(this.relays.map((r) => r.stop()));
    await this.roller?.stop();
    await this.producerClient?.disconnect();
  }

  /**
   * Admission of a route that writes events (`writesEvents`): while the service holds `OUTBOX_BACKLOG_LIMIT`
   * aggregates with unpublished events, a 503 with Retry-After (code `outbox_backlog`) before
   * anything is read or written, so the backlog, and the delay before consumers see a write, stay bounded.
   */
  admitEventWrites: RequestHandler = (_req, res, next) => {
    if (!this.backlog?.full) return next();
    res.set('Retry-After', String(OUTBOX_BACKLOG_RETRY_AFTER_SECONDS));
    sendProblem(res, 503, {
      code: 'outbox_backlog',
      detail: `The service already holds as many events not yet published as its bound allows (${this.backlog.limit} aggregates): nothing was written. Try again after Retry-After seconds.`,
    });
  };

  relaysOf(): readonly OutboxRelay[] {
    return this.relays;
  }
}

/**
 * Starts a service: connects its database, composes it, ensures indexes and topics, answers on
 * HTTP at once (readiness says `starting` until every consumer has joined its group), then
 * starts relays, consumers and workers. SIGTERM (see `runService`) drains in the reverse order.
 */
/** How long a start step (creating the topics, connecting the producer) is tried before the service gives up and exits. */
const START_RETRY_LIMIT_MS = 5 * 60_000;

export async function startService<C extends ServiceConfig, X>(definition: ServiceDefinition<C, X>, config: C, overrides: ServiceOverrides = {}): Promise<RunningService<X>> {
  const logger = overrides.logger ?? createLogger(definition.name, config.LOG_LEVEL);
  const db = await connectDatabase(config.MONGODB_URI, definition.databaseName(config), {
    onCommand: overrides.onDatabaseCommand,
    stuckClient: { onReplaced: (report) => logger.warn(report, 'the connection to the store could not select it while a new one reached it: replaced') },
  });
  const kit = new ServiceKit(definition.name, config, logger, db, overrides);
  let server: Server | undefined;
  // A start that fails half-way releases what it opened (a supervisor starts the process again).
  const release = async () => {
    if (server) await closeServer(server);
    await kit.shutdown().catch(() => undefined);
    await db.close();
  };
  try {
    return await startComposed(definition, config, kit, logger, db, (s) => (server = s));
  } catch (error) {
    await release();
    throw error;
  }
}

async function startComposed<C extends ServiceConfig, X>(
  definition: ServiceDefinition<C, X>,
  config: C,
  kit: ServiceKit<C>,
  logger: Logger,
  db: Connection,
  listening: (server: Server) => void,
): Promise<RunningService<X>> {
  const composition = await definition.compose(kit);
  const idempotency = composition.routes.some((binding) => binding.contract.idempotent) ? kit.idempotency() : undefined;
  await kit.prepare();

  let draining = false;
  const app = createHttpApp({ serviceName: definition.name });
  for (const router of composition.routers ?? []) app.use(router);
  const health = bindRoutes(healthRoutes, {
    getLiveness: () => ({ status: 200, body: { status: 'ok' as const } }),
    getReadiness: async () => {
      const report = await kit.health(draining);
      return report.status === 'ok' ? { status: 200, body: report } : { status: 503, body: report };
    },
  });
  const metrics = bindRoutes(metricsRoutes, {
    getMetrics: async () => ({ status: 200, file: Buffer.from(await prometheusMetrics()), contentType: PROMETHEUS_CONTENT_TYPE }),
  });
  const bindings = [...health, ...metrics, ...composition.routes];
  mountRoutes(app, bindings, kit.guard, { idempotency, admitEventWrites: kit.admitEventWrites });
  for (const { contract, handlers } of composition.forwards ?? []) routeTableOf(app).add(contract.method, contract.path, [...kit.guard(contract.auth), ...handlers]);
  answerMethodNotAllowed(app, [...bindings.map((b) => b.contract), ...(composition.forwards ?? []).map((f) => f.contract)]);
  finishHttpApp(app, logger);

  const server: Server = await listen(app, config.PORT);
  listening(server);
  const port = () => (server.address() as { port: number }).port;
  logger.info({ port: port() }, `${definition.name} listening`);
  await kit.run();

  return {
    ...composition.expose,
    app,
    db,
    port,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const report = await kit.health(draining);
        if (report.status === 'ok') return;
        if (Date.now() > deadline) throw new Error(`${definition.name} not ready after ${timeoutMs} ms: ${JSON.stringify(report)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      draining = true;
      await closeServer(server);
      await kit.shutdown();
      await db.close();
    },
  };
}

