import { inChunks } from '@obp/db';
import type { FeedbackItem } from '../../domain/feedback-item';
import type { ErasedIds } from '@obp/db';
import type { FeedbackEvents, FeedbackStore } from '../../infrastructure/feedback-store';

/**
 * Erasure of the feedback about an erased consent's accounts: each item is removed with its `erased`
 * event and a tombstone (the store keeps only those until the relay published them). Items about
 * accounts no consent named stay.
 */
export class EraseFeedbackService {
  constructor(
    private readonly items: FeedbackStore,
    private readonly erasedAccounts: ErasedIds,
    private readonly events: FeedbackEvents,
  ) {}

  /**
   * The accounts are recorded as erased first, so a submission from then on is refused, and one that
   * passed the check just before is erased after it (`eraseIfAccountErased`, from its `submitted`
   * event); then every item about them goes. Repeating it changes nothing.
   */
  async eraseAccounts(accountIds: readonly string[], now = new Date()): Promise<void> {
    await this.erasedAccounts.record(accountIds, now);
    for (const chunk of inChunks(accountIds)) {
      for (const id of await this.items.ids({ accountId: { $in: chunk } })) await this.erase(id);
    }
  }

  /** An item whose account was erased while it was being submitted: erased too. */
  async eraseIfAccountErased(item: Pick<FeedbackItem, 'id' | 'transaction'>): Promise<boolean> {
    if (!(await this.erasedAccounts.isErased(item.transaction.accountId))) return false;
    await this.erase(item.id);
    return true;
  }

  private async erase(id: string): Promise<void> {
    await this.items.mutate(id, (current) => ({ remove: true, events: this.events.erased(current), result: undefined }));
  }
}
