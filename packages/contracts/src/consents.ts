import type { EventEnvelope } from './envelope';

/** Consent statuses (DESIGN.md section 4) and the transitions the consent service allows. */
export const ConsentStatuses = [
  'Initialized',
  'Rejected',
  'TimedOut',
  'Authenticated',
  'Updating',
  'Updated',
  'Failing',
  'Error',
  'Invalidated',
] as const;
export type ConsentStatus = (typeof ConsentStatuses)[number];

/** How the consent keeps its data current (the spec leaves the values open; see docs/decisions.md). */
export const SyncModes = ['Manual', 'Daily'] as const;
export type SyncMode = (typeof SyncModes)[number];

export interface ConsentErrorDto {
  date: string;
  type: string;
  message: string;
  code: string;
}

/** A consent record as the API returns it (spec 2.8), plus the fields the caller gave at creation. */
export interface ConsentDto {
  id: string;
  status: ConsentStatus;
  dateStatusUpdated: string;
  dateRequested: string;
  dateExpire: string;
  dateTransactionsUpdated: string | null;
  providerKey: string;
  countryCode: string;
  userId: string | null;
  externalUserId: string | null;
  syncMode: SyncMode | null;
  redirectUrl: string;
  errors: ConsentErrorDto[];
}

export interface AccountDto {
  id: string;
  consentId: string;
  iban: string;
  name: string;
  type: string;
  currency: string;
  ownerName: string;
}

/** DESIGN.md section 4 transaction fields; `amount` is signed (negative: money out). */
export interface TransactionDto {
  id: string;
  accountId: string;
  amount: number;
  currency: string;
  bookingDate: string;
  valueDate: string | null;
  description: string | null;
  counterpartName: string | null;
  counterpartAccountNumber: string | null;
  transactionType: string | null;
  transactionTypeName: string | null;
  reasonCode: string | null;
  purposeCode: string | null;
}

export const ConsentEventTypes = {
  created: 'consent.created',
  statusUpdated: 'consent.status.updated',
  accountsUpdated: 'accounts.updated',
  transactionsAdded: 'transactions.added',
  transactionsFetched: 'transactions.fetched',
  deleted: 'consent.deleted',
} as const;
export type ConsentEventType = (typeof ConsentEventTypes)[keyof typeof ConsentEventTypes];

/** Who a consent's data belongs to: carried by every consent event. */
export interface ConsentSubject {
  consentId: string;
  userId: string | null;
  externalUserId: string | null;
}

/** `consent.created` and `consent.status.updated`, keyed `<consentId>`: the whole consent. */
export type ConsentStateData = ConsentSubject & { consent: ConsentDto };

/** `accounts.updated`, keyed `<consentId>/accounts`: every account of the consent. */
export type AccountsUpdatedData = ConsentSubject & { accounts: AccountDto[] };

/**
 * `transactions.added`, keyed `<consentId>/tx/<fetchId>/<n>`: a batch of new transactions. The
 * keys are distinct, so the compacted topic keeps every batch until the consent is erased.
 */
export type TransactionsAddedData = ConsentSubject & { fetchId: string; transactions: TransactionDto[] };

/** `transactions.fetched`, keyed `<consentId>/fetched`: the spec's "Transactions Fetched". */
export type TransactionsFetchedData = ConsentSubject & { fetchId: string; addedTransactionsCount: number; dateTransactionsUpdated: string };

/** `consent.deleted`, keyed `<consentId>`: erase everything derived from the consent. */
export type ConsentDeletedData = ConsentSubject & { accountIds: string[] };

export type ConsentEvent =
  | EventEnvelope<ConsentStateData, typeof ConsentEventTypes.created | typeof ConsentEventTypes.statusUpdated>
  | EventEnvelope<AccountsUpdatedData, typeof ConsentEventTypes.accountsUpdated>
  | EventEnvelope<TransactionsAddedData, typeof ConsentEventTypes.transactionsAdded>
  | EventEnvelope<TransactionsFetchedData, typeof ConsentEventTypes.transactionsFetched>
  | EventEnvelope<ConsentDeletedData, typeof ConsentEventTypes.deleted>;
