import type { CategorizationFeedbackBody } from '@obp/contracts';
import { err, ExceptionBase, ok, type Result } from '@obp/core';
import { newFeedbackItem } from '../../domain/feedback-item';
import type { ErasedIds } from '@obp/db';
import type { FeedbackEvents, FeedbackStore } from '../../infrastructure/feedback-store';

/** The transaction's account was erased with its consent: nothing about it is kept any more. */
export class AccountErased extends ExceptionBase {
  readonly code = 'ACCOUNT_ERASED';
}

/** Queues an item for review, with its `submitted` event in the same write (older items about the transaction are superseded from that event). */
export class SubmitFeedbackService {
  constructor(
    private readonly items: FeedbackStore,
    private readonly events: FeedbackEvents,
    private readonly erasedAccounts: ErasedIds,
  ) {}

  /**
   * Queues the item under `id` (a retry of the request gives the same id, and leaves the item its first
   * attempt made); refused when its account was erased with its consent.
   */
  async execute(id: string, ownerClientId: string, body: CategorizationFeedbackBody, now = new Date()): Promise<Result<string, AccountErased>> {
    if (await this.erasedAccounts.isErased(body.accountId)) return err(new AccountErased(`Account ${body.accountId} was erased with its consent: no feedback about it is taken.`));
    const item = newFeedbackItem(id, ownerClientId, body, now);
    await this.items.insertIfAbsent(item, [this.events.submitted(item)]);
    return ok(item.id);
  }
}
