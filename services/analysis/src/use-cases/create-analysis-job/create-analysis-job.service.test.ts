import { createKafka, EventWriter, type OutboxEntry } from '@obp/bus';
import { analysisEvents, type CreateAnalysisJobBody } from '@obp/contracts';
import { connectDatabase, database } from '@obp/db';
import { ShareGrants } from '@obp/share-grants';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import type { AnalysisJob } from '../../domain/analysis-job';
import { AnalysisJobEvents, analysisJobStoreOptions } from '../../infrastructure/analysis-job-store';
import { fingerprintOf, IdempotencyKeys } from '../../infrastructure/idempotency-keys';
import { AnalysisJobAccess } from '../analysis-job-access';
import { CreateAnalysisJobService } from './create-analysis-job.service';

const OWNER = 'owner-app';
const HOUR = 3_600_000;
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
  const keys = new IdempotencyKeys(db);
  await keys.ensureIndexes();
  const grants = new ShareGrants({ kafka: createKafka('analysis-create-test', testEnv().kafkaBrokers, logger), db: connection, logger, topic: 'unused', groupId: 'unused' });
  let queued = 0;
  const service = new CreateAnalysisJobService(jobs, new AnalysisJobEvents(new EventWriter(analysisEvents, 'analysis-events')), new AnalysisJobAccess(jobs, grants), keys, () => queued++);
  const events = async (id: string) => (((await jobs.collection.findOne({ _id: id }))?.outbox ?? []) as OutboxEntry[]).map((e) => e.envelope.type);
  return { jobs, keys, service, events, queued: () => queued };
}

describe('CreateAnalysisJobService and Idempotency-Keys (real store)', () => {
  it('creates the job of a key whose first request stopped after taking the key, once, under the key’s job id', async () => {
    const bed = await testBed();
    const now = new Date();
    const request = { ownerClientId: OWNER, key: 'k-1', fingerprint: fingerprintOf(body) };
    expect(await bed.keys.claim(request, 'a3f2c1d0-0000-4000-8000-000000000001', now)).toEqual({ won: true });

    const retries = await Promise.all([1, 2, 3].map(() => bed.service.execute({ ownerClientId: OWNER, body, idempotencyKey: 'k-1' }, now)));
    expect(retries).toEqual(Array(3).fill({ ok: true, value: { id: 'a3f2c1d0-0000-4000-8000-000000000001', replayed: true } }));
    expect(await bed.jobs.count({ ownerClientId: OWNER })).toBe(1);
    expect(await bed.events('a3f2c1d0-0000-4000-8000-000000000001')).toEqual(['analysis-job.created']);
    expect(bed.queued()).toBe(1);
  });

  it('forgets a key after 24 hours: the next request with it creates a new job, and the purge deletes old records by day', async () => {
    const bed = await testBed();
    const start = new Date('2026-11-01T10:00:00Z');
    const first = await bed.service.execute({ ownerClientId: OWNER, body, idempotencyKey: 'k-2' }, start);
    const replayed = await bed.service.execute({ ownerClientId: OWNER, body: { ...body, Engine: 'e1', CountryCode: 'nl' }, idempotencyKey: 'k-2' }, new Date(start.getTime() + 23 * HOUR));
    expect(replayed.ok).toBe(false);

    const later = await bed.service.execute({ ownerClientId: OWNER, body: { ...body, Engine: 'e1', CountryCode: 'nl' }, idempotencyKey: 'k-2' }, new Date(start.getTime() + 25 * HOUR));
    expect(first.ok && later.ok && later.value.id !== first.value.id && !later.value.replayed).toBe(true);

    await bed.service.execute({ ownerClientId: OWNER, body, idempotencyKey: 'k-3' }, start);
    expect(await bed.keys.purgeOlderThan(new Date(start.getTime() + 2 * HOUR))).toBe(1);
    expect(await bed.keys.find({ ownerClientId: OWNER, key: 'k-3' }, start)).toBeNull();
    expect(await bed.keys.find({ ownerClientId: OWNER, key: 'k-2' }, new Date(start.getTime() + 25 * HOUR))).not.toBeNull();
  });
});
