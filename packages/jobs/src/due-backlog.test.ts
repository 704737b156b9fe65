import { DueBacklog } from './due-backlog';

interface Pending {
  id: string;
  createdAt: Date;
  dueAt: Date;
}

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

describe('DueBacklog', () => {
  function backlogOf(jobs: Pending[]) {
    let reads = 0;
    const backlog = new DueBacklog<Pending>({
      readPending: async () => {
        reads += 1;
        return [...jobs];
      },
      isDue: (job, now) => job.dueAt <= now,
      dueAt: (job) => job.dueAt,
      createdAt: (job) => job.createdAt,
    });
    return { backlog, reads: () => reads };
  }

  it('hands out the due jobs oldest first, and reads the store again only once they are used up', async () => {
    const { backlog, reads } = backlogOf([
      { id: 'newer', createdAt: at(3), dueAt: at(0) },
      { id: 'later', createdAt: at(1), dueAt: at(50) },
      { id: 'older', createdAt: at(2), dueAt: at(0) },
    ]);
    expect((await backlog.due(at(10), 1)).map((job) => job.id)).toEqual(['older']);
    expect((await backlog.due(at(10), 5)).map((job) => job.id)).toEqual(['newer']);
    expect(reads()).toBe(1);
    expect((await backlog.due(at(10), 5)).map((job) => job.id)).toEqual(['older', 'newer']);
    expect(reads()).toBe(2);
  });

  it('wakes for the earliest job not yet due and shows every pending job in the queue view', async () => {
    const { backlog } = backlogOf([
      { id: 'due', createdAt: at(5), dueAt: at(0) },
      { id: 'in-40', createdAt: at(2), dueAt: at(40) },
      { id: 'in-20', createdAt: at(4), dueAt: at(20) },
    ]);
    await backlog.due(at(10), 10);
    expect(backlog.nextDueAt()).toEqual(at(20));
    expect(backlog.queueView()).toEqual({ depth: 3, oldestCreatedAt: at(2) });
  });

  it('drops what a read left over once a job it handed out was no longer due, wakes at once and reads again', async () => {
    const jobs = [
      { id: 'first', createdAt: at(1), dueAt: at(0) },
      { id: 'taken-meanwhile', createdAt: at(2), dueAt: at(0) },
    ];
    const { backlog, reads } = backlogOf(jobs);
    expect((await backlog.due(at(10), 1)).map((job) => job.id)).toEqual(['first']);
    jobs.splice(0, 2, { id: 'asked-for-since', createdAt: at(3), dueAt: at(0) });
    backlog.outdated(at(11));
    expect(backlog.nextDueAt()).toEqual(at(11));
    expect((await backlog.due(at(12), 5)).map((job) => job.id)).toEqual(['asked-for-since']);
    expect(reads()).toBe(2);
  });

  it('has nothing to wake for when nothing is pending', async () => {
    const { backlog } = backlogOf([]);
    expect(await backlog.due(at(10), 10)).toEqual([]);
    expect(backlog.nextDueAt()).toBeNull();
    expect(backlog.queueView()).toEqual({ depth: 0, oldestCreatedAt: null });
  });
});
