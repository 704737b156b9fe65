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

export interface GenerateOptions {
  seed: string;
  profile: SandboxProfile;
  /** The window is `(asOf - months, asOf]` by booking date. */
  asOf: Date;
  /** Default 14. */
  months?: number;
}
