import { setTimeout as sleep } from 'node:timers/promises';
import { connectDatabase, database, type Connection, type mongo } from '@obp/db';
import { ClaimLedger, JobRunner } from '@obp/jobs';
import { AggregateStore, type Versioned } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName, waitFor } from '@obp/testkit';
import { disable, newEndpoint, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import { laneSequenceOf, messageIdFor, newMessage, type AttemptResult, type WebhookMessage } from '../../domain/webhook-message';
import { AttemptLog } from '../../infrastructure/attempt-log';
import { endpointStoreOptions, type EndpointStore } from '../../infrastructure/endpoint-store';
import { MessageStore } from '../../infrastructure/message-store';
import { RedeliverService } from '../../use-cases/redeliver/redeliver.service';
import { DeliveryJobs, type DeliveryJobOptions, type MessageSender } from './webhook-delivery.job';
import { DeliveryMetrics } from './delivery-metrics';

const OWNER = 'app';
const LEASE_MS = 45_000;
const REFRESH_MS = 5_000;
const ok: AttemptResult = { kind: 'answered', status: 200, retryAfter: null, body: 'ok' };
const serverError: AttemptResult = { kind: 'answered', status: 500, retryAfter: null, body: 'oops' };

/** Stands in for the receivers: answers as `answer` says, which may act on the platform meanwhile. */
class ScriptedSender implements MessageSender {
  readonly sent: string[] = [];
  answer: (messageId: string) => Promise<AttemptResult> = async () => ok;

  async send(_target: string, headers: Record<string, string>): Promise<AttemptResult> {
    const messageId = headers['webhook-id']!;
    this.sent.push(messageId);
    return this.answer(messageId);
  }
}

/** Counts the reads of the whole queue (each takes at least `readMs`) and the bulk writes of leases, renewals and results. */
class CountingMessages extends MessageStore {
  reads = 0;
  readMs = 0;
  leaseWrites = 0;
  resultWrites = 0;

  override leaseMany(...args: Parameters<MessageStore['leaseMany']>): ReturnType<MessageStore['leaseMany']> {
    this.leaseWrites++;
    return super.leaseMany(...args);
  }

  renewWrites = 0;

  override renewMany(...args: Parameters<MessageStore['renewMany']>): ReturnType<MessageStore['renewMany']> {
    this.renewWrites++;
    return super.renewMany(...args);
  }

  override mutateMany(...args: Parameters<MessageStore['mutateMany']>): ReturnType<MessageStore['mutateMany']> {
    this.resultWrites++;
    return super.mutateMany(...args);
  }

  override async pending(): Promise<Array<Versioned<WebhookMessage>>> {
    this.reads++;
    const [pending] = await Promise.all([super.pending(), sleep(this.readMs)]);
    return pending;
  }
}

describe('webhook delivery jobs (real store)', () => {
  let connection: Connection;
  let db: mongo.Db;
  let endpoints: EndpointStore;
  let messages: CountingMessages;
  let attempts: AttemptLog;
  let claims: ClaimLedger;
  let sender: ScriptedSender;
  const never = new AbortController().signal;
  // Messages are made a minute ago: due by now.
  const madeAt = new Date(Date.now() - 60_000);
  let offset = 0;

  beforeEach(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('webhook_deliveries'));
    db = database(connection);
    endpoints = new AggregateStore<WebhookEndpoint>(db, endpointStoreOptions);
    messages = new CountingMessages(db);
    attempts = new AttemptLog(db, 30);
    for (const store of [endpoints, messages, attempts]) await store.ensureIndexes();
    claims = await ClaimLedger.open(db);
    sender = new ScriptedSender();
  });
  afterEach(async () => {
    await db.dropDatabase();
    await connection.close();
  });

  function deliveryJobs(options: Partial<DeliveryJobOptions> = {}): DeliveryJobs {
    return new DeliveryJobs({
      messages,
      endpoints,
      attempts,
      sender,
      claims,
      metrics: new DeliveryMetrics(),
      logger: createLogger('test', 'silent'),
      schedule: [5_000, 300_000],
      leaseMs: LEASE_MS,
      disableAfterMs: 5 * 86_400_000,
      endpointConcurrency: 4,
      queueRefreshMs: REFRESH_MS,
      // The other tests read a queue of a few messages, whose reading time is of no interest.
      queueReadPacing: 0,
      ...options,
    });
  }

  async function endpoint(id: string): Promise<string> {
    await endpoints.insert(newEndpoint({ id, ownerClientId: OWNER, url: `http://127.0.0.1:9/${id}`, description: null, events: ['share.created'] }, new Date(madeAt.getTime() - 60_000)));
    return id;
  }

  async function queued(endpointId: string, resource: string, createdAt = madeAt): Promise<WebhookMessage> {
    const eventOffset = String(offset++);
    const message = newMessage({
      id: messageIdFor(endpointId, `event-${eventOffset}`),
      endpointId,
      ownerClientId: OWNER,
      eventType: 'share.created',
      resource,
      laneSequence: laneSequenceOf(eventOffset),
      occurredAt: createdAt,
      data: { id: resource },
      trigger: 'scheduled',
      trace: {},
      now: createdAt,
    });
    await messages.insertNew(message);
    return message;
  }

  async function claimOne(jobs: DeliveryJobs, now = new Date()): Promise<Versioned<WebhookMessage>> {
    const [candidate] = await jobs.due(now, 1);
    const claimed = candidate && (await jobs.claim(candidate, now));
    if (!claimed) throw new Error('nothing could be claimed');
    return claimed;
  }

  const stored = async (id: string) => (await messages.find(id))!;

  it('hands out due lane heads endpoint by endpoint, at most endpointConcurrency of one endpoint at once', async () => {
    const [slow, other] = [await endpoint('slow'), await endpoint('other')];
    for (let i = 0; i < 10; i++) await queued(slow, `share:s${i}`, new Date(madeAt.getTime() + i));
    const ofOther = await queued(other, 'share:o', new Date(madeAt.getTime() + 100));
    const jobs = deliveryJobs({ endpointConcurrency: 2 });
    const now = new Date();

    const first = await jobs.due(now, 3);
    expect(first.map((m) => m.endpointId)).toEqual([slow, other, slow]);
    expect(first[1]!.id).toBe(ofOther.id);
    const running = await Promise.all(first.map((candidate) => jobs.claim(candidate, now)));
    expect(running.every((m) => m !== null)).toBe(true);

    // The slow endpoint has two attempts under way: none of its other eight is handed out.
    expect(await jobs.due(now, 5)).toEqual([]);
    await jobs.run(running[0]!, { signal: never });
    const next = await jobs.due(now, 5);
    expect(next.map((m) => m.endpointId)).toEqual([slow]);
    expect(messages.reads).toBe(1);
  });

  it('reads the queue again shortly after a write, and at least every queueRefreshMs while messages wait', async () => {
    const [busy, quiet, late] = [await endpoint('busy'), await endpoint('quiet'), await endpoint('late')];
    for (let i = 0; i < 3; i++) await queued(busy, `share:b${i}`);
    const jobs = deliveryJobs({ endpointConcurrency: 1 });
    const now = new Date();
    expect(await jobs.due(now, 1)).toHaveLength(1);

    const written = await queued(quiet, 'share:q');
    expect((await jobs.due(now, 1)).map((m) => m.id)).not.toContain(written.id);
    jobs.queued();
    expect(jobs.nextDueAt()!.getTime()).toBeLessThanOrEqual(now.getTime() + REFRESH_MS / 10);
    expect((await jobs.due(new Date(now.getTime() + REFRESH_MS / 10), 5)).map((m) => m.id)).toContain(written.id);
    expect(messages.reads).toBe(2);

    // Written by another process: no wake-up here, the periodic read finds it.
    const elsewhere = await queued(late, 'share:l');
    expect(jobs.nextDueAt()!.getTime()).toBeLessThanOrEqual(now.getTime() + REFRESH_MS / 10 + REFRESH_MS);
    expect((await jobs.due(new Date(now.getTime() + REFRESH_MS / 10 + REFRESH_MS), 5)).map((m) => m.id)).toContain(elsewhere.id);
    expect(messages.reads).toBe(3);
  });

  it('reads a queue that is slow to read less often: after at least queueReadPacing times its last read', async () => {
    const [busy, quiet] = [await endpoint('busy'), await endpoint('quiet')];
    for (let i = 0; i < 3; i++) await queued(busy, `share:b${i}`);
    // Each read takes about a second (a timer may fire early by the age of the loop's clock, so the test counts on 300 ms).
    messages.readMs = 1_000;
    const jobs = deliveryJobs({ endpointConcurrency: 1, queueReadPacing: 10 });
    const now = new Date();
    await jobs.due(now, 1);
    expect(messages.reads).toBe(1);

    await queued(quiet, 'share:q');
    jobs.queued();
    // A write would have the queue read again after REFRESH_MS / 10; the last read took over 300 ms, so not before 3 s.
    expect(jobs.nextDueAt()!.getTime()).toBeGreaterThanOrEqual(now.getTime() + 3_000);
    await jobs.due(new Date(now.getTime() + REFRESH_MS / 10), 5);
    expect(messages.reads).toBe(1);
    await jobs.due(new Date(now.getTime() + 60_000), 5);
    expect(messages.reads).toBe(2);
  });

  it('wakes for a failed message at its retry, also while the pacing holds the next read back', async () => {
    const failing = await queued(await endpoint('ep'), 'share:1');
    // A read takes about a second and the next waits three times as long: the runner's look right after the attempt reads nothing.
    messages.readMs = 1_000;
    // The retry a minute after the attempt: later than the pacing allows the next read, however slow the read was here.
    const jobs = deliveryJobs({ queueReadPacing: 3, schedule: [60_000] });
    sender.answer = async () => serverError;
    await jobs.run(await claimOne(jobs), { signal: never });
    expect(await jobs.due(new Date(), 1)).toEqual([]);
    expect(messages.reads).toBe(1);

    const retryAt = (await stored(failing.id)).nextAttemptAt;
    expect(jobs.nextDueAt()).toEqual(retryAt);
    expect((await jobs.due(retryAt, 1)).map((m) => m.id)).toEqual([failing.id]);
    expect(messages.reads).toBe(2);
  });

  it('reads the queue when a retry falls due, also while other endpoints’ messages wait in the backlog', async () => {
    const [busy, quiet] = [await endpoint('busy'), await endpoint('quiet')];
    for (let i = 0; i < 3; i++) await queued(busy, `share:b${i}`);
    const failing = await queued(quiet, 'share:q', new Date(madeAt.getTime() + 1));
    const jobs = deliveryJobs({ endpointConcurrency: 1, schedule: [1_000] });
    const now = new Date();
    const handedOut = await jobs.due(now, 2);
    expect(handedOut.map((m) => m.endpointId)).toEqual([busy, quiet]);
    const [, quietOne] = await Promise.all(handedOut.map((candidate) => jobs.claim(candidate, now)));
    sender.answer = async () => serverError;
    await jobs.run(quietOne!, { signal: never });

    // busy has an attempt under way and two more waiting; quiet's retry is due after a second, long before the periodic read.
    const retryAt = (await stored(failing.id)).nextAttemptAt;
    expect(retryAt.getTime()).toBeLessThan(now.getTime() + REFRESH_MS);
    expect(jobs.nextDueAt()).toEqual(retryAt);
    expect((await jobs.due(retryAt, 2)).map((m) => m.id)).toEqual([failing.id]);
  });

  it('looks for the next message of a lane soon after its head was delivered, also while the pacing holds the read back', async () => {
    const endpointId = await endpoint('ep');
    await queued(endpointId, 'share:1');
    const next = await queued(endpointId, 'share:1');
    messages.readMs = 1_000;
    const refreshMs = 600_000;
    const jobs = deliveryJobs({ queueReadPacing: 3, queueRefreshMs: refreshMs });
    const now = new Date();
    await jobs.run(await claimOne(jobs, now), { signal: never });
    expect(await jobs.due(new Date(), 1)).toEqual([]);

    // After the pacing (three times the read) or a tenth of queueRefreshMs, whichever is later: not at the periodic read.
    const look = jobs.nextDueAt()!;
    expect(look.getTime()).toBeLessThan(now.getTime() + refreshMs);
    expect((await jobs.due(look, 1)).map((m) => m.id)).toEqual([next.id]);
  });

  it('lets exactly one of two claimers have a message, and refuses a candidate that is no longer current', async () => {
    const message = await queued(await endpoint('ep'), 'share:1');
    const [one, two] = [deliveryJobs(), deliveryJobs()];
    const now = new Date();
    const [candidate] = await one.due(now, 1);
    const [sameCandidate] = await two.due(now, 1);
    const won = await Promise.all([one.claim(candidate!, now), two.claim(sameCandidate!, now)]);
    expect(won.filter((m) => m !== null)).toHaveLength(1);
    expect(await stored(message.id)).toMatchObject({ claims: 1, leaseUntil: new Date(now.getTime() + LEASE_MS) });

    // Read afresh while leased: not due.
    const fresh = await stored(message.id);
    expect(await one.claim(fresh, now)).toBeNull();
    // Once the lease lapsed, the old candidate (of epoch 0) is stale; the message as it is now can be claimed by a
    // worker that takes it over (the one that won still holds the endpoint's slot for the run it never ended).
    const lapsed = new Date(now.getTime() + LEASE_MS + 1);
    const other = deliveryJobs();
    expect(await other.claim(candidate!, lapsed)).toBeNull();
    expect(await other.claim(fresh, lapsed)).toMatchObject({ claims: 2 });
  });

  it('renews the leases of attempts under way together, in one write', async () => {
    const endpointId = await endpoint('ep');
    const lot = [await queued(endpointId, 'share:1'), await queued(endpointId, 'share:2'), await queued(endpointId, 'share:3')];
    const jobs = deliveryJobs();
    const now = new Date();
    const claimed = await Promise.all((await jobs.due(now, 3)).map((c) => jobs.claim(c, now)));
    const later = new Date(now.getTime() + 10_000);
    messages.renewWrites = 0;

    expect(await Promise.all(claimed.map((m) => jobs.renew(m!, later)))).toEqual([true, true, true]);
    expect(messages.renewWrites).toBe(1);
    for (const message of lot) expect((await stored(message.id)).leaseUntil).toEqual(new Date(later.getTime() + LEASE_MS));
  });

  it('renews a lease only while it holds it: not after the result was written', async () => {
    const message = await queued(await endpoint('ep'), 'share:1');
    const jobs = deliveryJobs();
    const claimed = await claimOne(jobs);
    expect(await jobs.renew(claimed, new Date())).toBe(true);

    sender.answer = async () => serverError;
    await jobs.run(claimed, { signal: never });
    const rescheduled = await stored(message.id);
    expect(rescheduled).toMatchObject({ status: 'pending', failedAttempts: 1, leaseUntil: null });
    expect(await jobs.renew(claimed, new Date())).toBe(false);
    expect((await stored(message.id)).leaseUntil).toBeNull();
  });

  it('sends a message redelivered while an attempt of it was under way once more after that attempt', async () => {
    const endpointId = await endpoint('ep');
    const message = await queued(endpointId, 'share:1');
    const jobs = deliveryJobs();
    const redeliver = new RedeliverService(endpoints, messages, () => jobs.queued());
    sender.answer = async (id) => {
      expect((await redeliver.execute({ ownerClientId: OWNER, id: endpointId, deliveryId: id })).ok).toBe(true);
      return ok;
    };
    await jobs.run(await claimOne(jobs), { signal: never });
    expect(await stored(message.id)).toMatchObject({ status: 'pending', trigger: 'manual', leaseUntil: null });

    sender.answer = async () => ok;
    await jobs.run(await claimOne(jobs), { signal: never });
    expect(sender.sent).toEqual([message.id, message.id]);
    expect(await stored(message.id)).toMatchObject({ status: 'succeeded' });
    expect((await attempts.page(endpointId, 1, 10)).items.map((a) => [a.trigger, a.status])).toEqual([
      ['manual', 'succeeded'],
      ['scheduled', 'succeeded'],
    ]);
  });

  it('records an answer that came while the runner was stopping', async () => {
    const endpointId = await endpoint('ep');
    const message = await queued(endpointId, 'share:1');
    const jobs = deliveryJobs();
    const stopping = new AbortController();
    sender.answer = async () => {
      stopping.abort();
      return ok;
    };
    await jobs.run(await claimOne(jobs), { signal: stopping.signal });
    expect(await stored(message.id)).toMatchObject({ status: 'succeeded', leaseUntil: null });
    expect((await attempts.page(endpointId, 1, 10)).items.map((a) => a.status)).toEqual(['succeeded']);
  });

  it('keeps no attempt of a message erased while it was being sent (an app’s answer may echo it)', async () => {
    const endpointId = await endpoint('ep');
    const message = await queued(endpointId, 'consent:1');
    const jobs = deliveryJobs();
    sender.answer = async (messageId) => {
      // What a consent's erasure does meanwhile (EraseMessagesService).
      await messages.delete([messageId]);
      await attempts.deleteOfMessages([messageId]);
      return { ...ok, body: 'echo: the consent’s data' };
    };
    await jobs.run(await claimOne(jobs), { signal: never });
    expect(await messages.find(message.id)).toBeNull();
    expect((await attempts.page(endpointId, 1, 10)).items).toEqual([]);
  });

  it('keeps no attempt of a message erased between the write of its result and the record of the attempt', async () => {
    const endpointId = await endpoint('ep');
    const message = await queued(endpointId, 'consent:1');
    class ErasedBeforeTheRecord extends AttemptLog {
      override async recordMany(recorded: Parameters<AttemptLog['recordMany']>[0]): Promise<void> {
        // The whole erasure (EraseMessagesService) runs here: it finds no attempt yet.
        const ids = recorded.map((attempt) => attempt.messageId);
        await messages.delete(ids);
        await this.deleteOfMessages(ids);
        await super.recordMany(recorded);
      }
    }
    const jobs = deliveryJobs({ attempts: new ErasedBeforeTheRecord(db, 30) });
    await jobs.run(await claimOne(jobs), { signal: never });
    expect(await messages.find(message.id)).toBeNull();
    expect((await attempts.page(endpointId, 1, 10)).items).toEqual([]);
  });

  it('leaves a message given up during its attempt (the endpoint was disabled) given up when the attempt fails', async () => {
    const endpointId = await endpoint('ep');
    const message = await queued(endpointId, 'share:1');
    const jobs = deliveryJobs();
    sender.answer = async () => {
      // What disabling the endpoint does (UpdateWebhookService, recordOnEndpoint).
      await endpoints.mutate(endpointId, (current) => ({ next: disable(current, 'by-app', new Date()), result: undefined }));
      await messages.abandonPendingOf(endpointId, 'the endpoint was disabled (by-app)', new Date());
      return serverError;
    };
    await jobs.run(await claimOne(jobs), { signal: never });
    expect(await stored(message.id)).toMatchObject({ status: 'failed', lastError: 'the endpoint was disabled (by-app)' });
  });

  /** A runner over `jobs` as the service runs it, stopped after the test. */
  function runnerOf(jobs: DeliveryJobs, concurrency: number): JobRunner<Versioned<WebhookMessage>> {
    const runner = new JobRunner<Versioned<WebhookMessage>>({ name: 'webhook delivery', logger: createLogger('test', 'silent'), concurrency, pollIntervalMs: 50, leaseMs: LEASE_MS, source: jobs });
    running.push(runner);
    return runner;
  }
  const running: Array<JobRunner<Versioned<WebhookMessage>>> = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((runner) => runner.stop()));
  });

  it('leases the lane heads started together in one write and one claim insert, and writes their results in lots', async () => {
    const endpointId = await endpoint('ep');
    const queuedIds = [];
    for (let i = 0; i < 40; i++) queuedIds.push((await queued(endpointId, `share:${i}`, new Date(madeAt.getTime() + i))).id);
    const jobs = deliveryJobs({ endpointConcurrency: 40 });

    expect(await runnerOf(jobs, 40).runDue()).toBe(40);

    expect([...sender.sent].sort()).toEqual([...queuedIds].sort());
    expect(messages.leaseWrites).toBe(1);
    expect(messages.resultWrites).toBeLessThan(40);
    for (const id of queuedIds) expect(await stored(id)).toMatchObject({ status: 'succeeded', leaseUntil: null });
    expect((await attempts.page(endpointId, 1, 100)).total).toBe(40);
  });

  it('leases, renews and records a lot larger than the store has connections (a few updates to a command)', async () => {
    const endpointId = await endpoint('ep');
    const lot = [];
    for (let i = 0; i < 120; i++) lot.push(await queued(endpointId, `share:${i}`, new Date(madeAt.getTime() + i)));
    const jobs = deliveryJobs({ endpointConcurrency: 120 });
    const now = new Date();
    const claimed = await Promise.all((await jobs.due(now, 120)).map((c) => jobs.claim(c, now)));
    expect(claimed.filter((m) => m !== null)).toHaveLength(120);
    expect(messages.leaseWrites).toBe(1);
    expect(await Promise.all(claimed.map((m) => jobs.renew(m!, new Date())))).toEqual(claimed.map(() => true));
    await Promise.all(claimed.map((m) => jobs.run(m!, { signal: never })));
    for (const message of lot) expect(await stored(message.id)).toMatchObject({ status: 'succeeded', leaseUntil: null });
  });

  it('lets another worker take over the messages of a worker that crashed once their leases lapse; the crashed one’s late results change nothing', async () => {
    const endpointId = await endpoint('ep');
    const lot = [await queued(endpointId, 'share:1'), await queued(endpointId, 'share:2')];
    const [crashed, takeover] = [deliveryJobs(), deliveryJobs()];
    const now = new Date();
    const candidates = await crashed.due(now, 2);
    const claimedByCrashed = await Promise.all(candidates.map((c) => crashed.claim(c, now)));
    expect(claimedByCrashed.every((m) => m !== null)).toBe(true);

    // While the leases hold, nobody else gets the messages.
    expect(await takeover.due(new Date(now.getTime() + 1_000), 2)).toEqual([]);

    const lapsed = new Date(now.getTime() + LEASE_MS + 1);
    const taken = await Promise.all((await takeover.due(lapsed, 2)).map((c) => takeover.claim(c, lapsed)));
    expect(taken.map((m) => m?.claims)).toEqual([2, 2]);
    await Promise.all(taken.map((m) => takeover.run(m!, { signal: never })));

    // The crashed worker comes back and finishes its stale attempts with failures: fenced off by the claim's epoch.
    sender.answer = async () => serverError;
    await Promise.all(claimedByCrashed.map((m) => crashed.run(m!, { signal: never })));
    for (const message of lot) expect(await stored(message.id)).toMatchObject({ status: 'succeeded', failedAttempts: 0, claims: 2, leaseUntil: null });
    expect(sender.sent.filter((id) => id === lot[0]!.id)).toHaveLength(2);
  });

  it('writes no result, and forgets no claim, of a worker taken over between the read and the write of its lot', async () => {
    const endpointId = await endpoint('ep');
    const message = await queued(endpointId, 'share:1');
    const stalled = deliveryJobs();
    const claimed = await claimOne(stalled);
    expect(claimed.claims).toBe(1);
    // Another process takes the message over (its lease lapsed) while the lot's result is being written: between the read and the write.
    const collection = messages.store.collection;
    const bulkWrite = collection.bulkWrite.bind(collection);
    const takeover = jest.spyOn(collection, 'bulkWrite').mockImplementationOnce(async (...args) => {
      await collection.updateOne({ _id: message.id }, { $set: { claims: 2, leaseUntil: new Date(Date.now() + LEASE_MS) }, $inc: { version: 1 } });
      await claims.claim(`webhook-delivery:${message.id}`, 2);
      return bulkWrite(...args);
    });

    await stalled.recordHandedOver(claimed, { result: serverError, startedAt: new Date(), endedAt: new Date() });
    takeover.mockRestore();

    expect(await stored(message.id)).toMatchObject({ status: 'pending', claims: 2, failedAttempts: 0 });
    expect((await db.collection('job_claims').find({ jobKey: `webhook-delivery:${message.id}` }).toArray()).map((c) => c._id).sort()).toEqual([
      `webhook-delivery:${message.id}#1`,
      `webhook-delivery:${message.id}#2`,
    ]);
  });

  it('keeps each resource’s messages in order while many are sent at once', async () => {
    const endpointId = await endpoint('ep');
    const order = new Map<string, string[]>();
    for (let i = 0; i < 48; i++) {
      const resource = `share:${i % 6}`;
      const message = await queued(endpointId, resource, new Date(madeAt.getTime() + i));
      order.set(resource, [...(order.get(resource) ?? []), message.id]);
    }
    const resourceOf = new Map([...order].flatMap(([resource, ids]) => ids.map((id) => [id, resource] as const)));
    const underway = new Map<string, number>();
    let most = 0;
    let mostOfOneResource = 0;
    const failedOnce = new Set<string>();
    const delivered: string[] = [];
    sender.answer = async (id) => {
      const resource = resourceOf.get(id)!;
      underway.set(resource, (underway.get(resource) ?? 0) + 1);
      mostOfOneResource = Math.max(mostOfOneResource, underway.get(resource)!);
      most = Math.max(most, [...underway.values()].reduce((a, b) => a + b, 0));
      await sleep(Math.random() * 5);
      underway.set(resource, underway.get(resource)! - 1);
      // Every third message fails its first attempt and is retried.
      if (sender.sent.indexOf(id) % 3 === 0 && !failedOnce.has(id)) {
        failedOnce.add(id);
        return serverError;
      }
      delivered.push(id);
      return ok;
    };
    const jobs = deliveryJobs({ endpointConcurrency: 16, schedule: [10, 10, 10], queueRefreshMs: 50 });
    runnerOf(jobs, 32).start();
    await waitFor(() => delivered.length === 48, { what: 'every message delivered', timeoutMs: 60_000 });

    for (const [resource, ids] of order) expect([resource, delivered.filter((id) => resourceOf.get(id) === resource)]).toEqual([resource, ids]);
    expect(mostOfOneResource).toBe(1);
    expect(most).toBeGreaterThan(1);
    expect(failedOnce.size).toBeGreaterThan(0);
  });

  it('delivers to a healthy endpoint while another hangs and a third answers 500: the hanging one holds no more than its share', async () => {
    const [hanging, failing, healthy] = [await endpoint('hanging'), await endpoint('failing'), await endpoint('healthy')];
    const endpointOf = new Map<string, string>();
    for (let i = 0; i < 20; i++) {
      endpointOf.set((await queued(hanging, `share:h${i}`, new Date(madeAt.getTime() + i))).id, hanging);
      endpointOf.set((await queued(failing, `share:f${i}`, new Date(madeAt.getTime() + i))).id, failing);
    }
    const healthyIds = new Set<string>();
    for (let i = 0; i < 30; i++) healthyIds.add((await queued(healthy, `share:ok${i}`, new Date(madeAt.getTime() + 100 + i))).id);
    const release = new AbortController();
    const delivered = new Set<string>();
    sender.answer = async (id) => {
      if (endpointOf.get(id) === hanging) {
        await new Promise((resolve) => release.signal.addEventListener('abort', resolve, { once: true }));
        return { kind: 'no-answer', error: 'timed out' };
      }
      if (endpointOf.get(id) === failing) return serverError;
      delivered.add(id);
      return ok;
    };
    const jobs = deliveryJobs({ endpointConcurrency: 4, queueRefreshMs: 50 });
    runnerOf(jobs, 12).start();
    try {
      await waitFor(() => delivered.size === healthyIds.size, { what: 'every message of the healthy endpoint', timeoutMs: 60_000 });

      expect(sender.sent.filter((id) => endpointOf.get(id) === hanging)).toHaveLength(4);
      expect(new Set(sender.sent.filter((id) => endpointOf.get(id) === failing)).size).toBe(20);
      for (const id of healthyIds) expect(await stored(id)).toMatchObject({ status: 'succeeded' });
    } finally {
      release.abort();
    }
  });
});
