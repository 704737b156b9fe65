import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@obp/contracts';
import { traceHeaders } from './trace-headers';

/**
 * An event waiting in its aggregate's document until the relay has published it. It is written
 * in the same single-document write as the state change it describes, so the two cannot diverge
 * (the local store has no multi-document transactions).
 */
export type OutboxEntry = {
  eventId: string;
  topic: string;
  key: string;
  envelope: EventEnvelope;
  /** Trace context of the request that caused the event, so publish and consume join its trace. */
  traceHeaders: Record<string, string>;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** Published with a null value: on a compacted topic it erases every earlier message of `key`. */
  tombstone?: boolean;
};

export function newOutboxEntry<T>(args: { topic: string; key: string; type: string; ownerClientId: string; data: T; version?: number; now?: Date }): OutboxEntry {
  const now = args.now ?? new Date();
  const eventId = randomUUID();
  return {
    eventId,
    topic: args.topic,
    key: args.key,
    envelope: { id: eventId, type: args.type, version: args.version ?? 1, occurredAt: now.toISOString(), ownerClientId: args.ownerClientId, data: args.data },
    traceHeaders: traceHeaders(),
    attempts: 0,
    lastError: null,
    createdAt: now,
  };
}

/**
 * A tombstone for `key` on a compacted topic: once compacted, no earlier message of that key is
 * left in the log. Consumers never see it as an event.
 */
export function newTombstoneEntry(args: { topic: string; key: string; ownerClientId: string; now?: Date }): OutboxEntry {
  return { ...newOutboxEntry({ ...args, type: 'tombstone', data: null }), tombstone: true };
}
