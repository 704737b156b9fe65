import { randomUUID } from 'node:crypto';
import type { Kafka, KafkaMessage } from 'kafkajs';
import { createKafka, createProducer, ensureTopics, type EventProducer } from '@obp/bus';
import { deadLetterTopic, ShareEventTypes, type EventEnvelope, type ShareDto, type ShareEventType } from '@obp/contracts';
import { connectDatabase, type Connection, type mongo } from '@obp/db';
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
function shareEvent(type: ShareEventType, { owner, ...data }: Share, version = 1): EventEnvelope<ShareDto & { createdAt: string }> {
  return { id: randomUUID(), type, version, occurredAt: new Date().toISOString(), ownerClientId: owner, data };
}

interface TestBed {
  grants: ShareGrants;
  kafka: Kafka;
  topic: string;
  groupId: string;
  db: Connection;
  /** Commands sent to the test's database, in order. */
  commands: mongo.CommandStartedEvent[];
  /** Starts the projection (`testBed({ start: false })`), or another of a group of its own on the same database. */
  start(groupId?: string): Promise<ShareGrants>;
  publish(...events: EventEnvelope[]): Promise<void>;
  /** A share's tombstone, as the share service writes after share.deleted. */
  tombstone(shareId: string): Promise<void>;
  /** Returns once every event published so far has been applied. */
  caughtUp(): Promise<void>;
}

/** ShareGrants on a topic, consumer group and database of the test's own. */
async function testBed(options: { start?: boolean; maxBatchSize?: number } = {}): Promise<TestBed> {
  const kafka = createKafka(uniqueName('share-grants-test'), testEnv().kafkaBrokers, logger);
  // One partition, so events of different shares are applied in the order published.
  const topic = uniqueName('share-events');
  await ensureTopics(kafka, [{ topic, partitions: 1 }]);
  const commands: mongo.CommandStartedEvent[] = [];
  const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('share_grants_test'), { onCommand: (event) => commands.push(event) });
  cleanup.add(async () => {
    await db.dropDatabase();
    await db.close();
  });
  const producer: EventProducer = createProducer(kafka);
  cleanup.add(() => producer.disconnect());
  await producer.connect();
  const groupId = uniqueName('share-grants');
  // A projection stops once its fetch under way ends: half a second instead of the default 5 s keeps each test short.
  const fetchMaxWaitMs = 500;
  const start = async (ofGroup = groupId) => {
    const projection = new ShareGrants({ kafka, db, logger, topic, groupId: ofGroup, maxBatchSize: options.maxBatchSize, fetchMaxWaitMs });
    cleanup.add(() => projection.stop());
    await projection.start();
    return projection;
  };
  const grants = options.start === false ? new ShareGrants({ kafka, db, logger, topic, groupId, fetchMaxWaitMs }) : await start();

  const publish = async (...events: EventEnvelope[]) => {
    await producer.send({ topic, messages: events.map((e) => ({ key: (e.data as ShareDto).id, value: JSON.stringify(e) })) });
  };
  const tombstone = async (shareId: string) => void (await producer.send({ topic, messages: [{ key: shareId, value: null }] }));
  const caughtUp = async () => {
    const marker = share('marker-owner', uniqueName('marker-grantee'), { consentIds: [randomUUID()] });
    await publish(shareEvent(ShareEventTypes.created, marker));
    await waitFor(() => grants.allows(marker.clientId, marker.owner, [{ consentId: marker.consentIds![0] }]), { ...WAIT, what: 'the marker share applied' });
  };
  return { grants, publish, tombstone, caughtUp, kafka, topic, groupId, db, commands, start };
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

/** Every message of `topic`, read by a plain kafkajs consumer of its own group. */
async function readTopic(kafka: Kafka, topic: string): Promise<KafkaMessage[]> {
  const messages: KafkaMessage[] = [];
  const reader = kafka.consumer({ groupId: uniqueName('reader') });
  cleanup.add(() => reader.disconnect());
  await reader.connect();
  await reader.subscribe({ topic, fromBeginning: true });
  await reader.run({ eachMessage: async ({ message }) => void messages.push(message) });
  return messages;
}

/** The grant records as stored, without their bookkeeping. */
async function storedGrants(db: Connection): Promise<Array<Record<string, unknown>>> {
  const records = await db.collection('share_grants').find({}, { projection: { deletedAt: 0 } }).sort({ _id: 1 }).toArray();
  return records.map(({ offset: _offset, ...rest }) => rest);
}

