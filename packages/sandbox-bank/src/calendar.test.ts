import {
  bankHolidays, civil, dayNumber, easterSunday, formatShortDate, isBankingDay, isoDateTime, nextBankingDay, previousBankingDay,
  subtractMonths, weekday,
} from './calendar';

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('calendar', () => {
  it('computes Easter', () => {
    expect(isoDateTime(easterSunday(2024))).toBe('2024-03-31T00:00:00.000Z');
    expect(isoDateTime(easterSunday(2025))).toBe('2025-04-20T00:00:00.000Z');
    expect(isoDateTime(easterSunday(2026))).toBe('2026-04-05T00:00:00.000Z');
  });

  it('knows weekdays and civil dates', () => {
    expect(weekday(day('2026-11-21'))).toBe(6);
    expect(civil(dayNumber(2026, 1, 28))).toEqual({ year: 2026, month: 1, date: 28 });
    expect(formatShortDate(day('2026-03-14'))).toBe('14.03.26');
  });

  it('has the Dutch bank holidays of 2026', () => {
    const holidays = [...bankHolidays(2026)].sort((a, b) => a - b).map((d) => isoDateTime(d).slice(0, 10));
    expect(holidays).toEqual(['2026-01-01', '2026-04-03', '2026-04-06', '2026-04-27', '2026-05-14', '2026-05-25', '2026-12-25', '2026-12-26']);
  });

  it('moves to banking days around weekends and holidays', () => {
    expect(isBankingDay(day('2026-11-20'))).toBe(true);
    expect(isBankingDay(day('2026-11-21'))).toBe(false);
    expect(isoDateTime(nextBankingDay(day('2026-11-21'))).slice(0, 10)).toBe('2026-11-23');
    expect(isoDateTime(previousBankingDay(day('2026-04-25'))).slice(0, 10)).toBe('2026-04-24');
    // Christmas on Friday, Boxing Day on Saturday: the next banking day is Monday the 28th.
    expect(isoDateTime(nextBankingDay(day('2026-12-25'))).slice(0, 10)).toBe('2026-12-28');
    // New Year's Day 2027 is a Friday.
    expect(isoDateTime(nextBankingDay(day('2027-01-01'))).slice(0, 10)).toBe('2027-01-04');
  });

  it('subtracts calendar months, clamping the day', () => {
    expect(subtractMonths(new Date('2026-11-21T12:34:56Z'), 14).toISOString()).toBe('2025-09-21T12:34:56.000Z');
    expect(subtractMonths(new Date('2026-03-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(subtractMonths(new Date('2024-05-31T08:00:00Z'), 3).toISOString()).toBe('2024-02-29T08:00:00.000Z');
  });
});
