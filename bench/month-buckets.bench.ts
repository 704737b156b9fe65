/**
 * What a month bucket (@obp/store's `MonthBuckets`: one document per account and booking month, its
 * transactions as gzipped JSON) costs and saves against one document per transaction, for a household's
 * history (700 transactions, 2 accounts, 13 months). The baseline runs beside it on the same store:
 * - on the store (MONGODB_URI, else a FerretDB of its own): writing the history, adding a day's batch,
 *   reading the whole history, reading one account month; median and p95 of each, and bucket/documents;
 * - in this process alone, what any MongoDB client pays as well: the driver's decoding of the BSON a
 *   server sends (the documents', or the buckets' plus gunzip and JSON.parse) and the encoding of a write,
 *   and the bytes stored and sent (BSON; the buckets' gzip).
 * Run: npx tsx bench/month-buckets.bench.ts   (source /work/notes/infra.env-style variables to use a running store)
 */
import os from 'node:os';
import { BSON } from 'bson';
import { connectDatabase, database, monthBucket, type Connection, type mongo } from '@obp/db';
import { gzipJson, MonthBuckets, type BucketDocument } from '@obp/store';
import { startFerretDb } from '@obp/testkit';

const RUNS = 30;
const CONSENT = 'consent-bench';
const ACCOUNTS = ['account-a', 'account-b'];

interface Transaction {
  id: string;
  accountId: string;
  consentId: string;
  ownerClientId: string;
  externalId: string;
  fetchId: string;
  amount: number;
  currency: string;
  bookingDate: string;
  valueDate: string | null;
  description: string;
  counterpartName: string | null;
  counterpartAccountNumber: string | null;
  transactionType: string | null;
  transactionTypeName: string | null;
  reasonCode: string | null;
  purposeCode: string | null;
}

const MERCHANTS = ['Albert Heijn 1234 Amsterdam', 'NS Reizigers', 'Vattenfall Klantenservice', 'Bol.com', 'Gemeente Amsterdam', 'Huur Woonstichting', 'Spotify AB', 'Salaris Werkgever BV'];

function household(count: number, fetchId: string, from = Date.UTC(2025, 5, 1)): Transaction[] {
  let state = 7;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, (_, i) => {
    const merchant = MERCHANTS[Math.floor(random() * MERCHANTS.length)]!;
    const booked = new Date(from + Math.floor(random() * 395) * 86_400_000 + i * 1000).toISOString();
    return {
      id: `${fetchId}-${String(i).padStart(5, '0')}-${Math.floor(random() * 1e9).toString(16)}`,
      accountId: ACCOUNTS[i % ACCOUNTS.length]!,
      consentId: CONSENT,
      ownerClientId: 'app-bench',
      externalId: `ext-${i}-${Math.floor(random() * 1e9)}`,
      fetchId,
      amount: Math.round((random() - 0.8) * 20_000) / 100,
      currency: 'EUR',
      bookingDate: booked,
      valueDate: booked,
      description: `${merchant} ${Math.floor(random() * 1e6)} Pasvolgnr 003`,
      counterpartName: merchant,
      counterpartAccountNumber: `NL${Math.floor(random() * 90 + 10)}INGB000${Math.floor(random() * 1e7)}`,
      transactionType: 'ic',
      transactionTypeName: 'SEPA Overboeking',
      reasonCode: null,
      purposeCode: null,
    };
  });
}

/** As the consent service kept a transaction before buckets: one document, dates as dates. */
const asDocument = ({ id, bookingDate, valueDate, ...rest }: Transaction) => ({
  _id: id,
  ...rest,
  bookingDate: new Date(bookingDate),
  bookingMonth: monthBucket(new Date(bookingDate)),
  valueDate: valueDate ? new Date(valueDate) : null,
});
type TransactionDocument = ReturnType<typeof asDocument>;

const newestFirst = (a: Transaction, b: Transaction) => (a.bookingDate < b.bookingDate ? 1 : a.bookingDate > b.bookingDate ? -1 : a.id < b.id ? -1 : 1);

function bucketsOf(collection: mongo.Collection<BucketDocument>): MonthBuckets<Transaction> {
  return new MonthBuckets<Transaction>({ collection, ownerField: 'consentId', monthField: 'bookingMonth', valueField: 'transactionsGzip', indexedFields: ['accountId'], idOf: (t) => t.id, bookedAt: (t) => t.bookingDate, order: newestFirst });
}

async function addAll(buckets: MonthBuckets<Transaction>, transactions: Transaction[]): Promise<void> {
  for (const accountId of ACCOUNTS) await buckets.add(accountId, { consentId: CONSENT, accountId }, transactions.filter((t) => t.accountId === accountId));
}

interface Timing {
  median: number;
  p95: number;
}

async function timed(runs: number, step: (run: number) => Promise<unknown> | unknown): Promise<Timing> {
  const ms: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    await step(run);
    ms.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, p95: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]! };
}

const fmt = (t: Timing) => `median ${t.median.toFixed(2).padStart(8)} ms, p95 ${t.p95.toFixed(2).padStart(8)} ms`;
function row(what: string, documents: Timing, buckets: Timing): void {
  console.log(`  ${what.padEnd(44)} documents ${fmt(documents)} | buckets ${fmt(buckets)} | buckets/documents ${(buckets.median / documents.median).toFixed(2)}`);
}

