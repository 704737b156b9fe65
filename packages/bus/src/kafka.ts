import { ConfigResourceTypes, ConfigSource, Kafka, logLevel, Partitioners, type Admin, type ICustomPartitioner, type LogEntry } from 'kafkajs';
import { RenewingProducer, type EventProducer } from './renewing-producer';
import type { Logger } from '@obp/telemetry';

const levels: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * The replication factor of the topics a client creates (`ensureTopics`) where it is set when the client is made;
 * without one, the cluster's size decides (`replicasFor`). kafkajs's CreateTopics (up to v3) cannot ask for the
 * broker's default.
 */
const replicationFactors = new WeakMap<Kafka, number>();

/** Copies of each partition on a cluster of `brokers`, and how many must have a write before it is acknowledged. */
export function replicasFor(brokers: number): { replicationFactor: number; minInsyncReplicas: number } {
  const replicationFactor = Math.max(1, Math.min(3, brokers));
  return { replicationFactor, minInsyncReplicas: replicationFactor >= 3 ? 2 : 1 };
}

export function createKafka(clientId: string, brokers: string[], logger: Logger, options: { replicationFactor?: number } = {}): Kafka {
  const kafka = new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    retry: { initialRetryTime: 200, retries: 8, maxRetryTime: 5_000 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => {
      const { message, ...extra } = entry.log;
      logger[levels[entry.level] ?? 'info']({ kafka: entry.namespace, ...extra }, message);
    },
  });
  if (options.replicationFactor !== undefined) replicationFactors.set(kafka, options.replicationFactor);
  return kafka;
}

/**
 * An idempotent producer (broker-side de-duplication of retried sends, ordered per partition)
 * that never sends on a sequence in doubt (`RenewingProducer`).
 */
export function createProducer(kafka: Kafka, logger?: Logger): EventProducer {
  return new RenewingProducer(() => kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: aggregatePartitioner }), logger);
}

/**
 * Partitions by the part of the key before the first '/', so `<consentId>` and
 * `<consentId>/tx/<batch>` land on one partition (one order for everything about an aggregate)
 * while keeping distinct keys for log compaction. A key without '/' partitions as usual.
 */
export const aggregatePartitioner: ICustomPartitioner = () => {
  const byKey = Partitioners.DefaultPartitioner();
  return ({ topic, partitionMetadata, message }) => {
    const key = message.key == null ? message.key : aggregateOfKey(message.key.toString());
    return byKey({ topic, partitionMetadata, message: { ...message, key } });
  };
};

export const aggregateOfKey = (key: string): string => {
  const slash = key.indexOf('/');
  return slash < 0 ? key : key.slice(0, slash);
};

export interface TopicSpec {
  topic: string;
  partitions: number;
  /** Topic configuration, e.g. `{ 'cleanup.policy': 'compact' }`. */
  config?: Record<string, string>;
}

const TOPIC_READY_TIMEOUT_MS = 30_000;

/**
 * Creates topics that do not exist yet, brings the configuration of existing ones up to date (an
 * older deployment's topics take on a changed cleanup policy or compaction window), and waits until
 * every partition has a leader. kafkajs' own `waitForLeaders` only retries LEADER_NOT_AVAILABLE, but a
 * KRaft broker briefly answers UNKNOWN_TOPIC_OR_PARTITION for a topic it has just created, so the
 * wait is done here and tolerates both.
 */
