import { HISTORY_MONTHS } from '@obp/sequencing';

/** The cut-off of the history sequencing uses: `HISTORY_MONTHS` calendar months before `now`. */
export function historyStart(now: Date): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - HISTORY_MONTHS);
  return d;
}
