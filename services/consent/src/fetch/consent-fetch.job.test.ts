import { EventWriter } from '@obp/bus';
import { ConsentEventTypes, consentEvents, type TransactionDto } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { ClaimLedger } from '@obp/jobs';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { approve, type Consent } from '../domain/consent';
import { initializedConsent, t0 } from '../domain/consent.fixture';
import { AccountRepository } from '../infrastructure/account.repository';
import { ConsentEvents } from '../infrastructure/consent-events';
import { ConsentRepository, consentStoreOptions } from '../infrastructure/consent.repository';
import { TransactionRepository } from '../infrastructure/transaction.repository';
import type { BankProvider } from '../providers/bank-provider';
import { ProviderRegistry } from '../providers/provider-registry';
import { sandboxProviders } from '../providers/sandbox-provider';
import { ConsentFetchJobs } from './consent-fetch.job';

const approved = (id: string): Consent => approve(initializedConsent({ id, externalUserId: id, syncMode: 'Manual', dateExpire: new Date(t0.getTime() + 90 * 86_400_000) }), `fetch-${id}`, t0);

/** Counts the reads of every pending fetch. */
class CountingConsents extends ConsentRepository {
  pendingReads = 0;

  override pendingFetches(): Promise<Consent[]> {
    this.pendingReads++;
    return super.pendingFetches();
  }
}

describe('consent fetch jobs (real store)', () => {
  let connection: Connection;
  const jobsOver = async (consents: ConsentRepository, providers: ProviderRegistry) =>
    new ConsentFetchJobs({
      consents,
      accounts: new AccountRepository(connection),
      transactions: new TransactionRepository(connection),
      providers,
      events: new ConsentEvents(new EventWriter(consentEvents, 'consent.events.test')),
      claims: await ClaimLedger.open(database(connection)),
      logger: createLogger('test', 'silent'),
      leaseMs: 30_000,
      retryBaseMs: 1_000,
      retryMaxMs: 60_000,
      timeoutMs: 60_000,
    });
  afterEach(async () => {
    await database(connection).dropDatabase();
    await connection.close();
  });

  it('hands out a backlog of due fetches from one read, and reads again once it is used up', async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
    const consents = new CountingConsents(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    for (let i = 0; i < 10; i++) await consents.insert(approved(`c${i}`), []);
    const jobs = await jobsOver(consents, new ProviderRegistry(sandboxProviders(0)));
    const now = new Date(t0.getTime() + 1_000);
    const handedOut: string[] = [];
    for (let pass = 0; pass < 5; pass++) handedOut.push(...(await jobs.due(now, 2)).map((c) => c.id));
    expect(handedOut.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`).sort());
    expect(consents.pendingReads).toBe(1);
    await jobs.due(now, 2);
    expect(consents.pendingReads).toBe(2);
  });

  it('leaves a fetch taken over to the worker that took it: a stalled worker ending it first would leave what the other stores after that unannounced', async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
    const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    await consents.insert(approved('c-stall'), []);
    const [sandbox] = sandboxProviders(0);
    // The stalled worker asked the bank earlier: the newest transaction of each account was not booked yet.
    const earlier: BankProvider = {
      ...sandbox!,
      info: sandbox!.info,
      authorizationUrl: (args) => sandbox!.authorizationUrl(args),
      listAccounts: (session, signal) => sandbox!.listAccounts(session, signal),
      listTransactions: async (session, account, asOf, signal) => {
        const all = await sandbox!.listTransactions(session, account, asOf, signal);
        const newest = all.reduce((a, b) => (a.bookingDate >= b.bookingDate ? a : b));
        return all.filter((t) => t !== newest);
      },
    };
    const stalled = await jobsOver(consents, new ProviderRegistry([earlier]));
    const takingOver = await jobsOver(consents, new ProviderRegistry([sandbox!]));
    const now = new Date(t0.getTime() + 1_000);
    const [due] = await stalled.due(now, 1);
    const first = (await stalled.claim(due!, now))!;
    const afterLease = new Date(now.getTime() + 30_001);
    const second = (await takingOver.claim((await consents.store.find('c-stall'))!, afterLease))!;
    expect(second.fetch!.claims).toBe(2);

    await stalled.run(first, { signal: new AbortController().signal });
    await takingOver.run(second, { signal: new AbortController().signal });

    const transactions = new TransactionRepository(connection);
    const stored = await transactions.storedBy('c-stall', second.fetch!.id);
    const pending = (await consents.store.withPendingEvents(100)).find((d) => d._id === 'c-stall')!;
    const announced = pending.outbox
      .filter((e) => e.envelope.type === ConsentEventTypes.transactionsAdded)
      .flatMap((e) => (e.envelope.data as { transactions: TransactionDto[] }).transactions.map((t) => t.id));
    expect(stored.length).toBe(await transactions.countByConsent('c-stall'));
    expect(announced.sort()).toEqual(stored.map((t) => t.id).sort());
    expect((await consents.store.find('c-stall'))!).toMatchObject({ status: 'Updated', fetch: null });
  });

  it('records a failure of ours in the consent without its text, which names internal addresses', async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
    const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    const [sandbox] = sandboxProviders(0);
    const unreachable: BankProvider = {
      ...sandbox!,
      info: sandbox!.info,
      authorizationUrl: (args) => sandbox!.authorizationUrl(args),
      listAccounts: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.4.17:5432')),
      listTransactions: () => Promise.reject(new Error('unused')),
    };
    await consents.insert(approved('c-down'), []);
    const jobs = await jobsOver(consents, new ProviderRegistry([unreachable]));
    const now = new Date(t0.getTime() + 1_000);
    const [due] = await jobs.due(now, 1);
    const claimed = await jobs.claim(due!, now);
    await jobs.run(claimed!, { signal: new AbortController().signal });
    const stored = (await consents.store.find('c-down'))!;
    expect(stored.errors.map(({ type, code, message }) => ({ type, code, message }))).toEqual([{ type: 'FetchFailed', code: 'FETCH_FAILED', message: 'The fetch failed on our side. It is retried automatically.' }]);
    expect(JSON.stringify(stored)).not.toContain('10.0.4.17');
  });
});
