import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createKafka } from '@obp/bus';
import { Topics } from '@obp/contracts';
import { connectDatabase, database } from '@obp/db';
import { upstreamServices } from '@obp/platform';
import { createLogger } from '@obp/telemetry';
import { freePort, repoRoot, startFerretDb, startKafka, uniqueName, waitFor, type FerretProcess, type KafkaProcess } from '@obp/testkit';
import { feedbackBody } from './feedback-helpers';
import { consentsNotAsFetched, type ConsentRecord as MadeConsent } from './faults/consent-audit';
import { auditConsentWebhooks } from './faults/consent-webhook-audit';
import { createdOnce, type Made } from './faults/created-once';
import { deadLetterAudit, subscriptionsInMetrics } from './faults/dead-letter-audit';
import { jobsNotFinishedOnce, type JobEvent } from './faults/job-events-audit';
import { auditJobWebhooks } from './faults/job-webhook-audit';
import { newFigures, RetryingClient, type Answer } from './faults/retrying-client';
import { ServiceProcess } from './faults/service-process';
import { SignatureCheck } from './faults/signature-check';
import { auditShareWebhooks } from './faults/webhook-audit';
import { readTopic, shareEventsNotAsTold, sharesListedOnce, webhookMessageCensus, type ShareRecord } from './faults/share-audit';
import { RecordingReceiver } from './recording-receiver';

/**
 * Fault injection, scaled out: a Kafka cluster of three brokers, two edges and two instances of every service
 * behind them (each edge balances over them). Apps write shares and categorisation feedback, approve and refresh
 * consents and run analysis jobs on them from parallel clients that spread their calls over both edges and fail
 * over as a load balancer would, each app with a webhook endpoint for its share, consent and job events, while the
 * test SIGKILLs and restarts the leader broker of the busiest share-events partition, one edge and one instance of
 * every service at once, the store (FerretDB with its PostgreSQL) and then the store's PostgreSQL alone. The clients
 * retry as a careful integrator does, with Idempotency-Keys, and send some creates again on the other edge with the
 * same key. At the end nothing may be lost, doubled, out of order or dead-lettered; every acknowledged share event
 * and every step of a consent reached its app's endpoint, in order, signed; every job completed once, with one
 * completion event and one completion message; an app's rate limit holds across the two edges. The services run as
 * their own processes on a Kafka and a store of this test's own, so the kills touch no other suite.
 */

const APPS = 3;
const SHARE_WORKERS_PER_APP = 2;
const REPLICAS = 2;
const EDGES = 2;
const REDIRECT_URL = 'https://app.example.test/consent-done';
/**
 * Kafka hands a killed instance's partitions to the other members of its groups only when its session
 * expires (30 s by default): 10 s here, so the test does not wait out three of them (docs/decisions.md,
 * "(issue 29) The fault test scaled out").
 */
const SESSION_TIMEOUT_MS = '10000';
const quiet = createLogger('fault-injection', 'silent');

interface ConsentRecord extends MadeConsent {
  /** Each `dateTransactionsUpdated` the app saw with the status `Updated`, in turn. */
  fetched: string[];
}

interface JobRecord {
  app: number;
  id: string;
  consentId: string;
  reference: string;
}

/** A fault as it went: when it was injected, when what it killed was back, and when a new share's webhook came through again. */
interface FaultRecord {
  name: string;
  at: number;
  back: number;
  /** When the probe share's webhook arrived; null if it did not within its wait. */
  delivered: number | null;
}

let kafka: KafkaProcess;
let store: FerretProcess;
const services: ServiceProcess[] = [];
const receiver = new RecordingReceiver();
/** Set once every check passed: the logs (and the store's data) are removed after the store stops. */
let logsToRemove: string | null = null;

afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()));
  await receiver.stop().catch(() => undefined);
  await kafka?.dispose();
  await store?.stop();
  if (logsToRemove) rmSync(logsToRemove, { recursive: true, force: true });
}, 120_000);

