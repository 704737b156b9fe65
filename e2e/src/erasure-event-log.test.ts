import type { IHeaders } from 'kafkajs';
import { createKafka } from '@obp/bus';
import type { TransactionDto } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { uniqueName, waitFor } from '@obp/testkit';
import { createJob, finishedJob, jobBody } from './analysis-helpers';
import { connectedConsent } from './consent-helpers';
import { feedbackBody, postFeedback, reviewFeedback, submitFeedback } from './feedback-helpers';
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

/** Feedback about a transaction as the API gave it to the app. */
const feedbackAbout = (transaction: TransactionDto) =>
  feedbackBody({
    transactionId: transaction.id,
    accountId: transaction.accountId,
    amount: transaction.amount,
    currency: transaction.currency,
    description: transaction.description ?? '',
    counterpartDescription: transaction.counterpartName,
    counterpartAccountNumber: transaction.counterpartAccountNumber,
    transactionType: transaction.transactionType,
    transactionTypeName: transaction.transactionTypeName,
    reasonCode: transaction.reasonCode,
    purposeCode: transaction.purposeCode,
  });

const tracesOf = (messages: LoggedMessage[], needles: string[]) =>
  messages.flatMap((m) => needles.filter((needle) => m.text.includes(needle)).map((needle) => `${m.topic} ${m.at}: ${needle}`));

