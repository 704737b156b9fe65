import type { AccountBalanceDto, AccountDto } from '@obp/contracts';
import { database, type Connection, type mongo } from '@obp/db';

interface AccountRecord {
  _id: string;
  consentId: string;
  ownerClientId: string;
  externalId: string;
  iban: string;
  name: string;
  type: string;
  currency: string;
  ownerName: string;
  bic?: string | null;
  balances?: AccountBalanceDto[];
  externalIdAliases?: string[];
}

export interface StoredAccount extends AccountDto {
  ownerClientId: string;
  /** The provider's id of the account when the consent first saw it: the platform id derives from it. */
  externalId: string;
  /** The provider's later ids of the same account (an XS2A bank's new `resourceId` under a re-authorisation's consent). */
  externalIdAliases?: string[];
}

const fromRecord = ({ _id, ...rest }: AccountRecord): StoredAccount => ({ id: _id, ...rest });

export const toAccountDto = ({ ownerClientId: _o, externalId: _e, externalIdAliases: _a, ...dto }: StoredAccount): AccountDto => dto;

export class AccountRepository {
  private readonly collection: mongo.Collection<AccountRecord>;

  constructor(connection: Connection) {
    this.collection = database(connection).collection<AccountRecord>('accounts');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ consentId: 1 });
  }

  /** Inserts or refreshes accounts; ids are stable, so repeating this changes nothing. */
  async upsert(accounts: StoredAccount[]): Promise<void> {
    for (const { id, ...rest } of accounts) {
      await this.collection.replaceOne({ _id: id }, rest, { upsert: true });
    }
  }

  async find(id: string): Promise<StoredAccount | null> {
    const r = await this.collection.findOne({ _id: id });
    return r ? fromRecord(r) : null;
  }

  async listByConsent(consentId: string): Promise<StoredAccount[]> {
    const records = await this.collection.find({ consentId }).sort({ iban: 1 }).toArray();
    return records.map(fromRecord);
  }

  async deleteByConsent(consentId: string): Promise<number> {
    return (await this.collection.deleteMany({ consentId })).deletedCount;
  }
}
