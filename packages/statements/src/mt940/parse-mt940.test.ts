import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalTransaction } from '../canonical';
import type { AccountStatement, ParsedStatementFile, StatementProblem, StatementTransaction } from '../statement';
import { MAX_PROBLEMS, TOO_MANY_PROBLEMS } from '../problems';
import { parseMt940 } from './parse-mt940';

const fixture = (name: string): string => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

function parsed(text: string): ParsedStatementFile {
  const result = parseMt940(text);
  if (!result.ok) throw new Error(`expected the file to parse, got ${JSON.stringify(result.problems)}`);
  return result.file;
}

function problems(text: string): StatementProblem[] {
  const result = parseMt940(text);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.problems;
}

const only = (file: ParsedStatementFile): AccountStatement => {
  expect(file.statements).toHaveLength(1);
  return file.statements[0]!;
};

describe('parseMt940: ING (SWIFT blocks, CRLF, `//` between :86: fields)', () => {
  const file = parsed(fixture('ing.sta'));
  const statement = only(file);

  it('reads the account with its currency suffix, the bank from the basic header block and both balances', () => {
    expect(file.format).toBe('mt940');
    expect(statement).toMatchObject({
      statementId: 'P260105000000001/1', iban: 'NL20INGB0001234567', accountId: null, currency: 'EUR', bic: 'INGBNL2A', location: 'line 2',
      openingBalance: { amount: '1000.00', currency: 'EUR', date: '2025-12-31' },
      closingBalance: { amount: '2471.30', currency: 'EUR', date: '2026-01-03' },
    });
    expect(statement.transactions.map((t) => t.location)).toEqual(['line 6', 'line 11', 'line 14']);
  });

  it('reads a direct debit: entry date in the next year, mandate, creditor id, counterparty from /CNTP/ wrapped inside the IBAN, remittance wrapped inside a word', () => {
    expect(statement.transactions[0]).toMatchObject({
      amount: '-25.50', valueDate: '2025-12-31', bookingDate: '2026-01-02', reversal: false, status: 'booked',
      proprietaryCode: 'NDDT', bankReference: '2601020000123456', endToEndId: 'ENERGIE-2026-01', mandateId: 'MANDAAT-77', creditorSchemeId: 'NL98ZZZ999999999999',
      counterpartyIban: 'NL91ABNA0417164300', counterpartyBic: 'ABNANL2A', counterpartyName: 'Energie Direct B.V.',
      remittanceUnstructured: ['Voorschot januari'], narrative: null,
    });
  });

  it('reads an amount without decimals, a structured creditor reference (/REMI/STRD/CUR/), a purpose code and an empty city in /CNTP/', () => {
    expect(statement.transactions[1]).toMatchObject({
      amount: '1500', proprietaryCode: 'NTRF', purposeCode: 'SALA', counterpartyName: 'Werkgever B.V.', counterpartyIban: 'NL44RABO0123456789',
      remittanceStructured: 'RF18539007547034', remittanceUnstructured: [],
    });
  });

  it('reads a card payment: /CNTP/ with a name only, no bank reference', () => {
    expect(statement.transactions[2]).toMatchObject({ amount: '-3.20', counterpartyIban: null, counterpartyBic: null, counterpartyName: 'Bakkerij Jansen', bankReference: null });
    expect(canonicalTransaction(statement.transactions[2]!).description).toBe('Pasbetaling 03-01 Utrecht');
  });
});

