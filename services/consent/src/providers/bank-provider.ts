import type { AccountDto, TransactionDto } from '@obp/contracts';

/** What a consent needs from a bank (or aggregator): a real adapter implements this interface. */
export interface ProviderInfo {
  key: string;
  name: string;
  countryCodes: string[];
  description: string;
}

/** An account as the provider reports it, under the provider's own id. */
export interface ProviderAccount extends Omit<AccountDto, 'id' | 'consentId'> {
  externalId: string;
  /**
   * The account's number as the provider gives it under every consent (IBAN, else BBAN or masked PAN), where the
   * provider's `externalId` may change between consents: a re-authorisation's fetch finds the stored account by it.
   */
  identification?: string;
}

/** A booked transaction as the provider reports it, under the provider's own ids. */
export interface ProviderTransaction extends Omit<TransactionDto, 'id' | 'accountId'> {
  /** The provider's own id: the same transaction always comes back with it, so refreshes de-duplicate on it. */
  externalId: string;
  accountExternalId: string;
}

/** The access a user granted at the provider, as the adapter needs it for its calls. */
export interface ProviderSession {
  consentId: string;
  /** Whose data: the sandbox derives its deterministic data from it. */
  subject: string;
  /** The bank's own consent (XS2A). */
  bankConsentId?: string;
  /** The last successful fetch: a refresh asks the bank from a margin before it. */
  lastFetchedAt?: Date | null;
  /** Told of booking days a refresh asked for and the provider would not serve (`HISTORY_GAP` in the consent's errors). */
  onHistoryGap?: (gap: HistoryGap) => void;
}

/** Booking days (`YYYY-MM-DD`, both included) of an account that a refresh could not read: its transactions may be missing. */
export interface HistoryGap {
  accountExternalId: string;
  from: string;
  to: string;
  /** Why, as the consent's error tells it. */
  reason: string;
}

/** A provider call failed; `code` is recorded in the consent's `errors`. */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly outcome: { /** The bank ended the access: the consent is invalidated, not retried. */ endsConsent?: boolean; /** Not to be tried again before then. */ retryAt?: Date } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Where the user's authorisation at a bank that keeps its own consent (XS2A) stands. */
export type BankConsentState = 'pending' | 'valid' | 'rejected' | 'ended';

export interface BankConsentRequest {
  consentId: string;
  /** The secret the callback link carries. */
  state: string;
  publicBaseUrl: string;
  validUntil: Date;
  psuIpAddress: string;
  psuId: string | null;
}

/** A bank that makes its own consent, which the user authorises at the bank (XS2A): made when the platform consent is. */
export interface BankConsentFlow {
  create(request: BankConsentRequest, signal: AbortSignal): Promise<{ id: string; approach: 'redirect' | 'decoupled'; consentUrl: string | null; scaStatusLink: string | null }>;
  /** The consent's state at the bank (for the decoupled approach, its authorisation's `scaLink` as well). */
  state(bankConsentId: string, scaStatusLink: string | null, signal: AbortSignal): Promise<BankConsentState>;
  /** Deletes the consent at the bank (erasure); one the bank no longer knows is deleted already. */
  remove(bankConsentId: string, signal: AbortSignal): Promise<void>;
  /** Unattended reads a day the bank allows: refreshes are limited to fit. */
  readonly readsPerDay: number;
  readonly validityDays: number;
}

export interface BankProvider {
  readonly kind: 'bank';
  readonly info: ProviderInfo;
  /** Set for a bank that keeps its own consent (XS2A): `authorizationUrl` is then not used. */
  readonly bankConsent?: BankConsentFlow;
  /** The page where the user approves or declines access (the consentUrl). */
  authorizationUrl(args: { consentId: string; state: string; publicBaseUrl: string }): string;
  listAccounts(session: ProviderSession, signal: AbortSignal): Promise<ProviderAccount[]>;
  /** Up to 14 months of booked transactions of one account, up to `asOf`. */
  listTransactions(session: ProviderSession, account: ProviderAccount, asOf: Date, signal: AbortSignal): Promise<ProviderTransaction[]>;
}

/** The app uploads the user's statement files (`POST /consents/{id}/statements`): no bank to authorise at or to call. */
export interface StatementUploadProvider {
  readonly kind: 'statement-upload';
  readonly info: ProviderInfo;
}

export type Provider = BankProvider | StatementUploadProvider;

export const STATEMENT_UPLOAD_PROVIDER_KEY = 'statement-upload';

export const statementUploadProvider: StatementUploadProvider = {
  kind: 'statement-upload',
  info: {
    key: STATEMENT_UPLOAD_PROVIDER_KEY,
    name: 'Statement upload',
    countryCodes: ['NL', 'BE', 'DE', 'FR', 'LU', 'AT', 'ES', 'IT', 'IE', 'FI', 'PT', 'GB', 'CH'],
    description: 'The app uploads the statement files the user’s bank exports (ISO 20022 camt.053/camt.052, MT940, ING or Rabobank CSV) to POST /consents/{id}/statements.',
  },
};
