import { connectDatabase, database, type mongo } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName, waitFor } from '@obp/testkit';
import { ClaimLedger } from './claim-ledger';
import { JobRunner, type JobContext, type JobRunnerOptions, type JobSource } from './job-runner';
import { periodicTask } from './periodic-task';

const logger = createLogger('test', 'silent');

/** Lets timers and pending work run: the window in which something that must not happen would. */
const letTimePass = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface TestJob {
  id: string;
  /** Set by a claim: the job a claiming source runs is the one its claim returned. */
  epoch?: number;
}

/** One run of a job: it lasts until the test ends it (or, when the job honours it, its signal aborts). */
interface JobRun {
  job: TestJob;
  signal: AbortSignal;
  ended: boolean;
  /** Whether its signal had aborted when the run ended. */
  endedAborted: boolean;
  succeed(): void;
  fail(reason: unknown): void;
}

/** Jobs kept in memory; every run waits until the test ends it, so a test sees what runs at once. */
class InMemoryJobs implements JobSource<TestJob> {
  /** Ids of the jobs not done yet, in the order `due` returns them. */
  readonly pending: string[];
  readonly runs: JobRun[] = [];
  dueCalls = 0;
  runningNow = 0;
  mostRunningAtOnce = 0;
  /** A run ends (failing) as soon as its signal aborts, as a well-behaved job does. */
  endsOnAbort = true;
  /** Looks for due jobs throw while set (the store is unreachable). */
  failLooks = false;
  private heldLook: Promise<void> | undefined;

  constructor(ids: string[]) {
    this.pending = [...ids];
  }

  async due(_now: Date, limit: number): Promise<TestJob[]> {
    this.dueCalls++;
    if (this.failLooks) throw new Error('store unreachable');
    const due = this.pending.slice(0, limit).map((id) => ({ id }));
    await this.heldLook;
    return due;
  }

  key(job: TestJob): string {
    return job.id;
  }

  async run(job: TestJob, { signal }: JobContext): Promise<void> {
    this.runningNow++;
    this.mostRunningAtOnce = Math.max(this.mostRunningAtOnce, this.runningNow);
    try {
      await new Promise<void>((resolve, reject) => {
        const run: JobRun = {
          job,
          signal,
          ended: false,
          endedAborted: false,
          succeed: () => {
            if (run.ended) return;
            run.ended = true;
            run.endedAborted = signal.aborted;
            resolve();
          },
          fail: (reason) => {
            if (run.ended) return;
            run.ended = true;
            run.endedAborted = signal.aborted;
            reject(reason);
          },
        };
        this.runs.push(run);
        if (this.endsOnAbort) signal.addEventListener('abort', () => run.fail(signal.reason), { once: true });
      });
      const index = this.pending.indexOf(job.id);
      if (index >= 0) this.pending.splice(index, 1);
    } finally {
      this.runningNow--;
    }
  }

  runsOf(id: string): JobRun[] {
    return this.runs.filter((run) => run.job.id === id);
  }

  /** The `n`-th run (counting from 1), once it has started. */
  nthRun(n: number): Promise<JobRun> {
    return waitFor(() => this.runs[n - 1], { what: `run ${n} to start` });
  }

  /** Looks for due jobs started from now on wait until the returned function is called. */
  holdLooks(): () => void {
    let release = () => {};
    this.heldLook = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.heldLook = undefined;
      release();
    };
  }
}

/** Jobs a worker claims before running them; the ids in `heldElsewhere` are another worker's. */
class ClaimedJobs extends InMemoryJobs {
  readonly claimed: string[] = [];
  readonly heldElsewhere = new Set<string>();

  async claim(job: TestJob): Promise<TestJob | null> {
    this.claimed.push(job.id);
    return this.heldElsewhere.has(job.id) ? null : { ...job, epoch: 1 };
  }
}

/** Claimed jobs whose lease is renewed while they run. */
class LeasedJobs extends ClaimedJobs {
  readonly renewed: TestJob[] = [];
  /** What renewing answers: false once another worker has taken the job over. */
  leaseHeld = true;

  async renew(job: TestJob): Promise<boolean> {
    this.renewed.push(job);
    return this.leaseHeld;
  }
}

