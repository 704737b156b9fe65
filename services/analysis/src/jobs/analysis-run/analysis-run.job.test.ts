import { randomUUID } from 'node:crypto';
import { createKafka, EventWriter, type OutboxEntry } from '@obp/bus';
import { ConsentData } from '@obp/consent-data';
import { analysisEvents, type AnalysisResult, type ConsentDto, type CreateAnalysisJobBody, type EventEnvelope, type TransactionDto } from '@obp/contracts';
import { uuidv7 } from '@obp/core';
import { connectDatabase, database, ErasedIds, type Connection } from '@obp/db';
import { ClaimLedger, JobRunner } from '@obp/jobs';
import { ShareGrants } from '@obp/share-grants';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { newJob, toAnalysisJobDto, type AnalysisJob } from '../../domain/analysis-job';
import type { AnalysisInput } from '../../domain/engine/analyse';
import { historyStart } from '../../domain/history-window';
import { AnalysisJobEvents, analysisJobStoreOptions, type AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import { AnalysisResults } from '../../infrastructure/analysis-results';
import { FeedbackRules } from '../../infrastructure/feedback-rules';
import { onConsentDeleted } from '../../use-cases/on-consent-deleted/on-consent-deleted.handler';
import { onTransactionsFetched } from '../../use-cases/on-transactions-fetched/on-transactions-fetched.handler';
import { AnalysisMetrics } from './analysis-metrics';
import { AnalysisRunJobs, type Analyse } from './analysis-run.job';
import { InputResolver } from './resolve-input';
import { wakeJobsWaitingFor } from './wake-waiting-jobs';

const OWNER = 'owner-app';
const logger = createLogger('test', 'silent');
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const envelope = <K extends string, T>(type: K, data: T): EventEnvelope<T, K> => ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), ownerClientId: OWNER, data });
const meta = (key: string) => ({ topic: 't', partition: 0, offset: '0', key });

const consentDto = (id: string, status: ConsentDto['status']): ConsentDto => ({
  id,
  status,
  dateStatusUpdated: new Date().toISOString(),
  dateRequested: new Date().toISOString(),
  dateExpire: new Date().toISOString(),
  dateTransactionsUpdated: null,
  providerKey: 'sandbox-retail',
  countryCode: 'NL',
  userId: null,
  externalUserId: 'ext',
  syncMode: null,
  redirectUrl: 'https://example.com',
  errors: [],
});

const transaction = (accountId: string, daysAgo: number, amount: number): TransactionDto => ({
  id: randomUUID(),
  accountId,
  amount,
  currency: 'EUR',
  bookingDate: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  valueDate: null,
  description: 'x',
  counterpartName: 'Shop',
  counterpartAccountNumber: null,
  transactionType: null,
  transactionTypeName: null,
  reasonCode: null,
  purposeCode: null,
});

/** A stand-in for the engine: a result that fits the schema, counting its calls. */
function fakeEngine(): { analyse: Analyse; calls: AnalysisInput[] } {
  const calls: AnalysisInput[] = [];
  const flow = { amount: 0, transactionIds: [], byCategory: null };
  const traced = { amount: 0, transactionIds: [] };
  const analyse: Analyse = (input) => {
    calls.push(input);
    const result: AnalysisResult = {
      jobId: input.jobId,
      engine: input.engine,
      engineVersion: '0.0.1',
      currency: 'EUR',
      profile: input.profile,
      countryCode: input.countryCode,
      kvkNumber: input.kvkNumber,
      period: null,
      consentIds: input.consentIds,
      accountIds: input.accountIds,
      sequencing: { incomeSequences: [], expenseSequences: [], engineVersion: '0.0.1' },
      months: [],
      totals: { income: flow, expense: flow, net: 0 },
      indicators: {
        recurringIncomePerMonth: traced,
        fixedCostsPerMonth: traced,
        disposableIncomePerMonth: { amount: 0 },
        gambling: { share: 0, ...traced },
        cash: { share: 0, ...traced },
        returnedDirectDebits: { count: 0, ...traced },
      },
      corporate: null,
      transactions: null,
      internalTransferIds: input.transactions.map((t) => t.id),
      otherCurrencyTransactionIds: [],
    };
    return result;
  };
  return { analyse, calls };
}

