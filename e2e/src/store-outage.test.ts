import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createKafka } from '@obp/bus';
import { createLogger } from '@obp/telemetry';
import { startFerretDb, testEnv, uniqueName, waitFor, type FerretProcess } from '@obp/testkit';
import { jobBody } from './analysis-helpers';
import { startStack, type Stack, type TestClient } from './harness';

/**
 * The store's PostgreSQL behind FerretDB SIGKILLed, or stopped (SIGSTOP) so that it answers nothing, while apps
 * write through the edge: every answer is a success, an expected 4xx or a 503 with Retry-After, never a 500 and
 * never a request left without an answer; once PostgreSQL is back, writes succeed and the event handlers that met
 * the outage applied their events without a dead letter.
 */

const quiet = createLogger('store-outage', 'silent');

let dataDir: string;
let store: FerretProcess;
let stack: Stack;
let owner: TestClient;
let partner: TestClient;

beforeAll(async () => {
  dataDir = mkdtempSync(join(__dirname, '..', '..', '.cache', 'test-ferretdb-'));
  store = await startFerretDb(dataDir);
  stack = await startStack({ mongoUri: store.uri, kafkaBrokers: testEnv().kafkaBrokers });
  owner = await stack.registerClient();
  partner = await stack.registerClient();
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await store?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

/** SIGSTOP or SIGCONT to the store's PostgreSQL, its postmaster and every backend: stopped, it keeps every connection open and answers nothing. */
function signalPostgres(signal: 'SIGSTOP' | 'SIGCONT'): void {
  const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(postmaster, signal);
  let backends: number[] = [];
  try {
    backends = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    // pgrep exits 1 when the postmaster has no child
  }
  for (const pid of backends) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      // A backend that ended between the listing and the signal (its client went away): nothing to stop.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}

/** Every consumer group of the stack reaches the end of its topics, and no event went to a dead-letter topic. */
async function expectConsumersDrainedWithoutDeadLetters(): Promise<void> {
  const admin = createKafka(uniqueName('outage-admin'), testEnv().kafkaBrokers, quiet).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${stack.namespace}.`));
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((g) => g.startsWith(`${stack.namespace}.`));
    const lag = async () => {
      let total = 0;
      for (const groupId of groups) {
        for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics: topics.filter((t) => !t.includes('.dlq.')) })) {
          const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)]));
          for (const p of partitions) if (Number(p.offset) >= 0) total += (ends.get(p.partition) ?? 0) - Number(p.offset);
        }
      }
      return total;
    };
    expect(groups.length).toBeGreaterThan(0);
    await waitFor(async () => (await lag()) === 0, { timeoutMs: 120_000, intervalMs: 1_000, what: 'every consumer group of the stack at the end of its topics' });
    const deadLetters: Record<string, number> = {};
    for (const topic of topics.filter((t) => t.includes('.dlq.'))) deadLetters[topic] = (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
    expect(deadLetters).toEqual(Object.fromEntries(Object.keys(deadLetters).map((topic) => [topic, 0])));
  } finally {
    await admin.disconnect();
  }
}

it('answers 503 with Retry-After, never 500, while the store’s PostgreSQL is killed and restarted', async () => {
  const token = await stack.token(owner);

  const answers: Array<{ route: string; status: number; retryAfter: string | null }> = [];
  const shareIds: string[] = [];
  let running = true;
  const call = async (route: string, path: string, init: { method: string; json: unknown }) => {
    const res = await stack.api(token, path, { ...init, headers: { 'idempotency-key': randomUUID() } });
    const text = await res.text();
    answers.push({ route, status: res.status, retryAfter: res.headers.get('retry-after') });
    return { status: res.status, text };
  };
  const workers = {
    'POST /shares': async () => {
      const created = await call('POST /shares', '/shares', { method: 'POST', json: { clientId: partner.clientId, reference: uniqueName('outage'), consentIds: [randomUUID()] } });
      if (created.status === 200) shareIds.push((JSON.parse(created.text) as { data: string }).data);
    },
    'PUT /shares': async () => {
      const id = shareIds[Math.floor(Math.random() * shareIds.length)];
      if (!id) return void (await sleep(20));
      await call('PUT /shares', `/shares/${id}`, { method: 'PUT', json: { expirationDateUtc: new Date(Date.UTC(2031, 0, 1, 0, Math.floor(Math.random() * 1000))).toISOString() } });
    },
    'POST /consents': async () =>
      void (await call('POST /consents', '/consents', { method: 'POST', json: { providerKey: 'sandbox-retail', redirectUrl: 'https://app.example.test/done', externalUserId: uniqueName('outage') } })),
    'POST /analysis-jobs': async () => void (await call('POST /analysis-jobs', '/analysis-jobs', { method: 'POST', json: jobBody([randomUUID()]) })),
  };
  const loops = Object.values(workers).flatMap((work) =>
    [1, 2].map(async () => {
      while (running) {
        await work();
        // A 503 is retried after a short pause, as a client honouring Retry-After would (shortened for the test).
        if (answers.at(-1)?.status === 503) await sleep(100);
      }
    }),
  );

  await sleep(2_000);
  const before = answers.length;
  await store.killPostgres();
  await sleep(3_000);
  await store.startPostgres();
  await sleep(3_000);
  running = false;
  await Promise.all(loops);

  const byRoute: Record<string, Record<number, number>> = {};
  for (const { route, status } of answers) (byRoute[route] ??= {})[status] = ((byRoute[route] ??= {})[status] ?? 0) + 1;
  console.log(`store outage: ${answers.length} answers (${answers.length - before} from the kill on), by route and status: ${JSON.stringify(byRoute)}`);

  const unavailable = answers.filter((a) => a.status === 503);
  expect(unavailable.length).toBeGreaterThan(0);
  expect(unavailable.filter((a) => !(Number(a.retryAfter) > 0))).toEqual([]);
  // A share or consent named by a random id may be unknown or refused (4xx); no answer is another 5xx.
  expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
  expect(answers.filter((a) => a.status >= 200 && a.status < 300).length).toBeGreaterThan(0);

  // PostgreSQL is back: writes succeed.
  const created = await waitFor(async () => {
    const res = await call('POST /shares', '/shares', { method: 'POST', json: { clientId: partner.clientId, reference: uniqueName('after'), consentIds: [randomUUID()] } });
    return res.status === 200 ? (JSON.parse(res.text) as { data: string }).data : false;
  }, { timeoutMs: 30_000, intervalMs: 500, what: 'a share created after the outage' });
  expect((await call('PUT /shares', `/shares/${created}`, { method: 'PUT', json: { expirationDateUtc: '2032-01-01T00:00:00.000Z' } })).status).toBe(204);

  // The handlers of every consumer group caught up with every event, none dead-lettered.
  await expectConsumersDrainedWithoutDeadLetters();
}, 300_000);

it('answers 503 with Retry-After, not 504 or nothing, while the store’s PostgreSQL answers nothing (SIGSTOP)', async () => {
  const token = await stack.token(owner);
  const share = async (reference: string) => {
    const res = await stack.api(token, '/shares', { method: 'POST', json: { clientId: partner.clientId, reference, consentIds: [randomUUID()] } });
    return { status: res.status, id: res.status === 200 ? ((await res.json()) as { data: string }).data : undefined };
  };
  const existing = (await share(uniqueName('before-pause'))).id;
  expect(existing).toBeDefined();

  const requests: Array<[string, string, { method: string; json?: unknown }]> = [
    ['POST /shares', '/shares', { method: 'POST', json: { clientId: partner.clientId, reference: uniqueName('paused'), consentIds: [randomUUID()] } }],
    ['PUT /shares', `/shares/${existing}`, { method: 'PUT', json: { expirationDateUtc: '2033-01-01T00:00:00.000Z' } }],
    ['GET /shares', `/shares/${existing}`, { method: 'GET' }],
    ['POST /consents', '/consents', { method: 'POST', json: { providerKey: 'sandbox-retail', redirectUrl: 'https://app.example.test/done', externalUserId: uniqueName('paused') } }],
    ['POST /analysis-jobs', '/analysis-jobs', { method: 'POST', json: jobBody([randomUUID()]) }],
  ];
  signalPostgres('SIGSTOP');
  let answers: Array<{ route: string; status: number | string; retryAfter: string | null }>;
  try {
    // Twice each at once; the client waits far longer than any bound of the stack, so "no answer" shows as such.
    answers = await Promise.all(
      [...requests, ...requests].map(async ([route, path, init]) => {
        try {
          const res = await stack.api(token, path, { ...init, headers: { 'idempotency-key': randomUUID() }, signal: AbortSignal.timeout(120_000) });
          await res.text();
          return { route, status: res.status, retryAfter: res.headers.get('retry-after') };
        } catch (error) {
          return { route, status: `no answer (${(error as Error).name})`, retryAfter: null };
        }
      }),
    );
  } finally {
    signalPostgres('SIGCONT');
  }
  console.log(`store paused: ${JSON.stringify(answers)}`);
  expect(answers.filter((a) => a.status !== 503 || !(Number(a.retryAfter) > 0))).toEqual([]);

  // PostgreSQL answers again: writes succeed, the events written meanwhile are handled, none dead-lettered.
  await waitFor(async () => (await share(uniqueName('after-pause'))).status === 200, { timeoutMs: 60_000, intervalMs: 500, what: 'a share created after the pause' });
  await expectConsumersDrainedWithoutDeadLetters();
}, 300_000);
