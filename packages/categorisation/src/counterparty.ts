import type { TransactionDto } from '@obp/contracts';
import { parseDescription } from './describe-formats';
import { normaliseName, type NormalisedName } from './normalise';

function core(name: NormalisedName): string | null {
  const text = name.text.slice(0, name.coreLength).trim();
  return text === '' ? null : text;
}

/**
 * Who the other party is, as the categoriser compares merchants: the counterparty name, or else the name
 * the description gives (card merchant, creditor, payment-request sender), normalised (lower-case ASCII
 * words without legal forms, processor prefixes or numbers after the first word) and without a trailing
 * place name. Null when neither names anybody.
 */
export function normalisedCounterparty(transaction: TransactionDto): string | null {
  const fromName = transaction.counterpartName ? core(normaliseName(transaction.counterpartName)) : null;
  if (fromName !== null) return fromName;
  const described = parseDescription(transaction.description).name;
  return described ? core(normaliseName(described)) : null;
}
