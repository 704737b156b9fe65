import { randomUUID } from 'node:crypto';
import { ConsentData, ownershipHandlers } from '@obp/consent-data';
import type { EventEnvelope, TransactionDto } from '@obp/contracts';
import { connectDatabase, database } from '@obp/db';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { TransactionAccounts } from '../../infrastructure/transaction-accounts';
import { onConsentForgotten, onConsentTombstone } from '../on-consent-deleted/on-consent-deleted.handler';
import { onTransactionsAdded } from './on-transactions-added.handler';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const envelope = <K extends string, T>(type: K, data: T): EventEnvelope<T, K> => ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), ownerClientId: 'app', data });
const meta = (key: string) => ({ topic: 't', partition: 0, offset: '0', key });
const transaction = (accountId: string): TransactionDto => ({
  id: randomUUID(),
  accountId,
  amount: -1,
  currency: 'EUR',
  bookingDate: '2026-11-01T00:00:00.000Z',
  valueDate: null,
  description: 'x',
  counterpartName: null,
  counterpartAccountNumber: null,
  transactionType: null,
  transactionTypeName: null,
  reasonCode: null,
  purposeCode: null,
});

async function testBed() {
  const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('feedback_transactions'));
  cleanup.add(async () => {
    await connection.dropDatabase();
    await connection.close();
  });
  const transactionAccounts = new TransactionAccounts(database(connection));
  await transactionAccounts.ensureIndexes();
  const ownership = ownershipHandlers(new ConsentData(connection, { historyStart: (now) => now }));
  /** A consent's batch of transactions, as `transactions.added` brings it (applied twice: a redelivery changes nothing). */
  const added = async (consentId: string, transactions: TransactionDto[]) => {
    const event = envelope('transactions.added', { consentId, userId: null, externalUserId: null, fetchId: 'f1', transactions });
    for (let round = 0; round < 2; round++) await onTransactionsAdded(transactionAccounts)(event.data, event, meta(`${consentId}/tx/f1/0`));
  };
  return { transactionAccounts, ownership, added };
}

describe("feedback's projection of transactions' accounts (real store)", () => {
  it('knows the account of each added transaction, and forgets a consent’s on consent.deleted and on its tombstone; other consents keep theirs', async () => {
    const bed = await testBed();
    const [deleted, tombstoned, kept] = [randomUUID(), randomUUID(), randomUUID()];
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const [ta, tb, tc] = [transaction(a), transaction(b), transaction(c)];
    await bed.added(deleted, [ta]);
    await bed.added(tombstoned, [tb]);
    await bed.added(kept, [tc]);
    const accounts = () => Promise.all([ta, tb, tc].map((t) => bed.transactionAccounts.accountOf(t.id)));
    expect(await accounts()).toEqual([a, b, c]);

    const event = envelope('consent.deleted', { consentId: deleted, userId: null, externalUserId: null, accountIds: [a] });
    await onConsentForgotten(bed.ownership['consent.deleted']!, bed.transactionAccounts)(event.data, event, meta(`${deleted}/deleted`));
    await onConsentTombstone(bed.ownership.onTombstone!, bed.transactionAccounts)(tombstoned, meta(tombstoned));
    // The tombstone of a sub-key (a batch's, an accounts list's) erases nothing.
    await onConsentTombstone(bed.ownership.onTombstone!, bed.transactionAccounts)(`${kept}/accounts`, meta(`${kept}/accounts`));
    expect(await accounts()).toEqual([null, null, c]);
  });
});
