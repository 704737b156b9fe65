import { businessDayDeviation, dayFromCivil, isoWeekday } from './calendar';
import { dayOfPeriod } from './day-of-period';

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('dayOfPeriod', () => {
  it('Weekly: ISO weekday of the week of the expected date, Monday 1 … Sunday 7', () => {
    expect(dayOfPeriod('Weekly', day('2026-03-23'), day('2026-03-23'))).toBe(1); // Monday, due Monday
    expect(dayOfPeriod('Weekly', day('2026-03-27'), day('2026-03-27'))).toBe(5); // Friday
    expect(dayOfPeriod('Weekly', day('2026-03-29'), day('2026-03-29'))).toBe(7); // Sunday
    expect(dayOfPeriod('Weekly', day('2026-03-24'), day('2026-03-23'))).toBe(2); // due Monday, booked Tuesday
  });

  it('Weekly: a payment due on Monday booked the Friday before is day -2, one due on Sunday booked Monday day 8', () => {
    expect(dayOfPeriod('Weekly', day('2026-03-20'), day('2026-03-23'))).toBe(-2);
    expect(dayOfPeriod('Weekly', day('2026-03-30'), day('2026-03-29'))).toBe(8);
  });

  it('Quad Weekly: day 1 is the expected date, whichever transaction came first', () => {
    const due = day('2026-03-05');
    expect(dayOfPeriod('Quad Weekly', day('2026-03-05'), due)).toBe(1);
    expect(dayOfPeriod('Quad Weekly', day('2026-03-08'), due)).toBe(4); // three days late
    expect(dayOfPeriod('Quad Weekly', day('2026-03-04'), due)).toBe(0); // a day early
    expect(dayOfPeriod('Quad Weekly', day('2026-03-02'), due)).toBe(-2);
  });

  it('Monthly: day of month of the month of the expected date', () => {
    expect(dayOfPeriod('Monthly', day('2026-02-28'), day('2026-02-28'))).toBe(28);
    expect(dayOfPeriod('Monthly', day('2026-03-31'), day('2026-03-31'))).toBe(31);
    expect(dayOfPeriod('Monthly', day('2026-03-27'), day('2026-03-25'))).toBe(27);
  });

  it('Monthly at the month end: early for the 1st counts back from 1, late for the month end counts on past it', () => {
    // Due Sunday 1 March 2026: 28 February is the day before day 1, 27 February two days before.
    expect(dayOfPeriod('Monthly', day('2026-02-28'), day('2026-03-01'))).toBe(0);
    expect(dayOfPeriod('Monthly', day('2026-02-27'), day('2026-03-01'))).toBe(-1);
    expect(dayOfPeriod('Monthly', day('2026-03-02'), day('2026-03-01'))).toBe(2);
    // Due Saturday 31 January 2026, booked Monday 2 February: January's day 33.
    expect(dayOfPeriod('Monthly', day('2026-02-02'), day('2026-01-31'))).toBe(33);
    // Due 28 February 2026 (the 31st clamped), booked Monday 2 March: 28 days of February and 2.
    expect(dayOfPeriod('Monthly', day('2026-03-02'), day('2026-02-28'))).toBe(30);
  });

  it('Quarterly: 1–92 counted from the first day of the calendar quarter of the expected date', () => {
    expect(dayOfPeriod('Quarterly', day('2026-01-01'), day('2026-01-01'))).toBe(1);
    expect(dayOfPeriod('Quarterly', day('2026-03-31'), day('2026-03-31'))).toBe(90); // 31 + 28 + 31
    expect(dayOfPeriod('Quarterly', day('2026-05-15'), day('2026-05-15'))).toBe(45); // 30 (April) + 15
    expect(dayOfPeriod('Quarterly', day('2026-09-30'), day('2026-09-30'))).toBe(92);
    expect(dayOfPeriod('Quarterly', day('2024-03-31'), day('2024-03-31'))).toBe(91); // leap year
  });

  it('Quarterly at the quarter end: late for the last day counts on past it, early for the first day counts back', () => {
    // Due Wednesday 31 December 2025 (day 92 of October–December), booked Friday 2 January 2026.
    expect(dayOfPeriod('Quarterly', day('2026-01-02'), day('2025-12-31'))).toBe(94);
    // Due Tuesday 30 June 2026 (day 91 of April–June: 30 + 31 + 30), booked Wednesday 1 July.
    expect(dayOfPeriod('Quarterly', day('2026-07-01'), day('2026-06-30'))).toBe(92);
    // Due Thursday 1 January 2026, booked Monday 29 December 2025: three days before day 1.
    expect(dayOfPeriod('Quarterly', day('2025-12-29'), day('2026-01-01'))).toBe(-2);
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
