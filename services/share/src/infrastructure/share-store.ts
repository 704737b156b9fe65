import type { EventWriter } from '@obp/bus';
import type { shareEvents } from '@obp/contracts';
import type { AggregateStore, AggregateStoreOptions } from '@obp/store';
import { toShareDto, type Share } from '../domain/share';

export type ShareStore = AggregateStore<Share>;

export const shareStoreOptions: AggregateStoreOptions<Share> = {
  collection: 'shares',
  indexes: [{ key: { ownerClientId: 1, createdAt: 1, _id: 1 } }, { key: { consentIds: 1 } }, { key: { accountIds: 1 } }],
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
