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
}

/** A provider call failed; `code` is recorded in the consent's `errors`. */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface BankProvider {
  readonly kind: 'bank';
  readonly info: ProviderInfo;
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
