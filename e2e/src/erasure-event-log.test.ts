import type { IHeaders } from 'kafkajs';
import { createKafka } from '@obp/bus';
import type { AccountDto } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { uniqueName, waitFor } from '@obp/testkit';
import { createJob, finishedJob, jobBody } from './analysis-helpers';
import { connectedConsent } from './consent-helpers';
import { startStack, type Stack, type TestClient } from './harness';

const logger = createLogger('test', 'silent');

interface LoggedMessage {
  topic: string;
  /** `<partition>@<offset> <key> <event type or "tombstone">`. */
  at: string;
  /** Key, value and headers as text. */
  text: string;
}

const headerText = (headers: IHeaders | undefined) =>
  Object.entries(headers ?? {})
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.map(String).join(',') : String(value ?? '')}`)
    .join(' ');

/**
 * Every message of every topic whose name starts with `prefix` (event topics and dead-letter topics
 * alike), read from the start of each partition up to its end when the read began.
 */
async function readEveryTopic(brokers: string[], prefix: string): Promise<{ topics: string[]; messages: LoggedMessage[] }> {
  const kafka = createKafka(uniqueName('erasure-reader'), brokers, logger);
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map<string, bigint>();
  let topics: string[];
  try {
    topics = (await admin.listTopics()).filter((t) => t.startsWith(`${prefix}.`)).sort();
    for (const topic of topics) {
      for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) if (BigInt(high) > BigInt(low)) ends.set(`${topic}/${partition}`, BigInt(high));
    }
  } finally {
    await admin.disconnect();
  }
  const messages: LoggedMessage[] = [];
  if (ends.size === 0) return { topics, messages };
  const consumer = kafka.consumer({ groupId: uniqueName('erasure-reader'), maxWaitTimeInMs: 500 });
  await consumer.connect();
  try {
    const left = new Set(ends.keys());
    await consumer.subscribe({ topics: topics.filter((t) => [...left].some((p) => p.startsWith(`${t}/`))), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        const type = message.value === null ? 'tombstone' : (/"type":"([^"]+)"/.exec(message.value.toString('utf8'))?.[1] ?? '?');
        messages.push({ topic, at: `${partition}@${message.offset} ${message.key?.toString('utf8') ?? ''} ${type}`, text: `${message.key?.toString('utf8') ?? ''} ${message.value?.toString('utf8') ?? ''} ${headerText(message.headers)}` });
        if (BigInt(message.offset) + 1n >= ends.get(`${topic}/${partition}`)!) left.delete(`${topic}/${partition}`);
      },
    });
    await waitFor(() => left.size === 0, { what: `the end of ${[...left].join(', ')}`, timeoutMs: 30_000, intervalMs: 100 });
  } finally {
    await consumer.disconnect();
  }
  return { topics, messages };
}

const tracesOf = (messages: LoggedMessage[], needles: string[]) =>
  messages.flatMap((m) => needles.filter((needle) => m.text.includes(needle)).map((needle) => `${m.topic} ${m.at}: ${needle}`));

describe('erasure reaches the event log', () => {
  let stack: Stack;
  let owner: TestClient;
  let ownerToken: string;
  let partner: TestClient;

  beforeAll(async () => {
    // Compaction within seconds (production: within the hour; see docs/decisions.md).
    stack = await startStack({ eventLogRollMs: 1_000 });
    owner = await stack.registerClient();
    ownerToken = await stack.token(owner);
    partner = await stack.registerClient(['customer-api'], { directProviderFlow: false });
  });
  afterAll(() => stack.stop());

  it('leaves no trace of an erased consent in any topic, read from offset 0', async () => {
    const userId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    const externalUserId = `log-erasure-${Date.now()}`;
    const { consentId } = await connectedConsent(stack, ownerToken, { userId, externalUserId });
    const accounts = ((await (await stack.api(ownerToken, `/consents/${consentId}/accounts`)).json()) as { data: AccountDto[] }).data;
    expect(accounts.length).toBeGreaterThan(0);

    const share = async (json: Record<string, unknown>) => {
      const res = await stack.api(ownerToken, '/shares', { method: 'POST', json: { clientId: partner.clientId, ...json } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: string }).data;
    };
    // One share outlives the erasure (it loses the ids), another is deleted before it.
    await share({ consentIds: [consentId], accountIds: accounts.map((a) => a.id) });
    const deleted = await share({ consentIds: [consentId] });
    expect((await stack.api(ownerToken, `/shares/${deleted}`, { method: 'DELETE' })).status).toBe(204);
    const jobId = await createJob(stack, ownerToken, jobBody([consentId], { Metadata: { kvk_number: null, internal_ibans: [accounts[0]!.iban] } }));
    expect((await finishedJob(stack, ownerToken, jobId)).status).toBe('Completed');

    const needles = [consentId, userId, externalUserId, ...accounts.flatMap((a) => [a.id, a.iban])];
    // The reader finds them while the consent lives: on the consent, share and analysis topics.
    const before = await waitFor(
      async () => {
        const { messages } = await readEveryTopic(stack.kafkaBrokers, stack.namespace);
        const topics = new Set(tracesOf(messages, [consentId]).map((t) => t.split(' ')[0]));
        return [stack.consentEventsTopic, stack.shareEventsTopic, stack.analysisEventsTopic].every((t) => topics.has(t)) ? topics : undefined;
      },
      { what: 'the consent on the consent, share and analysis topics', timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(before.size).toBeGreaterThanOrEqual(3);

    expect((await stack.api(ownerToken, `/consents/${consentId}`, { method: 'DELETE' })).status).toBe(204);

    let last: string[] = [];
    await waitFor(
      async () => {
        const { topics, messages } = await readEveryTopic(stack.kafkaBrokers, stack.namespace);
        last = tracesOf(messages, needles);
        // Dead-letter topics included: every consumer group of the stack has one.
        return last.length === 0 && topics.some((t) => t.includes('.dlq.'));
      },
      { what: 'every trace of the consent to leave every topic', timeoutMs: 90_000, intervalMs: 1_000 },
    ).catch((error: Error) => {
      const byTopic = new Map<string, number>();
      for (const trace of last) byTopic.set(trace.split(' ')[0]!, (byTopic.get(trace.split(' ')[0]!) ?? 0) + 1);
      throw new Error(`${error.message}; still there: ${[...byTopic].map(([topic, n]) => `${n} in ${topic}`).join(', ')}, e.g.\n  ${last.filter((t) => t.endsWith(consentId)).slice(0, 30).join('\n  ')}`);
    });
    expect(last).toEqual([]);
  }, 180_000);
});
