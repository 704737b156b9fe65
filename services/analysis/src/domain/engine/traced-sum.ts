import { fromCents } from './cents';
import type { Entry } from './entry';

/** A sum in cents and the transactions it adds up: every figure is one, so it always traces back exactly. */
export class TracedSum {
  cents = 0;
  readonly transactionIds: string[] = [];

  add(entry: Entry): void {
    this.cents += entry.cents;
    this.transactionIds.push(entry.tx.id);
  }

  get amount(): number {
    return fromCents(this.cents);
  }

  toTracedAmount(): { amount: number; transactionIds: string[] } {
    return { amount: this.amount, transactionIds: this.transactionIds };
  }
}

/** The entries that pass `test`, added up (in the order given). */
export function tracedSumOf(entries: readonly Entry[], test: (entry: Entry) => boolean): TracedSum {
  const sum = new TracedSum();
  for (const entry of entries) if (test(entry)) sum.add(entry);
  return sum;
}
