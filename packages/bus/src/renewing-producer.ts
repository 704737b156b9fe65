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
 * An idempotent producer that replaces itself (a new producer id, sequences from zero) when the
 * broker refuses its sequence, then sends once more.
 *
 * kafkajs takes back a partition's sequence numbers when a produce request fails without an
 * answer, also when the broker did write the batch (the answer was lost, the broker went down
 * after writing). Its next send to that partition with other messages is then out of order, and
 * so is every send after it: the producer never recovers by itself. The Java client bumps the
 * producer epoch in that case; this does the equivalent. A batch sent again under the new id may
 * be in the log twice; consumers drop repeats by event id.
 */
export class RenewingProducer implements EventProducer {
  private current: Producer;
  private connected = false;
  private renewal: Promise<void> | null = null;
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
    await this.renewal?.catch(() => undefined);
    await this.current.disconnect();
  }

  send(record: ProducerRecord): Promise<RecordMetadata[]> {
    return this.withRenewal((producer) => producer.send(record));
  }

  sendBatch(batch: ProducerBatch): Promise<RecordMetadata[]> {
    return this.withRenewal((producer) => producer.sendBatch(batch));
  }

  private async withRenewal(send: (producer: Producer) => Promise<RecordMetadata[]>): Promise<RecordMetadata[]> {
    const producer = this.current;
    try {
      return await send(producer);
    } catch (error) {
      if (!lostProducerSequence(error) || !this.connected) throw error;
      this.logger?.warn({ err: error }, 'the broker refused the producer sequence; replacing the producer');
      try {
        await this.renew(producer);
      } catch {
        throw error;
      }
      return send(this.current);
    }
  }

  /** Replaces `failed` unless a concurrent send already did; connects the new one before it is used. */
  private async renew(failed: Producer): Promise<void> {
    while (this.current === failed) {
      if (this.renewal === null) {
        this.renewal = (async () => {
          const next = this.create();
          try {
            await next.connect();
          } catch (error) {
            await next.disconnect().catch(() => undefined);
            throw error;
          }
          this.current = next;
          this.renewals++;
          await failed.disconnect().catch(() => undefined);
        })().finally(() => (this.renewal = null));
      }
      await this.renewal;
    }
  }
}
