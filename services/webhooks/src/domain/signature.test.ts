import { Webhook } from 'standardwebhooks';
import { newSigningKey, secretOf, signatureHeader, signedHeaders } from './signature';

describe('Standard Webhooks signatures', () => {
  const body = JSON.stringify({ type: 'webhook.ping', timestamp: '2030-01-01T00:00:00.000Z', data: { webhookId: 'x' } });

  it('signs id.timestamp.body with the decoded key, verifiable by the standardwebhooks package', () => {
    const key = newSigningKey();
    const headers = signedHeaders([key], 'msg_1', new Date(), body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secretOf(key)).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('puts one signature per key in the header, each verifiable with its own secret', () => {
    const [current, previous] = [newSigningKey(), newSigningKey()];
    const headers = signedHeaders([current, previous], 'msg_2', new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(secretOf(current)).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(secretOf(previous)).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(secretOf(newSigningKey())).verify(body, headers)).toThrow();
  });

  it('uses unix seconds as the timestamp, and a changed body no longer verifies', () => {
    const key = newSigningKey();
    const at = new Date();
    const headers = signedHeaders([key], 'msg_3', at, body);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(() => new Webhook(secretOf(key)).verify(`${body} `, headers)).toThrow();
  });

  it('is deterministic for one id, timestamp and body', () => {
    const key = newSigningKey();
    expect(signatureHeader([key], 'msg_4', 1_700_000_000, body)).toBe(signatureHeader([key], 'msg_4', 1_700_000_000, body));
  });
});
