import type { EventWriter } from '@obp/bus';
import type { shareEvents } from '@obp/contracts';
import type { AggregateStore, AggregateStoreOptions } from '@obp/store';
import { toShareDto, type Share } from '../domain/share';
import { blockOf, listBlockKey, listDueKey, minuteOf } from '../domain/share-list';

export type ShareStore = AggregateStore<Share>;

export const shareStoreOptions: AggregateStoreOptions<Share> = {
  collection: 'shares',
  indexes: [{ key: { ownerClientId: 1, createdAt: 1, _id: 1 } }, { key: { consentIds: 1 } }, { key: { accountIds: 1 } }, { key: { listBlock: 1 } }, { key: { listDue: 1 } }],
  derived: {
    /** The block of its owner's list the share is read from (share-lists.ts). */
    listBlock: (share) => (share.listPosition === null || share.listPosition === undefined ? null : listBlockKey(share.ownerClientId, blockOf(share.listPosition))),
    /** While not moved to expired: its owner and UTC minute of expiry, by which the mover and an `isExpired` page find it. */
    listDue: (share) => (share.listExpired === false ? listDueKey(share.ownerClientId, minuteOf(share.expirationDateUtc)) : null),
  },
};

/**
 * The share events, each carrying the whole share, keyed by its id. A deleted share's last event is a
 * tombstone after `share.deleted` (which consumers still see first), so compaction drops its events.
 */
export class ShareEvents {
  constructor(private readonly writer: EventWriter<typeof shareEvents>) {}

  created = (share: Share) => this.entry('share.created', share);
  updated = (share: Share) => this.entry('share.updated', share);
  deleted = (share: Share) => [this.entry('share.deleted', share), this.writer.tombstone(share.id, share.ownerClientId)];

  private entry(type: 'share.created' | 'share.updated' | 'share.deleted', share: Share) {
    return this.writer.entry(type, { key: share.id, ownerClientId: share.ownerClientId, data: { ...toShareDto(share), createdAt: share.createdAt.toISOString() } });
  }
}
