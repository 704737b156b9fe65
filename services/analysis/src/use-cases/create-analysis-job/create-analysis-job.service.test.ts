import { randomUUID } from 'node:crypto';
import { createKafka, EventWriter, type OutboxEntry } from '@obp/bus';
import { ConsentData } from '@obp/consent-data';
import { analysisEvents, type ConsentDto, type CreateAnalysisJobBody } from '@obp/contracts';
import { connectDatabase, database } from '@obp/db';
import { ShareGrants } from '@obp/share-grants';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import type { AnalysisJob } from '../../domain/analysis-job';
import { AnalysisJobEvents, analysisJobStoreOptions } from '../../infrastructure/analysis-job-store';
import { AnalysisJobAccess } from '../analysis-job-access';
import { CreateAnalysisJobService } from './create-analysis-job.service';

const OWNER = 'owner-app';
const logger = createLogger('test', 'silent');
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const body: CreateAnalysisJobBody = {
  Reference: 'idempotent',
  Engine: 'z2',
  Profile: 'retail',
  CountryCode: null,
  Input: { consentIds: ['3f2504e0-4f89-11d3-9a0c-0305e82c3301'], userIds: null, externalUserIds: null, accountIds: null, analysisJobIds: null },
  Metadata: { kvk_number: null, internal_ibans: [] },
};

async function testBed() {
  const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('analysis_create'));
  cleanup.add(async () => {
    await connection.dropDatabase();
    await connection.close();
  });
  const db = database(connection);
  const jobs = new AggregateStore<AnalysisJob>(db, analysisJobStoreOptions);
  await jobs.ensureIndexes();
  const grants = new ShareGrants({ kafka: createKafka('analysis-create-test', testEnv().kafkaBrokers, logger), db: connection, logger, topic: 'unused', groupId: 'unused' });
  const consentData = new ConsentData(connection, { historyStart: (now) => now });
  await consentData.ensureIndexes();
  let queued = 0;
  const service = new CreateAnalysisJobService(jobs, new AnalysisJobEvents(new EventWriter(analysisEvents, 'analysis-events')), new AnalysisJobAccess(jobs, grants), consentData, grants, () => queued++);
  const events = async (id: string) => (((await jobs.collection.findOne({ _id: id }))?.outbox ?? []) as OutboxEntry[]).map((e) => e.envelope.type);
  /** A consent of `owner` with one account, as its events make it in the projection. */
  const consentOf = async (owner: string) => {
    const consentId = randomUUID();
    const accountId = randomUUID();
    const handlers = consentData.handlers();
    const subject = { consentId, userId: null, externalUserId: 'ext' };
    const envelope = <K extends string, T>(type: K, data: T) => ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), ownerClientId: owner, data });
    const created = envelope('consent.created', { ...subject, consent: { id: consentId, status: 'Authenticated', userId: null, externalUserId: 'ext' } as ConsentDto });
    const accounts = envelope('accounts.updated', { ...subject, accounts: [{ id: accountId, consentId, iban: 'NL91ABNA0417164300', name: 'Current', type: 'Current', currency: 'EUR', ownerName: 'A' }] });
    await handlers['consent.created']!(created.data, created, { topic: 't', partition: 0, offset: '0', key: consentId });
    await handlers['accounts.updated']!(accounts.data, accounts, { topic: 't', partition: 0, offset: '1', key: `${consentId}/accounts` });
    return { consentId, accountId };
  };
  return { jobs, service, events, queued: () => queued, consentOf };
}

describe('CreateAnalysisJobService (real store)', () => {
  it('makes the job of an id once: the retries of a request that stopped half-way find it, and it is queued once', async () => {
    const bed = await testBed();
    const id = 'a3f2c1d0-0000-4000-8000-000000000001';
    const attempts = await Promise.all([1, 2, 3].map(() => bed.service.execute({ id, ownerClientId: OWNER, body })));
    expect(attempts).toEqual(Array(3).fill({ ok: true, value: { id } }));
    expect(await bed.jobs.count({ ownerClientId: OWNER })).toBe(1);
    expect(await bed.events(id)).toEqual(['analysis-job.created']);
    expect(bed.queued()).toBe(1);
  });

  it('refuses an earlier job the app cannot read, and makes nothing', async () => {
    const bed = await testBed();
    const unknown = '3f2504e0-4f89-11d3-9a0c-0305e82c3302';
    const refused = await bed.service.execute({ id: 'a3f2c1d0-0000-4000-8000-000000000002', ownerClientId: OWNER, body: { ...body, Input: { ...body.Input, consentIds: null, analysisJobIds: [unknown] } } });
    expect(refused.ok ? null : refused.error.errors).toEqual({ 'Input.analysisJobIds[0]': [`The analysis job '${unknown}' does not exist or is not accessible to this app.`] });
    expect(await bed.jobs.count({ ownerClientId: OWNER })).toBe(0);
    expect(bed.queued()).toBe(0);
  });

  it("refuses at once a consent or account known to be another app's and not shared, and makes nothing; the app's own, and ids not known yet, are taken", async () => {
    const bed = await testBed();
    const theirs = await bed.consentOf('other-app');
    const mine = await bed.consentOf(OWNER);
    const input = (consentIds: string[] | null, accountIds: string[] | null) => ({ ...body, Input: { ...body.Input, consentIds, accountIds } });
    const byConsent = await bed.service.execute({ id: randomUUID(), ownerClientId: OWNER, body: input([mine.consentId, theirs.consentId], null) });
    expect(byConsent.ok ? null : byConsent.error.errors).toEqual({ 'Input.consentIds[1]': [`The consent '${theirs.consentId}' belongs to another app and is not shared with this app.`] });
    const byAccount = await bed.service.execute({ id: randomUUID(), ownerClientId: OWNER, body: input(null, [theirs.accountId]) });
    expect(byAccount.ok ? null : byAccount.error.errors).toEqual({ 'Input.accountIds[0]': [`The account '${theirs.accountId}' belongs to another app and is not shared with this app.`] });
    expect(await bed.jobs.count({ ownerClientId: OWNER })).toBe(0);

    const own = await bed.service.execute({ id: randomUUID(), ownerClientId: OWNER, body: input([mine.consentId, randomUUID()], null) });
    const ownAccount = await bed.service.execute({ id: randomUUID(), ownerClientId: OWNER, body: input(null, [mine.accountId]) });
    expect([own.ok, ownAccount.ok]).toEqual([true, true]);
    expect(await bed.jobs.count({ ownerClientId: OWNER })).toBe(2);
  });
});
