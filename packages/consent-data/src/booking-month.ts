import { monthBucket } from '@obp/db';

/** The `count` months before `month` ('YYYY-MM'), newest first. */
export function monthsBefore(month: string, count: number): string[] {
  const first = new Date(`${month}-01T00:00:00.000Z`);
  const months: string[] = [];
  for (let i = 1; i <= count; i++) months.push(monthBucket(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - i, 1))));
  return months;
}
