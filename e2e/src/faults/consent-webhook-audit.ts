import type { ReceivedRequest } from '../recording-receiver';

/** A consent as its app was told it went: approved, then `Updated` with each of these `dateTransactionsUpdated` in turn. */
export interface ToldConsent {
  id: string;
  fetched: string[];
}

export interface ConsentWebhookAudit {
  /** Requests the receiver got for these consents. */
  received: number;
  /** Told steps of which no message came: the approval, each fetch the app saw, the status `Updated` after the last. */
  missing: number;
  /** Consents whose messages, in the order they first came, are not in the order the consent went through them. */
  outOfOrder: number;
  /** A line per consent that is missing a message or out of order (for the log). */
  wrong: string[];
}

/**
 * What an endpoint got for each consent, against what its app was told: `consent.status.updated` with `Authenticated`
 * first, then for each fetch a `transactions.fetched` followed by the status `Updated`. In the order the messages first
 * came (one webhook-id counts once; a repeat of the message just before is a duplicate): the statuses' times never go
 * back, the fetches' times rise, every fetch the app saw is there, in its order, and a status `Updated` follows each
 * fetch. `Updating` and `Failing` between them come and go with the fetches' attempts and are not counted; a fetch the
 * app did not see (a refresh retried after it was applied) is allowed.
 */
export function auditConsentWebhooks(requests: readonly ReceivedRequest[], consents: readonly ToldConsent[]): ConsentWebhookAudit {
  const byConsent = new Map<string, Array<{ messageId: string; step: Step }>>();
  for (const request of requests) {
    const body = JSON.parse(request.body) as { type: string; data: { consentId?: string; status?: string; dateStatusUpdated?: string; dateTransactionsUpdated?: string } };
    if (body.type !== 'consent.status.updated' && body.type !== 'transactions.fetched') continue;
    const step: Step = body.type === 'transactions.fetched' ? { kind: 'fetched', at: Date.parse(body.data.dateTransactionsUpdated!) } : { kind: 'status', status: body.data.status!, at: Date.parse(body.data.dateStatusUpdated!) };
    const list = byConsent.get(body.data.consentId!) ?? [];
    list.push({ messageId: String(request.headers['webhook-id']), step });
    byConsent.set(body.data.consentId!, list);
  }
  const audit: ConsentWebhookAudit = { received: 0, missing: 0, outOfOrder: 0, wrong: [] };
  for (const consent of consents) {
    const got = byConsent.get(consent.id) ?? [];
    audit.received += got.length;
    const seen = new Set<string>();
    const arrived = got.filter((m) => !seen.has(m.messageId) && seen.add(m.messageId)).map((m) => m.step);
    const statuses = arrived.filter((s): s is StatusStep => s.kind === 'status');
    const fetches = arrived.filter((s) => s.kind === 'fetched').map((s) => s.at);
    const told = consent.fetched.map((d) => Date.parse(d));
    const steps = arrived.filter((s) => s.kind === 'fetched' || (s.status !== 'Updating' && s.status !== 'Failing')).map(stepName).filter((s, i, all) => i === 0 || s !== all[i - 1]);
    const missing = [
      ...(statuses.some((s) => s.status === 'Authenticated') ? [] : ['status Authenticated']),
      ...told.filter((at) => !fetches.includes(at)).map((at) => `fetched ${new Date(at).toISOString()}`),
      ...(steps.at(-1) === 'status Updated' ? [] : ['status Updated at the end']),
    ];
    const inOrder =
      steps[0] === 'status Authenticated' &&
      statuses.every((s, i) => i === 0 || s.at >= statuses[i - 1]!.at) &&
      fetches.every((at, i) => i === 0 || at > fetches[i - 1]!) &&
      told.every((at, i) => i === 0 || fetches.indexOf(at) > fetches.indexOf(told[i - 1]!)) &&
      steps.every((s, i) => !s.startsWith('fetched') || steps[i + 1] === 'status Updated');
    audit.missing += missing.length;
    if (missing.length > 0 || !inOrder) {
      if (missing.length === 0) audit.outOfOrder++;
      audit.wrong.push(`consent ${consent.id}: got ${JSON.stringify(arrived.map(stepName))}, told fetched ${JSON.stringify(consent.fetched)}${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}`);
    }
  }
  return audit;
}

type StatusStep = { kind: 'status'; status: string; at: number };
type Step = StatusStep | { kind: 'fetched'; at: number };

const stepName = (step: Step) => (step.kind === 'fetched' ? `fetched ${new Date(step.at).toISOString()}` : `status ${step.status}`);
