import { dayFromCivil } from './calendar';
import { parseIsoDateTime } from './prepare-transactions';

const HOUR = 3_600_000;

describe('parseIsoDateTime', () => {
  it('keeps the date as written, whatever the offset, and the instant it names', () => {
    expect(parseIsoDateTime('2026-03-01')).toEqual({ day: dayFromCivil(2026, 3, 1), msFromDayStart: 0 });
    expect(parseIsoDateTime('2026-03-01T00:00:00.000Z')).toEqual({ day: dayFromCivil(2026, 3, 1), msFromDayStart: 0 });
    // Amsterdam midnight in winter (+01:00) and in summer (+02:00): 1 March and 1 August, an hour or two before 00:00 UTC.
    expect(parseIsoDateTime('2026-03-01T00:00:00+01:00')).toEqual({ day: dayFromCivil(2026, 3, 1), msFromDayStart: -1 * HOUR });
    expect(parseIsoDateTime('2026-08-01T00:00+02:00')).toEqual({ day: dayFromCivil(2026, 8, 1), msFromDayStart: -2 * HOUR });
    // West of UTC late in the evening: still 1 March, the instant already 2 March 04:30 UTC.
    expect(parseIsoDateTime('2026-03-01T23:30:00-05:00')).toEqual({ day: dayFromCivil(2026, 3, 1), msFromDayStart: 28.5 * HOUR });
    expect(parseIsoDateTime('2026-03-01T10:15:30.250+0530')).toEqual({ day: dayFromCivil(2026, 3, 1), msFromDayStart: (10 - 5.5) * HOUR + 15.5 * 60_000 + 250 });
  });

  it('names the same instant as Date.parse', () => {
    for (const text of ['2026-03-01T00:00:00+01:00', '2026-08-01T00:00:00.000+02:00', '2026-03-01T23:30:00-05:00', '2024-02-29T12:00:00Z']) {
      const time = parseIsoDateTime(text);
      expect(time === null ? null : time.day * 24 * HOUR + time.msFromDayStart).toBe(Date.parse(text));
    }
  });

  it('rejects what is not an ISO 8601 date of an existing day', () => {
    for (const text of ['2026-02-29', '2026-13-01', '01-03-2026', '2026-03-01T24:00', '2026-03-01T10:00+1', '2026-03-01T10:00:00.Z', 'yesterday']) {
      expect(parseIsoDateTime(text)).toBeNull();
    }
  });
});
