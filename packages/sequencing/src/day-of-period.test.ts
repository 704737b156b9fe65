import { businessDayDeviation, dayFromCivil, isoWeekday } from './calendar';
import { dayOfPeriod } from './day-of-period';
import { dayFacts } from './periodicity-grid';

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const facts = (iso: string) => dayFacts(day(iso));

describe('dayOfPeriod', () => {
  it('Weekly: ISO weekday, Monday 1 … Sunday 7', () => {
    expect(dayOfPeriod('Weekly', facts('2026-03-23'), 0)).toBe(1); // Monday
    expect(dayOfPeriod('Weekly', facts('2026-03-27'), 0)).toBe(5); // Friday
    expect(dayOfPeriod('Weekly', facts('2026-03-29'), 0)).toBe(7); // Sunday
  });

  it('Quad Weekly: day 1–28 of the cycle starting at the first transaction', () => {
    const first = day('2026-01-08');
    expect(dayOfPeriod('Quad Weekly', facts('2026-01-08'), first)).toBe(1);
    expect(dayOfPeriod('Quad Weekly', facts('2026-02-05'), first)).toBe(1); // 28 days on
    expect(dayOfPeriod('Quad Weekly', facts('2026-02-07'), first)).toBe(3);
    expect(dayOfPeriod('Quad Weekly', facts('2026-03-04'), first)).toBe(28); // a day early for 5 March
  });

  it('Monthly: day of month', () => {
    expect(dayOfPeriod('Monthly', facts('2026-02-28'), 0)).toBe(28);
    expect(dayOfPeriod('Monthly', facts('2026-03-31'), 0)).toBe(31);
  });

  it('Quarterly: 1–92 counted from the first day of the calendar quarter', () => {
    expect(dayOfPeriod('Quarterly', facts('2026-01-01'), 0)).toBe(1);
    expect(dayOfPeriod('Quarterly', facts('2026-03-31'), 0)).toBe(90); // 31 + 28 + 31
    expect(dayOfPeriod('Quarterly', facts('2026-05-15'), 0)).toBe(45); // 30 (April) + 15
    expect(dayOfPeriod('Quarterly', facts('2026-09-30'), 0)).toBe(92);
    expect(dayOfPeriod('Quarterly', facts('2024-03-31'), 0)).toBe(91); // leap year
  });
});

describe('businessDayDeviation', () => {
  it('does not count the weekend between the expected and the booking date', () => {
    expect(businessDayDeviation(day('2026-03-30'), day('2026-03-27'))).toBe(1); // due Friday, booked Monday
    expect(businessDayDeviation(day('2026-03-27'), day('2026-03-30'))).toBe(-1); // due Monday, booked Friday before
    expect(businessDayDeviation(day('2026-04-24'), day('2026-04-25'))).toBe(-1); // due Saturday, booked Friday
    expect(businessDayDeviation(day('2026-03-25'), day('2026-03-25'))).toBe(0);
    expect(businessDayDeviation(day('2026-04-08'), day('2026-03-25'))).toBe(10); // two weeks later: 10 business days
  });
});

describe('calendar', () => {
  it('day numbers agree with Date', () => {
    expect(dayFromCivil(2026, 3, 25)).toBe(day('2026-03-25'));
    expect(dayFromCivil(1970, 1, 1)).toBe(0);
    expect(isoWeekday(day('1970-01-01'))).toBe(4); // a Thursday
  });
});
