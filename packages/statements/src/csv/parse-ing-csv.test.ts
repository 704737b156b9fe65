import { canonicalTransaction } from '../canonical';
import { mededelingenDetails, parseIngCsv } from './parse-ing-csv';

const HEADER = '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"';
const ACCOUNT = 'NL69INGB0123456789';

/** Newest first, as ING writes it: 1.000,00 before, salary in, then a card payment and a direct debit. */
const EXPORT = [
  HEADER,
  `"20260305";"Albert Heijn 1234";"${ACCOUNT}";"";"BA";"Af";"23,45";"Betaalautomaat";"Pasvolgnr: 003 05-03-2026 17:32 Transactie: A1B2C3 Term: 1234AB";"3234,05";""`,
  `"20260302";"Vattenfall";"${ACCOUNT}";"NL44RABO0123456789";"IC";"Af";"142,50";"Incasso";"Naam: Vattenfall Omschrijving: Termijn maart; ""voorschot"" IBAN: NL44RABO0123456789";"3257,50";"energie"`,
  `"20260301";"Werkgever B.V.";"${ACCOUNT}";"NL91ABNA0417164300";"OV";"Bij";"2400,00";"Overschrijving";"Salaris februari";"3400,00";""`,
].join('\r\n');

describe('parseIngCsv', () => {
  it('reads every column the model has, oldest first, with the balances derived from "Saldo na mutatie"', () => {
    const result = parseIngCsv(EXPORT + '\r\n');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file).toMatchObject({ format: 'csv-ing', version: null });
    const [statement] = result.file.statements;
    expect(statement).toMatchObject({
      iban: ACCOUNT, accountId: null, currency: 'EUR', location: 'line 2',
      openingBalance: { amount: '1000.00', currency: 'EUR', date: '2026-03-01' },
      closingBalance: { amount: '3234.05', currency: 'EUR', date: '2026-03-05' },
    });
    expect(statement!.transactions.map((t) => t.location)).toEqual(['line 4', 'line 3', 'line 2']);
    expect(statement!.transactions[1]).toEqual({
      amount: '-142.50', currency: 'EUR', status: 'booked', bookingDate: '2026-03-02', valueDate: null, reversal: false, bankReference: null,
      endToEndId: null, mandateId: null, creditorSchemeId: null, bankTransactionCode: null, proprietaryCode: 'IC', proprietaryName: 'Incasso',
      counterpartyName: 'Vattenfall', counterpartyIban: 'NL44RABO0123456789', counterpartyBic: null, remittanceUnstructured: [], remittanceStructured: null,
      purposeCode: null, returnReason: null, merchantCategoryCode: null,
      narrative: 'Naam: Vattenfall Omschrijving: Termijn maart; "voorschot" IBAN: NL44RABO0123456789', location: 'line 3',
    });
    expect(canonicalTransaction(statement!.transactions[0]!)).toMatchObject({ amount: 2400, description: 'Salaris februari', transactionType: 'OV', transactionTypeName: 'Overschrijving', valueDate: '2026-03-01T00:00:00.000Z' });
    expect(statement!.transactions[2]!.counterpartyIban).toBeNull();
  });

  it('reads the export with , as separator, and oldest first', () => {
    const comma = EXPORT.split('\r\n').map((line) => line.replace(/";"/g, '","'));
    const result = parseIngCsv([comma[0], comma[3], comma[2], comma[1]].join('\n'));
    expect(result.ok && result.file.statements[0]!.transactions.map((t) => [t.amount, t.location])).toEqual([['2400.00', 'line 2'], ['-142.50', 'line 3'], ['-23.45', 'line 4']]);
  });

  it('reads the older nine-column export, without balances', () => {
    const old = ['"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","MutatieSoort","Mededelingen"', `"20190102","Bakker","${ACCOUNT}","","BA","Af","1,50","Betaalautomaat","Pasvolgnr: 001"`].join('\n');
    const result = parseIngCsv(old);
    expect(result.ok && result.file.statements[0]).toMatchObject({ openingBalance: null, closingBalance: null, transactions: [{ amount: '-1.50', bookingDate: '2019-01-02' }] });
  });

  it('gives the rows of each account their own statement, each balance chain checked on its own', () => {
    const other = 'NL20INGB0001234567';
    const text = [HEADER, `"20260302";"A";"${other}";"";"GT";"Bij";"5,00";"Online bankieren";"x";"-5,00";""`, ...EXPORT.split('\r\n').slice(1), `"20260301";"B";"${other}";"";"GT";"Af";"10,00";"Online bankieren";"y";"-10,00";""`].join('\n');
    const result = parseIngCsv(text);
    expect(result.ok && result.file.statements.map((s) => [s.iban, s.transactions.length, s.openingBalance!.amount, s.closingBalance!.amount])).toEqual([
      [other, 2, '0.00', '-5.00'],
      [ACCOUNT, 3, '1000.00', '3234.05'],
    ]);
  });

  it('refuses a file whose running balances do not follow, naming the row', () => {
    const lines = EXPORT.split('\r\n');
    const result = parseIngCsv([lines[0], lines[1], lines[3]].join('\n'));
    expect(result).toEqual({ ok: false, problems: [{ location: 'line 2', message: expect.stringMatching(/balance after this row is 3234\.05, but the balance before it \(3400\.00\) plus its amount \(-23\.45\) is 3376\.55/) }] });
  });

  it('names each bad cell with its line and column', () => {
    const text = [
      HEADER,
      `"20260230";"A";"${ACCOUNT}";"";"BA";"Af";"1,00";"Betaalautomaat";"";"1,00";""`,
      `"20260301";"A";"${ACCOUNT}";"";"BA";"Uit";"-1,00";"Betaalautomaat";"";"1.00";""`,
      `"20260301";"A";"${ACCOUNT}";"";"BA";"Af";"1,00";"Betaalautomaat";""`,
      `"20260301";"A";"";"";"BA";"Af";"1,00";"Betaalautomaat";"";"1,00";"";"extra"`,
    ].join('\n');
    expect(parseIngCsv(text)).toEqual({
      ok: false,
      problems: [
        { location: 'line 4', message: '9 columns where the header has 11: a column is missing.' },
        { location: 'line 5', message: '12 columns where the header has 11: a column is too many.' },
      ],
    });
    const cells = parseIngCsv(text.split('\n').slice(0, 3).join('\n'));
    expect(cells.ok ? [] : cells.problems).toEqual([
      { location: 'line 2', message: '"Datum": "20260230" is not a date written YYYYMMDD.' },
      { location: 'line 3', message: '"Af Bij": "Uit" is neither "Af" nor "Bij".' },
      { location: 'line 3', message: '"Bedrag (EUR)": "-1,00" is not an amount such as 1234,56 (without a sign: "Af Bij" gives it).' },
      { location: 'line 3', message: '"Saldo na mutatie": "1.00" is not an amount such as -1234,56.' },
    ]);
  });

  it('refuses an unknown header, a header without rows, an empty file, broken quoting and binary bytes', () => {
    expect(parseIngCsv('"Datum";"Omschrijving";"Rekening"\n"20260301";"x";"y"')).toEqual({ ok: false, problems: [{ location: 'line 1', message: expect.stringMatching(/^Not the header of a ING CSV export \(unknown columns "Omschrijving"; missing "Naam \/ Omschrijving", .*"Tag"\)/) }] });
    expect(parseIngCsv(HEADER + '\r\n')).toEqual({ ok: false, problems: [{ location: 'file', message: 'The ING CSV export has a header but no transactions.' }] });
    expect(parseIngCsv('  \n')).toEqual({ ok: false, problems: [{ location: 'file', message: 'The file is empty.' }] });
    expect(parseIngCsv(`${HEADER}\n"20260301";"A;"${ACCOUNT}"`)).toEqual({ ok: false, problems: [{ location: 'line 2', message: expect.stringMatching(/^Text after a closing quote/) }] });
    expect(parseIngCsv(`${HEADER}\n"20260301";"A`)).toEqual({ ok: false, problems: [{ location: 'line 2', message: expect.stringMatching(/never closed/) }] });
    expect(parseIngCsv(`${HEADER}\n"2026"0301";"A"`)).toEqual({ ok: false, problems: [{ location: 'line 2', message: expect.stringMatching(/^Text after a closing quote/) }] });
    expect(parseIngCsv(`${HEADER}\n20"26;"A"`)).toEqual({ ok: false, problems: [{ location: 'line 2', message: expect.stringMatching(/^A quote inside an unquoted field/) }] });
    expect(parseIngCsv(`${HEADER}\n"2026\u0000"`)).toEqual({ ok: false, problems: [{ location: 'line 2', message: expect.stringMatching(/control characters/) }] });
  });

  it('locates a row by the line it starts on when a quoted field runs over lines', () => {
    const lines = EXPORT.split('\r\n');
    const text = [lines[0], lines[1]!.replace('Pasvolgnr: 003', 'Pasvolgnr:\r\n003\r\n'), lines[2]!.replace('"Af";"142,50"', '"Af";"x"')].join('\r\n');
    const result = parseIngCsv(text);
    expect(result.ok ? [] : result.problems).toEqual([{ location: 'line 5', message: '"Bedrag (EUR)": "x" is not an amount such as 1234,56 (without a sign: "Af Bij" gives it).' }]);
  });

  it('reads the end-to-end id, mandate id, creditor id and value date out of the labelled parts of Mededelingen', () => {
    expect(mededelingenDetails('Naam: Eneco Omschrijving: Termijn 3 IBAN: NL91ABNA0417164300 Kenmerk: 2026 03 1234 Machtiging ID: EN-77 Incassant ID: NL12ZZZ123456780000 Doorlopende incasso Valutadatum: 02-03-2026')).toEqual({
      endToEndId: '2026 03 1234', mandateId: 'EN-77', creditorSchemeId: 'NL12ZZZ123456780000', valueDate: '2026-03-02',
    });
    expect(mededelingenDetails('Pasvolgnr: 008 01-03-2026 12:00 Transactie: A1 Term: T9 Apple Pay Valutadatum: 31-02-2026')).toEqual({});
    expect(mededelingenDetails('Salaris februari')).toEqual({});
    const text = [HEADER, `"20260302";"Eneco";"${ACCOUNT}";"";"IC";"Af";"1,00";"Incasso";"Naam: Eneco Kenmerk: K1 Machtiging ID: M1 Valutadatum: 01-03-2026";"-1,00";""`].join('\n');
    const result = parseIngCsv(text);
    expect(result.ok && result.file.statements[0]!.transactions[0]).toMatchObject({ endToEndId: 'K1', mandateId: 'M1', creditorSchemeId: null, valueDate: '2026-03-01', bookingDate: '2026-03-02' });
  });
});
