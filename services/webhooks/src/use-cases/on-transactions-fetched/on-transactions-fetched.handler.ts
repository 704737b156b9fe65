import type { MessageMeta } from '@obp/bus';
import type { EventEnvelope, TransactionsFetchedData } from '@obp/contracts';
import type { PublishEventService } from '../publish-event/publish-event.service';

/** transactions.fetched (the spec's Transactions Fetched): in the consent's lane, so it keeps its place among the consent's status messages. */
export const onTransactionsFetched =
  (publish: PublishEventService) =>
  async (data: TransactionsFetchedData, event: EventEnvelope<TransactionsFetchedData>, meta: MessageMeta): Promise<void> => {
    await publish.publish({
      eventId: event.id,
      type: 'transactions.fetched',
      ownerClientId: event.ownerClientId,
      occurredAt: new Date(event.occurredAt),
      resource: `consent:${data.consentId}`,
      offset: meta.offset,
      data: {
        consentId: data.consentId,
        userId: data.userId,
        externalUserId: data.externalUserId,
        addedTransactionsCount: data.addedTransactionsCount,
        dateTransactionsUpdated: data.dateTransactionsUpdated,
      },
    });
  };
