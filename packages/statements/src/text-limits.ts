import type { AccountStatement, StatementProblem, StatementTransaction } from './statement';

/**
 * The longest text one field of a statement may hold, in characters. The formats allow far less (camt 500 for its
 * longest texts and 140 for a name or remittance line, MT940 six lines of 65 for `:86:`), but their files are not
 * always as strict; a field longer than this is no bank's. Unbounded, one field of a 20 MB file would be one
 * transaction larger than a stored document or an event may be.
 */
export const MAX_TEXT_LENGTH = 1_000;

type TextField = { [K in keyof StatementTransaction]: StatementTransaction[K] extends string | null ? K : never }[keyof StatementTransaction];

const TRANSACTION_TEXTS: readonly TextField[] = [
  'bankReference', 'endToEndId', 'mandateId', 'creditorSchemeId', 'proprietaryCode', 'proprietaryName', 'counterpartyName', 'counterpartyIban', 'counterpartyBic',
  'remittanceStructured', 'purposeCode', 'returnReason', 'merchantCategoryCode', 'narrative',
];

const tooLong = (location: string, what: string, length: number): StatementProblem => ({
  location,
  message: `The ${what} is ${length} characters long; a statement's text is at most ${MAX_TEXT_LENGTH} characters.`,
});

/** Every text of the statement and its transactions within MAX_TEXT_LENGTH; the unstructured remittance lines of a transaction together too. */
export function textProblems(statement: AccountStatement): StatementProblem[] {
  const problems: StatementProblem[] = [];
  for (const field of ['statementId', 'accountId', 'ownerName'] as const) {
    const value = statement[field];
    if (value !== null && value.length > MAX_TEXT_LENGTH) problems.push(tooLong(statement.location, field, value.length));
  }
  for (const t of statement.transactions) {
    for (const field of TRANSACTION_TEXTS) {
      const value = t[field];
      if (value !== null && value.length > MAX_TEXT_LENGTH) problems.push(tooLong(t.location, field, value.length));
    }
    const remittance = t.remittanceUnstructured.reduce((sum, line) => sum + line.length + 1, -1);
    if (remittance > MAX_TEXT_LENGTH) problems.push(tooLong(t.location, 'unstructured remittance', remittance));
  }
  return problems;
}
