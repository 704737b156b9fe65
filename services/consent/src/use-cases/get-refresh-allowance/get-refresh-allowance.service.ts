import type { Consent } from '../../domain/consent';
import { refreshAllowance, type RefreshAllowance } from '../../domain/refresh-limit';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import type { RefreshRequestRepository } from '../../infrastructure/refresh-request.repository';

/** The refreshes a consent's owner has left now, as POST /consents/{id}/refresh would decide them. */
export class GetRefreshAllowanceService {
  constructor(
    private readonly consents: Pick<ConsentRepository, 'find'>,
    private readonly refreshRequests: Pick<RefreshRequestRepository, 'history'>,
    private readonly limitPerDay: (consent: Consent) => number,
  ) {}

  /** Null when the consent is not the caller's (or does not exist). */
  async execute(consentId: string, ownerClientId: string, now = new Date()): Promise<RefreshAllowance | null> {
    const consent = await this.consents.find(consentId);
    if (!consent || consent.ownerClientId !== ownerClientId) return null;
    const { times } = await this.refreshRequests.history(consentId);
    return refreshAllowance(times, now, this.limitPerDay(consent));
  }
}
