import type { TransactionDto } from '@obp/contracts';
import { bookingInstant, monthIndexOf } from './booking-date';
import { toCents } from './cents';
import { isToOwnAccount } from './internal-transfers';

/** What either engine reads from a transaction before classifying it. */
export interface TransactionFacts {
  ms: number;
  monthIndex: number;
  cents: number;
  /** To or from an own or internal IBAN. */
  toOwnAccount: boolean;
}

export function transactionFacts(tx: TransactionDto, ownIbans: ReadonlySet<string>): TransactionFacts {
  const ms = bookingInstant(tx.bookingDate, tx.id);
  return { ms, monthIndex: monthIndexOf(ms), cents: toCents(tx.amount), toOwnAccount: isToOwnAccount(tx.counterpartAccountNumber, ownIbans) };
}
