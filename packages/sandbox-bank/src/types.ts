export type SandboxProfile = 'retail' | 'business';

export interface SandboxAccount {
  /** Stable per seed and profile: `acc-<hash>`. */
  externalId: string;
  /** A Dutch IBAN with valid mod-97 check digits. */
  iban: string;
  name: string;
  type: 'Current' | 'Savings';
  currency: 'EUR';
  ownerName: string;
}

import type { CanonicalCategory, TransactionFlag } from '@obp/contracts';

export interface SandboxTransaction {
  /** Stable: the same real-world transaction has the same id for a seed, whatever `asOf` is. */
  externalId: string;
  accountExternalId: string;
  /** Signed, 2 decimals; negative = money out. */
  amount: number;
  currency: 'EUR';
  /** ISO date-time at 00:00:00.000Z. */
  bookingDate: string;
  /** ISO date-time at 00:00:00.000Z; the purchase day for card payments booked later, else = bookingDate. */
  valueDate: string;
  description: string;
  counterpartName: string | null;
  /** IBAN; null for card payments, ATM withdrawals and interest. */
  counterpartAccountNumber: string | null;
  /** 'ba' | 'ei' | 'tb' | 'gm' | 'ic' | 'id' */
  transactionType: string;
  transactionTypeName: string;
  reasonCode: string | null;
  /** ISO 20022 purpose code where the payer would set one, else null. */
  purposeCode: string | null;
}

export interface SandboxDataset {
  accounts: SandboxAccount[];
  transactions: SandboxTransaction[];
}

/**
 * What a generated transaction truly is: a canonical category of @obp/contracts (or a finer leaf below one,
 * e.g. `expenses.business.supplies`) and its flags. `recurring` is never among them: recurrence is for the
 * sequencing detector to find.
 */
export interface SandboxTransactionLabel {
  category: CanonicalCategory | string;
  flags: TransactionFlag[];
}

export type LabelledSandboxTransaction = SandboxTransaction & { label: SandboxTransactionLabel };

export interface LabelledSandboxDataset {
  accounts: SandboxAccount[];
  transactions: LabelledSandboxTransaction[];
}

export interface GenerateOptions {
  seed: string;
  profile: SandboxProfile;
  /** The window is `(asOf - months, asOf]` by booking date. */
  asOf: Date;
  /** Default 14. */
  months?: number;
}
