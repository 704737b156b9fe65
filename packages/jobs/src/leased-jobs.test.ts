import { connectDatabase, database, type mongo } from '@obp/db';
import { createLogger, type InMemorySpanExporter } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName, waitFor } from '@obp/testkit';
import { ClaimLedger } from './claim-ledger';
import { JobRunner } from './job-runner';
import { backoffDelayMs, nextAttemptAt } from './retry-policy';
import { LeasedJobs, type JobChange, type LeasedJobContext, type LeasedJobStore } from './leased-jobs';

/** A job kept in its aggregate as the services keep theirs: its pending run (or none) with the run's lease. */
interface Task {
  id: string;
  run: { notBefore: Date; leaseUntil: Date | null; claims: number; failures: number; trace?: Record<string, string> } | null;
  endedBy: string | null;
  status: 'pending' | 'running' | 'done' | 'given-up';
}

type TaskDocument = Omit<Task, 'id'> & { _id: string; version: number };

/** Tasks in a collection of the real store, each write guarded by the version read (as `AggregateStore.mutate`, which @obp/jobs cannot import). */
class TaskStore implements LeasedJobStore<Task> {
  constructor(readonly collection: mongo.Collection<TaskDocument>) {}

  async find(id: string): Promise<Task | null> {
    const doc = await this.collection.findOne({ _id: id });
    return doc && { id: doc._id, run: doc.run, endedBy: doc.endedBy, status: doc.status };
  }

  async mutate<T>(id: string, change: (current: Task) => (JobChange<Task> & { result: T }) | { result: T }): Promise<{ found: false } | { found: true; result: T }> {
    for (;;) {
      const doc = await this.collection.findOne({ _id: id });
      if (!doc) return { found: false };
      const decided = change({ id: doc._id, run: doc.run, endedBy: doc.endedBy, status: doc.status });
      if (!('next' in decided)) return { found: true, result: decided.result };
      const { run, endedBy, status } = decided.next;
      const written = await this.collection.updateOne({ _id: id, version: doc.version }, { $set: { run, endedBy, status, version: doc.version + 1 } });
      if (written.matchedCount === 1) return { found: true, result: decided.result };
    }
  }
}

const LEASE_MS = 30_000;
const policy = { baseMs: 1_000, maxMs: 60_000, maxAttempts: 3 };
const t0 = new Date('2026-11-20T12:00:00.000Z');
const afterLease = (at: Date) => new Date(at.getTime() + LEASE_MS + 1);

/** What a worker's work does: stores a row of the task (behind the fence), then ends the run; `stall` holds it before either. */
type Work = (task: Task, context: LeasedJobContext<Task>) => Promise<string>;

