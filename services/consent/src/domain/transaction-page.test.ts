import { monthsNewestFirst, monthsOfPage, newestFirst, type MonthCount } from './transaction-page';

const history: MonthCount[] = [
  { month: '2026-10', count: 3 },
  { month: '2026-09', count: 0 },
  { month: '2026-08', count: 4 },
  { month: '2026-07', count: 2 },
];

/** The reference: list every position's month, then take the page's slice. */
function byListing(months: readonly MonthCount[], skip: number, limit: number) {
  const positions = months.flatMap(({ month, count }) => Array.from({ length: count }, (_, i) => ({ month, index: i })));
  const page = positions.slice(skip, skip + limit);
  return { months: [...new Set(page.map((p) => p.month))], skipInFirst: page[0]?.index ?? 0 };
}

describe('monthsOfPage', () => {
  it('names only the months a page falls in, and where in the first it starts', () => {
    expect(monthsOfPage(history, 0, 2)).toEqual({ months: ['2026-10'], skipInFirst: 0 });
    expect(monthsOfPage(history, 2, 2)).toEqual({ months: ['2026-10', '2026-08'], skipInFirst: 2 });
    expect(monthsOfPage(history, 3, 4)).toEqual({ months: ['2026-08'], skipInFirst: 0 });
    expect(monthsOfPage(history, 5, 50)).toEqual({ months: ['2026-08', '2026-07'], skipInFirst: 2 });
  });

  it('is empty past the last transaction and for an account without any', () => {
    expect(monthsOfPage(history, 9, 5)).toEqual({ months: [], skipInFirst: 0 });
    expect(monthsOfPage([], 0, 50)).toEqual({ months: [], skipInFirst: 0 });
  });

  it('agrees with listing every position, for every page of every size', () => {
    const months: MonthCount[] = Array.from({ length: 14 }, (_, i) => ({ month: `2025-${String(14 - i).padStart(2, '0')}`, count: (i * 7) % 5 }));
    for (let limit = 1; limit <= 12; limit++) {
      for (let skip = 0; skip <= 40; skip++) expect(monthsOfPage(months, skip, limit)).toEqual(byListing(months, skip, limit));
    }
  });
});

describe('monthsNewestFirst', () => {
  const counts = { '2026-01': 1, '2025-12': 2, '2026-03': 3, '2025-11': 4 };

  it('lists the months newest first', () => {
    expect(monthsNewestFirst(counts).map((m) => m.month)).toEqual(['2026-03', '2026-01', '2025-12', '2025-11']);
  });

  it('keeps the months between the first and the last given, both included', () => {
    expect(monthsNewestFirst(counts, '2025-12', '2026-01')).toEqual([
      { month: '2026-01', count: 1 },
      { month: '2025-12', count: 2 },
    ]);
    expect(monthsNewestFirst(counts, '2026-02').map((m) => m.month)).toEqual(['2026-03']);
    expect(monthsNewestFirst(counts, undefined, '2025-11').map((m) => m.month)).toEqual(['2025-11']);
  });
});

describe('newestFirst', () => {
  it('orders by booking date, newest first, then by id', () => {
    const at = (day: number, id: string) => ({ bookingDate: new Date(Date.UTC(2026, 0, day)), id });
    const sorted = [at(1, 'b'), at(3, 'a'), at(1, 'a'), at(2, 'z')].sort(newestFirst);
    expect(sorted).toEqual([at(3, 'a'), at(2, 'z'), at(1, 'a'), at(1, 'b')]);
  });
});
