import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import type { StatementImportDto, StatementImportStatus } from '@obp/contracts';
import { database, insertUnique, mongo, type Connection } from '@obp/db';

/** One uploaded statement file's import (`GET /consents/{id}/statements/{importId}`). */
export interface StatementImport {
  id: string;
  consentId: string;
  ownerClientId: string;
  status: StatementImportStatus;
  /** `?format=` as the app gave it, lower case; null to read it from the content. */
  formatHint: string | null;
  contentType: string;
  byteLength: number;
  format: string | null;
  version: string | null;
  accounts: Array<{ accountId: string; iban: string }>;
  transactionsAdded: number;
  duplicatesSkipped: number;
  errors: Array<{ location: string; message: string }>;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  /** Its outcome reached the consent (status, errors) and its transactions were announced: nothing is left to do. */
  announced: boolean;
}

/** An import as an upload records it: waiting for the consent's fetch job, nothing read yet. */
export function pendingImport(upload: Pick<StatementImport, 'id' | 'consentId' | 'ownerClientId' | 'formatHint' | 'contentType' | 'byteLength'>, now: Date): StatementImport {
  return {
    ...upload,
    status: 'Pending',
    format: null,
    version: null,
    accounts: [],
    transactionsAdded: 0,
    duplicatesSkipped: 0,
    errors: [],
    createdAt: now,
    startedAt: null,
    completedAt: null,
    announced: false,
  };
}

type ImportRecord = Omit<StatementImport, 'id'> & { _id: string };

interface FileChunk {
  _id: string;
  importId: string;
  consentId: string;
  n: number;
  data: mongo.Binary;
  /** A chunk of the file compressed with brotli, as stored now. */
  brotli?: true;
  /** A chunk of the gzipped file, as an earlier version stored it; neither flag on the chunks of a file stored whole, as versions before that did. */
  gzip?: true;
}

type ChunkEncoding = 'brotli' | 'gzip' | 'none';

const encodingOf = (chunk: FileChunk): ChunkEncoding => (chunk.brotli === true ? 'brotli' : chunk.gzip === true ? 'gzip' : 'none');

/**
 * Statements are text: the store writes, and an import reads, a fraction of the bytes. Brotli at quality 1 takes about
 * half gzip's time at its fastest level on statement files, and stores fewer bytes.
 */
const compressFile = (file: Buffer): Buffer =>
  brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: file.length } });

function decompressFile(bytes: Buffer, encoding: ChunkEncoding): Buffer {
  if (encoding === 'brotli') return brotliDecompressSync(bytes);
  return encoding === 'gzip' ? gunzipSync(bytes) : bytes;
}

/** Files are kept in chunks well under a document's size limit (16 MB in MongoDB). */
const CHUNK_BYTES = 1024 * 1024;

/** The files uploaded to this process whose import has not read them yet: at most this many, the oldest dropped. */
const RECENT_FILES = 4;
/**
 * Of those, kept as uploaded while all kept so stay within this many bytes (a 20 MB file and some small ones), the
 * rest compressed as stored: the import then does not decompress what it was handed.
 */
const RECENT_RAW_BYTES = 32 * 1024 * 1024;

const fromRecord = ({ _id, ...rest }: ImportRecord): StatementImport => ({ id: _id, ...rest });

export const toStatementImportDto = (i: StatementImport): StatementImportDto => ({
  id: i.id,
  consentId: i.consentId,
  status: i.status,
  format: i.format,
  version: i.version,
  byteLength: i.byteLength,
  accounts: i.accounts,
  transactionsAdded: i.transactionsAdded,
  duplicatesSkipped: i.duplicatesSkipped,
  errors: i.errors,
  createdAt: i.createdAt.toISOString(),
  startedAt: i.startedAt?.toISOString() ?? null,
  completedAt: i.completedAt?.toISOString() ?? null,
});

export type ImportOutcome =
  | { status: 'Completed'; format: string; version: string | null; accounts: StatementImport['accounts']; transactionsAdded: number; duplicatesSkipped: number }
  | { status: 'Failed'; format: string | null; version: string | null; errors: StatementImport['errors'] };

/**
 * The imports of statement files (`statement_imports`) and the files themselves (`statement_files`, in chunks),
 * kept until the consent is erased.
 */
export class StatementImportRepository {
  private readonly imports: mongo.Collection<ImportRecord>;
  private readonly files: mongo.Collection<FileChunk>;
  /**
   * The file of an import uploaded here, as stored, until its import reads it: an import run by the process that took
   * the upload (the usual case) does not read back from the store what it has just written.
   */
  private readonly recentFiles = new Map<string, { consentId: string; raw: Buffer | null; compressed: Buffer }>();

