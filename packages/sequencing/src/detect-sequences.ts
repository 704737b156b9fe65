import { addCalendarMonths, epochDay } from './calendar';
import { buildSequence, statisticsWindows } from './build-sequence';
import { InvalidSequencingInput } from './errors';
import { byDate, groupByCounterparty } from './group-candidates';
import { normaliseAccountNumber } from './normalise-counterparty';
import { prepareTransactions, type PreparedTransaction } from './prepare-transactions';
import { selectSequences } from './select-sequences';
import type { Sequence, SequencingOptions, SequencingResult, SequencingTransaction } from './types';

/** Semantic version of the algorithm and of the meaning of its figures; bump on any change to either. */
export const ENGINE_VERSION = '1.2.0';

/** Transactions booked in the 13 calendar months up to asOf are used; older ones are ignored. */
export const HISTORY_MONTHS = 13;

/** The transactions of each currency, in their order; those without one (undefined or null) together. */
function splitByCurrency<T extends SequencingTransaction>(transactions: PreparedTransaction<T>[]): PreparedTransaction<T>[][] {
  const firstCurrency = transactions[0]?.source.currency ?? null;
  if (transactions.every((tx) => (tx.source.currency ?? null) === firstCurrency)) return [transactions];
  const byCurrency = new Map<string | null, PreparedTransaction<T>[]>();
  for (const tx of transactions) {
    const currency = tx.source.currency ?? null;
    let same = byCurrency.get(currency);
    if (!same) byCurrency.set(currency, (same = []));
    same.push(tx);
  }
  return [...byCurrency.values()];
}

function isOldestFirst(transactions: readonly PreparedTransaction[]): boolean {
  for (let i = 1; i < transactions.length; i++) if (byDate(transactions[i - 1], transactions[i]) > 0) return false;
  return true;
}

/**
 * The transactions sorted by byDate. Histories mostly come oldest first or newest first (as banks
 * list them): those are put in order in one pass, reversing newest first runs of one booking
 * instant kept in their order (the index breaks ties); anything else is sorted.
 */
function sortOldestFirst<T extends SequencingTransaction>(transactions: PreparedTransaction<T>[]): PreparedTransaction<T>[] {
  if (isOldestFirst(transactions)) return transactions;
  const reversed: PreparedTransaction<T>[] = [];
  let end = transactions.length;
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && transactions[start - 1].day === transactions[end - 1].day && transactions[start - 1].msFromDayStart === transactions[end - 1].msFromDayStart) start--;
    for (let i = start; i < end; i++) reversed.push(transactions[i]);
    end = start;
  }
  return isOldestFirst(reversed) ? reversed : transactions.sort(byDate);
}

/**
 * Finds recurring income and expenses in one account history. Pure: the result depends only on
 * the arguments. Throws InvalidSequencingInput for unreadable input.
 */
export function detectSequences<T extends SequencingTransaction>(transactions: readonly T[], options: SequencingOptions): SequencingResult<T> {
  if (typeof options !== 'object' || options === null) throw new InvalidSequencingInput(null, 'options', 'must be an object');
  const asOfMs = options.asOf instanceof Date ? options.asOf.getTime() : NaN;
  if (!Number.isFinite(asOfMs)) throw new InvalidSequencingInput(null, 'asOf', 'must be a valid Date');
  const own = new Set<string>();
  for (const accountNumber of options.ownAccountNumbers ?? []) {
    const normalised = normaliseAccountNumber(accountNumber);
    if (normalised !== '') own.add(normalised);
  }

  const prepared = prepareTransactions(transactions, addCalendarMonths(asOfMs, -HISTORY_MONTHS), asOfMs, own);
  const asOfDay = epochDay(asOfMs);
  const windows = statisticsWindows(asOfMs, asOfDay);
  const incomeSequences: Sequence<T>[] = [];
  const expenseSequences: Sequence<T>[] = [];
  const order: { sequence: Sequence<T>; first: PreparedTransaction<T> }[] = [];
  for (const sameCurrency of splitByCurrency(sortOldestFirst(prepared))) {
    for (const group of groupByCounterparty(sameCurrency)) {
      for (const candidate of selectSequences(group, asOfDay)) {
        const sequence = buildSequence(candidate, windows);
        order.push({ sequence, first: candidate.members[0].tx });
      }
    }
  }
  order.sort((a, b) => byDate(a.first, b.first));
  for (const { sequence } of order) {
    (sequence.transactions[0].amount > 0 ? incomeSequences : expenseSequences).push(sequence);
  }
  return { incomeSequences, expenseSequences, engineVersion: ENGINE_VERSION };
}
