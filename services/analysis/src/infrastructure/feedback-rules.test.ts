import type { FeedbackItemDto } from '@obp/contracts';
import { connectDatabase, database } from '@obp/db';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { FeedbackRules } from './feedback-rules';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const minute = (n: number) => new Date(Date.UTC(2026, 10, 1, 12, n));

function item(id: string, fields: { status?: FeedbackItemDto['status']; reviewedAt?: Date | null; iban?: string; name?: string; category?: string } = {}): FeedbackItemDto {
  return {
    id,
    status: fields.status ?? 'Accepted',
    engine: 'e1',
    countryCode: 'nl',
    profile: 'retail',
    transaction: {
      transactionId: `tx-${id}`,
      accountId: 'acc',
      amount: -20,
      currency: 'EUR',
      description: 'Betaalpas 12:00',
      counterpartDescription: fields.name ?? 'Ekoplaza Utrecht',
      counterpartAccountNumber: fields.iban ?? 'NL20INGB0001234567',
      providerKey: 'sandbox-retail',
      transactionType: null,
      transactionTypeName: null,
      reasonCode: null,
      purposeCode: null,
    },
    original: { category: 'expenses.shopping', flags: [] },
    target: { category: fields.category ?? 'expenses.groceries', flags: [] },
    remark: null,
    createdAt: minute(0).toISOString(),
    reviewedAt: fields.reviewedAt === null ? null : (fields.reviewedAt ?? minute(1)).toISOString(),
    reviewNote: null,
    supersededBy: null,
    history: [],
  };
}

async function rules(): Promise<FeedbackRules> {
  const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('feedback_rules'));
  cleanup.add(async () => {
    await connection.dropDatabase();
    await connection.close();
  });
  const store = new FeedbackRules(database(connection));
  await store.ensureIndexes();
  return store;
}

describe('FeedbackRules (real store)', () => {
  it('makes an accepted item a rule of its app from its acceptance on, once however often it is told, and ignores rejected items', async () => {
    const store = await rules();
    await store.accept(item('a', { reviewedAt: minute(5) }), 'app-1');
    await store.accept(item('a', { reviewedAt: minute(5), category: 'expenses.leisure' }), 'app-1');
    await store.accept(item('r', { status: 'Rejected', reviewedAt: minute(5), iban: 'NL02ABNA0123456789' }), 'app-1');

    expect(await store.rulesFor('app-1', minute(4))).toEqual([]);
    expect(await store.rulesFor('app-1', minute(5))).toEqual([{ id: 'a', counterpartAccountNumber: 'NL20INGB0001234567', category: 'expenses.groceries', flags: [] }]);
    expect(await store.rulesFor('app-2', minute(9))).toEqual([]);
  });

  it('stops applying a retired rule from its retirement on, so a job created before it still applies it', async () => {
    const store = await rules();
    await store.accept(item('old', { reviewedAt: minute(1) }), 'app-1');
    await store.accept(item('new', { reviewedAt: minute(3), category: 'expenses.eating-out' }), 'app-1');
    await store.retire('old', minute(3));
    await store.retire('old', minute(8));

    expect((await store.rulesFor('app-1', minute(2))).map((r) => r.id)).toEqual(['old']);
    expect((await store.rulesFor('app-1', minute(3))).map((r) => r.id)).toEqual(['new']);
  });

  it('forgets an erased item: its rule no longer applies, not even to jobs created before, and nothing of its transaction is kept', async () => {
    const store = await rules();
    await store.accept(item('erased', { reviewedAt: minute(1) }), 'app-1');
    await store.accept(item('kept', { reviewedAt: minute(2), iban: '', name: 'Kaasboer Henk' }), 'app-1');
    await store.forget('erased');
    await store.forget('erased');
    await store.forget('never-accepted');

    expect((await store.rulesFor('app-1', minute(9))).map((r) => r.id)).toEqual(['kept']);
    expect((await store.rulesFor('app-1', minute(1))).map((r) => r.id)).toEqual([]);
  });

  it('orders an app’s rules for the categoriser: the more specific first, then the newest', async () => {
    const store = await rules();
    await store.accept(item('by-account', { reviewedAt: minute(1) }), 'app-1');
    await store.accept(item('by-name-newer', { reviewedAt: minute(4), iban: '' }), 'app-1');
    await store.accept(item('by-name-older', { reviewedAt: minute(2), iban: '' }), 'app-1');
    expect((await store.rulesFor('app-1', minute(9))).map((r) => r.id)).toEqual(['by-account', 'by-name-newer', 'by-name-older']);
  });
});
