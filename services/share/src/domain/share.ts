import type { ShareDto } from '@obp/contracts';

/** A grant from the owning app to `clientId`, over chosen consents, accounts and analyses. */
export interface Share {
  id: string;
  ownerClientId: string;
  clientId: string;
  reference: string | null;
  expirationDateUtc: Date;
  consentIds: string[] | null;
  accountIds: string[] | null;
  analysisIds: string[] | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * Its place in its owner's list (domain/share-list.ts), given when it is made and never changed; absent for a
   * share made before the lists until the list's build places it.
   */
  listPosition?: number | null;
  /** Moved to expired in its list's counts (the mover's or its writer's doing); absent while it has no position. */
  listExpired?: boolean;
}

export const DEFAULT_SHARE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Spec 2.2 and 2.3: an absent or null expiration means one day from the time of the request. */
export function expirationOrDefault(requested: Date | null | undefined, now: Date): Date {
  return requested ?? new Date(now.getTime() + DEFAULT_SHARE_LIFETIME_MS);
}

/** A share is expired once its expiration time has passed (spec section 3). */
export function isExpired(share: Pick<Share, 'expirationDateUtc'>, now: Date): boolean {
  return share.expirationDateUtc.getTime() <= now.getTime();
}

export function toShareDto(share: Share): ShareDto {
  return {
    id: share.id,
    clientId: share.clientId,
    reference: share.reference,
    expirationDateUtc: share.expirationDateUtc.toISOString(),
    consentIds: share.consentIds,
    accountIds: share.accountIds,
    analysisIds: share.analysisIds,
  };
}
