import type { Xs2aProviderConfig } from '@obp/contracts';
import { platformAccountFields, platformBalances, withExternalIds, Xs2aBankError, Xs2aClient, Xs2aInvalidAnswer, Xs2aUnreachable, type Xs2aAccess, type Xs2aBankSettings } from '@obp/xs2a';
import { ProviderError, type BankConsentFlow, type BankConsentRequest, type BankConsentState, type BankProvider, type ProviderAccount, type ProviderInfo, type ProviderSession, type ProviderTransaction } from '../bank-provider';

const DAY_MS = 86_400_000;
/** A refresh asks the bank from this long before the last successful fetch: entries booked late under an earlier date are found too. */
export const REFRESH_MARGIN_DAYS = 10;
/** Banks that limit unattended access to 90 days of history answer PERIOD_INVALID for more: asked again from this far back. */
export const UNATTENDED_HISTORY_DAYS = 89;

/** The standard's codes with which a bank says the consent gives no access any more. */
const ENDING_CODES = ['CONSENT_EXPIRED', 'CONSENT_INVALID', 'CONSENT_UNKNOWN'];

const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

/** The next day of the bank, with an hour's margin (a European bank's day ends at or before 00:00 UTC). */
export const nextBankDay = (now: Date): Date => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS + 3_600_000);

/**
 * A bank reached through the Berlin Group NextGenPSD2 (XS2A) interface, as an operator configured it (docs/providers.md):
 * the consent is made at the bank when the platform consent is, the user authorises at the bank (redirect) or in the
 * bank's app (decoupled), and fetches read the accounts and the booked transactions with the bank's consent id.
 */
export class Xs2aProvider implements BankProvider {
  readonly kind = 'bank';
  readonly info: ProviderInfo;
  readonly bankConsent: BankConsentFlow;
  private readonly client: Xs2aClient;

  constructor(
    readonly config: Xs2aProviderConfig,
    bank: Pick<Xs2aBankSettings, 'tls' | 'signing'>,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.info = { key: config.providerKey, name: config.name, countryCodes: [config.country], description: config.description ?? `${config.name} (${config.country}), through its NextGenPSD2 (XS2A) interface.` };
    this.client = new Xs2aClient({ baseUrl: config.baseUrl, tls: bank.tls, signing: bank.signing, requestTimeoutMs: config.requestTimeoutMs, quirks: config.quirks });
    this.bankConsent = {
      readsPerDay: config.frequencyPerDay,
      validityDays: config.consentValidityDays,
      create: (request, signal) => this.createConsent(request, signal),
      state: (id, link, signal) => this.consentState(id, link, signal),
      remove: (id, signal) => this.removeConsent(id, signal),
    };
  }

  close(): void {
    this.client.close();
  }

  authorizationUrl(): string {
    throw new Error(`${this.info.key} is an XS2A bank: its consentUrl is the bank's scaRedirect, made with the consent`);
  }

  async listAccounts(session: ProviderSession, signal: AbortSignal): Promise<ProviderAccount[]> {
    const consentId = bankConsentOf(session);
    const accounts = await this.guard(() => this.client.accounts(consentId, signal));
    const listed: ProviderAccount[] = [];
    for (const a of accounts) {
      // Read only where the bank links them: a consent that does not cover an account's balances answers CONSENT_INVALID.
      const balances = a._links?.balances ? platformBalances(await this.guard(() => this.client.balances(consentId, a.resourceId, signal))) : undefined;
      const identification = a.iban ?? a.bban ?? a.maskedPan;
      listed.push({ ...platformAccountFields(a), externalId: a.resourceId, ...(identification ? { identification } : {}), ...(balances ? { balances } : {}) });
    }
    return listed;
  }

  async listTransactions(session: ProviderSession, account: ProviderAccount, asOf: Date, signal: AbortSignal): Promise<ProviderTransaction[]> {
    const from = session.lastFetchedAt ? new Date(session.lastFetchedAt.getTime() - REFRESH_MARGIN_DAYS * DAY_MS) : new Date(asOf.getTime() - this.config.historyDays * DAY_MS);
    const read = (dateFrom: Date) => this.client.bookedTransactions(bankConsentOf(session), account.externalId, isoDate(dateFrom), signal);
    const booked = await this.guard(async () => {
      try {
        return await read(from);
      } catch (error) {
        const shorter = new Date(asOf.getTime() - UNATTENDED_HISTORY_DAYS * DAY_MS);
        if (!(error instanceof Xs2aBankError && error.has('PERIOD_INVALID') && from < shorter)) throw error;
        const served = await read(shorter);
        // A refresh (not the first fetch, which only gets less history) leaves days between what is held and what the
        // bank served: a consent re-authorised long after it ended.
        if (session.lastFetchedAt && isoDate(from) < isoDate(shorter)) session.onHistoryGap?.({ accountExternalId: account.externalId, from: isoDate(from), to: isoDate(new Date(shorter.getTime() - DAY_MS)), reason: `The bank serves at most ${UNATTENDED_HISTORY_DAYS} days of history without the user (PERIOD_INVALID)` });
        return served;
      }
    });
    return withExternalIds(booked).map((t) => ({ ...t, accountExternalId: account.externalId }));
  }

