import type { EventEnvelope } from '@obp/contracts';
import { envelopeJson, readEnvelope } from './envelope-json';

describe('envelopeJson', () => {
  const envelope: EventEnvelope = { id: 'e1', type: 'transactions.added', version: 3, occurredAt: '2026-11-29T10:00:00.000Z', ownerClientId: 'app', data: { amount: -12.5, text: 'é "quoted"' } };

  it('is the text an envelope was read from, not the text written again', () => {
    // Spaces JSON.stringify would not write: the text returned can only be the one read.
    const read = readEnvelope(JSON.stringify(envelope, null, 1));
    expect(read).toEqual(envelope);
    expect(envelopeJson(read)).toBe(JSON.stringify(envelope, null, 1));
  });

  it('writes an envelope not read from JSON, and one read from what JSON.stringify wrote is that text again', () => {
    expect(envelopeJson(envelope)).toBe(JSON.stringify(envelope));
    const written = JSON.stringify(envelope);
    expect(envelopeJson(readEnvelope(written))).toBe(JSON.stringify(JSON.parse(written)));
  });
});
