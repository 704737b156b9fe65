import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connectDatabase, database } from '@obp/db';
import { repoRoot, testEnv, uniqueDbName } from '@obp/testkit';

const run = promisify(execFile);

/** `npm run migrate` with these settings: its exit code and output. */
async function migrate(env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('bash', ['scripts/migrate.sh'], { cwd: repoRoot, env: { ...process.env, LOG_LEVEL: 'info', ...env } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run migrate (real store)', () => {
  const names = { ANALYSIS_DB_NAME: uniqueDbName('migrate_analysis'), WEBHOOKS_DB_NAME: uniqueDbName('migrate_webhooks'), SHARE_DB_NAME: uniqueDbName('migrate_share'), FEEDBACK_DB_NAME: uniqueDbName('migrate_feedback'), SEQUENCING_DB_NAME: uniqueDbName('migrate_sequencing'), CONSENT_DB_NAME: uniqueDbName('migrate_consent'), EDGE_DB_NAME: uniqueDbName('migrate_edge') };
  afterAll(async () => {
    for (const name of Object.values(names)) {
      const connection = await connectDatabase(testEnv().mongoUri, name);
      await connection.dropDatabase();
      await connection.close();
    }
  });

  const recorded = async (name: string) => {
    const connection = await connectDatabase(testEnv().mongoUri, name);
    try {
      return (await database(connection).collection<{ _id: string }>('schema_migrations').find({ appliedAt: { $exists: true } }).sort({ _id: 1 }).toArray()).map((r) => r._id);
    } finally {
      await connection.close();
    }
  };

  it("runs every service's migrations on its own database, and nothing the second time", async () => {
    const first = await migrate({ MONGODB_URI: testEnv().mongoUri, ...names });
    expect(first.code).toBe(0);
    expect(await recorded(names.ANALYSIS_DB_NAME)).toEqual(['0001-external-users-within-app', '0002-history-by-month', '0003-job-erasure-ids']);
    expect(await recorded(names.WEBHOOKS_DB_NAME)).toEqual(['0001-message-erasure-ids']);
    expect(await recorded(names.SHARE_DB_NAME)).toEqual(['0001-external-users-within-app', '0002-history-by-month', '0003-share-lists-built-when-fresh']);
    expect(first.output).toMatch(/"service":"analysis-migrate","applied":3/);

    const second = await migrate({ MONGODB_URI: testEnv().mongoUri, ...names });
    expect(second.code).toBe(0);
    expect(second.output).toMatch(/"service":"analysis-migrate","applied":0,"known":3/);
    expect(second.output).not.toMatch(/migration applied/);
  });

  it('exits 1, naming the cause, when a service cannot migrate', async () => {
    const failed = await migrate({ MONGODB_URI: 'not-a-uri', ...names });
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/MONGODB_URI: must be a mongodb:\/\/ URI/);
  });
});