interface Bed {
  db: Connection;
  jobs: AnalysisJobStore;
  results: AnalysisResults;
  erased: ErasedIds;
  events: AnalysisJobEvents;
  apply: ReturnType<ConsentData['handlers']>;
  /** One process of the service: its runner over the shared database. */
  runner(engine: Analyse, options?: { dataWaitMs?: number; visibilityWaitMs?: number; onFinished?: (jobId: string) => Promise<void> }): JobRunner<AnalysisJob>;
  /** A consent (of the owner unless told) in the projection; with `fetched`, its account and transactions too. */
  consent(fetched: boolean, of?: { ownerClientId?: string; externalUserId?: string }): Promise<{ consentId: string; accountId: string; transactions: TransactionDto[] }>;
  createJob(consentIds: string[]): Promise<string>;
  /** A job of the owner on any kind of input. */
  createJobOn(input: Partial<CreateAnalysisJobBody['Input']>): Promise<string>;
  /** What the share-grants projection holds once `ownerClientId` shared `consentIds` with the job's owner. */
  grant(ownerClientId: string, consentIds: string[]): Promise<void>;
  /** What the consent projection's barrier answers (caught up unless told), how often it was asked, and what happens while it catches up. */
  barrier: { caughtUp: boolean; asked: number; meanwhile?: () => Promise<void> };
}

async function testBed(): Promise<Bed> {
  const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('analysis_run'));
  cleanup.add(async () => {
    await db.dropDatabase();
    await db.close();
  });
  const jobs = new AggregateStore<AnalysisJob>(database(db), analysisJobStoreOptions);
  await jobs.ensureIndexes();
  const consentData = new ConsentData(db, { historyStart });
  await consentData.ensureIndexes();
  const results = new AnalysisResults(database(db));
  await results.ensureIndexes();
  const erased = new ErasedIds(database(db), 'erased_consents');
  const claims = await ClaimLedger.open(database(db));
  const grants = new ShareGrants({ kafka: createKafka('analysis-run-test', testEnv().kafkaBrokers, logger), db, logger, topic: 'unused', groupId: 'unused' });
  const writer = new EventWriter(analysisEvents, 'analysis-events');
  const events = new AnalysisJobEvents(writer);
  const barrier: Bed['barrier'] = { caughtUp: true, asked: 0 };
  const resolver = new InputResolver(consentData, grants, jobs, erased, async () => {
    barrier.asked++;
    await barrier.meanwhile?.();
    return barrier.caughtUp;
  });
  const body = (input: Partial<CreateAnalysisJobBody['Input']>): CreateAnalysisJobBody => ({
    Reference: 'test',
    Engine: 'z2',
    Profile: 'retail',
    CountryCode: null,
    Input: { consentIds: null, userIds: null, externalUserIds: null, accountIds: null, analysisJobIds: null, ...input },
    Metadata: { kvk_number: null, internal_ibans: [] },
  });
  const createJobOn = async (input: Partial<CreateAnalysisJobBody['Input']>) => {
    const job = newJob(randomUUID(), OWNER, body(input), new Date());
    await jobs.insert(job, [events.created(job)]);
    return job.id;
  };
  const apply = consentData.handlers();
  return {
    db,
    jobs,
    results,
    erased,
    events,
    apply,
    barrier,
    runner: (engine, options = {}) =>
      new JobRunner<AnalysisJob>({
        name: 'test runner',
        logger,
        pollIntervalMs: 60_000,
        concurrency: 4,
        leaseMs: 30_000,
        source: new AnalysisRunJobs({
          jobs,
          events,
          results,
          erased,
          resolver,
          feedbackRules: new FeedbackRules(database(db)),
          claims,
          metrics: new AnalysisMetrics(),
          logger,
          analyse: engine,
          leaseMs: 30_000,
          retryBaseMs: 1_000,
          retryMaxMs: 10_000,
          dataWaitMs: options.dataWaitMs ?? 60_000,
          waitRecheckMs: 30_000,
          visibilityWaitMs: options.visibilityWaitMs ?? 0,
          testDelayMs: 0,
          onFinished: options.onFinished ?? (async (jobId) => void (await wakeJobsWaitingFor(jobs, jobId))),
        }),
      }),
    async consent(fetched, of = {}) {
      const consentId = randomUUID();
      const accountId = randomUUID();
      const subject = { consentId, userId: null, externalUserId: of.externalUserId ?? 'ext' };
      const created = { ...subject, consent: { ...consentDto(consentId, fetched ? 'Updated' : 'Updating'), externalUserId: subject.externalUserId } };
      await apply['consent.created']!(created, { ...envelope('consent.created', created), ownerClientId: of.ownerClientId ?? OWNER }, meta(consentId));
      const transactions = [transaction(accountId, 10, -25), transaction(accountId, 40, 2500)];
      if (fetched) await fetchInto(apply, { consentId, accountId, transactions });
      return { consentId, accountId, transactions };
    },
    createJob: (consentIds) => createJobOn({ consentIds }),
    createJobOn,
    async grant(ownerClientId, consentIds) {
      await database(db)
        .collection<{ _id: string; ownerClientId: string; granteeClientId: string; consentIds: string[]; accountIds: string[]; analysisIds: string[]; expirationDateUtc: Date }>('share_grants')
        .insertOne({ _id: randomUUID(), ownerClientId, granteeClientId: OWNER, consentIds, accountIds: [], analysisIds: [], expirationDateUtc: new Date(Date.now() + 86_400_000) });
    },
  };
}

