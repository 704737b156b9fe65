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

/** Whether a share of `ownerClientId` opens one of `grantedBy` to the caller (e.g. `ShareGrants.allows` bound to the caller). */
export type GrantCheck = (ownerClientId: string, grantedBy: Array<{ consentId: string } | { accountId: string }>) => Promise<boolean>;

export interface GrantsToAwait {
  granted: GrantCheck;
  /**
   * How long an id of another app is looked at again for a grant (0: not at all). A share made a
   * moment ago reaches the caller's projection of grants a little later: the app it was made for,
   * naming what it was given at once, is not refused for that.
   */
  waitMs: number;
  /** Between two looks. */
  intervalMs?: number;
}

/** Another app's id, and what a grant must name to open it. */
type Foreign = { kind: 'consentIds' | 'accountIds'; id: string; owner: string; grantedBy: Array<{ consentId: string } | { accountId: string }> };

/**
 * The named ids this projection knows to belong to another app than `clientId`, and that no grant
 * opens to it: what a write by `clientId` may not name. An id the projection does not know is not
 * among them: it may be the caller's own consent, created a moment ago, whose events are still on
 * the way (a grant is checked against the resource's owner when it is read, so such an id can
 * never open another app's data). Without `grants`, nothing of another app is open to the caller.
 */
export async function idsHiddenFrom(data: ConsentData, clientId: string, named: NamedIds, grants?: GrantsToAwait): Promise<HiddenIds> {
  const accounts = await data.accountsById([...new Set(named.accountIds)]);
  const consents = await data.consentsById([...new Set([...named.consentIds, ...accounts.map((a) => a.consentId)])]);
  const owners = new Map(consents.map((c) => [c.id, c.ownerClientId]));
  let foreign: Foreign[] = [];
  for (const consentId of new Set(named.consentIds)) {
    const owner = owners.get(consentId);
    if (owner !== undefined && owner !== clientId) foreign.push({ kind: 'consentIds', id: consentId, owner, grantedBy: [{ consentId }] });
  }
  for (const account of accounts) {
    const owner = owners.get(account.consentId);
    if (owner !== undefined && owner !== clientId) foreign.push({ kind: 'accountIds', id: account.id, owner, grantedBy: [{ consentId: account.consentId }, { accountId: account.id }] });
  }
  if (grants && foreign.length > 0) {
    const deadline = Date.now() + grants.waitMs;
    for (;;) {
      const open = await Promise.all(foreign.map((f) => grants.granted(f.owner, f.grantedBy)));
      foreign = foreign.filter((_, i) => !open[i]);
      if (foreign.length === 0 || Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, Math.min(grants.intervalMs ?? 200, Math.max(0, deadline - Date.now()))));
    }
  }
  const hidden = { consentIds: new Set<string>(), accountIds: new Set<string>() };
  for (const f of foreign) hidden[f.kind].add(f.id);
  return hidden;
}


/** The ids `idsHiddenFrom` found, by kind. */
export interface HiddenIds {
  consentIds: Set<string>;
  accountIds: Set<string>;
}

/**
 * A write's field errors for the hidden ids it names: `<prefix>consentIds[i]` and `<prefix>accountIds[i]`,
 * each with `message` of its kind and id (none when nothing named is hidden).
 */
export function fieldsNamingHidden(named: NamedIds, hidden: HiddenIds, prefix: string, message: (kind: 'consent' | 'account', id: string) => string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  named.consentIds.forEach((id, i) => {
    if (hidden.consentIds.has(id)) errors[`${prefix}consentIds[${i}]`] = [message('consent', id)];
  });
  named.accountIds.forEach((id, i) => {
    if (hidden.accountIds.has(id)) errors[`${prefix}accountIds[${i}]`] = [message('account', id)];
  });
  return errors;
}
