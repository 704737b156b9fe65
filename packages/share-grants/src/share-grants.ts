import type { Kafka } from 'kafkajs';
import { IdempotentConsumer } from '@obp/bus';
import { ShareEventTypes, type EventEnvelope, type ShareDto } from '@obp/contracts';
import type { Connection } from '@obp/db';
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
}

/**
 * A service's own projection of share grants, built from share events. Reading it never calls
 * the share service, so access checks keep working when that service is down; a grant ends at
 * its expiry, or when its share.deleted / share.updated event arrives.
 */
export class ShareGrants {
  private readonly grants;
  /** Its consumer, for readiness. */
  readonly consumer: IdempotentConsumer;

  constructor(options: ShareGrantsOptions) {
    this.grants = options.db.collection<GrantRecord>('share_grants');
    this.consumer = new IdempotentConsumer({
      kafka: options.kafka,
      groupId: options.groupId,
      topics: [options.topic],
      db: options.db,
      logger: options.logger,
      handle: (event) => this.apply(event),
    });
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }

  get isConnected(): boolean {
    return this.consumer.isConnected;
  }

  /** True when `granteeClientId` holds an unexpired grant from `ownerClientId` naming any of `targets`. */
  async allows(granteeClientId: string, ownerClientId: string, targets: GrantTarget[], now = new Date()): Promise<boolean> {
    const grants = await this.grants.find({ granteeClientId }).toArray();
    return grants.some(
      (g) =>
        g.ownerClientId === ownerClientId &&
        g.expirationDateUtc.getTime() > now.getTime() &&
        targets.some(
          (t) =>
            (t.consentId !== undefined && g.consentIds.includes(t.consentId)) ||
            (t.accountId !== undefined && g.accountIds.includes(t.accountId)) ||
            (t.analysisId !== undefined && g.analysisIds.includes(t.analysisId)),
        ),
    );
  }

  async apply(event: EventEnvelope): Promise<void> {
    const share = event.data as ShareDto;
    if (event.type === ShareEventTypes.deleted) {
      await this.grants.deleteOne({ _id: share.id });
      return;
    }
    if (event.type !== ShareEventTypes.created && event.type !== ShareEventTypes.updated) return;
    await this.grants.replaceOne(
      { _id: share.id },
      {
        ownerClientId: event.ownerClientId,
        granteeClientId: share.clientId,
        consentIds: share.consentIds ?? [],
        accountIds: share.accountIds ?? [],
        analysisIds: share.analysisIds ?? [],
        expirationDateUtc: new Date(share.expirationDateUtc),
      },
      { upsert: true },
    );
  }
}
