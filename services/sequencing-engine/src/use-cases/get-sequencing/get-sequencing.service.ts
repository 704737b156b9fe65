import type { ConsentData, ProjectedConsent } from '@obp/consent-data';
import type { TransactionDto } from '@obp/contracts';
import { detectSequences, type SequencingResult } from '@obp/sequencing';
import { canRead, type ShareGrants } from '@obp/share-grants';

/**
 * Sequencing of the latest 13 months of one consent, or of every consent of a user the caller
 * may read (its own, or shared with it by an unexpired share), computed when asked from the
 * projection, so it always reflects the latest fetch and never outlives an erasure.
 */
export class GetSequencingService {
  constructor(
    private readonly consentData: ConsentData,
    private readonly grants: ShareGrants,
  ) {}

  async forConsent(consentId: string, callerClientId: string, now = new Date()): Promise<SequencingResult<TransactionDto> | null> {
    const consent = await this.consentData.consent(consentId);
    if (!consent || !(await this.readable(consent, callerClientId))) return null;
    return this.compute([consent], now);
  }

  async forUser(userId: string, callerClientId: string, now = new Date()): Promise<SequencingResult<TransactionDto> | null> {
    const readable: ProjectedConsent[] = [];
    for (const consent of await this.consentData.consentsOfUser(userId)) if (await this.readable(consent, callerClientId)) readable.push(consent);
    return readable.length === 0 ? null : this.compute(readable, now);
  }

  private readable(consent: ProjectedConsent, callerClientId: string): Promise<boolean> {
    return canRead(this.grants, callerClientId, { ownerClientId: consent.ownerClientId, grantedBy: [{ consentId: consent.id }] });
  }

  private async compute(consents: ProjectedConsent[], now: Date): Promise<SequencingResult<TransactionDto>> {
    const ids = consents.map((c) => c.id);
    const [transactions, ownAccountNumbers] = await Promise.all([this.consentData.history(ids, now), this.consentData.accountNumbers(ids)]);
    return detectSequences(transactions, { asOf: now, ownAccountNumbers });
  }
}
