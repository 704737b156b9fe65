import { randomUUID } from 'node:crypto';
import { connectDatabase, type Connection } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { TransactionMonths } from './transaction-months';
import type { StoredTransaction } from './transaction.repository';

describe('TransactionMonths.rewrite', () => {
  let connection: Connection;
  let months: TransactionMonths;

  beforeAll(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('months'));
    months = new TransactionMonths(connection);
    await months.ensureIndexes();
  });
  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  const transaction = (accountId: string, bookingDate: string): StoredTransaction => ({
    id: randomUUID(),
    accountId,
    consentId: 'c',
    ownerClientId: 'app',
    externalId: randomUUID(),
    fetchId: 'f',
    amount: -1,
    currency: 'EUR',
    bookingDate,
    valueDate: null,
    description: 'Coffee',
    counterpartName: null,
    counterpartAccountNumber: null,
    transactionType: null,
    transactionTypeName: null,
    reasonCode: null,
    purposeCode: null,
  });

  it('counts a month by the rows its document holds, not by what the caller believed was stored', async () => {
    const accountId = randomUUID();
    const stored = [transaction(accountId, '2026-03-02T00:00:00.000Z'), transaction(accountId, '2026-03-09T00:00:00.000Z')];
    // A fetch that stalled beside another believes three rows of March are stored; the store holds two.
    await months.rewrite('c', accountId, { '2026-03': 3 }, async () => stored);
    expect(await months.countsOf(accountId)).toEqual({ '2026-03': 2 });
    expect((await months.read(accountId, ['2026-03'])).get('2026-03')).toHaveLength(2);
  });
});
