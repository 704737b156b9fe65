import { dayBucket, deleteOlderThan, insertUnique, isDuplicateKey, type mongo } from '@obp/db';

interface ClaimRecord {
  _id: string;
  jobKey: string;
  claimedAt: Date;
  /** `dayBucket(claimedAt)`: the purge reads by day through an index. */
  claimedDay: string;
}

/**
 * Decides which worker takes a job when several processes may try at once. A claim is the insert
 * of `<jobKey>#<epoch>` under a unique `_id`: exactly one insert wins on any store (on FerretDB also
 * without our patch that makes its updates atomic). The winner then records `epoch` in the job, so
 * the next claim (after its lease lapsed) is for `epoch + 1`.
 */
export class ClaimLedger {
  constructor(private readonly claims: mongo.Collection<ClaimRecord>) {}

  static async open(db: mongo.Db, collectionName = 'job_claims'): Promise<ClaimLedger> {
    const claims = db.collection<ClaimRecord>(collectionName);
    await claims.createIndex({ jobKey: 1 });
    await claims.createIndex({ claimedDay: 1 });
    return new ClaimLedger(claims);
  }

  /** True when this caller won claim `epoch` of the job. */
  async claim(jobKey: string, epoch: number, now = new Date()): Promise<boolean> {
    return insertUnique(this.claims, { _id: `${jobKey}#${epoch}`, jobKey, claimedAt: now, claimedDay: dayBucket(now) });
  }

  /**
   * Several claims in one write (an unordered insert of them all): for each, in order, whether this
   * caller won it. The same unique-key race as `claim`, at one round trip for the lot.
   */
  async claimMany(claims: ReadonlyArray<{ jobKey: string; epoch: number }>, now = new Date()): Promise<boolean[]> {
    if (claims.length === 0) return [];
    const records = claims.map(({ jobKey, epoch }) => ({ _id: `${jobKey}#${epoch}`, jobKey, claimedAt: now, claimedDay: dayBucket(now) }));
    try {
      await this.claims.insertMany(records, { ordered: false });
      return claims.map(() => true);
    } catch (error) {
      const failed = (error as { writeErrors?: unknown }).writeErrors;
      if (!Array.isArray(failed) && !isDuplicateKey(error)) throw error;
      const writeErrors: Array<{ index: number; code?: number; err?: { code?: number } }> = Array.isArray(failed) ? failed : [failed as { index: number; code?: number }];
      const lost = new Set<number>();
      for (const writeError of writeErrors) {
        if ((writeError.code ?? writeError.err?.code) !== 11000) throw error;
        lost.add(writeError.index);
      }
      return claims.map((_, index) => !lost.has(index));
    }
  }

  /** Forgets finished jobs' claims, in one write. */
  async releaseMany(jobKeys: readonly string[]): Promise<void> {
    if (jobKeys.length > 0) await this.claims.deleteMany({ jobKey: { $in: [...jobKeys] } });
  }

  /** Forgets a finished job's claims. */
  async release(jobKey: string): Promise<void> {
    await this.claims.deleteMany({ jobKey });
  }

  /** Claims older than `cutoff` (of jobs a crash never released). */
  async purgeOlderThan(cutoff: Date): Promise<number> {
    return deleteOlderThan(this.claims, { dayField: 'claimedDay', timeField: 'claimedAt' }, cutoff);
  }
}
