import type { EventEnvelope } from '@obp/contracts';

/**
 * Envelopes read from JSON with the text they were read from (`readEnvelope`): the relay reads a large outbox entry
 * from its compressed JSON, measures it and publishes it as JSON, and writing the same text again, twice, cost more
 * than reading it. Weakly held: an envelope's text goes with it.
 */
const texts = new WeakMap<EventEnvelope, string>();

/** The envelope written as JSON: the text it was read from, when `readEnvelope` read it (it is never changed after), else written now. */
export function envelopeJson(envelope: EventEnvelope): string {
  return texts.get(envelope) ?? JSON.stringify(envelope);
}

/** The envelope `json` holds (as `JSON.stringify` wrote it), remembered with that text for `envelopeJson`. */
export function readEnvelope(json: string): EventEnvelope {
  const envelope = JSON.parse(json) as EventEnvelope;
  texts.set(envelope, json);
  return envelope;
}
