// What the fault tests check of shares after the faults: every share once in its app's list, its events on the topic.
import { setTimeout as sleep } from 'node:timers/promises';
import { createKafka } from '@obp/bus';
import { connectDatabase, database } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { uniqueName, waitFor } from '@obp/testkit';
import type { RetryingClient } from './retrying-client';
import type { AcknowledgedShare } from './webhook-audit';

const quiet = createLogger('fault-injection', 'silent');

/** A share a worker made, as its app was told: each expiration it set and was told was applied, and whether it was deleted. */
export interface ShareRecord extends AcknowledgedShare {
  app: number;
}

/**
 * Every share exactly once in its app's `GET /shares`, with the last state its app was told was applied: how many
 * are missing (lost) and how many are there more than once or were never made (doubled).
 */
export async function sharesListedOnce(apps: ReadonlyArray<{ api: RetryingClient }>, shares: readonly ShareRecord[]): Promise<{ lost: number; doubled: number }> {
  let lost = 0;
  let doubled = 0;
  for (const [app, { api }] of apps.entries()) {
    const listed: Array<{ id: string; reference: string | null; expirationDateUtc: string }> = [];
    for (let page = 1; ; page++) {
      const answer = await api.call('GET', `/shares?page=${page}&pageSize=500`, { done: (s) => s === 200 });
      const body = JSON.parse(answer.text) as { data: typeof listed; _pagination: { totalPages: number } };
      listed.push(...body.data);
      if (page >= body._pagination.totalPages) break;
    }
    for (const record of shares.filter((s) => s.app === app)) {
      const found = listed.filter((s) => s.reference === record.reference);
      const expected = record.deleted ? 0 : 1;
      if (found.length < expected) lost++;
      if (found.length > expected) doubled++;
      if (found.length === 1 && !record.deleted) expect({ reference: record.reference, expiration: Date.parse(found[0]!.expirationDateUtc) }).toEqual({ reference: record.reference, expiration: Date.parse(record.expirations.at(-1)!) });
    }
    const known = new Set(shares.map((s) => s.reference));
    doubled += listed.filter((s) => !known.has(s.reference ?? '')).length;
  }
  return { lost, doubled };
}

/** The shares whose events on the topic are not what their app was told, with what was read (a duplicate of one event may appear: delivery is at least once). */
async function sharesOutOfOrder(brokers: string[], topic: string, shares: readonly ShareRecord[]): Promise<string[]> {
  const byShare = new Map<string, Array<{ id: string; type: string; expirationDateUtc: string }>>();
  for (const message of await readTopic(brokers, topic)) {
    if (message.value === null) continue;
    const event = JSON.parse(message.value) as { id: string; type: string; data: { id: string; expirationDateUtc: string } };
    const list = byShare.get(event.data.id) ?? [];
    if (!list.some((e) => e.id === event.id)) list.push({ id: event.id, type: event.type, expirationDateUtc: event.data.expirationDateUtc });
    byShare.set(event.data.id, list);
  }
  const wrong: string[] = [];
  for (const record of shares) {
    const seen = byShare.get(record.id) ?? [];
    const updates = seen.filter((e) => e.type === 'share.updated').map((e) => Date.parse(e.expirationDateUtc));
    const distinctUpdates = updates.filter((t, i) => i === 0 || t !== updates[i - 1]);
    const types = seen.map((e) => e.type).filter((t, i, all) => i === 0 || t !== all[i - 1] || t === 'share.updated');
    const expectedTypes = ['share.created', ...record.expirations.map(() => 'share.updated'), ...(record.deleted ? ['share.deleted'] : [])];
    const inOrder = distinctUpdates.join() === record.expirations.map((e) => Date.parse(e)).join() && types.filter((t) => t !== 'share.updated').join() === expectedTypes.filter((t) => t !== 'share.updated').join() && types[0] === 'share.created';
    if (!inOrder) wrong.push(`share ${record.reference}: events ${JSON.stringify(seen)}, expected ${JSON.stringify(expectedTypes)} ${JSON.stringify(record.expirations)}`);
  }
  return wrong;
}

/**
 * Every share's events on the topic, in order, none missing. The outbox relays may still be publishing what the last
 * writes queued (under load, for a while): the topic is read again until every share's events are there, or the wait
 * ends; the shares still wrong then, each with what was read.
 */
export async function shareEventsNotAsTold(brokers: string[], topic: string, shares: readonly ShareRecord[]): Promise<string[]> {
  let wrongShares = await sharesOutOfOrder(brokers, topic, shares);
  const publishedBy = Date.now() + 120_000;
  while (wrongShares.length > 0 && Date.now() < publishedBy) {
    await sleep(2_000);
    wrongShares = await sharesOutOfOrder(brokers, topic, shares);
  }
  return wrongShares;
}

/** The webhooks service's stored messages by status, for a report when webhooks are missing. */
export async function webhookMessageCensus(uri: string, dbName: string): Promise<string> {
  const census = (async () => {
    const connection = await connectDatabase(uri, dbName);
    try {
      const rows = await database(connection).collection('webhook_messages').aggregate<{ _id: string; n: number }>([{ $group: { _id: '$status', n: { $sum: 1 } } }], { maxTimeMS: 10_000 }).toArray();
      return JSON.stringify(Object.fromEntries(rows.map((r) => [r._id, r.n])));
    } finally {
      await connection.close();
    }
  })();
  return Promise.race([census.catch((error: Error) => `unreadable: ${error.message}`), sleep(15_000).then(() => 'no answer within 15 s')]);
}

/** Every message of a topic from offset 0 to its current end. */
export async function readTopic(brokers: string[], topic: string): Promise<Array<{ key: string | null; value: string | null }>> {
  const kafka = createKafka(uniqueName('faults-reader'), brokers, quiet);
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)]));
  await admin.disconnect();
  const consumer = kafka.consumer({ groupId: uniqueName('faults-reader') });
  const messages: Array<{ key: string | null; value: string | null }> = [];
  const positions = new Map<number, number>();
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ partition, message }) => {
      messages.push({ key: message.key?.toString() ?? null, value: message.value?.toString() ?? null });
      positions.set(partition, Number(message.offset) + 1);
    },
  });
  await waitFor(() => [...ends].every(([partition, end]) => end === 0 || (positions.get(partition) ?? 0) >= end), { timeoutMs: 60_000, intervalMs: 100, what: `${topic} read to its end` });
  await consumer.disconnect();
  return messages;
}
