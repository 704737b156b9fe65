import type { Kafka } from 'kafkajs';
import { IdempotentConsumer, NonRetriableError, TransientError, type BatchItem, type MessageMeta } from '@obp/bus';
import { shareEvents, z, type EventLogTiming } from '@obp/contracts';
import { database, isDuplicateKey, type Connection, type mongo } from '@obp/db';
import type { Logger } from '@obp/telemetry';

/**
 * One share as a grant: `ownerClientId` lets `granteeClientId` read the named resources until expiry.
 * `version` and `offset` are those of the event it was last written from; a deleted share keeps only
 * them (and `deletedAt`) until its tombstone arrives, so that no older event of it brings it back.
 */
interface GrantRecord {
  _id: string;
  ownerClientId?: string;
  granteeClientId?: string;
  consentIds?: string[];
  accountIds?: string[];
  analysisIds?: string[];
  expirationDateUtc?: Date;
  version?: number;
  offset?: number;
  deletedAt?: Date;
}

const GRANT_FIELDS = ['ownerClientId', 'granteeClientId', 'consentIds', 'accountIds', 'analysisIds', 'expirationDateUtc'] as const;

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
  /** How the dead-letter topic's log is kept (see `IdempotentConsumerOptions`). */
  eventLog?: EventLogTiming;
  /** See `IdempotentConsumerOptions`. */
  fetchMaxWaitMs?: number;
  /** See `IdempotentConsumerOptions`. */
  maxBatchSize?: number;
  /** See `IdempotentConsumerOptions`. */
  sessionTimeoutMs?: number;
}

/**
 * A service's own projection of share grants, built from share events. Reading it never calls
 * the share service, so access checks keep working when that service is down; a grant ends at
 * its expiry, or when its share.deleted / share.updated event or its tombstone arrives.
 *
 * Each fetched run of events is applied with one read and one bulk write, one operation per share: the
 * run's newest state of it. A state replaces only an older one (by the share's version, then the event's
 * offset), so a run delivered again, or an older event after a newer one, changes nothing.
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
      eventLog: options.eventLog,
      fetchMaxWaitMs: options.fetchMaxWaitMs,
      maxBatchSize: options.maxBatchSize,
      sessionTimeoutMs: options.sessionTimeoutMs,
      applyBatch: (items) => this.apply(items),
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
        (g.expirationDateUtc?.getTime() ?? 0) > now.getTime() &&
        targets.some(
          (t) =>
            (t.consentId !== undefined && !!g.consentIds?.includes(t.consentId)) ||
            (t.accountId !== undefined && !!g.accountIds?.includes(t.accountId)) ||
            (t.analysisId !== undefined && !!g.analysisIds?.includes(t.analysisId)),
        ),
    );
  }

  /**
   * The run's newest state of each share over the stored one when newer: one read of the stored versions,
   * one bulk write. Each write is guarded by the version it read; one that finds the share changed since
   * (another member of the group during a rebalance) fails the run, which is then read and written again.
   */
  private async apply(items: BatchItem[]): Promise<void> {
    const latest = new Map<string, ShareChange>();
    for (const item of items) {
      const change = changeOf(item);
      const current = latest.get(change.shareId);
      if (!current || change.kind === 'erased' || current.kind === 'erased' || isNewer(change, current)) latest.set(change.shareId, change);
    }
    if (latest.size === 0) return;
    const stored = new Map(
      (await this.grants.find({ _id: { $in: [...latest.keys()] } }, { projection: { version: 1, offset: 1 } }).toArray()).map((g) => [g._id, { version: g.version ?? 0, offset: g.offset ?? -1 }]),
    );
    const operations: Array<mongo.AnyBulkWriteOperation<GrantRecord>> = [];
    let guarded = 0;
    for (const change of latest.values()) {
      const current = stored.get(change.shareId);
      if (change.kind === 'erased') {
        if (current) operations.push({ deleteOne: { filter: { _id: change.shareId } } });
        continue;
      }
      if (current && !isNewer(change, current)) continue;
      const { _id, ...fields } = recordOf(change);
      const cleared = [...GRANT_FIELDS, 'deletedAt'].filter((f) => !(f in fields));
      const update = { $set: fields, ...(cleared.length > 0 ? { $unset: Object.fromEntries(cleared.map((f) => [f, '' as const])) } : {}) };
      // Absent, or written before grants carried a version: upserted over no version at all.
      const filter: mongo.Filter<GrantRecord> = current && current.version > 0 ? { _id, version: current.version, offset: current.offset } : { _id, version: { $exists: false } };
      operations.push({ updateOne: { filter, update, upsert: true } });
      guarded++;
    }
    if (operations.length === 0) return;
    let written: number;
    try {
      const result = await this.grants.bulkWrite(operations, { ordered: false });
      written = result.matchedCount + result.upsertedCount;
    } catch (error) {
      // The filter missed a record written meanwhile, and the upsert met its id.
      if (isDuplicateKey(error)) throw new TransientError('a share grant was written concurrently: the run is applied again', { cause: error });
      throw error;
    }
    if (written < guarded) throw new TransientError('a share grant changed since it was read: the run is applied again');
  }
}

function recordOf(change: Exclude<ShareChange, { kind: 'erased' }>): GrantRecord {
  const position = { _id: change.shareId, version: change.version, offset: change.offset };
  if (change.kind === 'deleted') return { ...position, deletedAt: new Date() };
  const { share, ownerClientId } = change;
  return {
    ...position,
    ownerClientId,
    granteeClientId: share.clientId,
    consentIds: share.consentIds ?? [],
    accountIds: share.accountIds ?? [],
    analysisIds: share.analysisIds ?? [],
    expirationDateUtc: new Date(share.expirationDateUtc),
  };
}

type ShareData = z.infer<(typeof shareEvents.types)['share.created']>;

/** What one message does to a share's grant. */
type ShareChange =
  | { kind: 'granted'; shareId: string; version: number; offset: number; share: ShareData; ownerClientId: string }
  | { kind: 'deleted'; shareId: string; version: number; offset: number }
  /** Its tombstone: a consumer that lagged past the compaction of its share.deleted finds only that. */
  | { kind: 'erased'; shareId: string };

const offsetOf = (meta: MessageMeta) => Number(meta.offset);

function changeOf(item: BatchItem): ShareChange {
  if ('tombstone' in item) return { kind: 'erased', shareId: item.tombstone };
  const { event, meta } = item;
  const schema = shareEvents.types[event.type as keyof typeof shareEvents.types];
  if (!schema) throw new NonRetriableError(`${event.type} is no share event`);
  const parsed = z.safeParse(schema, event.data);
  if (!parsed.success) throw new NonRetriableError(`${event.type} data does not match its schema: ${z.prettifyError(parsed.error)}`);
  const position = { shareId: parsed.data.id, version: event.version, offset: offsetOf(meta) };
  return event.type === 'share.deleted' ? { kind: 'deleted', ...position } : { kind: 'granted', ...position, share: parsed.data, ownerClientId: event.ownerClientId };
}

/**
 * Newer by the share's version; events of one version (published twice, or before events carried the
 * share's version) by their place in the partition.
 */
function isNewer(a: { version: number; offset: number }, b: { version: number; offset: number }): boolean {
  return a.version > b.version || (a.version === b.version && a.offset > b.offset);
}
