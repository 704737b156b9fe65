import { randomUUID } from 'node:crypto';
import { createKafka, ensureTopics, IdempotentConsumer, NonRetriableError } from '@obp/bus';
import { deadLetterTopic, type EventEnvelope } from '@obp/contracts';
import { connectDatabase, type Connection } from '@obp/db';
import { serviceNames } from '@obp/platform';
import { createLogger, type InMemorySpanExporter } from '@obp/telemetry';
import { startKafka, testEnv, uniqueDbName, uniqueName, waitFor, type KafkaProcess } from '@obp/testkit';
import { recordTopic } from './consent-helpers';
import { startStack, type Stack } from './harness';
import { parseSamples, total } from './prometheus-samples';

const logger = createLogger('test', 'silent');

interface Received {
  events: EventEnvelope[];
  consumer: IdempotentConsumer;
  groupId: string;
  db: Connection;
}

async function consume(brokers: string[], topic: string, handle?: (e: EventEnvelope) => Promise<void>): Promise<Received> {
  const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('consumer'));
  const events: EventEnvelope[] = [];
  const groupId = uniqueName('group');
  const consumer = new IdempotentConsumer({
    kafka: createKafka(uniqueName('test-consumer'), brokers, logger),
    groupId,
    topics: [topic],
    db,
    logger,
    retry: { attempts: 3, initialDelayMs: 20, maxDelayMs: 50 },
    // It stops once its fetch under way ends: half a second instead of the default 5 s keeps the tests short.
    fetchMaxWaitMs: 500,
    handle: async (event) => {
      if (handle) await handle(event);
      events.push(event);
    },
  });
  await consumer.start();
  return { events, consumer, groupId, db };
}

const stopConsumer = async (r: Received) => {
  await r.consumer.stop();
  await r.db.close();
};

/** Waits until `count` events arrived, then a while longer to see that no more do. */
async function exactly(r: Received, count: number) {
  await waitFor(() => r.events.length >= count, { what: `${count} events`, timeoutMs: 30_000 });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(r.events).toHaveLength(count);
}

