/**
 * Transfers between the customer's own accounts: to or from one of the consents' own IBANs or a job's
 * `internal_ibans`. They move money without earning or spending it, so they are left out of income, expense,
 * the shares and the indicators, and listed in `internalTransferIds`.
 */

/** An IBAN as compared: upper case, without spaces. */
export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** The own and internal IBANs, normalised; blanks dropped. */
export function ownIbanSet(...lists: ReadonlyArray<readonly string[]>): ReadonlySet<string> {
  const set = new Set<string>();
  for (const list of lists) {
    for (const iban of list) {
      const normalised = normaliseIban(iban);
      if (normalised !== '') set.add(normalised);
    }
  }
  return set;
}

/** Whether a transaction's counterpart is one of the own accounts. */
export function isToOwnAccount(counterpartAccountNumber: string | null, ownIbans: ReadonlySet<string>): boolean {
  return counterpartAccountNumber !== null && counterpartAccountNumber !== '' && ownIbans.has(normaliseIban(counterpartAccountNumber));
}