/** A completed fetch of one account's transactions, as the projection applies it (transactions.fetched last). */
async function fetchInto(
  apply: ReturnType<ConsentData['handlers']>,
  fetch: { consentId: string; accountId: string; transactions: TransactionDto[] },
  onFetched = apply['transactions.fetched']!,
): Promise<void> {
  const { consentId, accountId, transactions } = fetch;
  const subject = { consentId, userId: null, externalUserId: 'ext' };
  const accounts = { ...subject, accounts: [{ id: accountId, consentId, iban: 'NL91ABNA0417164300', name: 'Current', type: 'Current', currency: 'EUR', ownerName: 'A' }] };
  await apply['accounts.updated']!(accounts, envelope('accounts.updated', accounts), meta(consentId));
  const added = { ...subject, fetchId: 'f1', transactions };
  await apply['transactions.added']!(added, envelope('transactions.added', added), meta(consentId));
  const fetched = { ...subject, fetchId: 'f1', addedTransactionsCount: transactions.length, dateTransactionsUpdated: new Date().toISOString() };
  await onFetched(fetched, envelope('transactions.fetched', fetched), meta(consentId));
}

/** What the engine is given for a job (for storing a result as a run would). */
const inputFor = (jobId: string, scope: { consentIds: string[]; accountIds: string[] }): AnalysisInput => ({
  jobId,
  engine: 'z2',
  profile: 'retail',
  countryCode: null,
  kvkNumber: null,
  ...scope,
  transactions: [],
  ownIbans: [],
  internalIbans: [],
  asOf: new Date(),
});

/** The events queued in a job's document so far (no relay runs here). */
const queued = async (bed: Bed, jobId: string) => ((await bed.jobs.collection.findOne({ _id: jobId }))?.outbox ?? []) as OutboxEntry[];

