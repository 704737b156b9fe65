/** Test helpers of the analysis engine: transactions with a known category, a categoriser that returns it, sequences built by hand. */
import type { TransactionDto, TransactionFlag } from '@obp/contracts';
import type { Periodicity, Sequence, SequenceStatus } from '@obp/sequencing';
import type { Categorise } from './categoriser';
import { normaliseIban } from './internal-transfers';
import type { SequenceDetector } from './sequences';
import type { AnalysisInput } from './analyse';

export const ACCOUNT_ID = '0f000000-0000-4000-8000-000000000001';
export const JOB_ID = '0a000000-0000-4000-8000-000000000001';

export interface Label {
  category: string;
  flags?: TransactionFlag[];
}

const labels = new WeakMap<TransactionDto, Label>();
let counter = 0;

export interface TxSpec {
  amount: number;
  /** YYYY-MM-DD or a full ISO date-time. */
  date: string;
  /** What the stand-in categoriser says (default: income.other / expenses.other by sign). */
  category?: string;
  flags?: TransactionFlag[];
  id?: string;
  /** Default EUR. */
  currency?: string;
  description?: string | null;
  counterpartName?: string | null;
  counterpartAccountNumber?: string | null;
  transactionType?: string | null;
  transactionTypeName?: string | null;
  reasonCode?: string | null;
  purposeCode?: string | null;
}

export function nextId(): string {
  counter++;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

/** A transaction (and, when given, the category the stand-in categoriser will return for it). */
export function tx(spec: TxSpec): TransactionDto {
  const bookingDate = spec.date.length === 10 ? `${spec.date}T00:00:00.000Z` : spec.date;
  const transaction: TransactionDto = {
    id: spec.id ?? nextId(),
    accountId: ACCOUNT_ID,
    amount: spec.amount,
    currency: spec.currency ?? 'EUR',
    bookingDate,
    valueDate: bookingDate,
    description: spec.description === undefined ? 'payment' : spec.description,
    counterpartName: spec.counterpartName === undefined ? 'Counterpart' : spec.counterpartName,
    counterpartAccountNumber: spec.counterpartAccountNumber ?? null,
    transactionType: spec.transactionType ?? null,
    transactionTypeName: spec.transactionTypeName ?? null,
    reasonCode: spec.reasonCode ?? null,
    purposeCode: spec.purposeCode ?? null,
  };
  if (spec.category !== undefined || spec.flags !== undefined) labels.set(transaction, { category: spec.category ?? (spec.amount >= 0 ? 'income.other' : 'expenses.other'), flags: spec.flags });
  return transaction;
}

/** Attaches the label the stand-in categoriser returns for a transaction. */
export function label(transaction: TransactionDto, value: Label): TransactionDto {
  labels.set(transaction, value);
  return transaction;
}

/**
 * A stand-in for @obp/categorisation: the label each transaction was made with (by sign otherwise), plus
 * `internal-transfer` for own IBANs and `recurring` for the recurring ids, as the real one does.
 */
export const labelCategorise: Categorise = (transactions, options) => {
  const own = new Set((options.ownIbans ?? []).map(normaliseIban));
  return transactions.map((transaction) => {
    const known = labels.get(transaction);
    const flags = new Set<TransactionFlag>(known?.flags ?? []);
    if (transaction.counterpartAccountNumber && own.has(normaliseIban(transaction.counterpartAccountNumber))) flags.add('internal-transfer');
    if (options.recurringIds?.has(transaction.id)) flags.add('recurring');
    return {
      transactionId: transaction.id,
      category: known?.category ?? (transaction.amount >= 0 ? 'income.other' : 'expenses.other'),
      flags: [...flags],
      confidence: 0.9,
      source: 'rule:test',
    };
  });
};

const zeroTime = { minDayOfPeriod: 0, maxDayOfPeriod: 0, medianDayOfPeriod: 0, averageDayOfPeriod: 0, modeDayOfPeriod: 0, stdDevDayOfPeriod: 0 };
const zeroAmounts = { minAmount: 0, maxAmount: 0, medianAmount: 0, averageAmount: 0, modeAmount: 0, stdDevAmount: 0, totalAmount: 0 };

/** A sequence made by hand (statistics zeroed: the engine reads only periodicity, status and transactions). */
export function sequence(periodicity: Periodicity, status: SequenceStatus, transactions: TransactionDto[]): Sequence<TransactionDto> {
  const first = transactions[0];
  const last = transactions[transactions.length - 1];
  return {
    periodicity,
    currency: first.currency,
    transactions,
    periodMatches: transactions.length,
    periodMatchPercentage: 100,
    amountMatchPercentage: 100,
    timelinessMatchPercentage: 100,
    timeConsistency: {
      duration: '0.00:00:00',
      transactionCount: transactions.length,
      firstSeen: first.bookingDate,
      lastSeen: last.bookingDate,
      mostRecentDayOfPeriod: 1,
      statisticsL12M: zeroTime,
      statisticsL6M: zeroTime,
      statisticsL3M: zeroTime,
    },
    amountConsistency: { mostRecentAmount: last.amount, statisticsL12M: zeroAmounts, statisticsL6M: zeroAmounts, statisticsL3M: zeroAmounts },
    counterpartName: last.counterpartName ?? '',
    predictedNextDate: last.bookingDate.slice(0, 10),
    predictedAmountRange: { min: last.amount, max: last.amount },
    status,
  };
}

/** A sequence detector that returns the given sequences, split into income and expense by their first amount. */
export function fixedSequences(sequences: Sequence<TransactionDto>[]): SequenceDetector {
  return () => ({
    incomeSequences: sequences.filter((s) => s.transactions[0].amount > 0),
    expenseSequences: sequences.filter((s) => s.transactions[0].amount < 0),
    engineVersion: '0.0.0-test',
  });
}

/** An analysis input with defaults: engine e1, profile retail, no own IBANs, asOf 2026-06-30. */
export function analysisInput(overrides: Partial<AnalysisInput> & { transactions: TransactionDto[] }): AnalysisInput {
  return {
    jobId: JOB_ID,
    engine: 'e1',
    profile: 'retail',
    countryCode: 'nl',
    kvkNumber: null,
    consentIds: ['0c000000-0000-4000-8000-000000000001'],
    accountIds: [ACCOUNT_ID],
    ownIbans: [],
    internalIbans: [],
    asOf: new Date('2026-06-30T12:00:00.000Z'),
    ...overrides,
  };
}
