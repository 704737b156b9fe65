/**
 * How many aggregates a second one outbox relay publishes, on the local store (FerretDB on PostgreSQL) and Kafka:
 * the relay as it runs now (each published page cleared in a few commands: `clearPublishedPage`) beside the
 * baseline it replaced, which cleared each document with a read and a version-guarded write of its own, 16 at once.
 * Each run in a database and a topic (3 partitions) of its own:
 *   - drain: BENCH_RELAY_AGGREGATES (5,000) aggregates, each with one event the size of a `share.created`, are
 *     written first, then the relay publishes them all: aggregates a second, BENCH_RELAY_ROUNDS (3) times per
 *     relay, the two relays alternating (the median, and the ratio of each round);
 *   - under writes: BENCH_RELAY_WRITERS (50) writers insert such aggregates for BENCH_RELAY_SECONDS (20) while the
 *     relay runs as a service runs it (woken by each write): the write rate, the backlog (aggregates not yet
 *     published) sampled each second, its peak, its value when the writes end and how long it then takes to reach 0.
 * The store and Kafka are those of MONGODB_URI and KAFKA_BROKERS (`source /work/notes/infra.env`-style), else a
 * FerretDB and a Kafka of its own are started (and removed). The writers, the relay and the measuring share one
 * process, as the share service's requests and its relay do.
 *
 *   npx tsx bench/outbox-relay.bench.ts
 *   BENCH_RELAY_BATCH=500 npx tsx bench/outbox-relay.bench.ts   # the relay's page size (100 by default)
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { createKafka, createProducer, ensureTopics, EventWriter, type EventProducer } from '@obp/bus';
import { defineEvents, z } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { AggregateStore, OutboxRelay, type OutboxSource, type PendingEvents } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { startFerretDb, startKafka } from '@obp/testkit';

const AGGREGATES = Number(process.env.BENCH_RELAY_AGGREGATES ?? 5_000);
const WRITERS = Number(process.env.BENCH_RELAY_WRITERS ?? 50);
const WRITE_SECONDS = Number(process.env.BENCH_RELAY_SECONDS ?? 20);
const BATCH = process.env.BENCH_RELAY_BATCH ? Number(process.env.BENCH_RELAY_BATCH) : undefined;
const ROUNDS = Number(process.env.BENCH_RELAY_ROUNDS ?? 3);
const DRAIN_LIMIT_MS = 10 * 60_000;

const logger = createLogger('outbox-relay-bench', 'warn');

interface Item {
  id: string;
  ownerClientId: string;
  clientId: string;
  reference: string;
  consentIds: string[];
  createdAt: Date;
}

const itemEvents = (topic: string) =>
  defineEvents(topic, { 'item.created': z.object({ id: z.string(), clientId: z.string(), reference: z.string(), consentIds: z.array(z.string()), createdAt: z.string() }) });

/** The relay of the baseline: the same, but each document of a published page cleared on its own (a read and a write), 16 at once. */
function oneDocumentAtATime(store: OutboxSource): OutboxSource {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'clearPublishedPage') return Reflect.get(target, prop, receiver) as unknown;
      return async (docs: readonly PendingEvents[]) => {
        for (let i = 0; i < docs.length; i += 16) {
          await Promise.all(docs.slice(i, i + 16).map((doc) => target.clearPublished(doc._id, new Set(doc.outbox.map((e) => e.eventId)))));
        }
      };
    },
  });
}

interface UnderWrites {
  writeRate: number;
  publishRate: number;
  peakBacklog: number;
  backlogAtEnd: number;
  drainAfterSeconds: number | null;
  backlogOverTime: number[];
}

type Variant = 'baseline' | 'page';

/** A database, a topic (3 partitions), a producer, a store and its relay of `variant`, and a writer of one aggregate with one event; `close` removes them. */
async function setUp(variant: Variant, mongoUri: string, brokers: string[], name: string) {
  const kafka = createKafka(`outbox-relay-bench-${name}`, brokers, logger);
  const topic = `outbox-relay-bench-${name}`;
  await ensureTopics(kafka, [{ topic, partitions: 3 }]);
  const db: Connection = await connectDatabase(mongoUri, `outbox_relay_bench_${name.replace(/-/g, '_')}`);
  const producer: EventProducer = createProducer(kafka);
  await producer.connect();
  const store = new AggregateStore<Item>(database(db), { collection: 'items' });
  await store.ensureIndexes();
  const writer = new EventWriter(itemEvents(topic), topic);
  const relay = new OutboxRelay({ store: variant === 'baseline' ? oneDocumentAtATime(store) : store, producer, logger, pollIntervalMs: 1_000, ...(BATCH ? { batchSize: BATCH } : {}) });
  let written = 0;
  const write = async () => {
    const n = written++;
    const item: Item = { id: `${variant}-${n}`, ownerClientId: 'bench-app', clientId: 'partner-app', reference: 'outbox-relay-bench', consentIds: [`consent-${n % 97}`], createdAt: new Date() };
    const event = writer.entry('item.created', { key: item.id, ownerClientId: item.ownerClientId, data: { ...item, createdAt: item.createdAt.toISOString() } });
    await store.insert(item, [event]);
  };
  const close = async () => {
    await relay.stop();
    await producer.disconnect();
    await database(db).dropDatabase().catch(() => undefined);
    await db.close();
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  };
  return { store, relay, write, written: () => written, close };
}

