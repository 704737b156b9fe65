import type { Kafka } from 'kafkajs';
import { dispatchByType, IdempotentConsumer } from '@obp/bus';
import { shareEvents, type ShareEventData } from '@obp/contracts';
import { database, type Connection, type mongo } from '@obp/db';
import type { Logger } from '@obp/telemetry';

/** One share as a grant: `ownerClientId` lets `granteeClientId` read the named resources until expiry. */
interface GrantRecord {
  _id: string;
  ownerClientId: string;
  granteeClientId: string;
  consentIds: string[];
  accountIds: string[];
  analysisIds: string[];
  expirationDateUtc: Date;
}

/** What a grant can name; a grant of a consent also covers that consent's accounts. */
export interface GrantTarget {
  consentId?: string;
  accountId?: string;
  analysisId?: string;
}

export interface ShareGrantsOptions {
  kafka: Kafka;
  /** The consuming service's own database; the projection lives in its `share_grants` collection. */
  db: Connection;
  logger: Logger;
  topic: string;
  /** Consumer group, unique per consuming service (e.g. `consent-share-grants`). */
  groupId: string;
  /** The dead-letter topic's compaction window (see `IdempotentConsumerOptions`). */
  eventLogRollMs?: number;
  /** See `IdempotentConsumerOptions`. */
  fetchMaxWaitMs?: number;
}

/**
 * A service's own projection of share grants, built from share events. Reading it never calls
 * the share service, so access checks keep working when that service is down; a grant ends at
 * its expiry, or when its share.deleted / share.updated event or its tombstone arrives.
 */
export class ShareGrants {
  private readonly grants: mongo.Collection<GrantRecord>;
  /** Its consumer, for readiness. */
  readonly consumer: IdempotentConsumer;

  constructor(options: ShareGrantsOptions) {
    this.grants = database(options.db).collection<GrantRecord>('share_grants');
    this.consumer = new IdempotentConsumer({
      kafka: options.kafka,
      groupId: options.groupId,
      topics: [options.topic],
      db: options.db,
      logger: options.logger,
      eventLogRollMs: options.eventLogRollMs,
      fetchMaxWaitMs: options.fetchMaxWaitMs,
      handle: dispatchByType(shareEvents, {
        'share.created': (share, event) => this.onShareChanged(share, event.ownerClientId),
        'share.updated': (share, event) => this.onShareChanged(share, event.ownerClientId),
        'share.deleted': (share) => this.onShareDeleted(share.id),
      }),
      // A deleted share's events end in its tombstone: a consumer that lagged past the compaction of its share.deleted finds only that.
      onTombstone: (shareId) => this.onShareDeleted(shareId),
    });
  }

  async ensureIndexes(): Promise<void> {
    await this.grants.createIndex({ granteeClientId: 1, ownerClientId: 1 });
  }

  async start(): Promise<void> {
    await this.ensureIndexes();
    await this.consumer.start();
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }

  /** True when `granteeClientId` holds an unexpired grant from `ownerClientId` naming any of `targets`. */
  async allows(granteeClientId: string, ownerClientId: string, targets: GrantTarget[], now = new Date()): Promise<boolean> {
    const grants = await this.grants.find({ granteeClientId, ownerClientId }).toArray();
    return grants.some(
      (g) =>
        g.expirationDateUtc.getTime() > now.getTime() &&
        targets.some(
          (t) =>
            (t.consentId !== undefined && g.consentIds.includes(t.consentId)) ||
            (t.accountId !== undefined && g.accountIds.includes(t.accountId)) ||
            (t.analysisId !== undefined && g.analysisIds.includes(t.analysisId)),
        ),
    );
  }

  /** A share created or updated: its grant, as it is now (events carry the whole share). */
  private async onShareChanged(share: ShareEventData, ownerClientId: string): Promise<void> {
    await this.grants.replaceOne(
      { _id: share.id },
      {
        ownerClientId,
        granteeClientId: share.clientId,
        consentIds: share.consentIds ?? [],
        accountIds: share.accountIds ?? [],
        analysisIds: share.analysisIds ?? [],
        expirationDateUtc: new Date(share.expirationDateUtc),
      },
      { upsert: true },
    );
  }

  private async onShareDeleted(shareId: string): Promise<void> {
    await this.grants.deleteOne({ _id: shareId });
  }
}