it('loses, doubles and reorders nothing, and finishes every job once, while a leader broker, one instance of every service, the store and its PostgreSQL are killed', async () => {
  const logDir = mkdtempSync(join(repoRoot, '.cache', 'fault-injection-logs-'));
  // The store's data and logs (ferretdb.log, postgres/postgres.log) are kept with the services' logs when the test fails.
  [kafka, store] = await Promise.all([startKafka(undefined, { nodes: 3 }), startFerretDb(join(logDir, 'store'))]);
  const namespace = uniqueName('faults');
  const db = (service: string) => `${namespace.replace(/-/g, '_')}_${service}`;
  const edgePorts = [await freePort(), await freePort()];
  const edgeUrls = edgePorts.map((port) => `http://127.0.0.1:${port}`);
  // The edges sign with the keys they share in their store; a token names the first as its issuer, whichever edge made it.
  const edgeUrl = edgeUrls[0]!;
  const adminToken = randomBytes(24).toString('base64url');
  const common = {
    MONGODB_URI: store.uri,
    KAFKA_BROKERS: kafka.brokers.join(','),
    KAFKA_SESSION_TIMEOUT_MS: SESSION_TIMEOUT_MS,
    NAMESPACE: namespace,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    TOKEN_ISSUER: edgeUrl,
    // The edge that is not killed, as a load balancer in front of the edges would answer: a service restarted
    // while the first edge is down reads the keys at its first request.
    JWKS_URL: `${edgeUrls[1]!}/.well-known/jwks.json`,
    OUTBOX_POLL_MS: '1000',
  };
  const settings: Record<string, Record<string, string>> = {
    share: { SHARE_DB_NAME: db('share') },
    consent: {
      CONSENT_DB_NAME: db('consent'),
      PUBLIC_BASE_URL: edgeUrl,
      // A lease shorter than the store's outage: fetches stalled by it are taken over while they still write.
      FETCH_LEASE_MS: '5000',
      FETCH_POLL_MS: '1000',
      FETCH_RETRY_BASE_MS: '500',
      FETCH_RETRY_MAX_MS: '3000',
      REFRESH_LIMIT_PER_DAY: '100',
    },
    'sequencing-engine': { SEQUENCING_DB_NAME: db('sequencing') },
    // Not production: a production webhooks service delivers only over https to public addresses; this one only to loopback.
    // WEBHOOK_CONCURRENCY stays at its default (256 attempts at once), the load under which an unpatched FerretDB 1.24 hung
    // for good after a PostgreSQL crash (docs/decisions.md, "FerretDB deadlocked on its own PostgreSQL pool (issue 24)").
    webhooks: { NODE_ENV: 'development', WEBHOOKS_DB_NAME: db('webhooks'), WEBHOOK_POLL_MS: '1000', WEBHOOK_LOOPBACK_ONLY: 'true' },
    // A lease shorter than the store's outage, as the consent service's: a killed instance's job is taken over within seconds.
    analysis: { ANALYSIS_DB_NAME: db('analysis'), ANALYSIS_LEASE_MS: '5000', ANALYSIS_POLL_MS: '1000', ANALYSIS_RETRY_BASE_MS: '500', ANALYSIS_RETRY_MAX_MS: '3000' },
    feedback: { FEEDBACK_DB_NAME: db('feedback') },
  };
  const behindEdge: ServiceProcess[] = [];
  for (const [name, env] of Object.entries(settings)) {
    for (let replica = 1; replica <= REPLICAS; replica++) behindEdge.push(new ServiceProcess(name, await freePort(), { ...common, ...env }, logDir, 'source', replica));
  }
  const urls = (name: string) => behindEdge.filter((s) => s.name === name).map((s) => s.url).join(',');
  const unused = 'http://127.0.0.1:9';
  const edges = edgePorts.map(
    (port, i) =>
      new ServiceProcess(
        'edge',
        port,
        {
          ...common,
          EDGE_DB_NAME: db('edge'),
          ADMIN_TOKEN: adminToken,
          // Each upstream's instances, by the manifest's setting for it; one the test does not run points nowhere.
          ...Object.fromEntries(upstreamServices.map((s) => [s.edgeUrlEnv, behindEdge.some((b) => b.name === s.name) ? urls(s.name) : unused])),
        },
        logDir,
        'source',
        i + 1,
      ),
  );
  services.push(...edges, ...behindEdge);
  // The share database as a fresh install's migrations leave it: its apps' lists built (read from their first share).
  const shareDb = await connectDatabase(store.uri, db('share'));
  await database(shareDb).collection<{ _id: string; done: boolean }>('share_list_build').updateOne({ _id: 'build' }, { $set: { done: true } }, { upsert: true });
  await shareDb.close();
  for (const edge of edges) await edge.start('ready');
  // The first instances one after the other, as `npm start` does: each creates its topics (and their dead-letter
  // topics) on the cluster, and ten services creating theirs at once on two loaded cores had a CreateTopics time out.
  for (const service of behindEdge.filter((s) => s.replica === 1)) await service.start('ready');
  await Promise.all(behindEdge.filter((s) => s.replica > 1).map((service) => service.start('ready')));

  const figures = newFigures();
  const newApp = async () => {
    const res = await fetch(`${edgeUrl}/admin/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['customer-api'], redirectUrls: [REDIRECT_URL] }),
    });
    expect(res.status).toBe(201);
    const client = (await res.json()) as { clientId: string; clientSecret: string };
    const tokenRes = await fetch(`${edgeUrl}/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    return { client, api: new RetryingClient(edgeUrls, () => token, figures) };
  };
  const apps = await Promise.all(Array.from({ length: APPS }, newApp));
  // An app of the test's own: after each fault it makes a share and times its webhook (its calls count in the figures too).
  const probe = await newApp();
  await receiver.start();
  const hookPath = (app: number) => `/hooks/app${app}`;
  const probePath = '/hooks/probe';
  const secrets = new Map<string, string>();
  const subscribe = async (api: RetryingClient, path: string, events: string[]) => {
    const made = await api.call('POST', '/webhooks', { json: { url: receiver.url(path), events }, idempotencyKey: RetryingClient.newKey(), done: (s) => s === 201 });
    secrets.set(path, (JSON.parse(made.text) as { data: { secret: string } }).data.secret);
  };
  for (const [app, { api }] of apps.entries()) await subscribe(api, hookPath(app), ['share.created', 'share.updated', 'share.deleted', 'consent.status.updated', 'transactions.fetched', 'analysis-job.completed', 'analysis-job.failed']);
  await subscribe(probe.api, probePath, ['share.created']);
  const signatures = new SignatureCheck(receiver, secrets);
  const signatureTimer = setInterval(() => signatures.check(), 1_000);
  // A failed check ends the test before the timer is cleared: it must not hold jest open.
  signatureTimer.unref();

  const shares: ShareRecord[] = [];
  const consents: ConsentRecord[] = [];
  const jobs: JobRecord[] = [];
  const feedback: Array<Made & { app: number }> = [];
  const faults: FaultRecord[] = [];
  /** Creates sent again with the same Idempotency-Key on the other edge whose answer was not the first one's. */
  const replayMismatches: string[] = [];
  let replays = 0;
  let replaysAcross = 0;
  let faulting = true;

  /** Sends a create again on the edge that did not answer it, with the same key and body: the first answer must come back. */
  async function sentAgainOnTheOtherEdge(api: RetryingClient, path: string, json: unknown, idempotencyKey: string, first: Answer, idOf: (text: string) => string): Promise<void> {
    const again = await api.call('POST', path, { json, idempotencyKey, edge: (first.edge + 1) % EDGES, done: (s) => s < 500 && s !== 429 });
    replays++;
    // Answered by the other edge, unless that one was down and the client fell back: only those cross edges.
    if (again.edge !== first.edge) replaysAcross++;
    const id = again.status === first.status ? idOf(again.text) : null;
    if (id !== idOf(first.text)) replayMismatches.push(`POST ${path} with key ${idempotencyKey}: ${first.status} ${idOf(first.text)} on edge ${first.edge + 1}, then ${again.status} ${again.text.slice(0, 200)} on edge ${again.edge + 1}`);
  }

  async function shareWorker(app: number, worker: number): Promise<void> {
    const { api } = apps[app]!;
    const partner = apps[(app + 1) % APPS]!.client.clientId;
    for (let i = 0; faulting; i++) {
      const reference = `app${app}-w${worker}-${i}`;
      const shareBody = { clientId: partner, reference, consentIds: [randomUUID()] };
      const shareKey = RetryingClient.newKey();
      const created = await api.call('POST', '/shares', { json: shareBody, idempotencyKey: shareKey, done: (s) => s === 200 });
      const shareId = (text: string) => (JSON.parse(text) as { data: string }).data;
      const record: ShareRecord = { app, reference, id: shareId(created.text), expirations: [], deleted: false };
      shares.push(record);
      if (i % 4 === 1) await sentAgainOnTheOtherEdge(api, '/shares', shareBody, shareKey, created, shareId);
      const correction = feedbackBody();
      const feedbackKey = RetryingClient.newKey();
      const submitted = await api.call('POST', '/v2/categorization-feedback', { json: correction, idempotencyKey: feedbackKey, done: (s) => s === 202 });
      const feedbackId = (text: string) => (JSON.parse(text) as { data: { id: string } }).data.id;
      feedback.push({ app, key: correction.transactionId, id: feedbackId(submitted.text) });
      if (i % 4 === 2) await sentAgainOnTheOtherEdge(api, '/v2/categorization-feedback', correction, feedbackKey, submitted, feedbackId);
      for (const day of [1, 2]) {
        const expirationDateUtc = new Date(Date.UTC(2031, 0, 1 + day, 0, i % 60)).toISOString();
        await api.call('PUT', `/shares/${record.id}`, { json: { expirationDateUtc }, done: (s) => s === 204, retryOn: [409] });
        record.expirations.push(expirationDateUtc);
      }
      if (i % 3 === 0) {
        const deleted = await api.call('DELETE', `/shares/${record.id}`, { done: (s) => s === 204 || s === 404, retryOn: [409] });
        // A 404 is the answer to a retry of a delete that was applied before its answer was lost.
        expect({ reference, status: deleted.status, attempts: deleted.attempts > 1 || deleted.status === 204 }).toEqual({ reference, status: deleted.status, attempts: true });
        record.deleted = true;
      }
    }
  }

  async function consentStatus(app: number, id: string): Promise<{ status: string; dateTransactionsUpdated: string | null }> {
    const answer = await apps[app]!.api.call('GET', `/consents/${id}`, { done: (s) => s === 200 });
    return (JSON.parse(answer.text) as { data: { status: string; dateTransactionsUpdated: string | null } }).data;
  }

  async function untilUpdated(app: number, id: string, after: string | null): Promise<string> {
    return waitFor(
      async () => {
        const consent = await consentStatus(app, id);
        return consent.status === 'Updated' && consent.dateTransactionsUpdated !== after ? consent.dateTransactionsUpdated! : false;
      },
      { timeoutMs: 240_000, intervalMs: 500, what: `consent ${id} Updated` },
    );
  }

  async function consentWorker(app: number): Promise<void> {
    const { api } = apps[app]!;
    for (let i = 0; faulting; i++) {
      const externalUserId = `faults-app${app}-${i}-${randomUUID().slice(0, 8)}`;
      const consentBody = { providerKey: 'sandbox-retail', redirectUrl: REDIRECT_URL, externalUserId };
      const consentKey = RetryingClient.newKey();
      const created = await api.call('POST', '/consents', { json: consentBody, idempotencyKey: consentKey, done: (s) => s === 201 });
      const { consentId, consentUrl } = JSON.parse(created.text) as { consentId: string; consentUrl: string };
      const record: ConsentRecord = { app, id: consentId, externalUserId, refreshed: false, fetched: [] };
      consents.push(record);
      await sentAgainOnTheOtherEdge(api, '/consents', consentBody, consentKey, created, (text) => (JSON.parse(text) as { consentId: string }).consentId);
      const page = await api.call('GET', consentUrl, { done: (s) => s === 200 || s === 303, redirect: 'manual' });
      if (page.status === 200) {
        const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.text)?.[1] ?? '';
        const action = new URL(/<form method="post" action="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&'), consentUrl).href;
        await api.call('POST', action, { form: new URLSearchParams({ consentId: field('consentId'), state: field('state'), decision: 'approve' }), done: (s) => s === 303, redirect: 'manual' });
      }
      const fetched = await untilUpdated(app, consentId, null);
      record.fetched.push(fetched);
      // An analysis of the consent, running while it is refreshed and while the faults come.
      const reference = `faults-${consentId}`;
      const jobBody = { Reference: reference, Engine: 'e1', Profile: 'retail', CountryCode: 'nl', Input: { consentIds: [consentId] } };
      const jobKey = RetryingClient.newKey();
      const job = await api.call('POST', '/analysis-jobs', { json: jobBody, idempotencyKey: jobKey, done: (s) => s === 201 });
      const jobId = (text: string) => (JSON.parse(text) as { id: string }).id;
      jobs.push({ app, id: jobId(job.text), consentId, reference });
      await sentAgainOnTheOtherEdge(api, '/analysis-jobs', jobBody, jobKey, job, jobId);
      await api.call('POST', `/consents/${consentId}/refresh`, { done: (s) => s === 202, retryOn: [409] });
      record.fetched.push(await untilUpdated(app, consentId, fetched));
      record.refreshed = true;
    }
  }

  /** When a share the probe app makes now reaches its webhook endpoint (null if not within 2 minutes). */
  async function probeDelivered(n: number): Promise<number | null> {
    const created = await probe.api.call('POST', '/shares', { json: { clientId: apps[0]!.client.clientId, reference: `probe-${n}` }, idempotencyKey: RetryingClient.newKey(), done: (s) => s === 200 });
    const id = (JSON.parse(created.text) as { data: string }).data;
    const arrived = () => receiver.on(probePath).some((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === id);
    return waitFor(() => (arrived() ? Date.now() : false), { timeoutMs: 120_000, intervalMs: 100, what: `the probe share ${n}'s webhook` }).catch(() => null);
  }

  async function injectFaults(): Promise<void> {
    const crash = async (name: string, kill: () => Promise<void>, start: () => Promise<void>, downMs: number) => {
      const at = Date.now();
      await kill();
      await sleep(downMs);
      await start();
      const back = Date.now();
      faults.push({ name, at, back, delivered: await probeDelivered(faults.length) });
      await sleep(4_000);
    };
    await sleep(6_000);
    const { partition, leader } = await busiestPartitionLeader(kafka.brokers, `${namespace}.${Topics.shareEvents}`);
    await crash(`Kafka broker ${leader} (leader of share events partition ${partition})`, () => kafka.killNode(leader), () => kafka.start(), 2_000);
    // One edge and one instance of each service behind the edges at once: the clients fail over to the other edge,
    // the consumers' partitions wait for their session to expire. Back once they answer: they rejoin their groups
    // while the load and the next faults go on.
    const firstInstances = [edges[0]!, ...behindEdge.filter((s) => s.replica === 1)];
    await crash(
      `one instance of each service (${firstInstances.map((s) => s.name).join(', ')})`,
      async () => void (await Promise.all(firstInstances.map((s) => s.kill()))),
      async () => void (await Promise.all(firstInstances.map((s) => s.start('live')))),
      2_000,
    );
    await crash('store', () => store.kill(), () => store.start(), 2_000);
    await crash('store PostgreSQL', () => store.killPostgres(), () => store.startPostgres(), 2_000);
    faulting = false;
  }

  await Promise.all([
    injectFaults(),
    ...apps.flatMap((_, app) => [...Array.from({ length: SHARE_WORKERS_PER_APP }, (_, worker) => shareWorker(app, worker)), consentWorker(app)]),
  ]);

  // Every share exactly once, with the last state its app was told was applied.
  const { lost, doubled } = await sharesListedOnce(apps, shares);
  // Every consent, job and feedback item its app was told was made exactly once in the app's lists, and nothing else there.
  const listed = async (app: number, path: string, made: (item: Record<string, unknown>) => Made): Promise<Made[]> => {
    const items: Made[] = [];
    for (let page = 1; ; page++) {
      const body = JSON.parse((await apps[app]!.api.call('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}&pageSize=500`, { done: (s) => s === 200 })).text) as {
        data: Array<Record<string, unknown>> | null;
        _pagination?: { totalPages: number };
      };
      items.push(...(body.data ?? []).map(made));
      if (!body._pagination || page >= body._pagination.totalPages) return items;
    }
  };
  const createdAudits = [];
  for (const app of apps.keys()) {
    createdAudits.push(
      createdOnce('consent', await listed(app, '/consents', (c) => ({ key: String(c.externalUserId), id: String(c.id) })), consents.filter((c) => c.app === app).map((c) => ({ key: c.externalUserId, id: c.id }))),
      createdOnce('analysis job', await listed(app, '/analysis-jobs', (j) => ({ key: String(j.reference), id: String(j.id) })), jobs.filter((j) => j.app === app).map((j) => ({ key: j.reference, id: j.id }))),
      createdOnce('feedback on transaction', await listed(app, '/v2/categorization-feedback', (f) => ({ key: (f.transaction as { transactionId: string }).transactionId, id: String(f.id) })), feedback.filter((f) => f.app === app)),
    );
  }
  const created = {
    lost: createdAudits.reduce((n, a) => n + a.lost, 0),
    doubled: createdAudits.reduce((n, a) => n + a.doubled, 0),
    wrong: createdAudits.flatMap((a) => a.wrong),
  };
  for (const line of [...created.wrong, ...replayMismatches].slice(0, 20)) console.log(line);

  // Every share's events on the topic, in order, none missing.
  const wrongShares = await shareEventsNotAsTold(kafka.brokers, `${namespace}.${Topics.shareEvents}`, shares);
  for (const line of wrongShares.slice(0, 20)) console.log(line);
  const outOfOrder = wrongShares.length;

  // Every acknowledged share event at its app's webhook endpoint at least once, in order per share. The
  // webhooks service may still be working off what queued while it was down: wait until nothing is missing.
  const webhookAudit = () => {
    const audits = apps.map((_, app) => auditShareWebhooks(receiver.on(hookPath(app)), shares.filter((s) => s.app === app)));
    return audits.reduce((a, b) => ({ received: a.received + b.received, duplicates: a.duplicates + b.duplicates, missing: a.missing + b.missing, outOfOrder: a.outOfOrder + b.outOfOrder, wrong: [...a.wrong, ...b.wrong] }));
  };
  // Every step of every consent its app saw, at its endpoint, in order.
  const consentWebhookAudit = () =>
    apps
      .map((_, app) => auditConsentWebhooks(receiver.on(hookPath(app)), consents.filter((c) => c.app === app)))
      .reduce((a, b) => ({ received: a.received + b.received, missing: a.missing + b.missing, outOfOrder: a.outOfOrder + b.outOfOrder, wrong: [...a.wrong, ...b.wrong] }));
  // Every job finished: the analysis service may still be running what the faults held up.
  const jobStatuses = new Map<string, string>();
  const finishedBy = Date.now() + 180_000;
  for (const job of jobs) {
    for (;;) {
      const answer = await apps[job.app]!.api.call('GET', `/analysis-jobs/${job.id}`, { done: (s) => s === 200 });
      const { status, failure } = (JSON.parse(answer.text) as { data: { status: string; failure?: { code?: string; message?: string } | null } }).data;
      jobStatuses.set(job.id, failure ? `${status} (${failure.code}: ${failure.message})` : status);
      if (status === 'Completed' || status === 'Failed' || Date.now() > finishedBy) break;
      await sleep(1_000);
    }
  }
  const jobsNotCompleted = jobs.filter((j) => jobStatuses.get(j.id) !== 'Completed').map((j) => `job ${j.id} of consent ${j.consentId}: ${jobStatuses.get(j.id)}`);
  // A result is stored under its job's id, so a job run twice shows as a second completion event, not a second result.
  const analysisDb = await connectDatabase(store.uri, db('analysis'));
  const withoutResult: string[] = [];
  try {
    for (const job of jobs) {
      if ((await database(analysisDb).collection('analysis_results').countDocuments({ _id: job.id } as object)) === 0) withoutResult.push(`job ${job.id}: no result`);
    }
  } finally {
    await analysisDb.close();
  }

  let hooks = webhookAudit();
  let consentHooks = consentWebhookAudit();
  const jobAudit = () => apps.map((_, app) => auditJobWebhooks(receiver.on(hookPath(app)), jobs.filter((j) => j.app === app).map((j) => j.id))).reduce((a, b) => ({ completedOnce: a.completedOnce + b.completedOnce, missing: a.missing + b.missing, wrong: [...a.wrong, ...b.wrong] }));
  let jobHooks = jobAudit();
  const deliveredBy = Date.now() + 180_000;
  while ((hooks.missing > 0 || consentHooks.missing > 0 || jobHooks.missing > 0) && Date.now() < deliveredBy) {
    await sleep(2_000);
    hooks = webhookAudit();
    consentHooks = consentWebhookAudit();
    jobHooks = jobAudit();
  }
  // Whatever a second completion of a job would have sent would be out by now.
  await sleep(2_000);
  jobHooks = jobAudit();
  // Read after the webhooks' wait: a completion still in a relay's outbox, or a second one published late, is on the topic by now.
  const analysisEvents = (await readTopic(kafka.brokers, `${namespace}.${Topics.analysisEvents}`)).flatMap((m) => (m.value === null ? [] : [JSON.parse(m.value) as JobEvent]));
  const notFinishedOnce = jobsNotFinishedOnce(analysisEvents, jobs.map((j) => j.id));
  clearInterval(signatureTimer);
  signatures.check();
  consentHooks = consentWebhookAudit();
  for (const line of [...hooks.wrong, ...consentHooks.wrong.slice(0, 10), ...jobHooks.wrong, ...jobsNotCompleted, ...withoutResult, ...notFinishedOnce, ...signatures.invalid].slice(0, 40)) console.log(line);
  if (hooks.missing > 0 || consentHooks.missing > 0 || jobHooks.missing > 0) console.log(`webhook messages in the webhooks service's store, by status: ${await webhookMessageCensus(store.uri, db('webhooks'))}`);

  // An app's rate limit holds across the two edges after the faults (the store's restart among them): a block of one
  // token every 100 s, so the budget is the burst of 4 whichever edge is asked; two edges not sharing it would pass 8.
  const limitedClient = (await (
    await fetch(`${edgeUrls[1]!}/admin/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['customer-api'], rateLimit: { burst: 4, perSecond: 0.01 } }),
    })
  ).json()) as { clientId: string; clientSecret: string };
  const limitedToken = ((await (await fetch(`${edgeUrl}/connect/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: limitedClient.clientId, client_secret: limitedClient.clientSecret }) })).json()) as { access_token: string }).access_token;
  const limitedStatuses: number[] = [];
  for (let i = 0; i < 10; i++) limitedStatuses.push((await fetch(`${edgeUrls[i % EDGES]!}/shares`, { headers: { authorization: `Bearer ${limitedToken}` } })).status);
  const passedTheLimit = limitedStatuses.filter((status) => status === 200).length;

  // Nothing dead-lettered: every subscription's dead-letter topic (from the groups each instance reports in its metrics) there, and empty.
  const subscriptions = [];
  for (const service of behindEdge) subscriptions.push(...subscriptionsInMetrics(await (await fetch(`${service.url}/metrics`, { signal: AbortSignal.timeout(60_000) })).text(), namespace));
  const admin = createKafka(uniqueName('faults-admin'), kafka.brokers, quiet).admin();
  await admin.connect();
  const messagesInTopic = new Map<string, number>();
  try {
    for (const name of (await admin.listTopics()).filter((t) => t.startsWith(`${namespace}.`) && t.includes('.dlq.'))) {
      messagesInTopic.set(name, (await admin.fetchTopicOffsets(name)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0));
    }
  } finally {
    await admin.disconnect();
  }
  const deadLetterCheck = deadLetterAudit(subscriptions, messagesInTopic, namespace, Object.keys(settings));
  const { deadLetters } = deadLetterCheck;
  // Said now: the reads of every consent below can take long while an instance of a service cannot reach the store.
  console.log(`dead-letter topics: ${deadLetterCheck.expected.length} expected from ${subscriptions.length} subscriptions reported, ${messagesInTopic.size} on the cluster; rate limit of burst 4 across the edges: ${limitedStatuses.join(' ')}`);
  for (const topic of deadLetterCheck.missing) console.log(`dead-letter topic ${topic} not on the cluster`);
  for (const [topic, messages] of Object.entries(deadLetters).filter(([, n]) => n > 0)) console.log(`dead-letter topic ${topic}: ${messages} messages`);
  if (passedTheLimit < 4 || passedTheLimit > 5 || limitedStatuses.slice(-EDGES).some((status) => status !== 429)) console.log(`rate limit of burst 4 across the edges: ${limitedStatuses.join(' ')}`);

  // Every consent Updated with exactly its sandbox transactions; the sequencing projection holds the same.
  const { consentMismatches, projectionMismatches } = await consentsNotAsFetched(apps, consents, store.uri, db('sequencing'));

  const faultLines = faults.map((fault, i) => {
    const until = faults[i + 1]?.at ?? Infinity;
    const errors = figures.errorTimes.filter((t) => t >= fault.at && t < until);
    const seconds = (t: number) => `${((t - fault.at) / 1000).toFixed(1)} s`;
    return [
      `  ${fault.name}: back after ${seconds(fault.back)}; a new share's webhook delivered ${fault.delivered === null ? 'not within 2 min' : `${seconds(fault.delivered)} after the kill`};`,
      `    clients saw ${errors.length} errors (5xx or no answer)${errors.length > 0 ? `, the last ${seconds(Math.max(...errors))} after the kill` : ''}`,
    ].join('\n');
  });
  console.log(
    [
      `fault injection (Kafka cluster of 3, ${EDGES} edges, ${REPLICAS} instances of each service behind them):`,
      '  faults (SIGKILL, then started again), with the time to recover from each:',
      ...faultLines,
      `  operations: ${figures.operations}; retries: ${figures.retries}; clean failures (429/409): ${figures.cleanFailures}; 5xx: ${figures.serverErrors}; no answer: ${figures.networkErrors}; refused by an edge and passed to the other: ${figures.failovers}`,
      `  shares: ${shares.length} (${shares.filter((s) => s.deleted).length} deleted); consents: ${consents.length} (${consents.filter((c) => c.refreshed).length} refreshed); feedback items: ${feedback.length}`,
      `  shares lost: ${lost}; doubled: ${doubled}; consents, jobs and feedback items lost: ${created.lost}, doubled: ${created.doubled}; creates sent again on the other edge: ${replays} (${replaysAcross} answered by it), not replayed: ${replayMismatches.length}`,
      `  events out of order or missing: ${outOfOrder}; consents wrong: ${consentMismatches}; sequencing projections wrong: ${projectionMismatches}`,
      `  dead-letter topics: ${deadLetterCheck.expected.length} expected, ${deadLetterCheck.missing.length} not found (${deadLetterCheck.missing.join(', ')}); dead letters: ${Object.values(deadLetters).reduce((a, b) => a + b, 0)}`,
      `  rate limit across the edges (burst 4): ${passedTheLimit} of ${limitedStatuses.length} requests passed (${limitedStatuses.join(' ')})`,
      `  share webhooks: ${hooks.received} received; duplicates: ${hooks.duplicates}; missing: ${hooks.missing}; shares out of order: ${hooks.outOfOrder}`,
      `  consent webhooks: ${consentHooks.received} received; missing: ${consentHooks.missing}; consents out of order: ${consentHooks.outOfOrder}`,
      `  analysis jobs: ${jobs.length}; not completed: ${jobsNotCompleted.length}; without a result: ${withoutResult.length}; not completed exactly once on the topic: ${notFinishedOnce.length}; completion webhooks once: ${jobHooks.completedOnce}, missing: ${jobHooks.missing}, twice or failed: ${jobHooks.wrong.length}`,
      `  webhook signatures: ${signatures.verified} verified, ${signatures.invalid.length} invalid`,
    ].join('\n'),
  );
  expect(faults.map((f) => f.name.replace(/^Kafka broker .*/, 'Kafka broker'))).toEqual(['Kafka broker', 'one instance of each service (edge, share, consent, sequencing-engine, webhooks, analysis, feedback)', 'store', 'store PostgreSQL']);
  expect(shares.length).toBeGreaterThan(APPS * SHARE_WORKERS_PER_APP);
  expect(consents.length).toBeGreaterThanOrEqual(APPS);
  expect(jobs.length).toBeGreaterThanOrEqual(APPS);
  expect(feedback.length).toBe(shares.length);
  expect(replays).toBeGreaterThanOrEqual(consents.length + jobs.length);
  // Most were answered by the other edge (a few fall back while it is down): the replay crossed edges.
  expect(replaysAcross).toBeGreaterThan(replays / 2);
  expect({ lost, doubled, outOfOrder, consentMismatches, projectionMismatches }).toEqual({ lost: 0, doubled: 0, outOfOrder: 0, consentMismatches: 0, projectionMismatches: 0 });
  expect({ created: created.wrong, replayMismatches }).toEqual({ created: [], replayMismatches: [] });
  expect({ passedTheLimit: Math.min(passedTheLimit, 4), refusedByBothEdges: limitedStatuses.slice(-EDGES) }).toEqual({ passedTheLimit: 4, refusedByBothEdges: [429, 429] });
  expect(passedTheLimit).toBeLessThanOrEqual(5);
  expect({ deadLetterTopicsMissing: deadLetterCheck.missing, servicesWithoutSubscriptions: deadLetterCheck.servicesWithout, deadLetters }).toEqual({
    deadLetterTopicsMissing: [],
    servicesWithoutSubscriptions: [],
    deadLetters: Object.fromEntries(Object.keys(deadLetters).map((k) => [k, 0])),
  });
  expect({ webhooksMissing: hooks.missing, webhooksOutOfOrder: hooks.outOfOrder }).toEqual({ webhooksMissing: 0, webhooksOutOfOrder: 0 });
  expect({ consentWebhooksMissing: consentHooks.missing, consentWebhooksOutOfOrder: consentHooks.outOfOrder }).toEqual({ consentWebhooksMissing: 0, consentWebhooksOutOfOrder: 0 });
  expect({ jobsNotCompleted, withoutResult, notFinishedOnce, jobWebhooksMissing: jobHooks.missing, jobWebhooksWrong: jobHooks.wrong }).toEqual({ jobsNotCompleted: [], withoutResult: [], notFinishedOnce: [], jobWebhooksMissing: 0, jobWebhooksWrong: [] });
  expect({ invalidSignatures: signatures.invalid, verified: signatures.verified }).toEqual({ invalidSignatures: [], verified: receiver.received.length });
  // The services' and the store's logs are kept only when something above failed.
  logsToRemove = logDir;
}, 900_000);

/** How many webhook messages the webhooks service made, by status (or why that could not be read within 10 s). */
/** The partition of `topic` holding the most messages, and the node id of its leader. */
async function busiestPartitionLeader(brokers: string[], topic: string): Promise<{ partition: number; leader: number }> {
  const admin = createKafka(uniqueName('faults-admin'), brokers, quiet).admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(topic);
    const busiest = offsets.reduce((a, b) => (Number(b.high) > Number(a.high) ? b : a));
    const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
    return { partition: busiest.partition, leader: metadata.topics[0]!.partitions.find((p) => p.partitionId === busiest.partition)!.leader };
  } finally {
    await admin.disconnect();
  }
}
