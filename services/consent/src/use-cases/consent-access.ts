import { canRead, type ShareGrants } from '@obp/share-grants';
import type { Consent } from '../domain/consent';
import type { AccountRepository, StoredAccount } from '../infrastructure/account.repository';
import type { ConsentRepository } from '../infrastructure/consent.repository';

/**
 * Who may read what: the owning app, or an app holding an unexpired share from the owner that
 * names the consent (or, for an account, the account or its consent). Writes are the owner's.
 */
export class ConsentAccess {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly accounts: AccountRepository,
    private readonly grants: ShareGrants,
  ) {}

  async readableConsent(consentId: string, callerClientId: string): Promise<Consent | null> {
    const consent = await this.consents.find(consentId);
    if (!consent) return null;
    const allowed = await canRead(this.grants, callerClientId, { ownerClientId: consent.ownerClientId, grantedBy: [{ consentId }] });
    return allowed ? consent : null;
  }

  async ownedConsent(consentId: string, callerClientId: string): Promise<Consent | null> {
    const consent = await this.consents.find(consentId);
    return consent && consent.ownerClientId === callerClientId ? consent : null;
  }

  async readableAccount(accountId: string, callerClientId: string): Promise<StoredAccount | null> {
    const account = await this.accounts.find(accountId);
    if (!account) return null;
    const [consent, allowed] = await Promise.all([
      this.consents.find(account.consentId),
      canRead(this.grants, callerClientId, { ownerClientId: account.ownerClientId, grantedBy: [{ accountId }, { consentId: account.consentId }] }),
    ]);
    return consent && allowed ? account : null;
  }
}
