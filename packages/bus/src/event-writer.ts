import type { EventCatalogue, EventTypeOf, z } from '@obp/contracts';
import { newOutboxEntry, newTombstoneEntry, type OutboxEntry } from './outbox-entry';

/** Builds the outbox entries of one topic's events, typed by its catalogue. */
export class EventWriter<C extends EventCatalogue> {
  constructor(
    private readonly catalogue: C,
    /** The topic's name in this deployment (see `topicName`). */
    readonly topic: string,
  ) {}

  entry<K extends EventTypeOf<C>>(type: K, args: { key: string; ownerClientId: string; data: z.input<C['types'][K]> }): OutboxEntry {
    return newOutboxEntry({ topic: this.topic, key: args.key, type, ownerClientId: args.ownerClientId, data: args.data });
  }

  tombstone(key: string, ownerClientId: string): OutboxEntry {
    return newTombstoneEntry({ topic: this.topic, key, ownerClientId });
  }

  get types(): C['types'] {
    return this.catalogue.types;
  }
}
