import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectDatabase, type Connection } from '@obp/db';
import { explainFilter, filterShape, QueryRecorder, startFerretDb, testEnv, uniqueDbName, waitFor, type FerretProcess, type RecordedQuery } from '@obp/testkit';
import { connectedConsent } from './consent-helpers';
import { startStack, type Stack } from './harness';
import { unplannedScatters } from './shard-targeting';

/**
 * Every query the webhooks service sends, recorded while its API, deliveries, retries, redelivery,
 * replay, disabling, deletion, a consent's erasure and purges run, is explained by a store planning without sequential
 * scans (see query-plans.test.ts): each must read through an index.
 */
describe('every query of the webhooks service reads through an index', () => {
  let store: FerretProcess | undefined;
  let stack: Stack;
  let explainConnection: Connection;
  let receiver: Server;
  const requests: string[] = [];
  const recorder = new QueryRecorder();

  beforeAll(async () => {
    const env = testEnv();
    store = process.env.OBP_LOCAL_STORE === 'ferretdb' ? await startFerretDb(undefined, { postgresSettings: '-c enable_seqscan=off' }) : undefined;
    const mongoUri = store?.uri ?? env.mongoUri;
    stack = await startStack({ mongoUri, kafkaBrokers: env.kafkaBrokers, onDatabaseCommand: recorder.record, webhooksEnv: { WEBHOOK_RETRY_SCHEDULE: '500ms' } });
    explainConnection = await connectDatabase(mongoUri, uniqueDbName('explain'));
    // Fails each path's first request, then accepts.
    receiver = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(requests.filter((r) => r === req.url).length === 1 ? 500 : 200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  }, 600_000);

  afterAll(async () => {
    await stack?.stop();
    await explainConnection?.close();
    await store?.stop();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

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
      const plan = await explainFilter(explainConnection.getClient().db(query.database), query.collection, query.filter);
      if (!plan.indexed) unindexed.push({ ...query, scans: plan.scans });
    }
    expect(unindexed.map(({ collection, command, filter, scans }) => `${collection} ${command} ${JSON.stringify(filterShape(filter))} → ${scans.join(', ')}`)).toEqual([]);
    // And on a sharded store, each goes to the shards holding its documents, or is a scatter the sharding plan lists.
    expect(unplannedScatters(queries)).toEqual([]);
  }, 300_000);
});
