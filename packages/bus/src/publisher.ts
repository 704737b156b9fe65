import { context, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import {
  ATTR_MESSAGING_DESTINATION_NAME,
  ATTR_MESSAGING_MESSAGE_ID,
  ATTR_MESSAGING_OPERATION_NAME,
  ATTR_MESSAGING_OPERATION_TYPE,
  ATTR_MESSAGING_SYSTEM,
  ATTR_MESSAGING_KAFKA_MESSAGE_KEY,
} from '@opentelemetry/semantic-conventions/incubating';
import type { RecordMetadata } from 'kafkajs';
import { envelopeJson } from './envelope-json';
import type { EventProducer } from './renewing-producer';
import type { OutboxEntry } from './outbox-entry';
import { contextFromHeaders, traceHeaders } from './trace-headers';

const tracer = trace.getTracer('@obp/bus');

/**
 * Publishes outbox entries in order (acks from all replicas), one PRODUCER span each, continuing
 * the trace of the request that wrote the entry. Returns where they were written.
 */
export async function publishEntries(producer: Pick<EventProducer, 'sendBatch'>, entries: readonly OutboxEntry[]): Promise<RecordMetadata[]> {
  const spans = entries.map((entry) =>
    tracer.startSpan(
      `${entry.topic} publish`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          [ATTR_MESSAGING_SYSTEM]: 'kafka',
          [ATTR_MESSAGING_OPERATION_TYPE]: 'send',
          [ATTR_MESSAGING_OPERATION_NAME]: 'publish',
          [ATTR_MESSAGING_DESTINATION_NAME]: entry.topic,
          [ATTR_MESSAGING_MESSAGE_ID]: entry.eventId,
          [ATTR_MESSAGING_KAFKA_MESSAGE_KEY]: entry.key,
          'obp.event.type': entry.envelope.type,
        },
      },
      contextFromHeaders(entry.traceHeaders),
    ),
  );
  const byTopic = new Map<string, Array<{ key: string; value: string | null; headers: Record<string, string> }>>();
  entries.forEach((entry, i) => {
    const ctx: Context = trace.setSpan(context.active(), spans[i]!);
    const list = byTopic.get(entry.topic) ?? [];
    list.push({
      key: entry.key,
      value: entry.tombstone ? null : envelopeJson(entry.envelope),
      headers: { ...traceHeaders(ctx), 'event-id': entry.eventId, 'event-type': entry.envelope.type },
    });
    byTopic.set(entry.topic, list);
  });
  try {
    const written = await producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
    spans.forEach((s) => s.end());
    return written;
  } catch (error) {
    spans.forEach((s) => {
      s.recordException(error as Error);
      s.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      s.end();
    });
    throw error;
  }
}
