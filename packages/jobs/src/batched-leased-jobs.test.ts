import { connectDatabase, database, type mongo } from '@obp/db';
import { type InMemorySpanExporter } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { BatchedLeasedJobs, type BatchedFinish, type BatchedJobContext, type BatchedLeaseStore } from './batched-leased-jobs';
import { ClaimLedger } from './claim-ledger';

/** A job that runs by the hundred (as a webhook message), its lease on itself. */
interface Task {
  id: string;
  epoch: number;
  leaseUntil: Date | null;
  notBefore: Date;
  status: 'pending' | 'done' | 'given-up';
  endedBy: string | null;
  trace?: Record<string, string>;
}
type VersionedTask = Task & { version: number };
type TaskDocument = Omit<VersionedTask, 'id'> & { _id: string };

const fromDocument = ({ _id, ...rest }: TaskDocument): VersionedTask => ({ id: _id, ...rest });

/** Tasks in a collection of the real store, each write guarded by the version read; counts its writes of lots. */
class TaskStore implements BatchedLeaseStore<VersionedTask, Task> {
  leaseWrites = 0;
  resultWrites = 0;

  constructor(readonly collection: mongo.Collection<TaskDocument>) {}

  async find(id: string): Promise<VersionedTask | null> {
    const doc = await this.collection.findOne({ _id: id });
    return doc && fromDocument(doc);
  }

  async leaseMany(leases: ReadonlyArray<{ job: VersionedTask; epoch: number; leaseUntil: Date }>): Promise<Array<VersionedTask | null>> {
    this.leaseWrites++;
    return Promise.all(
      leases.map(async ({ job, epoch, leaseUntil }) => {
        const written = await this.collection.updateOne({ _id: job.id, version: job.version, status: 'pending' }, { $set: { epoch, leaseUntil }, $inc: { version: 1 } });
        return written.matchedCount === 1 ? { ...job, epoch, leaseUntil, version: job.version + 1 } : null;
      }),
    );
  }

  renewMany(renewals: ReadonlyArray<{ id: string; epoch: number; leaseUntil: Date }>): Promise<boolean[]> {
    return Promise.all(
      renewals.map(async ({ id, epoch, leaseUntil }) => (await this.collection.updateOne({ _id: id, epoch, status: 'pending', leaseUntil: { $ne: null } }, { $set: { leaseUntil }, $inc: { version: 1 } })).matchedCount === 1),
    );
  }

  async mutateMany(ids: readonly string[], decide: (current: Task, index: number) => Task | null): Promise<Array<{ found: boolean; written: Task | null }>> {
    this.resultWrites++;
    return Promise.all(
      ids.map(async (id, index) => {
        for (;;) {
          const current = await this.find(id);
          if (!current) return { found: false, written: null };
          const next = decide(current, index);
          if (!next) return { found: true, written: null };
          const { epoch, leaseUntil, notBefore, status, endedBy } = next;
          const written = await this.collection.updateOne({ _id: id, version: current.version }, { $set: { epoch, leaseUntil, notBefore, status, endedBy }, $inc: { version: 1 } });
          if (written.matchedCount === 1) return { found: true, written: next };
        }
      }),
    );
  }
}

const LEASE_MS = 30_000;
const t0 = new Date('2026-11-20T12:00:00.000Z');
const afterLease = (at: Date) => new Date(at.getTime() + LEASE_MS + 1);
const running = () => ({ signal: new AbortController().signal });

type Work = (task: VersionedTask, context: BatchedJobContext<VersionedTask, string, Task>) => Promise<string>;

