import type { AccountStatement, ParsedStatementFile, StatementTransaction } from '@obp/statements';
import { accountsOfFile, notStoredYet, storedRow } from './statement-rows';

const tx = (over: Partial<StatementTransaction>): StatementTransaction => ({
  amount: '-2.50',
  currency: 'EUR',
  status: 'booked',
  bookingDate: '2026-03-02',
  valueDate: '2026-03-02',
  reversal: false,
  bankReference: null,
  endToEndId: null,
  mandateId: null,
  creditorSchemeId: null,
  bankTransactionCode: null,
  proprietaryCode: null,
  proprietaryName: null,
  counterpartyName: 'Koffiebar De Hoek',
  counterpartyIban: null,
  counterpartyBic: null,
  remittanceUnstructured: [],
  remittanceStructured: null,
  purposeCode: null,
  returnReason: null,
  merchantCategoryCode: null,
  narrative: 'Koffie',
  location: 'line 1',
  ...over,
});

const statement = (iban: string | null, transactions: StatementTransaction[], over: Partial<AccountStatement> = {}): AccountStatement => ({
  statementId: null,
  iban,
  accountId: iban === null ? '123456789' : null,
  currency: 'EUR',
  bic: 'INGBNL2A',
  ownerName: 'J. Meijer',
  openingBalance: null,
  closingBalance: null,
  transactions,
  location: 'file',
  ...over,
});

const file = (...statements: AccountStatement[]): ParsedStatementFile => ({ format: 'camt.053', version: 'camt.053.001.08', statements });

describe('a statement file as accounts and transactions to store', () => {
  it('merges the statements of one account (IBAN compared without spaces, in capitals), keeps booked transactions only, and keys an account without IBAN by its identifier', () => {
    const accounts = accountsOfFile(
      file(
        statement('NL45 INGB 7147 2529 26', [tx({ amount: '-1.00' }), tx({ status: 'pending', amount: '-9.00' })]),
        statement('nl45ingb7147252926', [tx({ amount: '-2.00', bookingDate: '2026-03-03' })]),
        statement(null, [tx({ amount: '5.00' })]),
      ),
    );
    expect(accounts.map((a) => ({ externalId: a.externalId, iban: a.iban, amounts: a.transactions.map((t) => t.fields.amount) }))).toEqual([
      { externalId: 'iban:NL45INGB7147252926', iban: 'NL45INGB7147252926', amounts: [-1, -2] },
      { externalId: 'id:123456789', iban: '123456789', amounts: [5] },
    ]);
    expect(accounts[0]).toMatchObject({ currency: 'EUR', bic: 'INGBNL2A', ownerName: 'J. Meijer' });
  });

  it('stores a transaction under its bank reference, else under its content key; a reference the file repeats is none', () => {
    const [account] = accountsOfFile(file(statement('NL45INGB7147252926', [tx({ bankReference: 'R1' }), tx({ bankReference: 'R2' }), tx({ bankReference: 'R2', amount: '-3.00' }), tx({})])));
    const ids = account!.transactions.map((t) => t.externalId);
    expect(ids[0]).toBe('ref:R1');
    expect(ids.slice(1)).toEqual(account!.transactions.slice(1).map((t) => `key:${t.contentKey}`));
    expect(new Set(ids).size).toBe(4);
  });

  it('keeps every payment of a reference a bank repeats, when two overlapping exports start on different days', () => {
    // The bank writes one batch reference on its collections: three on three days, of different amounts.
    const collections = [tx({ bankReference: 'BATCH', bookingDate: '2026-03-02', amount: '-10.00' }), tx({ bankReference: 'BATCH', bookingDate: '2026-03-09', amount: '-20.00' }), tx({ bankReference: 'BATCH', bookingDate: '2026-03-16', amount: '-30.00' })];
    const [first] = accountsOfFile(file(statement('NL45INGB7147252926', collections.slice(0, 2))));
    const stored = first!.transactions.map((t) => ({ externalId: t.externalId, contentKey: t.contentKey }));
    const [overlapping] = accountsOfFile(file(statement('NL45INGB7147252926', collections.slice(1))));
    expect(notStoredYet(overlapping!, stored).map((t) => t.fields.amount)).toEqual([-30]);
  });

  it('finds again what was stored under a reference when a later file repeats it, and the other way round', () => {
    const once = [tx({ bankReference: 'R', amount: '-10.00' })];
    const twice = [...once, tx({ bankReference: 'R', amount: '-20.00' })];
    const [a] = accountsOfFile(file(statement('NL45INGB7147252926', once)));
    const [b] = accountsOfFile(file(statement('NL45INGB7147252926', twice)));
    const storedOf = (account: typeof a) => account!.transactions.map((t) => ({ externalId: t.externalId, contentKey: t.contentKey }));
    expect(notStoredYet(b!, storedOf(a)).map((t) => t.fields.amount)).toEqual([-20]);
    expect(notStoredYet(a!, storedOf(b))).toEqual([]);
  });

  it('keeps two genuinely equal payments on one day apart, and finds both again in an overlapping file', () => {
    const day = [tx({}), tx({})];
    const [first] = accountsOfFile(file(statement('NL45INGB7147252926', day)));
    expect(new Set(first!.transactions.map((t) => t.externalId)).size).toBe(2);
    const stored = first!.transactions.map((t) => ({ externalId: t.externalId, contentKey: t.contentKey }));
    const [overlapping] = accountsOfFile(file(statement('NL45INGB7147252926', [...day, tx({ bookingDate: '2026-03-03' })])));
    expect(notStoredYet(overlapping!, stored).map((t) => t.fields.bookingDate)).toEqual(['2026-03-03T00:00:00.000Z']);
  });

  it('matches by reference where both have one: two transactions with different references are two, however alike', () => {
    const [earlier] = accountsOfFile(file(statement('NL45INGB7147252926', [tx({ bankReference: 'A' })])));
    const stored = earlier!.transactions.map((t) => ({ externalId: t.externalId, contentKey: t.contentKey }));
    const [again] = accountsOfFile(file(statement('NL45INGB7147252926', [tx({ bankReference: 'A' }), tx({ bankReference: 'B' })])));
    expect(notStoredYet(again!, stored).map((t) => t.externalId)).toEqual(['ref:B']);
  });

  it('matches across formats by content where one side has no reference (a CSV export after a camt file of the same days)', () => {
    const [camt] = accountsOfFile(file(statement('NL45INGB7147252926', [tx({ bankReference: 'A', narrative: 'Koffie (camt)' })])));
    const stored = camt!.transactions.map((t) => ({ externalId: t.externalId, contentKey: t.contentKey }));
    const [csv] = accountsOfFile(file(statement('NL45INGB7147252926', [tx({ narrative: 'Koffie (csv)' }), tx({ amount: '-7.00' })])));
    expect(notStoredYet(csv!, stored).map((t) => t.fields.amount)).toEqual([-7]);
    // and the other way round
    const csvStored = csv!.transactions.map((t) => ({ externalId: t.externalId, contentKey: t.contentKey }));
    expect(notStoredYet(camt!, csvStored)).toEqual([]);
  });
});

