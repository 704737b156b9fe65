import type { Connection } from '@obp/db';
import { BucketStore } from '@obp/store';
import { openResultSlots, type CachedResult, type ProjectedConsent } from './collections';

/**
 * One result per consent that a service derives from the projection (e.g. its sequencing), kept in
 * the service's database so every replica shares it and it survives restarts. An entry holds while
 * the consent's `dataVersion` and the caller's key are what it was computed for. A result is only
 * written into the slot the projection's handlers create with the consent and delete on
 * `consent.deleted`, never into a new one, so a computation racing with an erasure leaves nothing.
 * (A consent projected before slots existed gets its slot with its next data event; until then its
 * results are computed but not cached.) The entry is a bucket `within` the slot (`BucketStore`).
 */
export class ConsentResultCache<Result> {
  private readonly entries: BucketStore<Result, Omit<CachedResult<Result>, 'result'>>;

  constructor(connection: Connection) {
    this.entries = new BucketStore(openResultSlots(connection), { valueField: 'resultGzip', within: 'cached' });
  }

  /** The result cached for `consent`'s current data under `key`; `consent` as just read from the projection. */
  async get(consent: ProjectedConsent, key: string): Promise<CachedResult<Result> | null> {
    return ConsentResultCache.heldFor(await this.entry(consent.id), consent, key);
  }

  /**
   * What is cached for a consent, whatever data it was computed from: read beside the consent, then checked
   * against it with `heldFor`, so a request answered from the cache waits for one read instead of two in a row.
   */
  async entry(consentId: string): Promise<CachedResult<Result> | null> {
    // An entry of an older layout (no `resultGzip`) is a miss, and the next computation replaces it.
    const cached = await this.entries.get(consentId);
    return cached ? { ...cached.fields, result: cached.value } : null;
  }

  /** `entry` when it was computed for `consent`'s current data under `key`; else null. */
  static heldFor<Result>(entry: CachedResult<Result> | null, consent: ProjectedConsent, key: string): CachedResult<Result> | null {
    return entry && entry.dataVersion === consent.dataVersion && entry.key === key ? entry : null;
  }

  /** Caches `result`, computed from data read after `consent` was; nothing when the consent has been erased meanwhile. */
  async store(consent: ProjectedConsent, key: string, result: Result, computedAt: Date): Promise<void> {
    await this.entries.put(consent.id, { dataVersion: consent.dataVersion, key, computedAt }, result);
  }
}
