import { dayFromCivil, isoDate } from './calendar';
import type { MatchedPeriod } from './fit-grid';
import { dayFacts, MONTHLY } from './periodicity-grid';
import { predictNext } from './predict-next';

/** Period k of the Monthly grid (year × 12 + month − 1) matched by a weekday booking with the given deviation. */
function matched(year: number, month: number, dayOfMonth: number, deviation: number): MatchedPeriod {
  const day = dayFromCivil(year, month, dayOfMonth);
  const k = year * 12 + month - 1;
  const tx = { ...dayFacts(day), source: { id: `${k}`, amount: -10, bookingDate: isoDate(day) }, index: k, msFromDayStart: 0, cents: -1000, absCents: 1000, nameKey: 'x', accountNumber: '' };
  return { tx, k, deviation, repeats: [] };
}

describe('predictNext', () => {
  it('moves the next expected date by the median deviation rounded half away from zero: -0.5 is a day early', () => {
    // Due on the 15th (anchor phase 14), paid on the day or a business day early in turn: median deviation -0.5.
    const periods = [matched(2026, 1, 15, 0), matched(2026, 2, 13, -1), matched(2026, 3, 16, 0), matched(2026, 4, 14, -1)];
    const next = predictNext({ grid: MONTHLY, anchor: 14, periods }, dayFromCivil(2026, 4, 20));
    // Friday 15 May moved one day back: Thursday 14 May (with Math.round, -0.5 gave 0 and 15 May).
    expect(isoDate(next.day)).toBe('2026-05-14');
  });
});
