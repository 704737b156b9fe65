import type { StoredAccount } from '../../infrastructure/account.repository';
import type { ProviderAccount } from '../../providers/bank-provider';

/** What a listed account is stored as: the id it keeps (`externalId`) and the provider's other ids for it. */
export interface AccountContinuity {
  externalId: string;
  externalIdAliases?: string[];
}

const numberKey = (accountNumber: string, currency: string): string => `${accountNumber.replace(/\s+/g, '').toUpperCase()}|${currency.toUpperCase()}`;

/** The stored account's number as a provider identifies it across consents; none where it was stored under its id. */
const storedKey = (a: StoredAccount): string | null => (a.iban && a.iban !== a.externalId ? numberKey(a.iban, a.currency) : null);

/**
 * The consent's stored account each listed account continues, so that its platform id and its transactions stay when
 * the provider lists it under an id the consent has not seen (an XS2A bank giving new `resourceId`s to a
 * re-authorisation's consent). A known id (the first one, or one recorded since) maps to its account; an unknown one
 * to the stored account with the same number and currency (`identification`: IBAN, else BBAN or masked PAN) that no
 * other listed account continues, when exactly one stored and one unknown listed account share them. Anything else
 * is a new account under its own id.
 */
export function continuedAccounts(stored: readonly StoredAccount[], listed: readonly ProviderAccount[]): AccountContinuity[] {
  const byId = new Map<string, StoredAccount>();
  for (const a of stored) for (const id of [a.externalId, ...(a.externalIdAliases ?? [])]) byId.set(id, a);
  const continued = listed.map((a) => byId.get(a.externalId));
  const claimed = new Set(continued.filter((a) => a !== undefined));

  const unknownByKey = new Map<string, number[]>();
  listed.forEach((a, i) => {
    if (continued[i] || !a.identification) return;
    const key = numberKey(a.identification, a.currency);
    unknownByKey.set(key, [...(unknownByKey.get(key) ?? []), i]);
  });
  const storedByKey = new Map<string, StoredAccount[]>();
  for (const a of stored) {
    const key = storedKey(a);
    if (key && !claimed.has(a)) storedByKey.set(key, [...(storedByKey.get(key) ?? []), a]);
  }
  for (const [key, indexes] of unknownByKey) {
    const candidates = storedByKey.get(key) ?? [];
    if (indexes.length === 1 && candidates.length === 1) continued[indexes[0]!] = candidates[0];
  }

  return listed.map((a, i) => {
    const same = continued[i];
    if (!same) return { externalId: a.externalId };
    const aliases = [...(same.externalIdAliases ?? [])];
    if (a.externalId !== same.externalId && !aliases.includes(a.externalId)) aliases.push(a.externalId);
    return { externalId: same.externalId, ...(aliases.length > 0 ? { externalIdAliases: aliases } : {}) };
  });
}