describe('JobRunner', () => {
  const cleanup = new Cleanup();
  afterEach(() => cleanup.run());

  /** A runner that polls so rarely (unless told otherwise) that only a kick explains a prompt look. */
  function runnerOver(source: JobSource<TestJob>, options: Partial<JobRunnerOptions<TestJob>> = {}): JobRunner<TestJob> {
    const runner = new JobRunner<TestJob>({ name: 'test jobs', logger, source, pollIntervalMs: 60_000, ...options });
    cleanup.add(() => runner.stop());
    return runner;
  }

  it('runs the jobs that are due when started', async () => {
    const source = new InMemoryJobs(['a', 'b']);
    const runner = runnerOver(source, { concurrency: 2 });
    runner.start();

    const runs = await waitFor(() => source.runs.length === 2 && source.runs, { what: 'both jobs to start' });
    expect(runs.map((run) => run.job.id).sort()).toEqual(['a', 'b']);
    runs.forEach((run) => run.succeed());
    await waitFor(() => source.pending.length === 0, { what: 'both jobs to be done' });
  });

  it('looks for due jobs at once when kicked', async () => {
    const source = new InMemoryJobs([]);
    const runner = runnerOver(source);
    runner.start();
    await waitFor(() => source.dueCalls === 1, { what: 'the look at start' });

    source.pending.push('a');
    await letTimePass(100);
    expect(source.runs).toHaveLength(0);

    runner.kick();
    const run = await source.nthRun(1);
    expect(run.job.id).toBe('a');
    run.succeed();
  });

  it('wakes without a kick when the job the source said falls due next does, long before its next poll', async () => {
    /** One job, due 300 ms after the first look (which so finds nothing): `due` returns it only from then on. */
    class LaterJob extends InMemoryJobs {
      dueAt: Date | undefined;

      override async due(now: Date, limit: number): Promise<TestJob[]> {
        this.dueAt ??= new Date(now.getTime() + 300);
        if (now >= this.dueAt) return super.due(now, limit);
        this.dueCalls++;
        return [];
      }

      nextDueAt(): Date | null {
        return this.dueAt && this.pending.length > 0 ? this.dueAt : null;
      }
    }
    const source = new LaterJob(['later']);
    const runner = runnerOver(source, { pollIntervalMs: 60_000 });
    runner.start();
    await waitFor(() => source.dueCalls >= 1, { what: 'the look at start' });
    expect(source.runs).toHaveLength(0);

    const run = await waitFor(() => source.runs[0], { what: 'the job to run once due, without a kick', timeoutMs: 5_000 });
    expect(run.job.id).toBe('later');
    run.succeed();
    await waitFor(() => source.pending.length === 0, { what: 'the job to be done' });
  });

  it('does not look again while every slot is busy, even when the next due time has passed', async () => {
    /** Says a job fell due long ago, which it never runs: only the running job's end should bring the next look. */
    class OverdueHint extends InMemoryJobs {
      /** Each asks the runner to wake at once: a runner that heeds it while busy spins. */
      hints = 0;

      nextDueAt(): Date | null {
        this.hints++;
        return new Date(0);
      }
    }
    const source = new OverdueHint(['long']);
    const runner = runnerOver(source, { pollIntervalMs: 60_000, concurrency: 1 });
    runner.start();
    const run = await source.nthRun(1);
    await letTimePass(50);
    const looksWhileRunning = source.dueCalls;
    const hintsWhileRunning = source.hints;
    await letTimePass(300);
    expect(source.hints).toBe(hintsWhileRunning);
    expect(source.dueCalls).toBe(looksWhileRunning);
    run.succeed();
    await waitFor(() => source.dueCalls > looksWhileRunning, { what: 'a look once the job ended' });
  });

  it('looks again when kicked during a look', async () => {
    const source = new InMemoryJobs([]);
    const releaseLook = source.holdLooks();
    const runner = runnerOver(source);
    runner.start();
    await waitFor(() => source.dueCalls === 1, { what: 'the look at start' });

    source.pending.push('a');
    runner.kick();
    releaseLook();

    const run = await source.nthRun(1);
    expect(run.job.id).toBe('a');
    expect(source.dueCalls).toBe(2);
    run.succeed();
  });

  it('never runs more than `concurrency` jobs at once', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `job-${i}`);
    const source = new InMemoryJobs(ids);
    const runner = runnerOver(source, { concurrency: 3 });
    runner.start();

    await waitFor(() => source.runs.length === 3, { what: 'three jobs to start' });
    runner.kick();
    expect(await runner.runDue()).toBe(0);
    await letTimePass(100);
    expect(source.runs).toHaveLength(3);

    // Ending one run at a time keeps the runner at its limit until the jobs run out.
    while (source.runs.filter((run) => run.ended).length < ids.length) {
      const unfinished = await waitFor(
        () => {
          const waiting = source.runs.filter((run) => !run.ended);
          return waiting.length > 0 && waiting;
        },
        { what: 'a run to end' },
      );
      unfinished[0].succeed();
    }

    await waitFor(() => source.pending.length === 0, { what: 'every job to be done' });
    expect(source.mostRunningAtOnce).toBe(3);
    expect(source.runs.map((run) => run.job.id).sort()).toEqual([...ids].sort());
  });

  it('does not start a job running here again when due() returns it again', async () => {
    const source = new InMemoryJobs(['a']);
    const runner = runnerOver(source, { concurrency: 2 });
    runner.start();
    const run = await source.nthRun(1);

    await waitFor(
      () => {
        runner.kick();
        return source.dueCalls >= 5;
      },
      { what: 'five looks while the job runs' },
    );
    expect(await runner.runDue()).toBe(0);
    expect(source.runsOf('a')).toHaveLength(1);

    run.succeed();
    await waitFor(() => source.pending.length === 0, { what: 'the job to be done' });
    expect(source.runsOf('a')).toHaveLength(1);
  });

  it('runs what the claim returned and skips a job whose claim returns null', async () => {
    const source = new ClaimedJobs(['a', 'b']);
    source.heldElsewhere.add('b');
    const runner = runnerOver(source, { concurrency: 2 });

    const ran = runner.runDue();
    const run = await source.nthRun(1);
    expect(run.job).toEqual({ id: 'a', epoch: 1 });
    run.succeed();
    expect(await ran).toBe(1);
    expect([...source.claimed].sort()).toEqual(['a', 'b']);
    expect(source.runsOf('b')).toHaveLength(0);
  });

  it('does not look again at once after skipping a job another worker holds', async () => {
    const source = new ClaimedJobs(['held']);
    source.heldElsewhere.add('held');
    const runner = runnerOver(source);
    runner.start();
    await waitFor(() => source.claimed.length >= 1, { what: 'the claim at start' });

    await letTimePass(200);
    expect(source.claimed).toHaveLength(1);
    expect(source.dueCalls).toBe(1);
    expect(source.runs).toHaveLength(0);
  });

  it('renews the lease while a job runs and aborts the job when renewing answers false', async () => {
    const source = new LeasedJobs(['a']);
    const runner = runnerOver(source, { leaseMs: 60 });
    runner.start();
    const run = await source.nthRun(1);

    await waitFor(() => source.renewed.length >= 3, { what: 'three renewals' });
    expect(source.renewed.every((job) => job.id === 'a' && job.epoch === 1)).toBe(true);
    expect(run.signal.aborted).toBe(false);

    source.leaseHeld = false;
    await waitFor(() => run.signal.aborted, { what: 'the run to be aborted' });
    expect(String(run.signal.reason)).toMatch(/taken over/);
    expect(run.ended).toBe(true);

    const renewalsWhenEnded = source.renewed.length;
    await letTimePass(100);
    expect(source.renewed).toHaveLength(renewalsWhenEnded);
  });

  it('stop() aborts the running jobs and waits for them to end; no job starts after it', async () => {
    const source = new InMemoryJobs(['a', 'b', 'c']);
    source.endsOnAbort = false;
    const runner = runnerOver(source, { concurrency: 2 });
    runner.start();
    const runs = await waitFor(() => source.runs.length === 2 && source.runs, { what: 'two jobs to start' });

    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    expect(runs.map((run) => run.signal.aborted)).toEqual([true, true]);
    await letTimePass(100);
    expect(stopped).toBe(false);

    runs[0].succeed();
    await letTimePass(50);
    expect(stopped).toBe(false);
    runs[1].fail(new Error('aborted'));
    await stopping;

    runner.kick();
    runner.start();
    expect(await runner.runDue()).toBe(0);
    await letTimePass(100);
    expect(source.runs).toHaveLength(2);
    expect(source.runsOf('c')).toHaveLength(0);
  });

  it('stop() with drainMs lets running jobs end on their own first, renewing their leases meanwhile', async () => {
    const source = new LeasedJobs(['a', 'b', 'c']);
    const runner = runnerOver(source, { concurrency: 2, drainMs: 60_000, leaseMs: 30 });
    runner.start();
    const runs = await waitFor(() => source.runs.length === 2 && source.runs, { what: 'two jobs to start' });

    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await letTimePass(100);
    expect(runs.map((run) => run.signal.aborted)).toEqual([false, false]);
    expect(stopped).toBe(false);
    const renewedWhileDraining = source.renewed.length;
    await waitFor(() => source.renewed.length > renewedWhileDraining, { what: 'a renewal while draining' });

    runs[0].succeed();
    runs[1].succeed();
    await stopping;
    expect(runs.map((run) => run.endedAborted)).toEqual([false, false]);
    expect(source.runsOf('c')).toHaveLength(0);
  });

  it('stop() aborts the jobs still running when drainMs is up', async () => {
    const source = new InMemoryJobs(['a', 'b']);
    const runner = runnerOver(source, { concurrency: 2, drainMs: 200 });
    runner.start();
    const runs = await waitFor(() => source.runs.length === 2 && source.runs, { what: 'two jobs to start' });

    const stopping = runner.stop();
    runs[0].succeed();
    await stopping;
    expect(runs.map((run) => [run.ended, run.endedAborted])).toEqual([
      [true, false],
      [true, true],
    ]);
  });

  it('starts none of the jobs found by a look under way when stop() is called', async () => {
    const source = new InMemoryJobs(['a']);
    const releaseLook = source.holdLooks();
    const runner = runnerOver(source);
    runner.start();
    await waitFor(() => source.dueCalls === 1, { what: 'the look at start' });

    const stopping = runner.stop();
    releaseLook();
    await stopping;
    await letTimePass(50);
    expect(source.runs).toHaveLength(0);
  });

  it('backs off while jobs keep failing, looks again when kicked, and polls again after a success', async () => {
    const source = new InMemoryJobs(['a']);
    const runner = runnerOver(source, { pollIntervalMs: 10, failedPassBackoff: { baseMs: 60_000, maxMs: 60_000 } });
    runner.start();

    (await source.nthRun(1)).fail(new Error('broker down'));
    await letTimePass(200);
    expect(source.dueCalls).toBe(1);
    expect(source.runs).toHaveLength(1);

    runner.kick();
    (await source.nthRun(2)).fail(new Error('broker still down'));
    await letTimePass(200);
    expect(source.dueCalls).toBe(2);
    expect(source.runs).toHaveLength(2);

    runner.kick();
    (await source.nthRun(3)).succeed();
    await waitFor(() => source.pending.length === 0, { what: 'the job to be done' });
    const looksAfterSuccess = source.dueCalls;
    await waitFor(() => source.dueCalls >= looksAfterSuccess + 5, { what: 'polling to resume without kicks' });
    expect(source.runs).toHaveLength(3);
  });

  it('backs off while looking for due jobs fails', async () => {
    const source = new InMemoryJobs(['a']);
    source.failLooks = true;
    const runner = runnerOver(source, { pollIntervalMs: 10, failedPassBackoff: { baseMs: 60_000, maxMs: 60_000 } });
    runner.start();

    await waitFor(() => source.dueCalls === 1, { what: 'the look at start' });
    await letTimePass(200);
    expect(source.dueCalls).toBe(1);

    source.failLooks = false;
    runner.kick();
    (await source.nthRun(1)).succeed();
    await waitFor(() => source.pending.length === 0, { what: 'the job to be done' });
    const looksAfterSuccess = source.dueCalls;
    await waitFor(() => source.dueCalls >= looksAfterSuccess + 5, { what: 'polling to resume without kicks' });
  });

  it('runDue() runs the due jobs once, waits for them, and rejects when one fails', async () => {
    const source = new InMemoryJobs(['a', 'b']);
    const runner = runnerOver(source, { concurrency: 2 });

    let settled = false;
    const ran = runner.runDue().then((count) => {
      settled = true;
      return count;
    });
    const runs = await waitFor(() => source.runs.length === 2 && source.runs, { what: 'both jobs to start' });
    await letTimePass(50);
    expect(settled).toBe(false);
    runs.forEach((run) => run.succeed());
    expect(await ran).toBe(2);
    expect(source.pending).toEqual([]);

    await letTimePass(100);
    expect(source.dueCalls).toBe(1);

    source.pending.push('c');
    const failing = runner.runDue();
    (await source.nthRun(3)).fail(new Error('provider down'));
    await expect(failing).rejects.toThrow('provider down');
  });
});