export async function ensureTopics(kafka: Kafka, topics: ReadonlyArray<TopicSpec>): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t.topic));
    if (missing.length > 0) {
      const replicationFactor = replicationFactors.get(kafka) ?? (await clusterReplicationFactor(admin));
      const { minInsyncReplicas } = replicasFor(replicationFactor);
      // One copy: the broker's default of one in sync is the only possible value, and is left to it.
      const durability = replicationFactor > 1 ? { 'min.insync.replicas': String(minInsyncReplicas) } : {};
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map((t) => ({
          topic: t.topic,
          numPartitions: t.partitions,
          replicationFactor,
          configEntries: Object.entries({ ...durability, ...t.config }).map(([name, value]) => ({ name, value })),
        })),
      });
    }
    // On a cluster, a broker asked may not know yet of a topic another broker created a moment ago.
    await whileTopicsNotReady(() => updateTopicConfigs(admin, topics.filter((t) => existing.has(t.topic) && t.config)));
    await waitForTopicLeaders(admin, topics.map((t) => t.topic));
  } finally {
    await admin.disconnect();
  }
}

/**
 * Sets each topic's `config` where it differs. AlterConfigs (kafkajs has no incremental variant)
 * replaces all of a topic's own settings (not those it inherits from the broker), so the other ones it
 * has are sent along unchanged.
 */
async function updateTopicConfigs(admin: Admin, topics: ReadonlyArray<TopicSpec>): Promise<void> {
  if (topics.length === 0) return;
  const { resources } = await admin.describeConfigs({ includeSynonyms: false, resources: topics.map((t) => ({ type: ConfigResourceTypes.TOPIC, name: t.topic })) });
  const stale = topics.flatMap((t) => {
    const own = new Map((resources.find((r) => r.resourceName === t.topic)?.configEntries ?? []).filter((e) => e.configSource === ConfigSource.TOPIC_CONFIG).map((e) => [e.configName, e.configValue]));
    const wanted = Object.entries(t.config!);
    if (wanted.every(([name, value]) => own.get(name) === value)) return [];
    for (const [name, value] of wanted) own.set(name, value);
    return [{ type: ConfigResourceTypes.TOPIC, name: t.topic, configEntries: [...own].map(([name, value]) => ({ name, value })) }];
  });
  if (stale.length > 0) await admin.alterConfigs({ validateOnly: false, resources: stale });
}

async function waitForTopicLeaders(admin: Admin, topics: string[]): Promise<void> {
  const deadline = Date.now() + TOPIC_READY_TIMEOUT_MS;
  let lastProblem = '';
  while (Date.now() < deadline) {
    try {
      const { topics: metadata } = await admin.fetchTopicMetadata({ topics });
      const leaderless = metadata.filter((t) => t.partitions.length === 0 || t.partitions.some((p) => p.leader < 0));
      if (leaderless.length === 0) return;
      lastProblem = `no leader yet for ${leaderless.map((t) => t.name).join(', ')}`;
    } catch (error) {
      if (!isTopicNotReady(error)) throw error;
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`topics ${topics.join(', ')} not ready after ${TOPIC_READY_TIMEOUT_MS} ms: ${lastProblem}`);
}

/**
 * The copies a topic gets on this cluster: the brokers' `default.replication.factor` (what the cluster was set up
 * for, also while one of its brokers is down, when creating with more copies than brokers alive fails and is tried
 * again rather than made with fewer for good), else one per broker alive, up to three.
 */
async function clusterReplicationFactor(admin: Admin): Promise<number> {
  const { brokers } = await admin.describeCluster();
  try {
    const { resources } = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.BROKER, name: String(brokers[0]!.nodeId), configNames: ['default.replication.factor'] }],
    });
    const configured = Number(resources[0]?.configEntries.find((e) => e.configName === 'default.replication.factor')?.configValue);
    if (Number.isInteger(configured) && configured >= 1) return configured;
  } catch {
    // A broker that does not say: counted below.
  }
  return replicasFor(brokers.length).replicationFactor;
}

async function whileTopicsNotReady(attempt: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + TOPIC_READY_TIMEOUT_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTopicNotReady(error) || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isTopicNotReady(error: unknown): boolean {
  const type = (error as { type?: string } | null)?.type;
  return type === 'UNKNOWN_TOPIC_OR_PARTITION' || type === 'LEADER_NOT_AVAILABLE' || (error as Error)?.name === 'KafkaJSNumberOfRetriesExceeded';
}
