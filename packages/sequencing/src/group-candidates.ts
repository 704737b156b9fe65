import type { PreparedTransaction } from './prepare-transactions';
import type { SequencingTransaction } from './types';

/** Transactions with one counterparty in one direction, oldest first. */
export interface CounterpartyGroup<T extends SequencingTransaction = SequencingTransaction> {
  direction: 'income' | 'expense';
  transactions: PreparedTransaction<T>[];
}

/**
 * An IBAN used with more names than this is a collecting account (a payment service provider
 * such as Adyen or Mollie) and says nothing about who the counterparty is.
 */
const MAX_NAMES_PER_ACCOUNT = 3;

/**
 * Groups transactions by counterparty: two transactions are one counterparty when they share the
 * normalised name or the IBAN (transitively, union-find), then splits each group by direction.
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

  const identity = new Int32Array(oldestFirst.length).fill(-1);
  oldestFirst.forEach((tx, i) => {
    const nameId = tx.nameKey === '' ? -1 : idIn(nameIds, tx.nameKey);
    const usableAccount = tx.accountNumber !== '' && (tx.nameKey === '' || (namesPerAccount.get(tx.accountNumber)?.size ?? 0) <= MAX_NAMES_PER_ACCOUNT);
    const accountId = usableAccount ? idIn(accountIds, tx.accountNumber) : -1;
    if (nameId >= 0 && accountId >= 0) {
      const a = find(nameId);
      const b = find(accountId);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
    identity[i] = nameId >= 0 ? nameId : accountId;
  });

  const groups = new Map<number, CounterpartyGroup<T>>();
  oldestFirst.forEach((tx, i) => {
    if (identity[i] < 0) return;
    const income = tx.cents > 0;
    const key = find(identity[i]) * 2 + (income ? 1 : 0);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { direction: income ? 'income' : 'expense', transactions: [] }));
    group.transactions.push(tx);
  });
  return [...groups.values()];
}

export function byDate(a: PreparedTransaction, b: PreparedTransaction): number {
  return a.day - b.day || a.msFromDayStart - b.msFromDayStart || a.index - b.index;
}
