import { canonicalRow, canonicalTransaction, writeCanonicalFields } from './canonical';
import type { StatementTransaction } from './statement';

const transaction = (over: Partial<StatementTransaction>): StatementTransaction => ({
  amount: '-12.50',
  currency: 'EUR',
  status: 'booked',
  bookingDate: '2026-03-02',
  valueDate: null,
  reversal: false,
  bankReference: 'REF-1',
  endToEndId: null,
  mandateId: 'M-1',
  creditorSchemeId: null,
  bankTransactionCode: { domain: 'PMNT', family: 'RDDT', subFamily: 'ESDD' },
  proprietaryCode: null,
  proprietaryName: null,
  counterpartyName: 'Energie BV',
  counterpartyIban: 'NL91ABNA0417164300',
  counterpartyBic: null,
  remittanceUnstructured: ['Termijn', 'maart '],
  remittanceStructured: null,
  purposeCode: null,
  returnReason: null,
  merchantCategoryCode: null,
  narrative: null,
  location: 'line 1',
  ...over,
});

describe('the canonical transaction of a statement transaction', () => {
  it('has the amount as a number, the dates at midnight UTC (one standing in for the other), the remittance as description, and only the bank details given, in their order', () => {
    const fields = canonicalTransaction(transaction({}));
    expect(fields).toEqual({
      amount: -12.5,
      currency: 'EUR',
      bookingDate: '2026-03-02T00:00:00.000Z',
      valueDate: '2026-03-02T00:00:00.000Z',
      description: 'Termijn maart',
      counterpartName: 'Energie BV',
      counterpartAccountNumber: 'NL91ABNA0417164300',
      transactionType: 'PMNT-RDDT-ESDD',
      transactionTypeName: null,
      reasonCode: null,
      purposeCode: null,
      bankReference: 'REF-1',
      mandateId: 'M-1',
      bankTransactionCode: 'PMNT-RDDT-ESDD',
    });
    expect(Object.keys(fields)).toEqual(['amount', 'currency', 'bookingDate', 'valueDate', 'description', 'counterpartName', 'counterpartAccountNumber', 'transactionType', 'transactionTypeName', 'reasonCode', 'purposeCode', 'bankReference', 'mandateId', 'bankTransactionCode']);
    expect(canonicalTransaction(transaction({ narrative: 'Incasso', remittanceUnstructured: [], proprietaryCode: 'NDDT', bookingDate: null, valueDate: '2026-03-03' }))).toMatchObject({
      description: 'Incasso',
      transactionType: 'NDDT',
      bookingDate: '2026-03-03T00:00:00.000Z',
      valueDate: '2026-03-03T00:00:00.000Z',
    });
  });

  it('writes the same fields into a row after what it holds, the dates left to the caller', () => {
    const row: Record<string, unknown> = { id: 't-1' };
    writeCanonicalFields(row, transaction({}), null);
    const { bookingDate: _booking, valueDate: _value, ...rest } = canonicalTransaction(transaction({}));
    expect(row).toEqual({ id: 't-1', ...rest });
    expect(Object.keys(row)).toEqual(['id', ...Object.keys(rest)]);
  });

  it('makes a row of the id and the same fields in the same order, with only the bank details given', () => {
    for (const t of [transaction({}), transaction({ bankReference: null, mandateId: null, bankTransactionCode: null, endToEndId: 'E2E-1', merchantCategoryCode: '5411', amount: '7' })]) {
      const { bookingDate: _booking, valueDate: _value, ...rest } = canonicalTransaction(t);
      const row = canonicalRow('t-1', t);
      expect(row).toEqual({ id: 't-1', ...rest });
      expect(Object.keys(row)).toEqual(['id', ...Object.keys(rest)]);
    }
  });
});