describe('ShareGrants applying runs of events', () => {
  it('applies a run of many events for many shares with one bulk write, the newest state of each share', async () => {
    const bed = await testBed({ start: false });
    const shares = Array.from({ length: 80 }, (_, n) => share(`owner-${n % 4}`, `grantee-${n % 7}`, { consentIds: [randomUUID()] }));
    const narrowed = shares.map((s) => ({ ...s, consentIds: [randomUUID()], accountIds: [randomUUID()] }));
    const deleted = shares.filter((_, n) => n % 10 === 0);
    // One send before the projection starts: its first fetch gets them all.
    await bed.publish(
      ...shares.map((s) => shareEvent(ShareEventTypes.created, s, 1)),
      ...narrowed.map((s) => shareEvent(ShareEventTypes.updated, s, 2)),
      ...deleted.map((s) => shareEvent(ShareEventTypes.deleted, s, 3)),
    );
    const grants = await bed.start();
    const lastDeleted = deleted.at(-1)!;
    await waitFor(async () => (await bed.db.collection('share_grants').countDocuments({ _id: lastDeleted.id as never, version: 3 })) === 1, { ...WAIT, what: 'the run applied' });

    const grantWrites = bed.commands.filter((c) => ['insert', 'update', 'delete'].includes(c.commandName) && c.command[c.commandName] === 'share_grants');
    expect(grantWrites.map((c) => c.commandName)).toEqual(['update']);
    expect((grantWrites[0]!.command.updates as unknown[]).length).toBe(shares.length);
    for (const [n, s] of narrowed.entries()) {
      const isDeleted = n % 10 === 0;
      expect(await grants.allows(s.clientId, s.owner, [{ consentId: s.consentIds![0] }])).toBe(!isDeleted);
      expect(await grants.allows(s.clientId, s.owner, [{ consentId: shares[n]!.consentIds![0] }])).toBe(false);
    }
    // Recorded after the run is written, with one insert.
    await waitFor(async () => (await bed.db.collection('processed_events').countDocuments({})) === shares.length + narrowed.length + deleted.length, { ...WAIT, what: 'every event recorded' });
    expect(bed.commands.filter((c) => c.commandName === 'insert' && c.command.insert === 'processed_events')).toHaveLength(1);
  });

  it('keeps the newest version of a share whatever order its events come in, in one run, run by run, and when the group reads them all again', async () => {
    for (const maxBatchSize of [500, 1]) {
      const bed = await testBed({ start: false, maxBatchSize });
      const created = share('bank-app', 'partner-app', { consentIds: [randomUUID()] });
      const v2 = { ...created, consentIds: [randomUUID()] };
      const v3 = { ...created, consentIds: [randomUUID()] };
      const deletedShare = share('bank-app', 'partner-app', { consentIds: [randomUUID()] });
      const v3Event = shareEvent(ShareEventTypes.updated, v3, 3);
      // As two outbox relays may publish them: a newer version before an older one, and one event twice.
      await bed.publish(
        shareEvent(ShareEventTypes.created, created, 1),
        v3Event,
        shareEvent(ShareEventTypes.updated, v2, 2),
        v3Event,
        shareEvent(ShareEventTypes.created, deletedShare, 1),
        shareEvent(ShareEventTypes.deleted, deletedShare, 2),
        shareEvent(ShareEventTypes.created, deletedShare, 1),
      );
      const first = await bed.start();
      await bed.caughtUp();
      const allowed = async (grants: ShareGrants) =>
        Promise.all([created, v2, v3, deletedShare].map((s) => grants.allows('partner-app', 'bank-app', [{ consentId: s.consentIds![0] }])));
      expect(await allowed(first)).toEqual([false, false, true, false]);
      const applied = await storedGrants(bed.db);

      // Every event delivered again over the same projection (a group with no processed ids nor offsets): nothing changes.
      await first.stop();
      const again = await bed.start(uniqueName('share-grants-again'));
      await bed.caughtUp();
      expect(await allowed(again)).toEqual([false, false, true, false]);
      expect((await storedGrants(bed.db)).filter((g) => g._id !== undefined && applied.some((a) => a._id === g._id))).toEqual(applied);
    }
  }, 120_000);

  it('dead-letters an event whose data does not match its schema and applies the rest of its run', async () => {
    const bed = await testBed({ start: false });
    const shares = Array.from({ length: 30 }, () => share('bank-app', 'partner-app', { consentIds: [randomUUID()] }));
    const broken = { ...shareEvent(ShareEventTypes.updated, shares[10]!, 2), data: { id: shares[10]!.id, clientId: 42 } };
    await bed.publish(...shares.slice(0, 20).map((s) => shareEvent(ShareEventTypes.created, s)), broken as EventEnvelope, ...shares.slice(20).map((s) => shareEvent(ShareEventTypes.created, s)));
    const grants = await bed.start();
    await bed.caughtUp();

    for (const s of shares) expect(await grants.allows('partner-app', 'bank-app', [{ consentId: s.consentIds![0] }])).toBe(true);
    const deadLetters = await readTopic(bed.kafka, deadLetterTopic(bed.topic, bed.groupId));
    await waitFor(() => deadLetters.length > 0, { ...WAIT, what: 'the dead letter' });
    expect(deadLetters.map((m) => JSON.parse(m.value!.toString()).id)).toEqual([broken.id]);
  });
});
