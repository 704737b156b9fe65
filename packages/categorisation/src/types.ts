import type { CanonicalCategory, TransactionFlag } from '@obp/contracts';

/** A canonical category or a finer leaf below one (`expenses.taxes.vat`). */
export type Category = CanonicalCategory | `${CanonicalCategory}.${string}`;

/** A categorisation the customer taught: when every criterion it names matches, it wins (source `feedback:<id>`). */
export interface FeedbackRule {
  id: string;
  /** Compared as a merchant key: normalised, and a name that starts with it matches ("Bakkerij Jansen" matches "BAKKERIJ JANSEN 0123 UTRECHT"). */
  counterpartName?: string;
  /** Compared without spaces, case-insensitively. */
  counterpartAccountNumber?: string;
  /** Text that must occur in the description, ignoring case and accents; `*` stands for any run of characters. */
  descriptionPattern?: string;
  category: string;
  flags: TransactionFlag[];
}

export interface CategoriseOptions {
  profile: 'retail' | 'corporate';
  /**
   * The job's KvK number. On the retail profile it makes the customer a sole trader: purchases from
   * wholesalers, building-material suppliers, hosting, software and bookkeeping are `expenses.business.*`,
   * client invoices and platform payouts `income.business`; household spending (groceries, rent) stays as it is.
   */
  kvkNumber?: string | null;
  /**
   * The consent's own IBANs plus Metadata.internal_ibans: transfers to/from them are
   * `transfers.own-accounts` with flag `internal-transfer` (or `transfers.savings` when the
   * description/counterparty says savings: spaarrekening, sparen, Oranje Spaarrekening, Bonusrente, …)
   */
  ownIbans?: readonly string[];
  /** Ids of transactions in a detected recurring sequence (flag `recurring`; also evidence: recurring + subscription merchant → `subscription` flag). */
  recurringIds?: ReadonlySet<string>;
  rules?: readonly FeedbackRule[];
}

export interface CategorisedTransaction {
  transactionId: string;
  category: string;
  flags: TransactionFlag[];
  confidence: number;
  /** 'rule:<rule-id>' | 'feedback:<id>' | 'model:<CATEGORISER_VERSION>' */
  source: string;
}

/** What one piece of evidence says a transaction is. */
export interface Outcome {
  category: Category;
  confidence: number;
}

/** What a rule says for money out and for money in; a direction it does not name is left to other evidence. */
export interface DirectedOutcomes {
  out?: Outcome;
  in?: Outcome;
}

export type Direction = 'in' | 'out';
