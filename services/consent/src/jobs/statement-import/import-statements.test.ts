import { EventWriter } from '@obp/bus';
import { ConsentEventTypes, consentEvents, type TransactionDto } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { ClaimLedger } from '@obp/jobs';
import { AggregateStore } from '@obp/store';
import { generateSandboxData, mt940BankReference, renderMt940, type SandboxTransaction } from '@obp/sandbox-bank';
import { parseStatement } from '@obp/statements';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName } from '@obp/testkit';
import type { Consent } from '../../domain/consent';
import { initializedConsent } from '../../domain/consent.fixture';
import { AccountRepository } from '../../infrastructure/account.repository';
import { ConsentEvents } from '../../infrastructure/consent-events';
import { ConsentRepository, consentStoreOptions } from '../../infrastructure/consent.repository';
import { StatementImportRepository } from '../../infrastructure/statement-import.repository';
import { toTransactionDto, TransactionRepository, type AccountHoldings, type StoredTransaction } from '../../infrastructure/transaction.repository';
import { statementUploadProvider } from '../../providers/bank-provider';
import { ProviderRegistry } from '../../providers/provider-registry';
import { UploadStatementService } from '../../use-cases/upload-statement/upload-statement.service';
import { ConsentFetchJobs } from '../consent-fetch/consent-fetch.job';

const data = generateSandboxData({ seed: 'statement-imports', profile: 'retail', asOf: new Date('2026-06-30T00:00:00.000Z') });
const account = data.accounts[0]!;
const day = (t: SandboxTransaction) => t.bookingDate.slice(0, 10);
const onAccount = data.transactions.filter((t) => t.accountExternalId === account.externalId);
const between = (from: string, to: string) => onAccount.filter((t) => day(t) >= from && day(t) <= to);
const cents = (amount: number) => Math.round(amount * 100);

/** The account's ING MT940 export of the days from `from` to `to`, with its true balances. */
function mt940(from: string, to: string): Buffer {
  const opening = (cents(1000) + onAccount.filter((t) => day(t) < from).reduce((sum, t) => sum + cents(t.amount), 0)) / 100;
  return Buffer.from(renderMt940({ accounts: [account], transactions: between(from, to) }, { style: 'ing', from, to, openingBalance: opening }));
}

