import { connectDatabase, database } from '@obp/db';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { ClaimLedger } from './claim-ledger';

describe('ClaimLedger (real store)', () => {
  const cleanup = new Cleanup();
  let dbName: string;

  beforeEach(() => {
    dbName = uniqueDbName('claims');
  });
  afterEach(() => cleanup.run());

  /** A ledger as one process opens it: its own connection to the shared database. */
  async function openLedger(): Promise<ClaimLedger> {
    const connection = await connectDatabase(testEnv().mongoUri, dbName);
    cleanup.add(() => connection.close());
    return ClaimLedger.open(database(connection));
  }

  it('lets exactly one of two processes win a claim they race for', async () => {
    const [first, second] = await Promise.all([openLedger(), openLedger()]);
    const attempts = Array.from({ length: 50 }, () => [first.claim('job-1', 1), second.claim('job-1', 1)]).flat();
    const won = await Promise.all(attempts);
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await first.claim('job-1', 1)).toBe(false);
    expect(await second.claim('job-1', 1)).toBe(false);
  });

  it('lets the next epoch of a claimed job be claimed, once', async () => {
    const [first, second] = await Promise.all([openLedger(), openLedger()]);
    expect(await first.claim('job-1', 1)).toBe(true);
    expect(await second.claim('job-1', 2)).toBe(true);
    expect(await first.claim('job-1', 2)).toBe(false);
    expect(await first.claim('job-1', 3)).toBe(true);
  });

  it('keeps the claims of different jobs apart', async () => {
    const ledger = await openLedger();
    expect(await ledger.claim('job-1', 1)).toBe(true);
    expect(await ledger.claim('job-2', 1)).toBe(true);
    expect(await ledger.claim('job-2', 1)).toBe(false);
  });

  it('claims many at once: each wins or loses as it would alone, also when two processes race for overlapping lots', async () => {
    const [first, second] = await Promise.all([openLedger(), openLedger()]);
    expect(await first.claim('job-2', 1)).toBe(true);
    expect(await first.claimMany([{ jobKey: 'job-1', epoch: 1 }, { jobKey: 'job-2', epoch: 1 }, { jobKey: 'job-3', epoch: 1 }])).toEqual([true, false, true]);

    const lot = Array.from({ length: 40 }, (_, i) => ({ jobKey: `raced-${i}`, epoch: 1 }));
    const [one, two] = await Promise.all([first.claimMany(lot), second.claimMany([...lot].reverse())]);
    const twoInOrder = [...two].reverse();
    expect(lot.map((_, i) => Number(one[i]) + Number(twoInOrder[i]))).toEqual(lot.map(() => 1));

    await second.releaseMany(['job-1', 'job-3']);
    expect(await first.claimMany([{ jobKey: 'job-1', epoch: 1 }, { jobKey: 'job-2', epoch: 1 }, { jobKey: 'job-3', epoch: 1 }])).toEqual([true, false, true]);
    expect(await first.claimMany([])).toEqual([]);
  });

  it('forgets the claims of a released job, and only of that job', async () => {
    const [first, second] = await Promise.all([openLedger(), openLedger()]);
    expect(await first.claim('job-1', 1)).toBe(true);
    expect(await first.claim('job-1', 2)).toBe(true);
    expect(await first.claim('job-2', 1)).toBe(true);

    await second.release('job-1');

    expect(await second.claim('job-1', 1)).toBe(true);
    expect(await second.claim('job-1', 2)).toBe(true);
    expect(await second.claim('job-2', 1)).toBe(false);
  });

  it('purges only the claims older than the cutoff', async () => {
    const ledger = await openLedger();
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    expect(await ledger.claim('crashed-long-ago', 1, hoursAgo(5))).toBe(true);
    expect(await ledger.claim('crashed-long-ago', 2, hoursAgo(3))).toBe(true);
    expect(await ledger.claim('running', 1, hoursAgo(1))).toBe(true);
    expect(await ledger.claim('just-claimed', 1, now)).toBe(true);

    expect(await ledger.purgeOlderThan(hoursAgo(2))).toBe(2);

    expect(await ledger.claim('crashed-long-ago', 1)).toBe(true);
    expect(await ledger.claim('crashed-long-ago', 2)).toBe(true);
    expect(await ledger.claim('running', 1)).toBe(false);
    expect(await ledger.claim('just-claimed', 1)).toBe(false);
    expect(await ledger.purgeOlderThan(hoursAgo(2))).toBe(0);
  });

  it('purges a claim from earlier on the cutoff’s day and keeps a later one', async () => {
    const ledger = await openLedger();
    const cutoff = new Date('2026-11-20T12:00:00.000Z');
    expect(await ledger.claim('days-before', 1, new Date('2026-11-17T18:00:00.000Z'))).toBe(true);
    expect(await ledger.claim('earlier-that-day', 1, new Date('2026-11-20T00:30:00.000Z'))).toBe(true);
    expect(await ledger.claim('just-before', 1, new Date('2026-11-20T11:59:59.999Z'))).toBe(true);
    expect(await ledger.claim('at-the-cutoff', 1, cutoff)).toBe(true);
    expect(await ledger.claim('later-that-day', 1, new Date('2026-11-20T23:00:00.000Z'))).toBe(true);

    expect(await ledger.purgeOlderThan(cutoff)).toBe(3);

    expect(await ledger.claim('days-before', 1)).toBe(true);
    expect(await ledger.claim('earlier-that-day', 1)).toBe(true);
    expect(await ledger.claim('just-before', 1)).toBe(true);
    expect(await ledger.claim('at-the-cutoff', 1)).toBe(false);
    expect(await ledger.claim('later-that-day', 1)).toBe(false);
  });
});