describe('share events', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('publishes share.created, share.updated and share.deleted once each, in order, with the share', async () => {
    const received = await consume(stack.kafkaBrokers, stack.shareEventsTopic);
    try {
      const app = await stack.registerClient();
      const token = await stack.token(app);
      const consentId = randomUUID();
      const api = stack.clientWithToken(token);
      const id = (await api.POST('/shares', { body: { clientId: 'partner', consentIds: [consentId] } })).data.data;
      await api.PUT('/shares/{shareId}', { params: { path: { shareId: id } }, body: { expirationDateUtc: '2035-01-01T00:00:00Z' } });
      await api.DELETE('/shares/{shareId}', { params: { path: { shareId: id } } });
      await exactly(received, 3);
      expect(received.events.map((e) => e.type)).toEqual(['share.created', 'share.updated', 'share.deleted']);
      expect(received.events.every((e) => e.ownerClientId === app.clientId && (e.data as { id: string }).id === id)).toBe(true);
      expect((received.events[0]!.data as { consentIds: string[] }).consentIds).toEqual([consentId]);
      expect((received.events[1]!.data as { expirationDateUtc: string }).expirationDateUtc).toBe('2035-01-01T00:00:00.000Z');
      // On the compacted topic the deletion ends in a tombstone, after the event consumers see.
      const log = await recordTopic(stack.kafkaBrokers, stack.shareEventsTopic);
      try {
        const ofShare = () => log.messages.filter((m) => m.key === id).map((m) => m.event?.type ?? 'tombstone');
        await waitFor(() => ofShare().length >= 4, { what: 'the share’s messages' });
        expect(ofShare()).toEqual(['share.created', 'share.updated', 'share.deleted', 'tombstone']);
      } finally {
        await log.stop();
      }
      // Once the deletion is published nothing of the share remains in its database.
      await waitFor(async () => (await stack.share.db.collection('shares').countDocuments({ _id: id as never })) === 0, { what: 'share document removed' });
      // Processed-event records are kept 7 days, then purged.
      expect(await received.consumer.purgeProcessed(new Date(Date.now() + 6 * 86_400_000))).toBe(0);
      expect(await received.consumer.purgeProcessed(new Date(Date.now() + 8 * 86_400_000))).toBe(3);
    } finally {
      await stopConsumer(received);
    }
  });

  it('one trace spans the edge, the share service, the publish and the consumer', async () => {
    const exporter = (globalThis as { __obpSpanExporter?: InMemorySpanExporter }).__obpSpanExporter!;
    const received = await consume(stack.kafkaBrokers, stack.shareEventsTopic);
    try {
      const app = await stack.registerClient();
      const token = await stack.token(app);
      exporter.reset();
      const id = (await stack.clientWithToken(token).POST('/shares', { body: { clientId: 'partner' } })).data.data;
      await waitFor(() => received.events.some((e) => (e.data as { id: string }).id === id), { what: 'the created event' });
      // Each span ends on its own time (a consumer may process another message first): wait for all four.
      const { edge, share, publish, processed } = await waitFor(
        () => {
          const spans = exporter.getFinishedSpans();
          const found = {
            edge: spans.find((s) => s.name === 'POST /shares' && s.attributes['obp.service'] === 'edge'),
            share: spans.find((s) => s.name === 'POST /shares' && s.attributes['obp.service'] === 'share'),
            publish: spans.find((s) => s.name === `${stack.shareEventsTopic} publish`),
            processed: spans.find((s) => s.name === `${stack.shareEventsTopic} process` && s.attributes['messaging.message.id'] === received.events.at(-1)!.id),
          };
          return found.edge && found.share && found.publish && found.processed ? { edge: found.edge, share: found.share, publish: found.publish, processed: found.processed } : undefined;
        },
        { what: 'the spans of the edge, the share service, the publish and the processing' },
      );
      const traceId = edge.spanContext().traceId;
      expect([share, publish, processed].map((s) => s.spanContext().traceId)).toEqual([traceId, traceId, traceId]);
      expect(publish.attributes).toMatchObject({ 'messaging.system': 'kafka', 'messaging.destination.name': stack.shareEventsTopic });
      expect(processed.attributes).toMatchObject({ 'messaging.system': 'kafka', 'messaging.operation.type': 'process' });
    } finally {
      await stopConsumer(received);
    }
  });

  it('sends unreadable messages and handler failures to the dead-letter topic and moves on', async () => {
    const topic = uniqueName('poison');
    const kafka = createKafka('poison-test', stack.kafkaBrokers, logger);
    await ensureTopics(kafka, [{ topic, partitions: 1 }]);
    let failures = 0;
    const received = await consume(stack.kafkaBrokers, topic, async (event) => {
      if (event.type === 'always.fails') throw new Error('handler bug');
      if (event.type === 'never.valid') throw new NonRetriableError('cannot apply');
      if (event.type === 'flaky' && failures++ < 2) throw new Error('transient');
    });
    const producer = kafka.producer();
    await producer.connect();
    const envelope = (type: string) => JSON.stringify({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), ownerClientId: 'app', data: {} });
    await producer.send({
      topic,
      messages: [{ value: 'not json' }, { value: '{"no":"envelope"}' }, { value: envelope('always.fails') }, { value: envelope('never.valid') }, { value: envelope('flaky') }, { value: envelope('fine') }],
    });
    const dlq: string[] = [];
    const dlqConsumer = kafka.consumer({ groupId: uniqueName('dlq-reader'), maxWaitTimeInMs: 500 });
    await dlqConsumer.connect();
    await dlqConsumer.subscribe({ topic: deadLetterTopic(topic, received.groupId), fromBeginning: true });
    await dlqConsumer.run({ eachMessage: async ({ message }) => void dlq.push(message.headers!['dlq-error']!.toString()) });
    try {
      await exactly(received, 2);
      expect(received.events.map((e) => e.type)).toEqual(['flaky', 'fine']);
      await waitFor(() => dlq.length >= 4, { what: '4 dead letters' });
      expect(dlq).toEqual([expect.stringMatching(/not valid JSON/), expect.stringMatching(/not an event envelope/), 'handler bug', 'cannot apply']);
    } finally {
      await dlqConsumer.disconnect();
      await producer.disconnect();
      await stopConsumer(received);
    }
  });
});

