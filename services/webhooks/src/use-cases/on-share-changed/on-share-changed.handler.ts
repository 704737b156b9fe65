import type { MessageMeta } from '@obp/bus';
import type { EventEnvelope, ShareEventData, ShareEventType } from '@obp/contracts';
import { fromConsumed, type PublishEventService } from '../publish-event/publish-event.service';

/** share.created, share.updated, share.deleted: the share, to the owner's endpoints. */
export const onShareChanged =
  (publish: PublishEventService) =>
  async (data: ShareEventData, event: EventEnvelope<ShareEventData, ShareEventType>, meta: MessageMeta): Promise<void> => {
    await publish.publish({ ...fromConsumed(event, meta), type: event.type, resource: `share:${data.id}`, data });
  };
