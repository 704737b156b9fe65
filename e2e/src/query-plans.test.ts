import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKafka, IdempotentConsumer } from '@obp/bus';
import { connectDatabase, database, type Connection } from '@obp/db';
import { ClaimLedger } from '@obp/jobs';
import { createLogger } from '@obp/telemetry';
import { explainFilter, filterShape, QueryRecorder, startFerretDb, testEnv, uniqueDbName, uniqueName, waitFor, type FerretProcess, type RecordedQuery } from '@obp/testkit';
import { createJob, finishedJob, jobBody } from './analysis-helpers';
import { connectedConsent, createConsent } from './consent-helpers';
import { feedbackBody, feedbackWithStatus, reviewFeedback, submitFeedback } from './feedback-helpers';
import { startStack, type Stack } from './harness';
import { unplannedScatters } from './shard-targeting';

/**
 * The reads that take a whole collection on purpose: the edge's signing keys (a handful, read into
 * memory at start and every SIGNING_KEY_RELOAD_MS), the configured banks (likewise), and a full maintenance round (the first of a database, or under new settings),
 * which looks at every consent once to store when each falls due.
 */
function readsWholeCollectionByDesign(query: RecordedQuery): boolean {
  const shape = JSON.stringify(filterShape(query.filter));
  if (query.collection === 'signing_keys' && shape === '{}') return true;
  // The banks an operator added, read whole into memory every XS2A_PROVIDERS_RELOAD_MS: a handful.
  if (query.collection === 'xs2a_providers' && shape === '{}') return true;
  if (!query.database.startsWith('consent') || query.collection !== 'consents' || query.command !== 'find') return false;
  const fullRound = [{ erasedAt: 'null', deletedAt: 'null' }, { erasing: { $exists: 'boolean' }, erasedAt: { $ne: 'null' }, deletedAt: 'null' }];
  return fullRound.some((reads) => shape === JSON.stringify(reads));
}

/**
 * Every query the platform sends to its store, recorded from the driver while the API is used as
 * an app would use it, is explained by the store: each must read through an index. On FerretDB the
 * plan is PostgreSQL's, with sequential scans disabled, so a sequential scan in a plan means that
 * no index can serve the query (rather than that the planner found the table small).
 */
let store: FerretProcess | undefined;
let stack: Stack;
let ledgerConnection: Connection;
const recorder = new QueryRecorder();
let receiver: Server;
const requests: string[] = [];

