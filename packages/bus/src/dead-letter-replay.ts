import { randomUUID } from 'node:crypto';
import type { Kafka, KafkaMessage } from 'kafkajs';
import { DeadLetterHeaders, deadLetterReplayTopic, deadLetterTopic, eventLogConfig, LOG_ROLL_KEY, type EventLogTiming } from '@obp/contracts';
import { headerText } from './consumer';
import { createProducer, ensureTopics } from './kafka';

/** A dead letter as the replay reports it. */
export interface DeadLetter {
  key: string;
  offset: string;
  /** The event's id and type, when the message is an event envelope. */
  eventId: string | null;
  eventType: string | null;
  tombstone: boolean;
  failedAt: string | null;
  error: string | null;
}

export interface DeadLetterReplayOptions {
  kafka: Kafka;
  /** The topic the group consumes, as named in Kafka (with the deployment's namespace). */
  topic: string;
  groupId: string;
  /** Only dead letters that failed at or after this instant. */
  since?: Date;
  /** Lists what would be replayed and writes nothing. */
  dryRun?: boolean;
  /** `EVENT_LOG_ROLL_MS` and `EVENT_LOG_LAG_BOUND_MS`: the replay topic is created like the dead-letter topic if the group has not yet. */
  eventLog: EventLogTiming;
  /** Longest wait for reading the dead-letter topic to its end. */
  readTimeoutMs?: number;
}

export interface DeadLetterReplayReport {
  deadLetterTopic: string;
  replayTopic: string;
  /** Put on the replay topic (or, in a dry run, would be). */
  replayed: DeadLetter[];
  /** Dead letters left where they are: keyless ones (no record ties them to a key) and those failed before `since`. */
  skipped: Array<DeadLetter & { reason: 'no key' | 'before since' }>;
  /** Keys whose dead letters an erasure or a later message of the key superseded (a tombstone follows them). */
  superseded: number;
}

/**
 * Puts the dead letters of one consumer group on one topic back on the group's replay topic, which
 * only that group reads (see `IdempotentConsumer`): no other group sees the events again, and the
 * original topic's log is left as it is. Reads the dead-letter topic up to its end at the start;
 * of each key only the newest entry counts, as compaction keeps only it: a dead letter is replayed,
 * a tombstone (an erasure or a later message of the key that the group applied) means nothing is
 * left to replay. The consumer applies a replayed dead letter only if its key is still
 * dead-lettered when it reads it, so running this twice, or after the key moved on, does no harm.
 */
export async function replayDeadLetters(options: DeadLetterReplayOptions): Promise<DeadLetterReplayReport> {
  const source = deadLetterTopic(options.topic, options.groupId);
  const replayTopic = deadLetterReplayTopic(options.topic, options.groupId);
  const newest = new Map<string, KafkaMessage>();
  for (const message of await readToEnd(options.kafka, source, options.readTimeoutMs ?? 30_000)) {
    const key = message.key?.toString('utf8');
    if (key !== undefined && key !== LOG_ROLL_KEY) newest.set(key, message);
  }
  const report: DeadLetterReplayReport = { deadLetterTopic: source, replayTopic, replayed: [], skipped: [], superseded: 0 };
  const toReplay: KafkaMessage[] = [];
  for (const [key, message] of newest) {
    if (headerText(message, DeadLetterHeaders.originalTopic) === undefined) {
      report.superseded++;
      continue;
    }
    const letter = deadLetterOf(key, message);
    if (key.startsWith('~unkeyed/')) report.skipped.push({ ...letter, reason: 'no key' });
    else if (options.since && (letter.failedAt === null || new Date(letter.failedAt) < options.since)) report.skipped.push({ ...letter, reason: 'before since' });
    else {
      report.replayed.push(letter);
      toReplay.push(message);
    }
  }
  if (options.dryRun || toReplay.length === 0) return report;
  await ensureTopics(options.kafka, [{ topic: replayTopic, partitions: 1, config: eventLogConfig(options.eventLog) }]);
  const producer = createProducer(options.kafka);
  await producer.connect();
  try {
    const replayedAt = new Date().toISOString();
    await producer.send({
      topic: replayTopic,
      acks: -1,
      messages: toReplay.map((m) => ({ key: m.key, value: m.value, headers: { ...m.headers, [DeadLetterHeaders.replayedAt]: replayedAt } })),
    });
  } finally {
    await producer.disconnect();
  }
  return report;
}

function deadLetterOf(key: string, message: KafkaMessage): DeadLetter {
  const envelope = parseLoosely(message.value);
  return {
    key,
    offset: message.offset,
    eventId: typeof envelope?.id === 'string' ? envelope.id : null,
    eventType: typeof envelope?.type === 'string' ? envelope.type : null,
    tombstone: message.value === null,
    failedAt: headerText(message, DeadLetterHeaders.failedAt) ?? null,
    error: headerText(message, DeadLetterHeaders.error) ?? null,
  };
}

/** The fields of a message that is a JSON object; null for anything else (a dead letter may be unreadable). */
function parseLoosely(value: Buffer | null): Record<string, unknown> | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Every message of a topic up to its end when called, read in a consumer group of its own that is deleted afterwards. */
async function readToEnd(kafka: Kafka, topic: string, timeoutMs: number): Promise<KafkaMessage[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const ends = new Map((await admin.fetchTopicOffsets(topic)).filter((p) => BigInt(p.high) > BigInt(p.low)).map((p) => [p.partition, BigInt(p.high)]));
    if (ends.size === 0) return [];
    const groupId = `${topic}.reader.${randomUUID().slice(0, 8)}`;
    const reader = kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: 500 });
    const messages: KafkaMessage[] = [];
    try {
      await reader.connect();
      await reader.subscribe({ topic, fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${topic} was not read to its end within ${timeoutMs} ms`)), timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        reader
          .run({
            eachMessage: async ({ partition, message }) => {
              const end = ends.get(partition);
              if (end === undefined) return;
              messages.push(message);
              if (BigInt(message.offset) + 1n >= end) ends.delete(partition);
              if (ends.size === 0) done();
            },
          })
          .catch(reject);
      });
    } finally {
      await reader.disconnect();
      await admin.deleteGroups([groupId]).catch(() => undefined);
    }
    return messages;
  } finally {
    await admin.disconnect();
  }
}
