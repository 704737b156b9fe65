import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { createKafka, createProducer, ensureTopics } from '@obp/bus';
import { ShareEventTypes, type EventEnvelope, type ShareDto, type ShareEventType } from '@obp/contracts';
import { connectDatabase } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { canRead } from './access';
import { ShareGrants, type GrantTarget } from './share-grants';

const logger = createLogger('test', 'silent');
const WAIT = { timeoutMs: 30_000 };
const HOUR_MS = 3_600_000;
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** A share as the share service keeps it: `owner` is the granting app, `clientId` the grantee. */
interface Share extends ShareDto {
  owner: string;
  createdAt: string;
}

function share(owner: string, grantee: string, grants: Partial<Pick<ShareDto, 'consentIds' | 'accountIds' | 'analysisIds' | 'expirationDateUtc'>> = {}): Share {
  return {
    id: randomUUID(),
    owner,
    clientId: grantee,
    reference: null,
    consentIds: null,
    accountIds: null,
    analysisIds: null,
    expirationDateUtc: new Date(Date.now() + HOUR_MS).toISOString(),
    createdAt: new Date().toISOString(),
    ...grants,
  };
}

/** The envelope the share service publishes for `type` (state transfer: the whole share). */
function shareEvent(type: ShareEventType, { owner, ...data }: Share): EventEnvelope<ShareDto & { createdAt: string }> {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), ownerClientId: owner, data };
}

interface TestBed {
  grants: ShareGrants;
  publish(...events: EventEnvelope[]): Promise<void>;
  /** A share's tombstone, as the share service writes after share.deleted. */
  tombstone(shareId: string): Promise<void>;
  /** Returns once every event published so far has been applied. */
  caughtUp(): Promise<void>;
}

/** ShareGrants on a topic, consumer group and database of the test's own. */
async function testBed(): Promise<TestBed> {
  const kafka = createKafka(uniqueName('share-grants-test'), testEnv().kafkaBrokers, logger);
  // One partition, so events of different shares are applied in the order published.
  const topic = uniqueName('share-events');
  await ensureTopics(kafka, [{ topic, partitions: 1 }]);
  const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('share_grants_test'));
  cleanup.add(async () => {
    await db.dropDatabase();
    await db.close();
  });
  const producer: Producer = createProducer(kafka);
  cleanup.add(() => producer.disconnect());
  await producer.connect();
  const grants = new ShareGrants({ kafka, db, logger, topic, groupId: uniqueName('share-grants') });
  cleanup.add(() => grants.stop());
  await grants.start();

  const publish = async (...events: EventEnvelope[]) => {
    await producer.send({ topic, messages: events.map((e) => ({ key: (e.data as ShareDto).id, value: JSON.stringify(e) })) });
  };
  const tombstone = async (shareId: string) => void (await producer.send({ topic, messages: [{ key: shareId, value: null }] }));
  const caughtUp = async () => {
    const marker = share('marker-owner', uniqueName('marker-grantee'), { consentIds: [randomUUID()] });
    await publish(shareEvent(ShareEventTypes.created, marker));
    await waitFor(() => grants.allows(marker.clientId, marker.owner, [{ consentId: marker.consentIds![0] }]), { ...WAIT, what: 'the marker share applied' });
  };
  return { grants, publish, tombstone, caughtUp };
}

