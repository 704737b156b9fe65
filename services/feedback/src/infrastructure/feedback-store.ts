import type { EventWriter, OutboxEntry } from '@obp/bus';
import type { feedbackEvents } from '@obp/contracts';
import type { AggregateStore, AggregateStoreOptions } from '@obp/store';
import { categoryPaths, counterpartyKey, toFeedbackItemDto, type FeedbackItem } from '../domain/feedback-item';

export type FeedbackStore = AggregateStore<FeedbackItem>;

/**
 * Every query reads through an index on top-level fields: the app's own list (by owner, or owner and
 * status), the review queue by status alone, with a category or with an app, the items about one
 * transaction of an app (superseding), those about one counterparty (the reviewer's related items),
 * and those about an account (erasure). `transactionId`, `accountId`, `counterpartyKey` and
 * `categoryPaths` are derived from the item with every write.
 */
export const feedbackStoreOptions: AggregateStoreOptions<FeedbackItem> = {
  collection: 'feedback_items',
  indexes: [
    { key: { ownerClientId: 1, createdAt: 1, _id: 1 } },
    { key: { ownerClientId: 1, status: 1, createdAt: 1, _id: 1 } },
    { key: { status: 1, createdAt: 1, _id: 1 } },
    { key: { status: 1, categoryPaths: 1, createdAt: 1, _id: 1 } },
    { key: { ownerClientId: 1, transactionId: 1 } },
    { key: { counterpartyKey: 1, createdAt: -1 } },
    { key: { accountId: 1 } },
  ],
  derived: {
    transactionId: (item) => item.transaction.transactionId,
    accountId: (item) => item.transaction.accountId,
    counterpartyKey: (item) => counterpartyKey(item.transaction),
    categoryPaths: (item) => categoryPaths(item),
  },
};

type FeedbackEventType = 'categorization-feedback.submitted' | 'categorization-feedback.reviewed' | 'categorization-feedback.superseded' | 'categorization-feedback.retired';

/**
 * The feedback events, each carrying the item as the API shows it, keyed by its id. An erased item's
 * last events are `erased` (its id only, which consumers still see) and a tombstone, so compaction
 * drops every event of it.
 */
export class FeedbackEvents {
  constructor(private readonly writer: EventWriter<typeof feedbackEvents>) {}

  submitted = (item: FeedbackItem) => this.entry('categorization-feedback.submitted', item);
  reviewed = (item: FeedbackItem) => this.entry('categorization-feedback.reviewed', item);
  /** A Pending item superseded, or an Accepted one retired, by a newer item about its transaction. */
  replaced = (item: FeedbackItem) => this.entry(item.history.at(-1)?.event === 'retired' ? 'categorization-feedback.retired' : 'categorization-feedback.superseded', item);
  /** The item's account was erased with its consent. */
  erased = (item: FeedbackItem): OutboxEntry[] => [
    this.writer.entry('categorization-feedback.erased', { key: item.id, ownerClientId: item.ownerClientId, data: { id: item.id, reason: 'ConsentDeleted' } }),
    this.writer.tombstone(item.id, item.ownerClientId),
  ];

  private entry(type: FeedbackEventType, item: FeedbackItem) {
    return this.writer.entry(type, { key: item.id, ownerClientId: item.ownerClientId, data: toFeedbackItemDto(item) });
  }
}
