import type { RateLimit } from '@obp/contracts';
import { database, isDuplicateKey, type Connection, type mongo } from '@obp/db';

export interface OAuthClient {
  clientId: string;
  name: string;
  secretHash: string;
  allowedScopes: string[];
  /** May create consents through the direct provider flow (spec 4.5). */
  directProviderFlow: boolean;
  /** Registered redirect URLs (`isRegisteredRedirect` in @obp/contracts); none for a client registered before they existed. */
  redirectUrls: string[];
  disabled: boolean;
  /** The app's own API limit at the edge; absent: the edge's default. */
  rateLimit?: RateLimit | null;
  createdAt: Date;
}

type ClientRecord = Omit<OAuthClient, 'clientId' | 'redirectUrls'> & { _id: string; redirectUrls?: string[] };

export class DuplicateClient extends Error {}

export class ClientRepository {
  private readonly clients: mongo.Collection<ClientRecord>;

  constructor(db: Connection) {
    this.clients = database(db).collection<ClientRecord>('oauth_clients');
  }

  async find(clientId: string): Promise<OAuthClient | null> {
    const r = await this.clients.findOne({ _id: clientId });
    if (!r) return null;
    const { _id, redirectUrls, ...rest } = r;
    return { ...rest, clientId: _id, redirectUrls: redirectUrls ?? [] };
  }

  /** The client's own rate limit, null when it has none (or is not registered). */
  async rateLimitOf(clientId: string): Promise<RateLimit | null> {
    const r = await this.clients.findOne({ _id: clientId }, { projection: { rateLimit: 1 } });
    return r?.rateLimit ?? null;
  }

  async setRateLimit(clientId: string, rateLimit: RateLimit | null): Promise<boolean> {
    const res = await this.clients.updateOne({ _id: clientId }, { $set: { rateLimit } });
    return res.matchedCount === 1;
  }

  async insert(client: OAuthClient): Promise<void> {
    const { clientId, ...rest } = client;
    try {
      await this.clients.insertOne({ _id: clientId, ...rest });
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateClient(`client ${clientId} already exists`);
      throw error;
    }
  }

  async replaceSecret(clientId: string, secretHash: string): Promise<boolean> {
    const res = await this.clients.updateOne({ _id: clientId }, { $set: { secretHash } });
    return res.matchedCount === 1;
  }

  async replaceRedirectUrls(clientId: string, redirectUrls: string[]): Promise<boolean> {
    const res = await this.clients.updateOne({ _id: clientId }, { $set: { redirectUrls } });
    return res.matchedCount === 1;
  }

  async remove(clientId: string): Promise<boolean> {
    const res = await this.clients.deleteOne({ _id: clientId });
    return res.deletedCount === 1;
  }
}
