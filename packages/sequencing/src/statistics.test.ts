import { amountStatistics, mean, median, mode, populationStdDev, timeStatistics } from './statistics';
import { formatDuration, roundHalfAwayFromZero } from './rounding';

describe('median', () => {
  it('is the middle value of an odd count, in any input order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });
  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 10, 7])).toBe(5.5);
  });
  it('is 0 for no values', () => {
    expect(median([])).toBe(0);
  });
});

describe('mode', () => {
  it('is the most frequent value', () => {
    expect(mode([3, 7, 7, 1, 7, 3])).toBe(7);
  });
  it('breaks a tie for the value that occurred most recently', () => {
    // 5 and 9 twice each; 5 last seen at position 3, 9 at position 4.
    expect(mode([5, 9, 2, 5, 9])).toBe(9);
    expect(mode([9, 5, 2, 9, 5])).toBe(5);
  });
  it('compares amounts in cents', () => {
    expect(mode([-12.994, -12.99, -15])).toBe(-12.99);
  });
  it('is 0 for no values', () => {
    expect(mode([])).toBe(0);
  });
});

describe('populationStdDev', () => {
  it('divides by n, not n - 1', () => {
    // mean 5, squared deviations 9 + 1 + 1 + 9 = 20; 20 / 4 = 5 (sample would be 20 / 3)
    expect(populationStdDev([2, 4, 6, 8])).toBeCloseTo(Math.sqrt(5), 12);
  });
  it('is 0 for a single value', () => {
    expect(populationStdDev([42])).toBe(0);
  });
});

describe('timeStatistics', () => {
  it('summarises days of period with decimals rounded to 2 places', () => {
    expect(timeStatistics([25, 24, 25, 27])).toEqual({
      minDayOfPeriod: 24,
      maxDayOfPeriod: 27,
      medianDayOfPeriod: 25,
      averageDayOfPeriod: 25.25,
      modeDayOfPeriod: 25,
      // deviations from 25.25: -0.25, -1.25, -0.25, 1.75 → squares sum 4.75; / 4 = 1.1875
      stdDevDayOfPeriod: 1.09,
    });
  });
  it('is all zeros for an empty window', () => {
    expect(timeStatistics([])).toEqual({ minDayOfPeriod: 0, maxDayOfPeriod: 0, medianDayOfPeriod: 0, averageDayOfPeriod: 0, modeDayOfPeriod: 0, stdDevDayOfPeriod: 0 });
  });
});

describe('amountStatistics', () => {
  it('keeps expense amounts negative; min is the largest payment', () => {
    expect(amountStatistics([-12.99, -12.99, -15.99])).toEqual({
      minAmount: -15.99,
      maxAmount: -12.99,
      medianAmount: -12.99,
      averageAmount: -13.99,
      modeAmount: -12.99,
      stdDevAmount: 1.41,
      totalAmount: -41.97,
    });
  });
  it('totals without floating-point dust', () => {
    expect(amountStatistics([0.1, 0.2, 0.3]).totalAmount).toBe(0.6);
  });
  it('is exact to the cent around a trillion', () => {
    // In cents: 37, 42 and 39 over 100,000,000,000,000 (negative). Sum 118, mean 39.33, deviations −2.33, 2.67, −0.33.
    expect(amountStatistics([-1_000_000_000_000.37, -1_000_000_000_000.42, -1_000_000_000_000.39])).toEqual({
      minAmount: -1_000_000_000_000.42,
      maxAmount: -1_000_000_000_000.37,
      medianAmount: -1_000_000_000_000.39,
      averageAmount: -1_000_000_000_000.39,
      modeAmount: -1_000_000_000_000.39,
      stdDevAmount: 0.02, // √((2.33² + 2.67² + 0.33²) / 3) = 2.05 cents
      totalAmount: -3_000_000_000_001.18,
    });
  });
  it('keeps the cents of a total beyond 2^53 cents', () => {
    // 3 × 4,000,000,000,000,001 cents = 12,000,000,000,000,003 cents, above 2^53 = 9,007,199,254,740,992.
    const amounts = [40_000_000_000_000.01, 40_000_000_000_000.01, 40_000_000_000_000.01];
    expect(amountStatistics(amounts)).toMatchObject({ totalAmount: 120_000_000_000_000.03, averageAmount: 40_000_000_000_000.01, stdDevAmount: 0 });
  });
  it('is all zeros for an empty window', () => {
    expect(Object.values(amountStatistics([]))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('mean', () => {
  it('is 0 for no values', () => {
    expect(mean([])).toBe(0);
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero as on paper', () => {
    expect(roundHalfAwayFromZero(1.005)).toBe(1.01);
    expect(roundHalfAwayFromZero(-2.675)).toBe(-2.68);
    expect(roundHalfAwayFromZero(2.5, 0)).toBe(3);
    expect(roundHalfAwayFromZero(-0.001)).toBe(0);
    expect(Object.is(roundHalfAwayFromZero(-0.001), -0)).toBe(false);
  });
  it('rounds as on paper at trillions too', () => {
    expect(roundHalfAwayFromZero(3_000_000_000_000.004)).toBe(3_000_000_000_000);
    expect(roundHalfAwayFromZero(-3_000_000_000_000.004)).toBe(-3_000_000_000_000);
    expect(roundHalfAwayFromZero(1_000_000_000_000.005)).toBe(1_000_000_000_000.01);
    expect(roundHalfAwayFromZero(1_000_000_000_000.0049)).toBe(1_000_000_000_000);
    expect(roundHalfAwayFromZero(1.5e21, 0)).toBe(1.5e21);
  });
});

describe('formatDuration', () => {
  it('writes d.hh:mm:ss with unbounded days', () => {
    expect(formatDuration(364 * 86_400_000)).toBe('364.00:00:00');
    expect(formatDuration(0)).toBe('0.00:00:00');
    expect(formatDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toBe('2.03:04:05');
  });
});
