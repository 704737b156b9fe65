import { connectDatabase, database } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { ClaimLedger } from './claim-ledger';
import { periodicRound } from './periodic-task';

describe('periodicRound (real store)', () => {
  const cleanup = new Cleanup();
  afterEach(() => cleanup.run());

  it('runs each round in one of the processes that run the task, and the next round again', async () => {
    const dbName = uniqueDbName('rounds');
    const intervalMs = 60_000;
    const rounds: Date[] = [];
    /** The task as one process of the service runs it: its own connection and ledger. */
    const openProcess = async () => {
      const connection = await connectDatabase(testEnv().mongoUri, dbName);
      cleanup.add(() => connection.close());
      const claims = await ClaimLedger.open(database(connection));
      return periodicRound({ name: 'housekeeping', logger: createLogger('test', 'silent'), intervalMs, claims, run: async (now) => void rounds.push(now) });
    };
    const processes = await Promise.all([openProcess(), openProcess(), openProcess()]);

    const firstRound = new Date(Math.ceil(Date.now() / intervalMs) * intervalMs + 2 * intervalMs);
    await Promise.all(processes.map((task) => task.runDue(firstRound)));
    expect(rounds).toEqual([firstRound]);

    const sameRoundLater = new Date(firstRound.getTime() + intervalMs / 2);
    await Promise.all(processes.map((task) => task.runDue(sameRoundLater)));
    expect(rounds).toEqual([firstRound]);

    const nextRound = new Date(firstRound.getTime() + intervalMs);
    await Promise.all(processes.map((task) => task.runDue(nextRound)));
    expect(rounds).toEqual([firstRound, nextRound]);
  });
});
