import type { ErasedIds } from '@obp/db';
import type { AttemptLog } from '../../infrastructure/attempt-log';
import type { MessageStore } from '../../infrastructure/message-store';

/**
 * An erasure reaches the webhook messages: every message whose data names an erased consent, one of its
 * accounts or a feedback item erased with them (the consent's status changes and fetches, shares of it,
 * the item's review) is deleted with its attempts, as its event leaves the compacted topic; an event
 * naming one that comes later makes none, or a share's without the erased ids (`PublishEventService`).
 */
export class EraseMessagesService {
  constructor(
    private readonly erased: ErasedIds,
    private readonly messages: MessageStore,
    private readonly attempts: AttemptLog,
  ) {}

  /** Repeating it changes nothing. Returns how many messages it deleted. */
  async erase(ids: readonly string[], now: Date): Promise<number> {
    await this.erased.record(ids, now);
    return this.deleteNaming(ids);
  }

  /** Which of `ids` were erased. */
  erasedAmong(ids: readonly string[]): Promise<Set<string>> {
    return this.erased.erasedAmong(ids);
  }

  /**
   * The attempts go first and again last: a crash in between leaves the messages for the next run to
   * find. An attempt under way records nothing once its message is gone (`DeliveryJobs`).
   */
  async deleteNaming(ids: readonly string[]): Promise<number> {
    const named = await this.messages.idsNaming(ids);
    if (named.length === 0) return 0;
    await this.attempts.deleteOfMessages(named);
    await this.messages.delete(named);
    await this.attempts.deleteOfMessages(named);
    return named.length;
  }
}
