import { withoutPlaceSuffix } from './normalise-counterparty';
import type { PreparedTransaction } from './prepare-transactions';
import type { SequencingTransaction } from './types';

/** Transactions with one counterparty in one direction, oldest first. */
export interface CounterpartyGroup<T extends SequencingTransaction = SequencingTransaction> {
  direction: 'income' | 'expense';
  transactions: PreparedTransaction<T>[];
  /** How many transactions the counterparty has in the other direction. */
  oppositeCount: number;
}

/**
 * An IBAN used with more names than this is a collecting account (a payment service provider
 * such as Adyen or Mollie) and says nothing about who the counterparty is.
 */
const MAX_NAMES_PER_ACCOUNT = 3;

/**
 * A card name extended by more different next words than this ("cafe": "cafe hoppe", "cafe de
 * jaren", …) is a generic word, not a merchant, and links none of its extensions.
 */
const MAX_EXTENSIONS_PER_NAME = 3;

/**
 * Card descriptors (no IBAN) append a place or a store format to the merchant's name: their name
 * key is taken without a place suffix, and one that extends another name by further words
 * ("albert heijn to go", "spotify pqxkrmzt" extend "albert heijn", "spotify") is linked to it.
 */
function linkCardNameExtensions(nameIds: ReadonlyMap<string, number>, cardKeys: ReadonlySet<string>, union: (a: number, b: number) => void): void {
  // By UTF-16 code units, as < compares strings.
  const sorted = [...nameIds.keys()].sort();
  const idOf = (name: string): number => nameIds.get(name) ?? -1;
  // The keys that extend a key follow it directly in sorted order ("a" < "a b…" < "a" + any letter).
  for (let i = 0; i < sorted.length; i++) {
    const prefix = `${sorted[i]} `;
    // Most names are extended by none: the set only for those that are.
    let nextWords: Set<string> | null = null;
    let end = i + 1;
    for (; end < sorted.length && sorted[end].startsWith(prefix); end++) {
      const rest = sorted[end].slice(prefix.length);
      const space = rest.indexOf(' ');
      (nextWords ??= new Set()).add(space < 0 ? rest : rest.slice(0, space));
    }
    if (nextWords !== null && nextWords.size > MAX_EXTENSIONS_PER_NAME) continue;
    for (let j = i + 1; j < end; j++) if (cardKeys.has(sorted[j])) union(idOf(sorted[i]), idOf(sorted[j]));
  }
}

/**
 * Groups transactions by counterparty: two transactions are one counterparty when they share the
 * normalised name or the IBAN, or when one card name extends the other (transitively, union-find),
 * then splits each group by direction.
 * Transactions with neither a name nor an IBAN are left out. Groups keep the oldest-first order
 * of the input, which must be sorted by date.
 */
export function groupByCounterparty<T extends SequencingTransaction>(oldestFirst: readonly PreparedTransaction<T>[]): CounterpartyGroup<T>[] {
  const namesPerAccount = new Map<string, Set<string>>();
  for (const tx of oldestFirst) {
    if (tx.accountNumber === '' || tx.nameKey === '') continue;
    let names = namesPerAccount.get(tx.accountNumber);
    if (!names) namesPerAccount.set(tx.accountNumber, (names = new Set()));
    if (names.size <= MAX_NAMES_PER_ACCOUNT) names.add(tx.nameKey);
  }

  // Union-find over identities: names and IBANs each get an id.
  const nameIds = new Map<string, number>();
  const accountIds = new Map<string, number>();
  const parent: number[] = [];
  const idIn = (ids: Map<string, number>, key: string): number => {
    let id = ids.get(key);
    if (id === undefined) {
      id = parent.length;
      parent.push(id);
      ids.set(key, id);
    }
    return id;
  };
  const find = (id: number): number => {
    let root = id;
    while (parent[root] !== root) root = parent[root];
    while (parent[id] !== root) {
      const next = parent[id];
      parent[id] = root;
      id = next;
    }
    return root;
  };

  const union = (x: number, y: number): void => {
    const a = find(x);
    const b = find(y);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  };

  const placeless = new Map<string, string>();
  const cardKeys = new Set<string>();
  const identity = new Int32Array(oldestFirst.length).fill(-1);
  for (let i = 0; i < oldestFirst.length; i++) {
    const tx = oldestFirst[i];
    let nameKey = tx.nameKey;
    if (nameKey !== '' && tx.accountNumber === '') {
      let key = placeless.get(nameKey);
      if (key === undefined) placeless.set(nameKey, (key = withoutPlaceSuffix(nameKey)));
      nameKey = key;
      cardKeys.add(key);
    }
    const nameId = nameKey === '' ? -1 : idIn(nameIds, nameKey);
    const usableAccount = tx.accountNumber !== '' && (tx.nameKey === '' || (namesPerAccount.get(tx.accountNumber)?.size ?? 0) <= MAX_NAMES_PER_ACCOUNT);
    const accountId = usableAccount ? idIn(accountIds, tx.accountNumber) : -1;
    if (nameId >= 0 && accountId >= 0) union(nameId, accountId);
    identity[i] = nameId >= 0 ? nameId : accountId;
  }
  linkCardNameExtensions(nameIds, cardKeys, union);

  const groups = new Map<number, CounterpartyGroup<T>>();
  for (let i = 0; i < oldestFirst.length; i++) {
    if (identity[i] < 0) continue;
    const tx = oldestFirst[i];
    const income = tx.cents > 0;
    const key = find(identity[i]) * 2 + (income ? 1 : 0);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { direction: income ? 'income' : 'expense', transactions: [], oppositeCount: 0 }));
    group.transactions.push(tx);
  }
  for (const [key, group] of groups) group.oppositeCount = groups.get(key ^ 1)?.transactions.length ?? 0;
  return [...groups.values()];
}

export function byDate(a: PreparedTransaction, b: PreparedTransaction): number {
  return a.day - b.day || a.msFromDayStart - b.msFromDayStart || a.index - b.index;
}
