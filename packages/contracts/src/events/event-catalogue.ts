import type { z } from 'zod/v4';

/**
 * The events of one topic: each event type with the schema of its `data`. Producers build
 * envelopes from it and consumers subscribe to its types and get parsed, typed data.
 */
export interface EventCatalogue<T extends Record<string, z.ZodType> = Record<string, z.ZodType>> {
  topic: string;
  types: T;
}

export const defineEvents = <const T extends Record<string, z.ZodType>>(topic: string, types: T): EventCatalogue<T> => ({ topic, types });

export type EventTypeOf<C extends EventCatalogue> = Extract<keyof C['types'], string>;
export type EventDataOf<C extends EventCatalogue, K extends EventTypeOf<C>> = z.output<C['types'][K]>;
