import { NonRetriableError, type BatchItem } from '@obp/bus';
import { shareEvents, z, type ShareEventType } from '@obp/contracts';
import { fromConsumed, type PublishedEvent, type PublishEventService } from '../publish-event/publish-event.service';

/**
 * share.created, share.updated, share.deleted of a consumed run: each share, to its owner's endpoints,
 * the run's first attempts made at once (`PublishEventService.publishRun`). Tombstones need nothing here:
 * what an erasure removes goes with the consent's erasure.
 */
export const onShareEvents =
  (publish: PublishEventService) =>
  async (items: BatchItem[]): Promise<void> => {
    const events: Array<PublishedEvent<ShareEventType>> = [];
    for (const item of items) {
      if (!('event' in item)) continue;
      const { event, meta } = item;
      const type = event.type as ShareEventType;
      const schema = shareEvents.types[type];
      if (!schema) continue;
      const parsed = z.safeParse(schema, event.data);
      if (!parsed.success) throw new NonRetriableError(`${event.type} data does not match its schema: ${z.prettifyError(parsed.error)}`);
      events.push({ ...fromConsumed(event, meta), type, resource: `share:${parsed.data.id}`, data: parsed.data });
    }
    await publish.publishRun(events);
  };
