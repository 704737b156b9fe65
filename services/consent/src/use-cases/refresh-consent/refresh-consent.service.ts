import { randomUUID } from 'node:crypto';
import { traceHeaders } from '@obp/bus';
import { Conflict, err, ExceptionBase, NotFound, ok, type Result } from '@obp/core';
import { KeyedMutex } from '@obp/db';
import { canRefresh, requestFetch } from '../../domain/consent';
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
 * Queues a background fetch of the consent, within the refresh limit. The limit check and the
 * recording of the request run under the consent's lock, so concurrent refreshes cannot overshoot.
 */
export class RefreshConsentService {
  private readonly refreshLocks = new KeyedMutex();
  private readonly rejections = new RefreshRejections();

  constructor(
    private readonly consents: ConsentRepository,
    private readonly refreshRequests: RefreshRequestRepository,
    private readonly events: ConsentEvents,
    private readonly limitPerDay: number,
    private readonly onFetchRequested: () => void,
  ) {}

  async execute(consentId: string, ownerClientId: string): Promise<Result<void, NotFound | Conflict | RefreshLimitReached>> {
    const consent = await this.consents.find(consentId);
    if (!consent || consent.ownerClientId !== ownerClientId) return err(new NotFound('consent not found'));
    const outcome = await this.refreshLocks.run(consentId, async () => {
      const now = new Date();
      const decision = decideRefresh(await this.refreshRequests.requestTimes(consentId), now, this.limitPerDay);
      if (!decision.allowed) {
        this.rejections.refused();
        return err(new RefreshLimitReached(decision.retryAt, this.limitPerDay));
      }
      const changed = await this.consents.mutate(consentId, (current) => {
        if (!canRefresh(current)) return { result: current.status };
        const next = requestFetch(current, randomUUID(), now, traceHeaders());
        return { next, events: this.events.statusChanged(current, next), result: null };
      });
      if (!changed.found) return err(new NotFound('consent not found'));
      if (changed.result !== null) return err(new Conflict(`A consent in status ${changed.result} cannot be refreshed; the user must grant access first.`));
      await this.refreshRequests.record(randomUUID(), consentId, ownerClientId, now);
      return ok(undefined);
    });
    if (outcome.ok) this.onFetchRequested();
    return outcome;
  }
}