describe('periodicTask', () => {
  const cleanup = new Cleanup();
  afterEach(() => cleanup.run());

  function startedTask(options: { intervalMs: number; runAtStart?: boolean }): { task: JobRunner<Date>; runs: Date[] } {
    const runs: Date[] = [];
    const task = periodicTask({ name: 'purge', logger, ...options, run: async (now) => void runs.push(now) });
    cleanup.add(() => task.stop());
    task.start();
    return { task, runs };
  }

  it('runs at start when runAtStart is set, then not again until its interval has passed', async () => {
    const { task, runs } = startedTask({ intervalMs: 60_000, runAtStart: true });
    await waitFor(() => runs.length === 1, { what: 'the run at start' });
    expect(runs[0]).toBeInstanceOf(Date);

    task.kick();
    await letTimePass(100);
    expect(await task.runDue()).toBe(0);
    expect(runs).toHaveLength(1);
  });

  it('does not run at start without runAtStart', async () => {
    const { task, runs } = startedTask({ intervalMs: 60_000 });
    task.kick();
    await letTimePass(100);
    expect(await task.runDue()).toBe(0);
    expect(runs).toHaveLength(0);
  });

  it('runs again every interval', async () => {
    const { runs } = startedTask({ intervalMs: 20 });
    await waitFor(() => runs.length >= 3, { what: 'three runs' });
  });
});

