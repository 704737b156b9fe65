import { randomUUID } from 'node:crypto';
import { traceHeaders } from '@obp/bus';
import { Conflict, err, ExceptionBase, NotFound, ok, type Result } from '@obp/core';
import { KeyedMutex } from '@obp/db';
import { canRefresh, requestFetch, takesStatements, type Consent } from '../../domain/consent';
import { decideRefresh } from '../../domain/refresh-limit';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import type { RefreshRequestRepository } from '../../infrastructure/refresh-request.repository';
import { RefreshRejections } from './refresh-rejections';

export class RefreshLimitReached extends ExceptionBase {
  readonly code = 'REFRESH_LIMIT_REACHED';
  constructor(
    readonly retryAt: Date,
    readonly limit: number,
  ) {
    super(`The limit of ${limit} refreshes per consent per rolling day is reached; the next refresh is allowed at ${retryAt.toISOString()}.`);
  }
}

/**
 * Queues a background fetch of the consent, within the refresh limit. The decision takes the consent's
 * next refresh ordinal (`RefreshRequestRepository.claim`): a request that loses it to another, here or on
 * another instance, decides again on the history with that refresh in it, so concurrent refreshes
 * cannot overshoot. The consent's lock only spares this instance's requests that race.
 */
export class RefreshConsentService {
  private readonly refreshLocks = new KeyedMutex();
  private readonly rejections = new RefreshRejections();

  constructor(
    private readonly consents: ConsentRepository,
    private readonly refreshRequests: RefreshRequestRepository,
    private readonly events: ConsentEvents,
    /** Refreshes per consent per rolling day; per consent where its bank allows fewer reads a day. */
    private readonly limitPerDay: number | ((consent: Consent) => number),
    private readonly onFetchRequested: () => void,
  ) {}

  async execute(consentId: string, ownerClientId: string): Promise<Result<void, NotFound | Conflict | RefreshLimitReached>> {
    const consent = await this.consents.find(consentId);
    if (!consent || consent.ownerClientId !== ownerClientId) return err(new NotFound('consent not found'));
    if (takesStatements(consent)) return err(new Conflict('This consent gets its data from statement files, not from a bank: upload a file with POST /consents/{id}/statements.'));
    const limit = typeof this.limitPerDay === 'number' ? this.limitPerDay : this.limitPerDay(consent);
    const outcome = await this.refreshLocks.run(consentId, async () => {
      const now = new Date();
      const ordinal = await this.claimRefresh(consentId, ownerClientId, now, limit);
      if (!ordinal.ok) return ordinal;
      const changed = await this.consents
        .mutate(consentId, (current) => {
          if (!canRefresh(current)) return { result: current.status };
          const next = requestFetch(current, randomUUID(), now, traceHeaders());
          return { next, events: this.events.statusChanged(current, next), result: null };
        })
        .catch(async (error: unknown) => {
          await this.refreshRequests.release(consentId, ordinal.value);
          throw error;
        });
      if (changed.found && changed.result === null) return ok(undefined);
      await this.refreshRequests.release(consentId, ordinal.value);
      if (!changed.found) return err(new NotFound('consent not found'));
      return err(new Conflict(`A consent in status ${changed.result} cannot be refreshed; the user must grant access first.`));
    });
    if (outcome.ok) this.onFetchRequested();
    return outcome;
  }

  /** The ordinal of this refresh, once the limit allows it and no other request took that ordinal first. */
  private async claimRefresh(consentId: string, ownerClientId: string, now: Date, limit: number): Promise<Result<number, RefreshLimitReached>> {
    for (;;) {
      const history = await this.refreshRequests.history(consentId);
      const decision = decideRefresh(history.times, now, limit);
      if (!decision.allowed) {
        this.rejections.refused();
        return err(new RefreshLimitReached(decision.retryAt, limit));
      }
      if (await this.refreshRequests.claim(consentId, history.nextOrdinal, ownerClientId, now)) return ok(history.nextOrdinal);
    }
  }
}
