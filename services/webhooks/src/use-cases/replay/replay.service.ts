import { ok, type NotFound, type Result } from '@obp/core';
import { dayBucket } from '@obp/db';
import { requeue } from '../../domain/webhook-message';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import { enabledEndpoint, type EndpointDisabled } from '../webhook-errors';

const DAY_MS = 86_400_000;

/** The UTC days from `since`'s to `now`'s, oldest first. */
function daysBetween(since: Date, now: Date): string[] {
  const days: string[] = [];
  for (let at = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate()); at <= now.getTime(); at += DAY_MS) days.push(dayBucket(new Date(at)));
  return days;
}

export class ReplayService {
  constructor(
    private readonly endpoints: EndpointStore,
    private readonly messages: MessageStore,
    private readonly retentionDays: number,
    private readonly wake: () => void,
  ) {}

  /**
   * Queues again every message of the endpoint created since `since` (kept messages only: the
   * retention bounds how far back), or only those that failed for good; messages still pending
   * keep their place. Returns their ids.
   */
  async execute(cmd: { ownerClientId: string; id: string; since: Date; onlyFailed: boolean }, now = new Date()): Promise<Result<string[], NotFound | EndpointDisabled>> {
    const endpoint = await enabledEndpoint(this.endpoints, cmd.ownerClientId, cmd.id);
    if (!endpoint.ok) return endpoint;
    const oldestKept = new Date(now.getTime() - (this.retentionDays + 1) * DAY_MS);
    const since = cmd.since.getTime() < oldestKept.getTime() ? oldestKept : cmd.since;
    const candidates = (await this.messages.ofEndpointOnDays(cmd.id, daysBetween(since, now)))
      .filter((m) => m.createdAt.getTime() >= cmd.since.getTime() && (cmd.onlyFailed ? m.status === 'failed' : m.status !== 'pending'))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const queued: string[] = [];
    for (const candidate of candidates) {
      const outcome = await this.messages.mutate(candidate.id, (current) => (current.status === 'pending' ? { result: false } : { next: requeue(current, 'replay', now), result: true }));
      if (outcome.found && outcome.result) queued.push(candidate.id);
    }
    if (queued.length > 0) this.wake();
    return ok(queued);
  }
}
