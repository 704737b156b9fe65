import { database, indexNames, type Migration } from '@obp/db';
import { AggregateStore } from '@obp/store';
import type { AnalysisJob } from '../domain/analysis-job';
import { analysisJobStoreOptions, type AnalysisJobStore } from '../infrastructure/analysis-job-store';

/** The index of the derived field `erasureIds` replaced (the consents a completed job was computed from). */
const LEGACY_ERASURE_INDEX = 'scopeConsentIds_1';

/**
 * Jobs written before `erasureIds` replaced `scopeConsentIds` have no `erasureIds`, so an erasure would not
 * find them: their derived fields are written anew and the old one goes. The old index says the database
 * predates the rename; it is dropped last, so a run cut short resumes and later runs read nothing.
 * Returns how many jobs it rewrote.
 */
export async function migrateErasureIds(jobs: AnalysisJobStore): Promise<number> {
  if (!(await indexNames(jobs.collection))?.includes(LEGACY_ERASURE_INDEX)) return 0;
  const rewritten = await jobs.rederive({ erasureIds: { $exists: false } }, ['scopeConsentIds']);
  await jobs.collection.dropIndex(LEGACY_ERASURE_INDEX).catch(() => undefined);
  return rewritten;
}

export const jobErasureIds: Migration = {
  id: '0003-job-erasure-ids',
  up: async (connection) => void (await migrateErasureIds(new AggregateStore<AnalysisJob>(database(connection), analysisJobStoreOptions))),
};