describe('storedRow', () => {
  it('is the transaction as stored: its id, its fields, what it is stored under, then its dates as ISO instants, with the bank details it has', () => {
    const [account] = accountsOfFile(file(statement('NL91ABNA0417164300', [tx({ bankReference: 'REF-1', endToEndId: 'E2E-1', valueDate: '2026-02-28' }), tx({ amount: '-1.00', bookingDate: '2026-03-31' })])));
    const stored = { id: 't-1', accountId: 'a-1', consentId: 'c-1', ownerClientId: 'app', externalId: 'ref:REF-1', fetchId: 'i-1', contentKey: 'k-1' };
    for (const t of account!.transactions) {
      const row = storedRow(t, stored);
      const { bookingDate, valueDate, ...rest } = t.fields;
      expect(row).toEqual({ ...t.fields, ...stored });
      expect(Object.keys(row)).toEqual(['id', ...Object.keys(rest), ...Object.keys(stored).filter((k) => k !== 'id'), 'bookingDate', 'valueDate']);
      expect([row.bookingDate, row.valueDate]).toEqual([bookingDate, valueDate]);
    }
    expect(storedRow(account!.transactions[0]!, stored)).toMatchObject({ bankReference: 'REF-1', endToEndId: 'E2E-1', bookingDate: '2026-03-02T00:00:00.000Z', valueDate: '2026-02-28T00:00:00.000Z' });
    expect(storedRow(account!.transactions[1]!, stored)).not.toHaveProperty('endToEndId');
    expect(storedRow(account!.transactions[1]!, stored)).toMatchObject({ bookingDate: '2026-03-31T00:00:00.000Z', valueDate: '2026-03-02T00:00:00.000Z' });
  });
});
