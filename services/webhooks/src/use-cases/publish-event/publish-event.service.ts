import { NonRetriableError, traceHeaders, type MessageMeta } from '@obp/bus';
import { webhookEventDataSchemas, type EventEnvelope, type SubscribableWebhookEventType, type WebhookEventData } from '@obp/contracts';
import { wantsEvent } from '../../domain/webhook-endpoint';
import { erasureIdsOf, laneSequenceOf, messageIdFor, newMessage, withoutErased } from '../../domain/webhook-message';
import type { EndpointStore } from '../../infrastructure/endpoint-store';
import type { MessageStore } from '../../infrastructure/message-store';
import type { EraseMessagesService } from '../erase-messages/erase-messages.service';

export interface PublishedEvent<T extends SubscribableWebhookEventType> {
  /** The platform event's id: with the endpoint's, the message id (consuming it again creates nothing). */
  eventId: string;
  type: T;
  ownerClientId: string;
  occurredAt: Date;
  /** The resource the event is about (`share:<id>`): its messages to an endpoint keep their order. */
  resource: string;
  /** The event's offset in its partition, where all of the resource's events are (`laneSequenceOf`). */
  offset: string;
  data: WebhookEventData<T>;
}

/** What a published event takes from the consumed event: its id, owner and time, and its offset. */
export const fromConsumed = (event: EventEnvelope, meta: MessageMeta) => ({ eventId: event.id, ownerClientId: event.ownerClientId, occurredAt: new Date(event.occurredAt), offset: meta.offset });

/**
 * Queues a message for every endpoint of the event's owner that subscribes to its type (and
 * existed when it happened), then wakes the delivery runner. Other apps never get it. An event
 * consumed after an erasure it names (another topic, a lagging partition) makes none when it is about
 * the erased consent or feedback item, and carries a share without the erased ids.
 */
export class PublishEventService {
  constructor(
    private readonly endpoints: EndpointStore,
    private readonly messages: MessageStore,
    private readonly erasure: EraseMessagesService,
    private readonly wake: () => void,
  ) {}

  async publish<T extends SubscribableWebhookEventType>(event: PublishedEvent<T>, now = new Date()): Promise<number> {
    const endpoints = (await this.endpoints.findMany({ ownerClientId: event.ownerClientId })).filter((e) => wantsEvent(e, event.type, event.occurredAt));
    if (endpoints.length === 0) return 0;
    // Only the documented fields travel (an event may carry more, e.g. a share's createdAt).
    const parsed = webhookEventDataSchemas[event.type].safeParse(event.data);
    if (!parsed.success) throw new NonRetriableError(`${event.type} data does not fit its webhook schema: ${parsed.error.message}`);
    let data: unknown = parsed.data;
    const named = erasureIdsOf(data);
    const erased = named.length > 0 ? await this.erasure.erasedAmong(named) : new Set<string>();
    if (erased.size > 0) {
      // What an earlier try wrote before a crash cut it short (the look after the write below) goes too.
      await this.erasure.deleteNaming([...erased]);
      data = withoutErased(data, erased);
      if (data === null) return 0;
    }
    const trace = traceHeaders();
    let created = 0;
    for (const endpoint of endpoints) {
      const message = newMessage({
        id: messageIdFor(endpoint.id, event.eventId),
        endpointId: endpoint.id,
        ownerClientId: event.ownerClientId,
        eventType: event.type,
        resource: event.resource,
        laneSequence: laneSequenceOf(event.offset),
        occurredAt: event.occurredAt,
        data,
        trigger: 'scheduled',
        trace,
        now,
      });
      if (await this.messages.insertNew(message)) created++;
    }
    // An erasure that ran since the look above did not find these messages: they go now.
    const stillNamed = erasureIdsOf(data);
    const erasedMeanwhile = stillNamed.length > 0 && created > 0 ? await this.erasure.erasedAmong(stillNamed) : new Set<string>();
    if (erasedMeanwhile.size > 0) {
      await this.erasure.deleteNaming([...erasedMeanwhile]);
      return 0;
    }
    if (created > 0) this.wake();
    return created;
  }
}
