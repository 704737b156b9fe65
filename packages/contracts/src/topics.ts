/** Topic names are `<domain>.<kind>.v<N>`; topics are created explicitly, never auto-created. */
export const Topics = {
  shareEvents: 'share.events.v1',
  /**
   * Everything about consents, their accounts and transactions. Compacted: every message has a
   * distinct key under its consent (`<consentId>`, `<consentId>/tx/...`), all of a consent's keys
   * share a partition (see `aggregatePartitioner` in @obp/bus), and erasure writes tombstones, so
   * a new consumer can rebuild from offset 0 and erased data leaves the log.
   */
  consentEvents: 'consent.events.v1',
  /** Analysis jobs created, completed and failed, keyed by job id. */
  analysisEvents: 'analysis.events.v1',
  /** Categorization feedback submitted, reviewed, superseded and retired, keyed by item id. */
  feedbackEvents: 'feedback.events.v1',
} as const;

export type TopicName = (typeof Topics)[keyof typeof Topics];

/** Topics with their partition counts, for explicit creation at start. */
export const topicSpecs: ReadonlyArray<{ topic: string; partitions: number; config?: Record<string, string> }> = [
  { topic: Topics.shareEvents, partitions: 3 },
  { topic: Topics.consentEvents, partitions: 3, config: { 'cleanup.policy': 'compact', 'min.compaction.lag.ms': '0', 'delete.retention.ms': '86400000' } },
  { topic: Topics.analysisEvents, partitions: 3 },
  { topic: Topics.feedbackEvents, partitions: 3 },
];

export const topicSpec = (topic: TopicName) => topicSpecs.find((t) => t.topic === topic)!;

/** Dead-letter topic of one consumer group on one topic. */
export const deadLetterTopic = (topic: string, groupId: string) => `${topic}.dlq.${groupId}`;
