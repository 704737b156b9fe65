import { mulberry32 } from './benchmark/prng';
import { detectSequences, ENGINE_VERSION, InvalidSequencingInput, type Sequence, type SequencingTransaction } from './index';

const DAY = 86_400_000;
let counter = 0;

interface Tx extends SequencingTransaction {
  note?: string;
}

function tx(date: string, amount: number, name: string | null, more: Partial<Tx> = {}): Tx {
  return {
    id: `t${++counter}`,
    amount,
    bookingDate: date.length === 10 ? `${date}T00:00:00.000Z` : date,
    counterpartName: name,
    counterpartAccountNumber: null,
    transactionType: 'ba',
    ...more,
  };
}

const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const weekday = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const lastDay = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The date `count` months in a row from year-month, on `day` (clamped to the month's end). */
function monthlyDates(year: number, month: number, count: number, day: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const y = year + Math.floor((month - 1 + i) / 12);
    const m = ((month - 1 + i) % 12) + 1;
    return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, lastDay(y, m))).padStart(2, '0')}`;
  });
}

function detect(transactions: readonly Tx[], asOf: string, ownAccountNumbers?: string[]) {
  return detectSequences(transactions, { asOf: new Date(asOf), ownAccountNumbers });
}

function only(sequences: Sequence<Tx>[]): Sequence<Tx> {
  expect(sequences).toHaveLength(1);
  return sequences[0];
}

describe('detectSequences', () => {
  it('counts a re-imported transaction (the same id) once: figures and detection are as without the copy', () => {
    const monthly = monthlyDates(2025, 5, 12, 3).map((date) => tx(date, -50, 'Gym Company'));
    // Six of the twelve months imported twice: the copies carry the ids of the originals.
    const copies = monthly.filter((_, i) => i % 2 === 0).map((t) => ({ ...t }));
    const once = only(detect(monthly, '2026-04-15T12:00:00Z').expenseSequences);
    const withCopies = only(detect([...monthly, ...copies], '2026-04-15T12:00:00Z').expenseSequences);
    expect(withCopies).toEqual(once);
    expect(withCopies.transactions).toHaveLength(12);
    expect(withCopies.amountConsistency.statisticsL12M.totalAmount).toBe(-600);
  });

  it('returns empty arrays and the engine version for an empty or single-transaction history', () => {
    expect(detect([], '2026-04-15T12:00:00Z')).toEqual({ incomeSequences: [], expenseSequences: [], engineVersion: ENGINE_VERSION });
    expect(detect([tx('2026-04-01', -13.99, 'Netflix')], '2026-04-15T12:00:00Z')).toEqual({ incomeSequences: [], expenseSequences: [], engineVersion: ENGINE_VERSION });
    expect(ENGINE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('describes a clean monthly card subscription completely', () => {
    const payments = monthlyDates(2025, 4, 13, 5).map((d) => tx(d, -13.99, 'NETFLIX.COM', { note: 'kept' }));
    const s = only(detect(payments, '2026-04-15T12:00:00Z').expenseSequences);
    expect(s).toEqual({
      periodicity: 'Monthly',
      transactions: payments,
      periodMatches: 13,
      periodMatchPercentage: 100,
      amountMatchPercentage: 100,
      timelinessMatchPercentage: 100,
      timeConsistency: {
        duration: '365.00:00:00',
        transactionCount: 13,
        firstSeen: '2025-04-05T00:00:00.000Z',
        lastSeen: '2026-04-05T00:00:00.000Z',
        mostRecentDayOfPeriod: 5,
        statisticsL12M: { minDayOfPeriod: 5, maxDayOfPeriod: 5, medianDayOfPeriod: 5, averageDayOfPeriod: 5, modeDayOfPeriod: 5, stdDevDayOfPeriod: 0 },
        statisticsL6M: { minDayOfPeriod: 5, maxDayOfPeriod: 5, medianDayOfPeriod: 5, averageDayOfPeriod: 5, modeDayOfPeriod: 5, stdDevDayOfPeriod: 0 },
        statisticsL3M: { minDayOfPeriod: 5, maxDayOfPeriod: 5, medianDayOfPeriod: 5, averageDayOfPeriod: 5, modeDayOfPeriod: 5, stdDevDayOfPeriod: 0 },
      },
      amountConsistency: {
        mostRecentAmount: -13.99,
        // 5 April 2025 is before asOf - 12 months (15 April 2025 12:00): 12 in L12M, 6 in L6M, 3 in L3M.
        statisticsL12M: { minAmount: -13.99, maxAmount: -13.99, medianAmount: -13.99, averageAmount: -13.99, modeAmount: -13.99, stdDevAmount: 0, totalAmount: -167.88 },
        statisticsL6M: { minAmount: -13.99, maxAmount: -13.99, medianAmount: -13.99, averageAmount: -13.99, modeAmount: -13.99, stdDevAmount: 0, totalAmount: -83.94 },
        statisticsL3M: { minAmount: -13.99, maxAmount: -13.99, medianAmount: -13.99, averageAmount: -13.99, modeAmount: -13.99, stdDevAmount: 0, totalAmount: -41.97 },
      },
      counterpartName: 'NETFLIX.COM',
      predictedNextDate: '2026-05-05',
      predictedAmountRange: { min: -13.99, max: -13.99 },
      status: 'Active',
    });
    // The caller's own objects come back, extra fields and all.
    expect(s.transactions[0]).toBe(payments[0]);
  });

  it('groups counterpart names written differently, and shows the most frequent', () => {
    const names = ['NETFLIX.COM 12345', 'Netflix International B.V.', 'NETFLIX.COM 98765'];
    const payments = monthlyDates(2025, 4, 13, 5).map((d, i) => tx(d, -13.99, names[i % 2 === 0 ? 1 : i % 4 === 1 ? 0 : 2]));
    const s = only(detect(payments, '2026-04-15T12:00:00Z').expenseSequences);
    expect(s.transactions).toHaveLength(13);
    expect(s.counterpartName).toBe('Netflix International B.V.');
  });

  it('detects Weekly, Quad Weekly and Quarterly sequences', () => {
    const weekly = Array.from({ length: 30 }, (_, i) => tx(iso(Date.UTC(2025, 9, 3) + i * 7 * DAY), -10, 'S. de Boer', { transactionType: 'tb', counterpartAccountNumber: 'NL02RABO0123456789' }));
    const quad = Array.from({ length: 14 }, (_, i) => tx(iso(Date.UTC(2025, 3, 10) + i * 28 * DAY), 2150.4, 'Jumbo Personeelszaken', { transactionType: 'tb', counterpartAccountNumber: 'NL55INGB0001234567' }));
    const quarterly = ['2025-04-08', '2025-07-08', '2025-10-08', '2026-01-08', '2026-04-08'].map((d) => tx(d, -84.2, 'ANWB Verzekeren', { transactionType: 'ei', counterpartAccountNumber: 'NL20ABNA0555555555' }));
    const result = detect([...weekly, ...quad, ...quarterly], '2026-04-27T12:00:00Z');
    expect(result.expenseSequences.map((s) => [s.counterpartName, s.periodicity, s.transactions.length])).toEqual([
      ['ANWB Verzekeren', 'Quarterly', 5],
      ['S. de Boer', 'Weekly', 30],
    ]);
    expect(result.incomeSequences.map((s) => [s.counterpartName, s.periodicity, s.transactions.length])).toEqual([['Jumbo Personeelszaken', 'Quad Weekly', 14]]);
    const weeklySequence = result.expenseSequences[1];
    expect(weeklySequence.timeConsistency.mostRecentDayOfPeriod).toBe(5); // Fridays
    expect(result.incomeSequences[0].timeConsistency.statisticsL12M.modeDayOfPeriod).toBe(1);
  });

  it('follows an energy bill whose amount drifts up to ±25 %', () => {
    const amounts = [-120, -98.4, -143.1, -131.75, -90.2, -150, -109.9, -125.3, -101.05, -139.6, -117.8, -94.5, -128.45];
    const bills = monthlyDates(2025, 4, 13, 14).map((d, i) => tx(d, amounts[i], i % 2 ? 'Eneco' : 'ENECO CONSUMENTEN B.V.', { transactionType: 'ei', counterpartAccountNumber: 'NL86INGB0002445588' }));
    const s = only(detect(bills, '2026-04-20T12:00:00Z').expenseSequences);
    expect(s.transactions).toHaveLength(13);
    expect(s.amountMatchPercentage).toBeLessThan(90);
    expect(s.amountConsistency.statisticsL12M.minAmount).toBe(-150);
  });

  it('keeps a subscription whose price rises as one sequence', () => {
    const payments = monthlyDates(2025, 4, 13, 18).map((d, i) => tx(d, i < 7 ? -12.99 : -15.99, 'Spotify AB'));
    const s = only(detect(payments, '2026-04-25T12:00:00Z').expenseSequences);
    expect(s.transactions).toHaveLength(13);
    expect(s.predictedAmountRange).toEqual({ min: -15.99, max: -15.99 });
    expect(s.amountConsistency.statisticsL3M.modeAmount).toBe(-15.99);
  });

  it('matches direct debits moved off the weekend, counting only business days late', () => {
    const dates = monthlyDates(2025, 4, 13, 1).map((d) => {
      const w = weekday(d);
      return w > 5 ? iso(Date.parse(d) + (8 - w) * DAY) : d;
    });
    const s = only(detect(dates.map((d) => tx(d, -950, 'Woonstad Rotterdam', { transactionType: 'tb', counterpartAccountNumber: 'NL44RABO0300000001' })), '2026-04-20T12:00:00Z').expenseSequences);
    expect(s.transactions).toHaveLength(13);
    expect(s.periodMatchPercentage).toBe(100);
    // Four due dates fell in a weekend (1 June 2025, 1 November 2025, 1 February and 1 March 2026):
    // booked on Monday, one business day late each (weight 1 - 1/5); the other nine on time.
    // 100 × (4 × 0.8 + 9) / 13 = 93.846…
    expect(s.timelinessMatchPercentage).toBe(93.85);
  });

  it('tolerates a missed period and counts a doubled one once', () => {
    const dates = monthlyDates(2025, 4, 13, 20);
    const payments = dates.filter((_, i) => i !== 5).map((d) => tx(d, -44.5, 'Zilveren Kruis', { transactionType: 'ei', counterpartAccountNumber: 'NL11ZKZK0000000001' }));
    const doubled = tx('2025-12-21', -44.5, 'Zilveren Kruis', { transactionType: 'ei', counterpartAccountNumber: 'NL11ZKZK0000000001' });
    const s = only(detect([...payments, doubled], '2026-04-25T12:00:00Z').expenseSequences);
    expect(s.periodMatches).toBe(12);
    expect(s.transactions).toContain(doubled);
    expect(s.timeConsistency.transactionCount).toBe(13);
    expect(s.periodMatchPercentage).toBe(92.31); // 12 of 13 due periods
  });

  it('finds two subscriptions with different amounts at one merchant as two sequences', () => {
    const dates = monthlyDates(2025, 4, 13, 9);
    const small = dates.map((d) => tx(d, -7.99, 'NETFLIX.COM'));
    const large = dates.map((d) => tx(d, -13.99, 'Netflix International B.V.'));
    const result = detect([...small, ...large], '2026-04-20T12:00:00Z');
    expect(result.expenseSequences).toHaveLength(2);
    const byAmount = result.expenseSequences.map((s) => [s.amountConsistency.mostRecentAmount, s.transactions.length]).sort((a, b) => a[0] - b[0]);
    expect(byAmount).toEqual([
      [-13.99, 13],
      [-7.99, 13],
    ]);
  });

  it('does not turn frequent irregular shopping into a Weekly sequence', () => {
    const r = mulberry32(7);
    const visits: Tx[] = [];
    for (let d = Date.UTC(2025, 3, 1); d < Date.UTC(2026, 3, 15); d += DAY) {
      if (r.chance(0.45)) visits.push(tx(iso(d), -Math.round(r.uniform(3, 90) * 100) / 100, `Albert Heijn ${r.int(1000, 9999)}`));
      if (r.chance(0.4)) visits.push(tx(iso(d), -3.2, 'Coffee Company')); // same price every time
    }
    const result = detect(visits, '2026-04-15T12:00:00Z');
    expect(result.expenseSequences).toEqual([]);
  });

  it('keeps a one-off extra payment to the same counterparty out of its sequence', () => {
    const iban = 'NL44RABO0300000002';
    const rent = monthlyDates(2025, 4, 13, 1).map((d) => tx(d, -950, 'Vesteda Woningen', { transactionType: 'tb', counterpartAccountNumber: iban }));
    const serviceCosts = tx('2025-09-12', -312.4, 'Vesteda Woningen', { transactionType: 'tb', counterpartAccountNumber: iban });
    const s = only(detect([...rent, serviceCosts], '2026-04-20T12:00:00Z').expenseSequences);
    expect(s.transactions).toHaveLength(13);
    expect(s.transactions).not.toContain(serviceCosts);
  });

  it('follows a salary paid on the last working day and predicts the next one off the weekend', () => {
    const salary: Tx[] = [];
    for (let i = 0; i < 13; i++) {
      const y = 2025 + Math.floor((3 + i) / 12);
      const m = ((3 + i) % 12) + 1;
      let d = Date.UTC(y, m - 1, lastDay(y, m));
      while ([0, 6].includes(new Date(d).getUTCDay())) d -= DAY;
      salary.push(tx(iso(d), 3245.67, 'Acme Logistics B.V.', { transactionType: 'tb', counterpartAccountNumber: 'NL12INGB0000000001' }));
    }
    const s = only(detect(salary, '2026-05-10T12:00:00Z').incomeSequences);
    expect(s.transactions).toHaveLength(13);
    expect(s.timeConsistency.lastSeen).toBe('2026-04-30T00:00:00.000Z');
    expect(s.predictedNextDate).toBe('2026-05-29'); // 31 May 2026 is a Sunday
    expect(s.status).toBe('Active');
  });

  it('follows a salary on the 25th that is paid on the Friday before when the 25th is in a weekend', () => {
    const salary = monthlyDates(2025, 4, 13, 25).map((d) => {
      const w = weekday(d);
      return tx(w > 5 ? iso(Date.parse(d) - (w - 5) * DAY) : d, 2890, 'Zorggroep Noord', { transactionType: 'tb', counterpartAccountNumber: 'NL12INGB0000000002' });
    });
    const s = only(detect(salary, '2026-05-05T12:00:00Z').incomeSequences);
    expect(s.transactions).toHaveLength(13);
    expect(s.timeConsistency.statisticsL12M.modeDayOfPeriod).toBe(25);
    expect(s.timeConsistency.statisticsL12M.minDayOfPeriod).toBe(23); // Sunday 25 May and 25 January → Friday 23
    expect(s.predictedNextDate).toBe('2026-05-25');
  });

  it('leaves a refund out of the expense sequence and out of income', () => {
    const payments = monthlyDates(2025, 4, 13, 5).map((d) => tx(d, -13.99, 'Netflix International B.V.'));
    const refund = tx('2025-11-09', 13.99, 'NETFLIX.COM');
    const result = detect([...payments, refund], '2026-04-15T12:00:00Z');
    expect(result.incomeSequences).toEqual([]);
    expect(only(result.expenseSequences).transactions).not.toContain(refund);
  });

  it('ignores transfers to and from the customer’s own accounts', () => {
    const savings = monthlyDates(2025, 4, 13, 26).map((d) => tx(d, -200, 'Oranje Spaarrekening', { transactionType: 'tb', counterpartAccountNumber: 'NL91ABNA0417164300' }));
    expect(detect(savings, '2026-04-28T12:00:00Z', ['nl91 abna 0417 1643 00'])).toMatchObject({ incomeSequences: [], expenseSequences: [] });
    expect(detect(savings, '2026-04-28T12:00:00Z').expenseSequences).toHaveLength(1);
  });

  it('calls two payments of a new subscription Early and a stopped one Ended', () => {
    const fresh = ['2026-03-12', '2026-04-12'].map((d) => tx(d, -9.99, 'Disney Plus'));
    const stopped = monthlyDates(2025, 4, 8, 3).map((d) => tx(d, -11.99, 'Videoland'));
    const result = detect([...fresh, ...stopped], '2026-04-20T12:00:00Z');
    expect(result.expenseSequences.map((s) => [s.counterpartName, s.status, s.periodMatches])).toEqual([
      ['Videoland', 'Ended', 8],
      ['Disney Plus', 'Early', 2],
    ]);
    const ended = result.expenseSequences[0];
    expect(ended.predictedNextDate).toBe('2025-12-03');
    expect(ended.periodMatchPercentage).toBe(61.54); // 8 of the 13 periods due from April 2025 to April 2026
  });

  it('keeps each currency of a subscription a sequence of its own, its figures in that currency', () => {
    const dates = monthlyDates(2025, 5, 12, 5);
    const billed = (currency: string) => dates.map((d) => tx(d, -9.99, 'Spotify', { currency }));
    const [eur, usd, gbp] = [billed('EUR'), billed('USD'), billed('GBP')];
    const result = detect([...eur, ...usd, ...gbp], '2026-04-15T12:00:00Z');
    expect(result.expenseSequences.map((s) => [s.currency, s.periodicity, s.periodMatches, s.amountConsistency.statisticsL12M.totalAmount])).toEqual([
      ['EUR', 'Monthly', 12, -119.88],
      ['USD', 'Monthly', 12, -119.88],
      ['GBP', 'Monthly', 12, -119.88],
    ]);
    expect(result.expenseSequences.map((s) => s.transactions)).toEqual([eur, usd, gbp]);
  });

  it('does not continue a sequence across a change of currency', () => {
    const dates = monthlyDates(2025, 5, 12, 5);
    const payments = dates.map((d, i) => tx(d, -20, 'Adobe', { currency: i < 6 ? 'USD' : 'EUR' }));
    const result = detect(payments, '2026-04-15T12:00:00Z');
    expect(result.expenseSequences.map((s) => [s.currency, s.periodMatches, s.status, s.amountConsistency.statisticsL12M.totalAmount])).toEqual([
      ['USD', 6, 'Ended', -120],
      ['EUR', 6, 'Active', -120],
    ]);
  });

  it('keeps transactions without a currency apart from those with one', () => {
    const dates = monthlyDates(2025, 5, 12, 8);
    const coded = dates.map((d) => tx(d, -31, 'Vodafone', { currency: 'EUR' }));
    const uncoded = dates.map((d) => tx(d, -31, 'Vodafone'));
    const result = detect([...coded, ...uncoded], '2026-04-15T12:00:00Z');
    expect(result.expenseSequences.map((s) => [s.currency, s.transactions.length])).toEqual([
      ['EUR', 12],
      [undefined, 12],
    ]);
  });

  it('sums huge amounts to the cent', () => {
    const payments = monthlyDates(2025, 4, 13, 1).map((d) => tx(d, 1_000_000_000_000.59, 'Central Bank', { transactionType: 'tb', counterpartAccountNumber: 'NL44RABO0000000004' }));
    const s = only(detect(payments, '2026-04-15T12:00:00Z').incomeSequences);
    // 12 × 100,000,000,000,059 cents (May 2025 to April 2026), 6 ×, 3 ×.
    expect(s.amountConsistency.statisticsL12M).toMatchObject({ totalAmount: 12_000_000_000_007.08, averageAmount: 1_000_000_000_000.59, stdDevAmount: 0 });
    expect(s.amountConsistency.statisticsL6M.totalAmount).toBe(6_000_000_000_003.54);
    expect(s.amountConsistency.statisticsL3M.totalAmount).toBe(3_000_000_000_001.77);
  });

  it('scores periodMatchPercentage over the periods due since the first match, in the latest 13 months', () => {
    const debit = (name: string, iban: string) => (d: string) => tx(d, -25, name, { transactionType: 'ei', counterpartAccountNumber: iban });
    // Begun in December 2025, February missed: 4 of the 5 periods December to April.
    const young = ['2025-12-10', '2026-01-12', '2026-03-10', '2026-04-10'].map(debit('Sportschool', 'NL55INGB0000000005'));
    // Paid since long before the window: the 13 periods of the window, September missed.
    const old = monthlyDates(2025, 4, 13, 10).filter((d) => !d.startsWith('2025-09')).map(debit('Ziggo', 'NL66INGB0000000006'));
    // Begun in March: two periods, both paid.
    const fresh = ['2026-03-10', '2026-04-10'].map(debit('Tibber', 'NL77INGB0000000007'));
    const result = detect([...young, ...old, ...fresh], '2026-04-20T12:00:00Z');
    expect(result.expenseSequences.map((s) => [s.counterpartName, s.periodMatches, s.periodMatchPercentage, s.status])).toEqual([
      ['Ziggo', 12, 92.31, 'Active'],
      ['Sportschool', 4, 80, 'Active'],
      ['Tibber', 2, 100, 'Early'],
    ]);
  });

  describe('windows', () => {
    // asOf at midnight so that monthly payments fall exactly on the window bounds.
    const asOf = '2026-04-15T00:00:00.000Z';
    const payments = monthlyDates(2025, 3, 14, 15).map((d, i) => tx(d, -(10 + i), 'Nationale Postcode Loterij', { transactionType: 'ei', counterpartAccountNumber: 'NL33INGB0000000003' }));
    const future = tx('2026-04-16', -24, 'Nationale Postcode Loterij', { transactionType: 'ei', counterpartAccountNumber: 'NL33INGB0000000003' });
    const s = only(detect([...payments, future], asOf).expenseSequences);

    it('ignores a transaction exactly 13 months before asOf and keeps one exactly at asOf', () => {
      expect(s.transactions.map((t) => t.bookingDate.slice(0, 10))).toEqual(monthlyDates(2025, 4, 13, 15));
      expect(s.transactions).not.toContain(future);
      expect(s.timeConsistency.lastSeen).toBe(asOf);
    });

    it('leaves a transaction exactly 12, 6 or 3 months before asOf out of L12M, L6M, L3M', () => {
      // Amounts -11 (15 Apr 2025) … -23 (15 Apr 2026).
      const sum = (from: number, to: number): number => -Array.from({ length: to - from + 1 }, (_, i) => from + i).reduce((a, b) => a + b, 0);
      expect(s.amountConsistency.statisticsL12M.totalAmount).toBe(sum(12, 23)); // not 15 Apr 2025
      expect(s.amountConsistency.statisticsL6M.totalAmount).toBe(sum(18, 23)); // not 15 Oct 2025
      expect(s.amountConsistency.statisticsL3M.totalAmount).toBe(sum(21, 23)); // not 15 Jan 2026
    });
  });

  describe('booking dates with a local offset', () => {
    // Europe/Amsterdam: +02:00 in summer time (30 March – 26 October 2025, from 29 March 2026), +01:00 in winter.
    const amsterdamMidnight = (date: string): string => `${date}T00:00:00${date >= '2025-03-30' && date < '2025-10-26' ? '+02:00' : date >= '2026-03-29' ? '+02:00' : '+01:00'}`;
    const gym = (bookingDate: string): Tx => tx(bookingDate, -50, 'Basic-Fit', { transactionType: 'ei', counterpartAccountNumber: 'NL66ABNA0123123123' });

    it('counts days of the period on the date as written, across summer and winter time', () => {
      // Local midnight on the 1st is 22:00 or 23:00 UTC on the last day of the month before.
      const payments = monthlyDates(2025, 4, 13, 1).map((d) => gym(amsterdamMidnight(d)));
      expect(payments[0].bookingDate).toBe('2025-04-01T00:00:00+02:00');
      expect(payments[7].bookingDate).toBe('2025-11-01T00:00:00+01:00');
      const s = only(detect(payments, '2026-04-15T12:00:00Z').expenseSequences);
      expect(s.periodicity).toBe('Monthly');
      expect(s.transactions).toEqual(payments);
      const onThe1st = { minDayOfPeriod: 1, maxDayOfPeriod: 1, medianDayOfPeriod: 1, averageDayOfPeriod: 1, modeDayOfPeriod: 1, stdDevDayOfPeriod: 0 };
      expect(s.timeConsistency).toEqual({
        // Instants: 31 March 2025 22:00 UTC to 31 March 2026 22:00 UTC.
        duration: '365.00:00:00',
        transactionCount: 13,
        firstSeen: '2025-03-31T22:00:00.000Z',
        lastSeen: '2026-03-31T22:00:00.000Z',
        mostRecentDayOfPeriod: 1,
        statisticsL12M: onThe1st,
        statisticsL6M: onThe1st,
        statisticsL3M: onThe1st,
      });
      expect(s.timelinessMatchPercentage).toBe(100);
      expect(s.predictedNextDate).toBe('2026-05-01');
    });

    it('decides the 13-month and statistics windows on the instant', () => {
      // asOf is 16 April 2026 01:30 in Amsterdam; the bounds are 23:30 UTC on 15 March 2025 (13 months) and 15 April 2025 (L12M).
      const payments = monthlyDates(2025, 3, 14, 16).map((d) => gym(amsterdamMidnight(d)));
      const s = only(detect(payments, '2026-04-15T23:30:00Z').expenseSequences);
      // 16 March 2025 00:00+01:00 is 15 March 23:00 UTC, before the 13-month bound; 16 April 2026 00:00+02:00 is 15 April 22:00 UTC, before asOf.
      expect(s.transactions).toEqual(payments.slice(1));
      expect(s.timeConsistency.mostRecentDayOfPeriod).toBe(16);
      // 16 April 2025 00:00+02:00 is 15 April 22:00 UTC, before the L12M bound: May 2025 to April 2026.
      expect(s.amountConsistency.statisticsL12M.totalAmount).toBe(-600);
    });

    it('puts each transaction in a window by its own instant, also when offsets differ between transactions', () => {
      const payments = monthlyDates(2025, 5, 12, 15).map((d) => gym(d === '2026-01-15' ? '2026-01-15T23:00:00Z' : `${d}T00:00:00Z`));
      // The same payment doubled through another bank that writes local time: dated 16 January, booked at 22:30 UTC on the 15th.
      const doubled = gym('2026-01-16T00:30:00+02:00');
      // L3M starts after 15 January 22:45 UTC: the first January payment is in it, the doubled one is not.
      const s = only(detect([...payments, doubled], '2026-04-15T22:45:00Z').expenseSequences);
      expect(s.transactions).toEqual([...payments.slice(0, 9), doubled, ...payments.slice(9)]);
      expect(s.amountConsistency.statisticsL3M.totalAmount).toBe(-200);
      expect(s.timeConsistency.statisticsL3M).toEqual({ minDayOfPeriod: 15, maxDayOfPeriod: 15, medianDayOfPeriod: 15, averageDayOfPeriod: 15, modeDayOfPeriod: 15, stdDevDayOfPeriod: 0 });
      expect(s.amountConsistency.statisticsL6M.totalAmount).toBe(-350);
    });
  });

  describe('day of period at the period boundary', () => {
    it('counts a monthly payment on the 1st made early on 27 February as day -1, not 27', () => {
      const dates = monthlyDates(2025, 4, 13, 1).map((d) => (d === '2026-03-01' ? '2026-02-27' : d));
      const s = only(detect(dates.map((d) => tx(d, -725, 'Woonbron', { transactionType: 'ei', counterpartAccountNumber: 'NL40RABO0300000004' })), '2026-04-15T12:00:00Z').expenseSequences);
      expect(s.transactions.map((t) => t.bookingDate.slice(0, 10))).toEqual(dates);
      expect(s.timeConsistency.mostRecentDayOfPeriod).toBe(1);
      // L12M, May 2025 – April 2026: eleven times 1 and once -1 (27 February is two days before 1 March).
      // Mean 10/12; variance (11 × (1/6)² + (11/6)²) / 12 = 132/432; standard deviation 0.5528.
      expect(s.timeConsistency.statisticsL12M).toEqual({ minDayOfPeriod: -1, maxDayOfPeriod: 1, medianDayOfPeriod: 1, averageDayOfPeriod: 0.83, modeDayOfPeriod: 1, stdDevDayOfPeriod: 0.55 });
      // L6M, November – April: five times 1 and -1. Mean 4/6; variance (5 × (1/3)² + (5/3)²) / 6 = 5/9.
      expect(s.timeConsistency.statisticsL6M).toEqual({ minDayOfPeriod: -1, maxDayOfPeriod: 1, medianDayOfPeriod: 1, averageDayOfPeriod: 0.67, modeDayOfPeriod: 1, stdDevDayOfPeriod: 0.75 });
      // L3M, February – April: 1, -1, 1. Mean 1/3; variance (2 × (2/3)² + (4/3)²) / 3 = 8/9.
      expect(s.timeConsistency.statisticsL3M).toEqual({ minDayOfPeriod: -1, maxDayOfPeriod: 1, medianDayOfPeriod: 1, averageDayOfPeriod: 0.33, modeDayOfPeriod: 1, stdDevDayOfPeriod: 0.94 });
    });

    it('counts a quarterly payment due at the quarter end and paid in the next quarter on past the end', () => {
      // Due on the last day of the quarter: Monday 31 March, Monday 30 June (paid Tuesday 1 July), Tuesday 30 September,
      // Wednesday 31 December (paid Friday 2 January) 2025, Tuesday 31 March 2026.
      const dates = ['2025-03-31', '2025-07-01', '2025-09-30', '2026-01-02', '2026-03-31'];
      const s = only(detect(dates.map((d) => tx(d, -186.3, 'Waternet', { transactionType: 'ei', counterpartAccountNumber: 'NL51INGB0000000005' })), '2026-04-15T12:00:00Z').expenseSequences);
      expect(s.periodicity).toBe('Quarterly');
      expect(s.transactions.map((t) => t.bookingDate.slice(0, 10))).toEqual(dates);
      expect(s.timeConsistency.mostRecentDayOfPeriod).toBe(90); // 31 + 28 + 31
      // L12M: 1 July is day 92 of April–June (30 + 31 + 30 + 1), 30 September day 92 of July–September,
      // 2 January day 94 of October–December (31 + 30 + 31 + 2), 31 March day 90. Mean 92; variance (0 + 0 + 4 + 4) / 4 = 2.
      expect(s.timeConsistency.statisticsL12M).toEqual({ minDayOfPeriod: 90, maxDayOfPeriod: 94, medianDayOfPeriod: 92, averageDayOfPeriod: 92, modeDayOfPeriod: 92, stdDevDayOfPeriod: 1.41 });
      // L6M: 94 and 90, each once: the mode is the more recent.
      expect(s.timeConsistency.statisticsL6M).toEqual({ minDayOfPeriod: 90, maxDayOfPeriod: 94, medianDayOfPeriod: 92, averageDayOfPeriod: 92, modeDayOfPeriod: 90, stdDevDayOfPeriod: 2 });
    });

    it('counts Quad Weekly days from the expected date, not from a first payment that came late', () => {
      // Every 28 days from Thursday 17 April 2025; the first one paid on Monday 21 April, two business days late.
      const dates = Array.from({ length: 14 }, (_, i) => iso(Date.UTC(2025, 3, 17) + i * 28 * DAY)).map((d, i) => (i === 0 ? '2025-04-21' : d));
      const s = only(detect(dates.map((d) => tx(d, 1875.5, 'Randstad Uitzendbureau', { transactionType: 'tb', counterpartAccountNumber: 'NL77ABNA0000000006' })), '2026-04-20T12:00:00Z').incomeSequences);
      expect(s.periodicity).toBe('Quad Weekly');
      expect(s.transactions).toHaveLength(14);
      expect(s.timeConsistency.mostRecentDayOfPeriod).toBe(1);
      // 21 April is day 5 of the period due on 17 April, the other thirteen day 1. Mean 18/14;
      // variance ((26/7)² + 13 × (2/7)²) / 14 = 728/686; standard deviation 1.0302.
      expect(s.timeConsistency.statisticsL12M).toEqual({ minDayOfPeriod: 1, maxDayOfPeriod: 5, medianDayOfPeriod: 1, averageDayOfPeriod: 1.29, modeDayOfPeriod: 1, stdDevDayOfPeriod: 1.03 });
    });
  });

  describe('invalid input', () => {
    const good = tx('2026-01-05', -10, 'Netflix');
    const cases: [string, unknown, string][] = [
      ['a missing id', { amount: -10, bookingDate: '2026-01-05' }, 'id'],
      ['an empty id', { id: '', amount: -10, bookingDate: '2026-01-05' }, 'id'],
      ['a NaN amount', { id: 'x', amount: NaN, bookingDate: '2026-01-05' }, 'amount'],
      ['an infinite amount', { id: 'x', amount: Infinity, bookingDate: '2026-01-05' }, 'amount'],
      ['an amount in a string', { id: 'x', amount: '-10', bookingDate: '2026-01-05' }, 'amount'],
      ['a day that does not exist', { id: 'x', amount: -10, bookingDate: '2026-02-30' }, 'bookingDate'],
      ['a date that is not ISO 8601', { id: 'x', amount: -10, bookingDate: 'yesterday' }, 'bookingDate'],
      ['no date', { id: 'x', amount: -10 }, 'bookingDate'],
      ['a currency that is no string', { id: 'x', amount: -10, bookingDate: '2026-01-05', currency: 978 }, 'currency'],
    ];
    it.each(cases)('rejects %s, naming the index and the field', (_name, bad, field) => {
      const call = (): unknown => detectSequences([good, bad as SequencingTransaction], { asOf: new Date('2026-04-15T00:00:00Z') });
      expect(call).toThrow(InvalidSequencingInput);
      expect(call).toThrow(`transaction 1: ${field}`);
      try {
        call();
      } catch (error) {
        expect(error).toMatchObject({ name: 'InvalidSequencingInput', index: 1, field });
      }
    });

    it('checks transactions outside the window too', () => {
      expect(() => detectSequences([{ id: 'old', amount: NaN, bookingDate: '2001-01-01' }], { asOf: new Date('2026-04-15T00:00:00Z') })).toThrow('transaction 0: amount');
    });

    it('rejects an invalid asOf', () => {
      expect(() => detectSequences([good], { asOf: new Date('not a date') })).toThrow(expect.objectContaining({ field: 'asOf', index: null }));
    });
  });
});
