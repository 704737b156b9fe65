import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { UnknownWebhookEventError, verifyWebhook, type WebhookEvent } from './verify-webhook';

const secret = `whsec_${Buffer.from('a signing secret of 32 bytes ...').toString('base64')}`;

/** A delivery as the platform sends it: the body and its Standard Webhooks headers. */
function signedDelivery(message: object, signingSecret = secret, at = new Date()) {
  const body = JSON.stringify(message);
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(signingSecret).sign(id, at, body) };
  return { body, headers };
}

const fetched = {
  type: 'transactions.fetched',
  timestamp: '2026-11-28T10:00:00.000Z',
  data: { consentId: '3f2a5c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b', userId: null, externalUserId: 'user-7', addedTransactionsCount: 412, dateTransactionsUpdated: '2026-11-28T10:00:00.000Z' },
};

/** What a receiver does with an event: the switch narrows `data` by `type`. */
function describeEvent(event: WebhookEvent): string {
  switch (event.type) {
    case 'transactions.fetched':
      return `${event.data.addedTransactionsCount} transactions for ${event.data.consentId}`;
    case 'analysis-job.failed':
      return `job ${event.data.analysisJobId} failed: ${event.data.failure.code}`;
    default:
      return event.type;
  }
}

describe('verifyWebhook', () => {
  it('returns the event of a delivery whose signature verifies, typed by its type', () => {
    const { body, headers } = signedDelivery(fetched);

    const event = verifyWebhook(secret, body, headers);

    expect(event).toEqual(fetched);
    expect(describeEvent(event)).toBe('412 transactions for 3f2a5c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b');
  });

  it('reads the headers of a fetch Request as well', () => {
    const { body, headers } = signedDelivery(fetched);

    expect(verifyWebhook(secret, Buffer.from(body), new Headers(headers)).type).toBe('transactions.fetched');
  });

  it('verifies while a rotated secret signs beside the new one', () => {
    const oldSecret = `whsec_${Buffer.from('the secret before the rotation..').toString('base64')}`;
    const { body, headers } = signedDelivery(fetched, oldSecret);
    const withBoth = { ...headers, 'webhook-signature': `${headers['webhook-signature']} ${new Webhook(secret).sign(headers['webhook-id'], new Date(Number(headers['webhook-timestamp']) * 1000), body)}` };

    expect(verifyWebhook(secret, body, withBoth).type).toBe('transactions.fetched');
  });

  it('refuses a body changed after signing, another secret, and an old timestamp', () => {
    const { body, headers } = signedDelivery(fetched);
    const otherSecret = `whsec_${Buffer.from('somebody else entirely, 32 bytes').toString('base64')}`;
    const old = signedDelivery(fetched, secret, new Date(Date.now() - 10 * 60_000));

    expect(() => verifyWebhook(secret, body.replace('412', '413'), headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(otherSecret, body, headers)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(secret, old.body, old.headers)).toThrow(WebhookVerificationError);
  });

  it('tells a verified message of a type it does not know (a platform newer than the client) from one that does not verify', () => {
    const { body, headers } = signedDelivery({ ...fetched, type: 'consent.exploded' });

    expect(() => verifyWebhook(secret, body, headers)).toThrow(UnknownWebhookEventError);
    expect(() => verifyWebhook(secret, body, headers)).toThrow(expect.objectContaining({ event: { type: 'consent.exploded', timestamp: fetched.timestamp, data: fetched.data } }));
    const notAnEvent = signedDelivery({ hello: 'world' });
    expect(() => verifyWebhook(secret, notAnEvent.body, notAnEvent.headers)).toThrow(WebhookVerificationError);
  });
});
