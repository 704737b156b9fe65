/** Public types of the sequencing engine (spec 2.6). */

export type Periodicity = 'Weekly' | 'Monthly' | 'Quad Weekly' | 'Quarterly';

export type SequenceStatus = 'Active' | 'Early' | 'Ended';

/** A bank transaction as the consent service stores it; only id, amount and bookingDate are required. */
export interface SequencingTransaction {
  id: string;
  accountId?: string;
  /** Signed: negative = money out. */
  amount: number;
  /**
   * Currency code, e.g. 'EUR', compared exactly as given. Absent (undefined or null) is a currency
   * of its own: such transactions form sequences only with each other.
   */
  currency?: string | null;
  /** ISO 8601 date or date-time, e.g. '2026-03-25T00:00:00.000Z'; without an offset it is read as UTC. */
  bookingDate: string;
  valueDate?: string | null;
  description?: string | null;
  counterpartName?: string | null;
  /** IBAN; null for card payments. */
  counterpartAccountNumber?: string | null;
  /** Bank type code, e.g. 'ba' card payment, 'ei' direct debit, 'tb' transfer, 'gm' ATM. */
  transactionType?: string | null;
  transactionTypeName?: string | null;
}

export interface SequencingOptions {
  /** The instant the analysis is made for; all windows are anchored here. Transactions after it are ignored. */
  asOf: Date;
  /** The customer's own IBANs: transfers to or from them are neither income nor expense. */
  ownAccountNumbers?: readonly string[];
}

export interface TimeStatistics {
  minDayOfPeriod: number;
  maxDayOfPeriod: number;
  medianDayOfPeriod: number;
  averageDayOfPeriod: number;
  modeDayOfPeriod: number;
  stdDevDayOfPeriod: number;
}

export interface AmountStatistics {
  minAmount: number;
  maxAmount: number;
  medianAmount: number;
  averageAmount: number;
  modeAmount: number;
  stdDevAmount: number;
  totalAmount: number;
}

export interface TimeConsistency {
  /** Span from the first to the last transaction as d.hh:mm:ss, e.g. '364.00:00:00'. */
  duration: string;
  transactionCount: number;
  /** ISO date-times of the first and last transaction. */
  firstSeen: string;
  lastSeen: string;
  mostRecentDayOfPeriod: number;
  statisticsL12M: TimeStatistics;
  statisticsL6M: TimeStatistics;
  statisticsL3M: TimeStatistics;
}

export interface AmountConsistency {
  mostRecentAmount: number;
  statisticsL12M: AmountStatistics;
  statisticsL6M: AmountStatistics;
  statisticsL3M: AmountStatistics;
}

export interface AmountRange {
  min: number;
  max: number;
}

export interface Sequence<T extends SequencingTransaction = SequencingTransaction> {
  periodicity: Periodicity;
  /** The currency of every one of its transactions (a sequence never mixes currencies), as the first gives it. */
  currency: T['currency'];
  /** The caller's transaction objects forming the sequence, oldest first, returned as given. */
  transactions: T[];
  periodMatches: number;
  periodMatchPercentage: number;
  amountMatchPercentage: number;
  timelinessMatchPercentage: number;
  timeConsistency: TimeConsistency;
  amountConsistency: AmountConsistency;
  counterpartName: string;
  /** ISO date (YYYY-MM-DD). */
  predictedNextDate: string;
  predictedAmountRange: AmountRange;
  status: SequenceStatus;
}

export interface SequencingResult<T extends SequencingTransaction = SequencingTransaction> {
  incomeSequences: Sequence<T>[];
  expenseSequences: Sequence<T>[];
  engineVersion: string;
}
