import type { EventHandlers } from '@obp/bus';
import type { consentEvents } from '@obp/contracts';
import type { ConsentData } from './consent-data';

/**
 * The projection's handlers that keep whose each consent is and which accounts it has, without its
 * transactions: for a service that only checks what an app may name.
 */
export function ownershipHandlers(data: ConsentData): EventHandlers<typeof consentEvents> {
  const all = data.handlers();
  return {
    'consent.created': all['consent.created'],
    'consent.status.updated': all['consent.status.updated'],
    'accounts.updated': all['accounts.updated'],
    'consent.deleted': all['consent.deleted'],
    onTombstone: all.onTombstone,
  };
}

/** Ids a write names: consents, and accounts (each belonging to one consent). */
export interface NamedIds {
  consentIds: readonly string[];
  accountIds: readonly string[];
}

/** Whether a share of `ownerClientId` opens one of `grantedBy` to the caller (e.g. `ShareGrants.allows` bound to the caller); absent: nothing is shared. */
export type GrantCheck = (ownerClientId: string, grantedBy: Array<{ consentId: string } | { accountId: string }>) => Promise<boolean>;

/**
 * The named ids this projection knows to belong to another app than `clientId`, and that no grant
 * opens to it: what a write by `clientId` may not name. An id the projection does not know is not
 * among them: it may be the caller's own consent, created a moment ago, whose events are still on
 * the way (a grant is checked against the resource's owner when it is read, so such an id can
 * never open another app's data).
 */
export async function idsHiddenFrom(data: ConsentData, clientId: string, named: NamedIds, granted: GrantCheck = async () => false): Promise<{ consentIds: Set<string>; accountIds: Set<string> }> {
  const hidden = { consentIds: new Set<string>(), accountIds: new Set<string>() };
  const owners = new Map<string, string | null>();
  const ownerOf = async (consentId: string): Promise<string | null> => {
    if (!owners.has(consentId)) owners.set(consentId, (await data.consent(consentId))?.ownerClientId ?? null);
    return owners.get(consentId)!;
  };
  for (const consentId of new Set(named.consentIds)) {
    const owner = await ownerOf(consentId);
    if (owner !== null && owner !== clientId && !(await granted(owner, [{ consentId }]))) hidden.consentIds.add(consentId);
  }
  for (const account of await data.accountsById([...new Set(named.accountIds)])) {
    const owner = await ownerOf(account.consentId);
    if (owner !== null && owner !== clientId && !(await granted(owner, [{ consentId: account.consentId }, { accountId: account.id }]))) hidden.accountIds.add(account.id);
  }
  return hidden;
}