async function onTheStore(connection: Connection, history: Transaction[]): Promise<void> {
  const db = database(connection);
  const documents = db.collection<TransactionDocument>('transactions');
  await documents.createIndex({ consentId: 1, fetchId: 1 });
  await documents.createIndex({ accountId: 1, bookingMonth: 1 });
  const buckets = bucketsOf(db.collection<BucketDocument>('transaction_buckets'));
  await buckets.ensureIndexes();

  const writeRuns = 5;
  const writeDocs = await timed(writeRuns, async () => {
    await documents.deleteMany({});
    await documents.insertMany(history.map(asDocument), { ordered: false });
  });
  const writeBuckets = await timed(writeRuns, async () => {
    await buckets.deleteOwnedBy(CONSENT);
    await addAll(buckets, history);
  });
  row(`write the history (${history.length} transactions)`, writeDocs, writeBuckets);

  const days = Array.from({ length: RUNS }, (_, run) => household(5, `day-${run}`, Date.UTC(2026, 5, 20)));
  const dayDocs = await timed(RUNS, (run) => documents.insertMany(days[run]!.map(asDocument), { ordered: false }));
  const dayBuckets = await timed(RUNS, (run) => addAll(buckets, days[run]!));
  row("add a day's batch (5 transactions)", dayDocs, dayBuckets);

  const readDocs = await timed(RUNS, () => documents.find({ consentId: CONSENT }).toArray());
  const readBuckets = await timed(RUNS, () => buckets.monthsWhere({ consentId: CONSENT }));
  row(`read the history (${await documents.countDocuments({ consentId: CONSENT })} transactions)`, readDocs, readBuckets);

  const month = monthBucket(new Date(history[0]!.bookingDate));
  const monthDocs = await timed(RUNS, () => documents.find({ accountId: ACCOUNTS[0], bookingMonth: month }).toArray());
  const monthBuckets = await timed(RUNS, () => buckets.read(ACCOUNTS[0]!, [month]));
  row(`read one account month (${await documents.countDocuments({ accountId: ACCOUNTS[0], bookingMonth: month })} transactions)`, monthDocs, monthBuckets);
}

/** The client's side alone: what a MongoDB driver decodes and encodes, and the bytes, without any server. */
async function inTheClient(history: Transaction[]): Promise<void> {
  const docBson = history.map((t) => BSON.serialize(asDocument(t)));
  const scratch = new MongoClientlessBuckets();
  await addAll(scratch.buckets, history);
  const bucketBson = scratch.stored.map((d) => BSON.serialize(d));
  const sum = (buffers: Uint8Array[]) => buffers.reduce((n, b) => n + b.byteLength, 0);
  console.log(`  bytes stored and sent: documents ${sum(docBson).toLocaleString('en-US')} in ${docBson.length} | buckets ${sum(bucketBson).toLocaleString('en-US')} in ${bucketBson.length} | buckets/documents ${(sum(bucketBson) / sum(docBson)).toFixed(2)}`);
  const runs = RUNS * 10;
  const decodeDocs = await timed(runs, () => docBson.map((b) => BSON.deserialize(b)));
  const decodeBuckets = await timed(runs, () => scratch.decode(bucketBson.map((b) => BSON.deserialize(b, { promoteBuffers: false }) as BucketDocument)));
  row('decode the history (BSON; gunzip, JSON)', decodeDocs, decodeBuckets);
  const encodeDocs = await timed(runs, () => history.map((t) => BSON.serialize(asDocument(t))));
  const encodeBuckets = await timed(runs, () => scratch.encodeAll(history));
  row('encode the history for a write', encodeDocs, encodeBuckets);
}

/** `MonthBuckets` over an in-memory stand-in for a collection: to get the buckets' documents and time their encoding without a store. */
class MongoClientlessBuckets {
  readonly stored: BucketDocument[] = [];
  readonly buckets: MonthBuckets<Transaction>;
  private readonly byId = new Map<string, BucketDocument>();

  constructor() {
    const byId = this.byId;
    const stored = this.stored;
    const collection = {
      collectionName: 'memory',
      findOne: async ({ _id }: { _id: string }) => byId.get(_id) ?? null,
      insertOne: async (document: BucketDocument) => {
        byId.set(document._id, document);
        stored.push(document);
      },
    };
    this.buckets = bucketsOf(collection as unknown as mongo.Collection<BucketDocument>);
  }

  decode(documents: BucketDocument[]): Transaction[] {
    return documents.flatMap((d) => gzipJson.decode<Transaction[]>(d.transactionsGzip as mongo.Binary));
  }

  encodeAll(history: Transaction[]): mongo.Binary[] {
    const byMonth = new Map<string, Transaction[]>();
    for (const t of history) {
      const key = `${t.accountId}:${t.bookingDate.slice(0, 7)}`;
      byMonth.set(key, [...(byMonth.get(key) ?? []), t]);
    }
    return [...byMonth.values()].map((items) => gzipJson.encode(items.sort(newestFirst)));
  }
}

async function main(): Promise<void> {
  const history = household(700, 'fetch-1');
  const own = process.env.MONGODB_URI ? undefined : await startFerretDb();
  const uri = process.env.MONGODB_URI ?? own!.uri;
  const store = process.env.MONGODB_URI ? (process.env.OBP_LOCAL_STORE ? `${process.env.OBP_LOCAL_STORE} at MONGODB_URI` : 'MONGODB_URI') : 'FerretDB of its own';
  console.log(`month buckets against one document per transaction: ${history.length} transactions, ${ACCOUNTS.length} accounts, 13 months; ${RUNS} runs each`);
  console.log(`  machine: ${os.cpus().length} cores, node ${process.version}; store: ${store}`);
  const connection = await connectDatabase(uri, `month_buckets_bench_${process.pid}`);
  try {
    console.log('on the store:');
    await onTheStore(connection, history);
    console.log('in the client alone (what a MongoDB driver pays as well):');
    await inTheClient(history);
  } finally {
    await database(connection).dropDatabase();
    await connection.close();
    await own?.stop();
  }
}

void main();
