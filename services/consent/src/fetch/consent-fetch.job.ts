import { randomUUID } from 'node:crypto';
import { SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { contextFromHeaders } from '@obp/bus';
import { DueBacklog, type ClaimLedger, type JobContext, type JobQueueView, type JobSource } from '@obp/jobs';
import type { Logger } from '@obp/telemetry';
import { claimFetch, fetchDueAt, fetchFailed, fetchSucceeded, isFetchDue, type Consent } from '../domain/consent';
import type { AccountRepository, StoredAccount } from '../infrastructure/account.repository';
import { toAccountDto } from '../infrastructure/account.repository';
import type { ConsentEvents } from '../infrastructure/consent-events';
import type { ConsentRepository } from '../infrastructure/consent.repository';
import { stableId } from '../infrastructure/stable-id';
import type { StoredTransaction, TransactionRepository } from '../infrastructure/transaction.repository';
import { toTransactionDto } from '../infrastructure/transaction.repository';
import { ProviderError, type ProviderSession } from '../providers/bank-provider';
import type { ProviderRegistry } from '../providers/provider-registry';
import { fetchFailureFor } from './fetch-failure';

const claimKey = (consentId: string, fetchId: string) => `consent-fetch:${consentId}:${fetchId}`;

/**
 * Whether the worker that claimed `claimed` still holds its fetch: the same fetch, and no later claim
 * of it. A worker that stalled past its lease (a store outage, a long pause) must not end the fetch
 * another worker took over: it would announce what was stored so far and leave the rows the other
 * stores after that unannounced for good (they carry a fetch id that has ended).
 */
const holdsFetch = (current: Consent, claimed: Consent): boolean =>
  current.fetch?.id === claimed.fetch!.id && current.fetch.claims === claimed.fetch!.claims;

class FetchTakenOver extends Error {
  constructor() {
    super('the fetch was taken over by another worker');
  }
}
const tracer = trace.getTracer('@obp/consent');

export interface ConsentFetchOptions {
  consents: ConsentRepository;
  accounts: AccountRepository;
  transactions: TransactionRepository;
  providers: ProviderRegistry;
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
 * The background fetches of accounts and transactions, as jobs of the job runner. A fetch is
 * claimed exclusively (a unique claim per fetch and attempt, then a lease in the consent); after
 * a crash the lease runs out and the next worker takes it over. Stored transactions carry the
 * fetch id, and ids are stable, so a fetch interrupted anywhere and run again stores every
 * transaction once and announces exactly the transactions the fetch added.
 */
export class ConsentFetchJobs implements JobSource<Consent> {
  private readonly backlog: DueBacklog<Consent>;

  constructor(private readonly options: ConsentFetchOptions) {
    this.backlog = new DueBacklog({
      readPending: () => options.consents.pendingFetches(),
      isDue: isFetchDue,
      dueAt: (consent) => fetchDueAt(consent.fetch!),
      createdAt: (consent) => consent.fetch!.requestedAt,
    });
  }

  due(now: Date, limit: number): Promise<Consent[]> {
    return this.backlog.due(now, limit);
  }

  /** The earliest fetch waiting out a back-off or a lease, as of the last look: the runner wakes for it. */
  nextDueAt(): Date | null {
    return this.backlog.nextDueAt();
  }

  key(consent: Consent): string {
    return consent.id;
  }

  attemptOf(consent: Consent): number {
    return consent.consecutiveFailures + 1;
  }

  queueView(): JobQueueView {
    return this.backlog.queueView();
  }

  /**
   * The lease and its epoch are written first (so a crash at any point leaves a lease that lapses
   * and a next epoch to claim), then the epoch's unique claim decides between processes that
   * both wrote it: only the one whose insert wins runs the fetch.
   */
  async claim(candidate: Consent, now: Date): Promise<Consent | null> {
    const pending = candidate.fetch;
    if (!pending) return null;
    const epoch = (pending.claims ?? 0) + 1;
    const { consents, events } = this.options;
    const leased = await consents.mutate(candidate.id, (current) => {
      if (current.fetch?.id !== pending.id || (current.fetch.claims ?? 0) + 1 !== epoch || !isFetchDue(current, now)) return { result: null };
      const next = claimFetch(current, now, this.options.leaseMs, epoch);
      return { next, events: events.statusChanged(current, next), result: next };
    });
    if (!leased.found || !leased.result) return null;
    return (await this.options.claims.claim(claimKey(candidate.id, pending.id), epoch, now)) ? leased.result : null;
  }

  async renew(consent: Consent, now: Date): Promise<boolean> {
    const fetch = consent.fetch!;
    const outcome = await this.options.consents.mutate(consent.id, (current) => {
      if (current.fetch?.id !== fetch.id || current.fetch.claims !== fetch.claims || !current.fetch.leaseUntil) return { result: false };
      return { next: { ...current, fetch: { ...current.fetch, leaseUntil: new Date(now.getTime() + this.options.leaseMs) } }, events: [], result: true };
    });
    return outcome.found && outcome.result;
  }

  /** Runs a claimed fetch, continuing the trace of the approval or refresh that asked for it; its outcome. */
  async run(consent: Consent, { signal }: JobContext): Promise<string> {
    const pending = consent.fetch!;
    return tracer.startActiveSpan(
      'consent fetch',
      { kind: SpanKind.INTERNAL, attributes: { 'obp.consent.id': consent.id, 'obp.fetch.id': pending.id } },
      contextFromHeaders(pending.trace),
      async (span) => {
        try {
          return await this.runInSpan(consent, pending.id, span, signal);
        } finally {
          span.end();
        }
      },
    );
  }

  /** `updated`, `failed` (recorded on the consent, retried on its schedule), `stopped` or `taken-over`. */
  private async runInSpan(consent: Consent, fetchId: string, span: Span, stopped: AbortSignal): Promise<string> {
    let stored: { accounts: StoredAccount[] };
    try {
      stored = await this.fetchAndStore(consent, fetchId, stopped);
    } catch (error) {
      if (stopped.aborted) return 'stopped'; // stopping or taken over: the lease runs out and the fetch is taken over
      if (error instanceof FetchTakenOver) return this.leftToOther(consent);
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      await this.recordFailure(consent, fetchId, error as Error);
      return 'failed';
    }
    if (stopped.aborted) return 'stopped';
    if (!(await this.complete(consent, fetchId, stored.accounts))) return this.leftToOther(consent);
    await this.options.claims.release(claimKey(consent.id, fetchId));
    return 'updated';
  }

  /** Taken over by another worker: the fetch, and its claim, are left to it. */
  private leftToOther(claimed: Consent): 'taken-over' {
    this.options.logger.warn({ consentId: claimed.id, fetchId: claimed.fetch!.id, claim: claimed.fetch!.claims }, 'fetch taken over by another worker: left to it');
    return 'taken-over';
  }

  private async fetchAndStore(consent: Consent, fetchId: string, stopped: AbortSignal): Promise<{ accounts: StoredAccount[] }> {
    const provider = this.options.providers.find(consent.providerKey);
    if (!provider) throw new ProviderError('PROVIDER_UNKNOWN', `Provider '${consent.providerKey}' is not available.`);
    const session: ProviderSession = { consentId: consent.id, subject: consent.externalUserId ?? consent.userId ?? consent.id };
    const signal = AbortSignal.any([stopped, AbortSignal.timeout(this.options.timeoutMs)]);
    const asOf = new Date();

    const providerAccounts = await provider.listAccounts(session, signal);
    const accounts: StoredAccount[] = providerAccounts.map((a) => ({
      id: stableId(consent.id, 'account', a.externalId),
      consentId: consent.id,
      ownerClientId: consent.ownerClientId,
      externalId: a.externalId,
      iban: a.iban,
      name: a.name,
      type: a.type,
      currency: a.currency,
      ownerName: a.ownerName,
    }));
    await this.options.accounts.upsert(accounts);

    // Stored in one call: each call reads the consent's stored transactions and every account's months.
    const rows: StoredTransaction[] = [];
    for (const [i, account] of accounts.entries()) {
      const fetched = await provider.listTransactions(session, providerAccounts[i]!, asOf, signal);
      if (stopped.aborted) throw new Error('worker stopped');
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
      })));
    }
    // A worker that stalled past its lease stores nothing once another took the fetch over: rows of its
    // earlier look at the bank that the other's look no longer has would carry a fetch id that has ended.
    const held = await this.options.consents.mutate(consent.id, (current) => ({ result: holdsFetch(current, consent) }));
    if (!held.found || !held.result) throw new FetchTakenOver();
    await this.options.transactions.insertNew(consent.id, rows);
    return { accounts };
  }

  /** Ends the fetch with the events of what it stored; false when another worker took it over meanwhile. */
  private async complete(claimed: Consent, fetchId: string, accounts: StoredAccount[]): Promise<boolean> {
    const { consents, events, transactions } = this.options;
    const added = (await transactions.storedBy(claimed.id, fetchId)).map(toTransactionDto);
    const outcome = await consents.mutate(claimed.id, (current) => {
      if (!holdsFetch(current, claimed)) return { result: false };
      const now = new Date();
      const batches = events.transactionsAdded(current, fetchId, added);
      const next = fetchSucceeded(current, randomUUID(), now, {
        accountIds: accounts.map((a) => a.id),
        transactionEventKeys: batches.map((b) => b.key),
      });
      return {
        next,
        events: [
          events.accountsUpdated(next, accounts.map(toAccountDto)),
          ...batches,
          events.transactionsFetched(next, fetchId, added.length, now),
          ...events.statusChanged(current, next),
        ],
        result: true,
      };
    });
    if (!outcome.found) {
      // Erased while fetching: remove what this fetch stored after the erasure did its part.
      await this.options.accounts.deleteByConsent(claimed.id);
      await transactions.deleteByConsent(claimed.id);
      return true;
    }
    if (!outcome.result) return false;
    this.options.logger.info({ consentId: claimed.id, fetchId, added: added.length }, 'fetch completed');
    return true;
  }

  private async recordFailure(claimed: Consent, fetchId: string, error: Error): Promise<void> {
    const { consents, events, logger } = this.options;
    const { code, message } = fetchFailureFor(error);
    const outcome = await consents.mutate(claimed.id, (current) => {
      if (!holdsFetch(current, claimed)) return { result: null };
      const now = new Date();
      const next = fetchFailed(current, { date: now.toISOString(), type: 'FetchFailed', message, code }, now, {
        baseMs: this.options.retryBaseMs,
        maxMs: this.options.retryMaxMs,
      });
      return { next, events: events.statusChanged(current, next), result: next };
    });
    if (outcome.found && outcome.result) {
      logger.warn({ err: error, consentId: claimed.id, fetchId, code, failures: outcome.result.consecutiveFailures, status: outcome.result.status }, 'fetch failed');
    }
  }
}
