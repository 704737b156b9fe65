import { Schema, type Connection, type Model } from 'mongoose';

export interface OAuthClient {
  clientId: string;
  name: string;
  secretHash: string;
  allowedScopes: string[];
  /** May create consents through the direct provider flow (spec 4.5). */
  directProviderFlow: boolean;
  disabled: boolean;
  createdAt: Date;
}

interface ClientRecord extends Omit<OAuthClient, 'clientId'> {
  _id: string;
}

const schema = new Schema<ClientRecord>(
  {
    _id: String,
    name: { type: String, required: true },
    secretHash: { type: String, required: true },
    allowedScopes: { type: [String], required: true },
    directProviderFlow: { type: Boolean, default: false },
    disabled: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { collection: 'oauth_clients', versionKey: false },
);

export class DuplicateClient extends Error {}

export class ClientRepository {
  private readonly model: Model<ClientRecord>;
  constructor(db: Connection) {
    this.model = db.model<ClientRecord>('OAuthClient', schema);
  }

  async find(clientId: string): Promise<OAuthClient | null> {
    const r = await this.model.findById(clientId).lean<ClientRecord>();
    return r ? { ...r, clientId: r._id } : null;
  }

  async insert(client: OAuthClient): Promise<void> {
    const { clientId, ...rest } = client;
    try {
      await this.model.create({ _id: clientId, ...rest });
    } catch (error) {
      if ((error as { code?: number }).code === 11000) throw new DuplicateClient(`client ${clientId} already exists`);
      throw error;
    }
  }

  async replaceSecret(clientId: string, secretHash: string): Promise<boolean> {
    const res = await this.model.updateOne({ _id: clientId }, { $set: { secretHash } });
    return res.matchedCount === 1;
  }

  async remove(clientId: string): Promise<boolean> {
    const res = await this.model.deleteOne({ _id: clientId });
    return res.deletedCount === 1;
  }
}