describe('parseMt940: ABN AMRO (header lines, account number, /TRTP/ layout, BEA free text)', () => {
  const statement = only(parsed(fixture('abnamro.sta')));

  it('skips the ABNANL2A/940 header, reads an account number in :25: and the old :28: tag', () => {
    expect(statement).toMatchObject({ iban: null, accountId: '417164300', statementId: 'ABN AMRO BANK NV/19801/1', closingBalance: { amount: '587.05' } });
  });

  it('keeps a card payment’s free text whole: its runs of spaces, and a wrap inside a word joined without a space', () => {
    const card = statement.transactions[0]!;
    expect(card.narrative).toBe('BEA   NR:XXX1234   02.03.26/14.35 ALBERT HEIJN 1234 UTRECHT,PAS123');
    expect(canonicalTransaction(card)).toMatchObject({ description: card.narrative, transactionType: 'N426', transactionTypeName: null, counterpartName: null });
  });

  it('reads a SEPA direct debit with /TRTP/ as the type name, and its return with /RTRN/', () => {
    const [, debit, returned] = statement.transactions;
    expect(debit).toMatchObject({
      amount: '-45.00', proprietaryName: 'SEPA Incasso algemeen doorlopend', creditorSchemeId: 'NL98ZZZ999999999999', counterpartyName: 'Verzekeraar N.V.',
      mandateId: 'POLIS-555', remittanceUnstructured: ['Premie maart'], counterpartyIban: 'NL91ABNA0417164300', counterpartyBic: 'ABNANL2A', endToEndId: 'PREMIE-2026-03', returnReason: null,
    });
    expect(returned).toMatchObject({ amount: '45.00', proprietaryName: 'SEPA Terugboeking', returnReason: 'MD06', mandateId: 'POLIS-555' });
    expect(canonicalTransaction(returned!)).toMatchObject({ reasonCode: 'MD06', transactionType: 'N247', transactionTypeName: 'SEPA Terugboeking', mandateId: 'POLIS-555' });
  });

  it('keeps a slash inside a value, a space that starts a continuation line, and reads NOTPROVIDED as no end-to-end id or BIC', () => {
    expect(statement.transactions[3]).toMatchObject({ counterpartyName: 'J. de Vries', remittanceUnstructured: ['Terugbetaling etentje 2/3'], endToEndId: null });
    const text = fixture('abnamro.sta').replace('/BIC/RABONL2U/', '/BIC/NOTPROVIDED/');
    expect(only(parsed(text)).transactions[3]).toMatchObject({ counterpartyBic: null, counterpartyIban: 'NL44RABO0123456789' });
  });
});

describe('parseMt940: ABN AMRO’s free-text SEPA layout (labelled values padded in 65-character lines)', () => {
  const statement = only(parsed(fixture('abnamro-sepa-free-text.sta')));

  it('reads the labelled values of a transfer and keeps the whole text as the narrative', () => {
    const transfer = statement.transactions[0]!;
    expect(transfer).toMatchObject({
      proprietaryName: 'SEPA OVERBOEKING', counterpartyIban: 'NL44RABO0123456789', counterpartyBic: 'RABONL2U', counterpartyName: 'VERHUURDER B.V.',
      remittanceUnstructured: ['HUUR JANUARI 2014 KAMER 3'], endToEndId: '20140102-HUUR', mandateId: null,
    });
    expect(transfer.narrative).toMatch(/^SEPA OVERBOEKING {17}IBAN: NL44RABO0123456789 +BIC: RABONL2U {20}NAAM: VERHUURDER B\.V\. +OMSCHRIJVING: HUUR JANUARI 2014 KAMER 3 +KENMERK: 20140102-HUUR$/);
    expect(canonicalTransaction(transfer)).toMatchObject({ description: transfer.narrative, counterpartName: 'VERHUURDER B.V.', counterpartAccountNumber: 'NL44RABO0123456789', transactionTypeName: 'SEPA OVERBOEKING', endToEndId: '20140102-HUUR' });
  });

  it('reads a direct debit’s creditor id and mandate, and leaves a card payment’s BEA line as text only', () => {
    expect(statement.transactions[1]).toMatchObject({
      proprietaryName: 'SEPA INCASSO ALGEMEEN DOORLOPEND', creditorSchemeId: 'NL98ZZZ999999999999', counterpartyName: 'TELEFOON B.V.', mandateId: 'KLANT-4711',
      remittanceUnstructured: ['ABONNEMENT JANUARI'], counterpartyIban: 'NL20INGB0001234567',
    });
    expect(statement.transactions[2]).toMatchObject({ narrative: 'BEA   NR:AB123C   03.01.14/08.12 STATION UTRECHT,PAS012', counterpartyName: null, proprietaryName: null, remittanceUnstructured: [] });
  });
});

