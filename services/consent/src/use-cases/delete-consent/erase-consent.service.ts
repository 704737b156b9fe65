import type { IdempotencyKeys } from '@obp/service-kit';
import type { Logger } from '@obp/telemetry';
import type { AccountRepository } from '../../infrastructure/account.repository';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import type { RefreshRequestRepository } from '../../infrastructure/refresh-request.repository';
import type { StatementImportRepository } from '../../infrastructure/statement-import.repository';
import type { TransactionRepository } from '../../infrastructure/transaction.repository';
import type { ProviderRegistry } from '../../providers/provider-registry';

/** How long the bank is given to delete its consent during an erasure. */
const BANK_DELETE_TIMEOUT_MS = 15_000;

/**
 * Erases a consent: first it leaves the API and `consent.deleted` plus tombstones are queued in
 * the same write (every other service erases what it derived, and the compacted topic drops the
 * consent's messages); then its accounts, transactions, refresh history, statement imports and files, and the
 * Idempotency-Keys of its creation and its uploads (their kept answers name them) are deleted here; last the document goes. A crash in between is finished by the maintenance job (`finishUnfinished`).
 */
export class EraseConsentService {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly accounts: AccountRepository,
    private readonly transactions: TransactionRepository,
    private readonly refreshRequests: RefreshRequestRepository,
    private readonly imports: StatementImportRepository,
    private readonly events: ConsentEvents,
    private readonly idempotencyKeys: Pick<IdempotencyKeys, 'forgetResource'>,
    private readonly logger: Logger,
    private readonly providers?: ProviderRegistry,
  ) {}

  /** Returns false when there was no live consent of that owner. */
  async execute(consentId: string, ownerClientId: string): Promise<boolean> {
    const consent = await this.consents.find(consentId);
    if (!consent || consent.ownerClientId !== ownerClientId) return false;
    const erased = await this.consents.markErased(consentId, (current) => this.events.erased(current), new Date());
    if (!erased) return false;
    await this.eraseData(consentId);
    return true;
  }

  /** `includeUnmarked`: also erasures begun before consents carried the `erasing` mark (a scan, for a full round). */
  async finishUnfinished({ includeUnmarked = false } = {}): Promise<void> {
    for (const id of await this.consents.unfinishedErasures(includeUnmarked)) {
      this.logger.info({ consentId: id }, 'finishing an interrupted erasure');
      await this.eraseData(id);
    }
  }

  private async eraseData(consentId: string): Promise<void> {
    const accounts = await this.accounts.deleteByConsent(consentId);
    const transactions = await this.transactions.deleteByConsent(consentId);
    const refreshes = await this.refreshRequests.deleteByConsent(consentId);
    for (const upload of await this.imports.listByConsent(consentId)) await this.idempotencyKeys.forgetResource(upload.id);
    const imports = await this.imports.deleteByConsent(consentId);
    await this.idempotencyKeys.forgetResource(consentId);
    await this.deleteAtBank(consentId);
    await this.consents.remove(consentId);
    this.logger.info({ consentId, accounts, transactions, refreshes, imports }, 'consent erased');
  }

  /**
   * An XS2A bank's consent is deleted at the bank (`DELETE /v1/consents/{id}`). Once: a bank that fails or does not
   * answer is logged, and the erasure goes on (the bank's consent ends at its validUntil; docs/providers.md).
   */
  private async deleteAtBank(consentId: string): Promise<void> {
    const stored = await this.consents.store.find(consentId);
    const flow = stored && this.providers?.bank(stored.providerKey)?.bankConsent;
    // The consent's bank consent, a re-authorisation's, and any a re-authorisation replaced that is still to be deleted.
    const ids = [stored?.bankConsent?.id, stored?.renewal?.id, ...(stored?.retiredBankConsentIds ?? [])].filter((id): id is string => Boolean(id));
    if (!flow) return;
    for (const id of ids) {
      try {
        await flow.remove(id, AbortSignal.timeout(BANK_DELETE_TIMEOUT_MS));
        this.logger.info({ consentId, providerKey: stored.providerKey }, 'the consent was deleted at the bank');
      } catch (error) {
        this.logger.warn({ err: error, consentId, providerKey: stored.providerKey }, 'the bank did not delete its consent; it ends at its validUntil');
      }
    }
  }
}
