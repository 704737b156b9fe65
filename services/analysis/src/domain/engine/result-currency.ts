import type { Sequencing } from './sequences';

/** The currency a result's figures are in when there is no majority: the one the platform's banks mostly book in. */
export const PREFERRED_CURRENCY = 'EUR';

/**
 * The currency a result's money figures are in: the one most of the transactions are booked in. A tie goes
 * to EUR, then to the code first in alphabetical order (by code unit), so the same history always gives the
 * same currency; without transactions, EUR. Codes are compared exactly as given, as the sequencing engine
 * compares them. Amounts of different currencies cannot be added without exchange rates of each booking
 * day, which the platform does not have, so the other currencies are left out of the figures instead.
 */
export function resultCurrency(transactions: ReadonlyArray<{ currency: string }>): string {
  const counts = new Map<string, number>([[PREFERRED_CURRENCY, 0]]);
  for (const { currency } of transactions) counts.set(currency, (counts.get(currency) ?? 0) + 1);
  let best = PREFERRED_CURRENCY;
  for (const [currency, count] of counts) {
    const bestCount = counts.get(best) ?? 0;
    if (count > bestCount || (count === bestCount && best !== PREFERRED_CURRENCY && currency < best)) best = currency;
  }
  return best;
}

/** The sequences in `currency` (a sequence never mixes currencies, so the others are wholly in another). */
export function sequencesIn(sequencing: Sequencing, currency: string): Sequencing {
  return {
    ...sequencing,
    incomeSequences: sequencing.incomeSequences.filter((sequence) => sequence.currency === currency),
    expenseSequences: sequencing.expenseSequences.filter((sequence) => sequence.currency === currency),
  };
}
