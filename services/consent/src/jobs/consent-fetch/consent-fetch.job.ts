import { randomUUID } from 'node:crypto';
import { bankDetailsOf } from '@obp/contracts';
import { LeasedJobs, type ClaimLedger, type LeasedJobContext } from '@obp/jobs';
import type { parseStatement } from '@obp/statements';
import type { Logger } from '@obp/telemetry';
import { claimFetch, endedAtBank, fetchDeferred, fetchFailed, fetchPutBack, fetchSucceeded, MAX_KEPT_ERRORS, type Consent } from '../../domain/consent';
import type { AccountRepository, StoredAccount } from '../../infrastructure/account.repository';
import { toAccountDto } from '../../infrastructure/account.repository';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import type { StatementImportRepository } from '../../infrastructure/statement-import.repository';
import { stableId } from '../../infrastructure/stable-id';
import type { StoredTransaction, TransactionRepository } from '../../infrastructure/transaction.repository';
import { toTransactionDto } from '../../infrastructure/transaction.repository';
import { ProviderError, type HistoryGap, type ProviderSession } from '../../providers/bank-provider';
import type { ProviderRegistry } from '../../providers/provider-registry';
import { importStatements } from '../statement-import/import-statements';
import { fetchFailureFor } from './fetch-failure';
import { continuedAccounts } from './same-account';

export interface ConsentFetchOptions {
  consents: ConsentRepository;
  accounts: AccountRepository;
  transactions: TransactionRepository;
  imports: StatementImportRepository;
  /** Reads an uploaded statement file: `parseStatement` unless given. */
  readStatement?: typeof parseStatement;
  providers: ProviderRegistry;
  /** Whether an operator still has the bank added (the database's word: this instance may not have reloaded it yet). */
  bankStillAdded?: (providerKey: string) => Promise<boolean>;
  events: ConsentEvents;
  claims: ClaimLedger;
  logger: Logger;
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** One provider round (accounts and their transactions) is abandoned after this long. */
  timeoutMs: number;
}

/**
 * The background fetches of accounts and transactions, as leased jobs (`LeasedJobs`): the lease is the
 * consent's pending fetch, claimed once per fetch and epoch; after a crash the lease runs out and the
 * next worker takes it over. Stored transactions carry the fetch id, and ids are stable, so a fetch
 * interrupted anywhere and run again stores every transaction once and announces exactly the
 * transactions the fetch added. A failure is recorded in the consent (`Failing`, retried with a
 * back-off) until the 20th in a row makes it `Error`.
 */
export class ConsentFetchJobs extends LeasedJobs<Consent> {
  constructor(options: ConsentFetchOptions) {
    const { consents, events } = options;
    const backoff = { baseMs: options.retryBaseMs, maxMs: options.retryMaxMs };
    super({
      claimKey: 'consent-fetch',
      store: consents,
      claims: options.claims,
      logger: options.logger,
      leaseMs: options.leaseMs,
      // A consent whose bank this instance cannot offer (a key file it cannot read) is left to instances that can: not
      // claimed, so neither its status nor its failure count changes here.
      readPending: async () => (await consents.pendingFetches()).filter((c) => !options.providers.unavailable(c.providerKey)),
      lease: {
        read: ({ fetch, consecutiveFailures }) =>
          fetch && { run: fetch.id, claims: fetch.claims ?? 0, leaseUntil: fetch.leaseUntil, notBefore: fetch.notBefore, requestedAt: fetch.requestedAt, failures: consecutiveFailures, trace: fetch.trace },
        take: (current, { epoch, now, leaseMs }) => {
          const next = claimFetch(current, now, leaseMs, epoch);
          return { next, events: events.statusChanged(current, next) };
        },
        extend: (current, now, leaseMs) => ({ ...current, fetch: { ...current.fetch!, leaseUntil: new Date(now.getTime() + leaseMs) } }),
      },
      span: { name: 'consent fetch', attributes: (consent) => ({ 'obp.consent.id': consent.id, 'obp.fetch.id': consent.fetch!.id }) },
      work: (consent, context) => fetchConsent(options, consent, context),
      retry: {
        outcome: 'failed',
        after: (current, error, now) => {
          if (error instanceof ProviderUnavailableHere) return { next: fetchPutBack(current, now, options.retryBaseMs), events: [] };
          const { code, message } = fetchFailureFor(error);
          const recorded = { date: now.toISOString(), type: 'FetchFailed', message, code };
          const outcome = error instanceof ProviderError ? error.outcome : {};
          const next = outcome.endsConsent
            ? endedAtBank(current, recorded, now)
            : outcome.retryAt
              ? fetchDeferred(current, recorded, now, backoff, outcome.retryAt)
              : fetchFailed(current, recorded, now, backoff);
          return { next, events: events.statusChanged(current, next) };
        },
      },
    });
  }
}

