import { randomUUID } from 'node:crypto';
import type { ConsentDto, EventEnvelope } from '@obp/contracts';
import { connectDatabase, type Connection } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { ConsentData } from './consent-data';
import { idsHiddenFrom, ownershipHandlers } from './ownership';

const NOW = new Date('2026-11-01T12:00:00Z');
const meta = (key: string) => ({ topic: 't', partition: 0, offset: '0', key });
const envelope = <K extends string, T>(type: K, data: T, ownerClientId: string): EventEnvelope<T, K> => ({ id: randomUUID(), type, version: 1, occurredAt: NOW.toISOString(), ownerClientId, data });

const consent = (id: string): ConsentDto => ({
  id,
  status: 'Updated',
  dateStatusUpdated: NOW.toISOString(),
  dateRequested: NOW.toISOString(),
  dateExpire: NOW.toISOString(),
  dateTransactionsUpdated: NOW.toISOString(),
  providerKey: 'sandbox-retail',
  countryCode: 'NL',
  userId: null,
  externalUserId: 'ext',
  syncMode: null,
  redirectUrl: 'https://example.com',
  errors: [],
});

describe('idsHiddenFrom over the ownership handlers (real store)', () => {
  let db: Connection;
  let data: ConsentData;
  beforeEach(async () => {
    db = await connectDatabase(testEnv().mongoUri, uniqueDbName('consent_owners'));
    data = new ConsentData(db, { historyStart: (now) => now });
    await data.ensureIndexes();
  });
  afterEach(async () => {
    await db.dropDatabase();
    await db.close();
  });

  /** A consent of `owner` with one account, as its consent.created and accounts.updated events make it. */
  async function consentOf(owner: string): Promise<{ consentId: string; accountId: string }> {
    const handlers = ownershipHandlers(data);
    const consentId = randomUUID();
    const accountId = randomUUID();
    const subject = { consentId, userId: null, externalUserId: 'ext' };
    const created = envelope('consent.created', { ...subject, consent: consent(consentId) }, owner);
    const accounts = envelope('accounts.updated', { ...subject, accounts: [{ id: accountId, consentId, iban: 'NL91ABNA0417164300', name: 'Current', type: 'Current', currency: 'EUR', ownerName: 'A' }] }, owner);
    await handlers['consent.created']!(created.data, created, meta(consentId));
    await handlers['accounts.updated']!(accounts.data, accounts, meta(`${consentId}/accounts`));
    return { consentId, accountId };
  }

  it("names another app's consents and accounts, never the caller's own nor ids it does not know", async () => {
    const mine = await consentOf('app-b');
    const theirs = await consentOf('app-a');
    const unknown = randomUUID();
    const hidden = await idsHiddenFrom(data, 'app-b', { consentIds: [mine.consentId, theirs.consentId, unknown], accountIds: [mine.accountId, theirs.accountId, unknown] });
    expect(hidden).toEqual({ consentIds: new Set([theirs.consentId]), accountIds: new Set([theirs.accountId]) });
  });

  it('leaves out what a grant of the owner opens: a consent (and so its accounts) or one account', async () => {
    const shared = await consentOf('app-a');
    const accountShared = await consentOf('app-a');
    const granted = async (owner: string, targets: Array<{ consentId: string } | { accountId: string }>) =>
      owner === 'app-a' && targets.some((t) => ('consentId' in t && t.consentId === shared.consentId) || ('accountId' in t && t.accountId === accountShared.accountId));
    const hidden = await idsHiddenFrom(data, 'app-b', { consentIds: [shared.consentId, accountShared.consentId], accountIds: [shared.accountId, accountShared.accountId] }, { granted, waitMs: 0 });
    expect(hidden).toEqual({ consentIds: new Set([accountShared.consentId]), accountIds: new Set() });
  });

  it('forgets an erased consent: its ids are unknown again', async () => {
    const theirs = await consentOf('app-a');
    const deleted = envelope('consent.deleted', { consentId: theirs.consentId, userId: null, externalUserId: 'ext', accountIds: [theirs.accountId] }, 'app-a');
    await ownershipHandlers(data)['consent.deleted']!(deleted.data, deleted, meta(`${theirs.consentId}/deleted`));
    const hidden = await idsHiddenFrom(data, 'app-b', { consentIds: [theirs.consentId], accountIds: [theirs.accountId] });
    expect(hidden).toEqual({ consentIds: new Set(), accountIds: new Set() });
  });

  it('looks again for a grant on its way while the wait lasts, and refuses what none opens by its end', async () => {
    const shareOnItsWay = await consentOf('app-a');
    const neverShared = await consentOf('app-a');
    let looks = 0;
    // The share of the first consent reaches the projection of grants at the third look.
    const granted = async (_owner: string, targets: Array<{ consentId: string } | { accountId: string }>) =>
      targets.some((t) => 'consentId' in t && t.consentId === shareOnItsWay.consentId) && ++looks >= 3;
    const hidden = await idsHiddenFrom(data, 'app-b', { consentIds: [shareOnItsWay.consentId, neverShared.consentId], accountIds: [] }, { granted, waitMs: 2_000, intervalMs: 10 });
    expect({ looks, hidden: [...hidden.consentIds] }).toEqual({ looks: 3, hidden: [neverShared.consentId] });

    looks = 0;
    const atOnce = await idsHiddenFrom(data, 'app-b', { consentIds: [shareOnItsWay.consentId], accountIds: [] }, { granted, waitMs: 0 });
    expect({ looks, hidden: [...atOnce.consentIds] }).toEqual({ looks: 1, hidden: [shareOnItsWay.consentId] });
  });
});
