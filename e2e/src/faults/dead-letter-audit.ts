import { deadLetterTopic } from '@obp/contracts';
import { parseSamples } from '../prometheus-samples';

/** A consumer group and a topic it reads. */
export interface Subscription {
  group: string;
  topic: string;
}

/**
 * The subscriptions a service's `/metrics` reports: every group it consumes in (`subscribe`, `subscribeRuns`, its share
 * grants) has its lag reported per topic; only those of `namespace`.
 */
export function subscriptionsInMetrics(text: string, namespace: string): Subscription[] {
  const found = new Map<string, Subscription>();
  for (const sample of parseSamples(text)) {
    const group = sample.labels.messaging_consumer_group_name;
    const topic = sample.labels.messaging_destination_name;
    if (sample.name !== 'messaging_kafka_consumer_lag' || !group?.startsWith(`${namespace}.`) || !topic) continue;
    found.set(`${group} ${topic}`, { group, topic });
  }
  return [...found.values()];
}

export interface DeadLetterAudit {
  /** The dead-letter topic of every subscription. */
  expected: string[];
  /** Expected dead-letter topics not on the cluster: a check of the topics found would pass without them. */
  missing: string[];
  /** Services that reported no subscription (their metrics not read, or the reading wrong). */
  servicesWithout: string[];
  /** Messages in each dead-letter topic found (expected or not). */
  deadLetters: Record<string, number>;
}

/**
 * Every subscription's dead-letter topic on the cluster, and what each dead-letter topic of the namespace holds
 * (`messagesInTopic`: the topics found and their messages). `services` each subscribe to something.
 */
export function deadLetterAudit(subscriptions: readonly Subscription[], messagesInTopic: ReadonlyMap<string, number>, namespace: string, services: readonly string[]): DeadLetterAudit {
  const expected = [...new Set(subscriptions.map((s) => deadLetterTopic(s.topic, s.group)))].sort();
  const deadLetters = Object.fromEntries([...messagesInTopic].filter(([topic]) => topic.startsWith(`${namespace}.`) && topic.includes('.dlq.')).sort(([a], [b]) => a.localeCompare(b)));
  return {
    expected,
    missing: expected.filter((topic) => !messagesInTopic.has(topic)),
    servicesWithout: services.filter((service) => !subscriptions.some((s) => s.group.startsWith(`${namespace}.${service}-`))),
    deadLetters,
  };
}