/** A job stored as a document: claimed once per epoch through the ledger, then leased in the document. */
interface StoredJob {
  _id: string;
  claims: number;
  done: boolean;
  leaseUntil: Date;
  runs: number;
}

/**
 * The jobs of a collection, taken as the consent fetch takes its fetches: the winner of claim
 * `claims + 1` in the ledger records it and a lease in the job, so no worker sees the job as due
 * until the lease lapses (a job still due while another worker runs it could be claimed again
 * with the next epoch).
 */
class StoredJobs implements JobSource<StoredJob> {
  constructor(
    private readonly jobs: mongo.Collection<StoredJob>,
    private readonly ledger: ClaimLedger,
  ) {}

  async due(now: Date, limit: number): Promise<StoredJob[]> {
    return this.jobs
      .find({ done: false, leaseUntil: { $lte: now } })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
  }

  key(job: StoredJob): string {
    return job._id;
  }

  async claim(job: StoredJob, now: Date): Promise<StoredJob | null> {
    const epoch = job.claims + 1;
    if (!(await this.ledger.claim(`stored-job:${job._id}`, epoch, now))) return null;
    const leaseUntil = new Date(now.getTime() + 60_000);
    await this.jobs.updateOne({ _id: job._id }, { $set: { claims: epoch, leaseUntil } });
    return { ...job, claims: epoch, leaseUntil };
  }

