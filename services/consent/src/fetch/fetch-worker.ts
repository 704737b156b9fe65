import { randomUUID } from 'node:crypto';
import { SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { contextFromHeaders } from '@obp/bus';
import type { Logger } from '@obp/telemetry';
import { claimFetch, fetchFailed, fetchSucceeded, isFetchDue, type Consent } from '../domain/consent';
import type { AccountRepository, StoredAccount } from '../infrastructure/account.repository';
import { toAccountDto } from '../infrastructure/account.repository';
import type { ConsentEvents } from '../infrastructure/consent-events';
import type { ConsentRepository } from '../infrastructure/consent.repository';
import { stableId } from '../infrastructure/stable-id';
import type { StoredTransaction, TransactionRepository } from '../infrastructure/transaction.repository';
import { toTransactionDto } from '../infrastructure/transaction.repository';
import { ProviderError, type ProviderSession } from '../providers/bank-provider';
import type { ProviderRegistry } from '../providers/provider-registry';

const tracer = trace.getTracer('@obp/consent');

export interface FetchWorkerOptions {
  consents: ConsentRepository;
  accounts: AccountRepository;
  transactions: TransactionRepository;
  providers: ProviderRegistry;
  events: ConsentEvents;
  logger: Logger;
  /** Called after a write that queued events. */
  onEvents: () => void;
  pollIntervalMs: number;
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** One provider round (accounts and their transactions) is abandoned after this long. */
  timeoutMs: number;
  /** Fetches running at once. */
  concurrency: number;
}

/**
 * Runs the background fetches of accounts and transactions. A fetch is claimed with a lease, so
 * after a crash the next worker takes it over when the lease runs out. Stored transactions carry
 * the fetch id, and ids are stable, so a fetch interrupted anywhere and run again stores every
 * transaction once and announces exactly the transactions the fetch added.
 */
export class FetchWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private wake = false;
  private readonly abort = new AbortController();
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(private readonly options: FetchWorkerOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) this.wake = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await Promise.all(this.inFlight.values());
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.pass().finally(() => (this.running = undefined));
    }, delayMs);
    this.timer.unref?.();
  }

  private async pass(): Promise<void> {
    try {
      await this.startDueFetches();
    } catch (error) {
      this.options.logger.warn({ err: error }, 'fetch pass failed; will retry');
    }
    if (this.stopped) return;
    const again = this.wake;
    this.wake = false;
    this.schedule(again ? 0 : this.options.pollIntervalMs);
  }

  /**
   * Starts the due fetches, up to `concurrency` at once, so one slow bank does not hold up the
   * others; a consent whose fetch is already running here is skipped. A fetch that ends wakes
   * the worker for the next one; `stop()` waits for those running.
   */
  private async startDueFetches(): Promise<void> {
    for (const id of await this.options.consents.withPendingFetch()) {
      if (this.stopped || this.inFlight.size >= this.options.concurrency) return;
      if (this.inFlight.has(id)) continue;
      const run = this.runFetch(id)
        .catch((error: unknown) => this.options.logger.warn({ err: error, consentId: id }, 'fetch failed unexpectedly; will retry'))
        .finally(() => {
          this.inFlight.delete(id);
          this.kick();
        });
      this.inFlight.set(id, run);
    }
  }

  private async runFetch(consentId: string): Promise<void> {
    const current = await this.options.consents.find(consentId);
    // Waiting out a back-off or another worker's lease: nothing to do, and no span for it.
    if (!current || !isFetchDue(current, new Date())) return;
    const pending = current.fetch!;
    // The fetch continues the trace of the approval or refresh that asked for it.
    await tracer.startActiveSpan(
      'consent fetch',
      { kind: SpanKind.INTERNAL, attributes: { 'obp.consent.id': consentId, 'obp.fetch.id': pending.id } },
      contextFromHeaders(pending.trace),
      async (span) => {
        try {
          await this.runFetchInSpan(consentId, span);
        } finally {
          span.end();
        }
      },
    );
  }

  private async runFetchInSpan(consentId: string, span: Span): Promise<void> {
    const { consents, events } = this.options;
    const claimed = await consents.mutate(consentId, (current) => {
      const now = new Date();
      if (!isFetchDue(current, now)) return { result: null };
      const next = claimFetch(current, now, this.options.leaseMs);
      return { next, events: events.statusChanged(current, next), result: next };
    });
    if (!claimed.found || !claimed.result) return;
    this.options.onEvents();
    const consent = claimed.result;
    const fetchId = consent.fetch!.id;

    // The lease is renewed while the fetch runs; a crashed worker stops renewing it.
    const renewal = setInterval(() => {
      this.renewLease(consent.id, fetchId).catch((error: unknown) => this.options.logger.warn({ err: error, consentId: consent.id }, 'lease renewal failed'));
    }, Math.max(10, Math.floor(this.options.leaseMs / 3)));
    let stored: { accounts: StoredAccount[] };
    try {
      stored = await this.fetchAndStore(consent, fetchId);
    } catch (error) {
      if (this.stopped) return; // shutting down: the lease runs out and the fetch is taken over
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      await this.recordFailure(consent, fetchId, error as Error);
      return;
    } finally {
      clearInterval(renewal);
    }
    if (this.stopped) return;
    await this.complete(consent, fetchId, stored.accounts);
  }

  private async renewLease(consentId: string, fetchId: string): Promise<void> {
    if (this.stopped) return;
    await this.options.consents.mutate(consentId, (current) => {
      if (current.fetch?.id !== fetchId || !current.fetch.leaseUntil) return { result: null };
      return { next: { ...current, fetch: { ...current.fetch, leaseUntil: new Date(Date.now() + this.options.leaseMs) } }, events: [], result: null };
    });
  }

  private async fetchAndStore(consent: Consent, fetchId: string): Promise<{ accounts: StoredAccount[] }> {
    const provider = this.options.providers.find(consent.providerKey);
    if (!provider) throw new ProviderError('PROVIDER_UNKNOWN', `Provider '${consent.providerKey}' is not available.`);
    const session: ProviderSession = { consentId: consent.id, subject: consent.externalUserId ?? consent.userId ?? consent.id };
    const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.options.timeoutMs)]);
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

    for (const [i, account] of accounts.entries()) {
      const fetched = await provider.listTransactions(session, providerAccounts[i]!, asOf, signal);
      if (this.stopped) throw new Error('worker stopped');
      const rows: StoredTransaction[] = fetched.map((t) => ({
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
      }));
      await this.options.transactions.insertNew(consent.id, rows);
    }
    return { accounts };
  }

  private async complete(claimed: Consent, fetchId: string, accounts: StoredAccount[]): Promise<void> {
    const { consents, events, transactions } = this.options;
    const added = (await transactions.storedBy(claimed.id, fetchId)).map(toTransactionDto);
    const outcome = await consents.mutate(claimed.id, (current) => {
      if (current.fetch?.id !== fetchId) return { result: false };
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
      return;
    }
    this.options.onEvents();
    this.options.logger.info({ consentId: claimed.id, fetchId, added: added.length }, 'fetch completed');
  }

  private async recordFailure(claimed: Consent, fetchId: string, error: Error): Promise<void> {
    const { consents, events, logger } = this.options;
    const code = error instanceof ProviderError ? error.code : error.name === 'TimeoutError' ? 'PROVIDER_TIMEOUT' : 'FETCH_FAILED';
    const outcome = await consents.mutate(claimed.id, (current) => {
      if (current.fetch?.id !== fetchId) return { result: null };
      const now = new Date();
      const next = fetchFailed(current, { date: now.toISOString(), type: 'FetchFailed', message: error.message, code }, now, {
        baseMs: this.options.retryBaseMs,
        maxMs: this.options.retryMaxMs,
      });
      return { next, events: events.statusChanged(current, next), result: next };
    });
    if (outcome.found && outcome.result) {
      logger.warn({ consentId: claimed.id, fetchId, code, failures: outcome.result.consecutiveFailures, status: outcome.result.status }, 'fetch failed');
      this.options.onEvents();
    }
  }
}
