import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { isDuplicateKey, mongo } from '@obp/db';
import { matchesNothing } from './matches-nothing';

/** The binary subtype (one of the user-defined ones) of a brotli-compressed value; gzipped ones are of the generic subtype. */
const BROTLI_SUBTYPE = 0x80;

/**
 * The encoding of every bucket: a JSON value, compressed, in one binary field. One field, because the
 * local store (FerretDB) converts a document it returns field by field, so hundreds of items of a
 * dozen fields each cost far more as documents than one binary value does; compressed, because the
 * store reads a few KB faster than the JSON text. See docs/decisions.md, "Month buckets (issue 25)".
 * Written with brotli at its fastest quality, which makes about what gzip's default level makes in a third of its
 * time (docs/decisions.md, "Statement import throughput (issue 26)"); gzipped values, as written before, still read.
 */
export const compressedJson = {
  encode: (value: unknown): mongo.Binary => compressedJson.ofJson(JSON.stringify(value)),
  /** `encode` of a value already written as JSON. */
  ofJson: (json: string): mongo.Binary =>
    new mongo.Binary(brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }), BROTLI_SUBTYPE),
  decode: <T>(binary: mongo.Binary): T => JSON.parse(compressedJson.text(binary)) as T,
  /** The JSON text `encode` compressed. */
  text: (binary: mongo.Binary): string => (binary.sub_type === BROTLI_SUBTYPE ? brotliDecompressSync : gunzipSync)(binary.buffer).toString('utf8'),
};

/** `compressedJson` under the name it had when it only gzipped. */
export const gzipJson = compressedJson;

/** Named fields of a bucket besides its value (what it is found and erased by). */
export type BucketFields = object;

export interface Bucket<Value, Fields extends BucketFields> {
  id: string;
  /** Raised by every change; 0 for a bucket written without one (as some layouts were). */
  version: number;
  fields: Fields;
  value: Value;
}

/** What a change of a bucket decides from what it read: `next` undefined leaves it, null deletes it. */
export interface BucketChange<Value, Fields extends BucketFields, R> {
  next?: { fields: Fields; value: Value } | null;
  result: R;
}

/** How a bucket's value is written into its binary field and read back. */
export interface BucketCodec<Value> {
  encode(value: Value): mongo.Binary;
  decode(binary: mongo.Binary): Value;
}

export interface BucketStoreOptions<Value = unknown> {
  /** The field holding the encoded value. */
  valueField: string;
  /** `compressedJson` of the value unless given. */
  codec?: BucketCodec<Value>;
  /** What the bucket's data belongs to (an id, or an array of ids): erasure deletes by it. */
  ownerField?: string;
  /**
   * The bucket lives in this field of a document the caller creates and deletes (a slot): it is only
   * ever written into a document that exists, so an erased owner's slot never comes back.
   */
  within?: string;
}

/** A stored bucket as the store sees it: its id and fields; the layout is the `BucketStore`'s. */
export type BucketDocument = mongo.Document & { _id: string };

/**
 * Documents that each hold one encoded value (a bucket) and the fields it is found by. Writes are
 * compare-and-set on the bucket's version, retried from a fresh read when another writer came first,
 * so writers in several processes lose nothing; erasure and pruning delete whole buckets.
 */
export class BucketStore<Value, Fields extends BucketFields> {
  /**
   * The value of each bucket handed out, as stored: a change writes only over that value at that version. The
   * version alone does not tell: a bucket deleted (pruned, erased) and made again starts at version 1 anew, so a
   * change decided on a read from before could otherwise overwrite what was stored since.
   */
  private readonly storedValues = new WeakMap<Bucket<Value, Fields>, mongo.Binary>();

  private readonly codec: BucketCodec<Value>;

  constructor(
    readonly collection: mongo.Collection<BucketDocument>,
    private readonly options: BucketStoreOptions<Value>,
  ) {
    this.codec = options.codec ?? { encode: (value) => compressedJson.encode(value), decode: (binary) => compressedJson.decode<Value>(binary) };
  }

  async ensureIndexes(): Promise<void> {
    if (this.options.ownerField) await this.collection.createIndex({ [this.options.ownerField]: 1 });
  }

  async get(id: string): Promise<Bucket<Value, Fields> | null> {
    const document = await this.collection.findOne({ _id: id });
    return document ? this.toBucket(document) : null;
  }

  /** The buckets matching `filter`, decoded (a document without the value field, e.g. of an older layout, is left out). */
  async find(filter: mongo.Filter<BucketDocument>): Promise<Array<Bucket<Value, Fields>>> {
    if (matchesNothing(filter)) return [];
    const documents = await this.collection.find(filter).toArray();
    return documents.flatMap((document) => this.toBucket(document) ?? []);
  }

