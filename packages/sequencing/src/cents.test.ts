import { centsToAmount, divideCents, medianCents, stdDevCents, sumCents, toCents } from './cents';

describe('toCents', () => {
  it('rounds half away from zero as the amount is written', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(-0.004)).toBe(0);
    expect(toCents(1_000_000_000_000.59)).toBe(100_000_000_000_059);
  });
  it('is a bigint beyond 2^53 cents', () => {
    expect(toCents(100_000_000_000_000.5)).toBe(10_000_000_000_000_050n);
    expect(toCents(-1.5e21)).toBe(-150_000_000_000_000_000_000_000n);
    expect(toCents(90_071_992_547_409.9)).toBe(9_007_199_254_740_990); // below 2^53 − 1: still a number
    expect(toCents(90_071_992_547_410)).toBe(9_007_199_254_741_000n);
  });
});

describe('sumCents', () => {
  it('adds safe integers as numbers', () => {
    expect(sumCents([100_000_000_000_037, 100_000_000_000_042, -5])).toBe(200_000_000_000_074);
  });
  it('adds in bigint when the sum leaves the safe range', () => {
    expect(sumCents([4_000_000_000_000_001, 4_000_000_000_000_002, 4_000_000_000_000_004])).toBe(12_000_000_000_000_007n);
    expect(sumCents([10_000_000_000_000_050n, -1])).toBe(10_000_000_000_000_049n);
  });
});

describe('divideCents', () => {
  it('rounds the quotient half away from zero', () => {
    expect(divideCents(7, 2)).toBe(4);
    expect(divideCents(-7, 2)).toBe(-4);
    expect(divideCents(-5, 3)).toBe(-2);
    expect(divideCents(4, 3)).toBe(1);
    expect(divideCents(12_000_000_000_000_007n, 3)).toBe(4_000_000_000_000_002n);
    expect(divideCents(-12_000_000_000_000_009n, 6)).toBe(-2_000_000_000_000_002n);
  });
});

describe('medianCents', () => {
  it('takes the middle value, or the rounded mean of the two middle values', () => {
    expect(medianCents([3, 1, 2])).toBe(2);
    expect(medianCents([4, 1, 2, 3])).toBe(3); // 2.5 → 3
    expect(medianCents([9_007_199_254_740_991, 9_007_199_254_740_992n])).toBe(9_007_199_254_740_992n); // ….5 → up
  });
});

describe('stdDevCents', () => {
  it('is the population standard deviation in whole cents', () => {
    expect(stdDevCents([1, 2], 3)).toBe(1); // 0.5 → 1
    expect(stdDevCents([2, 4, 4, 4, 5, 5, 7, 9], 40)).toBe(2);
    expect(stdDevCents([7], 7)).toBe(0);
  });
  it('measures deviations exactly beyond 2^53 cents', () => {
    // Deviations from the mean: −1, +1 cent (a floating-point mean of these would be off by several).
    expect(stdDevCents([10_000_000_000_000_001n, 10_000_000_000_000_003n], 20_000_000_000_000_004n)).toBe(1);
  });
});

describe('centsToAmount', () => {
  it('is the number nearest to the amount', () => {
    expect(centsToAmount(-300_000_000_000_118)).toBe(-3_000_000_000_001.18);
    expect(centsToAmount(12_000_000_000_000_003n)).toBe(120_000_000_000_000.03);
    expect(centsToAmount(5n)).toBe(0.05);
  });
});
