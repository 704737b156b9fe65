import { createKafka } from '@obp/bus';
import type { ConsentData } from '@obp/consent-data';
import type { paths } from '@obp/client';
import { parseEnvelope, type ConsentDto, type EventEnvelope } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { uniqueName, waitFor } from '@obp/testkit';
import type { Stack } from './harness';

const logger = createLogger('test', 'silent');

export interface RecordedMessage {
  key: string | null;
  /** null for a tombstone. */
  event: EventEnvelope | null;
}

/** Every message of a topic from its start, duplicates included: for proving nothing is doubled. */
export async function recordTopic(brokers: string[], topic: string) {
  const kafka = createKafka(uniqueName('recorder'), brokers, logger);
  const consumer = kafka.consumer({ groupId: uniqueName('recorder') });
  const messages: RecordedMessage[] = [];
  /** The next offset to read, by partition. */
  const readUpTo = new Map<number, bigint>();
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ partition, message }) => {
      readUpTo.set(partition, BigInt(message.offset) + 1n);
      const key = message.key?.toString() ?? null;
      if (message.value === null) {
        messages.push({ key, event: null });
        return;
      }
      const parsed = parseEnvelope(JSON.parse(message.value.toString()));
      if ('error' in parsed) throw new Error(parsed.error);
      messages.push({ key, event: parsed });
    },
  });
  return {
    messages,
    events: (type: string) => messages.filter((m) => m.event?.type === type).map((m) => m.event!),
    /** Every partition read up to where it ended when this was called (partitions are read each at its own pace). */
    caughtUp: async () => {
      const admin = kafka.admin();
      await admin.connect();
      const ends = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
      await waitFor(() => ends.every((p) => BigInt(p.high) <= (readUpTo.get(p.partition) ?? BigInt(p.low))), { what: `the end of every partition of ${topic}`, timeoutMs: 30_000, intervalMs: 100 });
    },
    stop: () => consumer.disconnect(),
  };
}

export const redirectUrl = 'https://app.example.test/consent-done?from=test';

export type CreateConsentBody = paths['/consents']['post']['requestBody']['content']['application/json'];

/** Creates a consent on the sandbox retail bank through the generated client (with an Idempotency-Key, as it sends one). */
export async function createConsent(stack: Stack, token: string, body: Partial<CreateConsentBody> = {}) {
  const { data } = await stack.clientWithToken(token).POST('/consents', { body: { providerKey: 'sandbox-retail', redirectUrl, ...body } });
  return { consentId: data.consentId, consentUrl: bankConsentUrl(data.consentUrl) };
}

/** A bank consent's consentUrl: only a statement-upload consent has none. */
export function bankConsentUrl(consentUrl: string | null): string {
  if (consentUrl === null) throw new Error('a bank consent was created without a consentUrl');
  return consentUrl;
}

/** Plays the user on the sandbox bank page: opens the consentUrl and presses a button. */
export async function decide(consentUrl: string, decision: 'approve' | 'decline'): Promise<{ pageStatus: number; location: URL }> {
  const page = await fetch(consentUrl);
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const res = await fetch(new URL(action, consentUrl), {
    method: 'POST',
    body: new URLSearchParams({ consentId: field('consentId'), state: field('state'), decision }),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`decision answered ${res.status}: ${await res.text()}`);
  return { pageStatus: page.status, location: new URL(res.headers.get('location')!) };
}

export async function getConsent(stack: Stack, token: string, id: string): Promise<ConsentDto> {
  const { data } = await stack.clientWithToken(token).GET('/consents/{id}', { params: { path: { id } } });
  return data.data;
}

export async function waitForStatus(stack: Stack, token: string, id: string, status: string, timeoutMs = 30_000): Promise<ConsentDto> {
  return waitFor(
    async () => {
      const consent = await getConsent(stack, token, id);
      return consent.status === status ? consent : undefined;
    },
    { what: `consent ${id} to be ${status}`, timeoutMs, intervalMs: 100 },
  );
}

/** A connected consent with its data fetched. */
export async function connectedConsent(stack: Stack, token: string, body: Partial<CreateConsentBody> = {}) {
  const created = await createConsent(stack, token, body);
  await decide(created.consentUrl, 'approve');
  const consent = await waitForStatus(stack, token, created.consentId, 'Updated');
  return { ...created, consent };
}

/** Waits until a service's projection of consent events knows the consent and its accounts (whose they are). */
export const seenBy = (projection: ConsentData, consentId: string, accountIds: string[] = []) =>
  waitFor(async () => (await projection.consent(consentId)) !== null && (await projection.accountsById(accountIds)).length === accountIds.length, {
    what: `consent ${consentId} and its accounts to reach the projection`,
  });
