import type { Flow } from '@obp/contracts';
import type { Entry } from './entry';
import { TracedSum } from './traced-sum';

/** Income or expense of a month or the period, and (engine e1) its split by canonical category. */
export class FlowSum {
  readonly total = new TracedSum();
  private readonly categories: Map<string, TracedSum> | null;

  constructor(byCategory: boolean) {
    this.categories = byCategory ? new Map() : null;
  }

  add(entry: Entry): void {
    this.total.add(entry);
    if (this.categories === null || entry.canonicalCategory === null) return;
    let sum = this.categories.get(entry.canonicalCategory);
    if (sum === undefined) {
      sum = new TracedSum();
      this.categories.set(entry.canonicalCategory, sum);
    }
    sum.add(entry);
  }

  /** The flow; categories by size (largest absolute amount first), then name. */
  toFlow(): Flow {
    const byCategory =
      this.categories === null
        ? null
        : [...this.categories]
            .sort(([nameA, a], [nameB, b]) => Math.abs(b.cents) - Math.abs(a.cents) || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0))
            .map(([category, sum]) => ({ category, amount: sum.amount, transactionIds: sum.transactionIds }));
    return { amount: this.total.amount, transactionIds: this.total.transactionIds, byCategory };
  }
}