describe('analysis job runs (real store)', () => {
  it('completes a job once when several processes run it at the same time: one result, one completed event', async () => {
    const bed = await testBed();
    const { consentId, transactions } = await bed.consent(true);
    const jobId = await bed.createJob([consentId]);
    const engine = fakeEngine();
    const ran = await Promise.all([bed.runner(engine.analyse), bed.runner(engine.analyse), bed.runner(engine.analyse)].map((runner) => runner.runDue()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    expect(engine.calls).toHaveLength(1);
    expect(engine.calls[0]!.transactions.map((t) => t.id).sort()).toEqual(transactions.map((t) => t.id).sort());
    const job = await bed.jobs.find(jobId);
    expect(job).toMatchObject({ status: 'Completed', run: null, scope: { consentIds: [consentId] } });
    expect((await queued(bed, jobId)).map((e) => e.envelope.type)).toEqual(['analysis-job.created', 'analysis-job.completed']);
    expect((await bed.results.find(jobId))?.jobId).toBe(jobId);
  });

  it('gives the engine every fetched transaction of the input, also those booked more than 13 months before the job', async () => {
    const bed = await testBed();
    const { consentId, accountId } = await bed.consent(true);
    const older = [transaction(accountId, 420, -60), transaction(accountId, 900, 1200)];
    await fetchInto(bed.apply, { consentId, accountId, transactions: older });
    await bed.createJob([consentId]);
    const engine = fakeEngine();
    await bed.runner(engine.analyse).runDue();
    expect(engine.calls).toHaveLength(1);
    expect(engine.calls[0]!.transactions.map((t) => t.id)).toEqual(expect.arrayContaining(older.map((t) => t.id)));
    expect(engine.calls[0]!.transactions).toHaveLength(4);
  });

  it('only completes a job whose result a run stored before it stopped, without computing it again', async () => {
    const bed = await testBed();
    const { consentId, accountId } = await bed.consent(true);
    const jobId = await bed.createJob([consentId]);
    const scope = { consentIds: [consentId], accountIds: [accountId] };
    await bed.results.storeOnce(jobId, scope, fakeEngine().analyse(inputFor(jobId, scope)), new Date());
    const engine = fakeEngine();
    expect(await bed.runner(engine.analyse).runDue()).toBe(1);
    expect(engine.calls).toHaveLength(0);
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Completed', scope: { consentIds: [consentId], accountIds: [accountId] } });
  });

  it('keeps no result when the consent is erased after the result was stored and before the job completed', async () => {
    const bed = await testBed();
    const { consentId, accountId } = await bed.consent(true);
    const jobId = await bed.createJob([consentId]);
    const erase = async () => {
      const data = { consentId, userId: null, externalUserId: 'ext', accountIds: [accountId] };
      await onConsentDeleted(bed.apply['consent.deleted']!, bed.erased, bed.results, bed.jobs, bed.events)(data, envelope('consent.deleted', data), meta(consentId));
    };
    const storeOnce = bed.results.storeOnce.bind(bed.results);
    bed.results.storeOnce = async (...args) => {
      const stored = await storeOnce(...args);
      await erase();
      return stored;
    };
    await bed.runner(fakeEngine().analyse).runDue();
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Failed', failure: { code: 'ConsentDeleted' } });
    expect(await bed.results.find(jobId)).toBeNull();
    // Its events leave the compacted job topic: the erasure's tombstone, and another after the failure.
    expect((await queued(bed, jobId)).map((e) => e.envelope.type)).toEqual(['analysis-job.created', 'tombstone', 'analysis-job.failed', 'tombstone']);
    expect((await queued(bed, jobId)).filter((e) => e.tombstone).map((e) => e.key)).toEqual([jobId, jobId]);
  });

  it('on erasure, tombstones the events of every job computed from the consent or naming it or its accounts, and of no other job', async () => {
    const bed = await testBed();
    const { consentId, accountId } = await bed.consent(true);
    const other = await bed.consent(true);
    const computed = await bed.createJob([consentId]);
    const unrelated = await bed.createJob([other.consentId]);
    await bed.runner(fakeEngine().analyse).runDue();
    const byAccount = await bed.createJobOn({ accountIds: [accountId] });
    const data = { consentId, userId: null, externalUserId: 'ext', accountIds: [accountId] };
    await onConsentDeleted(bed.apply['consent.deleted']!, bed.erased, bed.results, bed.jobs, bed.events)(data, envelope('consent.deleted', data), meta(consentId));

    const types = async (jobId: string) => (await queued(bed, jobId)).map((e) => e.envelope.type);
    expect(await types(computed)).toEqual(['analysis-job.created', 'analysis-job.completed', 'tombstone']);
    expect(await bed.jobs.find(computed)).toMatchObject({ status: 'Completed', resultErasedAt: expect.any(Date) });
    expect(await types(byAccount)).toEqual(['analysis-job.created', 'tombstone']);
    expect(await bed.jobs.find(byAccount)).toMatchObject({ status: 'Pending', resultErasedAt: null });
    expect(await types(unrelated)).toEqual(['analysis-job.created', 'analysis-job.completed']);
    expect(await bed.jobs.find(unrelated)).toMatchObject({ status: 'Completed', resultErasedAt: null });
  });

  it('waits for a consent whose first fetch is under way, and runs once transactions.fetched arrives', async () => {
    const bed = await testBed();
    const { consentId, accountId, transactions } = await bed.consent(false);
    const jobId = await bed.createJob([consentId]);
    const engine = fakeEngine();
    const runner = bed.runner(engine.analyse);
    await runner.runDue();
    const waiting = await bed.jobs.find(jobId);
    // Its status does not go back: it stays Running, and says what it waits for.
    expect(waiting).toMatchObject({ status: 'Running', run: { waitingFor: [consentId], leaseUntil: null } });
    expect(toAnalysisJobDto(waiting!)).toMatchObject({ status: 'Running', waitingFor: 'first-fetch', startedAt: expect.any(String) });
    expect(engine.calls).toHaveLength(0);

    let kicked = 0;
    await fetchInto(bed.apply, { consentId, accountId, transactions }, onTransactionsFetched(bed.apply['transactions.fetched']!, bed.jobs, () => kicked++));
    expect(kicked).toBe(1);
    expect(await runner.runDue()).toBe(1);
    expect(engine.calls).toHaveLength(1);
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Completed' });
  });

  it('waits for a consent this service knows only as Initialized (its later events still on their way), and runs once it is fetched', async () => {
    const bed = await testBed();
    const consentId = randomUUID();
    const accountId = randomUUID();
    const created = { consentId, userId: null, externalUserId: 'ext', consent: { ...consentDto(consentId, 'Initialized'), externalUserId: 'ext' } };
    await bed.apply['consent.created']!(created, { ...envelope('consent.created', created), ownerClientId: OWNER }, meta(consentId));
    const jobId = await bed.createJob([consentId]);
    const engine = fakeEngine();
    const runner = bed.runner(engine.analyse);
    await runner.runDue();
    // The app may have seen it Updated already: this service's projection lags the consent service's own state.
    expect(toAnalysisJobDto((await bed.jobs.find(jobId))!)).toMatchObject({ status: 'Running', waitingFor: 'first-fetch' });

    await fetchInto(bed.apply, { consentId, accountId, transactions: [transaction(accountId, 10, -25)] }, onTransactionsFetched(bed.apply['transactions.fetched']!, bed.jobs, () => undefined));
    expect(await runner.runDue()).toBe(1);
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Completed', scope: { consentIds: [consentId] } });
  });

  it('runs without what it waits for once the wait is over, and fails with NoData when nothing is left', async () => {
    const bed = await testBed();
    const { consentId } = await bed.consent(false);
    const jobId = await bed.createJob([consentId]);
    await bed.runner(fakeEngine().analyse, { dataWaitMs: 1 }).runDue();
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Failed', failure: { code: 'NoData' } });
  });

  it('puts a job back in the queue with a back-off when its run fails on a transient error, and fails it only for an engine fault', async () => {
    const bed = await testBed();
    const { consentId } = await bed.consent(true);
    const transient = await bed.createJob([consentId]);
    const erasedAmong = bed.erased.erasedAmong.bind(bed.erased);
    bed.erased.erasedAmong = async () => {
      throw new Error('the store is down');
    };
    await bed.runner(fakeEngine().analyse).runDue();
    const backingOff = await bed.jobs.find(transient);
    expect(backingOff).toMatchObject({ status: 'Running', run: { failures: 1, leaseUntil: null } });
    expect(toAnalysisJobDto(backingOff!).waitingFor).toBeNull();
    expect(backingOff!.run!.notBefore.getTime()).toBeGreaterThan(Date.now());
    bed.erased.erasedAmong = erasedAmong;

    const faulty = await bed.createJob([consentId]);
    await bed.runner(() => {
      throw new TypeError('a bug');
    }).runDue();
    expect(await bed.jobs.find(faulty)).toMatchObject({ status: 'Failed', failure: { code: 'InternalError' } });
    expect(await bed.results.find(faulty)).toBeNull();
  });

  it('reads by externalUserIds only the job owner’s consents: another app’s same external id may be another person, shared or not', async () => {
    const bed = await testBed();
    const own = await bed.consent(true, { externalUserId: 'customer-7' });
    const others = await bed.consent(true, { ownerClientId: 'other-app', externalUserId: 'customer-7' });
    await bed.grant('other-app', [others.consentId]);
    const engine = fakeEngine();
    const jobId = await bed.createJobOn({ externalUserIds: ['customer-7'] });
    await bed.runner(engine.analyse).runDue();
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Completed', scope: { consentIds: [own.consentId] } });
    expect(engine.calls[0]!.transactions.map((t) => t.id).sort()).toEqual(own.transactions.map((t) => t.id).sort());
  });

  it('reads through an earlier job only what that job read: nothing booked after it completed', async () => {
    const bed = await testBed();
    const { consentId, accountId, transactions } = await bed.consent(true);
    const engine = fakeEngine();
    const earlier = await bed.createJob([consentId]);
    await bed.runner(engine.analyse).runDue();
    expect((await bed.jobs.find(earlier))?.status).toBe('Completed');

    const later = { ...transaction(accountId, 0, -12), bookingDate: new Date(Date.now() + 60_000).toISOString() };
    await fetchInto(bed.apply, { consentId, accountId, transactions: [later] });
    const built = await bed.createJobOn({ analysisJobIds: [earlier] });
    const fresh = await bed.createJob([consentId]);
    await bed.runner(engine.analyse).runDue();
    const readBy = (jobId: string) => engine.calls.find((c) => c.jobId === jobId)!.transactions.map((t) => t.id).sort();
    expect(readBy(built)).toEqual(transactions.map((t) => t.id).sort());
    expect(readBy(fresh)).toEqual([...transactions, later].map((t) => t.id).sort());
  });

  it('waits for a consent it names that has not reached the service, and runs once it has', async () => {
    const bed = await testBed();
    // A consent made a moment ago: its id tells so.
    const unseenId = uuidv7();
    const engine = fakeEngine();
    const unseen = await bed.createJob([unseenId]);
    const runner = bed.runner(engine.analyse, { visibilityWaitMs: 60_000 });
    await runner.runDue();
    const waiting = await bed.jobs.find(unseen);
    expect(waiting).toMatchObject({ status: 'Running', run: { waitingFor: [unseenId] } });
    expect(toAnalysisJobDto(waiting!).waitingFor).toBe('visibility');
    expect(engine.calls).toHaveLength(0);

    // The consent's events arrive; the job looks again a second later.
    const accountId = randomUUID();
    const subject = { consentId: unseenId, userId: null, externalUserId: 'ext' };
    const created = { ...subject, consent: consentDto(unseenId, 'Updated') };
    await bed.apply['consent.created']!(created, envelope('consent.created', created), meta(unseenId));
    await fetchInto(bed.apply, { consentId: unseenId, accountId, transactions: [transaction(accountId, 3, -9)] });
    expect(await runner.runDue(new Date(Date.now() + 1_500))).toBe(1);
    expect(await bed.jobs.find(unseen)).toMatchObject({ status: 'Completed', scope: { consentIds: [unseenId] } });
  });

  it('fails with NoData at once, without a wait, a job naming only ids that name nothing: a consent id no consent was made under in the wait, an account id of no account’s form', async () => {
    const bed = await testBed();
    const engine = fakeEngine();
    const anHourAgo = Date.now() - 3_600_000;
    const jobIds = [
      await bed.createJob([randomUUID()]),
      await bed.createJob([uuidv7(anHourAgo)]),
      await bed.createJob([uuidv7(Date.now() + 3_600_000)]),
      await bed.createJob(['not-an-id']),
      await bed.createJobOn({ accountIds: [randomUUID()] }),
      await bed.createJobOn({ accountIds: [uuidv7(anHourAgo)] }),
    ];
    const runner = bed.runner(engine.analyse, { visibilityWaitMs: 60_000, dataWaitMs: 60_000 });
    // Passes of as many jobs as the runner runs at once, all at the same moment: no job waits for a later one.
    const now = new Date();
    let ran = 0;
    for (let pass = await runner.runDue(now); pass > 0; pass = await runner.runDue(now)) ran += pass;
    expect(ran).toBe(jobIds.length);
    for (const jobId of jobIds) expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Failed', failure: { code: 'NoData' } });
    expect(bed.barrier.asked).toBe(jobIds.length);
    expect(engine.calls).toHaveLength(0);
  });

  it('leaves out at once an id that names nothing beside what it can read', async () => {
    const bed = await testBed();
    const { consentId } = await bed.consent(true);
    const jobId = await bed.createJob([randomUUID(), consentId]);
    await bed.runner(fakeEngine().analyse, { visibilityWaitMs: 60_000 }).runDue();
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Completed', scope: { consentIds: [consentId] } });
  });

  it('waits for visibility, as for a new consent, on an id that names nothing while the consent projection has not caught up (or cannot tell)', async () => {
    const bed = await testBed();
    bed.barrier.caughtUp = false;
    const unknownId = randomUUID();
    const jobId = await bed.createJob([unknownId]);
    const runner = bed.runner(fakeEngine().analyse, { visibilityWaitMs: 60_000 });
    await runner.runDue();
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Running', run: { waitingFor: [unknownId], waitReason: 'visibility' } });

    bed.barrier.caughtUp = true;
    expect(await runner.runDue(new Date(Date.now() + 1_500))).toBe(1);
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Failed', failure: { code: 'NoData' } });
  });

  it('looks again, rather than failing, when a consent it had not seen arrives while the projection catches up', async () => {
    const bed = await testBed();
    const consentId = uuidv7(Date.now() - 3_600_000);
    const accountId = randomUUID();
    bed.barrier.meanwhile = async () => {
      bed.barrier.meanwhile = undefined;
      const created = { consentId, userId: null, externalUserId: 'ext', consent: consentDto(consentId, 'Updated') };
      await bed.apply['consent.created']!(created, envelope('consent.created', created), meta(consentId));
      await fetchInto(bed.apply, { consentId, accountId, transactions: [transaction(accountId, 3, -9)] });
    };
    const jobId = await bed.createJob([consentId]);
    const runner = bed.runner(fakeEngine().analyse, { visibilityWaitMs: 60_000 });
    await runner.runDue();
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Running', run: { waitingFor: [consentId], waitReason: 'visibility' } });
    expect(await runner.runDue(new Date(Date.now() + 1_500))).toBe(1);
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Completed', scope: { consentIds: [consentId] } });
  });

  it('waits for a fresh consent id and an account id of an account’s form without asking the barrier, and for an id that names nothing beside them', async () => {
    const bed = await testBed();
    const fresh = uuidv7();
    const account = '2fd4e1c6-7a2d-58fc-9b6e-1f3b4a5c6d7e';
    const unknown = randomUUID();
    const byConsent = await bed.createJob([fresh, unknown]);
    const byAccount = await bed.createJobOn({ accountIds: [account] });
    await bed.runner(fakeEngine().analyse, { visibilityWaitMs: 60_000 }).runDue();
    expect(await bed.jobs.find(byConsent)).toMatchObject({ status: 'Running', run: { waitingFor: [fresh, unknown] } });
    expect(await bed.jobs.find(byAccount)).toMatchObject({ status: 'Running', run: { waitingFor: [account] } });
    expect(bed.barrier.asked).toBe(0);
  });

  it('fails with NoData at once, without a wait, a job naming only consents and accounts it knows to be another app’s and not shared', async () => {
    const bed = await testBed();
    const others = await bed.consent(true, { ownerClientId: 'other-app' });
    const byConsent = await bed.createJob([others.consentId]);
    const byAccount = await bed.createJobOn({ accountIds: [others.accountId] });
    const engine = fakeEngine();
    expect(await bed.runner(engine.analyse, { visibilityWaitMs: 60_000, dataWaitMs: 60_000 }).runDue()).toBe(2);
    for (const jobId of [byConsent, byAccount]) expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Failed', failure: { code: 'NoData' } });
    expect(engine.calls).toHaveLength(0);
  });

  it('says it waits for an earlier job, still Running, and runs once that job ends', async () => {
    const bed = await testBed();
    const { consentId } = await bed.consent(false);
    const earlier = await bed.createJob([consentId]);
    const engine = fakeEngine();
    const runner = bed.runner(engine.analyse);
    await runner.runDue();
    const later = await bed.createJobOn({ analysisJobIds: [earlier] });
    await runner.runDue();
    expect(toAnalysisJobDto((await bed.jobs.find(later))!)).toMatchObject({ status: 'Running', waitingFor: 'earlier-job' });
  });

  it('fails with NoData a job naming only what never became readable, once the wait for it is over', async () => {
    const bed = await testBed();
    const others = await bed.consent(true, { ownerClientId: 'other-app' });
    const jobId = await bed.createJob([others.consentId, uuidv7()]);
    await bed.runner(fakeEngine().analyse, { visibilityWaitMs: 1 }).runDue();
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Failed', failure: { code: 'NoData' } });
  });

  it('counts a job as ended once its end is written, also when waking the jobs waiting for it fails afterwards', async () => {
    const bed = await testBed();
    const { consentId } = await bed.consent(true);
    const jobId = await bed.createJob([consentId]);
    const outcomes = jest.spyOn(AnalysisMetrics.prototype, 'ran');
    cleanup.add(() => outcomes.mockRestore());
    const runner = bed.runner(fakeEngine().analyse, {
      onFinished: async () => {
        throw new Error('the store went away');
      },
    });
    expect(await runner.runDue()).toBe(1);
    expect(outcomes.mock.calls.map(([outcome]) => outcome)).toEqual(['completed']);
    expect(await bed.jobs.find(jobId)).toMatchObject({ status: 'Completed', run: null });
    expect((await queued(bed, jobId)).map((e) => e.envelope.type)).toEqual(['analysis-job.created', 'analysis-job.completed']);
  });
});
