import type { StatementTransaction } from './statement';
import { contentKeys } from './transaction-key';

function transaction(fields: Partial<StatementTransaction>): StatementTransaction {
  return {
    amount: '-12.50', currency: 'EUR', status: 'booked', bookingDate: '2026-03-02', valueDate: '2026-03-02', reversal: false, bankReference: null,
    endToEndId: null, mandateId: null, creditorSchemeId: null, bankTransactionCode: null, proprietaryCode: null, proprietaryName: null,
    counterpartyName: 'Albert Heijn', counterpartyIban: 'NL91ABNA0417164300', counterpartyBic: null, remittanceUnstructured: [], remittanceStructured: null,
    purposeCode: null, returnReason: null, merchantCategoryCode: null, narrative: null, location: 'line 2', ...fields,
  };
}

describe('contentKeys', () => {
  it('keeps two genuinely equal payments on one day apart', () => {
    const keys = contentKeys([transaction({ location: 'line 2' }), transaction({ location: 'line 3' })]);
    expect(keys).toEqual(['2026-03-02|-12.5|EUR|NL91ABNA0417164300|1', '2026-03-02|-12.5|EUR|NL91ABNA0417164300|2']);
  });

  it('counts places only among transactions equal in date, amount, currency and counterparty IBAN', () => {
    const keys = contentKeys([
      transaction({}),
      transaction({ amount: '-12.51' }),
      transaction({ bookingDate: '2026-03-03' }),
      transaction({ counterpartyIban: null }),
      transaction({ currency: 'USD' }),
      transaction({}),
    ]);
    expect(keys).toEqual([
      '2026-03-02|-12.5|EUR|NL91ABNA0417164300|1',
      '2026-03-02|-12.51|EUR|NL91ABNA0417164300|1',
      '2026-03-03|-12.5|EUR|NL91ABNA0417164300|1',
      '2026-03-02|-12.5|EUR||1',
      '2026-03-02|-12.5|USD|NL91ABNA0417164300|1',
      '2026-03-02|-12.5|EUR|NL91ABNA0417164300|2',
    ]);
  });

  it('gives the same day exported twice, in overlapping files, the same keys', () => {
    const march2 = [transaction({ counterpartyName: 'A' }), transaction({ counterpartyName: 'B' }), transaction({ amount: '100.00', counterpartyIban: 'NL02RABO0123456789' })];
    const firstFile = [transaction({ bookingDate: '2026-03-01', amount: '-3.00' }), ...march2];
    const secondFile = [...march2, transaction({ bookingDate: '2026-03-03', amount: '-4.00' })];
    expect(contentKeys(secondFile).slice(0, 3)).toEqual(contentKeys(firstFile).slice(1));
  });

  it('gives the same keys to a day listed in another order', () => {
    const day = [transaction({}), transaction({ amount: '20.00', counterpartyIban: null }), transaction({}), transaction({ amount: '20.00', counterpartyIban: null })];
    const reordered = [day[1]!, day[0]!, day[3]!, day[2]!];
    expect(new Set(contentKeys(reordered))).toEqual(new Set(contentKeys(day)));
    expect(new Set(contentKeys(day)).size).toBe(4);
  });

  it('reads one amount and one IBAN however a format writes them, and uses the value date when there is no booking date', () => {
    const keys = contentKeys([
      transaction({ amount: '-12.5', counterpartyIban: 'nl91 abna 0417 1643 00' }),
      transaction({ amount: '-012.500', bookingDate: null, valueDate: '2026-03-02' }),
      transaction({ amount: '0.00', counterpartyIban: null }),
      transaction({ amount: '-0', counterpartyIban: null }),
      transaction({ amount: '7', counterpartyIban: null }),
    ]);
    expect(keys).toEqual([
      '2026-03-02|-12.5|EUR|NL91ABNA0417164300|1',
      '2026-03-02|-12.5|EUR|NL91ABNA0417164300|2',
      '2026-03-02|0|EUR||1',
      '2026-03-02|0|EUR||2',
      '2026-03-02|7|EUR||1',
    ]);
  });

  it('keys every amount, currency and IBAN as the general reading does (amounts already canonical are taken as written)', () => {
    // The reading before amounts, currencies and IBANs already in their canonical form were taken as written.
    const general = (t: StatementTransaction, n: number): string => {
      const negative = t.amount.startsWith('-');
      let digits = negative ? t.amount.slice(1) : t.amount;
      if (digits.includes('.')) digits = digits.replace(/0+$/, '').replace(/\.$/, '');
      digits = digits.replace(/^0+(?=\d)/, '');
      const amount = negative && digits !== '0' ? `-${digits}` : digits;
      return `${[t.bookingDate ?? t.valueDate ?? '', amount, t.currency.toUpperCase(), (t.counterpartyIban ?? '').replace(/\s+/g, '').toUpperCase()].join('|')}|${n}`;
    };
    let state = 26;
    const next = (n: number): number => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return Math.floor((state / 2147483648) * n);
    };
    const pick = <T,>(values: T[]): T => values[next(values.length)]!;
    const digits = (n: number): string => Array.from({ length: n }, () => pick(['0', '0', '1', '5', '9'])).join('');
    for (let i = 0; i < 5_000; i++) {
      const amount = `${pick(['', '-'])}${digits(1 + next(4))}${pick(['', '.', `.${digits(1 + next(3))}`])}`;
      const t = transaction({ amount, currency: pick(['EUR', 'eur', 'Usd']), counterpartyIban: pick([null, '', 'NL91ABNA0417164300', 'nl91abna0417164300', 'NL91 ABNA 0417 1643 00']) });
      expect([amount, contentKeys([t])[0]]).toEqual([amount, general(t, 1)]);
    }
  });
});
