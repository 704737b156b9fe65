import { z } from 'zod/v4';
import { enrichTransactionsBody, MAX_ENRICH_TRANSACTIONS } from './enrichment';
import { fieldName, validationMessage } from './schema/fields';

/** Parses like the HTTP kit does: messages per field name. */
function parse(value: unknown) {
  const result = z.safeParse(enrichTransactionsBody, value, { error: validationMessage });
  if (result.success) return { ok: true as const, value: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[fieldName(issue.path)] ??= []).push(issue.message);
  return { ok: false as const, errors };
}

const transaction = (fields: Record<string, unknown> = {}) => ({ id: 't-1', amount: -12.5, currency: 'eur', bookingDate: '2026-03-02', ...fields });

describe('enrichTransactionsBody', () => {
  it('reads the transactions, naming each problem by transactions[i].field', () => {
    const read = parse({ transactions: [transaction(), transaction({ id: 't-2', merchantCategoryCode: '5411' })] });
    expect(read.ok && read.value.transactions.map((t) => [t.id, t.currency, t.bookingDate.toISOString(), t.merchantCategoryCode])).toEqual([
      ['t-1', 'EUR', '2026-03-02T00:00:00.000Z', null],
      ['t-2', 'EUR', '2026-03-02T00:00:00.000Z', '5411'],
    ]);
    expect(parse({ transactions: [transaction(), {}, 7, transaction({ currency: 'EURO' })] })).toEqual({
      ok: false,
      errors: {
        'transactions[1].id': ['The id field is required.'],
        'transactions[1].amount': ['The amount field is required.'],
        'transactions[1].currency': ['The currency field is required.'],
        'transactions[1].bookingDate': ['The bookingDate field must be an ISO 8601 date-time string.'],
        'transactions[2]': ['The transactions field must be a JSON object.'],
        'transactions[3].currency': ["The currency field must be a three-letter ISO 4217 currency code (e.g. EUR); 'EURO' is not one."],
      },
    });
    expect(parse({})).toEqual({ ok: false, errors: { transactions: ['The transactions field is required.'] } });
    expect(parse({ transactions: 'all' })).toEqual({ ok: false, errors: { transactions: ['The transactions field must be an array of transactions.'] } });
    expect(parse({ transactions: [] })).toEqual({ ok: false, errors: { transactions: ['The transactions field must hold at least one transaction.'] } });
  });

  it('does not read the transactions one by one beyond the limit: their count alone decides (the handler answers 413)', () => {
    // 100,000 empty items took seconds and hundreds of MB to find 400,000 problems in; 3 MB of them exhausted the service's memory.
    for (const count of [MAX_ENRICH_TRANSACTIONS + 1, 100_000]) {
      const read = parse({ transactions: Array.from({ length: count }, () => ({})) });
      expect(read.ok && read.value.transactions.length).toBe(count);
    }
    const atTheLimit = parse({ transactions: Array.from({ length: MAX_ENRICH_TRANSACTIONS }, () => ({})) });
    expect(!atTheLimit.ok && Object.keys(atTheLimit.errors).length).toBe(4 * MAX_ENRICH_TRANSACTIONS);
  });

  it('refuses more than 50 own IBANs by their count, before reading any', () => {
    expect(parse({ transactions: [transaction()], ownIbans: Array.from({ length: 100_000 }, () => 'x') })).toEqual({ ok: false, errors: { ownIbans: ['The ownIbans field may hold at most 50 IBANs.'] } });
    const fifty = parse({ transactions: [transaction()], ownIbans: Array.from({ length: 50 }, () => 'nl91 abna 0417 1643 00') });
    expect(fifty.ok && fifty.value.ownIbans).toEqual(['NL91ABNA0417164300']);
    expect(parse({ transactions: [transaction()], ownIbans: ['x'] })).toEqual({ ok: false, errors: { 'ownIbans[0]': ["The value 'x' is not a valid IBAN."] } });
  });
});
