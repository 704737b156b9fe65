import type { MessageMeta } from '@obp/bus';
import type { EventEnvelope, ShareEventData, ShareEventType } from '@obp/contracts';
import type { PublishEventService } from '../publish-event/publish-event.service';

/** share.created, share.updated, share.deleted: the share, to the owner's endpoints. */
export const onShareChanged =
  (publish: PublishEventService) =>
  async (data: ShareEventData, event: EventEnvelope<ShareEventData, ShareEventType>, meta: MessageMeta): Promise<void> => {
    await publish.publish({ eventId: event.id, type: event.type, ownerClientId: event.ownerClientId, occurredAt: new Date(event.occurredAt), resource: `share:${data.id}`, offset: meta.offset, data });
  };