describe('erasure reaches the event log', () => {
  let stack: Stack;
  let owner: TestClient;
  let ownerToken: string;
  let partner: TestClient;
  let reviewerToken: string;

  beforeAll(async () => {
    // Compaction within seconds: a lag bound of 10 s (production: 24 hours; see docs/decisions.md).
    stack = await startStack({ eventLog: { rollMs: 1_000, lagBoundMs: 10_000 } });
    owner = await stack.registerClient();
    ownerToken = await stack.token(owner);
    partner = await stack.registerClient(['customer-api'], { directProviderFlow: false });
    reviewerToken = await stack.token(await stack.registerClient(['feedback-review']), 'feedback-review');
  });
  afterAll(() => stack.stop());

  it('leaves no trace of an erased consent in any topic, read from offset 0', async () => {
    const userId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    const externalUserId = `log-erasure-${Date.now()}`;
    const { consentId } = await connectedConsent(stack, ownerToken, { userId, externalUserId });
    const api = stack.clientWithToken(ownerToken);
    const accountsOf = async (id: string) => (await api.GET('/consents/{id}/accounts', { params: { path: { id } } })).data.data;
    const accounts = await accountsOf(consentId);
    expect(accounts.length).toBeGreaterThan(0);

    const share = async (body: { consentIds?: string[]; accountIds?: string[] }) => {
      const { data, response } = await api.POST('/shares', { body: { clientId: partner.clientId, ...body } });
      expect(response.status).toBe(200);
      return data.data;
    };
    // One share outlives the erasure (it loses the ids), another is deleted before it.
    await share({ consentIds: [consentId], accountIds: accounts.map((a) => a.id) });
    const deleted = await share({ consentIds: [consentId] });
    expect((await api.DELETE('/shares/{shareId}', { params: { path: { shareId: deleted } } })).response.status).toBe(204);
    const jobId = await createJob(stack, ownerToken, jobBody([consentId], { Metadata: { kvk_number: null, internal_ibans: [accounts[0]!.iban] } }));
    expect((await finishedJob(stack, ownerToken, jobId)).status).toBe('Completed');

    // Feedback about two of its transactions (one left Pending, one accepted: a rule of the app in the
    // analysis service), and about a transaction of another consent, which outlives the erasure.
    const transactionsOf = async (accountId: string) => (await api.GET('/accounts/{id}/transactions', { params: { path: { id: accountId }, query: { pageSize: 2 } } })).data.data ?? [];
    const transactions = await transactionsOf(accounts[0]!.id);
    expect(transactions).toHaveLength(2);
    const pendingId = await submitFeedback(stack, ownerToken, feedbackAbout(transactions[0]!));
    const acceptedId = await submitFeedback(stack, ownerToken, feedbackAbout(transactions[1]!));
    expect((await reviewFeedback(stack, reviewerToken, acceptedId, 'Accepted', 'Right')).status).toBe(200);
    const other = await connectedConsent(stack, ownerToken, { externalUserId: `log-erasure-other-${Date.now()}` });
    const otherAccount = (await accountsOf(other.consentId))[0]!;
    const otherTransaction = (await transactionsOf(otherAccount.id))[0]!;
    expect(transactions.map((t) => t.id)).not.toContain(otherTransaction.id);
    const keptId = await submitFeedback(stack, ownerToken, feedbackAbout(otherTransaction));
    const ruleIds = async () => (await stack.analysis.feedbackRules.rulesFor(owner.clientId, new Date())).map((rule) => rule.id);
    await waitFor(async () => (await ruleIds()).includes(acceptedId), { what: 'the accepted feedback to become a rule of the app', timeoutMs: 30_000 });

    const needles = [consentId, userId, externalUserId, ...accounts.flatMap((a) => [a.id, a.iban]), ...transactions.map((t) => t.id), pendingId, acceptedId];
    // The reader finds them while the consent lives: the consent on the consent, share and analysis
    // topics, its account on the feedback topic.
    const before = await waitFor(
      async () => {
        const { messages } = await readEveryTopic(stack.kafkaBrokers, stack.namespace);
        const topics = new Set(tracesOf(messages, [consentId, accounts[0]!.id]).map((t) => t.split(' ')[0]));
        return [stack.consentEventsTopic, stack.shareEventsTopic, stack.analysisEventsTopic, stack.feedbackEventsTopic].every((t) => topics.has(t)) ? topics : undefined;
      },
      { what: 'the consent on the consent, share, analysis and feedback topics', timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(before.size).toBeGreaterThanOrEqual(4);

    expect((await api.DELETE('/consents/{id}', { params: { path: { id: consentId } } })).response.status).toBe(204);

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
      throw new Error(`${error.message}; still there: ${[...byTopic].map(([topic, n]) => `${n} in ${topic}`).join(', ')}, e.g.\n  ${last.slice(0, 30).join('\n  ')}`);
    });
    expect(last).toEqual([]);

    // The feedback about the erased consent is gone from the service: the app's reads, the review
    // queue, the app's rules; feedback naming its accounts is refused from now on. The other stays.
    const reviewer = stack.clientWithToken(reviewerToken);
    for (const id of [pendingId, acceptedId]) await expect(api.GET('/v2/categorization-feedback/{id}', { params: { path: { id } } })).rejects.toMatchObject({ status: 404 });
    for (const id of [pendingId, acceptedId]) await expect(reviewer.GET('/v2/review/categorization-feedback/{id}', { params: { path: { id } } })).rejects.toMatchObject({ status: 404 });
    const ids = (items: Array<{ id: string }> | null) => (items ?? []).map((item) => item.id);
    expect(ids((await api.GET('/v2/categorization-feedback', { params: { query: { pageSize: 100 } } })).data.data)).toEqual([keptId]);
    for (const status of ['Pending', 'Accepted']) {
      const { data } = await reviewer.GET('/v2/review/categorization-feedback', { params: { query: { status, clientId: owner.clientId } } });
      expect(ids(data.data)).toEqual(status === 'Pending' ? [keptId] : []);
    }
    expect(await ruleIds()).not.toContain(acceptedId);
    const late = await postFeedback(stack, ownerToken, feedbackAbout(transactions[0]!));
    expect(late.status).toBe(400);
    expect(((await late.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty('accountId');
    const { messages } = await readEveryTopic(stack.kafkaBrokers, stack.namespace);
    expect(tracesOf(messages, [keptId, otherAccount.id]).some((t) => t.startsWith(stack.feedbackEventsTopic))).toBe(true);
    expect(tracesOf(messages, needles)).toEqual([]);
  }, 240_000);
});