describe('statement imports (real store)', () => {
  let connection: Connection;
  let consents: ConsentRepository;
  let transactions: TransactionRepository;
  let imports: StatementImportRepository;
  let accounts: AccountRepository;
  let jobs: ConsentFetchJobs;
  let readStatement: typeof parseStatement;
  let upload: UploadStatementService;
  const writer = new EventWriter(consentEvents, 'consent.events.test');

  beforeEach(async () => {
    readStatement = parseStatement;
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('statement-imports'));
    consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    transactions = new TransactionRepository(connection);
    imports = new StatementImportRepository(connection);
    accounts = new AccountRepository(connection);
    for (const repository of [transactions, imports, accounts]) await repository.ensureIndexes();
    jobs = await jobsWith(transactions);
    upload = new UploadStatementService(consents, imports, new ConsentEvents(writer), () => undefined);
    await consents.insert(initializedConsent({ id: 'c-up', providerKey: 'statement-upload', status: 'Authenticated', redirectUrl: null }), []);
  });
  afterEach(async () => {
    await database(connection).dropDatabase();
    await connection.close();
  });

  /** The consent fetch jobs (a statement-upload consent's fetch imports its files) over `storing`. */
  const jobsWith = async (storing: TransactionRepository, importing: StatementImportRepository = imports) =>
    new ConsentFetchJobs({
      consents,
      accounts,
      transactions: storing,
      imports: importing,
      readStatement: (...args) => readStatement(...args),
      providers: new ProviderRegistry([statementUploadProvider]),
      events: new ConsentEvents(writer),
      claims: await ClaimLedger.open(database(connection)),
      logger: createLogger('test', 'silent'),
      leaseMs: 30_000,
      retryBaseMs: 1_000,
      retryMaxMs: 60_000,
      timeoutMs: 60_000,
    });
  const send = async (importId: string, file: Buffer) => {
    const sent = await upload.execute({ importId, consentId: 'c-up', ownerClientId: 'app', file, contentType: 'text/plain', formatHint: null });
    expect(sent.ok).toBe(true);
  };
  /** Runs the consent's due fetch as a worker would (`at`: when, e.g. after a failed run's retry delay). */
  const runFetch = async (by = jobs, at = new Date(Date.now() + 1_000)) => {
    const [due] = await by.due(at, 1);
    expect(due).toBeDefined();
    await by.run((await by.claim(due!, at))!, { signal: new AbortController().signal });
  };
  const outboxTypes = async () => ((await consents.store.withPendingEvents(100)).find((d) => d._id === 'c-up')?.outbox ?? []).map((e) => e.envelope.type);

  it('imports a file: the account by IBAN, the transactions with the bank details it gives, the consent Updated, announced as a fetch', async () => {
    await send('i-1', mt940('2026-01-01', '2026-01-31'));
    expect((await imports.find('c-up', 'i-1'))!.status).toBe('Pending');
    await runFetch();

    const january = between('2026-01-01', '2026-01-31');
    const done = (await imports.find('c-up', 'i-1'))!;
    expect(done).toMatchObject({ status: 'Completed', format: 'mt940', transactionsAdded: january.length, duplicatesSkipped: 0, errors: [], announced: true });
    const [stored] = await accounts.listByConsent('c-up');
    expect(stored).toMatchObject({ iban: account.iban, currency: 'EUR' });
    expect(done.accounts).toEqual([{ accountId: stored!.id, iban: account.iban }]);
    const rows = await transactions.storedBy('c-up', 'i-1');
    const fields = (t: { amount: number; bookingDate: string; description: string | null; counterpartName: string | null; counterpartAccountNumber: string | null }) =>
      [t.bookingDate, t.amount, t.description, t.counterpartName, t.counterpartAccountNumber].join(' | ');
    expect(rows.map(fields).sort()).toEqual(january.map(fields).sort());
    expect(rows.map((t) => t.bankReference).sort()).toEqual(january.map(mt940BankReference).sort());
    const debit = rows.find((t) => t.mandateId !== undefined)!;
    expect(debit.description).toContain(`Machtiging: ${debit.mandateId}`);
    const consent = (await consents.store.find('c-up'))!;
    expect(consent).toMatchObject({ status: 'Updated', fetch: null, accountIds: [stored!.id] });
    expect(consent.dateTransactionsUpdated).not.toBeNull();
    expect(await outboxTypes()).toEqual(expect.arrayContaining([ConsentEventTypes.accountsUpdated, ConsentEventTypes.transactionsAdded, ConsentEventTypes.transactionsFetched, ConsentEventTypes.statusUpdated]));
  });

  it('stores each transaction once when files overlap, and counts what it skipped', async () => {
    await send('i-1', mt940('2026-01-01', '2026-02-28'));
    await runFetch();
    await send('i-2', mt940('2026-02-01', '2026-03-31'));
    await runFetch();
    const [february, march] = [between('2026-02-01', '2026-02-28').length, between('2026-03-01', '2026-03-31').length];
    expect(await imports.find('c-up', 'i-2')).toMatchObject({ status: 'Completed', transactionsAdded: march, duplicatesSkipped: february });
    expect(await transactions.countByConsent('c-up')).toBe(between('2026-01-01', '2026-03-31').length);
  });

  it('refuses a file whose balances do not add up and stores nothing of it; the consent keeps its status and records the failure', async () => {
    const tampered = mt940('2026-01-01', '2026-01-31').toString('latin1').replace(/:62F:([CD])(\d{6})EUR[\d,]+/, ':62F:$1$2EUR999999,99');
    await send('i-bad', Buffer.from(tampered, 'latin1'));
    await runFetch();
    const refused = (await imports.find('c-up', 'i-bad'))!;
    expect(refused.status).toBe('Failed');
    expect(refused.errors[0]!.message).toMatch(/add up|balance/i);
    expect(refused.errors[0]!.location).not.toBe('');
    expect(await transactions.countByConsent('c-up')).toBe(0);
    expect(await accounts.listByConsent('c-up')).toEqual([]);
    const consent = (await consents.store.find('c-up'))!;
    expect(consent.status).toBe('Authenticated');
    expect(consent.errors.map((e) => e.type)).toEqual(['StatementImportFailed']);
  });

  it('imports several waiting files in one run, in upload order', async () => {
    await send('i-1', mt940('2026-01-01', '2026-01-31'));
    await send('i-2', mt940('2026-02-01', '2026-02-28'));
    await runFetch();
    expect((await imports.listByConsent('c-up')).map((i) => [i.id, i.status, i.transactionsAdded])).toEqual([
      ['i-2', 'Completed', between('2026-02-01', '2026-02-28').length],
      ['i-1', 'Completed', between('2026-01-01', '2026-01-31').length],
    ]);
  });

  it('announces an import that completed before a crash kept it from reaching the consent', async () => {
    await send('i-1', mt940('2026-01-01', '2026-01-31'));
    // The first worker stored the file and recorded its outcome, then died before the consent heard of it.
    await imports.recordOutcome('i-1', { status: 'Completed', format: 'camt.053', version: 'camt.053.001.08', accounts: [], transactionsAdded: 0, duplicatesSkipped: 0 }, new Date());
    await runFetch();
    expect((await imports.find('c-up', 'i-1'))!.announced).toBe(true);
    expect((await consents.store.find('c-up'))!.status).toBe('Updated');
  });

  it('an import that stored part of the file and crashed stores the rest when run again, and announces every transaction it stored, once', async () => {
    class CrashingHalfWay extends TransactionRepository {
      override async storeRows(consentId: string, rows: StoredTransaction[], holdings: AccountHoldings): Promise<StoredTransaction[]> {
        await super.storeRows(consentId, rows.slice(0, Math.floor(rows.length / 2)), holdings);
        throw new Error('the worker died');
      }
    }
    await send('i-1', mt940('2026-01-01', '2026-02-28'));
    await runFetch(await jobsWith(new CrashingHalfWay(connection)));
    const twoMonths = between('2026-01-01', '2026-02-28');
    const half = await transactions.storedBy('c-up', 'i-1');
    expect(half.length).toBe(Math.floor(twoMonths.length / 2));
    expect((await imports.find('c-up', 'i-1'))!.status).toBe('Running');

    await runFetch(jobs, new Date(Date.now() + 120_000));

    const stored = await transactions.storedBy('c-up', 'i-1');
    expect(await imports.find('c-up', 'i-1')).toMatchObject({ status: 'Completed', transactionsAdded: twoMonths.length, duplicatesSkipped: 0, announced: true });
    expect(await transactions.countByConsent('c-up')).toBe(twoMonths.length);
    const outbox = (await consents.store.withPendingEvents(100)).find((d) => d._id === 'c-up')!.outbox;
    const announced = outbox.filter((e) => e.envelope.type === ConsentEventTypes.transactionsAdded).flatMap((e) => (e.envelope.data as { transactions: TransactionDto[] }).transactions);
    expect(announced.map((t) => t.id)).toEqual(stored.map((t) => t.id));
    expect(announced).toEqual(stored.map(toTransactionDto));
    const fetched = outbox.filter((e) => e.envelope.type === ConsentEventTypes.transactionsFetched).map((e) => e.envelope.data);
    expect(fetched).toEqual([expect.objectContaining({ fetchId: 'i-1', addedTransactionsCount: twoMonths.length })]);
  });

  it('announces an import once when the worker died after announcing it, before marking it announced', async () => {
    class DyingAfterAnnouncing extends StatementImportRepository {
      private died = false;
      override async markAnnounced(ids: readonly string[]): Promise<void> {
        if (!this.died && ids.length > 0) {
          this.died = true;
          throw new Error('the worker died');
        }
        await super.markAnnounced(ids);
      }
    }
    await send('i-1', mt940('2026-01-01', '2026-01-31'));
    await runFetch(await jobsWith(transactions, new DyingAfterAnnouncing(connection)));
    await send('i-2', mt940('2026-02-01', '2026-02-28'));
    await runFetch();

    const outbox = (await consents.store.withPendingEvents(100)).find((d) => d._id === 'c-up')!.outbox;
    const fetched = outbox.filter((e) => e.envelope.type === ConsentEventTypes.transactionsFetched).map((e) => (e.envelope.data as { fetchId: string }).fetchId);
    expect(fetched).toEqual(['i-1', 'i-2']);
    const consent = (await consents.store.find('c-up'))!;
    expect(new Set(consent.transactionEventKeys).size).toBe(consent.transactionEventKeys.length);
    expect((await imports.listByConsent('c-up')).map((i) => [i.id, i.announced])).toEqual([
      ['i-2', true],
      ['i-1', true],
    ]);
  });

  it('refuses the file, and ends the fetch, when a parser throws (a fault of ours): the consent is not left failing for ever', async () => {
    readStatement = () => {
      throw new Error('parser bug');
    };
    await send('i-bug', mt940('2026-01-01', '2026-01-31'));
    await runFetch();
    expect(await imports.find('c-up', 'i-bug')).toMatchObject({ status: 'Failed', errors: [{ location: 'file', message: expect.stringMatching(/error on our side/) }] });
    expect(await consents.store.find('c-up')).toMatchObject({ status: 'Authenticated', fetch: null, consecutiveFailures: 0 });
  });

  it('takes no file on a consent of a bank, and none from another app', async () => {
    await consents.insert(initializedConsent({ id: 'c-bank', status: 'Updated' }), []);
    const onBank = await upload.execute({ importId: 'x', consentId: 'c-bank', ownerClientId: 'app', file: mt940('2026-01-01', '2026-01-31'), contentType: 'text/plain', formatHint: null });
    expect(!onBank.ok && onBank.error.code).toBe('CONFLICT');
    const byOther = await upload.execute({ importId: 'y', consentId: 'c-up', ownerClientId: 'other-app', file: mt940('2026-01-01', '2026-01-31'), contentType: 'text/plain', formatHint: null });
    expect(!byOther.ok && byOther.error.code).toBe('NOT_FOUND');
    expect(await imports.listByConsent('c-up')).toEqual([]);
  });
});
