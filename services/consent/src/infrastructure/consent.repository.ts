import type { OutboxEntry } from '@obp/bus';
import { hourBucketsBetween, hourBucket, inChunks } from '@obp/db';
import type { AggregateStore, AggregateStoreOptions, MutateOutcome } from '@obp/store';
import type { Consent } from '../domain/consent';

/**
 * Every query reads through an index on a top-level equality (see docs/decisions.md, "Every query
 * on an index"): the owner's list, the pending fetches, the unfinished erasures, and housekeeping
 * by the hour it is due.
 */
export function consentStoreOptions(housekeepingDueAt: (consent: Consent) => Date | null): AggregateStoreOptions<Consent> {
  return {
    collection: 'consents',
    indexes: [{ key: { ownerClientId: 1, dateRequested: 1 } }, { key: { fetchPending: 1 } }, { key: { erasing: 1 } }, { key: { housekeepingHour: 1 } }, { key: { bankAuthorizationPending: 1 } }],
    derived: {
      fetchPending: (c) => c.fetch !== null && !c.erasedAt,
      erasing: (c) => Boolean(c.erasedAt),
      // An XS2A consent waiting for the user's authorisation at the bank (polled: decoupled, or no callback came), a
      // re-authorisation under way, or bank consents a re-authorisation replaced, still to be deleted at the bank.
      bankAuthorizationPending: (c) => ((c.status === 'Initialized' && Boolean(c.bankConsent)) || Boolean(c.renewal) || (c.retiredBankConsentIds?.length ?? 0) > 0) && !c.erasedAt,
      housekeepingAt: (c) => (c.erasedAt ? null : housekeepingDueAt(c)),
      housekeepingHour: (c) => {
        const dueAt = c.erasedAt ? null : housekeepingDueAt(c);
        return dueAt ? hourBucket(dueAt) : null;
      },
    },
  };
}

export interface ConsentFilter {
  ownerClientId?: string;
  consentId?: string;
  userId?: string;
  externalUserId?: string;
}

export type Mutation<T> = { next: Consent; events: OutboxEntry[]; result: T } | { next?: undefined; result: T };

/**
 * Consents as the API sees them: an erased consent (its erasure under way) no longer exists.
 * Writes go through the aggregate store: one write per change, its events in the same document.
 */
export class ConsentRepository {
  constructor(readonly store: AggregateStore<Consent>) {}

  insert(consent: Consent, events: OutboxEntry[]): Promise<void> {
    return this.store.insert({ ...consent, erasedAt: null }, events);
  }

  /** Inserts the consent unless its id is taken (a creation retried under its Idempotency-Key's id): true when inserted. */
  insertIfAbsent(consent: Consent, events: OutboxEntry[]): Promise<boolean> {
    return this.store.insertIfAbsent({ ...consent, erasedAt: null }, events);
  }

  /** A live (not erased) consent. */
  async find(id: string): Promise<(Consent & { version: number }) | null> {
    const consent = await this.store.find(id);
    return consent && !consent.erasedAt ? consent : null;
  }

  list(filter: ConsentFilter): Promise<Consent[]> {
    return this.store.findMany(
      {
        erasedAt: null,
        ...(filter.ownerClientId !== undefined ? { ownerClientId: filter.ownerClientId } : {}),
        ...(filter.consentId !== undefined ? { _id: filter.consentId } : {}),
        ...(filter.userId !== undefined ? { userId: filter.userId } : {}),
        ...(filter.externalUserId !== undefined ? { externalUserId: filter.externalUserId } : {}),
      },
      { sort: { dateRequested: 1, _id: 1 } },
    );
  }

  /** Ids of every live consent: a scan, for the first maintenance round of a database only. */
  liveIds(): Promise<string[]> {
    return this.store.allIds({ erasedAt: null });
  }

  /** Ids of the consents waiting for the user's authorisation at an XS2A bank. */
  awaitingBank(): Promise<string[]> {
    return this.store.ids({ bankAuthorizationPending: true });
  }

  /** Ids of live consents whose housekeeping fell due between `since` and `now`, read by the hour it is due. */
  async housekeepingDue(since: Date, now: Date): Promise<string[]> {
    const ids: string[] = [];
    for (const hours of inChunks(hourBucketsBetween(since, now))) ids.push(...(await this.store.ids({ housekeepingHour: { $in: hours }, housekeepingAt: { $lte: now } })));
    return ids;
  }

  /**
   * Live consents with a fetch pending, due or not (those requested and not done, and those backing
   * off after a failure): the fetch runner decides which are due and when to look again.
   */
  pendingFetches(): Promise<Consent[]> {
    return this.store.findMany({ fetchPending: true });
  }

  /**
   * Ids of consents whose erasure started but did not finish (a crash in between); with
   * `includeUnmarked` also those whose erasure began before the `erasing` mark existed (a scan).
   */
  async unfinishedErasures(includeUnmarked = false): Promise<string[]> {
    const marked = await this.store.ids({ erasing: true });
    if (!includeUnmarked) return marked;
    return [...new Set([...marked, ...(await this.store.ids({ erasing: { $exists: false }, erasedAt: { $ne: null } }))])];
  }

  /** Applies `change` to the live consent; an erased one counts as not found. */
  async mutate<T>(id: string, change: (current: Consent) => Mutation<T>): Promise<MutateOutcome<T>> {
    const outcome = await this.store.mutate<{ live: true; value: T } | { live: false }>(id, (current) => {
      if (current.erasedAt) return { result: { live: false } };
      const decided = change(current);
      const result = { live: true as const, value: decided.result };
      return decided.next ? { next: decided.next, events: decided.events, result } : { result };
    });
    return outcome.found && outcome.result.live ? { found: true, result: outcome.result.value } : { found: false };
  }

  /** First step of erasure: the consent disappears from the API and its erasure events are queued in the same write. */
  async markErased(id: string, events: (current: Consent) => OutboxEntry[], now: Date): Promise<Consent | null> {
    const outcome = await this.mutate(id, (current) => ({ next: { ...current, erasedAt: now, fetch: null }, events: events(current), result: current }));
    return outcome.found ? outcome.result : null;
  }

  /** Last step of erasure: the document goes now, or once the relay has published its last events. */
  async remove(id: string): Promise<void> {
    await this.store.mutate(id, () => ({ remove: true, result: undefined }));
  }
}
