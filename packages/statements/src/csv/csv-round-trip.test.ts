import { descriptionDetails, generateSandboxData, renderCsv, renderMt940, type CsvBank, type SandboxDataset, type SandboxTransaction } from '@obp/sandbox-bank';
import { canonicalTransaction, type CanonicalTransactionFields } from '../canonical';
import { parseStatement } from '../parse-statement';
import type { ParsedStatementFile, StatementParseResult } from '../statement';
import { contentKeys } from '../transaction-key';

/**
 * A sandbox household rendered as each bank's CSV export and parsed back (through the entry point, bytes in)
 * gives the transactions a sandbox fetch gives, field by field, except what the export has no column for:
 * - ING: no value date (the booking date stands in: the sandbox's descriptions have no "Valutadatum:"), no purpose or
 *   return reason; Code is the sandbox type in capitals, as ING writes its codes (`BA`); the type name is its
 *   "Mutatiesoort".
 * - Rabobank: no type name and no purpose code.
 * - Both give more than a sandbox fetch: the end-to-end id, mandate id and creditor id that the sandbox has only
 *   inside its description (ING's labelled Mededelingen, Rabobank's columns).
 */
const AS_OF = new Date('2026-06-30T00:00:00.000Z');
const BANKS: CsvBank[] = ['ing', 'rabobank'];

const households: [string, SandboxDataset][] = [
  ['retail', generateSandboxData({ seed: 'csv-round-trip-retail', profile: 'retail', asOf: AS_OF })],
  ['business', generateSandboxData({ seed: 'csv-round-trip-business', profile: 'business', asOf: AS_OF })],
];

function expected(bank: CsvBank, t: SandboxTransaction): CanonicalTransactionFields {
  const { externalId: _id, accountExternalId: _account, ...fetched } = t;
  const details = Object.fromEntries(Object.entries(descriptionDetails(t.description)).filter(([, value]) => value !== null));
  if (bank === 'ing') return { ...fetched, valueDate: t.bookingDate, transactionType: t.transactionType.toUpperCase(), purposeCode: null, reasonCode: null, ...details };
  return { ...fetched, transactionTypeName: null, purposeCode: null, ...details };
}

describe.each(households)('CSV round trip: the %s household', (_, data) => {
  it('has what the comparison needs: several accounts, every transaction type, descriptions past two Rabobank lines, separators in the text, letters beyond ASCII', () => {
    expect(data.accounts.length).toBeGreaterThan(1);
    expect(new Set(data.transactions.map((t) => t.transactionType)).size).toBeGreaterThanOrEqual(5);
    expect(data.transactions.some((t) => t.description.length > 2 * 96)).toBe(true);
    expect(data.transactions.some((t) => t.description.includes('"') || t.description.includes(';') || t.description.includes(','))).toBe(true);
    expect(data.transactions.some((t) => /[^\x00-\x7f]/.test(`${t.description}${t.counterpartName}`))).toBe(true);
  });

  describe.each(BANKS)('as %s exports it', (bank) => {
    const text = renderCsv(data, { bank, openingBalance: -250.5 });
    const latin1 = bank === 'rabobank';
    const result = parseStatement(Buffer.from(text, latin1 ? 'latin1' : 'utf8'), { contentType: 'text/csv' });
    const file: ParsedStatementFile | null = result.ok ? result.file : null;

    it(`parses (${latin1 ? 'Latin-1' : 'UTF-8'}), each account one statement whose balances add up`, () => {
      expect(result.ok ? [] : result.problems).toEqual([]);
      expect(file!.format).toBe(`csv-${bank}`);
      expect(file!.statements.map((s) => s.iban).sort()).toEqual(data.accounts.map((a) => a.iban).sort());
      for (const statement of file!.statements) expect(statement.openingBalance).toMatchObject({ amount: '-250.50', currency: 'EUR' });
    });

    it('gives each sandbox transaction back, field by field, on its account and in its order', () => {
      for (const account of data.accounts) {
        const parsed = file!.statements.find((s) => s.iban === account.iban)!.transactions.map(canonicalTransaction);
        const sandbox = data.transactions.filter((t) => t.accountExternalId === account.externalId).sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
        if (bank === 'ing') {
          // Within a day the newest-first export reverses the order: compare each day's transactions as a set.
          const byDay = (list: CanonicalTransactionFields[]) => [...list].sort((a, b) => a.bookingDate.localeCompare(b.bookingDate) || JSON.stringify(a).localeCompare(JSON.stringify(b)));
          expect(byDay(parsed)).toEqual(byDay(sandbox.map((t) => expected(bank, t))));
        } else {
          expect(parsed).toEqual(sandbox.map((t) => expected(bank, t)));
        }
      }
    });
  });
});

describe('CSV exports that overlap', () => {
  const [, data] = households[0]!;
  const account = data.accounts[0]!;
  const keysOf = (result: StatementParseResult, from: string, to: string): string[] => {
    const statement = result.ok ? result.file.statements.find((s) => s.iban === account.iban)! : null;
    if (statement === null) throw new Error(JSON.stringify(result.ok ? null : result.problems));
    const keys = contentKeys(statement.transactions);
    return keys.filter((_, i) => statement.transactions[i]!.bookingDate! >= from && statement.transactions[i]!.bookingDate! <= to).sort();
  };

  it('give the days they share the same content keys: two ING exports sharing a fortnight (one , separated), and Rabobank\'s CSV and MT940 of the same month', () => {
    const january = parseStatement(Buffer.from(renderCsv(data, { bank: 'ing', from: '2026-01-01', to: '2026-01-31' })), {});
    const fortnightLater = parseStatement(Buffer.from(renderCsv(data, { bank: 'ing', from: '2026-01-18', to: '2026-02-14', separator: ',' })), {});
    const shared = keysOf(january, '2026-01-18', '2026-01-31');
    expect(shared.length).toBeGreaterThan(5);
    expect(keysOf(fortnightLater, '2026-01-18', '2026-01-31')).toEqual(shared);
    const csv = parseStatement(Buffer.from(renderCsv(data, { bank: 'rabobank', from: '2026-03-01', to: '2026-03-31' })), {});
    const mt940 = parseStatement(Buffer.from(renderMt940(data, { style: 'rabobank', from: '2026-03-01', to: '2026-03-31' })), {});
    expect(keysOf(csv, '2026-03-01', '2026-03-31')).toEqual(keysOf(mt940, '2026-03-01', '2026-03-31'));
  });
});