  /** The named `fields` of the buckets matching `filter`, without reading their values. */
  async fieldsOf<K extends keyof Fields & string>(filter: mongo.Filter<BucketDocument>, fields: K[]): Promise<Array<{ id: string } & Pick<Fields, K>>> {
    if (matchesNothing(filter)) return [];
    const projection = { _id: 1, ...Object.fromEntries(fields.map((field) => [this.path(field), 1])) };
    const documents = await this.collection.find(filter, { projection }).toArray();
    return documents.map((document) => ({ id: document._id, ...(this.unwrap(document) as Pick<Fields, K>) }));
  }

  /** Stores the bucket unless one with its id is stored already: the first stored stays. True when this call stored it. */
  async insertOnce(id: string, fields: Fields, value: Value): Promise<boolean> {
    try {
      await this.collection.insertOne({ _id: id, ...this.wrap(fields, value, 1) });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /**
   * Writes the bucket whatever it held. A bucket `within` a slot is written only into a slot that
   * exists: false when there was none.
   */
  async put(id: string, fields: Fields, value: Value): Promise<boolean> {
    if (this.options.within) {
      return (await this.collection.updateOne({ _id: id }, { $set: { [this.options.within]: { ...fields, [this.options.valueField]: this.codec.encode(value) } } })).matchedCount === 1;
    }
    await this.collection.updateOne({ _id: id }, { $set: { ...fields, [this.options.valueField]: this.codec.encode(value) }, $inc: { version: 1 } }, { upsert: true });
    return true;
  }

  /**
   * Reads the bucket, lets `decide` say what it becomes, and writes that only if the bucket is still
   * the version read (or still absent); otherwise reads it again and decides again. `read`: the bucket
   * as the caller read it a moment ago (null: absent then), decided on first instead of reading it again.
   */
  async change<R>(
    id: string,
    decide: (current: Bucket<Value, Fields> | null) => BucketChange<Value, Fields, R> | Promise<BucketChange<Value, Fields, R>>,
    read?: { current: Bucket<Value, Fields> | null },
  ): Promise<R> {
    // A slot's bucket has no version of its own, and a change finding none would make a slot (or, finding an empty one, try for ever).
    if (this.options.within) throw new Error(`the buckets of ${this.collection.collectionName} are within slots: they are written with put()`);
    for (let known = read; ; known = undefined) {
      const current = known ? known.current : await this.get(id);
      const { next, result } = await decide(current);
      if (next === undefined) return result;
      if (!current) {
        if (next === null) return result;
        if (await this.insertOnce(id, next.fields, next.value)) return result;
        continue; // another writer made it first: decide again from theirs
      }
      const stored = this.storedValues.get(current);
      const versioned: mongo.Filter<BucketDocument> = {
        _id: id,
        version: current.version === 0 ? { $exists: false } : current.version,
        ...(stored ? { [this.options.valueField]: stored } : {}),
      };
      const written =
        next === null
          ? (await this.collection.deleteOne(versioned)).deletedCount
          : (await this.collection.updateOne(versioned, { $set: this.wrap(next.fields, next.value, current.version + 1) })).matchedCount;
      if (written === 1) return result;
    }
  }

  async delete(id: string): Promise<boolean> {
    return (await this.collection.deleteOne({ _id: id })).deletedCount === 1;
  }

  /** Erasure: every bucket of `owner` goes. Returns how many. */
  async deleteOwnedBy(owner: string): Promise<number> {
    if (!this.options.ownerField) throw new Error(`the buckets of ${this.collection.collectionName} name no owner`);
    return this.deleteWhere({ [this.options.ownerField]: owner });
  }

  /** Pruning: the buckets matching `filter` go. Returns how many. */
  async deleteWhere(filter: mongo.Filter<BucketDocument>): Promise<number> {
    if (matchesNothing(filter)) return 0;
    return (await this.collection.deleteMany(filter)).deletedCount;
  }

  private path(field: string): string {
    return this.options.within ? `${this.options.within}.${field}` : field;
  }

  private wrap(fields: Fields, value: Value, version: number): mongo.Document {
    const bucket = { ...fields, [this.options.valueField]: this.codec.encode(value) };
    return this.options.within ? { [this.options.within]: bucket } : { ...bucket, version };
  }

  private unwrap(document: BucketDocument): mongo.Document {
    const { _id, ...top } = document;
    return this.options.within ? ((top[this.options.within] as mongo.Document | undefined) ?? {}) : top;
  }

  private toBucket(document: BucketDocument): Bucket<Value, Fields> | null {
    const { [this.options.valueField]: encoded, version, ...fields } = this.unwrap(document);
    if (!(encoded instanceof mongo.Binary)) return null;
    const bucket = { id: document._id, version: typeof version === 'number' ? version : 0, fields: fields as Fields, value: this.codec.decode(encoded) };
    this.storedValues.set(bucket, encoded);
    return bucket;
  }
}
