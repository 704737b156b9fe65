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

/**
 * How a topic's log is kept (`EVENT_LOG_ROLL_MS` and `EVENT_LOG_LAG_BOUND_MS` of every service):
 * - `rollMs` (r): how soon after it is written a segment can roll, and how long a tombstone is kept
 *   once compaction has reached it;
 * - `lagBoundMs` (L): how long every message stays, superseded or not: a consumer that is less than L
 *   behind the head of the log reads every event written, not only each key's latest.
 */
export interface EventLogTiming {
  rollMs: number;
  lagBoundMs: number;
}

/** Production: segments roll after 10 minutes; a consumer may lag 24 hours and still read every event; erased data leaves every topic within L + 6.5 r plus the cleaner's delays, about 25 hours. */
export const DEFAULT_EVENT_LOG_TIMING: EventLogTiming = { rollMs: 600_000, lagBoundMs: 86_400_000 };

/**
 * The configuration of every topic, dead-letter topics included: compacted per key, so a key's
 * tombstone erases every earlier message of it, within a bounded time, and no message is compacted
 * before it is `lagBoundMs` (L) old. With r = `rollMs`, after an erasure's last write at t:
 *
 * - The cleaner never touches a partition's active segment, and a segment is rolled only when a record
 *   is appended after it is `segment.ms` (r) old: Kafka checks the roll on append, no timer rolls an
 *   idle segment. So whoever writes to a partition also appends a `LOG_ROLL_KEY` tombstone to it every
 *   r/2 for 5 r after (`LogRoller` in @obp/bus), then every p = min(5 r, L/2) until about t + L + 5 r + 2 p:
 *   the segment with the erased data and the tombstones rolls by t + 1.5 r, and the later marks fill segments
 *   that become cleanable one after the other until the end.
 * - `min.compaction.lag.ms` = L: the cleaner compacts only segments whose newest record is older than L.
 *   Every event, also one a later event of its key supersedes, therefore stays at least L: a consumer
 *   that stopped, crashed or fell behind by less than L misses nothing (the bound the runbook states).
 * - `max.compaction.lag.ms` = L + r (Kafka requires it to be at least the minimum): a rolled segment whose
 *   first record is older than that is cleaned at the cleaner's next look (broker `log.cleaner.backoff.ms`,
 *   15 s by default, 1 s in infra/kafka) as soon as the minimum allows, whatever the dirty ratio. The
 *   first clean that reaches the erasure's segment, by t + L + 1.5 r, drops every message a later message
 *   of its key supersedes: the erased data.
 * - `delete.retention.ms` = r: the first clean that reaches the tombstones themselves (their keys name
 *   the consent) stamps them to go r later, and the next clean after that drops them. A clean needs a
 *   rolled segment that is dirty and older than L, which the sparse marks bring by t + L + 6.5 r (p = 5 r).
 *   They keep coming for the whole bound, so a cleaner busy elsewhere that makes its first pass up to about
 *   L late still finds a next one; sparse, so that they do not keep the one cleaner thread busy themselves.
 *   A consumer less than L behind reads them (and the events before them) before any of it goes.
 */
export function eventLogConfig({ rollMs, lagBoundMs }: EventLogTiming): Record<string, string> {
  return {
    'cleanup.policy': 'compact',
    'segment.ms': String(rollMs),
    'max.compaction.lag.ms': String(lagBoundMs + rollMs),
    'min.compaction.lag.ms': String(lagBoundMs),
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
