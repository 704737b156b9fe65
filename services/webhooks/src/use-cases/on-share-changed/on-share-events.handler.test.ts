import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kafka } from 'kafkajs';
import { createKafka, createProducer, ensureTopics, IdempotentConsumer, type EventProducer } from '@obp/bus';
import type { EventEnvelope, ShareEventData, ShareEventType } from '@obp/contracts';
import { connectDatabase, database, ErasedIds, type Connection, type mongo } from '@obp/db';
import { ClaimLedger, JobMetrics, JobRunner } from '@obp/jobs';
import { AggregateStore, type Versioned } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { DeliveryJobs } from '../../jobs/webhook-delivery/webhook-delivery.job';
import { DeliveryMetrics } from '../../jobs/webhook-delivery/delivery-metrics';
import { EndpointSlots } from '../../jobs/webhook-delivery/endpoint-slots';
import { FirstAttempts } from '../../jobs/webhook-delivery/first-attempts';
import { newEndpoint, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import { messageIdFor, type WebhookMessage } from '../../domain/webhook-message';
import { AttemptLog } from '../../infrastructure/attempt-log';
import { endpointStoreOptions, type EndpointStore } from '../../infrastructure/endpoint-store';
import { HttpSender } from '../../infrastructure/http-sender';
import { MessageStore } from '../../infrastructure/message-store';
import { EraseMessagesService } from '../erase-messages/erase-messages.service';
import { PublishEventService } from '../publish-event/publish-event.service';
import { retriedUntilApplied } from '../publish-event/retried-until-applied';
import { onShareEvents } from './on-share-events.handler';

const OWNER = 'app';
const logger = createLogger('test', 'silent');
const WAIT = { timeoutMs: 30_000 };
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** One request the receiver got: the endpoint's path, the message id, and the event's type and share. */
interface Received {
  path: string;
  messageId: string;
  type: string;
  shareId: string;
}

/** A real HTTP receiver: answers as `answer` says (204 unless told), and counts the requests under way at once. */
class Receiver {
  readonly received: Received[] = [];
  answer: (request: Received) => number | Promise<number> = () => 204;
  underWay = 0;
  mostUnderWay = 0;
  private readonly server: Server = createServer((req, res) => this.onRequest(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    cleanup.add(async () => {
      this.server.closeAllConnections();
      await new Promise((resolve) => this.server.close(resolve));
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The types of one share's messages to one endpoint, in the order they arrived. */
  typesOf(path: string, shareId: string): string[] {
    return this.received.filter((r) => r.path === path && r.shareId === shareId).map((r) => r.type);
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { id: string } };
      const request = { path: req.url ?? '', messageId: String(req.headers['webhook-id']), type: body.type, shareId: body.data.id };
      this.received.push(request);
      this.underWay++;
      this.mostUnderWay = Math.max(this.mostUnderWay, this.underWay);
      void Promise.resolve(this.answer(request)).then((status) => {
        this.underWay--;
        res.writeHead(status).end();
      });
    });
  }
}

/** The webhooks service's consumption of share events, on a topic, consumer group and database of the test's own. */
interface Bed {
  kafka: Kafka;
  topic: string;
  groupId: string;
  connection: Connection;
  db: mongo.Db;
  producer: EventProducer;
  endpoints: EndpointStore;
  messages: MessageStore;
  attempts: AttemptLog;
  deliveries: DeliveryJobs;
  /** Every command the service's connection sent. */
  commands: mongo.CommandStartedEvent[];
  receiver: Receiver;
  url: string;
}

async function bed({ endpointConcurrency = 32 } = {}): Promise<Bed> {
  const kafka = createKafka(uniqueName('webhooks-test'), testEnv().kafkaBrokers, logger);
  const topic = uniqueName('share-events');
  await ensureTopics(kafka, [{ topic, partitions: 1 }]);
  const commands: mongo.CommandStartedEvent[] = [];
  const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('webhook_runs'), { onCommand: (event) => commands.push(event) });
  const db = database(connection);
  cleanup.add(async () => {
    await db.dropDatabase();
    await connection.close();
  });
  const producer = createProducer(kafka);
  await producer.connect();
  cleanup.add(() => producer.disconnect());
  const endpoints = new AggregateStore<WebhookEndpoint>(db, endpointStoreOptions);
  const messages = new MessageStore(db);
  const attempts = new AttemptLog(db, 30);
  for (const store of [endpoints, messages, attempts]) await store.ensureIndexes();
  const sender = new HttpSender({ timeoutMs: 5_000, policy: { production: false }, logger });
  const slots = new EndpointSlots(endpointConcurrency);
  const deliveries = new DeliveryJobs({
    messages,
    endpoints,
    attempts,
    sender,
    claims: await ClaimLedger.open(db),
    metrics: new DeliveryMetrics(),
    logger,
    schedule: [200, 200, 200],
    leaseMs: 45_000,
    disableAfterMs: 5 * 86_400_000,
    endpointConcurrency,
    slots,
    queueRefreshMs: 1_000,
    queueReadPacing: 0,
  });
  const receiver = new Receiver();
  const url = await receiver.start();
  return { kafka, topic, groupId: uniqueName('webhooks-share-events'), connection, db, producer, endpoints, messages, attempts, deliveries, commands, receiver, url };
}

/** The consumer as the service runs it (`kit.subscribeRuns` with `onShareEvents`); a run waits `waitMs` for its first attempts, each abandoned after `timeoutMs`. */
async function consume(b: Bed, kafka: Kafka = b.kafka, messages: MessageStore = b.messages, { waitMs = 10_000, timeoutMs = 5_000 } = {}): Promise<IdempotentConsumer> {
  const erasure = new EraseMessagesService(new ErasedIds(b.db, 'erased_ids'), messages, b.attempts);
  const firstAttempts = new FirstAttempts({
    messages,
    attempts: b.attempts,
    sender: new HttpSender({ timeoutMs, policy: { production: false }, logger }),
    slots: b.deliveries.slots,
    metrics: new DeliveryMetrics(),
    runs: new JobMetrics('webhook delivery'),
    schedule: [200, 200, 200],
    recordOnEndpoint: (endpointId, outcome, now, known) => b.deliveries.recordOnEndpoint(endpointId, outcome, now, known),
    waitMs,
    handedOverLeaseMs: timeoutMs + 45_000,
    recordHandedOver: (message, attempt) => b.deliveries.recordHandedOver(message, attempt),
    logger,
  });
  const publish = new PublishEventService(b.endpoints, messages, erasure, () => b.deliveries.queued(), firstAttempts);
  const consumer = new IdempotentConsumer({ kafka, db: b.connection, logger, groupId: b.groupId, topics: [b.topic], applyBatch: retriedUntilApplied(onShareEvents(publish)), recordsProcessed: false });
  cleanup.add(() => consumer.stop());
  await consumer.start();
  return consumer;
}

/** The stored queue's runner, delivering what the first attempts left pending. */
function runQueue(b: Bed): void {
  const runner = new JobRunner<Versioned<WebhookMessage>>({ name: 'webhook delivery', logger, concurrency: 8, pollIntervalMs: 50, leaseMs: 45_000, source: b.deliveries });
  runner.start();
  cleanup.add(() => runner.stop());
}

async function endpoint(b: Bed, id: string): Promise<WebhookEndpoint> {
  const made = newEndpoint({ id, ownerClientId: OWNER, url: `${b.url}/${id}`, description: null, events: ['share.created', 'share.updated', 'share.deleted'] }, new Date(Date.now() - 60_000));
  await b.endpoints.insert(made);
  return made;
}

function shareEvent(type: ShareEventType, shareId: string): EventEnvelope<ShareEventData> {
  const data: ShareEventData = { id: shareId, clientId: 'partner', reference: null, expirationDateUtc: '2030-01-02T00:00:00.000Z', consentIds: null, accountIds: null, analysisIds: null, createdAt: new Date().toISOString() };
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), ownerClientId: OWNER, data };
}

