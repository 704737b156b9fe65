import { newOutboxEntry, newTombstoneEntry, type OutboxEntry } from '@obp/bus';
import { ConsentEventTypes, type AccountDto, type ConsentSubject, type TransactionDto } from '@obp/contracts';
import { toConsentDto, type Consent } from '../domain/consent';

/** Transactions per `transactions.added` message. */
export const TRANSACTIONS_PER_EVENT = 250;

const subject = (c: Consent): ConsentSubject => ({ consentId: c.id, userId: c.userId, externalUserId: c.externalUserId });

/** Builds the consent service's events; keys follow the compaction scheme of `Topics.consentEvents`. */
export class ConsentEvents {
  constructor(private readonly topic: string) {}

  created(c: Consent): OutboxEntry {
    return this.entry(c, c.id, ConsentEventTypes.created, { ...subject(c), consent: toConsentDto(c) });
  }

  /** Only when the status really changed. */
  statusChanged(before: Consent, after: Consent): OutboxEntry[] {
    if (before.status === after.status) return [];
    return [this.entry(after, after.id, ConsentEventTypes.statusUpdated, { ...subject(after), consent: toConsentDto(after) })];
  }

  accountsUpdated(c: Consent, accounts: AccountDto[]): OutboxEntry {
    return this.entry(c, `${c.id}/accounts`, ConsentEventTypes.accountsUpdated, { ...subject(c), accounts });
  }

  /** The new transactions of a fetch, in batches with distinct keys. */
  transactionsAdded(c: Consent, fetchId: string, transactions: TransactionDto[]): OutboxEntry[] {
    const entries: OutboxEntry[] = [];
    for (let i = 0, n = 0; i < transactions.length; i += TRANSACTIONS_PER_EVENT, n++) {
      entries.push(
        this.entry(c, `${c.id}/tx/${fetchId}/${n}`, ConsentEventTypes.transactionsAdded, {
          ...subject(c),
          fetchId,
          transactions: transactions.slice(i, i + TRANSACTIONS_PER_EVENT),
        }),
      );
    }
    return entries;
  }

  transactionsFetched(c: Consent, fetchId: string, addedTransactionsCount: number, at: Date): OutboxEntry {
    return this.entry(c, `${c.id}/fetched`, ConsentEventTypes.transactionsFetched, {
      ...subject(c),
      fetchId,
      addedTransactionsCount,
      dateTransactionsUpdated: at.toISOString(),
    });
  }

  /** `consent.deleted`, then a tombstone for every key the consent ever wrote. */
  erased(c: Consent): OutboxEntry[] {
    const keys = [c.id, `${c.id}/accounts`, `${c.id}/fetched`, ...c.transactionEventKeys];
    return [
      this.entry(c, c.id, ConsentEventTypes.deleted, { ...subject(c), accountIds: c.accountIds }),
      ...keys.map((key) => newTombstoneEntry({ topic: this.topic, key, ownerClientId: c.ownerClientId })),
    ];
  }

  private entry(c: Consent, key: string, type: string, data: unknown): OutboxEntry {
    return newOutboxEntry({ topic: this.topic, key, type, ownerClientId: c.ownerClientId, data });
  }
}
