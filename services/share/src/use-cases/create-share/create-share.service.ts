import { fieldsNamingHidden, idsHiddenFrom, type ConsentData } from '@obp/consent-data';
import type { CreateShareBody } from '@obp/contracts';
import { err, ok, ValidationFailed, type Result } from '@obp/core';
import { expirationOrDefault, type Share } from '../../domain/share';
import { countDelta, countedOf, writtenExpired } from '../../domain/share-list';
import type { ShareLists } from '../../infrastructure/share-lists';
import type { ShareEvents, ShareStore } from '../../infrastructure/share-store';

export class CreateShareService {
  constructor(
    private readonly shares: ShareStore,
    private readonly events: ShareEvents,
    /** Whose each consent and account is, from the consent events. */
    private readonly consentOwners: ConsentData,
    private readonly lists: ShareLists,
  ) {}

  /**
   * Creates the share under `id` (a retry of the request gives the same id, and leaves the share its first
   * attempt made). Refused when it names a consent or account known to be another app's: a share can only
   * open the owner's own data (one naming another app's would grant nothing). The share takes the next position
   * of its owner's list and is counted in its block once written; a retry finding the share made leaves its
   * position unused and counts nothing (a first attempt that stopped before counting is the reconciler's).
   */
  async execute(id: string, ownerClientId: string, request: CreateShareBody, now = new Date()): Promise<Result<string, ValidationFailed>> {
    const hidden = await this.othersIds(ownerClientId, request);
    if (hidden) return err(hidden);
    const expirationDateUtc = expirationOrDefault(request.expirationDateUtc, now);
    const share: Share = {
      id,
      ownerClientId,
      clientId: request.clientId,
      reference: request.reference,
      expirationDateUtc,
      consentIds: request.consentIds,
      accountIds: request.accountIds,
      analysisIds: request.analysisIds,
      createdAt: now,
      updatedAt: now,
    };
    // Before the lists' build has begun a share is made without a position, as the version before makes them.
    if (!(await this.lists.givesPositions())) {
      await this.shares.insertIfAbsent(share, [this.events.created(share)]);
      return ok(share.id);
    }
    await this.lists.trackCreate(ownerClientId, now, async (listPosition) => {
      const positioned: Share = { ...share, listPosition, listExpired: writtenExpired(expirationDateUtc, now) };
      const inserted = await this.shares.insertIfAbsent(positioned, [this.events.created(positioned)]);
      return { value: inserted, delta: inserted ? countDelta(null, countedOf(positioned)) : null };
    });
    return ok(share.id);
  }

  private async othersIds(ownerClientId: string, request: CreateShareBody): Promise<ValidationFailed | null> {
    const consentIds = request.consentIds ?? [];
    const accountIds = request.accountIds ?? [];
    const hidden = await idsHiddenFrom(this.consentOwners, ownerClientId, { consentIds, accountIds });
    const errors = fieldsNamingHidden({ consentIds, accountIds }, hidden, '', (kind, id) =>
      kind === 'consent' ? `The consent '${id}' is not one of this app's consents: a share can only name the app's own.` : `The account '${id}' is not an account of this app's consents: a share can only name the app's own.`,
    );
    return Object.keys(errors).length > 0 ? new ValidationFailed(errors) : null;
  }
}
