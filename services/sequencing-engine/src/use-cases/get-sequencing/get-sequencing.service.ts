import { ConsentResultCache, type ConsentData, type ProjectedConsent } from '@obp/consent-data';
import type { TransactionDto } from '@obp/contracts';
import { detectSequences, type SequencingOptions, type SequencingResult } from '@obp/sequencing';
import { canRead, type ShareGrants } from '@obp/share-grants';
import { sequencingCacheKey } from '../../domain/sequencing-cache-key';

export type Sequencing = SequencingResult<TransactionDto>;
export type SequenceDetector = (transactions: readonly TransactionDto[], options: SequencingOptions) => Sequencing;

/**
 * Sequencing of the latest 13 months of one consent, or of every consent of a user the caller may
 * read (its own, or shared with it by an unexpired share). A consent's result is computed once per
 * version of its data and day, and cached (the cache is emptied by new data and erased with the
 * consent). A user's result is computed from the projection when asked: it covers whichever of the
 * user's consents the caller may read, and is no combination of the per-consent results (sequences
 * may span consents, and transfers between them are left out).
 */
export class GetSequencingService {
  constructor(
    private readonly consentData: ConsentData,
    private readonly grants: ShareGrants,
    private readonly cache: ConsentResultCache<Sequencing>,
    private readonly detect: SequenceDetector = detectSequences,
  ) {}

  private readonly computing = new Map<string, Promise<Sequencing>>();

  async forConsent(consentId: string, callerClientId: string, now = new Date()): Promise<Sequencing | null> {
    // Most requests are answered from the cache: its entry is read beside the consent, and used once the caller may read it.
    const [consent, entry] = await Promise.all([this.consentData.consent(consentId), this.cache.entry(consentId)]);
    if (!consent || !(await this.readable(consent, callerClientId))) return null;
    return ConsentResultCache.heldFor(entry, consent, sequencingCacheKey(now))?.result ?? this.resultOf(consent, now);
  }

  /**
   * Computes and caches a consent's sequencing ahead of the first request for it (after a fetch),
   * so that request is answered from the cache; nothing when the consent is not projected.
   */
  async precompute(consentId: string, now = new Date()): Promise<void> {
    const consent = await this.consentData.consent(consentId);
    if (consent) await this.resultOf(consent, now);
  }

  private resultOf(consent: ProjectedConsent, now: Date): Promise<Sequencing> {
    const key = sequencingCacheKey(now);
    // Requests that come together share one cache read and, on a miss, one computation (per process; replicas may
    // each compute once). The read is inside the flight: a request whose own read missed could otherwise resume
    // after the flight ended and compute again.
    const flightKey = `${consent.id}/${consent.dataVersion}/${key}`;
    let flight = this.computing.get(flightKey);
    if (!flight) {
      flight = (async () => (await this.cache.get(consent, key))?.result ?? this.computeAndStore(consent, key, now))().finally(() => this.computing.delete(flightKey));
      this.computing.set(flightKey, flight);
    }
    return flight;
  }

  private async computeAndStore(consent: ProjectedConsent, key: string, now: Date): Promise<Sequencing> {
    const result = await this.compute([consent], now);
    await this.cache.store(consent, key, result, now);
    return result;
  }

  async forUser(userId: string, callerClientId: string, now = new Date()): Promise<Sequencing | null> {
    const readable: ProjectedConsent[] = [];
    for (const consent of await this.consentData.consentsOfUser(userId)) if (await this.readable(consent, callerClientId)) readable.push(consent);
    return readable.length === 0 ? null : this.compute(readable, now);
  }

  private readable(consent: ProjectedConsent, callerClientId: string): Promise<boolean> {
    return canRead(this.grants, callerClientId, { ownerClientId: consent.ownerClientId, grantedBy: [{ consentId: consent.id }] });
  }

  private async compute(consents: ProjectedConsent[], now: Date): Promise<Sequencing> {
    const ids = consents.map((c) => c.id);
    const [transactions, ownAccountNumbers] = await Promise.all([this.consentData.history(ids, now), this.consentData.accountNumbers(ids)]);
    return this.detect(transactions, { asOf: now, ownAccountNumbers });
  }
}