describe('share events across a Kafka outage', () => {
  let kafka: KafkaProcess;
  let stack: Stack;
  beforeAll(async () => {
    kafka = await startKafka();
    stack = await startStack({ kafkaBrokers: kafka.brokers });
  }, 180_000);
  afterAll(async () => {
    // After the outages, every consumer back in its group before the stack stops: a kafkajs consumer stopped while it
    // waits to restart after a crash restarts anyway, and keeps the process alive.
    if (stack) await Promise.all(serviceNames.map((name) => stack.service(name).ready(120_000))).catch(() => undefined);
    await stack?.stop();
    await kafka?.dispose();
  }, 180_000);

  const scrapeShareService = async () => {
    const res = await fetch(`http://127.0.0.1:${stack.share.port()}/metrics`);
    expect(res.status).toBe(200);
    return parseSamples(await res.text());
  };

  it('keeps every change written while Kafka is down and publishes each exactly once after it is back', async () => {
    const app = await stack.registerClient();
    const token = await stack.token(app);
    const api = stack.clientWithToken(token);
    const before = (await api.POST('/shares', { body: { clientId: 'partner', reference: 'before' } })).data.data;
    await waitFor(async () => (await stack.share.relay.pendingCount()) === 0, { what: 'first event published' });

    await kafka.stop();
    // The service keeps answering: alive, not ready while its consumer cannot reach the broker.
    const shareService = `http://127.0.0.1:${stack.share.port()}`;
    expect((await fetch(`${shareService}/health/live`)).status).toBe(200);
    const notReady = await waitFor(
      async () => {
        const res = await fetch(`${shareService}/health/ready`);
        if (res.status !== 503) return undefined;
        // The cache listener may report its consumer down first; wait for the event consumer's own check.
        const report = (await res.json()) as { checks: Record<string, string> };
        return report.checks.consentEvents === 'failing' ? report : undefined;
      },
      { what: 'readiness to report the consumer down', timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(notReady.checks).toMatchObject({ database: 'ok', consentEvents: 'failing' });
    const during = await api.POST('/shares', { body: { clientId: 'partner', reference: 'during' } });
    expect(during.response.status).toBe(200);
    const duringId = during.data.data;
    expect((await api.PUT('/shares/{shareId}', { params: { path: { shareId: duringId } }, body: {} })).response.status).toBe(204);
    expect((await api.DELETE('/shares/{shareId}', { params: { path: { shareId: before } } })).response.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await stack.share.relay.pendingCount()).toBe(2);

    await kafka.start();
    await waitFor(async () => (await stack.share.relay.pendingCount()) === 0, { what: 'outbox drained after restart', timeoutMs: 60_000 });
    // A consumer the broker's absence stopped is restarted after its retries, then rejoins its group: under a full test
    // run on two cores that took over a minute once. The wait names the checks still failing when it gives up.
    await waitFor(
      async () => {
        const res = await fetch(`${shareService}/health/ready`);
        if (res.status !== 200) throw new Error(`readiness ${res.status}: ${await res.text()}`);
        return true;
      },
      { what: 'ready again', timeoutMs: 120_000, intervalMs: 250 },
    );
    const received = await consume(kafka.brokers, stack.shareEventsTopic);
    try {
      await exactly(received, 4);
      expect(received.events.map((e) => `${e.type} ${(e.data as { reference: string }).reference}`)).toEqual(
        expect.arrayContaining(['share.created before', 'share.created during', 'share.updated during', 'share.deleted before']),
      );
      expect(new Set(received.events.map((e) => e.id)).size).toBe(4);
    } finally {
      await stopConsumer(received);
    }
  }, 180_000);

  it('shows the outbox backlog and the age of its oldest entry rise while Kafka is down, and fall to 0 once it is back', async () => {
    const app = await stack.registerClient();
    const api = stack.clientWithToken(await stack.token(app));
    const shares = { outbox: 'shares' };
    await waitFor(async () => total(await scrapeShareService(), 'outbox_backlog', shares) === 0, { what: 'the shares outbox to be empty', timeoutMs: 60_000, intervalMs: 500 });

    await kafka.stop();
    try {
      // The share service keeps answering; its relay cannot publish what the writes queue.
      for (let i = 0; i < 3; i++) expect((await api.POST('/shares', { body: { clientId: 'partner-app' } })).response.status).toBe(200);
      // While the broker is down a scrape waits up to its 5 s collection timeout for the consumer lag, then answers without it.
      await waitFor(
        async () => {
          const samples = await scrapeShareService();
          return total(samples, 'outbox_backlog', shares) >= 3 && total(samples, 'outbox_oldest_age_seconds', shares) > 0;
        },
        { what: 'the backlog and its oldest age at the share service', timeoutMs: 60_000, intervalMs: 500 },
      );
    } finally {
      await kafka.start();
    }
    await waitFor(
      async () => {
        const samples = await scrapeShareService();
        return total(samples, 'outbox_backlog', shares) === 0 && total(samples, 'outbox_oldest_age_seconds', shares) === 0;
      },
      { what: 'the relay to publish the backlog once Kafka is back', timeoutMs: 120_000, intervalMs: 500 },
    );
  }, 240_000);
});
