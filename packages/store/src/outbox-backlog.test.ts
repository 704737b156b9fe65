import type { OutboxSource } from './aggregate-store';
import { OutboxBacklog } from './outbox-backlog';

/** An outbox whose pending count is whatever the test says, and whose writes the test makes. */
function fakeOutbox(name: string) {
  const listeners: Array<() => void> = [];
  const outbox = {
    pending: 0,
    failing: false,
    countStarted: () => undefined as void,
    write() {
      this.pending++;
      for (const listener of listeners) listener();
    },
    source: {
      name,
      onEventsWritten: (listener: () => void) => void listeners.push(listener),
      pendingCount: async () => {
        outbox.countStarted();
        if (outbox.failing) throw new Error('store unreachable');
        return outbox.pending;
      },
    } as unknown as OutboxSource,
  };
  return outbox;
}

describe('OutboxBacklog', () => {
  it('sums the outboxes as counted, adds each write with events since, and is full at its limit', async () => {
    const [a, b] = [fakeOutbox('a'), fakeOutbox('b')];
    a.pending = 3;
    b.pending = 4;
    const backlog = new OutboxBacklog({ sources: [a.source, b.source], limit: 10, countEveryMs: 60_000 });
    await backlog.count();
    expect(backlog.size).toBe(7);
    a.write();
    b.write();
    expect(backlog.size).toBe(9);
    expect(backlog.full).toBe(false);
    a.write();
    expect(backlog.full).toBe(true);
    // The relays published: the next count says so.
    a.pending = 0;
    b.pending = 1;
    await backlog.count();
    expect(backlog.size).toBe(1);
    expect(backlog.full).toBe(false);
  });

  it('keeps a write made while it counts, and its last figure when the count fails', async () => {
    const a = fakeOutbox('a');
    a.pending = 5;
    const backlog = new OutboxBacklog({ sources: [a.source], limit: 100, countEveryMs: 60_000 });
    a.write();
    // The count reads the store after a write already counted locally, and before another.
    a.countStarted = () => {
      a.countStarted = () => undefined;
      a.write();
    };
    await backlog.count();
    // The store said 7 (both writes), the second write stays added: an overstatement until the next count.
    expect(backlog.size).toBe(8);
    await backlog.count();
    expect(backlog.size).toBe(7);
    a.failing = true;
    a.write();
    await backlog.count();
    expect(backlog.size).toBe(8);
  });

  it('counts at start and then every countEveryMs until stopped', async () => {
    const a = fakeOutbox('a');
    a.pending = 2;
    const backlog = new OutboxBacklog({ sources: [a.source], limit: 2, countEveryMs: 10 });
    expect(backlog.full).toBe(false);
    backlog.start();
    await waitUntil(() => backlog.size === 2);
    expect(backlog.full).toBe(true);
    a.pending = 0;
    await waitUntil(() => backlog.size === 0);
    await backlog.stop();
    a.pending = 5;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backlog.size).toBe(0);
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}
