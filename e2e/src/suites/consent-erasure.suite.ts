import type { Connection } from '@obp/db';
import { ConsentEventTypes, type TransactionsAddedData } from '@obp/contracts';
import { waitFor } from '@obp/testkit';
import { connectedConsent, recordTopic, seenBy, type RecordedMessage } from '../consent-helpers';
import { type Stack, type TestClient } from '../harness';
import { sharedStack } from '../shared-stack';

/** Every document of every collection of a database that mentions any of `needles`. */
async function mentions(db: Connection, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of await db.db!.listCollections().toArray()) {
    for (const doc of await db.db!.collection(name).find({}).toArray()) {
      const text = JSON.stringify(doc);
      for (const needle of needles) if (text.includes(needle)) found.push(`${db.name}.${name}: ${needle}`);
    }
  }
  return found;
}

describe('consent erasure and reads through shares', () => {
  let stack: Stack;
  let owner: TestClient;
  let ownerToken: string;
  let partner: TestClient;
  let partnerToken: string;

  beforeAll(async () => {
    stack = await sharedStack();
    owner = await stack.registerClient();
    ownerToken = await stack.token(owner);
    partner = await stack.registerClient(['customer-api'], { directProviderFlow: false });
    partnerToken = await stack.token(partner);
  });

  /** Raw HTTP on purpose: whether an app may read a path (200) or not (404) is the point of these checks. */
  const status = async (token: string, path: string) => (await stack.api(token, path)).status;
  const accountsOf = async (consentId: string) => (await stack.clientWithToken(ownerToken).GET('/consents/{id}/accounts', { params: { path: { id: consentId } } })).data.data;
  const transactions = (token: string, accountId: string, query: { pageSize?: number } = {}) =>
    stack.clientWithToken(token).GET('/accounts/{id}/transactions', { params: { path: { id: accountId }, query } });
  /** A consent of the first test that is never erased, with its number of transactions. */
  let survivor: { consentId: string; transactionCount: number } | undefined;

  const share = async (body: { consentIds?: string[]; accountIds?: string[]; expirationDateUtc?: string }) => {
    const { data } = await stack.clientWithToken(ownerToken).POST('/shares', { body: { clientId: partner.clientId, ...body } });
    return data.data;
  };

  it('lets an app read a consent, its accounts and transactions only while it holds an unexpired share', async () => {
    const { consentId } = await connectedConsent(stack, ownerToken, { externalUserId: `shared-${Date.now()}` });
    const accounts = await accountsOf(consentId);
    const [current, savings] = [accounts.find((a) => a.type === 'Current')!, accounts.find((a) => a.type === 'Savings')!];
    const paths = [`/consents/${consentId}`, `/consents/${consentId}/accounts`, `/accounts/${current.id}/transactions`];
    const counts = await Promise.all(accounts.map(async (a) => (await transactions(ownerToken, a.id, { pageSize: 1 })).data._pagination.totalCount));
    survivor = { consentId, transactionCount: counts.reduce((a, b) => a + b, 0) };

    for (const path of paths) expect({ path, status: await status(partnerToken, path) }).toEqual({ path, status: 404 });

    const shareId = await share({ consentIds: [consentId] });
    await waitFor(async () => (await status(partnerToken, paths[0]!)) === 200, { what: 'the grant to reach the consent service' });
    for (const path of paths) expect({ path, status: await status(partnerToken, path) }).toEqual({ path, status: 200 });
    const ownerView = (await transactions(ownerToken, current.id)).data;
    expect((await transactions(partnerToken, current.id)).data).toEqual(ownerView);
    // Reading is all a share gives: no refresh, no erasure, no listing.
    expect((await stack.api(partnerToken, `/consents/${consentId}/refresh`, { method: 'POST' })).status).toBe(404);
    expect((await stack.api(partnerToken, `/consents/${consentId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await stack.clientWithToken(partnerToken).GET('/consents')).data.data).toEqual([]);

    // Expired (an expiration in the past is accepted by the share API): no access.
    const { response: expired } = await stack.clientWithToken(ownerToken).PUT('/shares/{shareId}', { params: { path: { shareId } }, body: { expirationDateUtc: new Date(Date.now() - 60_000).toISOString() } });
    expect(expired.status).toBe(204);
    await waitFor(async () => (await status(partnerToken, paths[0]!)) === 404, { what: 'the expiry to reach the consent service' });
    for (const path of paths) expect({ path, status: await status(partnerToken, path) }).toEqual({ path, status: 404 });

    // A share of one account opens that account's transactions and nothing else.
    const accountShare = await share({ accountIds: [savings.id] });
    await waitFor(async () => (await status(partnerToken, `/accounts/${savings.id}/transactions`)) === 200, { what: 'the account grant' });
    expect(await status(partnerToken, `/accounts/${current.id}/transactions`)).toBe(404);
    expect(await status(partnerToken, `/consents/${consentId}`)).toBe(404);

    // Deleted: no access.
    expect((await stack.clientWithToken(ownerToken).DELETE('/shares/{shareId}', { params: { path: { shareId: accountShare } } })).response.status).toBe(204);
    await waitFor(async () => (await status(partnerToken, `/accounts/${savings.id}/transactions`)) === 404, { what: 'the deletion to reach the consent service' });
  });

  it('does not let a share from one app open another app’s consent', async () => {
    const { consentId } = await connectedConsent(stack, ownerToken, { externalUserId: `foreign-${Date.now()}` });
    const third = await stack.registerClient();
    const thirdToken = await stack.token(third);
    // The third app names the owner's consent in a share of its own to the partner: refused, once the share service knows whose it is.
    await seenBy(stack.share.consentOwners, consentId);
    const refused = await stack.api(thirdToken, '/shares', { method: 'POST', json: { clientId: partner.clientId, consentIds: [consentId] } });
    expect(refused.status).toBe(422);
    expect(await status(partnerToken, `/consents/${consentId}`)).toBe(404);
    expect(await status(thirdToken, `/consents/${consentId}`)).toBe(404);
  });

  it('erases the consent, its accounts and transactions and everything derived from it, in every service', async () => {
    const userId = '1d3b5f0e-8c4a-4b6e-9f2d-0a1b2c3d4e5f';
    const externalUserId = `erase-me-${Date.now()}`;
    const { consentId } = await connectedConsent(stack, ownerToken, { userId, externalUserId });
    const api = stack.clientWithToken(ownerToken);
    const accounts = await accountsOf(consentId);
    const someTransactions = (await transactions(ownerToken, accounts[0]!.id, { pageSize: 5 })).data.data ?? [];
    const refresh = await api.POST('/consents/{id}/refresh', { params: { path: { id: consentId } } });
    expect(refresh.response.status).toBe(202);
    const keptShare = await share({ consentIds: [consentId, '00000000-0000-0000-0000-00000000000a'], accountIds: accounts.map((a) => a.id) });
    await waitFor(async () => (await status(partnerToken, `/consents/${consentId}`)) === 200, { what: 'the grant' });

    const needles = [consentId, externalUserId, userId, ...accounts.flatMap((a) => [a.id, a.iban]), ...someTransactions.map((t) => t.id)];
    const databases = [stack.consent.db, stack.share.db, stack.sequencing.db, stack.edge.db];
    await waitFor(async () => (await stack.api(ownerToken, `/consents/${consentId}/sequencing`)).status === 200, { what: 'the sequencing projection' });
    expect((await Promise.all(databases.map((db) => mentions(db, needles)))).flat().length).toBeGreaterThan(0);

    const erase = await api.DELETE('/consents/{id}', { params: { path: { id: consentId } } });
    expect(erase.response.status).toBe(204);
    expect(await status(ownerToken, `/consents/${consentId}`)).toBe(404);
    expect(await status(ownerToken, `/consents/${consentId}/accounts`)).toBe(404);
    expect(await status(ownerToken, `/accounts/${accounts[0]!.id}/transactions`)).toBe(404);
    await expect(api.DELETE('/consents/{id}', { params: { path: { id: consentId } } })).rejects.toMatchObject({ status: 404 });
    await waitFor(async () => (await stack.api(ownerToken, `/consents/${consentId}/sequencing`)).status === 404, { what: 'sequencing to forget the consent' });
    await expect(api.GET('/users/{id}/sequencing', { params: { path: { id: userId } } })).rejects.toMatchObject({ status: 404 });

    // The share survives, without the erased ids.
    await waitFor(
      async () => {
        const { data: body } = await api.GET('/shares/{shareId}', { params: { path: { shareId: keptShare } } });
        return body.data?.consentIds?.length === 1 && body.data.accountIds?.length === 0 ? body : undefined;
      },
      { what: 'the share to lose the erased ids' },
    );
    // Nothing that names the consent, its user, accounts or transactions is left in any service's database.
    const leftovers = await waitFor(
      async () => {
        const found = (await Promise.all(databases.map((db) => mentions(db, needles)))).flat();
        return found.length === 0 ? found : undefined;
      },
      { what: 'every trace of the consent to be gone', timeoutMs: 20_000, intervalMs: 250 },
    );
    expect(leftovers).toEqual([]);

    // On the compacted topic, every key the consent wrote ends in a tombstone, so compaction drops it all;
    // a consumer starting from offset 0 still finds every transaction of the consents that live on.
    const replay = await recordTopic(stack.kafkaBrokers, stack.consentEventsTopic);
    try {
      await waitFor(() => replay.messages.some((m) => m.key === consentId && m.event === null), { what: 'the replay to reach the tombstones' });
      // The tombstones of the consent's other keys, and the living consent's events, may be on partitions read later.
      await replay.caughtUp();
      const lastByKey = new Map<string, RecordedMessage>();
      for (const m of replay.messages) if (m.key) lastByKey.set(m.key, m);
      const erasedKeys = [...lastByKey.keys()].filter((k) => k === consentId || k.startsWith(`${consentId}/`));
      expect(erasedKeys.length).toBeGreaterThan(3);
      for (const key of erasedKeys) expect({ key, tombstone: lastByKey.get(key)!.event === null }).toEqual({ key, tombstone: true });
      expect(erasedKeys.filter((k) => k.includes('/tx/')).length).toBeGreaterThan(0);

      const living = survivor!;
      const rebuilt = replay.events(ConsentEventTypes.transactionsAdded).filter((e) => (e.data as TransactionsAddedData).consentId === living.consentId);
      const ids = new Set(rebuilt.flatMap((e) => (e.data as TransactionsAddedData).transactions.map((t) => t.id)));
      expect(ids.size).toBe(living.transactionCount);
    } finally {
      await replay.stop();
    }
  });
});
