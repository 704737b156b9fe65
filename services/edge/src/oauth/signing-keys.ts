import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { database, isDuplicateKey, type Connection, type mongo } from '@obp/db';

interface SigningKeyRecord {
  _id: string; // kid
  privateKeyPem: string;
  publicJwk: Record<string, unknown>;
  status: 'active' | 'retired';
  createdAt: Date;
}

/**
 * Which key signs. After a rotation the new key signs from `activatesAt`, the one it replaces
 * (`previousKid`) until then: meanwhile every edge loads the new key and publishes it.
 */
interface ActivePointer {
  _id: 'active';
  kid: string;
  previousKid?: string;
  activatesAt?: Date;
}

/** The key the pointer has sign at `now`: the one a rotation replaces until its activation. */
const signingKid = (pointer: ActivePointer, now: Date): string =>
  pointer.previousKid !== undefined && pointer.activatesAt !== undefined && now < pointer.activatesAt ? pointer.previousKid : pointer.kid;

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

/** A key as the rotation command lists it. */
export interface SigningKeySummary {
  kid: string;
  createdAt: Date;
  status: 'signing' | 'next' | 'published' | 'retired';
}

/**
 * RS256 signing keys, kept in the edge's own database so every edge instance signs with the same
 * key and a restart does not invalidate issued tokens. The first start creates the key; a
 * concurrent first start by another instance is resolved by the unique `_id: 'active'` pointer.
 * Every key that is not retired is published in the JWKS, so tokens signed with a key that was
 * rotated out keep verifying until they expire.
 */
export class SigningKeyStore {
  private readonly records: mongo.Collection<SigningKeyRecord>;
  private readonly pointer: mongo.Collection<ActivePointer>;
  private keys = new Map<string, SigningKey>();
  private known: Array<Pick<SigningKeyRecord, '_id' | 'createdAt' | 'status'>> = [];
  private current: ActivePointer | undefined;

  constructor(db: Connection) {
    this.records = database(db).collection<SigningKeyRecord>('signing_keys');
    this.pointer = database(db).collection<ActivePointer>('signing_key_pointer');
  }

  /** Reads the keys and the pointer (creating the first key on the first start); keys read before are not parsed again. */
  async load(): Promise<void> {
    let pointer = await this.pointer.findOne({ _id: 'active' });
    if (!pointer) {
      const created = await this.create();
      try {
        await this.pointer.insertOne({ _id: 'active', kid: created });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await this.records.updateOne({ _id: created }, { $set: { status: 'retired' } });
      }
      pointer = await this.pointer.findOne({ _id: 'active' });
    }
    const records = await this.records.find({}).toArray();
    const inUse = new Set([pointer!.kid, signingKid(pointer!, new Date())]);
    const published = records.filter((r) => r.status !== 'retired' || inUse.has(r._id));
    this.keys = new Map(
      published.map((r) => [
        r._id,
        this.keys.get(r._id) ?? { kid: r._id, privateKey: createPrivateKey(r.privateKeyPem), publicKey: createPublicKey(r.privateKeyPem), publicJwk: r.publicJwk },
      ]),
    );
    this.known = records.map(({ _id, createdAt, status }) => ({ _id, createdAt, status }));
    this.current = pointer!;
  }

  /**
   * Creates a new key, published at once, that signs from `activateAfterMs` on (the key that signs
   * now signs until then): longer than every edge takes to load it (`SIGNING_KEY_RELOAD_MS`), before
   * a token signed with it reaches one. Older keys stay published until retired.
   */
  async rotate(activateAfterMs: number, now = new Date()): Promise<{ kid: string; previousKid: string; activatesAt: Date }> {
    await this.load();
    const previousKid = this.active(now).kid;
    const kid = await this.create();
    const activatesAt = new Date(now.getTime() + activateAfterMs);
    await this.pointer.updateOne({ _id: 'active' }, { $set: { kid, previousKid, activatesAt } }, { upsert: true });
    await this.load();
    return { kid, previousKid, activatesAt };
  }

  /**
   * Withdraws a key from the JWKS (a leaked key, or one whose tokens have all expired): tokens
   * signed with it fail at every edge once it reloads, and at a service once it reads the JWKS again.
   * The key that signs, or will, cannot be retired.
   */
  async retire(kid: string): Promise<boolean> {
    await this.load();
    if (kid === this.current?.kid || kid === this.active().kid) throw new Error(`key ${kid} signs tokens (or is about to); rotate first`);
    const { modifiedCount } = await this.records.updateOne({ _id: kid, status: { $ne: 'retired' } }, { $set: { status: 'retired' } });
    await this.load();
    return modifiedCount === 1;
  }

  /** Every key, newest first, and what it does now. */
  async list(now = new Date()): Promise<SigningKeySummary[]> {
    await this.load();
    const signing = this.active(now).kid;
    return [...this.known].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((r) => ({
      kid: r._id,
      createdAt: r.createdAt,
      status: r._id === signing ? 'signing' : r._id === this.current?.kid ? 'next' : this.keys.has(r._id) ? 'published' : 'retired',
    }));
  }

  /** The key that signs at `now`. */
  active(now = new Date()): SigningKey {
    const key = this.current ? this.keys.get(signingKid(this.current, now)) : undefined;
    if (!key) throw new Error('signing keys are not loaded');
    return key;
  }

  publicKey(kid: string): KeyObject | undefined {
    return this.keys.get(kid)?.publicKey;
  }

  jwks(): { keys: Array<Record<string, unknown> & { kid: string; kty: string; use: string; alg: string }> } {
    return { keys: [...this.keys.values()].map((k) => ({ ...k.publicJwk, kty: String(k.publicJwk.kty), kid: k.kid, use: 'sig', alg: 'RS256' })) };
  }

  private async create(): Promise<string> {
    const kid = randomUUID();
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await this.records.insertOne({
      _id: kid,
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      publicJwk: publicKey.export({ format: 'jwk' }) as Record<string, unknown>,
      status: 'active',
      createdAt: new Date(),
    });
    return kid;
  }
}
