import type { MessageMeta } from '@obp/bus';
import type { ConsentExpiringData, EventEnvelope } from '@obp/contracts';
import { fromConsumed, type PublishEventService } from '../publish-event/publish-event.service';

/** consent.expiring: the consent's access at its bank ends soon, to the owner's endpoints. */
export const onConsentExpiring =
  (publish: PublishEventService) =>
  async (data: ConsentExpiringData, event: EventEnvelope<ConsentExpiringData>, meta: MessageMeta): Promise<void> => {
    await publish.publish({
      ...fromConsumed(event, meta),
      type: 'consent.expiring',
      resource: `consent:${data.consentId}`,
      data: {
        consentId: data.consentId,
        userId: data.userId,
        externalUserId: data.externalUserId,
        providerKey: data.consent.providerKey,
        status: data.consent.status,
        validUntil: data.validUntil,
      },
    });
  };
