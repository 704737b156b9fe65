import type { AnalysisResult } from '@obp/contracts';
import type { mongo } from '@obp/db';
import { BucketStore, type BucketDocument } from '@obp/store';
import type { JobScope } from '../domain/analysis-job';
import { fromStoredResult, type StoredAnalysisResult } from './stored-result';

type ResultFields = JobScope & { computedAt: Date };

/**
 * One bucket per job (`BucketStore`): the result holds hundreds of transactions. `consentIds`
 * (indexed) finds the results to erase with a consent.
 */
export class AnalysisResults {
  private readonly results: BucketStore<StoredAnalysisResult, ResultFields>;

  constructor(db: mongo.Db) {
    this.results = new BucketStore(db.collection<BucketDocument>('analysis_results'), { valueField: 'resultGzip', ownerField: 'consentIds' });
  }

  ensureIndexes(): Promise<void> {
    return this.results.ensureIndexes();
  }

  /**
   * Stores the job's result unless one is stored already (a run that stopped after storing it): a job
   * has one result, the first stored. Returns the scope of the result that is stored.
   */
  async storeOnce(jobId: string, scope: JobScope, result: AnalysisResult, now: Date): Promise<JobScope> {
    if (await this.results.insertOnce(jobId, { ...scope, computedAt: now }, result)) return scope;
    return (await this.scopeOf(jobId)) ?? scope;
  }

  /** The scope of the job's stored result; null when none is stored. */
  async scopeOf(jobId: string): Promise<JobScope | null> {
    const [stored] = await this.results.fieldsOf({ _id: jobId }, ['consentIds', 'accountIds']);
    return stored ? { consentIds: stored.consentIds, accountIds: stored.accountIds } : null;
  }

  /** The job's result, in the current shape also when an older engine version computed it (stored-result.ts). */
  async find(jobId: string): Promise<AnalysisResult | null> {
    const stored = await this.results.get(jobId);
    return stored ? fromStoredResult(stored.value) : null;
  }

  async delete(jobId: string): Promise<void> {
    await this.results.delete(jobId);
  }

  /** Erasure: every result computed from the consent. */
  deleteByConsent(consentId: string): Promise<number> {
    return this.results.deleteOwnedBy(consentId);
  }
}