beforeAll(async () => {
  const env = testEnv();
  // A store of its own, planning without sequential scans; an external MongoDB is used as it is.
  store = process.env.OBP_LOCAL_STORE === 'ferretdb' ? await startFerretDb(undefined, { postgresSettings: '-c enable_seqscan=off' }) : undefined;
  const mongoUri = store?.uri ?? env.mongoUri;
  stack = await startStack({ mongoUri, kafkaBrokers: env.kafkaBrokers, onDatabaseCommand: recorder.record, webhooksEnv: { WEBHOOK_RETRY_SCHEDULE: '500ms' } });
  ledgerConnection = await connectDatabase(mongoUri, uniqueDbName('building-blocks'), { onCommand: recorder.record });
  // A webhook receiver that fails each path's first request, then accepts.
  receiver = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(requests.filter((r) => r === req.url).length === 1 ? 500 : 200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
}, 600_000);

afterAll(async () => {
  await stack?.stop();
  await ledgerConnection?.close();
  await store?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('every query reads through an index', () => {
  beforeAll(async () => {
    await useThePlatform();
  }, 900_000);

  async function useThePlatform(): Promise<void> {
    const owner = await stack.registerClient();
    const partner = await stack.registerClient();
    const token = await stack.token(owner);
    const partnerToken = await stack.token(partner);

    // Consents: one connected and fetched, one waiting for its user.
    const userId = '0f6f1d1e-2b55-4c1e-9a0e-6f1b7f0c2a11';
    const { consentId } = await connectedConsent(stack, token, { userId, externalUserId: 'plans-user' });
    await createConsent(stack, token, { externalUserId: 'plans-waiting' });
    const api = stack.clientWithToken(token);
    const accounts = (await api.GET('/consents/{id}/accounts', { params: { path: { id: consentId } } })).data.data;
    const accountId = accounts[0]!.id;

    // Shares: created, read, listed, changed, read by the partner, deleted.
    const created = await api.POST('/shares', { body: { clientId: partner.clientId, consentIds: [consentId], accountIds: [accountId] } });
    expect(created.response.status).toBe(200);
    const shareId = created.data.data;
    expect((await api.GET('/shares/{shareId}', { params: { path: { shareId } } })).response.status).toBe(200);
    for (const query of [{}, { isExpired: false }, { isExpired: true, page: 2, pageSize: 10 }]) expect((await api.GET('/shares', { params: { query } })).response.status).toBe(200);
    expect((await api.PUT('/shares/{shareId}', { params: { path: { shareId } }, body: { expirationDateUtc: new Date(Date.now() + 86_400_000).toISOString() } })).response.status).toBe(204);
    const second = (await api.POST('/shares', { body: { clientId: partner.clientId } })).data.data;
    expect((await api.DELETE('/shares/{shareId}', { params: { path: { shareId: second } } })).response.status).toBe(204);

    // Consent data: lists, accounts, transactions (paged, by date), sequencing; by the owner and the partner.
    await waitFor(async () => (await stack.api(partnerToken, `/consents/${consentId}`)).status === 200, { what: 'the partner to read the shared consent', timeoutMs: 30_000 });
    for (const path of [
      '/consents',
      `/consents?userId=${userId}`,
      '/consents?externalUserId=plans-user',
      `/consents/${consentId}`,
      `/consents/${consentId}/accounts`,
      `/accounts/${accountId}/transactions?pageSize=20`,
      `/accounts/${accountId}/transactions?page=2&pageSize=20&from=2020-01-01&to=2030-01-01`,
    ]) {
      expect((await stack.api(token, path)).status).toBe(200);
    }
    await waitFor(async () => (await stack.api(token, `/consents/${consentId}/sequencing`)).status === 200, { what: 'sequencing of the consent', timeoutMs: 30_000 });
    expect((await api.GET('/consents/{id}/sequencing', { params: { path: { id: consentId } } })).response.status).toBe(200);
    expect((await stack.clientWithToken(partnerToken).GET('/users/{id}/sequencing', { params: { path: { id: userId } } })).response.status).toBe(200);
    expect((await api.POST('/consents/{id}/refresh', { params: { path: { id: consentId } } })).response.status).toBe(202);

    // Analysis jobs: created (one with an Idempotency-Key, one on an earlier job), run, listed, read, and one shared.
    const jobId = await createJob(stack, token, jobBody([consentId]), { 'Idempotency-Key': 'plans-key' });
    expect((await finishedJob(stack, token, jobId)).status).toBe('Completed');
    const builtOn = await createJob(stack, token, jobBody([], { Input: { analysisJobIds: [jobId] }, Engine: 'z2' }));
    await finishedJob(stack, token, builtOn);
    for (const query of [{}, { status: 'Completed', reference: 'x' }]) expect((await api.GET('/analysis-jobs', { params: { query } })).response.status).toBe(200);
    expect((await api.GET('/analysis-jobs/{id}', { params: { path: { id: jobId } } })).response.status).toBe(200);
    expect((await api.GET('/analysis-jobs/{id}/result', { params: { path: { id: jobId } } })).response.status).toBe(200);
    expect((await api.POST('/shares', { body: { clientId: partner.clientId, analysisIds: [jobId] } })).response.status).toBe(200);
    await waitFor(async () => (await stack.api(partnerToken, `/analysis-jobs/${jobId}`)).status === 200, { what: 'the partner to read the shared job', timeoutMs: 30_000 });
    await stack.analysis.consentData.prune(new Date());

    // Categorization feedback: submitted twice about one transaction of the consent (superseding), listed, reviewed, decided.
    const reviewer = await stack.registerClient(['feedback-review']);
    const reviewerToken = await stack.token(reviewer, 'feedback-review');
    const transactionId = '8b3c1f0e-1d2a-4c5b-9e8f-7a6b5c4d3e2f';
    const olderItem = await submitFeedback(stack, token, feedbackBody({ transactionId, accountId }));
    const newerItem = await submitFeedback(stack, token, feedbackBody({ transactionId, accountId, targetCategory: 'expenses.eating-out' }));
    await feedbackWithStatus(stack, token, olderItem, 'Superseded');
    for (const query of [{}, { status: 'Pending' }]) expect((await api.GET('/v2/categorization-feedback', { params: { query } })).response.status).toBe(200);
    expect((await api.GET('/v2/categorization-feedback/{id}', { params: { path: { id: newerItem } } })).response.status).toBe(200);
    const review = stack.clientWithToken(reviewerToken);
    for (const query of [{}, { category: 'expenses.eating-out' }, { clientId: owner.clientId }]) expect((await review.GET('/v2/review/categorization-feedback', { params: { query } })).response.status).toBe(200);
    expect((await review.GET('/v2/review/categorization-feedback/{id}', { params: { path: { id: newerItem } } })).response.status).toBe(200);
    expect((await reviewFeedback(stack, reviewerToken, newerItem, 'Accepted', 'plans')).status).toBe(200);
    const ruled = await createJob(stack, token, jobBody([consentId]));
    await finishedJob(stack, token, ruled);

    // A scrape of the metrics: every outbox relay counts its store's pending aggregates.
    expect((await fetch(`${stack.baseUrl}/metrics`)).status).toBe(200);

    // Housekeeping: two maintenance rounds (the second reads only what fell due), pruning, purges.
    await stack.consent.maintenance.runOnce();
    await stack.consent.maintenance.runOnce();
    await stack.sequencing.consentData.prune(new Date());
    const ledger = await ClaimLedger.open(database(ledgerConnection));
    await ledger.claim('plans-job', 1);
    await ledger.release('plans-job');
    await ledger.purgeOlderThan(new Date(Date.now() - 86_400_000));
    const logger = createLogger('test', 'silent');
    const consumer = new IdempotentConsumer({ kafka: createKafka(uniqueName('plans'), stack.kafkaBrokers, logger), groupId: uniqueName('plans'), topics: [stack.shareEventsTopic], db: ledgerConnection, logger, handle: async () => undefined });
    await consumer.ensureIndexes();
    await consumer.purgeProcessed();

    // Erasure: the consent's data goes, shares naming it lose it, projections forget it, the feedback about it goes.
    expect((await api.DELETE('/consents/{id}', { params: { path: { id: consentId } } })).response.status).toBe(204);
    await waitFor(async () => (await stack.api(token, `/v2/categorization-feedback/${newerItem}`)).status === 404, { what: 'the feedback about the consent to be erased', timeoutMs: 30_000 });
    expect((await stack.api(token, '/v2/categorization-feedback', { method: 'POST', json: feedbackBody({ accountId }) })).status).toBe(400);
    await waitFor(async () => (await stack.sequencing.consentData.consent(consentId)) === null, { what: 'the sequencing engine to forget the consent', timeoutMs: 30_000 });
    await waitFor(async () => (await api.GET('/shares/{shareId}', { params: { path: { shareId } } })).data.data?.consentIds?.length === 0, {
      what: 'the share to lose the erased consent',
      timeoutMs: 30_000,
    });
  }

  it('serves each query the API, the workers and the projections send from an index', async () => {
    const queries = recorder.queries();
    const commands = new Set(queries.map((q) => q.command));
    // The flow above exercised reads, counts (the aggregate store's `count` command), updates and deletes.
    for (const command of ['find', 'count', 'update', 'delete']) expect(commands).toContain(command);
    // The scrape's outbox backlog counts are among them.
    expect(queries.some((q) => q.command === 'count' && q.collection === 'shares' && JSON.stringify(q.filter) === '{"hasOutbox":true}')).toBe(true);

    const unindexed: Array<RecordedQuery & { scans: string[] }> = [];
    for (const query of queries.filter((q) => !readsWholeCollectionByDesign(q))) {
      const plan = await explainFilter(ledgerConnection.getClient().db(query.database), query.collection, query.filter);
      if (!plan.indexed) unindexed.push({ ...query, scans: plan.scans });
    }
    expect(unindexed.map(({ database: db, collection, command, filter, scans }) => `${db}.${collection} ${command} ${JSON.stringify(filter)} → ${scans.join(', ')}`)).toEqual([]);
    expect(queries.length).toBeGreaterThan(20);
  }, 300_000);

  it('sends each query to the shards that hold its documents under the sharding plan, or lists it as a scatter with its reason', () => {
    expect(unplannedScatters(recorder.queries())).toEqual([]);
  });
});

/**
 * Every query the webhooks service sends, recorded while its API, deliveries, retries, redelivery,
 * replay, disabling, deletion, a consent's erasure and purges run, is explained likewise: each must read through an index.
 */
describe('every query of the webhooks service reads through an index', () => {
  it('serves the API, the fan-out, the deliveries and the purges from indexes', async () => {
    const token = await stack.token(await stack.registerClient());
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/plans`;
    const api = stack.clientWithToken(token);
    const { data: created } = await api.POST('/webhooks', { body: { url, events: ['share.created'] } });
    const { id } = created.data;
    const path = { params: { path: { id } } };
    expect((await api.GET('/webhooks')).response.status).toBe(200);
    expect((await api.GET('/webhooks/{id}', path)).response.status).toBe(200);
    expect((await api.POST('/shares', { body: { clientId: 'partner' } })).response.status).toBe(200);
    const deliveryId = await waitFor(async () => {
      const attempts = (await api.GET('/webhooks/{id}/deliveries', path)).data.data ?? [];
      return attempts.some((a) => a.status === 'succeeded') && attempts[0]!.deliveryId;
    });
    expect((await api.POST('/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id, deliveryId } } })).response.status).toBe(202);
    expect((await api.POST('/webhooks/{id}/replay', { ...path, body: { since: new Date(Date.now() - 86_400_000).toISOString(), onlyFailed: true } })).response.status).toBe(202);
    expect((await api.POST('/webhooks/{id}/rotate-secret', path)).response.status).toBe(200);
    expect((await api.POST('/webhooks/{id}/ping', path)).response.status).toBe(202);
    await waitFor(() => requests.filter((r) => r === '/plans').length >= 4, { what: 'the redelivery and the ping' });
    expect((await api.PUT('/webhooks/{id}', { ...path, body: { enabled: false } })).response.status).toBe(200);
    expect((await api.DELETE('/webhooks/{id}', path)).response.status).toBe(204);
    // A consent's messages and their attempts go with its erasure.
    const { data: consentHook } = await api.POST('/webhooks', { body: { url: url.replace('/plans', '/erasure'), events: ['consent.status.updated'] } });
    const consentHookId = consentHook.data.id;
    const deliveriesOfConsentHook = async () => (await api.GET('/webhooks/{id}/deliveries', { params: { path: { id: consentHookId } } })).data.data ?? [];
    const { consentId } = await connectedConsent(stack, token);
    await waitFor(async () => (await deliveriesOfConsentHook()).some((a) => a.status === 'succeeded'), { what: 'a delivery of the consent’s status' });
    expect((await api.DELETE('/consents/{id}', { params: { path: { id: consentId } } })).response.status).toBe(204);
    await waitFor(async () => (await deliveriesOfConsentHook()).length === 0 && (await stack.webhooks.messages.idsNaming([consentId])).length === 0, { what: 'the consent’s messages and attempts to be erased', timeoutMs: 60_000 });
    await stack.webhooks.messages.purgeOlderThan(new Date());
    await stack.webhooks.attempts.purgeOlderThan(new Date());

    const queries = recorder.queries().filter((q) => q.database.startsWith('webhooks'));
    const collections = new Set(queries.map((q) => q.collection));
    for (const collection of ['webhook_endpoints', 'webhook_messages', 'webhook_attempts']) expect(collections).toContain(collection);
    const unindexed: Array<RecordedQuery & { scans: string[] }> = [];
    for (const query of queries) {
      const plan = await explainFilter(ledgerConnection.getClient().db(query.database), query.collection, query.filter);
      if (!plan.indexed) unindexed.push({ ...query, scans: plan.scans });
    }
    expect(unindexed.map(({ collection, command, filter, scans }) => `${collection} ${command} ${JSON.stringify(filterShape(filter))} → ${scans.join(', ')}`)).toEqual([]);
    // And on a sharded store, each goes to the shards holding its documents, or is a scatter the sharding plan lists.
    expect(unplannedScatters(queries)).toEqual([]);
  }, 300_000);
});
