import { gunzipSync, gzipSync } from 'node:zlib';
import { mongo, type Connection } from '@obp/db';
import { openResultSlots, type CachedResult, type ProjectedConsent, type ResultSlotRecord } from './collections';

/**
 * One result per consent that a service derives from the projection (e.g. its sequencing), kept in
 * the service's database so every replica shares it and it survives restarts. An entry holds while
 * the consent's `dataVersion` and the caller's key are what it was computed for. A result is only
 * written into the slot the projection's handlers create with the consent and delete on
 * `consent.deleted`, never into a new one, so a computation racing with an erasure leaves nothing.
 * (A consent projected before slots existed gets its slot with its next data event; until then its
 * results are computed but not cached.)
 */
export class ConsentResultCache<Result> {
  private readonly slots: mongo.Collection<ResultSlotRecord>;

  constructor(connection: Connection) {
    this.slots = openResultSlots(connection);
  }

  /** The result cached for `consent`'s current data under `key`; `consent` as just read from the projection. */
  async get(consent: ProjectedConsent, key: string): Promise<CachedResult<Result> | null> {
    const cached = (await this.slots.findOne({ _id: consent.id }))?.cached;
    // An entry of an older layout (no `resultGzip`) is a miss, and the next computation replaces it.
    if (!cached?.resultGzip || cached.dataVersion !== consent.dataVersion || cached.key !== key) return null;
    const { resultGzip, ...entry } = cached;
    return { ...entry, result: JSON.parse(gunzipSync(resultGzip.buffer).toString('utf8')) as Result };
  }

  /** Caches `result`, computed from data read after `consent` was; nothing when the consent has been erased meanwhile. */
  async store(consent: ProjectedConsent, key: string, result: Result, computedAt: Date): Promise<void> {
    await this.slots.replaceOne({ _id: consent.id }, { cached: { dataVersion: consent.dataVersion, key, computedAt, resultGzip: new mongo.Binary(gzipSync(JSON.stringify(result))) } });
  }
}
