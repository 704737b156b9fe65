import type { Sequence } from '../types';
import {
  bookingDay,
  businessDaysOff,
  centsOf,
  differingFields,
  documentedAnchor,
  documentedFigures,
  durationOf,
  modeOf,
  monthsBefore,
  periodsOf,
  roundedQuotient,
  roundedRootQuotient,
  timeStatisticsOf,
} from './documented-figures';

const day = (isoDate: string): number => bookingDay(isoDate);

describe('calendar and rounding of the documented figures', () => {
  it('count business days off the expected date as the docs do', () => {
    expect(businessDaysOff(day('2026-03-02'), day('2026-02-27'))).toBe(1); // due Friday, booked Monday
    expect(businessDaysOff(day('2026-02-27'), day('2026-02-28'))).toBe(-1); // due Saturday, booked Friday
    expect(businessDaysOff(day('2026-03-02'), day('2026-03-01'))).toBe(1); // due Sunday, booked Monday
    expect(businessDaysOff(day('2026-01-30'), day('2026-02-02'))).toBe(-1); // due Monday, booked the Friday before
    expect(businessDaysOff(day('2026-03-10'), day('2026-03-10'))).toBe(0);
  });

  it('read the date as written and count months back with the day clamped', () => {
    expect(bookingDay('2026-03-01T00:00:00+01:00')).toBe(day('2026-03-01'));
    expect(new Date(monthsBefore(Date.parse('2026-03-31T12:00:00Z'), 1)).toISOString()).toBe('2026-02-28T12:00:00.000Z');
  });

  it('round half away from zero exactly', () => {
    expect(roundedQuotient(-2675n, 1000n)).toBe(-2.68);
    expect(roundedQuotient(1n, 8n)).toBe(0.13);
    expect(roundedQuotient(-3n, 8n)).toBe(-0.38);
    expect(roundedQuotient(1n, 3n)).toBe(0.33);
    // sqrt(81) / 8 = 1.125; sqrt(1) / 200 = 0.005; sqrt(2) = 1.414…
    expect(roundedRootQuotient(81n, 8n)).toBe(1.13);
    expect(roundedRootQuotient(1n, 200n)).toBe(0.01);
    expect(roundedRootQuotient(2n, 1n)).toBe(1.41);
    expect(centsOf(1.005)).toBe(101n);
    expect(centsOf(-2.675)).toBe(-268n);
  });

  it('write a duration as d.hh:mm:ss, seconds truncated', () => {
    expect(durationOf(364 * 86_400_000)).toBe('364.00:00:00');
    expect(durationOf(150 * 86_400_000 + 23 * 3_600_000)).toBe('150.23:00:00');
    expect(durationOf(1_999)).toBe('0.00:00:01');
  });

  it('break a mode tie for the value that occurred most recently', () => {
    expect(modeOf([3, 2, 3, 2])).toBe(2);
    expect(modeOf([2, 3, 3, 2])).toBe(2);
    expect(modeOf([2, 3, 3, 1])).toBe(3);
  });
});

describe('periods, anchor and day of period as the docs define them', () => {
  it('count the day of period from the first day of the period holding the expected date, past either end', () => {
    // Rent due on Sunday 1 March, paid on Friday 27 February: day -1 of March.
    const monthly = periodsOf('Monthly', 0);
    const march = monthly.periodOf(day('2026-02-27'));
    expect(monthly.expectedDate(march)).toBe(day('2026-03-01'));
    expect(day('2026-02-27') - monthly.firstDay(march) + 1).toBe(-1);
    // A quarterly bill due on Wednesday 31 December (month 3 of the quarter, day 31), collected on Friday 2 January: day 94 of October–December.
    const quarterly = periodsOf('Quarterly', 2 * 31 + 30);
    const q4 = quarterly.periodOf(day('2026-01-02'));
    expect(quarterly.expectedDate(q4)).toBe(day('2025-12-31'));
    expect(day('2026-01-02') - quarterly.firstDay(q4) + 1).toBe(94);
    // Weekly on Sunday (ISO weekday 7), paid on the Monday after: day 8 of the week.
    const weekly = periodsOf('Weekly', 6);
    const week = weekly.periodOf(day('2026-03-02'));
    expect(weekly.expectedDate(week)).toBe(day('2026-03-01'));
    expect(day('2026-03-02') - weekly.firstDay(week) + 1).toBe(8);
    // Quad Weekly counts from the expected date: two days early is day -1.
    const quadWeekly = periodsOf('Quad Weekly', day('2026-03-04') % 28);
    const period = quadWeekly.periodOf(day('2026-03-02'));
    expect(quadWeekly.expectedDate(period)).toBe(day('2026-03-04'));
    expect(day('2026-03-02') - quadWeekly.firstDay(period) + 1).toBe(-1);
  });

  it('anchor at the median phase of the densest window, across the end of the month, ties to the smallest start', () => {
    // Aligned days of month (0-based) 0, 28, 1, 28, 2, 27, 24, 1, 0, 27, 0: the windows of width 8 from 24
    // and from 27 both hold 10; from 24: 24 27 27 28 28 31 31 31 32 32, median 29.5, rounded 30 (the 31st).
    const dates = ['2024-10-01', '2024-10-29', '2024-12-02', '2025-01-29', '2025-03-03', '2025-03-28', '2025-04-25', '2025-06-02', '2025-07-01', '2025-07-28', '2025-09-01'];
    expect(documentedAnchor('Monthly', dates.map(day))).toBe(30);
  });
});

