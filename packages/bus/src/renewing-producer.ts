import type { Producer, ProducerBatch, ProducerRecord, RecordMetadata } from 'kafkajs';
import type { Logger } from '@obp/telemetry';

/** What the platform's writers use of a producer. */
export type EventProducer = Pick<Producer, 'connect' | 'disconnect' | 'send' | 'sendBatch'>;

/**
 * Broker answers meaning that the broker and the producer disagree on the producer's sequence
 * numbers, or the broker no longer knows the producer: no send of this producer id succeeds again.
 */
const LOST_SEQUENCE = new Set(['OUT_OF_ORDER_SEQUENCE_NUMBER', 'UNKNOWN_PRODUCER_ID', 'INVALID_PRODUCER_EPOCH']);

export function lostProducerSequence(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  const { type, cause, errors } = error as { type?: unknown; cause?: unknown; errors?: unknown };
  if (typeof type === 'string' && LOST_SEQUENCE.has(type)) return true;
  if (cause !== error && lostProducerSequence(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => lostProducerSequence(e, depth + 1));
}

/**
 * An idempotent producer that never sends on a sequence the broker and it may disagree on.
 *
 * kafkajs takes back a partition's sequence numbers when a produce request fails without an
 * answer, also when the broker did write the batch (the answer was lost, the broker went down
 * after writing). The next send to that partition reuses them. With another number of messages
 * the broker refuses it as out of order, and every send after it: the producer never recovers by
 * itself. With the same number, the broker takes it for a repeat of the batch it has, answers
 * success, and writes nothing: an event lost without an error. So:
 * - after any failed send, the next one first replaces the producer (a new producer id, sequences
 *   from zero; as the Java client bumps the producer epoch), and sends nothing until that worked;
 * - sends go one at a time, so no send takes numbers another one's retry gave back meanwhile;
 * - a send the broker refused for its sequence is sent once more, at once, by the new producer.
 * A batch sent again under a new id may be in the log twice; consumers drop repeats by event id.
 */
export class RenewingProducer implements EventProducer {
  private current: Producer;
  private connected = false;
  /** Set when a send failed: the broker may hold what the producer took back. */
  private inDoubt = false;
  private queue: Promise<unknown> = Promise.resolve();
  private renewals = 0;

  constructor(
    private readonly create: () => Producer,
    private readonly logger?: Logger,
  ) {
    this.current = create();
  }

  /** How many times the producer was replaced. */
  get renewed(): number {
    return this.renewals;
  }

  async connect(): Promise<void> {
    await this.current.connect();
    this.connected = true;
  }

  async disconnect(): Promise<void> {
    this.connected = false;
    await this.current.disconnect();
  }

  send(record: ProducerRecord): Promise<RecordMetadata[]> {
    return this.oneAtATime(() => this.sendOnce((producer) => producer.send(record)));
  }

  sendBatch(batch: ProducerBatch): Promise<RecordMetadata[]> {
    return this.oneAtATime(() => this.sendOnce((producer) => producer.sendBatch(batch)));
  }

  private oneAtATime<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async sendOnce(send: (producer: Producer) => Promise<RecordMetadata[]>): Promise<RecordMetadata[]> {
    if (!this.connected) throw new Error('the producer is disconnected');
    if (this.inDoubt) await this.renew();
    try {
      return await send(this.current);
    } catch (error) {
      if (!this.connected) throw error;
      this.inDoubt = true;
      if (!lostProducerSequence(error)) throw error;
      this.logger?.warn({ err: error }, 'the broker refused the producer sequence; replacing the producer');
      try {
        await this.renew();
      } catch {
        throw error;
      }
      return send(this.current);
    }
  }

  /** Replaces the producer by a connected new one; throws, keeping it in doubt, when the new one cannot connect. */
  private async renew(): Promise<void> {
    const next = this.create();
    try {
      await next.connect();
    } catch (error) {
      await next.disconnect().catch(() => undefined);
      throw error;
    }
    const replaced = this.current;
    this.current = next;
    this.inDoubt = false;
    this.renewals++;
    await replaced.disconnect().catch(() => undefined);
  }
}