describe('LeasedJobs (real store)', () => {
  const cleanup = new Cleanup();
  afterEach(() => cleanup.run());

  /** One process of the service: its own connection, ledger and leased jobs over the one database. */
  async function openWorker(dbName: string, name: string, work: (worker: string, rows: mongo.Collection<{ task: string; by: string }>) => Work) {
    const connection = await connectDatabase(testEnv().mongoUri, dbName);
    cleanup.add(() => connection.close());
    const db = database(connection);
    const tasks = new TaskStore(db.collection<TaskDocument>('tasks'));
    const rows = db.collection<{ task: string; by: string }>('rows');
    const jobs = new LeasedJobs<Task>({
      claimKey: 'task',
      store: tasks,
      claims: await ClaimLedger.open(db),
      logger: createLogger('test', 'silent'),
      leaseMs: LEASE_MS,
      readPending: async () => (await tasks.collection.find({ run: { $ne: null } }).toArray()).map((doc) => ({ id: doc._id, run: doc.run, endedBy: doc.endedBy, status: doc.status })),
      lease: {
        read: ({ run }) => run && { claims: run.claims, leaseUntil: run.leaseUntil, notBefore: run.notBefore, requestedAt: t0, failures: run.failures, trace: run.trace },
        take: (current, { epoch, now, leaseMs }) => ({ next: { ...current, status: 'running', run: { ...current.run!, claims: epoch, leaseUntil: new Date(now.getTime() + leaseMs) } } }),
        extend: (current, now, leaseMs) => ({ ...current, run: { ...current.run!, leaseUntil: new Date(now.getTime() + leaseMs) } }),
      },
      span: { name: 'task run', attributes: (task) => ({ 'test.task.id': task.id }) },
      work: work(name, rows),
      retry: {
        outcome: 'failed',
        after: (current, _error, now) => {
          const failures = current.run!.failures + 1;
          const retryAt = nextAttemptAt(policy, failures, now);
          return { next: retryAt ? { ...current, status: 'pending', run: { ...current.run!, failures, leaseUntil: null, notBefore: retryAt } } : { ...current, status: 'given-up', run: null } };
        },
      },
    });
    return { jobs, tasks, rows };
  }

  /** Stores a row behind the fence, then ends the run, after `before` (a stall) resolves. */
  const storingAndEnding =
    (before: () => Promise<void> = async () => undefined) =>
    (worker: string, rows: mongo.Collection<{ task: string; by: string }>): Work =>
    async (task, { fence, finish }) => {
      await before();
      await fence();
      await rows.insertOne({ task: task.id, by: worker });
      await finish((current) => ({ next: { ...current, status: 'done', run: null, endedBy: worker } }));
      return 'done';
    };

  async function insertTask(tasks: TaskStore, id: string, trace?: Record<string, string>): Promise<void> {
    await tasks.collection.insertOne({ _id: id, version: 0, status: 'pending', endedBy: null, run: { notBefore: t0, leaseUntil: null, claims: 0, failures: 0, ...(trace ? { trace } : {}) } });
  }

  function gate(): { opened: Promise<void>; open: () => void } {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  }

  it('gives a due run to one of two workers claiming it at once, and to no one while its lease runs', async () => {
    const dbName = uniqueDbName('leased-jobs');
    const [first, second] = await Promise.all([openWorker(dbName, 'first', storingAndEnding()), openWorker(dbName, 'second', storingAndEnding())]);
    await insertTask(first.tasks, 'task-1');
    const [candidate] = await first.jobs.due(t0, 1);

    const claimed = await Promise.all([first.jobs.claim(candidate!, t0), second.jobs.claim(candidate!, t0)]);
    expect(claimed.filter((task) => task !== null)).toHaveLength(1);
    const stored = (await first.tasks.find('task-1'))!;
    expect(await first.jobs.claim(stored, new Date(t0.getTime() + LEASE_MS - 1))).toBeNull();
    expect(stored).toMatchObject({ status: 'running', run: { claims: 1 } });
  });

  it('stores nothing of a worker that stalled past its lease and was taken over: the run is ended once, by the one that took it over', async () => {
    const dbName = uniqueDbName('leased-jobs');
    const stall = gate();
    const stalled = await openWorker(dbName, 'stalled', storingAndEnding(() => stall.opened));
    const takingOver = await openWorker(dbName, 'taking-over', storingAndEnding());
    await insertTask(stalled.tasks, 'task-1');
    const [due] = await stalled.jobs.due(t0, 1);
    const first = (await stalled.jobs.claim(due!, t0))!;
    const stalledRun = stalled.jobs.run(first, { signal: new AbortController().signal });

    const second = (await takingOver.jobs.claim((await takingOver.tasks.find('task-1'))!, afterLease(t0)))!;
    expect(second.run!.claims).toBe(2);
    expect(await stalled.jobs.renew(first, afterLease(t0))).toBe(false);
    expect(await takingOver.jobs.run(second, { signal: new AbortController().signal })).toBe('done');
    stall.open();

    expect(await stalledRun).toBe('taken-over');
    expect((await stalled.rows.find().toArray()).map((row) => row.by)).toEqual(['taking-over']);
    expect(await stalled.tasks.find('task-1')).toMatchObject({ status: 'done', endedBy: 'taking-over', run: null });
  });

  it('does not end a run for a worker taken over after it stored: its end is refused and left to the one that holds the run', async () => {
    const dbName = uniqueDbName('leased-jobs');
    const takingOver = await openWorker(dbName, 'taking-over', storingAndEnding());
    let second: Task | undefined;
    const stalled = await openWorker(dbName, 'stalled', () => async (task, { fence, finish }) => {
      await fence();
      // Taken over while it stores (it stalled past its lease here).
      second = (await takingOver.jobs.claim((await takingOver.tasks.find(task.id))!, afterLease(t0)))!;
      await finish((current) => ({ next: { ...current, status: 'done', run: null, endedBy: 'stalled' } }));
      return 'done';
    });
    await insertTask(stalled.tasks, 'task-1');
    const [due] = await stalled.jobs.due(t0, 1);

    expect(await stalled.jobs.run((await stalled.jobs.claim(due!, t0))!, { signal: new AbortController().signal })).toBe('taken-over');
    expect(await stalled.tasks.find('task-1')).toMatchObject({ status: 'running', endedBy: null, run: { claims: 2 } });
    expect(await takingOver.jobs.run(second!, { signal: new AbortController().signal })).toBe('done');
    expect(await stalled.tasks.find('task-1')).toMatchObject({ status: 'done', endedBy: 'taking-over' });
  });

  it('records a failed run as the retry policy says, by the worker that holds it only, and gives up after the last attempt', async () => {
    const dbName = uniqueDbName('leased-jobs');
    const failing = await openWorker(dbName, 'failing', () => async () => Promise.reject(new Error('the bank is down')));
    await insertTask(failing.tasks, 'task-1');
    let now = t0;
    for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
      const [due] = await failing.jobs.due(now, 1);
      const claimed = (await failing.jobs.claim(due!, now))!;
      expect(failing.jobs.attemptOf(claimed)).toBe(attempt);
      const before = Date.now();
      expect(await failing.jobs.run(claimed, { signal: new AbortController().signal })).toBe('failed');
      const after = Date.now();
      const stored = (await failing.tasks.find('task-1'))!;
      if (attempt < policy.maxAttempts) {
        expect(stored).toMatchObject({ status: 'pending', run: { failures: attempt, leaseUntil: null } });
        // Due again after the policy's back-off from when the failure was written.
        const delay = backoffDelayMs(attempt, policy.baseMs, policy.maxMs);
        expect(stored.run!.notBefore.getTime()).toBeGreaterThanOrEqual(before + delay);
        expect(stored.run!.notBefore.getTime()).toBeLessThanOrEqual(after + delay);
        expect(await failing.jobs.due(new Date(stored.run!.notBefore.getTime() - 1), 1)).toEqual([]);
        now = stored.run!.notBefore;
      } else {
        expect(stored).toMatchObject({ status: 'given-up', run: null });
      }
    }

    // A worker taken over records no failure: the one that holds the run decides.
    const takingOver = await openWorker(dbName, 'taking-over', storingAndEnding());
    await insertTask(failing.tasks, 'task-2');
    const first = (await failing.jobs.claim((await failing.tasks.find('task-2'))!, t0))!;
    await takingOver.jobs.claim((await takingOver.tasks.find('task-2'))!, afterLease(t0));
    expect(await failing.jobs.run(first, { signal: new AbortController().signal })).toBe('taken-over');
    expect(await failing.tasks.find('task-2')).toMatchObject({ status: 'running', run: { claims: 2, failures: 0 } });
  });

  it('looks again at once when a job its last look left over was taken by another worker: the job it was kicked for does not wait for the poll', async () => {
    const dbName = uniqueDbName('leased-jobs');
    const hold = gate();
    const worker = await openWorker(dbName, 'worker', storingAndEnding(() => hold.opened));
    const other = await openWorker(dbName, 'other', storingAndEnding());
    await insertTask(worker.tasks, 'task-1');
    await insertTask(worker.tasks, 'task-2');
    // It polls so rarely that only a look of its own explains a prompt run.
    const runner = new JobRunner<Task>({ name: 'tasks', logger: createLogger('test', 'silent'), source: worker.jobs, pollIntervalMs: 600_000 });
    cleanup.add(() => runner.stop());
    runner.start();
    // Its first look read both and runs one (held here); the other is left over from that look, and another worker takes it.
    const running = await waitFor(async () => (await worker.tasks.collection.findOne({ status: 'running' }))?._id, { what: 'a task to run' });
    const leftOver = running === 'task-1' ? 'task-2' : 'task-1';
    expect(await other.jobs.claim((await other.tasks.find(leftOver))!, new Date())).not.toBeNull();
    await insertTask(worker.tasks, 'task-3');
    runner.kick();
    hold.open();

    await waitFor(async () => (await worker.tasks.find('task-3'))?.status === 'done', { what: 'the task it was kicked for to be done' });
    expect(await worker.tasks.find(leftOver)).toMatchObject({ status: 'running', run: { claims: 1 } });
  });

  it('runs each claim of a run in a span of the trace that asked for the run', async () => {
    const exporter = (globalThis as { __obpSpanExporter?: InMemorySpanExporter }).__obpSpanExporter;
    if (!exporter) throw new Error('jest.setup-telemetry.ts keeps spans in __obpSpanExporter');
    const traceId = '5b8efff798038103d269b633813fc60c';
    const parentSpanId = 'eee19b7ec3c1b174';
    const worker = await openWorker(uniqueDbName('leased-jobs'), 'worker', storingAndEnding());
    await insertTask(worker.tasks, 'traced', { traceparent: `00-${traceId}-${parentSpanId}-01` });
    const [due] = await worker.jobs.due(t0, 1);
    await worker.jobs.run((await worker.jobs.claim(due!, t0))!, { signal: new AbortController().signal });

    const span = exporter.getFinishedSpans().find((s) => s.name === 'task run' && s.attributes['test.task.id'] === 'traced');
    expect(span?.spanContext().traceId).toBe(traceId);
    expect(span?.parentSpanContext?.spanId).toBe(parentSpanId);
  });
});
