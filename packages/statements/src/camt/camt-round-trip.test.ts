import { camtBankTransactionCode, descriptionDetails, generateSandboxData, mt940BankReference, renderCamt, renderMt940, type CamtMessage, type CamtVersion, type SandboxDataset, type SandboxTransaction } from '@obp/sandbox-bank';
import { canonicalTransaction, type CanonicalTransactionFields } from '../canonical';
import type { ParsedStatementFile } from '../statement';
import { parseMt940 } from '../mt940/parse-mt940';
import { parseCamt } from './parse-camt';

/**
 * A sandbox household rendered as camt.053 (every version .02 to .08, and .14) and camt.052 (.02, .08, .14) and parsed back gives the transactions a
 * sandbox fetch gives, field by field (amount, currency, booking and value date, description, counterparty name and
 * IBAN, type, reason and purpose code), except by design of the format:
 * - `transactionTypeName` is null: camt has no field for the name of a proprietary code;
 * - the file gives more than a sandbox fetch: the bank reference (`AcctSvcrRef`, the same as in the MT940 export), the ISO bank
 *   transaction code (camtBankTransactionCode), and the end-to-end id, mandate id and creditor id that the sandbox has
 *   only inside its description.
 */
const AS_OF = new Date('2026-06-30T00:00:00.000Z');
const households: [string, SandboxDataset][] = [
  ['retail', generateSandboxData({ seed: 'camt-round-trip-retail', profile: 'retail', asOf: AS_OF })],
  ['business', generateSandboxData({ seed: 'camt-round-trip-business', profile: 'business', asOf: AS_OF })],
];
const VERSIONS: CamtVersion[] = ['02', '03', '04', '05', '06', '07', '08'];
const MESSAGES: [CamtMessage, CamtVersion][] = [...VERSIONS.map((v): [CamtMessage, CamtVersion] => ['camt.053', v]), ['camt.053', '14'], ['camt.052', '02'], ['camt.052', '08'], ['camt.052', '14']];

function expected(t: SandboxTransaction): CanonicalTransactionFields {
  const { externalId: _id, accountExternalId: _account, ...fetched } = t;
  const details = descriptionDetails(t.description);
  return {
    ...fetched,
    transactionTypeName: null,
    bankReference: mt940BankReference(t),
    bankTransactionCode: camtBankTransactionCode(t),
    ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== null)),
  };
}

describe.each(households)('camt round trip: the %s household', (_, data) => {
  it('has what the comparison needs: several accounts, every transaction type, direct debits with mandates, purpose codes', () => {
    expect(data.accounts.length).toBeGreaterThan(1);
    expect(new Set(data.transactions.map((t) => t.transactionType)).size).toBeGreaterThanOrEqual(5);
    expect(data.transactions.some((t) => descriptionDetails(t.description).mandateId !== null)).toBe(true);
    expect(data.transactions.some((t) => t.description.length > 140)).toBe(true);
  });

  describe.each(MESSAGES)('as %s.001.%s', (message, version) => {
    const xml = renderCamt(data, { message, version, openingBalance: 1234.56 });
    const result = parseCamt(xml);
    const file: ParsedStatementFile | null = result.ok ? result.file : null;

    it('parses, every statement adding up, with its version', () => {
      expect(result.ok ? [] : result.problems).toEqual([]);
      expect(file!.format).toBe(message);
      expect(file!.version).toBe(`${message}.001.${version}`);
    });

    it('gives every account its IBAN, currency, owner, bank and balances', () => {
      const closing = (iban: string): string => {
        const account = data.accounts.find((a) => a.iban === iban)!;
        const cents = data.transactions.filter((t) => t.accountExternalId === account.externalId).reduce((sum, t) => sum + Math.round(t.amount * 100), 123_456);
        return (cents / 100).toFixed(2);
      };
      expect(file!.statements.map((s) => [s.iban, s.currency, s.ownerName, s.bic, s.openingBalance!.amount, s.closingBalance!.amount])).toEqual(
        data.accounts.map((a) => [a.iban, 'EUR', a.ownerName, 'INGBNL2A', '1234.56', closing(a.iban)]),
      );
    });

    it('gives each sandbox transaction back, field by field, on its account and in its order', () => {
      for (const account of data.accounts) {
        const parsed = file!.statements.filter((s) => s.iban === account.iban).flatMap((s) => s.transactions.map(canonicalTransaction));
        const sandbox = data.transactions.filter((t) => t.accountExternalId === account.externalId).sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
        expect(parsed).toEqual(sandbox.map(expected));
      }
    });

    it('reads every description line of the remittance, and the counterparty BIC from its IBAN', () => {
      const all = file!.statements.flatMap((s) => s.transactions);
      const long = all.find((t) => t.narrative!.length > 140)!;
      expect(long.remittanceUnstructured.length).toBeGreaterThan(1);
      expect(long.remittanceUnstructured.join(' ')).toBe(long.narrative);
      expect(all.filter((t) => t.counterpartyIban?.slice(4, 8) === 'INGB').every((t) => t.counterpartyBic === 'INGBNL2A')).toBe(true);
    });
  });
});

describe('camt round trip: a returned direct debit (the sandbox households have none)', () => {
  const [, data] = households[0]!;
  const debit = data.transactions.find((t) => t.transactionType === 'ei' && descriptionDetails(t.description).mandateId !== null)!;
  const returned: SandboxTransaction = { ...debit, externalId: `${debit.externalId.slice(0, -1)}r`, amount: -debit.amount, reasonCode: 'MD06' };
  const dataset: SandboxDataset = { accounts: data.accounts, transactions: [debit, returned] };

  it.each(['02', '08'] as const)('is a reversal keeping its reason code, creditor, mandate and creditor id (camt.053.001.%s)', (version) => {
    const result = parseCamt(renderCamt(dataset, { message: 'camt.053', version }));
    const transactions = result.ok ? result.file.statements.flatMap((s) => s.transactions) : [];
    expect(transactions.map(canonicalTransaction)).toEqual([debit, returned].map(expected));
    expect(transactions.map((t) => [t.reversal, t.returnReason, t.counterpartyName])).toEqual([
      [false, null, debit.counterpartName],
      [true, 'MD06', debit.counterpartName],
    ]);
  });
});

describe('camt round trip: the same account exported as camt.053 and as MT940', () => {
  it('gives each payment the same bank reference in both, so an import of both keeps it once', () => {
    const [, data] = households[1]!;
    const references = (result: ReturnType<typeof parseCamt>): string[] => (result.ok ? result.file.statements.flatMap((s) => s.transactions.map((t) => t.bankReference!)) : []);
    const camt = references(parseCamt(renderCamt(data, { message: 'camt.053', version: '08' })));
    expect(camt).toHaveLength(data.transactions.length);
    expect(camt).toEqual(references(parseMt940(renderMt940(data, { style: 'ing' }))));
  });
});
