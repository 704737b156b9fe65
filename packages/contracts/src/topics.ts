/** Topic names are `<domain>.<kind>.v<N>`; topics are created explicitly, never auto-created. */
export const Topics = {
  /** Share created, updated and deleted, keyed by share id; a deleted share's events end in a tombstone. */
  shareEvents: 'share.events.v1',
  /**
   * Everything about consents, their accounts and transactions. Every message has a distinct key
   * under its consent (`<consentId>`, `<consentId>/tx/...`), all of a consent's keys share a
   * partition (see `aggregatePartitioner` in @obp/bus), and erasure writes tombstones, so a new
   * consumer can rebuild from offset 0 and erased data leaves the log.
   */
  consentEvents: 'consent.events.v1',
  /** Analysis jobs created, completed and failed, keyed by job id; a job computed from or naming an erased consent ends in a tombstone. */
  analysisEvents: 'analysis.events.v1',
  /** Categorization feedback submitted, reviewed, superseded, retired and erased, keyed by item id; an erased item ends in a tombstone. */
  feedbackEvents: 'feedback.events.v1',
} as const;

export type TopicName = (typeof Topics)[keyof typeof Topics];

/** Topics with their partition counts, for explicit creation at start; each is configured by `eventLogConfig`. */
export const topicSpecs: ReadonlyArray<{ topic: string; partitions: number }> = [
  { topic: Topics.shareEvents, partitions: 3 },
  { topic: Topics.consentEvents, partitions: 3 },
  { topic: Topics.analysisEvents, partitions: 3 },
  { topic: Topics.feedbackEvents, partitions: 3 },
];

/** `EVENT_LOG_ROLL_MS` in production (r): erased data leaves every topic within 4.5 r plus the cleaner's delays, 45 minutes. */
export const DEFAULT_EVENT_LOG_ROLL_MS = 600_000;

/**
 * The configuration of every topic, dead-letter topics included: compacted per key, so a key's
 * tombstone erases every earlier message of it, within a bounded time. With r = `rollMs`, after an
 * erasure's last write at t:
 *
 * - The cleaner never touches a partition's active segment, and a segment is rolled only when a record
 *   is appended after it is `segment.ms` (r) old: Kafka checks the roll on append, no timer rolls an
 *   idle segment. So whoever writes to a partition also appends a `LOG_ROLL_KEY` tombstone to it every
 *   r/2 for 5 r after (`LogRoller` in @obp/bus): the segment with the erased data and the tombstones
 *   rolls by t + 1.5 r.
 * - `max.compaction.lag.ms` = r: a rolled segment whose first record is older than r is cleaned at the
 *   cleaner's next look (broker `log.cleaner.backoff.ms`, 15 s by default, 1 s in infra/kafka),
 *   whatever the dirty ratio. That clean drops every message a later message of its key supersedes.
 * - `delete.retention.ms` = r: the tombstones themselves (their keys name the consent) are dropped by
 *   the first clean more than r after that one; the next roll but one brings it, by t + 4.5 r.
 * - `min.compaction.lag.ms` = 0: nothing is held back from compaction. A consumer that lags can miss
 *   messages a later one of their key replaced (also the `consent.deleted` its tombstone follows): the
 *   price of erasure within the hour. It still sees the tombstone (and consumers act on it, see
 *   `TombstoneHandler` in @obp/bus) if it reads within r of its writing: the first clean stamps it with
 *   `delete.retention.ms` to live, and that clean is not before it was written.
 */
export function eventLogConfig(rollMs: number): Record<string, string> {
  return {
    'cleanup.policy': 'compact',
    'segment.ms': String(rollMs),
    'max.compaction.lag.ms': String(rollMs),
    'min.compaction.lag.ms': '0',
    'delete.retention.ms': String(rollMs),
  };
}

/** The key of the tombstones that roll partitions (see `eventLogConfig`): no aggregate has it, and consumers skip these marks. */
export const LOG_ROLL_KEY = '~roll';

/** Dead-letter topic of one consumer group on one topic. */
export const deadLetterTopic = (topic: string, groupId: string) => `${topic}.dlq.${groupId}`;

/**
 * Where an operator puts a group's dead letters back (`replay-dead-letters` in @obp/bus): only that
 * group reads it, so no other group sees a replayed event again. Configured like the dead-letter topic.
 */
export const deadLetterReplayTopic = (topic: string, groupId: string) => `${topic}.replay.${groupId}`;

/** The headers a dead letter carries beside the original message's own. */
export const DeadLetterHeaders = {
  error: 'dlq-error',
  errorType: 'dlq-error-type',
  originalTopic: 'dlq-original-topic',
  originalPartition: 'dlq-original-partition',
  originalOffset: 'dlq-original-offset',
  failedAt: 'dlq-failed-at',
  /** Set on the copy of a dead letter put on the replay topic. */
  replayedAt: 'dlq-replayed-at',
} as const;
