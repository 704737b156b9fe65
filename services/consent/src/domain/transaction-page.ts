/**
 * An account's transactions are read a month at a time: the local store evaluates a sort, a skip
 * and a limit in memory over every row the filter matched, so a page read by account alone costs
 * the whole account. Each account keeps how many transactions every month of its history holds,
 * and a page reads only the months it falls in.
 */

/** One booking month ('YYYY-MM') and how many of the account's transactions it holds. */
export interface MonthCount {
  month: string;
  count: number;
}

export interface MonthsOfPage {
  /** The months holding the page, newest first. */
  months: string[];
  /** How many transactions of the first of them come before the page. */
  skipInFirst: number;
}

/**
 * The months holding the transactions at positions `skip` to `skip + limit - 1` when the account's
 * transactions are listed newest first; `months` newest first.
 */
export function monthsOfPage(months: readonly MonthCount[], skip: number, limit: number): MonthsOfPage {
  const page: MonthsOfPage = { months: [], skipInFirst: 0 };
  let before = 0;
  for (const { month, count } of months) {
    if (count === 0) continue;
    const end = before + count;
    if (end > skip && before < skip + limit) {
      if (page.months.length === 0) page.skipInFirst = skip - before;
      page.months.push(month);
    }
    if (end >= skip + limit) break;
    before = end;
  }
  return page;
}

/** `counts` (month → count) as a list, newest month first, keeping only the months from `first` to `last` (both 'YYYY-MM', included) where given. */
export function monthsNewestFirst(counts: Readonly<Record<string, number>>, first?: string, last?: string): MonthCount[] {
  return Object.entries(counts)
    .filter(([month]) => (first === undefined || month >= first) && (last === undefined || month <= last))
    .map(([month, count]) => ({ month, count }))
    .sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));
}

/** Newest booking first; one day's bookings by id, as the list has always ordered them. */
export function newestFirst(a: { bookingDate: Date; id: string }, b: { bookingDate: Date; id: string }): number {
  return b.bookingDate.getTime() - a.bookingDate.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
