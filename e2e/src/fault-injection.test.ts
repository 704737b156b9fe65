import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createKafka } from '@obp/bus';
import { Topics } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { freePort, repoRoot, startFerretDb, startKafka, uniqueName, waitFor, type FerretProcess, type KafkaProcess } from '@obp/testkit';
import { consentsNotAsFetched, type ConsentRecord } from './faults/consent-audit';
import { newFigures, RetryingClient } from './faults/retrying-client';
import { ServiceProcess } from './faults/service-process';
import { auditShareWebhooks } from './faults/webhook-audit';
import { shareEventsNotAsTold, sharesListedOnce, webhookMessageCensus, type ShareRecord } from './faults/share-audit';
import { RecordingReceiver } from './recording-receiver';

/**
 * Fault injection: apps write shares and approve and refresh consents from parallel clients while
 * the test SIGKILLs and restarts the share service, the consent service, the webhooks service, Kafka,
 * the store (FerretDB with its PostgreSQL) and then the store's PostgreSQL alone. The clients retry as a careful
 * integrator does, with Idempotency-Keys; each app has a webhook endpoint for its share events. At the end
 * nothing may be lost, doubled, out of order or dead-lettered, and every acknowledged share event reached
 * its app's endpoint at least once, in order. The services run as their own processes on a Kafka and a
 * store of this test's own, so the kills touch no other suite.
 */

const APPS = 3;
const SHARE_WORKERS_PER_APP = 2;
const REDIRECT_URL = 'https://app.example.test/consent-done';
const quiet = createLogger('fault-injection', 'silent');


let kafka: KafkaProcess;
let store: FerretProcess;
const services: ServiceProcess[] = [];
const receiver = new RecordingReceiver();
/** Set once every check passed: the logs (and the store's data) are removed after the store stops. */
let logsToRemove: string | null = null;

afterAll(async () => {
  for (const service of services) await service.stop();
  await receiver.stop().catch(() => undefined);
  await kafka?.dispose();
  await store?.stop();
  if (logsToRemove) rmSync(logsToRemove, { recursive: true, force: true });
}, 120_000);

