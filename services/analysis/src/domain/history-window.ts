import { HISTORY_MONTHS } from '@obp/sequencing';

/** The cut-off of the history an analysis uses: the 13 calendar months sequencing uses, before `asOf`. */
export function historyStart(asOf: Date): Date {
  const d = new Date(asOf);
  d.setUTCMonth(d.getUTCMonth() - HISTORY_MONTHS);
  return d;
}
