import type { MessageMeta } from '@obp/bus';
import type { ConsentStateData, EventEnvelope } from '@obp/contracts';
import { fromConsumed, type PublishEventService } from '../publish-event/publish-event.service';

/** consent.status.updated: the consent's new status, to the owner's endpoints. */
export const onConsentStatusUpdated =
  (publish: PublishEventService) =>
  async (data: ConsentStateData, event: EventEnvelope<ConsentStateData>, meta: MessageMeta): Promise<void> => {
    await publish.publish({
      ...fromConsumed(event, meta),
      type: 'consent.status.updated',
      resource: `consent:${data.consentId}`,
      data: { consentId: data.consentId, userId: data.userId, externalUserId: data.externalUserId, status: data.consent.status, dateStatusUpdated: data.consent.dateStatusUpdated },
    });
  };
