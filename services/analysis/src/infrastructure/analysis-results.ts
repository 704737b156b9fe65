import { gunzipSync, gzipSync } from 'node:zlib';
import type { AnalysisResult } from '@obp/contracts';
import { isDuplicateKey, mongo } from '@obp/db';
import type { JobScope } from '../domain/analysis-job';
import { fromStoredResult, type StoredAnalysisResult } from './stored-result';

/**
 * One document per job. The result as gzipped JSON in one binary value: FerretDB converts a stored
 * document field by field, and a result holds hundreds of transactions (see the sequencing cache).
 * `consentIds` (indexed) finds the results to erase with a consent.
 */
interface ResultRecord {
  _id: string;
  consentIds: string[];
  accountIds: string[];
  computedAt: Date;
  resultGzip: mongo.Binary;
}

export class AnalysisResults {
  private readonly results: mongo.Collection<ResultRecord>;

  constructor(db: mongo.Db) {
    this.results = db.collection<ResultRecord>('analysis_results');
  }

  async ensureIndexes(): Promise<void> {
    await this.results.createIndex({ consentIds: 1 });
  }

  /**
   * Stores the job's result unless one is stored already (a run that stopped after storing it): a job
   * has one result, the first stored. Returns the scope of the result that is stored.
   */
  async storeOnce(jobId: string, scope: JobScope, result: AnalysisResult, now: Date): Promise<JobScope> {
    try {
      await this.results.insertOne({ _id: jobId, ...scope, computedAt: now, resultGzip: new mongo.Binary(gzipSync(JSON.stringify(result))) });
      return scope;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return (await this.scopeOf(jobId)) ?? scope;
    }
  }

  /** The scope of the job's stored result; null when none is stored. */
  async scopeOf(jobId: string): Promise<JobScope | null> {
    const record = await this.results.findOne({ _id: jobId }, { projection: { consentIds: 1, accountIds: 1 } });
    return record ? { consentIds: record.consentIds, accountIds: record.accountIds } : null;
  }

  /** The job's result, in the current shape also when an older engine version computed it (stored-result.ts). */
  async find(jobId: string): Promise<AnalysisResult | null> {
    const record = await this.results.findOne({ _id: jobId });
    return record ? fromStoredResult(JSON.parse(gunzipSync(record.resultGzip.buffer).toString('utf8')) as StoredAnalysisResult) : null;
  }

  async delete(jobId: string): Promise<void> {
    await this.results.deleteOne({ _id: jobId });
  }

  /** Erasure: every result computed from the consent. */
  async deleteByConsent(consentId: string): Promise<number> {
    return (await this.results.deleteMany({ consentIds: consentId })).deletedCount;
  }
}