/** One send: one record batch, which the consumer fetches as one run. */
async function publishEvents(b: Bed, events: Array<EventEnvelope<ShareEventData>>): Promise<void> {
  await b.producer.send({ topic: b.topic, messages: events.map((event) => ({ key: event.data.id, value: JSON.stringify(event) })) });
}

const stored = async (b: Bed, endpointId: string, event: EventEnvelope) => (await b.messages.find(messageIdFor(endpointId, event.id)))!;
const commandsOn = (b: Bed, name: string, collection: string) => b.commands.filter((c) => c.commandName === name && c.command[name] === collection);

describe('share events delivered from the consumed run (real Kafka, store and receiver)', () => {
  it('delivers a run at once and records its messages in one insert and their attempts in another (no processed-event records), in order per share', async () => {
    const b = await bed();
    const [one, two] = [await endpoint(b, 'one'), await endpoint(b, 'two')];
    const shares = Array.from({ length: 30 }, () => randomUUID());
    const events = shares.flatMap((id) => [shareEvent('share.created', id), shareEvent('share.updated', id)]);
    await publishEvents(b, events);
    await consume(b);

    await waitFor(async () => (await b.db.collection('webhook_attempts').countDocuments()) === 120, { ...WAIT, what: 'the 120 attempts to be recorded' });
    for (const id of shares) for (const path of ['/one', '/two']) expect(b.receiver.typesOf(path, id)).toEqual(['share.created', 'share.updated']);
    expect(commandsOn(b, 'insert', 'webhook_messages')).toHaveLength(1);
    expect(commandsOn(b, 'insert', 'webhook_attempts')).toHaveLength(1);
    expect(commandsOn(b, 'update', 'webhook_messages')).toHaveLength(0);
    // The messages tell which events were applied: no processed-event records besides.
    expect(commandsOn(b, 'insert', 'processed_events')).toHaveLength(0);
    for (const event of events) for (const e of [one, two]) expect(await stored(b, e.id, event)).toMatchObject({ status: 'succeeded', failedAttempts: 0, leaseUntil: null });
  });

  it('queues a failed first attempt; the later messages of its share wait behind it, then arrive in order', async () => {
    const b = await bed();
    const hook = await endpoint(b, 'hook');
    const [failing, fine] = [randomUUID(), randomUUID()];
    const failingCreated = shareEvent('share.created', failing);
    b.receiver.answer = (r) => (r.messageId === messageIdFor(hook.id, failingCreated.id) && b.receiver.received.filter((x) => x.messageId === r.messageId).length === 1 ? 500 : 204);
    await publishEvents(b, [failingCreated, shareEvent('share.created', fine)]);
    await consume(b);
    // The run records its attempts first and its endpoint's streak after them: wait for both.
    await waitFor(async () => (await b.db.collection('webhook_attempts').countDocuments()) === 2 && (await b.endpoints.find(hook.id))?.failingSince instanceof Date, {
      ...WAIT,
      what: 'the first run to be recorded, with the endpoint’s failure streak',
    });
    expect(await stored(b, hook.id, failingCreated)).toMatchObject({ status: 'pending', failedAttempts: 1, lastError: 'answered 500' });

    // The streak ends (as a success of the queue would end it). The next run: the failing share's lane is
    // pending in the store, so its update waits there unsent; the other share's goes at once.
    await b.endpoints.mutate(hook.id, (current) => ({ next: { ...current, failingSince: null }, result: undefined }));
    const [failingUpdated, fineUpdated] = [shareEvent('share.updated', failing), shareEvent('share.updated', fine)];
    await publishEvents(b, [failingUpdated, fineUpdated]);
    await waitFor(async () => (await b.messages.find(messageIdFor(hook.id, failingUpdated.id))) !== null && (await stored(b, hook.id, fineUpdated))?.status === 'succeeded', { ...WAIT, what: 'the second run to be recorded' });
    expect(await stored(b, hook.id, failingUpdated)).toMatchObject({ status: 'pending', failedAttempts: 0 });
    expect(b.receiver.typesOf('/hook', failing)).toEqual(['share.created']);
    expect(b.receiver.typesOf('/hook', fine)).toEqual(['share.created', 'share.updated']);

    runQueue(b);
    await waitFor(async () => (await stored(b, hook.id, failingUpdated)).status === 'succeeded', { ...WAIT, what: 'the queued messages to be delivered' });
    expect(b.receiver.typesOf('/hook', failing)).toEqual(['share.created', 'share.created', 'share.updated']);
    expect(await stored(b, hook.id, failingCreated)).toMatchObject({ status: 'succeeded', failedAttempts: 1 });
  }, 120_000);

  it('sends nothing at once to an endpoint in a failure streak: its messages go to the queue, the others are delivered', async () => {
    const b = await bed();
    const failingHook = await endpoint(b, 'failing');
    await b.endpoints.mutate(failingHook.id, (current) => ({ next: { ...current, failingSince: new Date() }, result: undefined }));
    await endpoint(b, 'fine');
    const created = shareEvent('share.created', randomUUID());
    await publishEvents(b, [created]);
    await consume(b);
    await waitFor(async () => (await b.messages.find(messageIdFor('fine', created.id)))?.status === 'succeeded', { ...WAIT, what: 'the healthy endpoint’s delivery' });
    expect(await stored(b, failingHook.id, created)).toMatchObject({ status: 'pending', failedAttempts: 0 });
    expect(b.receiver.received.map((r) => r.path)).toEqual(['/fine']);
  });

  it('does not let a slow endpoint hold up the others: an attempt still under way when the run stops waiting is handed over and its answer recorded once; the endpoint’s next messages go to the stored queue', async () => {
    const b = await bed();
    await endpoint(b, 'slow');
    await endpoint(b, 'fast');
    let answerSlow: (() => void) | undefined;
    const slowAnswered = new Promise<void>((resolve) => (answerSlow = resolve));
    cleanup.add(() => answerSlow?.());
    b.receiver.answer = (r) => (r.path === '/slow' ? slowAnswered.then(() => 204) : 204);
    const [first, second] = [randomUUID(), randomUUID()];
    const firstCreated = shareEvent('share.created', first);
    const firstUpdated = shareEvent('share.updated', first);
    await publishEvents(b, [firstCreated, firstUpdated]);
    // The fast endpoint's attempts end well within the wait; the slow one's is under way until the test answers it.
    await consume(b, b.kafka, b.messages, { waitMs: 10_000, timeoutMs: 120_000 });

    // The slow endpoint has not answered: the run was recorded without its answer, and the next run goes on.
    await waitFor(() => b.receiver.typesOf('/slow', first).length === 1, { ...WAIT, what: 'the slow endpoint’s first attempt' });
    const secondCreated = shareEvent('share.created', second);
    await publishEvents(b, [secondCreated]);
    await waitFor(async () => (await b.messages.find(messageIdFor('fast', secondCreated.id)))?.status === 'succeeded', { ...WAIT, what: 'the fast endpoint’s delivery of the next run' });
    expect(b.receiver.typesOf('/fast', first)).toEqual(['share.created', 'share.updated']);
    expect(await stored(b, 'slow', firstCreated)).toMatchObject({ status: 'pending', claims: 1, leaseUntil: expect.any(Date) });
    // Behind it in its lane, unsent.
    expect(await stored(b, 'slow', firstUpdated)).toMatchObject({ status: 'pending', claims: 0, failedAttempts: 0 });
    expect(b.receiver.typesOf('/slow', first)).toEqual(['share.created']);
    // Too slow for a run lately: the next run leaves the slow endpoint's message to the stored queue, unsent.
    expect(await stored(b, 'slow', secondCreated)).toMatchObject({ status: 'pending', claims: 0 });
    expect(b.receiver.typesOf('/slow', second)).toEqual([]);

    // The answer comes: recorded as the stored queue records its own; the queue then sends the rest of the lane, in order.
    answerSlow!();
    await waitFor(async () => (await stored(b, 'slow', firstCreated)).status === 'succeeded', { ...WAIT, what: 'the handed-over answer to be recorded' });
    runQueue(b);
    await waitFor(async () => (await stored(b, 'slow', firstUpdated)).status === 'succeeded' && (await stored(b, 'slow', secondCreated)).status === 'succeeded', { ...WAIT, what: 'the slow endpoint’s other messages' });
    expect(b.receiver.typesOf('/slow', first)).toEqual(['share.created', 'share.updated']);
    expect(b.receiver.typesOf('/slow', second)).toEqual(['share.created']);
    const attemptsOfFirst = await b.db.collection('webhook_attempts').countDocuments({ messageId: messageIdFor('slow', firstCreated.id) });
    expect(attemptsOfFirst).toBe(1);
  }, 120_000);

  it('has at most the endpoint concurrency of attempts under way to one endpoint', async () => {
    const b = await bed({ endpointConcurrency: 3 });
    await endpoint(b, 'hook');
    b.receiver.answer = () => new Promise((resolve) => setTimeout(() => resolve(204), 20));
    await publishEvents(b, Array.from({ length: 24 }, () => shareEvent('share.created', randomUUID())));
    await consume(b);
    await waitFor(async () => (await b.db.collection('webhook_attempts').countDocuments()) === 24, { ...WAIT, what: 'the 24 attempts' });
    expect(b.receiver.received).toHaveLength(24);
    expect(b.receiver.mostUnderWay).toBeLessThanOrEqual(3);
  });

  it('sends a run again after a crash between its attempts and their record: nothing is lost, each message recorded once', async () => {
    const b = await bed();
    await endpoint(b, 'hook');
    const shares = Array.from({ length: 5 }, () => randomUUID());
    const events = shares.flatMap((id) => [shareEvent('share.created', id), shareEvent('share.updated', id)]);
    await publishEvents(b, events);

    // The first consumer sends the run, then never records it: it hangs as a crashed process would, and the broker evicts it.
    let hung: (() => void) | undefined;
    class CrashingMessages extends MessageStore {
      override insertMissing(): Promise<void> {
        return new Promise((_resolve, reject) => (hung = () => reject(new Error('crashed'))));
      }
    }
    const quicklyEvicted = Object.create(b.kafka) as Kafka;
    quicklyEvicted.consumer = (config) => b.kafka.consumer({ ...config!, sessionTimeout: 6_000, heartbeatInterval: 2_000 });
    await consume(b, quicklyEvicted, new CrashingMessages(b.db));
    // Cleanup steps run last first: the hang ends before the crashed consumer is stopped.
    cleanup.add(() => hung?.());
    await waitFor(() => hung !== undefined, { ...WAIT, what: 'the first consumer to send the run' });
    expect(b.receiver.received).toHaveLength(10);
    expect(await b.db.collection('webhook_messages').countDocuments()).toBe(0);

    await consume(b);
    await waitFor(async () => (await b.db.collection('webhook_messages').countDocuments()) === 10 && b.receiver.received.length === 20, { ...WAIT, what: 'the run to be sent again and recorded' });
    for (const id of shares) expect(b.receiver.typesOf('/hook', id)).toEqual(['share.created', 'share.updated', 'share.created', 'share.updated']);
    for (const event of events) expect(await stored(b, 'hook', event)).toMatchObject({ status: 'succeeded' });
  }, 120_000);
});
