import type { EventWriter, OutboxEntry } from '@obp/bus';
import { ConsentEventTypes, type AccountDto, type consentEvents, type ConsentSubject, type TransactionDto } from '@obp/contracts';
import { toConsentDto, type Consent } from '../domain/consent';

/** Transactions per `transactions.added` message. */
export const TRANSACTIONS_PER_EVENT = 250;

const subject = (c: Consent): ConsentSubject => ({ consentId: c.id, userId: c.userId, externalUserId: c.externalUserId });

/** Builds the consent service's events; keys follow the compaction scheme of `Topics.consentEvents`. */
export class ConsentEvents {
  constructor(private readonly writer: EventWriter<typeof consentEvents>) {}

  created(c: Consent): OutboxEntry {
    return this.writer.entry(ConsentEventTypes.created, { key: c.id, ownerClientId: c.ownerClientId, data: { ...subject(c), consent: toConsentDto(c) } });
  }

  /** Only when the status really changed. */
  statusChanged(before: Consent, after: Consent): OutboxEntry[] {
    if (before.status === after.status) return [];
    return [this.writer.entry(ConsentEventTypes.statusUpdated, { key: after.id, ownerClientId: after.ownerClientId, data: { ...subject(after), consent: toConsentDto(after) } })];
  }

  /** `consent.expiring`, when `after` is the first to record it for its bank consent. */
  expiring(before: Consent, after: Consent): OutboxEntry[] {
    if (!after.bankConsent?.expiringAnnounced || before.bankConsent?.expiringAnnounced) return [];
    return [
      this.writer.entry(ConsentEventTypes.expiring, {
        key: `${after.id}/expiring`,
        ownerClientId: after.ownerClientId,
        data: { ...subject(after), consent: toConsentDto(after), bankConsentId: after.bankConsent.id, validUntil: after.dateExpire.toISOString() },
      }),
    ];
  }

  accountsUpdated(c: Consent, accounts: AccountDto[]): OutboxEntry {
    return this.writer.entry(ConsentEventTypes.accountsUpdated, { key: `${c.id}/accounts`, ownerClientId: c.ownerClientId, data: { ...subject(c), accounts } });
  }

  /** The new transactions of a fetch, in batches with distinct keys. */
  transactionsAdded(c: Consent, fetchId: string, transactions: TransactionDto[]): OutboxEntry[] {
    const entries: OutboxEntry[] = [];
    for (let i = 0, n = 0; i < transactions.length; i += TRANSACTIONS_PER_EVENT, n++) {
      entries.push(
        this.writer.entry(ConsentEventTypes.transactionsAdded, {
          key: `${c.id}/tx/${fetchId}/${n}`,
          ownerClientId: c.ownerClientId,
          data: { ...subject(c), fetchId, transactions: transactions.slice(i, i + TRANSACTIONS_PER_EVENT) },
        }),
      );
    }
    return entries;
  }

  transactionsFetched(c: Consent, fetchId: string, addedTransactionsCount: number, at: Date): OutboxEntry {
    return this.writer.entry(ConsentEventTypes.transactionsFetched, {
      key: `${c.id}/fetched`,
      ownerClientId: c.ownerClientId,
      data: { ...subject(c), fetchId, addedTransactionsCount, dateTransactionsUpdated: at.toISOString() },
    });
  }

  /** `consent.deleted`, then a tombstone for every key the consent ever wrote. */
  erased(c: Consent): OutboxEntry[] {
    const keys = [c.id, `${c.id}/accounts`, `${c.id}/fetched`, `${c.id}/expiring`, ...c.transactionEventKeys];
    return [
      this.writer.entry(ConsentEventTypes.deleted, { key: c.id, ownerClientId: c.ownerClientId, data: { ...subject(c), accountIds: c.accountIds } }),
      ...keys.map((key) => this.writer.tombstone(key, c.ownerClientId)),
    ];
  }
}