describe('BatchedLeasedJobs (real store)', () => {
  const cleanup = new Cleanup();
  afterEach(() => cleanup.run());

  /** One process of the service: its own connection, ledger and batched jobs over the one database; what its lots of results recorded. */
  async function openWorker(dbName: string, name: string, work: (worker: string) => Work) {
    const connection = await connectDatabase(testEnv().mongoUri, dbName);
    cleanup.add(() => connection.close());
    const db = database(connection);
    const tasks = new TaskStore(db.collection<TaskDocument>('tasks'));
    const recorded: Array<BatchedFinish<Task, string>> = [];
    const jobs = new BatchedLeasedJobs<VersionedTask, string, Task>({
      claimKey: 'task',
      store: tasks,
      claims: await ClaimLedger.open(db),
      leaseMs: LEASE_MS,
      lease: { read: (task) => (task.status === 'pending' ? { epoch: task.epoch, leaseUntil: task.leaseUntil, notBefore: task.notBefore, trace: task.trace } : null) },
      selection: {
        due: async (now, limit) => (await tasks.collection.find({ status: 'pending', notBefore: { $lte: now } }).sort({ _id: 1 }).limit(limit).toArray()).map(fromDocument),
        nextDueAt: () => null,
        queueView: () => ({ depth: 0, oldestCreatedAt: null }),
      },
      span: { name: 'task run', attributes: (task) => ({ 'test.task.id': task.id }) },
      work: work(name),
      after: (current, _claimed, worker) => ({ ...current, status: 'done', leaseUntil: null, endedBy: worker }),
      recorded: async (lot) => {
        recorded.push(...lot);
      },
    });
    return { jobs, tasks, recorded, claimRecords: db.collection<{ _id: string; jobKey: string }>('job_claims') };
  }

  /** Ends the run with this worker's name as its result, after `before` (a stall) resolves. */
  const ending =
    (before: () => Promise<void> = async () => undefined) =>
    (worker: string): Work =>
    async (_task, { finish }) => {
      await before();
      const { written } = await finish(worker);
      return written ? 'done' : 'not-written';
    };

  async function insertTasks(tasks: TaskStore, ids: string[], trace?: Record<string, string>): Promise<void> {
    await tasks.collection.insertMany(ids.map((id) => ({ _id: id, version: 0, epoch: 0, leaseUntil: null, notBefore: t0, status: 'pending' as const, endedBy: null, ...(trace ? { trace } : {}) })));
  }

  function gate(): { opened: Promise<void>; open: () => void } {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  }

  const ids = ['task-1', 'task-2', 'task-3', 'task-4'];

  it('leases the candidates asked for at once in one write, and gives each to one of two workers claiming them together', async () => {
    const dbName = uniqueDbName('batched-jobs');
    const [first, second] = await Promise.all([openWorker(dbName, 'first', ending()), openWorker(dbName, 'second', ending())]);
    await insertTasks(first.tasks, ids);
    const due = await first.jobs.due(t0, 10);
    expect(due.map((t) => t.id)).toEqual(ids);

    const [byFirst, bySecond] = await Promise.all([Promise.all(due.map((t) => first.jobs.claim(t, t0))), Promise.all(due.map((t) => second.jobs.claim(t, t0)))]);
    expect(first.tasks.leaseWrites).toBe(1);
    expect(second.tasks.leaseWrites).toBe(1);
    ids.forEach((_, i) => expect([byFirst[i], bySecond[i]].filter((t) => t !== null)).toHaveLength(1));
    // Leased: no one claims them again while the lease runs.
    const stored = (await first.tasks.find('task-1'))!;
    expect(await second.jobs.claim(stored, new Date(t0.getTime() + LEASE_MS - 1))).toBeNull();
  });

  it('writes the results of runs ending together in one write, and forgets their claims', async () => {
    const worker = await openWorker(uniqueDbName('batched-jobs'), 'worker', ending());
    await insertTasks(worker.tasks, ids);
    const claimed = await Promise.all((await worker.jobs.due(t0, 10)).map((t) => worker.jobs.claim(t, t0)));
    const outcomes = await Promise.all(claimed.map((t) => worker.jobs.run(t!, running())));

    expect(outcomes).toEqual(['done', 'done', 'done', 'done']);
    expect(worker.tasks.resultWrites).toBe(1);
    expect((await worker.tasks.collection.find().toArray()).map((t) => t.endedBy)).toEqual(['worker', 'worker', 'worker', 'worker']);
    expect(await worker.jobs.due(t0, 10)).toEqual([]);
  });

  it('stores nothing of a worker that stalled past its lease and was taken over: every run is ended once, by the worker that took it over', async () => {
    const dbName = uniqueDbName('batched-jobs');
    const stall = gate();
    const stalled = await openWorker(dbName, 'stalled', ending(() => stall.opened));
    const takingOver = await openWorker(dbName, 'taking-over', ending());
    await insertTasks(stalled.tasks, ids);
    const mine = await Promise.all((await stalled.jobs.due(t0, 10)).map((t) => stalled.jobs.claim(t, t0)));
    const stalledRuns = Promise.all(mine.map((t) => stalled.jobs.run(t!, running())));

    const later = afterLease(t0);
    const theirs = await Promise.all((await takingOver.jobs.due(later, 10)).map((t) => takingOver.jobs.claim(t, later)));
    expect(theirs.map((t) => t?.epoch)).toEqual([2, 2, 2, 2]);
    expect(await Promise.all(mine.map((t) => stalled.jobs.renew(t!, later)))).toEqual([false, false, false, false]);
    // The stalled worker comes back while the other holds the tasks: its results are not written.
    stall.open();
    expect(await stalledRuns).toEqual(['not-written', 'not-written', 'not-written', 'not-written']);
    expect(stalled.recorded.map((r) => r.written)).toEqual([null, null, null, null]);
    expect((await stalled.tasks.collection.find().toArray()).map((t) => [t.status, t.endedBy])).toEqual(ids.map(() => ['pending', null]));

    expect(await Promise.all(theirs.map((t) => takingOver.jobs.run(t!, running())))).toEqual(['done', 'done', 'done', 'done']);
    expect((await stalled.tasks.collection.find().toArray()).map((t) => [t.status, t.endedBy, t.epoch])).toEqual(ids.map(() => ['done', 'taking-over', 2]));
  });

  it('forgets none of the claims of the worker that took a run over when the stalled worker\'s result comes back', async () => {
    const dbName = uniqueDbName('batched-jobs');
    const stall = gate();
    const stalled = await openWorker(dbName, 'stalled', ending(() => stall.opened));
    const takingOver = await openWorker(dbName, 'taking-over', ending());
    await insertTasks(stalled.tasks, ['task-1']);
    const [mine] = await Promise.all((await stalled.jobs.due(t0, 1)).map((t) => stalled.jobs.claim(t, t0)));
    const stalledRun = stalled.jobs.run(mine!, running());
    const later = afterLease(t0);
    const [theirs] = await Promise.all((await takingOver.jobs.due(later, 1)).map((t) => takingOver.jobs.claim(t, later)));
    expect(theirs?.epoch).toBe(2);

    stall.open();
    expect(await stalledRun).toBe('not-written');
    // The claim of epoch 2 is the taking-over worker's: a worker taken over stores nothing, and deletes nothing either.
    expect((await takingOver.claimRecords.find({ jobKey: 'task:task-1' }).toArray()).map((c) => c._id).sort()).toEqual(['task:task-1#1', 'task:task-1#2']);

    expect(await takingOver.jobs.run(theirs!, running())).toBe('done');
    expect(await takingOver.claimRecords.countDocuments({ jobKey: 'task:task-1' })).toBe(0);
  });

  it('refuses a fenced update of a worker taken over: the run is left to the one that holds it', async () => {
    const dbName = uniqueDbName('batched-jobs');
    const takingOver = await openWorker(dbName, 'taking-over', ending());
    const stalled = await openWorker(dbName, 'stalled', () => async (task, { update }) => {
      // Taken over while it runs (it stalled past its lease here), then it gives the task up.
      await takingOver.jobs.claim((await takingOver.tasks.find(task.id))!, afterLease(t0));
      await update((current) => ({ ...current, status: 'given-up', leaseUntil: null }), { end: true });
      return 'given-up';
    });
    await insertTasks(stalled.tasks, ['task-1']);
    const [due] = await stalled.jobs.due(t0, 1);

    expect(await stalled.jobs.run((await stalled.jobs.claim(due!, t0))!, running())).toBe('taken-over');
    expect(await stalled.tasks.find('task-1')).toMatchObject({ status: 'pending', epoch: 2 });
  });

  it('runs each claim in a span of the trace that asked for the job', async () => {
    const exporter = (globalThis as { __obpSpanExporter?: InMemorySpanExporter }).__obpSpanExporter;
    if (!exporter) throw new Error('jest.setup-telemetry.ts keeps spans in __obpSpanExporter');
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentSpanId = '00f067aa0ba902b7';
    const worker = await openWorker(uniqueDbName('batched-jobs'), 'worker', ending());
    await insertTasks(worker.tasks, ['traced'], { traceparent: `00-${traceId}-${parentSpanId}-01` });
    const [due] = await worker.jobs.due(t0, 1);
    await worker.jobs.run((await worker.jobs.claim(due!, t0))!, running());

    const span = exporter.getFinishedSpans().find((s) => s.name === 'task run' && s.attributes['test.task.id'] === 'traced');
    expect(span?.spanContext().traceId).toBe(traceId);
    expect(span?.parentSpanContext?.spanId).toBe(parentSpanId);
  });
});
