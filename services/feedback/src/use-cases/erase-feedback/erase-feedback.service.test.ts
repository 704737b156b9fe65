import { createKafka, EventWriter, type OutboxEntry } from '@obp/bus';
import { ConsentData } from '@obp/consent-data';
import { feedbackEvents, type CategorizationFeedbackBody } from '@obp/contracts';
import { connectDatabase, database, ErasedIds } from '@obp/db';
import { ShareGrants } from '@obp/share-grants';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { feedbackBodyFixture } from '../../domain/feedback-body.fixture';
import { decide, newFeedbackItem, type FeedbackItem } from '../../domain/feedback-item';
import { FeedbackEvents, feedbackStoreOptions } from '../../infrastructure/feedback-store';
import { TransactionAccounts } from '../../infrastructure/transaction-accounts';
import { SubmitFeedbackService } from '../submit-feedback/submit-feedback.service';
import { EraseFeedbackService } from './erase-feedback.service';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const ERASED_ACCOUNT = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const OTHER_ERASED_ACCOUNT = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const KEPT_ACCOUNT = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const T0 = new Date('2026-11-01T10:00:00Z');

const body = (accountId: string, transactionId: string): CategorizationFeedbackBody =>
  feedbackBodyFixture({ accountId, transactionId, counterpartAccountNumber: 'NL91ABNA0417164300', targetCategory: 'expenses.groceries' });

const itemId = (n: number) => `6f0b1c9e-8a7d-4e3f-9b2a-${String(n).padStart(12, '0')}`;

async function testBed() {
  const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('feedback_erasure'));
  cleanup.add(async () => {
    await connection.dropDatabase();
    await connection.close();
  });
  const db = database(connection);
  const items = new AggregateStore<FeedbackItem>(db, feedbackStoreOptions);
  await items.ensureIndexes();
  const erasedAccounts = new ErasedIds(db, 'erased_accounts');
  await erasedAccounts.ensureIndexes();
  const events = new FeedbackEvents(new EventWriter(feedbackEvents, 'feedback-events'));
  const stored = async (item: FeedbackItem) => void (await items.insert(item, [events.submitted(item)]));
  /** What the item's document still holds: its outbox's events (type, or `tombstone`) and whether any state is left. */
  const documentOf = async (id: string) => {
    const doc = await items.collection.findOne({ _id: id });
    return doc && { events: ((doc.outbox ?? []) as OutboxEntry[]).map((e) => (e.tombstone ? 'tombstone' : e.envelope.type)), data: ((doc.outbox ?? []) as OutboxEntry[]).map((e) => e.envelope.data), hasState: 'transaction' in doc };
  };
  const logger = createLogger('test', 'silent');
  const visibility = {
    consentOwners: new ConsentData(connection, { historyStart: (now) => now }),
    transactionAccounts: new TransactionAccounts(db),
    grants: new ShareGrants({ kafka: createKafka('feedback-erasure-test', testEnv().kafkaBrokers, logger), db: connection, logger, topic: 'unused', groupId: 'unused' }),
    grantWaitMs: 0,
  };
  return { items, erasedAccounts, stored, documentOf, erasure: new EraseFeedbackService(items, erasedAccounts, events), submit: new SubmitFeedbackService(items, events, erasedAccounts, visibility) };
}

describe('EraseFeedbackService (real store)', () => {
  it('erases every item about the erased accounts, Pending or decided, announcing each as erased and tombstoned; items about other accounts stay', async () => {
    const bed = await testBed();
    const pending = newFeedbackItem(itemId(1), 'app-1', body(ERASED_ACCOUNT, 'tx-1'), T0);
    const accepted = decide(newFeedbackItem(itemId(2), 'app-2', body(OTHER_ERASED_ACCOUNT, 'tx-2'), T0), 'Accepted', 'reviewer', 'Right', T0) as FeedbackItem;
    const kept = newFeedbackItem(itemId(3), 'app-1', body(KEPT_ACCOUNT, 'tx-3'), T0);
    for (const item of [pending, accepted, kept]) await bed.stored(item);

    await bed.erasure.eraseAccounts([ERASED_ACCOUNT, OTHER_ERASED_ACCOUNT]);

    for (const id of [pending.id, accepted.id]) {
      expect(await bed.items.find(id)).toBeNull();
      // Only the events the relay has still to publish are left, in order, the last ones naming the id only.
      const doc = await bed.documentOf(id);
      expect(doc?.events).toEqual(['categorization-feedback.submitted', 'categorization-feedback.erased', 'tombstone']);
      expect(doc?.data.slice(1)).toEqual([{ id, reason: 'ConsentDeleted' }, null]);
      expect(doc?.hasState).toBe(false);
    }
    expect((await bed.items.findMany({})).map((item) => item.id)).toEqual([kept.id]);
    expect(await bed.items.count({ status: 'Accepted' })).toBe(0);

    // Repeated (the event consumed again): nothing more is written.
    await bed.erasure.eraseAccounts([ERASED_ACCOUNT, OTHER_ERASED_ACCOUNT]);
    expect((await bed.documentOf(pending.id))?.events).toHaveLength(3);
    expect((await bed.items.findMany({})).map((item) => item.id)).toEqual([kept.id]);
  });

  it('refuses feedback about an erased account from then on, and erases an item that was stored while its account was being erased', async () => {
    const bed = await testBed();
    await bed.erasure.eraseAccounts([ERASED_ACCOUNT]);

    const refused = await bed.submit.execute(itemId(4), 'app-1', body(ERASED_ACCOUNT, 'tx-4'));
    expect(refused.ok ? null : refused.error.code).toBe('ACCOUNT_ERASED');
    expect(await bed.documentOf(itemId(4))).toBeNull();
    expect(await bed.submit.execute(itemId(5), 'app-1', body(KEPT_ACCOUNT, 'tx-5'))).toEqual({ ok: true, value: itemId(5) });

    // Passed the check just before the erasure recorded its account, stored after the erasure looked for items.
    const late = newFeedbackItem(itemId(6), 'app-1', body(ERASED_ACCOUNT, 'tx-6'), T0);
    await bed.stored(late);
    expect(await bed.erasure.eraseIfAccountErased(late)).toBe(true);
    expect(await bed.items.find(late.id)).toBeNull();
    expect((await bed.documentOf(late.id))?.events).toEqual(['categorization-feedback.submitted', 'categorization-feedback.erased', 'tombstone']);

    const other = (await bed.items.find(itemId(5)))!;
    expect(await bed.erasure.eraseIfAccountErased(other)).toBe(false);
    expect(await bed.items.find(other.id)).not.toBeNull();
  });
});
