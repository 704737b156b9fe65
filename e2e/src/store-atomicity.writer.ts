/**
 * One writer process of store-atomicity.test.ts, on its own MongoDB connection: prints `ready` once connected,
 * waits for a line on stdin, then runs its share of the writes and prints what it saw as one JSON line.
 * Usage: store-atomicity.writer.ts <uri> <database> <writer-name> <plan as JSON>
 */
import { createInterface } from 'node:readline';
import { mongo } from '@obp/db';

export interface WriterPlan {
  /** Counter ids; the writer's `$inc`s go round them. */
  counters: string[];
  /** How many `$inc`s of one counter by updateOne, findOneAndUpdate and upserting updateOne each. */
  incrementsPerKind: number;
  /** How many updateMany's, each incrementing every counter once. */
  incrementAllTimes: number;
  /** Claimable documents, each `{ owner: null }` at the start. */
  claims: string[];
  /** Documents upserted by every writer (none exists at the start): `$inc` of `n` with `upsert: true`. */
  upserts: string[];
  /** Versioned documents and how many version-checked updates the writer tries on each. */
  versioned: string[];
  versionAttempts: number;
}

export interface WriterReport {
  writer: string;
  /** Modified counts the store reported: one per single-document `$inc` that succeeded, counters.length per updateMany. */
  incrementsReported: number;
  /** Ids this writer's claim came back with a document for. */
  claimsWon: string[];
  /** `${id}@${version}` of every version-checked update the store reported as modified. */
  versionsWon: string[];
  errors: string[];
}

/** The documents the writers change. */
export interface Doc {
  _id: string;
  n?: number;
  owner?: string | null;
  version?: number;
  history?: string[];
}

async function main(): Promise<void> {
  const [uri, dbName, writer, planJson] = process.argv.slice(2);
  const plan = JSON.parse(planJson!) as WriterPlan;
  const client = new mongo.MongoClient(uri!, { maxPoolSize: 4 });
  await client.connect();
  const collection = client.db(dbName).collection<Doc>('atomicity');
  await collection.findOne({ _id: plan.counters[0]! });
  process.stdout.write('ready\n');
  const input = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => input.once('line', () => resolve()));
  input.close();
  process.stdin.destroy();

  const report: WriterReport = { writer: writer!, incrementsReported: 0, claimsWon: [], versionsWon: [], errors: [] };
  const attempt = async (what: string, write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      report.errors.push(`${what}: ${(error as Error).message}`);
    }
  };
  const counter = (i: number) => plan.counters[i % plan.counters.length]!;

  // Two connections' worth of work interleaved, so the writer's own writes also overlap one another.
  const increments = async (lane: number) => {
    for (let i = lane; i < plan.incrementsPerKind; i += 2) {
      // (`x += await y` would read x before the await, and lose the other lane's additions)
      await attempt('updateOne $inc', async () => {
        const result = await collection.updateOne({ _id: counter(i) }, { $inc: { n: 1 } });
        report.incrementsReported += result.modifiedCount;
      });
      await attempt('findOneAndUpdate $inc', async () => {
        const before = await collection.findOneAndUpdate({ _id: counter(i + 1) }, { $inc: { n: 1 } });
        if (before) report.incrementsReported++;
      });
      await attempt('upserting updateOne $inc', async () => {
        const result = await collection.updateOne({ _id: counter(i + 2) }, { $inc: { n: 1 } }, { upsert: true });
        report.incrementsReported += result.modifiedCount + result.upsertedCount;
      });
      if (i < plan.incrementAllTimes) {
        await attempt('updateMany $inc', async () => {
          const result = await collection.updateMany({ _id: { $in: plan.counters } }, { $inc: { n: 1 } });
          report.incrementsReported += result.modifiedCount;
        });
      }
    }
  };

  const claims = async () => {
    for (const _id of plan.claims) {
      await attempt('claim', async () => {
        const claimed = await collection.findOneAndUpdate({ _id, owner: null }, { $set: { owner: writer! } }, { returnDocument: 'after' });
        if (claimed) report.claimsWon.push(_id);
      });
    }
  };

  const upserts = async () => {
    for (const _id of plan.upserts) {
      await attempt('upsert', async () => void (await collection.updateOne({ _id }, { $inc: { n: 1 } }, { upsert: true })));
    }
  };

  const versions = async () => {
    for (let i = 0; i < plan.versionAttempts; i++) {
      for (const _id of plan.versioned) {
        await attempt('version check', async () => {
          const current = await collection.findOne({ _id });
          const version = current!.version!;
          const result = await collection.updateOne({ _id, version }, { $set: { writer: writer! }, $inc: { version: 1 }, $push: { history: `${writer}@${version}` } });
          if (result.modifiedCount === 1) report.versionsWon.push(`${_id}@${version}`);
        });
      }
    }
  };

  await Promise.all([increments(0), increments(1), claims(), upserts(), versions()]);
  await client.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