it('loses, doubles and reorders nothing while the share, consent and webhooks services, Kafka, the store and its PostgreSQL are killed', async () => {
  kafka = await startKafka();
  const logDir = mkdtempSync(join(repoRoot, '.cache', 'fault-injection-logs-'));
  // The store's data and logs (ferretdb.log, postgres/postgres.log) are kept with the services' logs when the test fails.
  store = await startFerretDb(join(logDir, 'store'));
  const namespace = uniqueName('faults');
  const db = (service: string) => `${namespace.replace(/-/g, '_')}_${service}`;
  const ports = { edge: await freePort(), share: await freePort(), consent: await freePort(), sequencing: await freePort(), webhooks: await freePort() };
  const edgeUrl = `http://127.0.0.1:${ports.edge}`;
  const adminToken = randomBytes(24).toString('base64url');
  const common = {
    MONGODB_URI: store.uri,
    KAFKA_BROKERS: kafka.brokers.join(','),
    NAMESPACE: namespace,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    TOKEN_ISSUER: edgeUrl,
    JWKS_URL: `${edgeUrl}/.well-known/jwks.json`,
    OUTBOX_POLL_MS: '1000',
  };
  const unused = 'http://127.0.0.1:9';
  const edge = new ServiceProcess(
    'edge',
    ports.edge,
    {
      ...common,
      EDGE_DB_NAME: db('edge'),
      ADMIN_TOKEN: adminToken,
      SHARE_SERVICE_URL: `http://127.0.0.1:${ports.share}`,
      CONSENT_SERVICE_URL: `http://127.0.0.1:${ports.consent}`,
      SEQUENCING_SERVICE_URL: `http://127.0.0.1:${ports.sequencing}`,
      WEBHOOKS_SERVICE_URL: `http://127.0.0.1:${ports.webhooks}`,
      ANALYSIS_SERVICE_URL: unused,
      FEEDBACK_SERVICE_URL: unused,
    },
    logDir,
  );
  const share = new ServiceProcess('share', ports.share, { ...common, SHARE_DB_NAME: db('share') }, logDir);
  const consent = new ServiceProcess(
    'consent',
    ports.consent,
    {
      ...common,
      CONSENT_DB_NAME: db('consent'),
      PUBLIC_BASE_URL: edgeUrl,
      // A lease shorter than the store's outage: fetches stalled by it are taken over while they still write.
      FETCH_LEASE_MS: '5000',
      FETCH_POLL_MS: '1000',
      FETCH_RETRY_BASE_MS: '500',
      FETCH_RETRY_MAX_MS: '3000',
      REFRESH_LIMIT_PER_DAY: '100',
    },
    logDir,
  );
  const sequencing = new ServiceProcess('sequencing-engine', ports.sequencing, { ...common, SEQUENCING_DB_NAME: db('sequencing') }, logDir);
  // Not production: a production webhooks service delivers only over https to public addresses; this one only to loopback.
  // WEBHOOK_CONCURRENCY stays at its default (256 attempts at once), the load under which an unpatched FerretDB 1.24 hung
  // for good after a PostgreSQL crash (docs/decisions.md, "FerretDB deadlocked on its own PostgreSQL pool (issue 24)").
  const webhooks = new ServiceProcess(
    'webhooks',
    ports.webhooks,
    { ...common, NODE_ENV: 'development', WEBHOOKS_DB_NAME: db('webhooks'), JWKS_URL: `${edgeUrl}/.well-known/jwks.json`, WEBHOOK_POLL_MS: '1000', WEBHOOK_LOOPBACK_ONLY: 'true' },
    logDir,
  );
  services.push(edge, share, consent, sequencing, webhooks);
  for (const service of services) await service.start('ready');

  const figures = newFigures();
  const apps = await Promise.all(
    Array.from({ length: APPS }, async () => {
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
      return { client, api: new RetryingClient(edgeUrl, () => token, figures) };
    }),
  );
  await receiver.start();
  const hookPath = (app: number) => `/hooks/app${app}`;
  for (const [app, { api }] of apps.entries()) {
    await api.call('POST', '/webhooks', { json: { url: receiver.url(hookPath(app)), events: ['share.created', 'share.updated', 'share.deleted'] }, idempotencyKey: RetryingClient.newKey(), done: (s) => s === 201 });
  }

  const shares: ShareRecord[] = [];
  const consents: ConsentRecord[] = [];
  const faults: string[] = [];
  let faulting = true;

  async function shareWorker(app: number, worker: number): Promise<void> {
    const { api } = apps[app]!;
    const partner = apps[(app + 1) % APPS]!.client.clientId;
    for (let i = 0; faulting; i++) {
      const reference = `app${app}-w${worker}-${i}`;
      const created = await api.call('POST', '/shares', { json: { clientId: partner, reference, consentIds: [randomUUID()] }, idempotencyKey: RetryingClient.newKey(), done: (s) => s === 200 });
      const record: ShareRecord = { app, reference, id: (JSON.parse(created.text) as { data: string }).data, expirations: [], deleted: false };
      shares.push(record);
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
      const created = await api.call('POST', '/consents', {
        json: { providerKey: 'sandbox-retail', redirectUrl: REDIRECT_URL, externalUserId },
        idempotencyKey: RetryingClient.newKey(),
        done: (s) => s === 201,
      });
      const { consentId, consentUrl } = JSON.parse(created.text) as { consentId: string; consentUrl: string };
      const record: ConsentRecord = { app, id: consentId, externalUserId, refreshed: false };
      consents.push(record);
      const page = await api.call('GET', consentUrl, { done: (s) => s === 200 || s === 303, redirect: 'manual' });
      if (page.status === 200) {
        const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.text)?.[1] ?? '';
        const action = new URL(/<form method="post" action="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&'), consentUrl).href;
        await api.call('POST', action, { form: new URLSearchParams({ consentId: field('consentId'), state: field('state'), decision: 'approve' }), done: (s) => s === 303, redirect: 'manual' });
      }
      const fetched = await untilUpdated(app, consentId, null);
      await api.call('POST', `/consents/${consentId}/refresh`, { done: (s) => s === 202, retryOn: [409] });
      await untilUpdated(app, consentId, fetched);
      record.refreshed = true;
    }
  }

  async function injectFaults(): Promise<void> {
    const crash = async (name: string, kill: () => Promise<void>, start: () => Promise<void>, downMs: number) => {
      await kill();
      faults.push(name);
      await sleep(downMs);
      await start();
    };
    await sleep(4_000);
    await crash('share service', () => share.kill(), () => share.start(), 500);
    await sleep(4_000);
    await crash('consent service', () => consent.kill(), () => consent.start(), 500);
    await sleep(4_000);
    // Down long enough for share events to queue up for it.
    await crash('webhooks service', () => webhooks.kill(), () => webhooks.start(), 5_000);
    await sleep(6_000);
    await crash('Kafka', () => kafka.kill(), () => kafka.start(), 2_000);
    await sleep(6_000);
    await crash('store', () => store.kill(), () => store.start(), 2_000);
    await sleep(6_000);
    await crash('store PostgreSQL', () => store.killPostgres(), () => store.startPostgres(), 2_000);
    await sleep(6_000);
    faulting = false;
  }

  await Promise.all([
    injectFaults(),
    ...apps.flatMap((_, app) => [...Array.from({ length: SHARE_WORKERS_PER_APP }, (_, worker) => shareWorker(app, worker)), consentWorker(app)]),
  ]);

  // Every share exactly once, with the last state its app was told was applied.
  const { lost, doubled } = await sharesListedOnce(apps, shares);

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
  let hooks = webhookAudit();
  const deliveredBy = Date.now() + 180_000;
  while (hooks.missing > 0 && Date.now() < deliveredBy) {
    await sleep(2_000);
    hooks = webhookAudit();
  }
  for (const line of hooks.wrong.slice(0, 20)) console.log(line);
  if (hooks.missing > 0) console.log(`webhook messages in the webhooks service's store, by status: ${await webhookMessageCensus(store.uri, db('webhooks'))}`);

  // Every consent Updated with exactly its sandbox transactions; the sequencing projection holds the same.
  const { consentMismatches, projectionMismatches } = await consentsNotAsFetched(apps, consents, store.uri, db('sequencing'));

  // Nothing dead-lettered.
  const admin = createKafka(uniqueName('faults-admin'), kafka.brokers, quiet).admin();
  await admin.connect();
  const deadLetters: Record<string, number> = {};
  try {
    for (const name of (await admin.listTopics()).filter((t) => t.startsWith(`${namespace}.`) && t.includes('.dlq.'))) {
      const offsets = await admin.fetchTopicOffsets(name);
      deadLetters[name] = offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
    }
  } finally {
    await admin.disconnect();
  }

  console.log(
    [
      'fault injection:',
      `  faults: ${faults.join(', ')} (SIGKILL, then started again)`,
      `  operations: ${figures.operations}; retries: ${figures.retries}; clean failures (429/409): ${figures.cleanFailures}; 5xx: ${figures.serverErrors}; no answer: ${figures.networkErrors}`,
      `  shares: ${shares.length} (${shares.filter((s) => s.deleted).length} deleted); consents: ${consents.length} (${consents.filter((c) => c.refreshed).length} refreshed)`,
      `  lost: ${lost}; doubled: ${doubled}; events out of order or missing: ${outOfOrder}; consents wrong: ${consentMismatches}; sequencing projections wrong: ${projectionMismatches}; dead letters: ${Object.values(deadLetters).reduce((a, b) => a + b, 0)}`,
      `  share webhooks: ${hooks.received} received; duplicates: ${hooks.duplicates}; missing: ${hooks.missing}; shares out of order: ${hooks.outOfOrder}`,
    ].join('\n'),
  );
  expect(faults).toEqual(['share service', 'consent service', 'webhooks service', 'Kafka', 'store', 'store PostgreSQL']);
  expect(shares.length).toBeGreaterThan(APPS * SHARE_WORKERS_PER_APP);
  expect(consents.length).toBeGreaterThanOrEqual(APPS);
  expect({ lost, doubled, outOfOrder, consentMismatches, projectionMismatches, deadLetters }).toEqual({ lost: 0, doubled: 0, outOfOrder: 0, consentMismatches: 0, projectionMismatches: 0, deadLetters: Object.fromEntries(Object.keys(deadLetters).map((k) => [k, 0])) });
  expect({ webhooksMissing: hooks.missing, webhooksOutOfOrder: hooks.outOfOrder }).toEqual({ webhooksMissing: 0, webhooksOutOfOrder: 0 });
  // The services' and the store's logs are kept only when something above failed.
  logsToRemove = logDir;
}, 900_000);

/** How many webhook messages the webhooks service made, by status (or why that could not be read within 10 s). */