  constructor(connection: Connection) {
    this.imports = database(connection).collection<ImportRecord>('statement_imports');
    this.files = database(connection).collection<FileChunk>('statement_files');
  }

  async ensureIndexes(): Promise<void> {
    await this.imports.createIndex({ consentId: 1, createdAt: 1 });
    await this.files.createIndex({ importId: 1, n: 1 });
    await this.files.createIndex({ consentId: 1 });
  }

  /**
   * Stores the file, then its import: an import is never without its whole file. Repeating it (a retried
   * upload under the same id) changes nothing; `false` when the import existed already.
   */
  async insertWithFile(created: StatementImport, file: Buffer): Promise<boolean> {
    const stored = compressFile(file);
    for (let n = 0; n * CHUNK_BYTES < stored.length; n++) {
      const data = new mongo.Binary(stored.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES));
      await this.files.replaceOne({ _id: `${created.id}:${n}` }, { importId: created.id, consentId: created.consentId, n, data, brotli: true }, { upsert: true });
    }
    // An insert, not an upsert: FerretDB drops the empty arrays of an upsert's $setOnInsert.
    const { id, ...rest } = created;
    const inserted = await insertUnique(this.imports, { _id: id, ...rest });
    if (inserted) {
      let rawBytes = file.length;
      for (const recent of this.recentFiles.values()) rawBytes += recent.raw?.length ?? 0;
      this.recentFiles.set(id, { consentId: created.consentId, raw: rawBytes <= RECENT_RAW_BYTES ? file : null, compressed: stored });
      if (this.recentFiles.size > RECENT_FILES) this.recentFiles.delete(this.recentFiles.keys().next().value!);
    }
    return inserted;
  }

  async file(importId: string): Promise<Buffer> {
    const recent = this.recentFiles.get(importId);
    if (recent) {
      this.recentFiles.delete(importId);
      return recent.raw ?? decompressFile(recent.compressed, 'brotli');
    }
    const chunks = await this.files.find({ importId }).sort({ n: 1 }).toArray();
    if (chunks.length === 0) return Buffer.alloc(0);
    // Only the chunks written as the first was: an upload retried across versions rewrote the first ones only.
    const encoding = encodingOf(chunks[0]!);
    const bytes = Buffer.concat(chunks.filter((c) => encodingOf(c) === encoding).map((c) => Buffer.from(c.data.buffer)));
    return decompressFile(bytes, encoding);
  }

  async find(consentId: string, id: string): Promise<StatementImport | null> {
    const record = await this.imports.findOne({ _id: id, consentId });
    return record ? fromRecord(record) : null;
  }

  /** Newest first. */
  async listByConsent(consentId: string): Promise<StatementImport[]> {
    return (await this.imports.find({ consentId }).sort({ createdAt: -1, _id: -1 }).toArray()).map(fromRecord);
  }

  /** The imports whose outcome has not reached the consent yet, in upload order. */
  async unannounced(consentId: string): Promise<StatementImport[]> {
    return (await this.imports.find({ consentId, announced: false }).sort({ createdAt: 1, _id: 1 }).toArray()).map(fromRecord);
  }

  async markRunning(id: string, now: Date): Promise<void> {
    await this.imports.updateOne({ _id: id, status: { $in: ['Pending', 'Running'] } }, { $set: { status: 'Running', startedAt: now } });
  }

  async recordOutcome(id: string, outcome: ImportOutcome, now: Date): Promise<void> {
    await this.imports.updateOne({ _id: id, status: { $in: ['Pending', 'Running'] } }, { $set: { ...outcome, completedAt: now } });
  }

  async markAnnounced(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.imports.updateMany({ _id: { $in: [...ids] } }, { $set: { announced: true } });
  }

  /** One import and its file. */
  async delete(id: string): Promise<void> {
    this.recentFiles.delete(id);
    await this.files.deleteMany({ importId: id });
    await this.imports.deleteOne({ _id: id });
  }

  /** Erasure: the consent's imports and files. Returns how many imports went. */
  async deleteByConsent(consentId: string): Promise<number> {
    for (const [id, recent] of this.recentFiles) if (recent.consentId === consentId) this.recentFiles.delete(id);
    await this.files.deleteMany({ consentId });
    return (await this.imports.deleteMany({ consentId })).deletedCount;
  }
}
