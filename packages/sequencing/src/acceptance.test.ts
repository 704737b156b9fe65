import { detectSequences, type Sequence, type SequencingTransaction } from './index';

/**
 * The acceptance rules of docs/sequencing.md ("Acceptance rules") that weigh evidence: loose
 * timing, few payments of varying amount, the counterparty's share.
 */

const DAY = 86_400_000;
let counter = 0;

function tx(date: string, amount: number, name: string, more: Partial<SequencingTransaction> = {}): SequencingTransaction {
  return { id: `a${++counter}`, amount, bookingDate: `${date}T00:00:00.000Z`, counterpartName: name, counterpartAccountNumber: null, transactionType: 'ba', ...more };
}

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

function detect(transactions: readonly SequencingTransaction[], asOf: string): Sequence[] {
  const result = detectSequences(transactions, { asOf: new Date(asOf) });
  return [...result.incomeSequences, ...result.expenseSequences];
}

describe('acceptance by the coincidence chance', () => {
  it('takes weekly payments whose day wobbles a day either way (deviation spread above 0.6 × tolerance) on their strong evidence', () => {
    // 40 Wednesdays from 2025-01-01, paid on Tuesday, Wednesday or Thursday in turn: deviations -1, 0, 1, … (spread 0.82 business days).
    const payments = Array.from({ length: 40 }, (_, i) => tx(addDays('2025-01-01', 7 * i + ((i % 3) - 1)), -45, 'J. de Vries', { transactionType: 'tb', counterpartAccountNumber: 'NL55INGB0001234567' }));
    const found = detect(payments, '2025-10-08T12:00:00Z');
    expect(found.map((s) => [s.periodicity, s.transactions.length])).toEqual([['Weekly', 40]]);
  });

  it('takes three quarterly direct debits of varying amount from a counterparty that has nothing else', () => {
    const bills = [tx('2025-01-14', -61.2, 'Vitens'), tx('2025-04-14', -54.8, 'Vitens'), tx('2025-07-14', -66.35, 'Vitens')].map((t) => ({ ...t, transactionType: 'ei', counterpartAccountNumber: 'NL20RABO0300000001' }));
    const found = detect(bills, '2025-08-01T12:00:00Z');
    expect(found.map((s) => [s.periodicity, s.transactions.length, s.status])).toEqual([['Quarterly', 3, 'Active']]);
  });

  it('counts the counterparty’s transactions in the other direction against its share: three quarterly transfers from a friend who is also paid are no sequence', () => {
    const friend = { transactionType: 'tb', counterpartAccountNumber: 'NL71ABNA0123456789' };
    const received = [tx('2025-01-14', 61.2, 'M. Bakker', friend), tx('2025-04-14', 54.8, 'M. Bakker', friend), tx('2025-07-14', 66.35, 'M. Bakker', friend)];
    const paid = ['2025-02-03', '2025-03-11', '2025-05-20', '2025-06-09'].map((d, i) => tx(d, -[12.5, 30, 8, 21][i], 'M. Bakker', friend));
    expect(detect(received, '2025-08-01T12:00:00Z').map((s) => s.periodicity)).toEqual(['Quarterly']);
    expect(detect([...received, ...paid], '2025-08-01T12:00:00Z')).toEqual([]);
  });

  it('asks less of amounts the closer they are: four quarterly dividends within 5 % of each other, up to 4 business days off', () => {
    // Expected on the 10th; booked Mon 6 Jan (−4), Thu 10 Apr, Thu 10 Jul, Mon 13 Oct (+1). Amounts 4.4 % apart (median absolute deviation / median).
    const dividends = [tx('2025-01-06', 100, 'Brand New Day'), tx('2025-04-10', 110, 'Brand New Day'), tx('2025-07-10', 95, 'Brand New Day'), tx('2025-10-13', 104, 'Brand New Day')];
    const found = detect(
      dividends.map((t) => ({ ...t, transactionType: 'tb', counterpartAccountNumber: 'NL02ABNA0123456789' })),
      '2025-11-01T12:00:00Z',
    );
    expect(found.map((s) => [s.periodicity, s.transactions.length])).toEqual([['Quarterly', 4]]);
  });
});

describe('several sequences at one merchant', () => {
  it('judges a new subscription against what the merchant’s other sequences leave: a third Apple charge after a year of another', () => {
    const music = Array.from({ length: 12 }, (_, i) => tx(`2025-${String(i + 1).padStart(2, '0')}-20`, -10.99, 'APPLE.COM/BILL'));
    // iCloud started in October: three charges on the 5th, all that is left of the merchant besides Apple Music.
    const icloud = ['2025-10-05', '2025-11-05', '2025-12-05'].map((d) => tx(d, -2.99, 'APPLE.COM/BILL'));
    const found = detect([...music, ...icloud], '2025-12-22T12:00:00Z');
    expect(found.map((s) => [s.periodicity, s.transactions.length, s.amountConsistency.mostRecentAmount]).sort()).toEqual([
      ['Monthly', 12, -10.99],
      ['Monthly', 3, -2.99],
    ]);
  });
});
