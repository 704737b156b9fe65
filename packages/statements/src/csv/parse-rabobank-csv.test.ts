import { canonicalTransaction } from '../canonical';
import { parseRabobankCsv, RABOBANK_CSV_COLUMNS } from './parse-rabobank-csv';

const HEADER = RABOBANK_CSV_COLUMNS.map((name) => `"${name}"`).join(',');
const ACCOUNT = 'NL44RABO0123456789';

function row(cells: Partial<Record<(typeof RABOBANK_CSV_COLUMNS)[number], string>>): string {
  const base = { 'IBAN/BBAN': ACCOUNT, Munt: 'EUR', BIC: 'RABONL2U', Datum: '2026-03-02', Rentedatum: '2026-03-02' };
  return RABOBANK_CSV_COLUMNS.map((name) => `"${({ ...base, ...cells } as Record<string, string>)[name] ?? ''}"`).join(',');
}

const DIRECT_DEBIT = row({
  Volgnr: '000000000000000101', Bedrag: '-1.142,50', 'Saldo na trn': '+857,50', 'Tegenrekening IBAN/BBAN': 'NL91ABNA0417164300', 'Naam tegenpartij': 'Vattenfall Klantenservice N.V.',
  'Naam uiteindelijke partij': 'Vattenfall', 'BIC tegenpartij': 'ABNANL2A', Code: 'ei', 'Batch ID': 'B1', Transactiereferentie: 'E2E-2026-03', Machtigingskenmerk: 'MDT-77',
  'Incassant ID': 'NL12ZZZ123456780000', Betalingskenmerk: '1234567890123456', 'Omschrijving-1': 'Termijnbedrag maart ', 'Omschrijving-2': 'Klantnummer 42', 'Omschrijving-3': '',
});
const RETURN = row({ Volgnr: '000000000000000102', Datum: '2026-03-04', Rentedatum: '2026-03-03', Bedrag: '+1.142,50', 'Saldo na trn': '+2.000,00', Code: 'ei', 'Reden retour': 'MD06', 'Omschrijving-1': 'Terugboeking' });