describe('ShareGrants', () => {
  it('lets the grantee read only the consents, accounts and analyses its share names, of the owner that shared them', async () => {
    const { grants, publish, caughtUp } = await testBed();
    const [consent, account, analysis] = [randomUUID(), randomUUID(), randomUUID()];
    const granted = share('bank-app', 'partner-app', { consentIds: [consent], accountIds: [account], analysisIds: [analysis] });
    const emptyShare = share('bank-app', 'partner-app');
    await publish(shareEvent(ShareEventTypes.created, granted), shareEvent(ShareEventTypes.created, emptyShare));
    await caughtUp();

    for (const target of [{ consentId: consent }, { accountId: account }, { analysisId: analysis }]) {
      expect(await grants.allows('partner-app', 'bank-app', [target])).toBe(true);
      expect(await grants.allows('other-app', 'bank-app', [target])).toBe(false);
      expect(await grants.allows('partner-app', 'other-bank-app', [target])).toBe(false);
    }
    for (const target of [{ consentId: randomUUID() }, { accountId: randomUUID() }, { analysisId: randomUUID() }, { accountId: consent }, {}]) {
      expect(await grants.allows('partner-app', 'bank-app', [target])).toBe(false);
    }
    expect(await grants.allows('partner-app', 'bank-app', [])).toBe(false);

    // An account of a shared consent is readable through its consent.
    const accountOfConsent = { ownerClientId: 'bank-app', grantedBy: [{ consentId: consent }, { accountId: randomUUID() }] };
    expect(await canRead(grants, 'partner-app', accountOfConsent)).toBe(true);
    expect(await canRead(grants, 'other-app', accountOfConsent)).toBe(false);
    const unshared = { ownerClientId: 'bank-app', grantedBy: [{ consentId: randomUUID() }] };
    expect(await canRead(grants, 'bank-app', unshared)).toBe(true);
    expect(await canRead(grants, 'partner-app', unshared)).toBe(false);
  });

  it('ends a grant at its expiration', async () => {
    const { grants, publish, caughtUp } = await testBed();
    const consent = randomUUID();
    const expiration = new Date(Date.now() + HOUR_MS);
    const expiring = share('bank-app', 'partner-app', { consentIds: [consent], expirationDateUtc: expiration.toISOString() });
    const expiredConsent = randomUUID();
    const alreadyExpired = share('bank-app', 'partner-app', { consentIds: [expiredConsent], expirationDateUtc: new Date(Date.now() - 1_000).toISOString() });
    await publish(shareEvent(ShareEventTypes.created, expiring), shareEvent(ShareEventTypes.created, alreadyExpired));
    await caughtUp();

    const target: GrantTarget[] = [{ consentId: consent }];
    expect(await grants.allows('partner-app', 'bank-app', target)).toBe(true);
    expect(await grants.allows('partner-app', 'bank-app', target, new Date(expiration.getTime() - 1))).toBe(true);
    expect(await grants.allows('partner-app', 'bank-app', target, expiration)).toBe(false);
    expect(await grants.allows('partner-app', 'bank-app', target, new Date(expiration.getTime() + 1))).toBe(false);
    expect(await canRead(grants, 'partner-app', { ownerClientId: 'bank-app', grantedBy: target }, expiration)).toBe(false);
    expect(await grants.allows('partner-app', 'bank-app', [{ consentId: expiredConsent }])).toBe(false);
  });

  it('applies the expiration of share.updated, extended or shortened', async () => {
    const { grants, publish } = await testBed();
    const consent = randomUUID();
    const target: GrantTarget[] = [{ consentId: consent }];
    const created = share('bank-app', 'partner-app', { consentIds: [consent] });
    const firstExpiration = new Date(created.expirationDateUtc);
    const laterThanFirst = new Date(firstExpiration.getTime() + HOUR_MS);
    await publish(shareEvent(ShareEventTypes.created, created));
    await waitFor(() => grants.allows('partner-app', 'bank-app', target), { ...WAIT, what: 'the grant' });
    expect(await grants.allows('partner-app', 'bank-app', target, laterThanFirst)).toBe(false);

    const extended = { ...created, expirationDateUtc: new Date(firstExpiration.getTime() + 2 * HOUR_MS).toISOString() };
    await publish(shareEvent(ShareEventTypes.updated, extended));
    await waitFor(() => grants.allows('partner-app', 'bank-app', target, laterThanFirst), { ...WAIT, what: 'the extension' });

    const shortened = { ...created, expirationDateUtc: new Date(Date.now() - 1_000).toISOString() };
    await publish(shareEvent(ShareEventTypes.updated, shortened));
    await waitFor(async () => !(await grants.allows('partner-app', 'bank-app', target)), { ...WAIT, what: 'the shortening' });
  });

  it('ends a grant on share.deleted and keeps the grantee’s other shares', async () => {
    const { grants, publish, caughtUp } = await testBed();
    const [deletedConsent, keptConsent] = [randomUUID(), randomUUID()];
    const deleted = share('bank-app', 'partner-app', { consentIds: [deletedConsent] });
    const kept = share('bank-app', 'partner-app', { consentIds: [keptConsent] });
    await publish(shareEvent(ShareEventTypes.created, deleted), shareEvent(ShareEventTypes.created, kept));
    await caughtUp();
    expect(await grants.allows('partner-app', 'bank-app', [{ consentId: deletedConsent }])).toBe(true);

    await publish(shareEvent(ShareEventTypes.deleted, deleted));
    await caughtUp();

    expect(await grants.allows('partner-app', 'bank-app', [{ consentId: deletedConsent }])).toBe(false);
    expect(await grants.allows('partner-app', 'bank-app', [{ consentId: keptConsent }])).toBe(true);
  });

  it('ends a grant on the share’s tombstone alone, its share.deleted compacted away before a lagging consumer read it', async () => {
    const { grants, publish, tombstone, caughtUp } = await testBed();
    const [deletedConsent, keptConsent] = [randomUUID(), randomUUID()];
    const deleted = share('bank-app', 'partner-app', { consentIds: [deletedConsent] });
    const kept = share('bank-app', 'partner-app', { consentIds: [keptConsent] });
    await publish(shareEvent(ShareEventTypes.created, deleted), shareEvent(ShareEventTypes.created, kept));
    await caughtUp();

    await tombstone(deleted.id);
    await tombstone(deleted.id);
    await caughtUp();

    expect(await grants.allows('partner-app', 'bank-app', [{ consentId: deletedConsent }])).toBe(false);
    expect(await grants.allows('partner-app', 'bank-app', [{ consentId: keptConsent }])).toBe(true);
  });

  it("opens nothing of another owner when a share names that owner's consent", async () => {
    const { grants, publish, caughtUp } = await testBed();
    const consentOfOtherBank = randomUUID();
    await publish(shareEvent(ShareEventTypes.created, share('bank-app', 'partner-app', { consentIds: [consentOfOtherBank] })));
    await caughtUp();

    const resource = { ownerClientId: 'other-bank-app', grantedBy: [{ consentId: consentOfOtherBank }] };
    expect(await canRead(grants, 'partner-app', resource)).toBe(false);
    expect(await grants.allows('partner-app', 'other-bank-app', [{ consentId: consentOfOtherBank }])).toBe(false);
  });

  it('applies an event delivered twice once: a repeated share.created does not undo a later share.updated or share.deleted', async () => {
    const { grants, publish, caughtUp } = await testBed();
    const [shortenedConsent, deletedConsent] = [randomUUID(), randomUUID()];
    const shortenedShare = share('bank-app', 'partner-app', { consentIds: [shortenedConsent] });
    const deletedShare = share('bank-app', 'partner-app', { consentIds: [deletedConsent] });
    const created = [shareEvent(ShareEventTypes.created, shortenedShare), shareEvent(ShareEventTypes.created, deletedShare)];
    const shortened = shareEvent(ShareEventTypes.updated, { ...shortenedShare, expirationDateUtc: new Date(Date.now() - 1_000).toISOString() });
    const deleted = shareEvent(ShareEventTypes.deleted, deletedShare);
    await publish(...created, shortened, deleted);
    // Redelivered after the changes that followed them: applied again, the creations would reopen both grants.
    await publish(shortened, deleted, ...created);
    await caughtUp();

    expect(await grants.allows('partner-app', 'bank-app', [{ consentId: shortenedConsent }])).toBe(false);
    expect(await grants.allows('partner-app', 'bank-app', [{ consentId: deletedConsent }])).toBe(false);
    expect(await grants.allows('partner-app', 'bank-app', [{ consentId: shortenedConsent }], new Date(Date.now() - 60_000))).toBe(true);
  });
});
