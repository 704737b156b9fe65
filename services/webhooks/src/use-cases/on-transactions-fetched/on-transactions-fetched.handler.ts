import type { MessageMeta } from '@obp/bus';
import type { EventEnvelope, TransactionsFetchedData } from '@obp/contracts';
import { fromConsumed, type PublishEventService } from '../publish-event/publish-event.service';

/** transactions.fetched (the spec's Transactions Fetched): in the consent's lane, so it keeps its place among the consent's status messages. */
export const onTransactionsFetched =
  (publish: PublishEventService) =>
  async (data: TransactionsFetchedData, event: EventEnvelope<TransactionsFetchedData>, meta: MessageMeta): Promise<void> => {
    await publish.publish({
      ...fromConsumed(event, meta),
      type: 'transactions.fetched',
      resource: `consent:${data.consentId}`,
      data: {
        consentId: data.consentId,
        userId: data.userId,
        externalUserId: data.externalUserId,
        addedTransactionsCount: data.addedTransactionsCount,
        dateTransactionsUpdated: data.dateTransactionsUpdated,
      },
    });
  };
