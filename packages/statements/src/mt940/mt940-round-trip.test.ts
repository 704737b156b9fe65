import { MT940_TYPE_CODES, descriptionDetails, generateSandboxData, mt940BankReference, renderMt940, type Mt940Style, type SandboxDataset, type SandboxTransaction } from '@obp/sandbox-bank';
import { canonicalTransaction, type CanonicalTransactionFields } from '../canonical';
import type { ParsedStatementFile } from '../statement';
import { parseMt940 } from './parse-mt940';

/**
 * A sandbox household rendered in each bank's MT940 style and parsed back gives the transactions a sandbox
 * fetch gives, field by field, except (each by design of the format, see docs/decisions.md):
 * - `transactionType` is the `:61:` type code (MT940_TYPE_CODES), since a `:61:` holds only S/N/F + 3 characters;
 * - `transactionTypeName` is null for ING and Rabobank (no field for it) and for ABN AMRO's free-text card
 *   payments and cash withdrawals (`ba`, `gm`), which also have no counterparty name;
 * - the file gives more than a sandbox fetch: the bank reference, and the end-to-end id, mandate id and creditor
 *   id that the sandbox has only inside its description.
 */
const STYLES: Mt940Style[] = ['ing', 'abnamro', 'rabobank'];
const AS_OF = new Date('2026-06-30T00:00:00.000Z');

const households: [string, SandboxDataset][] = [
  ['retail', generateSandboxData({ seed: 'mt940-round-trip-retail', profile: 'retail', asOf: AS_OF })],
  ['business', generateSandboxData({ seed: 'mt940-round-trip-business', profile: 'business', asOf: AS_OF })],
];

function expected(style: Mt940Style, t: SandboxTransaction): CanonicalTransactionFields {
  const freeText = style === 'abnamro' && (t.transactionType === 'ba' || t.transactionType === 'gm');
  const details = descriptionDetails(t.description);
  const { externalId: _id, accountExternalId: _account, ...fetched } = t;
  return {
    ...fetched,
    transactionType: MT940_TYPE_CODES[t.transactionType]!,
    transactionTypeName: style === 'abnamro' && !freeText ? t.transactionTypeName : null,
    counterpartName: freeText ? null : t.counterpartName,
    bankReference: mt940BankReference(t),
    ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== null)),
  };
}

describe.each(households)('MT940 round trip: the %s household', (_, data) => {
  it('has what the comparison needs: several accounts, every transaction type, direct debits with mandates and descriptions past one :86: line', () => {
    expect(data.accounts.length).toBeGreaterThan(1);
    expect(new Set(data.transactions.map((t) => t.transactionType)).size).toBeGreaterThanOrEqual(5);
    expect(data.transactions.some((t) => descriptionDetails(t.description).mandateId !== null)).toBe(true);
    expect(data.transactions.some((t) => t.description.length > 65 * 3)).toBe(true);
  });

  describe.each(STYLES)('in the %s style', (style) => {
    const text = renderMt940(data, { style, openingBalance: 1234.56, statementPer: 'month' });
    const result = parseMt940(text);
    const file: ParsedStatementFile | null = result.ok ? result.file : null;

    it('parses, every statement adding up', () => {
      expect(result.ok ? [] : result.problems).toEqual([]);
      expect(file!.statements.length).toBeGreaterThan(data.accounts.length * 12);
    });

    it('gives every account its IBAN and currency, and the first statement the opening balance', () => {
      for (const account of data.accounts) {
        const first = file!.statements.find((s) => s.iban === account.iban);
        expect(first).toMatchObject({ currency: 'EUR', openingBalance: { amount: '1234.56', currency: 'EUR' } });
      }
    });

    it('gives each sandbox transaction back, field by field, on its account and in its order', () => {
      for (const account of data.accounts) {
        const parsed = file!.statements.filter((s) => s.iban === account.iban).flatMap((s) => s.transactions.map(canonicalTransaction));
        const sandbox = data.transactions
          .filter((t) => t.accountExternalId === account.externalId)
          .sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
        expect(parsed).toEqual(sandbox.map((t) => expected(style, t)));
      }
    });
  });
});

describe('MT940 round trip: a returned direct debit (the sandbox households have none)', () => {
  const [, data] = households[0]!;
  const debit = data.transactions.find((t) => t.transactionType === 'ei' && descriptionDetails(t.description).mandateId !== null)!;
  const returned: SandboxTransaction = { ...debit, externalId: `${debit.externalId.slice(0, -1)}r`, amount: -debit.amount, reasonCode: 'MD06' };
  const dataset: SandboxDataset = { accounts: data.accounts, transactions: [debit, returned] };

  it.each(STYLES)('keeps its reason code, mandate and creditor id in the %s style', (style) => {
    const result = parseMt940(renderMt940(dataset, { style }));
    expect(result.ok && result.file.statements.flatMap((s) => s.transactions.map(canonicalTransaction))).toEqual([debit, returned].map((t) => expected(style, t)));
    expect(result.ok && result.file.statements.flatMap((s) => s.transactions.map((t) => t.returnReason))).toEqual([null, 'MD06']);
  });
});

describe('MT940 rendering', () => {
  const [, data] = households[0]!;

  it('keeps every :86: line to 65 characters and never starts a continuation line like a tag or a block end', () => {
    for (const style of STYLES) {
      const lines = renderMt940(data, { style }).split('\r\n');
      const continuation = lines.filter((line, i) => i > 0 && !/^:\d\d[A-Z]?:/.test(line) && /^:86:/.test(lines.slice(0, i).reverse().find((l) => /^:\d\d[A-Z]?:/.test(l)) ?? ''));
      expect(continuation.length).toBeGreaterThan(0);
      for (const line of continuation) {
        expect(line.length).toBeLessThanOrEqual(65);
        expect(line).not.toMatch(/^[:{-]/);
      }
      for (const line of lines.filter((l) => l.startsWith(':86:'))) expect(line.length).toBeLessThanOrEqual(4 + 65);
    }
  });

  it('writes one statement per account for the period by default, with LF when asked', () => {
    const text = renderMt940(data, { style: 'rabobank', from: '2026-01-01', to: '2026-01-31', lineEnding: '\n' });
    expect(text).not.toContain('\r');
    const result = parseMt940(text);
    expect(result.ok && result.file.statements.map((s) => [s.iban, s.openingBalance!.date, s.closingBalance!.date])).toEqual(
      data.accounts.map((a) => [a.iban, '2025-12-31', '2026-01-31']),
    );
  });
});
