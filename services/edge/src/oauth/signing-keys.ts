import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { database, isDuplicateKey, type Connection, type mongo } from '@obp/db';

interface SigningKeyRecord {
  _id: string; // kid
  privateKeyPem: string;
  publicJwk: Record<string, unknown>;
  status: 'active' | 'retired';
  createdAt: Date;
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

/**
 * RS256 signing keys, kept in the edge's own database so every edge instance signs with the same
 * key and a restart does not invalidate issued tokens. The first start creates the key; a
 * concurrent first start by another instance is resolved by the unique `_id: 'active'` pointer.
 */
export class SigningKeyStore {
  private readonly records: mongo.Collection<SigningKeyRecord>;
  private readonly pointer: mongo.Collection<{ _id: string; kid: string }>;
  private keys = new Map<string, SigningKey>();
  private activeKid: string | undefined;

  constructor(db: Connection) {
    this.records = database(db).collection<SigningKeyRecord>('signing_keys');
    this.pointer = database(db).collection<{ _id: string; kid: string }>('signing_key_pointer');
  }

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
    this.keys = new Map(
      records.map((r) => [
        r._id,
        { kid: r._id, privateKey: createPrivateKey(r.privateKeyPem), publicKey: createPublicKey(r.privateKeyPem), publicJwk: r.publicJwk },
      ]),
    );
    this.activeKid = pointer!.kid;
  }

  /** Creates a new key and makes it the one that signs; older keys stay published until retired. */
  async rotate(): Promise<string> {
    const kid = await this.create();
    await this.pointer.updateOne({ _id: 'active' }, { $set: { kid } }, { upsert: true });
    await this.load();
    return kid;
  }

  active(): SigningKey {
    const key = this.activeKid ? this.keys.get(this.activeKid) : undefined;
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
