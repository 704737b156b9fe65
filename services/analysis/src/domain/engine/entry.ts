import type { TransactionDto, TransactionFlag } from '@obp/contracts';

/** How engine e1 categorised a transaction, as it appears in the result. */
export interface Categorisation {
  category: string;
  flags: TransactionFlag[];
  confidence: number;
  source: string;
}

export type FlowSide = 'income' | 'expense';

/** Taxes paid: VAT, or any other (income, wage, local taxes). */
export type TaxKind = 'vat' | 'other';

/**
 * One transaction as the figures see it: parsed once, classified by the engine (e1 from its category and
 * flags, z2 from signs, type codes and descriptions), then only added up.
 */
export interface Entry {
  tx: TransactionDto;
  /** Booking instant, epoch ms. */
  ms: number;
  /** Booking month (UTC), year * 12 + month - 1. */
  monthIndex: number;
  /** The amount in whole cents, signed. */
  cents: number;
  /** A transfer between own accounts: in `internalTransferIds` and in no other figure. */
  internal: boolean;
  /** The flow it counts in; null for internal transfers and, with e1, `transfers.*`. */
  side: FlowSide | null;
  /** e1: the canonical category its flow's `byCategory` groups it under; z2: null. */
  canonicalCategory: string | null;
  gambling: boolean;
  cash: boolean;
  returnedDirectDebit: boolean;
  /** Profile corporate: counts as revenue. */
  revenue: boolean;
  /** An expense paid to the tax authorities; such expenses are not costs. */
  tax: TaxKind | null;
  /** e1 only. */
  categorisation: Categorisation | null;
}

/** Booking order: by booking instant, then id. */
export function byBooking(a: Entry, b: Entry): number {
  return a.ms - b.ms || (a.tx.id < b.tx.id ? -1 : a.tx.id > b.tx.id ? 1 : 0);
}
