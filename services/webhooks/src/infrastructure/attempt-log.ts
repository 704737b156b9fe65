import { dayBucket, deleteOlderThan, inChunks, type mongo } from '@obp/db';
import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryAttemptDto, WebhookDeliveryTrigger, WebhookEventType } from '@obp/contracts';
import { messageHeaders } from '../domain/signature';
import { outcomeOf, type AttemptResult, type WebhookMessage } from '../domain/webhook-message';
import { CONTENT_HEADERS } from './http-sender';

const COLLECTION = 'webhook_attempts';

export interface DeliveryAttempt {
  _id: string;
  endpointId: string;
  messageId: string;
  eventType: WebhookEventType;
  trigger: WebhookDeliveryTrigger;
  status: 'succeeded' | 'failed';
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  attemptedAt: Date;
  /** `dayBucket(attemptedAt)`: the attempt log and the purge read by day through an index. */
  attemptedDay: string;
  nextAttemptAt: Date | null;
}

const DAY_MS = 86_400_000;

/** Which of an endpoint's attempts a page shows (all when a field is absent). */
export interface AttemptFilter {
  status?: DeliveryAttempt['status'];
  eventType?: WebhookEventType;
}

/** The record of one attempt of `message`: `nextAttemptAt` is when it is due again, null when it is not. */
export function attemptRecord(message: Pick<WebhookMessage, 'id' | 'endpointId' | 'eventType' | 'trigger'>, result: AttemptResult, startedAt: Date, endedAt: Date, nextAttemptAt: Date | null): Omit<DeliveryAttempt, 'attemptedDay'> {
  const outcome = outcomeOf(result);
  return {
    _id: randomUUID(),
    endpointId: message.endpointId,
    messageId: message.id,
    eventType: message.eventType,
    trigger: message.trigger,
    status: outcome === 'succeeded' ? 'succeeded' : 'failed',
    responseStatus: result.kind === 'answered' ? result.status : null,
    responseBody: result.kind === 'answered' ? result.body : null,
    error: outcome === 'succeeded' ? null : result.kind === 'answered' ? `answered ${result.status}` : result.error,
    durationMs: endedAt.getTime() - startedAt.getTime(),
    attemptedAt: startedAt,
    nextAttemptAt,
  };
}

/**
 * Every attempt to deliver a message, for the app's attempt log. One endpoint's are read by
 * `endpointId` and day (`attemptedDay`): the local store sorts what an equality matched in memory,
 * so a page sorts the attempts of the days it shows, not all of the endpoint's.
 */
export class AttemptLog {
  private readonly attempts: mongo.Collection<DeliveryAttempt>;

  constructor(
    private readonly db: mongo.Db,
    /** Attempts are kept this long: a page looks no further back (and one more day, which the hourly purge may not have reached). */
    private readonly retentionDays: number,
  ) {
    this.attempts = db.collection<DeliveryAttempt>(COLLECTION);
  }

  async ensureIndexes(): Promise<void> {
    await this.attempts.createIndex({ endpointId: 1, attemptedDay: 1 });
    await this.attempts.createIndex({ attemptedDay: 1 });
    await this.attempts.createIndex({ messageId: 1 });
  }

  async record(attempt: Omit<DeliveryAttempt, 'attemptedDay'>): Promise<void> {
    await this.recordMany([attempt]);
  }

  /** Several attempts in one write. */
  async recordMany(attempts: ReadonlyArray<Omit<DeliveryAttempt, 'attemptedDay'>>): Promise<void> {
    if (attempts.length > 0) await this.attempts.insertMany(attempts.map((attempt) => ({ ...attempt, attemptedDay: dayBucket(attempt.attemptedAt) })));
  }

  /**
   * A page of an endpoint's attempts, newest first: the days newest first, each counted, until the
   * page's start is reached; then the page is read from those days, each sorted on its own.
   */
  async page(endpointId: string, page: number, pageSize: number, now = new Date(), filter: AttemptFilter = {}): Promise<{ items: DeliveryAttempt[]; total: number }> {
    const shown = { endpointId, ...(filter.status ? { status: filter.status } : {}), ...(filter.eventType ? { eventType: filter.eventType } : {}) };
    const total = await this.count(shown);
    const items: DeliveryAttempt[] = [];
    let toSkip = (page - 1) * pageSize;
    let counted = 0;
    for (let back = 0; back <= this.retentionDays + 1 && counted < total && items.length < pageSize; back++) {
      const attemptedDay = dayBucket(new Date(now.getTime() - back * DAY_MS));
      const onDay = await this.count({ ...shown, attemptedDay });
      counted += onDay;
      if (toSkip >= onDay) {
        toSkip -= onDay;
        continue;
      }
      const read = await this.attempts
        .find({ ...shown, attemptedDay })
        .sort({ attemptedAt: -1, _id: -1 })
        .skip(toSkip)
        .limit(pageSize - items.length)
        .toArray();
      items.push(...read);
      toSkip = 0;
    }
    return { items, total };
  }

  /** The `count` command: the local store counts an equality in PostgreSQL (`countDocuments`, an aggregation, decodes every match). */
  private async count(filter: mongo.Filter<DeliveryAttempt>): Promise<number> {
    const answer = await this.db.command({ count: COLLECTION, query: filter });
    return Number(answer.n);
  }

  /** The attempts of erased messages (an app's answer may echo what it was sent). */
  async deleteOfMessages(messageIds: readonly string[]): Promise<void> {
    for (const chunk of inChunks(messageIds)) await this.attempts.deleteMany({ messageId: { $in: chunk } });
  }

  async deleteOfEndpoint(endpointId: string): Promise<void> {
    await this.attempts.deleteMany({ endpointId });
  }

  purgeOlderThan(cutoff: Date): Promise<number> {
    return deleteOlderThan(this.attempts, { dayField: 'attemptedDay', timeField: 'attemptedAt' }, cutoff);
  }
}

/**
 * An attempt as the app reads it. What was sent is derived, not stored: the message's body (`body`, null once the
 * message is gone) and the headers of an attempt started then; the signature is left out (it was made with the
 * secrets in use then, which a rotation may have ended).
 */
export function toAttemptDto(attempt: DeliveryAttempt, body: string | null): WebhookDeliveryAttemptDto {
  return {
    id: attempt._id,
    deliveryId: attempt.messageId,
    eventType: attempt.eventType,
    trigger: attempt.trigger,
    status: attempt.status,
    responseStatus: attempt.responseStatus,
    responseBody: attempt.responseBody,
    error: attempt.error,
    durationMs: attempt.durationMs,
    attemptedAt: attempt.attemptedAt.toISOString(),
    nextAttemptAt: attempt.nextAttemptAt?.toISOString() ?? null,
    request: { headers: { ...messageHeaders(attempt.messageId, attempt.attemptedAt), ...CONTENT_HEADERS }, body },
  };
}
