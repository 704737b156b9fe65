import { categorise } from '@obp/categorisation';
import type { TransactionDto } from '@obp/contracts';
import { generateLabelledSandboxData, renderCamt, renderCsv, renderMt940, type LabelledSandboxDataset, type SandboxProfile } from '@obp/sandbox-bank';
import { canonicalTransaction, parseStatement } from '@obp/statements';
import { sandboxTransactionDto } from './evaluate';
import { score } from './score';

/**
 * Categorisation on imported statement files is exactly as good as on the same data from a sandbox fetch: each
 * household is rendered in every format and bank style, parsed back, and categorised beside the fetched
 * transactions. The file carries at least what the fetch does (bank transaction codes, mandate and creditor ids
 * besides), so every transaction gets the same category, and the flags score no worse.
 */
const AS_OF = new Date('2026-10-15T00:00:00.000Z');

const FORMATS: Array<[string, string, (data: LabelledSandboxDataset) => string]> = [
  ['camt.053 .08', 'application/xml', (data) => renderCamt(data, { message: 'camt.053', version: '08', openingBalance: 500 })],
  ['camt.052 .02', 'application/xml', (data) => renderCamt(data, { message: 'camt.052', version: '02', openingBalance: 500 })],
  ['MT940 ING', 'text/plain', (data) => renderMt940(data, { style: 'ing', openingBalance: 500 })],
  ['MT940 ABN AMRO', 'text/plain', (data) => renderMt940(data, { style: 'abnamro', openingBalance: 500 })],
  ['MT940 Rabobank', 'text/plain', (data) => renderMt940(data, { style: 'rabobank', openingBalance: 500 })],
  ['ING CSV', 'text/csv', (data) => renderCsv(data, { bank: 'ing', openingBalance: 500 })],
  ['Rabobank CSV', 'text/csv', (data) => renderCsv(data, { bank: 'rabobank', openingBalance: 500 })],
];

const households: Array<[SandboxProfile, LabelledSandboxDataset]> = [
  ['retail', generateLabelledSandboxData({ seed: 'imported-categorisation-retail', profile: 'retail', asOf: AS_OF })],
  ['business', generateLabelledSandboxData({ seed: 'imported-categorisation-business', profile: 'business', asOf: AS_OF })],
];

/** The file's transactions in the order of the household's, each with the fetched one's ids. */
function imported(data: LabelledSandboxDataset, fetched: TransactionDto[], file: string, contentType: string): TransactionDto[] {
  const result = parseStatement(Buffer.from(file, 'utf8'), { contentType });
  if (!result.ok) throw new Error(`does not parse: ${JSON.stringify(result.problems.slice(0, 3))}`);
  const byContent = new Map<string, Array<ReturnType<typeof canonicalTransaction>>>();
  const keyOf = (iban: string, t: { bookingDate: string; amount: number; counterpartAccountNumber: string | null }) => `${iban}|${t.bookingDate}|${t.amount}|${t.counterpartAccountNumber ?? ''}`;
  for (const statement of result.file.statements) {
    for (const t of statement.transactions) {
      const canonical = canonicalTransaction(t);
      const key = keyOf(statement.iban!, canonical);
      byContent.set(key, [...(byContent.get(key) ?? []), canonical]);
    }
  }
  return data.transactions.map((t, i) => {
    const iban = data.accounts.find((a) => a.externalId === t.accountExternalId)!.iban;
    const same = byContent.get(keyOf(iban, t));
    const match = same?.find((c) => c.description === t.description) ?? same?.[0];
    if (!match) throw new Error(`${t.externalId} is not in the file`);
    same!.splice(same!.indexOf(match), 1);
    return { ...match, id: fetched[i]!.id, accountId: fetched[i]!.accountId };
  });
}

describe.each(households)('categorisation of the %s household imported from statement files', (profile, data) => {
  const options = { profile: profile === 'business' ? ('corporate' as const) : ('retail' as const), ownIbans: data.accounts.map((a) => a.iban) };
  const fetched = data.transactions.map(sandboxTransactionDto);
  const answers = (transactions: TransactionDto[]) => {
    const byId = new Map(categorise(transactions, options).map((r) => [r.transactionId, r]));
    return transactions.map((t) => byId.get(t.id)!);
  };
  const expected = data.transactions.map((t) => ({ category: t.label.category, flags: t.label.flags }));
  const fromFetch = answers(fetched);
  const fetchScore = score(expected.map((e, i) => ({ expected: e, actual: fromFetch[i]! })));

  it.each(FORMATS)('%s: every transaction in the same category as fetched, and flags no worse', (_, contentType, render) => {
    const fromFile = answers(imported(data, fetched, render(data), contentType));
    const differing = fromFile.map((a, i) => (a.category === fromFetch[i]!.category ? null : `${data.transactions[i]!.description}: ${fromFetch[i]!.category} -> ${a.category}`)).filter((d) => d !== null);
    expect(differing).toEqual([]);
    const fileScore = score(expected.map((e, i) => ({ expected: e, actual: fromFile[i]! })));
    expect(fileScore.accuracy).toBe(fetchScore.accuracy);
    // Per flag, as many right and no more wrong.
    const flagCounts = (s: typeof fileScore) =>
      Object.values(s.flags).map((f) => ({ flag: f!.flag, right: f!.truePositives, wrong: f!.predicted - f!.truePositives }));
    const onFile = flagCounts(fileScore);
    for (const onFetch of flagCounts(fetchScore)) {
      const file = onFile.find((f) => f.flag === onFetch.flag)!;
      expect({ flag: file.flag, fewerRight: file.right < onFetch.right, moreWrong: file.wrong > onFetch.wrong }).toEqual({ flag: onFetch.flag, fewerRight: false, moreWrong: false });
    }
  });
});
