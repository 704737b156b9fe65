import { database, dayBucket, dayBucketsBefore, inChunks, insertUnique, type Connection, type mongo } from '@obp/db';

interface BlockRecord {
  /** `<bucket>#<block>`: one insert per block wins, on every instance's store alike. */
  _id: string;
  /** When the block's time has passed (with a margin for clocks): the purge deletes it after. */
  expiresAt: Date;
  /** `2026-11-23T14:05`, the UTC minute of expiresAt: the purge reads recent minutes through an equality index. */
  expiresMinute: string;
  /** The UTC day of expiresAt: the purge reads whole past days (an edge down for a while) the same way. */
  expiresDay: string;
}

const minuteBucket = (at: Date): string => at.toISOString().slice(0, 16);
const MINUTE_MS = 60_000;

/** The blocks of shared token buckets the edge instances claimed (see `BlockBucket`). */
export class RateLimitBlocks {
  private readonly blocks: mongo.Collection<BlockRecord>;

  constructor(db: Connection) {
    this.blocks = database(db).collection<BlockRecord>('rate_limit_blocks');
  }

  async ensureIndexes(): Promise<void> {
    await this.blocks.createIndex({ expiresMinute: 1 });
    await this.blocks.createIndex({ expiresDay: 1 });
  }

  /** True when this caller's insert of the block won (the store enforces unique `_id`s, also FerretDB). */
  async claim(id: string, expiresAt: Date): Promise<boolean> {
    return insertUnique(this.blocks, { _id: id, expiresAt, expiresMinute: minuteBucket(expiresAt), expiresDay: dayBucket(expiresAt) });
  }

  /**
   * Deletes the blocks expired before `now`: by minute over the last `recentMinutes`, the whole days
   * before today, and the current minute's by their time. Runs every minute, so the recent minutes
   * cover a run or two missed; blocks of today's earlier hours that a long pause missed go with their day.
   */
  async purge(now: Date, recentMinutes = 120): Promise<number> {
    const minutes = Array.from({ length: recentMinutes }, (_, i) => minuteBucket(new Date(now.getTime() - (i + 1) * MINUTE_MS)));
    let deleted = 0;
    for (const chunk of inChunks(minutes)) deleted += (await this.blocks.deleteMany({ expiresMinute: { $in: chunk } })).deletedCount;
    for (const days of inChunks(dayBucketsBefore(now, 30))) deleted += (await this.blocks.deleteMany({ expiresDay: { $in: days } })).deletedCount;
    return deleted + (await this.blocks.deleteMany({ expiresMinute: minuteBucket(now), expiresAt: { $lt: now } })).deletedCount;
  }
}
