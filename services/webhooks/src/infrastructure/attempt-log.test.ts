import { randomUUID } from 'node:crypto';
import { connectDatabase, database, type Connection, type mongo } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { AttemptLog, type DeliveryAttempt } from './attempt-log';

const DAY = 86_400_000;
const now = new Date('2030-01-10T12:00:00Z');

describe('the attempt log (real store)', () => {
  let connection: Connection;
  let db: mongo.Db;
  let log: AttemptLog;
  const commands: mongo.CommandStartedEvent[] = [];

  beforeEach(async () => {
    commands.length = 0;
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('webhook_attempts'), { onCommand: (event) => commands.push(event) });
    db = database(connection);
    log = new AttemptLog(db, 30);
    await log.ensureIndexes();
  });
  afterEach(async () => {
    await db.dropDatabase();
    await connection.close();
  });

  async function attempt(endpointId: string, attemptedAt: Date): Promise<Omit<DeliveryAttempt, 'attemptedDay'>> {
    const recorded = {
      _id: randomUUID(),
      endpointId,
      messageId: `msg_${randomUUID()}`,
      eventType: 'share.created' as const,
      trigger: 'scheduled' as const,
      status: 'succeeded' as const,
      responseStatus: 200,
      responseBody: '',
      error: null,
      durationMs: 5,
      attemptedAt,
      nextAttemptAt: null,
    };
    await log.record(recorded);
    return recorded;
  }

  it('pages an endpoint’s attempts newest first across days', async () => {
    // Three today, two three days ago, one a week ago; and another endpoint's.
    const times = [0, 1, 2].map((h) => new Date(now.getTime() - h * 3_600_000)).concat([3 * DAY, 3 * DAY + 1000, 7 * DAY].map((ms) => new Date(now.getTime() - ms)));
    const recorded = [];
    for (const at of times) recorded.push(await attempt('ep', at));
    await attempt('other', now);
    const ids = recorded.map((a) => a._id);

    const pages = [1, 2, 3, 4].map((page) => log.page('ep', page, 2, now));
    const [first, second, third, past] = await Promise.all(pages);
    expect(first!.items.map((a) => a._id)).toEqual(ids.slice(0, 2));
    expect(second!.items.map((a) => a._id)).toEqual(ids.slice(2, 4));
    expect(third!.items.map((a) => a._id)).toEqual(ids.slice(4, 6));
    expect(past!.items).toEqual([]);
    expect([first, second, third, past].map((p) => p!.total)).toEqual([6, 6, 6, 6]);
  });

  it('counts with the count command and reads only the days a page shows', async () => {
    for (let i = 0; i < 3; i++) await attempt('ep', new Date(now.getTime() - i * 60_000));
    await attempt('ep', new Date(now.getTime() - 2 * DAY));
    commands.length = 0;

    const { items, total } = await log.page('ep', 1, 2, now);
    expect(items).toHaveLength(2);
    expect(total).toBe(4);
    const onAttempts = commands.filter((c) => c.command[c.commandName] === 'webhook_attempts');
    expect(onAttempts.map((c) => c.commandName)).toContain('count');
    expect(onAttempts.map((c) => c.commandName)).not.toContain('aggregate');
    const reads = onAttempts.filter((c) => c.commandName === 'find').map((c) => c.command.filter as Record<string, unknown>);
    expect(reads).toEqual([{ endpointId: 'ep', attemptedDay: '2030-01-10' }]);
  });
});