describe('parseMt940: Rabobank (:940: header, counterparty IBAN on the :61: second line, ORDP/BENM, reversals)', () => {
  const statement = only(parsed(fixture('rabobank.sta')));

  it('reads IBAN + currency with a space, and a debit opening balance', () => {
    expect(statement).toMatchObject({ iban: 'NL44RABO0123456789', openingBalance: { amount: '-150.00' }, closingBalance: { amount: '1350.00' } });
  });

  it('takes the counterparty IBAN from the supplementary details and the name from /ORDP//NAME/ or /BENM//NAME/', () => {
    expect(statement.transactions[0]).toMatchObject({ amount: '2000.00', counterpartyIban: 'NL91ABNA0417164300', counterpartyName: 'Klant B.V.', endToEndId: 'INV-2026-0042', remittanceUnstructured: ['Factuur 2026-0042'] });
    expect(statement.transactions[1]).toMatchObject({ amount: '-75.00', counterpartyIban: 'NL20INGB0001234567', counterpartyName: 'Verhuur B.V.', purposeCode: 'RENT', endToEndId: null });
  });

  it('signs reversals as the standard says: RD (reversal of a debit) is money in, RC (reversal of a credit) money out', () => {
    expect(statement.transactions[2]).toMatchObject({ amount: '75.00', reversal: true, returnReason: 'AC04' });
    expect(statement.transactions[3]).toMatchObject({ amount: '-500.00', reversal: true });
  });
});

describe('parseMt940: a bare file (LF) with two statements', () => {
  const file = parsed(fixture('bare-two-statements.sta'));

  it('reads both, with BIC/IBAN and account number + currency in :25:, intermediate balances, and statement information after :62M:', () => {
    expect(file.statements.map((s) => [s.statementId, s.iban, s.accountId, s.bic, s.openingBalance?.amount, s.closingBalance?.amount])).toEqual([
      ['STMT-A/00012/001', 'NL12TRIO0198765432', null, 'TRIONL2U', '10.00', '15.00'],
      ['STMT-B/00013/001', null, '0198765432', null, '15.00', '13.50'],
    ]);
    expect(file.statements[0]!.transactions[0]!.narrative).toBe('Rente 2025');
  });

  it('joins a free-text continuation line as written (its leading space kept)', () => {
    expect(file.statements[1]!.transactions[0]).toMatchObject({ narrative: 'Kosten betalingsverkeer vierde kwartaal', bookingDate: '2026-01-02', valueDate: '2025-12-31', bankReference: 'B2' });
  });

  it('reads the same file with CRLF line endings the same way', () => {
    expect(parsed(fixture('bare-two-statements.sta').replace(/\n/g, '\r\n'))).toEqual(file);
  });
});

describe('parseMt940: the entry date’s year', () => {
  const entry = (line: string, closing: string): StatementTransaction => {
    const text = [':20:R', ':25:NL20INGB0001234567', ':28C:1', ':60F:C240101EUR0,00', line, `:62F:${closing}`, ''].join('\n');
    return only(parsed(text)).transactions[0]!;
  };

  it('is the value date’s year, the next one across new year, the previous one the other way, and 29 February only in a leap year', () => {
    expect(entry(':61:2406150617C1,00NTRFNONREF', 'C240617EUR1,00')).toMatchObject({ valueDate: '2024-06-15', bookingDate: '2024-06-17' });
    expect(entry(':61:2412310102C1,00NTRFNONREF', 'C250102EUR1,00')).toMatchObject({ valueDate: '2024-12-31', bookingDate: '2025-01-02' });
    expect(entry(':61:2501021231C1,00NTRFNONREF', 'C250102EUR1,00')).toMatchObject({ valueDate: '2025-01-02', bookingDate: '2024-12-31' });
    expect(entry(':61:2402280229C1,00NTRFNONREF', 'C240229EUR1,00')).toMatchObject({ bookingDate: '2024-02-29' });
    expect(problems([':20:R', ':25:NL20INGB0001234567', ':28C:1', ':60F:C250101EUR0,00', ':61:2502280229C1,00NTRFNONREF', ':62F:C250301EUR1,00'].join('\n'))).toEqual([
      { location: 'line 5', message: expect.stringContaining('the entry date "0229" is not a date') },
    ]);
  });
});