describe('time statistics of days of period', () => {
  it('are min, max, median, mean, mode (tie: most recent) and population standard deviation, to 2 decimals', () => {
    // Mean 2.2; squared deviations 1.44 + 0.64 + 0.64 + 0.04 + 0.04 = 2.8, / 5 = 0.56, sqrt 0.748…
    expect(timeStatisticsOf([1, 3, 3, 2, 2])).toEqual({ minDayOfPeriod: 1, maxDayOfPeriod: 3, medianDayOfPeriod: 2, averageDayOfPeriod: 2.2, modeDayOfPeriod: 2, stdDevDayOfPeriod: 0.75 });
    expect(timeStatisticsOf([-1, -2])).toEqual({ minDayOfPeriod: -2, maxDayOfPeriod: -1, medianDayOfPeriod: -1.5, averageDayOfPeriod: -1.5, modeDayOfPeriod: -2, stdDevDayOfPeriod: 0.5 });
    expect(timeStatisticsOf([])).toEqual({ minDayOfPeriod: 0, maxDayOfPeriod: 0, medianDayOfPeriod: 0, averageDayOfPeriod: 0, modeDayOfPeriod: 0, stdDevDayOfPeriod: 0 });
  });
});

describe('every figure of a sequence', () => {
  // Monthly rent: Monday 1 December, Friday 2 January, Friday 30 January, Monday 2 March; asOf Tuesday 10 March.
  // Aligned phases 0, 1, 29, 1: the window from 29 holds all four (29, 31, 32, 32), median 31.5 → 32 → the 2nd.
  // Expected Tue 2 Dec, Fri 2 Jan, Mon 2 Feb, Mon 2 Mar: deviations -1, 0, -1, 0; days of period 1, 2, -1 (two days before 1 February), 2.
  const transactions = [
    { date: '2025-12-01', amount: -10 },
    { date: '2026-01-02', amount: -10 },
    { date: '2026-01-30', amount: -12 },
    { date: '2026-03-02', amount: -10 },
  ].map(({ date, amount }, i) => ({ id: `r${i}`, amount, currency: 'EUR', bookingDate: `${date}T00:00:00.000Z`, counterpartName: 'Vesteda' }));
  const asOf = new Date('2026-03-10T12:00:00Z');
  const handComputed: Sequence = {
    periodicity: 'Monthly',
    currency: 'EUR',
    transactions,
    periodMatches: 4,
    periodMatchPercentage: 100,
    // Median -10.00: off 0, 0, 0.2, 0 → mean 0.05.
    amountMatchPercentage: 95,
    // 1 − |deviation| / 5: 0.8, 1, 0.8, 1.
    timelinessMatchPercentage: 90,
    timeConsistency: {
      duration: '91.00:00:00',
      transactionCount: 4,
      firstSeen: '2025-12-01T00:00:00.000Z',
      lastSeen: '2026-03-02T00:00:00.000Z',
      mostRecentDayOfPeriod: 2,
      // Days 1, 2, -1, 2: mean 1, variance 6 / 4.
      statisticsL12M: { minDayOfPeriod: -1, maxDayOfPeriod: 2, medianDayOfPeriod: 1.5, averageDayOfPeriod: 1, modeDayOfPeriod: 2, stdDevDayOfPeriod: 1.22 },
      statisticsL6M: { minDayOfPeriod: -1, maxDayOfPeriod: 2, medianDayOfPeriod: 1.5, averageDayOfPeriod: 1, modeDayOfPeriod: 2, stdDevDayOfPeriod: 1.22 },
      // After 10 December 12:00: days 2, -1, 2, mean 1, variance 6 / 3.
      statisticsL3M: { minDayOfPeriod: -1, maxDayOfPeriod: 2, medianDayOfPeriod: 2, averageDayOfPeriod: 1, modeDayOfPeriod: 2, stdDevDayOfPeriod: 1.41 },
    },
    amountConsistency: {
      mostRecentAmount: -10,
      statisticsL12M: { minAmount: -12, maxAmount: -10, medianAmount: -10, averageAmount: -10.5, modeAmount: -10, stdDevAmount: 0.87, totalAmount: -42 },
      statisticsL6M: { minAmount: -12, maxAmount: -10, medianAmount: -10, averageAmount: -10.5, modeAmount: -10, stdDevAmount: 0.87, totalAmount: -42 },
      statisticsL3M: { minAmount: -12, maxAmount: -10, medianAmount: -10, averageAmount: -10.67, modeAmount: -10, stdDevAmount: 0.94, totalAmount: -32 },
    },
    counterpartName: 'Vesteda',
    // Thursday 2 April moved by the median deviation -0.5, rounded half away from zero to -1.
    predictedNextDate: '2026-04-01',
    predictedAmountRange: { min: -12, max: -10 },
    status: 'Active',
  };

  it('are recomputed from its transactions as computed by hand', () => {
    const { transactions: _, ...figures } = handComputed;
    expect(documentedFigures(handComputed, asOf)).toEqual({ figures, anchorSource: 'documented rule' });
    expect(differingFields(handComputed, asOf).fields).toEqual([]);
  });

  it('name each field that differs, and transactions out of order', () => {
    const reported: Sequence = {
      ...handComputed,
      transactions: [transactions[1], transactions[0], transactions[2], transactions[3]],
      timelinessMatchPercentage: 76.36,
      timeConsistency: { ...handComputed.timeConsistency, statisticsL3M: { ...handComputed.timeConsistency.statisticsL3M, medianDayOfPeriod: 1 } },
    };
    expect(differingFields(reported, asOf).fields).toEqual(expect.arrayContaining(['timelinessMatchPercentage', 'timeConsistency.statisticsL3M.medianDayOfPeriod', 'transactions']));
  });
});