  async run(job: StoredJob): Promise<void> {
    await this.jobs.updateOne({ _id: job._id }, { $inc: { runs: 1 }, $set: { done: true } });
  }
}

describe('two JobRunners over one store', () => {
  const cleanup = new Cleanup();
  afterEach(() => cleanup.run());

  it('run every job exactly once', async () => {
    const dbName = uniqueDbName('jobs');

    /** One service instance: its own connection, ledger and runner. */
    async function serviceInstance(name: string) {
      const connection = await connectDatabase(testEnv().mongoUri, dbName);
      cleanup.add(() => connection.close());
      const db = database(connection);
      const jobs = db.collection<StoredJob>('jobs');
      const runner = new JobRunner<StoredJob>({ name, logger, concurrency: 4, pollIntervalMs: 60_000, source: new StoredJobs(jobs, await ClaimLedger.open(db)) });
      cleanup.add(() => runner.stop());
      return { jobs, runner };
    }

    const [first, second] = await Promise.all([serviceInstance('instance 1'), serviceInstance('instance 2')]);
    const ids = Array.from({ length: 30 }, (_, i) => `job-${String(i).padStart(2, '0')}`);
    await first.jobs.insertMany(ids.map((_id) => ({ _id, claims: 0, done: false, leaseUntil: new Date(0), runs: 0 })));

    first.runner.start();
    second.runner.start();
    first.runner.kick();
    second.runner.kick();

    await waitFor(async () => (await first.jobs.countDocuments({ done: true })) === ids.length, { what: 'every job to be done', timeoutMs: 30_000 });
    const stored = await second.jobs.find().sort({ _id: 1 }).toArray();
    expect(stored.map((job) => ({ id: job._id, runs: job.runs, claims: job.claims }))).toEqual(ids.map((id) => ({ id, runs: 1, claims: 1 })));
  });
});