/** Aggregates a second the relay publishes from an outbox of AGGREGATES written before. */
async function drainRate(variant: Variant, mongoUri: string, brokers: string[], name: string): Promise<number> {
  const bench = await setUp(variant, mongoUri, brokers, name);
  try {
    for (let i = 0; i < AGGREGATES; i += WRITERS) await Promise.all(Array.from({ length: Math.min(WRITERS, AGGREGATES - i) }, bench.write));
    const started = performance.now();
    while ((await bench.relay.publishPending()) > 0);
    return AGGREGATES / ((performance.now() - started) / 1000);
  } finally {
    await bench.close();
  }
}

/** The relay running as a service runs it while WRITERS write for WRITE_SECONDS. */
async function underWrites(variant: Variant, mongoUri: string, brokers: string[], name: string): Promise<UnderWrites> {
  const bench = await setUp(variant, mongoUri, brokers, name);
  try {
    bench.relay.start();
    const backlog: number[] = [];
    let writing = true;
    const sampler = (async () => {
      while (writing) {
        backlog.push(await bench.store.pendingCount());
        await sleep(1_000);
      }
    })();
    const started = performance.now();
    const until = started + WRITE_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (performance.now() < until) await bench.write();
      }),
    );
    const ended = performance.now();
    writing = false;
    await sampler;
    const backlogAtEnd = await bench.store.pendingCount();
    let drainAfterSeconds: number | null = null;
    while (performance.now() - ended < DRAIN_LIMIT_MS) {
      if ((await bench.store.pendingCount()) === 0) {
        drainAfterSeconds = (performance.now() - ended) / 1000;
        break;
      }
      await sleep(250);
    }
    const seconds = (ended - started) / 1000;
    const writes = bench.written();
    return { writeRate: writes / seconds, publishRate: (writes - backlogAtEnd) / seconds, peakBacklog: Math.max(backlogAtEnd, ...backlog), backlogAtEnd, drainAfterSeconds, backlogOverTime: backlog };
  } finally {
    await bench.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const run = Date.now().toString(36);
  const ownStore = process.env.MONGODB_URI ? undefined : await startFerretDb();
  const ownKafka = process.env.KAFKA_BROKERS ? undefined : await startKafka();
  const mongoUri = process.env.MONGODB_URI ?? ownStore!.uri;
  const brokers = process.env.KAFKA_BROKERS?.split(',') ?? ownKafka!.brokers;
  console.log('outbox relay: aggregates published a second, one relay, local store (FerretDB on PostgreSQL) and Kafka');
  console.log(`  machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (shared: figures vary with what else runs)`);
  console.log(`  relay page ${BATCH ?? 100} aggregates, one event each (the size of a share.created)`);
  try {
    // The machine is shared: the variants' drains alternate, so that a busy spell weighs on both.
    const drains: Record<Variant, number[]> = { baseline: [], page: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of round % 2 === 0 ? (['baseline', 'page'] as const) : (['page', 'baseline'] as const)) drains[variant].push(await drainRate(variant, mongoUri, brokers, `${run}-drain-${variant}-${round}`));
    }
    console.log('');
    console.log(`  drain of ${AGGREGATES.toLocaleString('en-US')} aggregates, aggregates published a second (rounds: ${ROUNDS}, alternating):`);
    for (const variant of ['baseline', 'page'] as const) console.log(`    ${variant === 'baseline' ? 'baseline: a read and a write per document' : 'page: one write per version read        '}   median ${median(drains[variant]).toFixed(0)}/s   (${drains[variant].map((r) => r.toFixed(0)).join(', ')})`);
    console.log(`    ratio page / baseline: ${(median(drains.page) / median(drains.baseline)).toFixed(2)}× (per round: ${drains.page.map((p, i) => (p / drains.baseline[i]!).toFixed(2)).join(', ')})`);

    const writes = new Map<Variant, UnderWrites>();
    for (const variant of ['baseline', 'page'] as const) writes.set(variant, await underWrites(variant, mongoUri, brokers, `${run}-writes-${variant}`));
    console.log('');
    console.log(`  under ${WRITERS} writers for ${WRITE_SECONDS} s:        writes   published   peak backlog   at end   drained after`);
    for (const [variant, f] of writes) {
      console.log(
        `    ${variant.padEnd(28)}${f.writeRate.toFixed(0).padStart(8)}/s ${f.publishRate.toFixed(0).padStart(9)}/s ${String(f.peakBacklog).padStart(12)} ${String(f.backlogAtEnd).padStart(8)}   ${f.drainAfterSeconds === null ? 'not drained' : `${f.drainAfterSeconds.toFixed(1)} s`}`,
      );
    }
    console.log(`    ratio page / baseline, published under writes: ${(writes.get('page')!.publishRate / writes.get('baseline')!.publishRate).toFixed(2)}×`);
    for (const [variant, f] of writes) console.log(`    ${variant} backlog each second: ${f.backlogOverTime.join(' ')}`);
  } finally {
    await ownKafka?.stop();
    await ownStore?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
