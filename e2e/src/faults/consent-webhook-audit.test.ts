import type { ReceivedRequest } from '../recording-receiver';
import { auditConsentWebhooks } from './consent-webhook-audit';

const consentId = '7d6f1c84-0c1e-4d55-9b0e-3f4a2b1c0d9e';
let sent = 0;
const status = (value: string, at: string, messageId = `msg_${++sent}`): ReceivedRequest => ({
  path: '/hooks/app0',
  headers: { 'webhook-id': messageId },
  body: JSON.stringify({ type: 'consent.status.updated', data: { consentId, status: value, dateStatusUpdated: at } }),
});
const fetched = (at: string, messageId = `msg_${++sent}`): ReceivedRequest => ({
  path: '/hooks/app0',
  headers: { 'webhook-id': messageId },
  body: JSON.stringify({ type: 'transactions.fetched', data: { consentId, dateTransactionsUpdated: at, addedTransactionsCount: 3 } }),
});
const t = (second: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, second)).toISOString();
const told = [{ id: consentId, fetched: [t(3), t(8)] }];
/** Approved, fetched, refreshed and fetched again, as the webhooks service sends it. */
const asSent = () => [status('Authenticated', t(1)), status('Updating', t(2)), fetched(t(3)), status('Updated', t(3)), status('Updating', t(6)), fetched(t(8)), status('Updated', t(8))];

describe('auditConsentWebhooks', () => {
  it('passes a consent approved, fetched and refreshed, with a message sent twice and a failed attempt between', () => {
    const messages = asSent();
    messages.splice(5, 0, status('Failing', t(7)), status('Updating', t(7)));
    messages.push(messages[2]!);
    expect(auditConsentWebhooks(messages, told)).toEqual({ received: 10, missing: 0, outOfOrder: 0, wrong: [] });
  });

  it('allows a fetch the app did not see, between the ones it saw', () => {
    const messages = asSent();
    messages.splice(4, 0, status('Updating', t(4)), fetched(t(5)), status('Updated', t(5)));
    expect(auditConsentWebhooks(messages, told)).toMatchObject({ missing: 0, outOfOrder: 0 });
  });

  it('counts a fetch the app saw of which no message came, and the approval missing', () => {
    const messages = asSent().filter((_, i) => i !== 0 && i !== 5);
    const audit = auditConsentWebhooks(messages, told);
    expect(audit).toMatchObject({ missing: 2, outOfOrder: 0 });
    expect(audit.wrong[0]).toContain(`missing status Authenticated, fetched ${t(8)}`);
  });

  it('counts a consent whose last message is not its status Updated as missing one', () => {
    expect(auditConsentWebhooks(asSent().slice(0, -1), told)).toMatchObject({ missing: 1, outOfOrder: 0 });
  });

  it('finds the fetches out of order', () => {
    const messages = asSent();
    [messages[2], messages[5]] = [messages[5]!, messages[2]!];
    expect(auditConsentWebhooks(messages, told)).toMatchObject({ missing: 0, outOfOrder: 1 });
  });

  it('finds a status that came after a later one', () => {
    const messages = asSent();
    [messages[3], messages[4]] = [messages[4]!, messages[3]!];
    expect(auditConsentWebhooks(messages, told)).toMatchObject({ missing: 0, outOfOrder: 1 });
  });

  it('finds a fetch not followed by its status Updated', () => {
    const messages = asSent().filter((_, i) => i !== 3);
    expect(auditConsentWebhooks(messages, told)).toMatchObject({ missing: 0, outOfOrder: 1 });
  });
});