describe('parseRabobankCsv', () => {
  it('reads every column the model has (after a byte order mark), with the opening and closing balances from "Saldo na trn"', () => {
    const result = parseRabobankCsv('\ufeff' + [HEADER, DIRECT_DEBIT, RETURN].join('\r\n') + '\r\n');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file).toMatchObject({ format: 'csv-rabobank', version: null });
    const [statement] = result.file.statements;
    expect(statement).toMatchObject({
      iban: ACCOUNT, currency: 'EUR', bic: 'RABONL2U',
      openingBalance: { amount: '2000.00', currency: 'EUR', date: '2026-03-02' },
      closingBalance: { amount: '2000.00', currency: 'EUR', date: '2026-03-04' },
    });
    expect(statement!.transactions[0]).toEqual({
      amount: '-1142.50', currency: 'EUR', status: 'booked', bookingDate: '2026-03-02', valueDate: '2026-03-02', reversal: false, bankReference: null,
      endToEndId: 'E2E-2026-03', mandateId: 'MDT-77', creditorSchemeId: 'NL12ZZZ123456780000', bankTransactionCode: null, proprietaryCode: 'ei', proprietaryName: null,
      counterpartyName: 'Vattenfall Klantenservice N.V.', counterpartyIban: 'NL91ABNA0417164300', counterpartyBic: 'ABNANL2A',
      remittanceUnstructured: ['Termijnbedrag maart', 'Klantnummer 42'], remittanceStructured: '1234567890123456', purposeCode: null, returnReason: null,
      merchantCategoryCode: null, narrative: null, location: 'line 2',
    });
    expect(canonicalTransaction(statement!.transactions[0]!).description).toBe('Termijnbedrag maart Klantnummer 42');
    expect(canonicalTransaction(statement!.transactions[1]!)).toMatchObject({ amount: 1142.5, reasonCode: 'MD06', valueDate: '2026-03-03T00:00:00.000Z', bookingDate: '2026-03-04T00:00:00.000Z', transactionType: 'ei' });
  });

  it('gives each account its own statement, in its own currency', () => {
    const usd = row({ 'IBAN/BBAN': 'NL11RABO0300000002', Munt: 'USD', Volgnr: '000000000000000001', Bedrag: '+10,00', 'Saldo na trn': '+10,00' });
    const result = parseRabobankCsv([HEADER, DIRECT_DEBIT, usd, RETURN].join('\n'));
    expect(result.ok && result.file.statements.map((s) => [s.iban, s.currency, s.transactions.map((t) => t.location)])).toEqual([
      [ACCOUNT, 'EUR', ['line 2', 'line 4']],
      ['NL11RABO0300000002', 'USD', ['line 3']],
    ]);
  });

  it('refuses running balances that do not follow, a repeated row, and rows out of date order', () => {
    const broken = parseRabobankCsv([HEADER, DIRECT_DEBIT, RETURN.replace('"+2.000,00"', '"+2.000,01"')].join('\n'));
    expect(broken.ok ? [] : broken.problems).toEqual([{ location: 'line 3', message: expect.stringMatching(/balance after this row is 2000\.01, but the balance before it \(857\.50\) plus its amount \(1142\.50\) is 2000\.00/) }]);
    const repeated = parseRabobankCsv([HEADER, DIRECT_DEBIT, DIRECT_DEBIT].join('\n'));
    expect(repeated.ok ? [] : repeated.problems).toEqual([{ location: 'line 3', message: '"Volgnr": 000000000000000101 is the number of the row on line 2 of the same account too: a row is repeated.' }]);
    const third = row({ Volgnr: '000000000000000103', Datum: '2026-03-03', Bedrag: '-1,00', 'Saldo na trn': '+1.999,00' });
    const unordered = parseRabobankCsv([HEADER, DIRECT_DEBIT, RETURN, third].join('\n'));
    expect(unordered.ok ? [] : unordered.problems).toEqual([{ location: 'line 4', message: expect.stringMatching(/not in date order/) }]);
  });

  it('names each bad cell with its line and column, and a missing column', () => {
    const text = [
      HEADER,
      row({ Volgnr: 'x1', Munt: 'euro', Datum: '02-03-2026', Rentedatum: '2026-02-30', Bedrag: '1,2,3', 'Saldo na trn': '' }),
      DIRECT_DEBIT.replace(/,"[^"]*"$/, ''),
    ].join('\n');
    expect(parseRabobankCsv(text)).toEqual({ ok: false, problems: [{ location: 'line 3', message: '25 columns where the header has 26: a column is missing.' }] });
    const cells = parseRabobankCsv(text.split('\n').slice(0, 2).join('\n'));
    expect(cells.ok ? [] : cells.problems.map((p) => `${p.location} ${p.message.split(':')[0]}`)).toEqual([
      'line 2 "Munt"', 'line 2 "Volgnr"', 'line 2 "Datum"', 'line 2 "Rentedatum"', 'line 2 "Bedrag"', 'line 2 "Saldo na trn"',
    ]);
  });

  it('refuses a "Munt" of three letters that is no ISO 4217 currency', () => {
    const result = parseRabobankCsv([HEADER, row({ Munt: 'XYZ', Volgnr: '000000000000000001', Bedrag: '+10,00', 'Saldo na trn': '+10,00' })].join('\n'));
    expect(result.ok ? [] : result.problems).toEqual([{ location: 'line 2', message: '"Munt": "XYZ" is not an ISO 4217 currency code such as EUR.' }]);
  });

  it('refuses another header naming what differs', () => {
    const result = parseRabobankCsv(HEADER.replace('"Koers"', '"Wisselkoers"') + '\n' + DIRECT_DEBIT);
    expect(result).toEqual({ ok: false, problems: [{ location: 'line 1', message: expect.stringMatching(/^Not the header of a Rabobank CSV export \(unknown columns "Wisselkoers"; missing "Koers"\)/) }] });
  });
});
