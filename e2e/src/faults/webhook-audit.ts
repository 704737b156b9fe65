import type { ReceivedRequest } from '../recording-receiver';

/** A share as its app was told it went: created, each acknowledged expiration in order, deleted or not. */
export interface AcknowledgedShare {
  id: string;
  reference: string;
  expirations: string[];
  deleted: boolean;
}

export interface WebhookAudit {
  /** Requests the receiver got for these shares. */
  received: number;
  /** Requests beyond the first of each message (same webhook-id), and messages repeating the event just before them. */
  duplicates: number;
  /** Acknowledged events of which no message came. */
  missing: number;
  /** Shares whose messages, in the order they first came, are not the order in which the app was told they happened. */
  outOfOrder: number;
  /** A line per share that is missing an event or out of order (for the log). */
  wrong: string[];
}

/**
 * What an endpoint got for each acknowledged share, against what the app was told: every event at least
 * once (share.created, a share.updated per acknowledged expiration, share.deleted), first arrivals in that
 * order. A message sent again (same webhook-id), or a second message for the same change (an update applied
 * twice by a retried PUT), is a duplicate, which at-least-once delivery allows.
 */
export function auditShareWebhooks(requests: ReceivedRequest[], shares: AcknowledgedShare[]): WebhookAudit {
  const byShare = new Map<string, Array<{ messageId: string; key: string }>>();
  for (const request of requests) {
    const body = JSON.parse(request.body) as { type: string; data: { id: string; expirationDateUtc: string } };
    if (!body.type.startsWith('share.')) continue;
    const list = byShare.get(body.data.id) ?? [];
    list.push({ messageId: String(request.headers['webhook-id']), key: eventKey(body.type, body.data.expirationDateUtc) });
    byShare.set(body.data.id, list);
  }
  const audit: WebhookAudit = { received: 0, duplicates: 0, missing: 0, outOfOrder: 0, wrong: [] };
  for (const share of shares) {
    const got = byShare.get(share.id) ?? [];
    audit.received += got.length;
    const seen = new Set<string>();
    const firstArrivals = got.filter((m) => !seen.has(m.messageId) && seen.add(m.messageId)).map((m) => m.key);
    const arrived = firstArrivals.filter((key, i) => i === 0 || key !== firstArrivals[i - 1]);
    audit.duplicates += got.length - arrived.length;
    const expected = ['share.created', ...share.expirations.map((e) => eventKey('share.updated', e)), ...(share.deleted ? ['share.deleted'] : [])];
    const missing = expected.filter((key) => !arrived.includes(key));
    audit.missing += missing.length;
    const inOrder = missing.length === 0 && arrived.join() === expected.join();
    if (missing.length > 0 || !inOrder) {
      if (missing.length === 0) audit.outOfOrder++;
      audit.wrong.push(`share ${share.reference}: got ${JSON.stringify(arrived)}, expected ${JSON.stringify(expected)}`);
    }
  }
  return audit;
}

const eventKey = (type: string, expirationDateUtc: string) => (type === 'share.updated' ? `share.updated ${new Date(expirationDateUtc).toISOString()}` : type);
