import { EventWriter } from '@obp/bus';
import { ConsentEventTypes, consentEvents, xs2aProviderConfigSchema, type TransactionDto } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { ClaimLedger } from '@obp/jobs';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { startXs2aSimulator } from '@obp/xs2a/src/simulator';
import { approve, MAX_CONSECUTIVE_FAILURES, renewalApproved, type Consent } from '../../domain/consent';
import { initializedConsent, t0 } from '../../domain/consent.fixture';
import { AccountRepository } from '../../infrastructure/account.repository';
import { ConsentEvents } from '../../infrastructure/consent-events';
import { ConsentRepository, consentStoreOptions } from '../../infrastructure/consent.repository';
import { RefreshRequestRepository } from '../../infrastructure/refresh-request.repository';
import { StatementImportRepository } from '../../infrastructure/statement-import.repository';
import { TransactionRepository, type StoredTransaction } from '../../infrastructure/transaction.repository';
import { ProviderError, type BankProvider, type ProviderTransaction } from '../../providers/bank-provider';
import { ProviderRegistry } from '../../providers/provider-registry';
import { sandboxProviders } from '../../providers/sandbox-provider';
import { Xs2aProvider } from '../../providers/xs2a/xs2a-provider';
import { EraseConsentService } from '../../use-cases/delete-consent/erase-consent.service';
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
  const jobsOver = async (consents: ConsentRepository, providers: ProviderRegistry, transactions = new TransactionRepository(connection)) =>
    new ConsentFetchJobs({
      consents,
      accounts: new AccountRepository(connection),
      transactions,
      imports: new StatementImportRepository(connection),
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

  it('gives each due fetch to one of two instances claiming all of them at once (the claim ledger decides, also on FerretDB)', async () => {
    const dbName = uniqueDbName('fetch-jobs');
    connection = await connectDatabase(testEnv().mongoUri, dbName);
    const other = await connectDatabase(testEnv().mongoUri, dbName);
    try {
      const consentsOf = (c: Connection) => new ConsentRepository(new AggregateStore<Consent>(database(c), consentStoreOptions(() => null)));
      const consents = consentsOf(connection);
      await consents.store.ensureIndexes();
      const ids = Array.from({ length: 8 }, (_, i) => `c${i}`);
      for (const id of ids) await consents.insert(approved(id), []);
      const providers = new ProviderRegistry(sandboxProviders(0));
      const instances = [await jobsOver(consents, providers), await jobsOver(consentsOf(other), providers, new TransactionRepository(other))];
      const now = new Date(t0.getTime() + 1_000);

      const claims = await Promise.all(instances.flatMap((jobs) => ids.map(async (id) => ({ id, won: (await jobs.claim((await consents.store.find(id))!, now)) !== null }))));

      expect(ids.map((id) => claims.filter((c) => c.id === id && c.won).length)).toEqual(ids.map(() => 1));
    } finally {
      await other.close();
    }
  });

  describe('a fetch taken over from a worker that stalled past its lease', () => {
    let consents: ConsentRepository;
    const [sandbox] = sandboxProviders(0);
    /** The bank as a worker saw it: `keep` picks the transactions its look found. */
    const bankSeeing = (keep: (all: ProviderTransaction[]) => ProviderTransaction[]): BankProvider => ({
      ...sandbox!,
      info: sandbox!.info,
      authorizationUrl: (args) => sandbox!.authorizationUrl(args),
      listAccounts: (session, signal) => sandbox!.listAccounts(session, signal),
      listTransactions: async (session, account, asOf, signal) => keep(await sandbox!.listTransactions(session, account, asOf, signal)),
    });
    const byDate = (all: ProviderTransaction[]) => [...all].sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
    const now = new Date(t0.getTime() + 1_000);
    const afterLease = new Date(now.getTime() + 30_001);

    beforeEach(async () => {
      connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
      consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
      await consents.store.ensureIndexes();
      await consents.insert(approved('c-stall'), []);
    });

    /** Every transaction stored is announced by the consent's events, exactly once, and the fetch ended. */
    async function expectEveryStoredRowAnnounced(): Promise<void> {
      const transactions = new TransactionRepository(connection);
      const stored = await transactions.storedBy('c-stall', 'fetch-c-stall');
      const pending = (await consents.store.withPendingEvents(100)).find((d) => d._id === 'c-stall')!;
      const announced = pending.outbox
        .filter((e) => e.envelope.type === ConsentEventTypes.transactionsAdded)
        .flatMap((e) => (e.envelope.data as { transactions: TransactionDto[] }).transactions.map((t) => t.id));
      expect(stored.length).toBe(await transactions.countByConsent('c-stall'));
      expect(announced.sort()).toEqual(stored.map((t) => t.id).sort());
      expect((await consents.store.find('c-stall'))!).toMatchObject({ status: 'Updated', fetch: null });
    }

    it('is not ended by the stalled worker: ending it first, it would leave what the other stores after that unannounced', async () => {
      // The stalled worker looked at the bank earlier (the newest transaction was not booked yet). It is taken over
      // as it stores; the other stores only after the stalled one has tried to end the fetch.
      let atGate!: () => void;
      const takingOverAtGate = new Promise<void>((resolve) => (atGate = resolve));
      let openGate!: () => void;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      class StoringAfterTheGate extends TransactionRepository {
        override async insertNew(consentId: string, rows: StoredTransaction[]): Promise<void> {
          atGate();
          await gate;
          await super.insertNew(consentId, rows);
        }
      }
      const takingOver = await jobsOver(consents, new ProviderRegistry([sandbox!]), new StoringAfterTheGate(connection));
      let secondRun: Promise<string> | undefined;
      class TakenOverWhileStoring extends TransactionRepository {
        override async insertNew(consentId: string, rows: StoredTransaction[]): Promise<void> {
          const second = (await takingOver.claim((await consents.store.find('c-stall'))!, afterLease))!;
          expect(second.fetch!.claims).toBe(2);
          secondRun = takingOver.run(second, { signal: new AbortController().signal });
          await takingOverAtGate;
          await super.insertNew(consentId, rows);
        }
      }
      const stalled = await jobsOver(consents, new ProviderRegistry([bankSeeing((all) => byDate(all).slice(0, -1))]), new TakenOverWhileStoring(connection));
      const [due] = await stalled.due(now, 1);

      await stalled.run((await stalled.claim(due!, now))!, { signal: new AbortController().signal });
      openGate();
      await secondRun;

      await expectEveryStoredRowAnnounced();
    });

    it('gets nothing stored by the stalled worker once taken over: rows of its earlier look would carry an ended fetch id', async () => {
      // The one that took over looked later: the oldest transaction had left the bank's window meanwhile.
      const stalled = await jobsOver(consents, new ProviderRegistry([sandbox!]));
      const takingOver = await jobsOver(consents, new ProviderRegistry([bankSeeing((all) => byDate(all).slice(1))]));
      const [due] = await stalled.due(now, 1);
      const first = (await stalled.claim(due!, now))!;
      const second = (await takingOver.claim((await consents.store.find('c-stall'))!, afterLease))!;

      await takingOver.run(second, { signal: new AbortController().signal });
      await stalled.run(first, { signal: new AbortController().signal });

      await expectEveryStoredRowAnnounced();
    });

    it('gets no account stored by the stalled worker once taken over: its earlier look would undo the other one\'s', async () => {
      // The bank renamed the accounts between the two looks: the stalled worker saw the old names.
      const naming = (name: string): BankProvider => ({
        ...bankSeeing((all) => all),
        listAccounts: async (session, signal) => (await sandbox!.listAccounts(session, signal)).map((account) => ({ ...account, name })),
      });
      const stalled = await jobsOver(consents, new ProviderRegistry([naming('Old name')]));
      const takingOver = await jobsOver(consents, new ProviderRegistry([naming('New name')]));
      const [due] = await stalled.due(now, 1);
      const first = (await stalled.claim(due!, now))!;
      const second = (await takingOver.claim((await consents.store.find('c-stall'))!, afterLease))!;

      await takingOver.run(second, { signal: new AbortController().signal });
      expect(await stalled.run(first, { signal: new AbortController().signal })).toBe('taken-over');

      const accounts = await new AccountRepository(connection).listByConsent('c-stall');
      expect(accounts.length).toBeGreaterThan(0);
      expect(accounts.map((account) => account.name)).toEqual(accounts.map(() => 'New name'));
    });
  });

  it('leaves nothing of a consent erased while it fetched, also when the erasure ran before its first write', async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
    const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    const [sandbox] = sandboxProviders(0);
    const accounts = new AccountRepository(connection);
    const transactions = new TransactionRepository(connection);
    const events = new ConsentEvents(new EventWriter(consentEvents, 'consent.events.test'));
    const erasure = new EraseConsentService(consents, accounts, transactions, new RefreshRequestRepository(connection), new StatementImportRepository(connection), events, { forgetResource: async () => 0 }, createLogger('test', 'silent'));
    // The app erases the consent while the bank is answering the list of accounts: the erasure is over before the fetch stores anything.
    const erasedWhileListing: BankProvider = {
      ...sandbox!,
      info: sandbox!.info,
      authorizationUrl: (args) => sandbox!.authorizationUrl(args),
      listAccounts: async (session, signal) => {
        const listed = await sandbox!.listAccounts(session, signal);
        expect(await erasure.execute('c-erased', 'app')).toBe(true);
        return listed;
      },
      listTransactions: (session, account, asOf, signal) => sandbox!.listTransactions(session, account, asOf, signal),
    };
    const consent = approved('c-erased');
    await consents.insert(consent, []);
    const jobs = await jobsOver(consents, new ProviderRegistry([erasedWhileListing]));
    const now = new Date(t0.getTime() + 1_000);
    const [due] = await jobs.due(now, 1);
    await jobs.run((await jobs.claim(due!, now))!, { signal: new AbortController().signal });

    expect(await consents.store.find('c-erased')).toBeNull();
    expect(await accounts.listByConsent('c-erased')).toEqual([]);
    expect(await transactions.countByConsent('c-erased')).toBe(0);
  });

  it('stores the bank details a provider gives (mandate, creditor id, bank transaction code, …) and serves them; none are stored where it gives none', async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
    const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    const [sandbox] = sandboxProviders(0);
    const details = { bankReference: 'REF-1', endToEndId: 'E2E-1', mandateId: 'M-1', creditorSchemeId: 'NL27ZZZ426570010000', bankTransactionCode: 'PMNT-RDDT-ESDD', merchantCategoryCode: null };
    const withDetails: BankProvider = {
      ...sandbox!,
      info: sandbox!.info,
      authorizationUrl: (args) => sandbox!.authorizationUrl(args),
      listAccounts: (session, signal) => sandbox!.listAccounts(session, signal),
      listTransactions: async (session, account, asOf, signal) => {
        const [first, second] = await sandbox!.listTransactions(session, account, asOf, signal);
        return [{ ...first!, ...details }, second!];
      },
    };
    await consents.insert(approved('c-details'), []);
    const transactions = new TransactionRepository(connection);
    const jobs = await jobsOver(consents, new ProviderRegistry([withDetails]), transactions);
    const now = new Date(t0.getTime() + 1_000);
    const [due] = await jobs.due(now, 1);
    await jobs.run((await jobs.claim(due!, now))!, { signal: new AbortController().signal });

    const stored = await transactions.storedBy('c-details', 'fetch-c-details');
    const detailed = stored.filter((t) => t.mandateId !== undefined);
    expect(detailed.length).toBeGreaterThan(0);
    for (const t of detailed) expect(t).toMatchObject({ bankReference: 'REF-1', endToEndId: 'E2E-1', mandateId: 'M-1', creditorSchemeId: 'NL27ZZZ426570010000', bankTransactionCode: 'PMNT-RDDT-ESDD' });
    for (const t of stored) expect(Object.keys(t)).not.toContain('merchantCategoryCode');
    expect(stored.some((t) => !('bankReference' in t))).toBe(true);
  });

  it('stores nothing of a fetch whose bank fails half-way (an answer off the standard on the second account), and records the bank’s error', async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
    const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    const [sandbox] = sandboxProviders(0);
    let calls = 0;
    const halfWay: BankProvider = {
      ...sandbox!,
      info: sandbox!.info,
      authorizationUrl: (args) => sandbox!.authorizationUrl(args),
      listAccounts: (session, signal) => sandbox!.listAccounts(session, signal),
      listTransactions: async (session, account, asOf, signal) => {
        if (++calls === 2) throw new ProviderError('PROVIDER_INVALID_ANSWER', 'The bank’s answer does not conform: body/transactions/booked/3/transactionAmount: is required');
        return sandbox!.listTransactions(session, account, asOf, signal);
      },
    };
    await consents.insert(approved('c-half'), []);
    const accounts = new AccountRepository(connection);
    const transactions = new TransactionRepository(connection);
    const jobs = await jobsOver(consents, new ProviderRegistry([halfWay]), transactions);
    const now = new Date(t0.getTime() + 1_000);
    const [due] = await jobs.due(now, 1);
    await jobs.run((await jobs.claim(due!, now))!, { signal: new AbortController().signal });
    expect(calls).toBe(2);
    expect(await accounts.listByConsent('c-half')).toEqual([]);
    expect(await transactions.storedBy('c-half', 'fetch-c-half')).toEqual([]);
    const stored = (await consents.store.find('c-half'))!;
    expect(stored.status).toBe('Failing');
    expect(stored.errors.map((e) => e.code)).toEqual(['PROVIDER_INVALID_ANSWER']);
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

  it('leaves a consent whose bank this instance cannot read to other instances: however often it comes round, no failure is counted and its status stays', async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
    const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    await consents.insert({ ...approved('c-away'), providerKey: 'away-bank' }, []);
    const registry = new ProviderRegistry(sandboxProviders(0));
    const here = await jobsOver(consents, registry);
    const racing = await jobsOver(consents, registry);
    const unchanged = () => expect(consents.store.find('c-away')).resolves.toMatchObject({ consecutiveFailures: 0, errors: [], fetch: { id: 'fetch-c-away' } });
    // A failure is written at the clock's time: each attempt comes after the back-off of the one before.
    const start = Date.now();
    for (let attempt = 1; attempt <= MAX_CONSECUTIVE_FAILURES + 2; attempt++) {
      const now = new Date(start + attempt * 3_600_000);
      // Unreadable here when the backlog is read: not claimed.
      registry.markUnavailable('away-bank', 'tls.clientKey: the file cannot be read');
      expect((await here.due(now, 10)).map((c) => c.id)).toEqual([]);
      // Readable when read, unreadable by the time it runs: put back.
      registry.clearUnavailable('away-bank');
      const [due] = await racing.due(now, 10);
      const claimed = await racing.claim(due!, now);
      registry.markUnavailable('away-bank', 'tls.clientKey: the file cannot be read');
      await racing.run(claimed!, { signal: new AbortController().signal });
      await unchanged();
    }
    expect((await consents.store.find('c-away'))!.status).not.toMatch(/Failing|Error/);
  });

  it('keeps each account and transaction once when a re-authorisation’s bank consent lists the accounts under new resourceIds (simulated bank)', async () => {
    const sim = await startXs2aSimulator({ resourceIdsPerConsent: true, pageSize: 40 });
    const tls = { clientCertificate: sim.pki.client.cert, clientKey: sim.pki.client.key, caBundle: sim.pki.ca.cert };
    const config = xs2aProviderConfigSchema.parse({ kind: 'xs2a', providerKey: 'sim-bank', name: 'Simulated bank', country: 'NL', baseUrl: sim.apiUrl, scaApproaches: ['redirect'], tls });
    const bank = new Xs2aProvider(config, { tls: { certificate: sim.pki.client.cert, key: sim.pki.client.key, caBundle: sim.pki.ca.cert } });
    try {
      connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
      const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
      await consents.store.ensureIndexes();
      const accounts = new AccountRepository(connection);
      const transactions = new TransactionRepository(connection);
      const jobs = await jobsOver(consents, new ProviderRegistry([bank]), transactions);
      /** A bank consent the user approved at the bank. */
      const grantedAtBank = async (state: string) => {
        const made = await bank.bankConsent.create({ consentId: 'c-renewed', state, publicBaseUrl: 'https://api.example.test', validUntil: new Date(Date.now() + 80 * 86_400_000), psuIpAddress: '198.51.100.4', psuId: null }, AbortSignal.timeout(10_000));
        const atBank = sim.bank.consentForPsu(made.id)!;
        sim.bank.decide(atBank, atBank.authorisation.id, 'approve', 'psu-renewed');
        return { id: made.id, approach: made.approach, consentUrl: made.consentUrl, scaStatusLink: made.scaStatusLink };
      };
      const fetchNow = async (now: Date) => {
        const [due] = await jobs.due(now, 1);
        expect(await jobs.run((await jobs.claim(due!, now))!, { signal: new AbortController().signal })).toBe('updated');
      };
      const stored = async () => {
        const all = [...(await transactions.byAccount('c-renewed')).values()].flat();
        return { accounts: await accounts.listByConsent('c-renewed'), transactionIds: all.map((t) => t.id).sort(), keys: all.map((t) => `${t.accountId}|${t.externalId}`) };
      };

      const first = await grantedAtBank('s1');
      await consents.insert({ ...approved('c-renewed'), providerKey: 'sim-bank', bankConsent: { ...first, grantedAt: t0 } }, []);
      await fetchNow(new Date(t0.getTime() + 1_000));
      const before = await stored();
      expect(before.accounts.length).toBeGreaterThan(1);
      expect(before.transactionIds.length).toBeGreaterThan(0);

      const second = await grantedAtBank('s2');
      await consents.store.mutate('c-renewed', (c) => ({
        next: renewalApproved({ ...c, renewal: { ...second, state: 's2', requestedAt: t0, validUntil: c.dateExpire } }, 'fetch-renewed', new Date(t0.getTime() + 2_000)),
        result: null,
      }));
      await fetchNow(new Date(t0.getTime() + 3_000));
      const after = await stored();
      expect(after.accounts.map((a) => a.id)).toEqual(before.accounts.map((a) => a.id));
      expect(after.transactionIds).toEqual(expect.arrayContaining(before.transactionIds));
      expect(new Set(after.keys).size).toBe(after.keys.length);
      // The bank's new ids are recorded: the next refresh under the new consent maps them without matching again.
      const listed = await bank.listAccounts({ consentId: 'c-renewed', subject: 'c-renewed', bankConsentId: second.id }, AbortSignal.timeout(10_000));
      for (const account of after.accounts) expect(listed.map((a) => a.externalId)).toContain(account.externalIdAliases?.[0]);
    } finally {
      bank.close();
      await sim.close();
    }
  });

  it('records once, with its dates, the days a refresh could not read at the bank, and completes the fetch', async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('fetch-jobs'));
    const consents = new ConsentRepository(new AggregateStore<Consent>(database(connection), consentStoreOptions(() => null)));
    await consents.store.ensureIndexes();
    const [sandbox] = sandboxProviders(0);
    const shortOfHistory: BankProvider = {
      ...sandbox!,
      info: sandbox!.info,
      authorizationUrl: (args) => sandbox!.authorizationUrl(args),
      listAccounts: (session, signal) => sandbox!.listAccounts(session, signal),
      listTransactions: async (session, account, asOf, signal) => {
        session.onHistoryGap?.({ accountExternalId: account.externalId, from: '2026-05-01', to: '2026-08-22', reason: 'The bank serves at most 89 days of history without the user (PERIOD_INVALID)' });
        return sandbox!.listTransactions(session, account, asOf, signal);
      },
    };
    await consents.insert(approved('c-gap'), []);
    const jobs = await jobsOver(consents, new ProviderRegistry([shortOfHistory]));
    const now = new Date(t0.getTime() + 1_000);
    const [due] = await jobs.due(now, 1);
    await jobs.run((await jobs.claim(due!, now))!, { signal: new AbortController().signal });

    const consent = (await consents.find('c-gap'))!;
    expect(consent.status).toBe('Updated');
    expect(consent.errors).toEqual([
      { date: expect.any(String), type: 'HistoryGap', code: 'HISTORY_GAP', message: 'The bank serves at most 89 days of history without the user (PERIOD_INVALID): transactions booked from 2026-05-01 to 2026-08-22 could not be fetched and may be missing.' },
    ]);
  });
});
