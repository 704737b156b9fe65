import type { CreateAnalysisJobBody } from '@obp/contracts';
import { connectDatabase, database } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { completeJob, newJob, type AnalysisJob } from '../domain/analysis-job';
import { analysisJobStoreOptions } from '../infrastructure/analysis-job-store';
import { migrateErasureIds } from './0003-job-erasure-ids';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const NOW = new Date('2026-11-01T12:00:00Z');
const [consentId, accountId, otherConsentId] = ['3f2504e0-4f89-11d3-9a0c-0305e82c3301', '3f2504e0-4f89-11d3-9a0c-0305e82c3302', '3f2504e0-4f89-11d3-9a0c-0305e82c3303'];

const body = (input: Partial<CreateAnalysisJobBody['Input']>): CreateAnalysisJobBody => ({
  Reference: 'r',
  Engine: 'z2',
  Profile: 'retail',
  CountryCode: null,
  Input: { consentIds: null, userIds: null, externalUserIds: null, accountIds: null, analysisJobIds: null, ...input },
  Metadata: { kvk_number: null, internal_ibans: [] },
});

async function store() {
  const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('analysis_jobs'));
  cleanup.add(async () => {
    await connection.dropDatabase();
    await connection.close();
  });
  return new AggregateStore<AnalysisJob>(database(connection), analysisJobStoreOptions);
}

describe('migrateErasureIds (real store)', () => {
  it('gives the jobs written before erasureIds their erasureIds, so an erasure finds them, drops the old field and index, and runs once', async () => {
    const jobs = await store();
    expect(await migrateErasureIds(jobs)).toBe(0); // a new database: nothing to do
    const byUser = completeJob(newJob('job-by-user', 'app', body({ userIds: ['user-1'] }), NOW), { consentIds: [consentId], accountIds: [accountId] }, NOW);
    const byAccount = newJob('job-by-account', 'app', body({ accountIds: [accountId] }), NOW);
    const unrelated = newJob('job-unrelated', 'app', body({ consentIds: [otherConsentId] }), NOW);
    for (const job of [byUser, byAccount, unrelated]) await jobs.insert(job);
    // As the version before the rename wrote them: `scopeConsentIds` and its index, no `erasureIds`.
    for (const job of [byUser, byAccount, unrelated]) {
      await jobs.collection.updateOne({ _id: job.id }, { $unset: { erasureIds: '' }, $set: { scopeConsentIds: job.scope?.consentIds ?? [] } });
    }
    await jobs.collection.createIndex({ scopeConsentIds: 1 });
    expect(await jobs.ids({ erasureIds: { $in: [consentId, accountId] } })).toEqual([]);

    // The new version's indexes are made at start too (before or after the migration).
    await jobs.ensureIndexes();
    expect(await migrateErasureIds(jobs)).toBe(3);

    expect((await jobs.ids({ erasureIds: { $in: [consentId] } })).sort()).toEqual(['job-by-user']);
    expect((await jobs.ids({ erasureIds: { $in: [consentId, accountId] } })).sort()).toEqual(['job-by-account', 'job-by-user']);
    expect(await jobs.ids({ erasureIds: otherConsentId })).toEqual(['job-unrelated']);
    expect(await jobs.collection.countDocuments({ scopeConsentIds: { $exists: true } })).toBe(0);
    expect(await jobs.find('job-by-user')).toEqual({ ...byUser, version: 2 });
    expect((await jobs.collection.listIndexes().toArray()).map((index) => index.name)).not.toContain('scopeConsentIds_1');
    expect(await migrateErasureIds(jobs)).toBe(0);
  });
});
