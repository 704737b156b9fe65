import { z } from 'zod/v4';

/** Every event on every topic travels in this envelope (events are JSON, keyed by aggregate id). */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime({ offset: true }),
  ownerClientId: z.string().min(1),
  data: z.unknown(),
});

export interface EventEnvelope<TData = unknown, TType extends string = string> {
  id: string;
  type: TType;
  /** The version of its aggregate the event leaves (events written through an `AggregateStore`); 1 otherwise. */
  version: number;
  occurredAt: string;
  ownerClientId: string;
  data: TData;
}

export function parseEnvelope(raw: unknown): EventEnvelope | { error: string } {
  const result = eventEnvelopeSchema.safeParse(raw);
  if (!result.success) {
    return { error: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  }
  return result.data;
}
