import { NonRetriableError, traceHeaders, type MessageMeta } from '@obp/bus';
import { webhookEventDataSchemas, type EventEnvelope, type SubscribableWebhookEventType, type WebhookEventData } from '@obp/contracts';
import type { FirstAttempts, NewDelivery } from '../../jobs/webhook-delivery/first-attempts';
import { wantsEvent, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import { erasureIdsOf, laneSequenceOf, messageIdFor, newMessage, withoutErased, type WebhookMessage } from '../../domain/webhook-message';
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
  /** The trace context the event was written in: its messages' attempts continue it (`publishRun`). */
  trace?: Record<string, string>;
  data: WebhookEventData<T>;
}

/** What a published event takes from the consumed event: its id, owner and time, and its offset. */
export const fromConsumed = (event: EventEnvelope, meta: MessageMeta) => ({ eventId: event.id, ownerClientId: event.ownerClientId, occurredAt: new Date(event.occurredAt), offset: meta.offset, trace: meta.trace });

/**
 * Queues a message for every endpoint of the event's owner that subscribes to its type (and
 * existed when it happened), then wakes the delivery runner. Other apps never get it. An event
 * consumed after an erasure it names (another topic, a lagging partition) makes none when it is about
 * the erased consent or feedback item, and carries a share without the erased ids. A consumed run of
 * events (`publishRun`) has its messages' first attempts made at once (`FirstAttempts`), and only
 * what is not delivered then is queued.
 */
export class PublishEventService {
  constructor(
    private readonly endpoints: EndpointStore,
    private readonly messages: MessageStore,
    private readonly erasure: EraseMessagesService,
    private readonly wake: () => void,
    private readonly firstAttempts?: FirstAttempts,
  ) {}

  /**
   * The events of a consumed run (in partition order), each as `publish` would make its messages,
   * with one read of the owners' endpoints and one of the erasures for the run; the messages' first
   * attempts are made before they are recorded. Answers how many messages were recorded as pending.
   */
  async publishRun(events: ReadonlyArray<PublishedEvent<SubscribableWebhookEventType>>, now = new Date()): Promise<number> {
    if (!this.firstAttempts) throw new Error('publishRun needs FirstAttempts');
    if (events.length === 0) return 0;
    const owners = [...new Set(events.map((e) => e.ownerClientId))];
    const byOwner = new Map<string, WebhookEndpoint[]>();
    for (const endpoint of await this.endpoints.findMany({ ownerClientId: { $in: owners } })) byOwner.set(endpoint.ownerClientId, [...(byOwner.get(endpoint.ownerClientId) ?? []), endpoint]);
    const wanted = events.flatMap((event) => {
      const endpoints = (byOwner.get(event.ownerClientId) ?? []).filter((e) => wantsEvent(e, event.type, event.occurredAt));
      return endpoints.length > 0 ? [{ event, endpoints, data: documentedData(event) }] : [];
    });
    const named = [...new Set(wanted.flatMap(({ data }) => erasureIdsOf(data)))];
    const erased = named.length > 0 ? await this.erasure.erasedAmong(named) : new Set<string>();
    if (erased.size > 0) await this.erasure.deleteNaming([...erased]);
    // A run is applied in a span of its own, linked to its events' traces: each message continues its event's.
    const runTrace = traceHeaders();
    const deliveries: NewDelivery[] = [];
    const stillNamed = new Set<string>();
    for (const { event, endpoints, data } of wanted) {
      const carried = erased.size > 0 ? withoutErased(data, erased) : data;
      if (carried === null) continue;
      for (const id of erasureIdsOf(carried)) stillNamed.add(id);
      for (const endpoint of endpoints) deliveries.push({ endpoint, message: this.messageOf(event, endpoint.id, carried, event.trace ?? runTrace, now) });
    }
    const { queued } = await this.firstAttempts.deliver(deliveries);
    // An erasure that ran since the look above did not find these messages: they go now.
    const erasedMeanwhile = stillNamed.size > 0 && deliveries.length > 0 ? await this.erasure.erasedAmong([...stillNamed]) : new Set<string>();
    if (erasedMeanwhile.size > 0) await this.erasure.deleteNaming([...erasedMeanwhile]);
    if (queued > 0) this.wake();
    return queued;
  }

  async publish<T extends SubscribableWebhookEventType>(event: PublishedEvent<T>, now = new Date()): Promise<number> {
    const endpoints = (await this.endpoints.findMany({ ownerClientId: event.ownerClientId })).filter((e) => wantsEvent(e, event.type, event.occurredAt));
    if (endpoints.length === 0) return 0;
    let data = documentedData(event);
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
      if (await this.messages.insertNew(this.messageOf(event, endpoint.id, data, trace, now))) created++;
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

  private messageOf(event: PublishedEvent<SubscribableWebhookEventType>, endpointId: string, data: unknown, trace: Record<string, string>, now: Date): WebhookMessage {
    return newMessage({
      id: messageIdFor(endpointId, event.eventId),
      endpointId,
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
  }
}

/** Only the documented fields travel (an event may carry more, e.g. a share's createdAt). */
function documentedData(event: Pick<PublishedEvent<SubscribableWebhookEventType>, 'type' | 'data'>): unknown {
  const parsed = webhookEventDataSchemas[event.type].safeParse(event.data);
  if (!parsed.success) throw new NonRetriableError(`${event.type} data does not fit its webhook schema: ${parsed.error.message}`);
  return parsed.data;
}
