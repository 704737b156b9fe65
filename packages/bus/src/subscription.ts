import { z, type EventCatalogue, type EventDataOf, type EventEnvelope, type EventTypeOf } from '@obp/contracts';
import { NonRetriableError, type EventHandler, type MessageMeta, type TombstoneHandler } from './consumer';

/** A handler of one event type: gets the parsed, typed `data` and its envelope. */
export type TypedEventHandler<C extends EventCatalogue, K extends EventTypeOf<C>> = (
  data: EventDataOf<C, K>,
  event: EventEnvelope<EventDataOf<C, K>, K>,
  meta: MessageMeta,
) => Promise<void>;

/** Handlers by event type, and optionally of the topic's tombstones (see `TombstoneHandler`). */
export type EventHandlers<C extends EventCatalogue> = { [K in EventTypeOf<C>]?: TypedEventHandler<C, K> } & { onTombstone?: TombstoneHandler };

/**
 * Dispatches a topic's events to the handlers of their types, after parsing `data` with the
 * type's schema. Types without a handler are skipped; data that does not match its schema can
 * never be applied and goes to the dead-letter topic.
 */
export function dispatchByType<C extends EventCatalogue>(catalogue: C, handlers: EventHandlers<C>): EventHandler {
  return async (event, meta) => {
    const type = event.type as EventTypeOf<C>;
    const handler = handlers[type];
    const schema = catalogue.types[type];
    if (!handler || !schema) return;
    const parsed = z.safeParse(schema, event.data);
    if (!parsed.success) throw new NonRetriableError(`${event.type} data does not match its schema: ${z.prettifyError(parsed.error)}`);
    const data = parsed.data as EventDataOf<C, typeof type>;
    await handler(data, { ...event, type, data }, meta);
  };
}
