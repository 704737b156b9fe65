import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { connectDatabase, database, mongo } from '@obp/db';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { BucketStore, compressedJson, gzipJson, type Bucket, type BucketDocument } from './bucket-store';

interface Note {
  text: string;
  tags: string[];
}

describe('compressedJson', () => {
  const value = { text: 'Café ☕ — naïve', amounts: [-4.5, 0, 1e21], nested: { none: null, yes: true }, empty: [] };

  it('gives back what it encoded, as one binary value, brotli-compressed (marked by its subtype)', () => {
    const encoded = compressedJson.encode(value);
    expect(encoded).toBeInstanceOf(mongo.Binary);
    expect(encoded.sub_type).toBe(0x80);
    expect(JSON.parse(brotliDecompressSync(encoded.buffer).toString('utf8'))).toEqual(value);
    expect(compressedJson.decode(encoded)).toEqual(value);
    expect(gzipJson).toBe(compressedJson);
  });

  it('reads a value gzipped, as values were written before', () => {
    expect(compressedJson.decode(new mongo.Binary(gzipSync(JSON.stringify(value))))).toEqual(value);
  });
});

describe('BucketStore (real store)', () => {
  const cleanup = new Cleanup();
  let collection: mongo.Collection<BucketDocument>;

  beforeEach(async () => {
    const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('buckets'));
    cleanup.add(() => connection.close());
    const db = database(connection);
    cleanup.add(() => db.dropDatabase());
    collection = db.collection<BucketDocument>('notes');
  });
  afterEach(() => cleanup.run());

  /** A store as one process has it; two of them without a shared lock are two processes. */
  const storeOf = () => new BucketStore<Note, { owner: string }>(collection, { valueField: 'noteGzip', ownerField: 'owner' });
  const tagged = (tag: string) => (current: Bucket<Note, { owner: string }> | null) => ({
    next: { fields: current?.fields ?? { owner: 'a' }, value: { text: current?.value.text ?? 'new', tags: [...(current?.value.tags ?? []), tag] } },
    result: tag,
  });


  it('answers a filter with an empty $in without asking the store, which would read every bucket to match none', async () => {
    const sent: string[] = [];
    const connection = await connectDatabase(testEnv().mongoUri, collection.dbName, { onCommand: (event) => sent.push(event.commandName) });
    cleanup.add(() => connection.close());
    await storeOf().insertOnce('b-1', { owner: 'a' }, { text: 'kept', tags: [] });
    const watched = new BucketStore<Note, { owner: string }>(database(connection).collection<BucketDocument>('notes'), { valueField: 'noteGzip', ownerField: 'owner' });
    expect(await watched.find({ owner: { $in: [] } })).toEqual([]);
    expect(await watched.fieldsOf({ owner: { $in: [] } }, ['owner'])).toEqual([]);
    expect(await watched.deleteWhere({ owner: { $in: [] } })).toBe(0);
    expect(sent.filter((name) => name === 'find' || name === 'delete')).toEqual([]);
    expect((await watched.find({ owner: { $in: ['a'] } })).map((bucket) => bucket.value.text)).toEqual(['kept']);
  });
  it('stores the value encoded in its one field and reads it back with its fields', async () => {
    const store = storeOf();
    await store.ensureIndexes();
    await store.put('n-1', { owner: 'a' }, { text: 'first', tags: ['x'] });
    expect(await collection.findOne({ _id: 'n-1' })).toEqual({ _id: 'n-1', owner: 'a', version: 1, noteGzip: expect.any(mongo.Binary) });
    expect(await store.get('n-1')).toEqual({ id: 'n-1', version: 1, fields: { owner: 'a' }, value: { text: 'first', tags: ['x'] } });
    expect(await store.find({ owner: 'a' })).toEqual([await store.get('n-1')]);
    expect(await store.fieldsOf({ owner: 'a' }, ['owner'])).toEqual([{ id: 'n-1', owner: 'a' }]);
    expect(await store.get('n-2')).toBeNull();
    expect(await collection.indexExists('owner_1')).toBe(true);
  });

  it('keeps the first bucket stored under an id', async () => {
    const store = storeOf();
    expect(await store.insertOnce('n-1', { owner: 'a' }, { text: 'first', tags: [] })).toBe(true);
    expect(await store.insertOnce('n-1', { owner: 'b' }, { text: 'second', tags: [] })).toBe(false);
    expect(await store.get('n-1')).toMatchObject({ fields: { owner: 'a' }, value: { text: 'first' } });
  });

  it('retries a change from a fresh read when another process changed the bucket between its read and its write', async () => {
    const store = storeOf();
    const otherProcess = storeOf();
    await store.change('n-1', tagged('first'));
    const read: string[][] = [];
    const result = await store.change('n-1', async (current) => {
      read.push(current!.value.tags);
      if (read.length === 1) await otherProcess.change('n-1', tagged('theirs'));
      return tagged('mine')(current);
    });
    expect(result).toBe('mine');
    expect(read).toEqual([['first'], ['first', 'theirs']]);
    expect(await store.get('n-1')).toMatchObject({ version: 3, value: { tags: ['first', 'theirs', 'mine'] } });
  });

  it('merges into a bucket another process created after this one found none', async () => {
    const store = storeOf();
    const otherProcess = storeOf();
    const read: Array<string[] | null> = [];
    await store.change('n-1', async (current) => {
      read.push(current?.value.tags ?? null);
      if (read.length === 1) await otherProcess.change('n-1', tagged('theirs'));
      return tagged('mine')(current);
    });
    expect(read).toEqual([null, ['theirs']]);
    expect(await store.get('n-1')).toMatchObject({ version: 2, value: { tags: ['theirs', 'mine'] } });
  });

  it('does not bring back a bucket another process deleted between its read and its write', async () => {
    const store = storeOf();
    const otherProcess = storeOf();
    await store.change('n-1', tagged('first'));
    const read: Array<string[] | null> = [];
    const result = await store.change('n-1', async (current) => {
      read.push(current?.value.tags ?? null);
      if (read.length === 1) await otherProcess.deleteOwnedBy('a');
      return current ? tagged('mine')(current) : { result: 'gone' };
    });
    expect(result).toBe('gone');
    expect(read).toEqual([['first'], null]);
    expect(await collection.countDocuments({})).toBe(0);
  });

  it('loses no change when many run at once on one connection and leaves a bucket unchanged when told so', async () => {
    const store = storeOf();
    const tags = Array.from({ length: 30 }, (_, i) => `t${i}`);
    await Promise.all(tags.map((tag) => store.change('n-1', tagged(tag))));
    const stored = await store.get('n-1');
    expect(stored?.value.tags.sort()).toEqual([...tags].sort());
    expect(stored?.version).toBe(30);
    expect(await store.change('n-1', () => ({ result: 'left' }))).toBe('left');
    expect((await store.get('n-1'))?.version).toBe(30);
    expect(await store.change('n-1', () => ({ next: null, result: 'deleted' }))).toBe('deleted');
    expect(await store.get('n-1')).toBeNull();
  });

  it('changes a bucket written without a version (an older layout) once, guarded as any other', async () => {
    const store = storeOf();
    await collection.insertOne({ _id: 'n-1', owner: 'a', noteGzip: gzipJson.encode({ text: 'old', tags: ['old'] }) });
    expect(await store.get('n-1')).toMatchObject({ version: 0, value: { tags: ['old'] } });
    await store.change('n-1', tagged('new'));
    expect(await store.get('n-1')).toMatchObject({ version: 1, value: { tags: ['old', 'new'] } });
  });

  it('erases every bucket of an owner, named alone or among several, and only those', async () => {
    const store = new BucketStore<Note, { owners: string[] }>(collection, { valueField: 'noteGzip', ownerField: 'owners' });
    await store.insertOnce('n-1', { owners: ['a'] }, { text: '1', tags: [] });
    await store.insertOnce('n-2', { owners: ['b', 'a'] }, { text: '2', tags: [] });
    await store.insertOnce('n-3', { owners: ['b'] }, { text: '3', tags: [] });
    expect(await store.deleteOwnedBy('a')).toBe(2);
    expect(await store.deleteOwnedBy('a')).toBe(0);
    expect((await store.find({})).map((b) => b.id)).toEqual(['n-3']);
    expect(await store.deleteWhere({ _id: { $in: ['n-3'] } })).toBe(1);
  });

  it('writes a bucket kept within a slot only into a slot that exists, and reads an entry without the value as none', async () => {
    const slots = new BucketStore<Note, { key: string }>(collection, { valueField: 'noteGzip', within: 'cached' });
    expect(await slots.put('s-1', { key: 'k' }, { text: 'lost', tags: [] })).toBe(false);
    expect(await collection.countDocuments({})).toBe(0);

    await collection.insertOne({ _id: 's-1' });
    expect(await slots.get('s-1')).toBeNull();
    expect(await slots.put('s-1', { key: 'k' }, { text: 'kept', tags: [] })).toBe(true);
    expect(await collection.findOne({ _id: 's-1' })).toEqual({ _id: 's-1', cached: { key: 'k', noteGzip: expect.any(mongo.Binary) } });
    expect(await slots.get('s-1')).toEqual({ id: 's-1', version: 0, fields: { key: 'k' }, value: { text: 'kept', tags: [] } });

    await collection.replaceOne({ _id: 's-1' }, { cached: { key: 'k', noteJson: '{}' } });
    expect(await slots.get('s-1')).toBeNull();
  });

  it('refuses a change of a bucket within a slot, which has no version to compare: it neither makes a slot nor tries for ever', async () => {
    const slots = new BucketStore<Note, { key: string }>(collection, { valueField: 'noteGzip', within: 'cached' });
    const made = () => ({ next: { fields: { key: 'k' }, value: { text: 'new', tags: [] } }, result: 'made' });
    await collection.insertOne({ _id: 's-1' });
    await expect(slots.change('s-1', made)).rejects.toThrow(/within slots/);
    await expect(slots.change('s-2', made)).rejects.toThrow(/within slots/);
    expect(await collection.find().toArray()).toEqual([{ _id: 's-1' }]);
  });
});