  private async createConsent(request: BankConsentRequest, signal: AbortSignal) {
    const approaches = this.config.scaApproaches;
    const decoupled = approaches.includes('decoupled') && (request.psuId !== null || !approaches.includes('redirect'));
    if (decoupled && request.psuId === null) throw new ProviderError('PSU_ID_REQUIRED', `${this.info.name} authorises only in its own app (decoupled): the psuId field is required.`);
    const callback = (result: 'ok' | 'nok') => {
      const url = new URL(`/xs2a/${encodeURIComponent(this.info.key)}/callback`, request.publicBaseUrl);
      url.searchParams.set('consentId', request.consentId);
      url.searchParams.set('state', request.state);
      url.searchParams.set('result', result);
      return url.toString();
    };
    const access: Xs2aAccess = this.config.consentAccess === 'bankOffered' ? { accounts: [], balances: [], transactions: [] } : { allPsd2: 'allAccounts' };
    const sendPsuId = decoupled || this.config.quirks?.psuIdRequired === true;
    const created = await this.guard(() =>
      this.client.createConsent(
        {
          access,
          validUntil: isoDate(request.validUntil),
          frequencyPerDay: this.config.frequencyPerDay,
          psuIpAddress: request.psuIpAddress,
          approach: decoupled ? 'decoupled' : 'redirect',
          ...(decoupled ? {} : { redirectUri: callback('ok'), nokRedirectUri: callback('nok') }),
          ...(sendPsuId && request.psuId !== null ? { psuId: request.psuId } : {}),
        },
        signal,
      ),
    );
    return { id: created.consentId, approach: decoupled ? ('decoupled' as const) : ('redirect' as const), consentUrl: created.scaRedirect ?? null, scaStatusLink: created.scaStatus ?? null };
  }

  private async consentState(bankConsentId: string, scaStatusLink: string | null, signal: AbortSignal): Promise<BankConsentState> {
    const status = await this.guard(() => this.client.consentStatus(bankConsentId, signal));
    switch (status) {
      case 'valid':
        return 'valid';
      case 'rejected':
        return 'rejected';
      case 'revokedByPsu':
      case 'expired':
      case 'terminatedByTpp':
        return 'ended';
      default: {
        // received, partiallyAuthorised: the authorisation tells whether the user refused.
        if (!scaStatusLink) return 'pending';
        const sca = await this.guard(() => this.client.scaStatus(scaStatusLink, signal));
        return sca === 'failed' ? 'rejected' : 'pending';
      }
    }
  }

  private async removeConsent(bankConsentId: string, signal: AbortSignal): Promise<void> {
    try {
      await this.client.deleteConsent(bankConsentId, signal);
    } catch (error) {
      // Gone at the bank already: unknown there, or ended (expired, revoked, deleted before), which it will not delete.
      if (error instanceof Xs2aBankError && (GONE_AT_BANK.some((code) => error.has(code)) || error.status === 404)) return;
      throw providerErrorOf(error, this.clock());
    }
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw providerErrorOf(error, this.clock());
    }
  }
}

/** The bank's answers to a consent's deletion that mean it has nothing to delete. */
const GONE_AT_BANK = ['CONSENT_UNKNOWN', 'CONSENT_EXPIRED', 'CONSENT_INVALID', 'STATUS_INVALID', 'RESOURCE_UNKNOWN'] as const;

function bankConsentOf(session: ProviderSession): string {
  if (!session.bankConsentId) throw new ProviderError('BANK_CONSENT_MISSING', 'The bank has not made a consent for this consent.');
  return session.bankConsentId;
}

/**
 * A failure of the bank as the consent records it (docs/providers.md, "Statuses and errors"): the consent-ending codes
 * end it; ACCESS_EXCEEDED waits for the bank's next day; anything else is retried with the fetch's back-off.
 */
export function providerErrorOf(error: unknown, now: Date): Error {
  if (error instanceof ProviderError) return error;
  if (error instanceof Xs2aBankError) {
    const ending = ENDING_CODES.find((code) => error.has(code));
    if (ending) return new ProviderError(ending, `The bank ended the access (${ending}): ${error.message}`, { endsConsent: true });
    if (error.has('ACCESS_EXCEEDED')) return new ProviderError('ACCESS_EXCEEDED', `The bank's limit of reads a day is reached; the fetch waits for its next day. ${error.message}`, { retryAt: nextBankDay(now) });
    if (error.status >= 500) return new ProviderError('PROVIDER_UNAVAILABLE', `${error.message}. The fetch is retried automatically.`);
    return new ProviderError(error.codes[0] ?? 'PROVIDER_REFUSED', error.message);
  }
  if (error instanceof Xs2aInvalidAnswer) return new ProviderError('PROVIDER_INVALID_ANSWER', error.message);
  if (error instanceof Xs2aUnreachable) return new ProviderError(error.timedOut ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE', `${error.message}. The fetch is retried automatically.`);
  return error instanceof Error ? error : new Error(String(error));
}
