/**
 * How easily a set of matches could be a coincidence. If the counterparty's transactions in the
 * sequence's amount range fell on random days, each would land within ±r days of a period's
 * expected date with probability s = (2r + 1) / period length. The chance of m or more of n doing
 * so is a binomial tail; dividing by s accounts for the anchor having been chosen to fit them.
 * The tightest r that explains the matches is used, so precise timing is strong evidence and
 * loose timing needs many matches.
 */

/** P(X ≥ m) for X ~ Binomial(n, p). */
export function binomialTail(n: number, p: number, m: number): number {
  if (m <= 0) return 1;
  if (m > n) return 0;
  if (p >= 1) return 1;
  if (p <= 0) return 0;
  const logRatio = Math.log(p) - Math.log1p(-p);
  let logTerm = m * Math.log(p) + (n - m) * Math.log1p(-p);
  for (let i = 0; i < m; i++) logTerm += Math.log((n - i) / (i + 1));
  let term = Math.exp(logTerm);
  let sum = term;
  for (let k = m; k < n; k++) {
    term *= ((n - k) / (k + 1)) * Math.exp(logRatio);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return Math.min(1, sum);
}

/**
 * deviations: days off the expected date of each matched period; inRange: the counterparty's
 * same-direction transactions in the sequence's amount range (matched or not).
 */
export function coincidenceChance(deviations: readonly number[], inRange: number, periodDays: number, toleranceDays: number): number {
  const sorted = [...deviations].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const centre = sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const offsets = sorted.map((d) => Math.abs(d - centre));
  let best = 1;
  for (let r = 0; r <= toleranceDays; r++) {
    // Deviations are in business days; a window of ±r business days spans about 7/5 as many calendar days.
    const share = Math.min(1, ((2 * r * 7) / 5 + 1) / periodDays);
    let within = 0;
    for (const offset of offsets) if (offset <= r) within++;
    best = Math.min(best, binomialTail(inRange, share, within) / share);
  }
  return best;
}
