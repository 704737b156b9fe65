import { analysisResultSchema } from '@obp/contracts';
import { analyse } from './analyse';
import { analysisInput, fixedSequences, labelCategorise, tx } from './engine.fixture';
import { isToOwnAccount, normaliseIban, ownIbanSet } from './internal-transfers';

const deps = { categorise: labelCategorise, detectSequences: fixedSequences([]) };

describe('internal transfers', () => {
  it('compares IBANs upper-cased and without spaces', () => {
    expect(normaliseIban(' nl91 abna 0417 1643 00 ')).toBe('NL91ABNA0417164300');
    const own = ownIbanSet(['nl91 abna 0417 1643 00', ' '], ['NL02RABO0123456789']);
    expect([...own]).toEqual(['NL91ABNA0417164300', 'NL02RABO0123456789']);
    expect(isToOwnAccount('NL91ABNA0417164300', own)).toBe(true);
    expect(isToOwnAccount('nl02 rabo 0123 4567 89', own)).toBe(true);
    expect(isToOwnAccount('NL20INGB0001234567', own)).toBe(false);
    expect(isToOwnAccount(null, own)).toBe(false);
  });

  const salary = tx({ amount: 3000, date: '2026-03-25', category: 'income.salary', counterpartAccountNumber: 'NL20INGB0001234567' });
  const toSavings = tx({ amount: -500, date: '2026-03-26', category: 'transfers.own-accounts', counterpartAccountNumber: 'NL91ABNA0417164300' });
  // The stand-in categoriser does not know this one is internal: the engine finds it by IBAN.
  const fromPartner = tx({ amount: 200, date: '2026-03-27', category: 'income.from-people', counterpartAccountNumber: 'NL02 RABO 0123 4567 89' });
  const atm = tx({ amount: -100, date: '2026-03-28', category: 'expenses.cash', flags: ['cash-withdrawal'], transactionType: 'gm', description: 'GEA Geldautomaat' });
  const input = (engine: 'e1' | 'z2') =>
    analysisInput({ engine, transactions: [salary, toSavings, fromPartner, atm], ownIbans: ['nl91 abna 0417 1643 00'], internalIbans: ['NL02RABO0123456789'] });

  it.each(['e1', 'z2'] as const)('leaves them out of income, expense and the shares, and lists them (%s)', (engine) => {
    const result = analysisResultSchema.parse(analyse(input(engine), deps));
    expect(result.internalTransferIds).toEqual([toSavings.id, fromPartner.id]);
    expect(result.totals.income).toMatchObject({ amount: 3000, transactionIds: [salary.id] });
    expect(result.totals.expense).toMatchObject({ amount: -100, transactionIds: [atm.id] });
    expect(result.indicators.cash).toEqual({ share: 1, amount: -100, transactionIds: [atm.id] });
  });

  it('flags them internal-transfer with e1, even where the categoriser did not', () => {
    const result = analyse(input('e1'), deps);
    const flagsOf = (id: string) => result.transactions?.find((t) => t.transactionId === id)?.flags;
    expect(flagsOf(toSavings.id)).toEqual(['internal-transfer']);
    expect(flagsOf(fromPartner.id)).toEqual(['internal-transfer']);
    expect(flagsOf(salary.id)).toEqual([]);
  });

  it('with e1, also takes a transfer the categoriser flagged internal-transfer', () => {
    const flagged = tx({ amount: -250, date: '2026-03-29', category: 'transfers.own-accounts', flags: ['internal-transfer'], description: 'Overboeking eigen rekening' });
    const result = analyse(analysisInput({ transactions: [salary, flagged] }), deps);
    expect(result.internalTransferIds).toEqual([flagged.id]);
  });

  it('passes the own and internal IBANs to the sequence detector', () => {
    const seen: string[][] = [];
    analyse(input('z2'), { detectSequences: (_, options) => (seen.push([...(options.ownAccountNumbers ?? [])]), { incomeSequences: [], expenseSequences: [], engineVersion: '1' }) });
    expect(seen).toEqual([['NL91ABNA0417164300', 'NL02RABO0123456789']]);
  });
});