describe('parseMt940: refused files name what is wrong and where', () => {
  const valid = [':20:REF1', ':25:NL20INGB0001234567', ':28C:1/1', ':60F:C260101EUR100,00', ':61:2601020102D10,00NTRFNONREF//X1', ':86:/REMI/USTD//Boodschappen/', ':62F:C260102EUR90,00', ''].join('\n');
  const replaceLine = (prefix: string, by: string | null): string =>
    valid.split('\n').flatMap((line) => (line.startsWith(prefix) ? (by === null ? [] : [by]) : [line])).join('\n');

  it('the base file is valid', () => {
    expect(parseMt940(valid).ok).toBe(true);
  });

  it.each([
    ['a value date that is no date', ':61:2613320102D10,00NTRFNONREF', 'the value date "261332" is not a date'],
    ['a value date cut short', ':61:26010D10,00NTRFNONREF', 'must start with the value date YYMMDD'],
    ['an entry date that is no date', ':61:2601021402D10,00NTRFNONREF', 'the entry date "1402" is not a date'],
    ['a mark that is not D, C, RC or RD', ':61:2601020102X10,00NTRFNONREF', 'the debit/credit mark must be D, C, RC or RD'],
    ['an amount with a decimal point', ':61:2601020102D10.00NTRFNONREF', 'the amount must be digits with a decimal comma'],
    ['an amount that is missing', ':61:2601020102DNTRFNONREF', 'the amount must be digits with a decimal comma'],
    ['a transaction type that is not S/N/F + 3', ':61:2601020102D10,00XTRFNONREF', 'the transaction type must be S, N or F'],
    ['no customer reference', ':61:2601020102D10,00NTRF', 'the customer reference must be 1 to 16 characters'],
    ['a bank reference over 16 characters', ':61:2601020102D10,00NTRFNONREF//12345678901234567', 'the bank reference after // must be 1 to 16 characters'],
  ])('a broken :61: line: %s', (_, line, message) => {
    expect(problems(replaceLine(':61:', line))).toEqual([{ location: 'line 5', message: expect.stringContaining(message) }]);
  });

  it('a :86: without a :61:', () => {
    const text = valid.replace(':60F:C260101EUR100,00\n', ':60F:C260101EUR100,00\n:86:Los bericht\n');
    expect(problems(text)).toEqual([{ location: 'line 5', message: ':86: (information about a transaction) does not follow a :61: statement line.' }]);
  });

  it('a second :86: for one :61:', () => {
    const text = valid.replace(':86:/REMI/USTD//Boodschappen/\n', ':86:/REMI/USTD//Boodschappen/\n:86:Nog eens\n');
    expect(problems(text)).toEqual([{ location: 'line 7', message: expect.stringContaining('does not follow a :61:') }]);
  });

  it.each([
    [':25:', 'The statement has no :25: (the account).'],
    [':28C:', 'The statement has no :28C: (the statement number).'],
  ])('a statement without %s', (tag, message) => {
    expect(problems(replaceLine(tag, null))).toEqual([{ location: 'line 1', message }]);
  });

  it('a statement without :60F:', () => {
    expect(problems(replaceLine(':60F:', null))).toEqual([
      { location: 'line 4', message: 'Tag :61: comes before the opening balance (:60F:).' },
      { location: 'line 6', message: 'Tag :62F: comes before the opening balance (:60F:).' },
      { location: 'line 1', message: 'The statement has no :60F: (the opening balance).' },
    ]);
  });

  it('a statement cut off before its closing balance', () => {
    const cut = valid.slice(0, valid.indexOf(':62F:'));
    expect(problems(cut)).toEqual([{ location: 'line 1', message: 'The statement has no closing balance (:62F:): the file is cut off or incomplete.' }]);
  });

  it('a statement cut off in the middle of a second one', () => {
    expect(problems(`${valid}:20:REF2\n:25:NL20INGB0001234567\n:28C:2\n:60F:C260102EUR90,00\n:61:2601030103C5,00NTRFNONREF\n`)).toEqual([
      { location: 'line 8', message: 'The statement has no closing balance (:62F:): the file is cut off or incomplete.' },
    ]);
  });

  it('an empty file, and one of blank lines', () => {
    expect(problems('')).toEqual([{ location: 'file', message: 'The file is empty.' }]);
    expect(problems('\r\n\r\n  \n')).toEqual([{ location: 'file', message: 'The file is empty.' }]);
  });

  it('binary garbage', () => {
    expect(problems(':20:REF1\n\u0000\u0001PK\u0003\u0004\u00ff')).toEqual([{ location: 'line 2', message: expect.stringContaining('not an MT940 statement') }]);
    expect(problems('%PDF-1.7\n\ufffd\ufffd')[0]!.message).toContain('not an MT940 statement');
  });

  it('a file of headers only, with no statement', () => {
    const message = 'The file has no MT940 statement (:20: and the tags after it).';
    expect(problems('{1:F01INGBNL2AXXXX0000000000}{2:I940INGBNL2AXXXXN}{4:\r\n-}\r\n')).toEqual([{ location: 'file', message }]);
    expect(problems('ABNANL2A\n940\nABNANL2A\n-\n')).toEqual([{ location: 'file', message }]);
  });

  it('text that is not MT940', () => {
    expect(problems('Datum,Naam,Bedrag\n2026-01-01,Jansen,10\n')).toEqual([
      { location: 'line 1', message: 'A line outside any tag: "Datum,Naam,Bedrag".' },
      { location: 'line 2', message: 'A line outside any tag: "2026-01-01,Jansen,10".' },
    ]);
  });

  it('entries that do not add up to the closing balance', () => {
    expect(problems(replaceLine(':62F:', ':62F:C260102EUR95,00'))).toEqual([
      { location: 'line 1', message: expect.stringContaining('opening balance 100.00 plus 1 booked entries gives 90.00, but the closing balance is 95.00') },
    ]);
  });

  it('a closing balance in another currency than the opening balance, or than the account', () => {
    expect(problems(replaceLine(':62F:', ':62F:C260102USD90,00'))).toEqual([{ location: 'line 7', message: 'The closing balance is in USD, but the opening balance is in EUR.' }]);
    expect(problems(replaceLine(':25:', ':25:NL20INGB0001234567USD'))).toEqual([{ location: 'line 4', message: 'The opening balance is in EUR, but the account (:25:) is in USD.' }]);
  });

  it('balances in three letters that are no ISO 4217 currency', () => {
    const inXyz = replaceLine(':60F:', ':60F:C260101XYZ100,00').replace(':62F:C260102EUR90,00', ':62F:C260102XYZ90,00');
    expect(problems(inXyz)).toEqual([
      { location: 'line 4', message: 'The balance :60F: is in "XYZ", which is not an ISO 4217 currency code.' },
      { location: 'line 7', message: 'The balance :62F: is in "XYZ", which is not an ISO 4217 currency code.' },
    ]);
  });

  it('a balance that is malformed, an account that is no account, an unknown tag, a second line for a one-line tag', () => {
    expect(problems(replaceLine(':60F:', ':60F:X260101EUR100,00'))[0]).toEqual({ location: 'line 4', message: expect.stringContaining('The balance :60F: "X260101EUR100,00" is not') });
    expect(problems(replaceLine(':25:', ':25:NL21INGB0001234567'))).toEqual([{ location: 'line 2', message: expect.stringContaining('is not an IBAN') }]);
    expect(problems(replaceLine(':28C:', ':28C:1/1\n:99:iets'))).toEqual([{ location: 'line 4', message: 'Unknown tag :99:.' }]);
    expect(problems(replaceLine(':20:', ':20:REF1\nvervolg'))).toEqual([{ location: 'line 2', message: 'Tag :20: has one line only, but another line follows: "vervolg".' }]);
  });

  it('a :61: after the closing balance, and a tag before any :20:', () => {
    expect(problems(`${valid}:61:2601030103C5,00NTRFNONREF\n`)).toEqual([{ location: 'line 8', message: 'Tag :61: after the closing balance (:62F:) of the statement.' }]);
    expect(problems(`:25:NL20INGB0001234567\n${valid}`)).toEqual([{ location: 'line 1', message: 'Tag :25: before the :20: that starts a statement.' }]);
  });

  it('hand-written hostile files: a broken amount, a file cut off mid-statement, entries that do not add up', () => {
    expect(problems(fixture('hostile-broken-61.sta'))).toEqual([{ location: 'line 9', message: expect.stringContaining('the amount must be digits with a decimal comma') }]);
    expect(problems(fixture('hostile-cut-off.sta'))).toEqual([{ location: 'line 2', message: 'The statement has no closing balance (:62F:): the file is cut off or incomplete.' }]);
    expect(problems(fixture('hostile-not-adding-up.sta'))).toEqual([{ location: 'line 2', message: expect.stringContaining('gives 222.50, but the closing balance is 322.50') }]);
    expect(parseMt940(fixture('hostile-not-adding-up.sta').replace('322,50', '222,50')).ok).toBe(true);
  });

  it('a byte order mark and trailing spaces on a :61: line are not errors', () => {
    expect(parsed(`\ufeff${valid.replace('NONREF//X1', 'NONREF//X1   ')}`).statements[0]!.transactions[0]!.bankReference).toBe('X1');
  });

  it("the lines' problems come before the statements', wherever they are in the file", () => {
    const text = replaceLine(':61:', ':61:2613320102D10,00NTRFNONREF').replace(':62F:C260102EUR90,00', ':62F:C260102EUR90,00\nvervolg');
    expect(problems(text)).toEqual([
      { location: 'line 8', message: 'Tag :62F: has one line only, but another line follows: "vervolg".' },
      { location: 'line 5', message: expect.stringContaining('the value date "261332" is not a date') },
    ]);
  });

  it("past the most problems listed, the lines after the statements' last problem are still read for theirs", () => {
    const broken = Array.from({ length: 60 }, () => ':61:2613320102D10,00NTRFNONREF').join('\n');
    const text = [':20:REF1', ':25:NL20INGB0001234567', ':28C:1/1', ':60F:C260101EUR100,00', broken, ':62F:C260102EUR90,00', 'vervolg', ''].join('\n');
    const listed = problems(text);
    expect(listed).toHaveLength(MAX_PROBLEMS + 1);
    expect(listed[0]).toEqual({ location: 'line 66', message: 'Tag :62F: has one line only, but another line follows: "vervolg".' });
    expect(listed.slice(1, MAX_PROBLEMS).map((p) => p.location)).toEqual(Array.from({ length: MAX_PROBLEMS - 1 }, (_, i) => `line ${5 + i}`));
    expect(listed[MAX_PROBLEMS]).toEqual(TOO_MANY_PROBLEMS);
  });

  it('a broken SWIFT block header', () => {
    expect(problems(`{1:F01INGBNL2AXXXX0000000000}{2:I940{4:\n${valid}-}\n`)).toEqual([{ location: 'line 1', message: expect.stringContaining('SWIFT block header') }]);
  });
});
