import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { connectDatabase, database, mongo, type Connection } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { pendingImport, StatementImportRepository, type StatementImport } from './statement-import.repository';

const pending = (id: string): StatementImport => pendingImport({ id, consentId: 'c-1', ownerClientId: 'app', formatHint: null, contentType: 'text/plain', byteLength: 0 }, new Date());

describe('StatementImportRepository files (real store)', () => {
  let connection: Connection;
  let imports: StatementImportRepository;

  beforeEach(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('statement-files'));
    imports = new StatementImportRepository(connection);
    await imports.ensureIndexes();
  });
  afterEach(async () => {
    await database(connection).dropDatabase();
    await connection.close();
  });

  const chunks = () => database(connection).collection<{ _id: string; n: number; data: mongo.Binary; brotli?: boolean; gzip?: boolean }>('statement_files');

  it('keeps a file compressed with brotli and gives it back byte for byte, also one larger than a chunk however compressed', async () => {
    const text = Buffer.from(':61:2601020102D12,50NTRFNONREF\n:86:/TRTP/SEPA OVERBOEKING/REMI/rent\n'.repeat(60_000));
    const noise = randomBytes(1_500_000);
    await imports.insertWithFile(pending('i-text'), text);
    await imports.insertWithFile(pending('i-noise'), noise);

    expect((await imports.file('i-text')).equals(text)).toBe(true);
    expect((await imports.file('i-noise')).equals(noise)).toBe(true);
    const stored = await chunks().find({}).toArray();
    expect(stored.every((c) => c.brotli === true && c.gzip === undefined)).toBe(true);
    const bytesOf = (prefix: string) => stored.filter((c) => c._id.startsWith(prefix)).reduce((sum, c) => sum + c.data.length(), 0);
    expect(bytesOf('i-text:')).toBeLessThan(text.length / 10);
    expect(stored.filter((c) => c._id.startsWith('i-noise:')).length).toBe(2);
  });

  it('hands the file it was given to its import once without reading it back, then reads the store; a deleted import’s or erased consent’s file is gone', async () => {
    const text = Buffer.from(':61:2601020102D12,50NTRFNONREF\n'.repeat(1_000));
    await imports.insertWithFile(pending('i-1'), text);
    await imports.insertWithFile(pending('i-2'), text);
    // The stored chunks changed behind its back: the first read gives what it was given, a second what the store holds.
    await chunks().deleteMany({ importId: 'i-1' });
    expect((await imports.file('i-1')).equals(text)).toBe(true);
    expect((await imports.file('i-1')).length).toBe(0);
    await imports.delete('i-2');
    expect((await imports.file('i-2')).length).toBe(0);
    // A repeated upload of an import that exists hands nothing over.
    await imports.insertWithFile(pending('i-3'), text);
    await imports.file('i-3');
    await imports.insertWithFile(pending('i-3'), text);
    await chunks().deleteMany({ importId: 'i-3' });
    expect((await imports.file('i-3')).length).toBe(0);
    // Nor is an erased consent's.
    await imports.insertWithFile(pending('i-4'), text);
    await imports.deleteByConsent('c-1');
    expect((await imports.file('i-4')).length).toBe(0);
  });

  it('reads a file stored whole by an earlier version, and of an upload retried across versions only the chunks written as its first', async () => {
    const old = Buffer.from('x'.repeat(1024 * 1024 + 10));
    await chunks().insertMany([
      { _id: 'i-old:0', importId: 'i-old', consentId: 'c-1', n: 0, data: new mongo.Binary(old.subarray(0, 1024 * 1024)) },
      { _id: 'i-old:1', importId: 'i-old', consentId: 'c-1', n: 1, data: new mongo.Binary(old.subarray(1024 * 1024)) },
    ] as never);
    expect((await imports.file('i-old')).equals(old)).toBe(true);

    // Retried by this version: chunk 0 rewritten compressed, the earlier chunk 1 left behind.
    await imports.insertWithFile(pending('i-old'), old);
    expect((await new StatementImportRepository(connection).file('i-old')).equals(old)).toBe(true);
  });

  it('reads a file gzipped by an earlier version, and of one retried by this version the brotli chunks it wrote', async () => {
    const text = Buffer.from(':61:2601020102D12,50NTRFNONREF\n:86:/TRTP/SEPA OVERBOEKING/REMI/rent\n'.repeat(1_000));
    const old = gzipSync(text, { level: 1 });
    // In two chunks, as a gzipped file over a chunk's size was stored.
    await chunks().insertMany([
      { _id: 'i-gz:0', importId: 'i-gz', consentId: 'c-1', n: 0, data: new mongo.Binary(old.subarray(0, 100)), gzip: true },
      { _id: 'i-gz:1', importId: 'i-gz', consentId: 'c-1', n: 1, data: new mongo.Binary(old.subarray(100)), gzip: true },
    ] as never);
    expect((await imports.file('i-gz')).equals(text)).toBe(true);

    // Retried by this version: chunk 0 rewritten with brotli (the whole file), the gzipped chunk 1 left behind.
    await imports.insertWithFile(pending('i-gz'), text);
    expect((await chunks().find({ importId: 'i-gz' }).sort({ n: 1 }).toArray()).map((c) => [c.n, c.brotli === true, c.gzip === true])).toEqual([
      [0, true, false],
      [1, false, true],
    ]);
    // Read by another process, which was not handed the file.
    expect((await new StatementImportRepository(connection).file('i-gz')).equals(text)).toBe(true);
  });
});
