import { metrics, type ObservableResult } from '@opentelemetry/api';
import { ATTR_MESSAGING_CONSUMER_GROUP_NAME, ATTR_MESSAGING_DESTINATION_NAME, ATTR_MESSAGING_DESTINATION_PARTITION_ID } from '@opentelemetry/semantic-conventions/incubating';
import type { Admin, Kafka } from 'kafkajs';

interface PartitionLag {
  groupId: string;
  topic: string;
  partition: number;
  lag: number;
}

/**
 * `messaging.kafka.consumer.lag` of a service's consumer groups, per group and partition: the
 * partition's end offset less the group's committed offset (less the partition's start while the group
 * has committed nothing: groups read from the beginning). Asked of the broker when the metrics are
 * collected, and only then (no timer): an idle group reports 0, a stalled one its growing lag. Reads
 * that overlap (two metric readers) share one.
 */
export class ConsumerLag {
  private readonly groups: Array<{ groupId: string; topics: string[] }> = [];
  private readonly gauge = metrics.getMeter('@obp/bus').createObservableGauge('messaging.kafka.consumer.lag', {
    description: 'Messages of a partition the consumer group has not committed yet',
    unit: '{message}',
  });
  private admin: Admin | undefined;
  private reading: Promise<PartitionLag[]> | undefined;
  private observing = false;

  constructor(private readonly kafka: Kafka) {}

  /** Reports the lag of `groupId` on `topics` from `start()` on. */
  watch(groupId: string, topics: string[]): void {
    this.groups.push({ groupId, topics });
  }

  start(): void {
    if (this.observing || this.groups.length === 0) return;
    this.gauge.addCallback(this.observe);
    this.observing = true;
  }

  async stop(): Promise<void> {
    this.gauge.removeCallback(this.observe);
    this.observing = false;
    await this.reading?.catch(() => undefined);
    await this.admin?.disconnect().catch(() => undefined);
    this.admin = undefined;
  }

  private readonly observe = async (result: ObservableResult): Promise<void> => {
    for (const { groupId, topic, partition, lag } of await this.read()) {
      result.observe(lag, { [ATTR_MESSAGING_CONSUMER_GROUP_NAME]: groupId, [ATTR_MESSAGING_DESTINATION_NAME]: topic, [ATTR_MESSAGING_DESTINATION_PARTITION_ID]: String(partition) });
    }
  };

  private read(): Promise<PartitionLag[]> {
    if (!this.reading) {
      this.reading = this.readFromBroker().finally(() => {
        this.reading = undefined;
      });
    }
    return this.reading;
  }

  private async readFromBroker(): Promise<PartitionLag[]> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    const admin = this.admin;
    const ends = new Map<string, Map<number, { high: number; low: number }>>();
    const lags: PartitionLag[] = [];
    for (const { groupId, topics } of this.groups) {
      for (const topic of topics) {
        if (!ends.has(topic)) ends.set(topic, new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, { high: Number(p.high), low: Number(p.low) }])));
      }
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
        for (const { partition, offset } of partitions) {
          const end = ends.get(topic)?.get(partition);
          if (!end) continue;
          const committed = Number(offset);
          lags.push({ groupId, topic, partition, lag: Math.max(0, end.high - (committed < 0 ? end.low : committed)) });
        }
      }
    }
    return lags;
  }
}