/** The consent's bank cannot be offered on this instance (a file it cannot read): the fetch is put back, not failed. */
export class ProviderUnavailableHere extends Error {
  constructor(readonly providerKey: string) {
    super(`The provider '${providerKey}' cannot be used on this instance.`);
    this.name = 'ProviderUnavailableHere';
  }
}

/**
 * Runs the fetch; however it ends (done, stopped, taken over, failed), what it stored of a consent
 * erased meanwhile is removed: the erasure marks the consent, deletes its accounts and transactions,
 * then removes it, so a write of this fetch may land after the erasure's deletes. Once the consent
 * reads as erased (or gone) nothing of this fetch writes any more, so this removal is the last word.
 */
async function fetchConsent(options: ConsentFetchOptions, consent: Consent, context: LeasedJobContext<Consent>): Promise<string> {
  try {
    const provider = options.providers.find(consent.providerKey);
    return provider?.kind === 'statement-upload' ? await importStatements(options, consent, context) : await fetchAndStore(options, consent, context);
  } finally {
    if (!(await options.consents.find(consent.id))) {
      await options.accounts.deleteByConsent(consent.id);
      await options.transactions.deleteByConsent(consent.id);
      await options.imports.deleteByConsent(consent.id);
    }
  }
}

/** `updated`, or `stopped`. */
async function fetchAndStore(options: ConsentFetchOptions, consent: Consent, { signal, fence, finish }: LeasedJobContext<Consent>): Promise<string> {
  const fetchId = consent.fetch!.id;
  const provider = options.providers.bank(consent.providerKey);
  if (!provider) {
    // Unreadable here (another instance may fetch it): put back untouched (`readPending` leaves such consents to other
    // instances; this is one whose bank became unreadable after the read). Added on another instance since this one's
    // last reload: retried. Removed by the operator: the consent ends.
    if (options.providers.unavailable(consent.providerKey)) throw new ProviderUnavailableHere(consent.providerKey);
    if (consent.bankConsent && options.bankStillAdded && !(await options.bankStillAdded(consent.providerKey))) throw new ProviderError('PROVIDER_REMOVED', `The bank '${consent.providerKey}' was removed by the operator; the consent cannot be fetched any more.`, { endsConsent: true });
    throw new ProviderError('PROVIDER_UNKNOWN', `Provider '${consent.providerKey}' is not available.`);
  }
  const gaps: HistoryGap[] = [];
  const session: ProviderSession = {
    consentId: consent.id,
    subject: consent.externalUserId ?? consent.userId ?? consent.id,
    ...(consent.bankConsent ? { bankConsentId: consent.bankConsent.id } : {}),
    lastFetchedAt: consent.dateTransactionsUpdated,
    onHistoryGap: (gap) => gaps.push(gap),
  };
  const bankSignal = AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]);
  const asOf = new Date();

  const providerAccounts = await provider.listAccounts(session, bankSignal);
  // An account the provider lists under an id this consent has not seen may be one it holds (a re-authorisation's
  // bank consent with new resourceIds): it keeps its platform id, so its transactions dedupe against those stored.
  const continuity = continuedAccounts(await options.accounts.listByConsent(consent.id), providerAccounts);
  const accounts: StoredAccount[] = providerAccounts.map((a, i) => ({
    id: stableId(consent.id, 'account', continuity[i]!.externalId),
    consentId: consent.id,
    ownerClientId: consent.ownerClientId,
    ...continuity[i]!,
    iban: a.iban,
    name: a.name,
    type: a.type,
    currency: a.currency,
    ownerName: a.ownerName,
    ...(a.balances ? { balances: a.balances } : {}),
  }));

  // Stored in one call: each call reads the consent's stored transactions and every account's months.
  const rows: StoredTransaction[] = [];
  for (const [i, account] of accounts.entries()) {
    const fetched = await provider.listTransactions(session, providerAccounts[i]!, asOf, bankSignal);
    if (signal.aborted) throw new Error('worker stopped');
    rows.push(...fetched.map((t) => ({
      id: stableId(consent.id, 'transaction', account.externalId, t.externalId),
      accountId: account.id,
      consentId: consent.id,
      ownerClientId: consent.ownerClientId,
      externalId: t.externalId,
      fetchId,
      amount: t.amount,
      currency: t.currency,
      bookingDate: t.bookingDate,
      valueDate: t.valueDate,
      description: t.description,
      counterpartName: t.counterpartName,
      counterpartAccountNumber: t.counterpartAccountNumber,
      transactionType: t.transactionType,
      transactionTypeName: t.transactionTypeName,
      reasonCode: t.reasonCode,
      purposeCode: t.purposeCode,
      ...bankDetailsOf(t),
    })));
  }
  // Nothing is stored until the bank has answered every call: a bank failing half-way leaves nothing of this fetch.
  // A worker that stalled past its lease stores nothing once another took the fetch over: its look at the accounts,
  // and rows of its earlier look at the bank that the other's look no longer has, would undo that one's (the rows
  // would carry a fetch id that has ended).
  await fence();
  await options.accounts.upsert(accounts);
  await options.transactions.insertNew(consent.id, rows);
  if (signal.aborted) return 'stopped';

  // Ended only by the worker that holds it: a stalled one ending it would announce what was stored so far
  // and leave the rows the other stores after that unannounced for good (they carry a fetch id that has ended).
  const { events, transactions } = options;
  const added = (await transactions.storedBy(consent.id, fetchId)).map(toTransactionDto);
  const ended = await finish((current, now) => {
    const batches = events.transactionsAdded(current, fetchId, added);
    const next = withHistoryGaps(fetchSucceeded(current, randomUUID(), now, { accountIds: accounts.map((a) => a.id), transactionEventKeys: batches.map((b) => b.key) }), gaps, now);
    return {
      next,
      events: [events.accountsUpdated(next, accounts.map(toAccountDto)), ...batches, events.transactionsFetched(next, fetchId, added.length, now), ...events.statusChanged(current, next)],
    };
  });
  // Not ended: erased while fetching (what it stored is removed on the way out).
  if (ended) options.logger.info({ consentId: consent.id, fetchId, added: added.length }, 'fetch completed');
  return 'updated';
}

/**
 * One `HISTORY_GAP` in `errors` per span of days the bank would not serve (the same for every account of a fetch): the
 * fetch succeeded, but transactions booked then may be missing, and the app is told which days.
 */
function withHistoryGaps(consent: Consent, gaps: readonly HistoryGap[], now: Date): Consent {
  const spans = [...new Map(gaps.map((g) => [`${g.from}|${g.to}`, g])).values()];
  if (spans.length === 0) return consent;
  const recorded = spans.map((g) => ({
    date: now.toISOString(),
    type: 'HistoryGap',
    code: 'HISTORY_GAP',
    message: `${g.reason}: transactions booked from ${g.from} to ${g.to} could not be fetched and may be missing.`,
  }));
  return { ...consent, errors: [...consent.errors, ...recorded].slice(-MAX_KEPT_ERRORS) };
}
