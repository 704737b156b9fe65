/** The UTC calendar month of `date`, 'YYYY-MM': what the prune finds old transactions by. */
export function bookingMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The `count` months before `month` ('YYYY-MM'), newest first. */
export function monthsBefore(month: string, count: number): string[] {
  const first = new Date(`${month}-01T00:00:00.000Z`);
  const months: string[] = [];
  for (let i = 1; i <= count; i++) months.push(bookingMonth(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - i, 1))));
  return months;
}
