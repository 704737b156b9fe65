import { fixedAmountTracks } from './amount-tracks';
import { coincidenceChance } from './coincidence';
import { fitGrid, tooShortForTwoPeriods, type GridFit, type Member } from './fit-grid';
import { byDate, type CounterpartyGroup } from './group-candidates';
import { GRIDS, WEEKLY } from './periodicity-grid';
import { predictNext } from './predict-next';
import type { PreparedTransaction } from './prepare-transactions';
import { median, populationStdDev, sortAscending } from './statistics';
import type { Periodicity, SequencingTransaction } from './types';

/** A grid fit that passed the acceptance rules, with what ranking and output need. */
export interface Candidate<T extends SequencingTransaction = SequencingTransaction> {
  fit: GridFit<T>;
  /** Matches and repeats, oldest first. */
  members: Member<T>[];
  /** Same-direction transactions of the counterparty with an amount in the sequence's range that are not in it. */
  extras: number;
  meanAbsDeviation: number;
  ended: boolean;
  /** See coincidenceChance; 0 for two-payment (Early) sequences, which are judged otherwise. */
  chance: number;
}

/** Acceptance thresholds; docs/sequencing.md "Acceptance rules" explains each. */
const MIN_COVERAGE = 0.7;
const MAX_MISSED_IN_A_ROW = 2;
const MAX_RELATIVE_AMOUNT_SPREAD = 0.25;
const FIXED_AMOUNT_SPREAD = 0.02;
const EXTRAS_PER_MATCH = 0.25;
const REPEATED_PERIODS_PER_MATCH = 0.2;
const MAX_DEVIATION_SPREAD = 0.6;
const DEDICATED_SHARE = 0.5;
const MAX_TRANSACTIONS_PER_PERIOD = 3;
const MAX_CHANCE = 0.003;
/** Amounts that vary need a smaller coincidence chance, the more so the more they vary: × 0.5 at the 25 % limit. */
const VARIABLE_AMOUNT_CHANCE_SLOPE = 2;
/** Timing looser than MAX_DEVIATION_SPREAD × tolerance (standard deviation) is accepted on strong evidence only. */
const LOOSE_TIMING_CHANCE_FACTOR = 0.1;
/**
 * How much more (> 1) or less (< 1) coincidence a payment type tolerates: a direct debit exists
 * to collect repeatedly, card and cash payments are mostly one-off shopping.
 */
const TYPE_CHANCE_FACTOR: Readonly<Record<string, number>> = { ei: 10, ba: 0.3, gm: 0.3 };

/**
 * Few matches happen by chance at a busy counterparty or with loose amounts, so the matches
 * needed grow with both: 3 at a dedicated counterparty (loose amounts already need a smaller
 * coincidence chance there), 4 for a fixed amount at a shared one, 6 for loose amounts at a shared one.
 */
function matchesNeeded(fixedAmount: boolean, dedicated: boolean): number {
  return dedicated ? 3 : fixedAmount ? 4 : 6;
}

function typeChanceFactor(members: readonly Member[]): number {
  const counts = new Map<string, number>();
  for (const m of members) {
    const type = m.tx.source.transactionType;
    if (typeof type === 'string') counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  for (const [type, count] of counts) if (count * 2 > members.length) return TYPE_CHANCE_FACTOR[type] ?? 1;
  return 1;
}

interface GroupContext {
  /** Absolute amounts (cents) of the whole group, ascending: the first groupSize values. */
  sortedAmounts: Float64Array;
  groupSize: number;
  /** The counterparty's transactions in the other direction. */
  oppositeCount: number;
  asOfDay: number;
  /** Transactions of sequences already taken at this counterparty: no competition for another sequence. */
  explained: number;
}

// Reused between calls (the engine is synchronous): one per counterparty group otherwise.
let amountsScratch = new Float64Array(256);

/** Number of values < value (or <= value when inclusive) among the first n of an ascending array. */
function countBelow(sorted: Float64Array, n: number, value: number, inclusive: boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (inclusive ? sorted[mid] <= value : sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function countInRange(sorted: Float64Array, n: number, low: number, high: number): number {
  return countBelow(sorted, n, high, true) - countBelow(sorted, n, low, false);
}

/**
 * Sorts members by date in place by insertion: they come oldest first, but for a repeat booked
 * before its period's match, where a native sort would copy them all.
 */
function sortNearlySorted(members: Member[]): void {
  for (let i = 1; i < members.length; i++) {
    const member = members[i];
    let j = i;
    for (; j > 0 && byDate(members[j - 1].tx, member.tx) > 0; j--) members[j] = members[j - 1];
    members[j] = member;
  }
}

/** Applies the acceptance rules to a fit (cheapest first); null when it is not a sequence. */
function evaluateFit<T extends SequencingTransaction>(fit: GridFit<T>, context: GroupContext): Candidate<T> | null {
  const { grid, periods } = fit;
  const matches = periods.length;
  if (matches < 2 || (matches === 2 && context.groupSize !== 2)) return null;
  const spanPeriods = periods[matches - 1].k - periods[0].k + 1;
  if (matches / spanPeriods < MIN_COVERAGE) return null;
  let maxMissed = 0;
  let repeatedPeriods = 0;
  let memberCount = 0;
  for (let i = 0; i < matches; i++) {
    if (i > 0) maxMissed = Math.max(maxMissed, periods[i].k - periods[i - 1].k - 1);
    if (periods[i].repeats.length > 0) repeatedPeriods++;
    memberCount += 1 + periods[i].repeats.length;
  }
  if (maxMissed > MAX_MISSED_IN_A_ROW) return null;
  if (matches > 2 && repeatedPeriods > Math.max(1, Math.floor(REPEATED_PERIODS_PER_MATCH * matches))) return null;
  const deviations = periods.map((p) => p.deviation);
  const looseTiming = populationStdDev(deviations) > MAX_DEVIATION_SPREAD * grid.toleranceDays;

  const amounts = periods.map((p) => p.tx.absCents);
  const typical = median(amounts);
  let low = Infinity;
  let high = -Infinity;
  for (const a of amounts) {
    low = Math.min(low, a);
    high = Math.max(high, a);
  }
  const spread = median(amounts.map((x) => Math.abs(x - typical))) / typical;
  if (spread > MAX_RELATIVE_AMOUNT_SPREAD) return null;
  const fixedAmount = spread <= FIXED_AMOUNT_SPREAD;
  // Of the counterparty's transactions in both directions, less those of other sequences already taken.
  const share = memberCount / (context.groupSize + context.oppositeCount - context.explained);
  if (matches > 2 && matches < matchesNeeded(fixedAmount, share >= DEDICATED_SHARE)) return null;

  const margin = Math.max(0.02 * typical, 0.5 * (high - low));
  const members: Member<T>[] = [];
  for (const p of periods) {
    members.push(p);
    for (const repeat of p.repeats) members.push(repeat);
  }
  sortNearlySorted(members);
  let membersInRange = 0;
  for (const m of members) if (m.tx.absCents >= low - margin && m.tx.absCents <= high + margin) membersInRange++;
  const extras = countInRange(context.sortedAmounts, context.groupSize, low - margin, high + margin) - membersInRange;

  let chance = 0;
  if (matches === 2) {
    // Two payments are only a (young) sequence when they are all there is from the counterparty.
    const early =
      grid !== WEEKLY &&
      spanPeriods === 2 &&
      amounts[0] === amounts[1] &&
      deviations.every((d) => Math.abs(d) <= grid.toleranceDays / 2);
    if (!early) return null;
  } else {
    if (extras > Math.floor(EXTRAS_PER_MATCH * matches)) return null;
    chance = coincidenceChance(deviations, matches + extras, grid.periodDays, grid.toleranceDays);
    const allowed =
      MAX_CHANCE * Math.min(1, share) * typeChanceFactor(members) * (fixedAmount ? 1 : 1 - VARIABLE_AMOUNT_CHANCE_SLOPE * spread) * (looseTiming ? LOOSE_TIMING_CHANCE_FACTOR : 1);
    // A new subscription: all the counterparty has booked (besides other sequences), the same amount on the same day of every period.
    const clean =
      matches === context.groupSize - context.explained &&
      spanPeriods === matches &&
      amounts.every((a) => a === amounts[0]) &&
      deviations.every((d) => d === deviations[0]);
    if (chance > allowed && !clean) return null;
  }
  const next = predictNext(fit, context.asOfDay);
  // A two-payment sequence whose third payment is overdue is no evidence of anything.
  if (matches === 2 && next.ended) return null;
  const meanAbsDeviation = members.reduce((s, m) => s + Math.abs(m.deviation), 0) / members.length;
  return { fit, members, extras, meanAbsDeviation, ended: next.ended, chance };
}

interface TrackFit<T extends SequencingTransaction> {
  fit: GridFit<T>;
  track: PreparedTransaction<T>[];
}

/** With the median amount of its matches: taken only where tracks are compared. */
interface PricedTrackFit<T extends SequencingTransaction> extends TrackFit<T> {
  medianAmount: number;
}

/** Fits of fixed-amount tracks that follow each other on one grid: a price change, when the amounts are close enough. */
function continues(before: PricedTrackFit<SequencingTransaction>, after: PricedTrackFit<SequencingTransaction>): boolean {
  const gap = after.fit.periods[0].k - before.fit.periods[before.fit.periods.length - 1].k;
  if (gap < 1 || gap > MAX_MISSED_IN_A_ROW + 1) return false;
  const grid = before.fit.grid;
  if (grid.anchorDistance(before.fit.anchor, after.fit.anchor) > grid.toleranceDays) return false;
  const ratio = after.medianAmount / before.medianAmount;
  return ratio >= 0.5 && ratio <= 2;
}

/** Joins fixed-amount tracks whose fits continue one another into one track per chain. */
function priceChangeTracks<T extends SequencingTransaction>(fits: readonly TrackFit<T>[]): PreparedTransaction<T>[][] {
  const ordered: PricedTrackFit<T>[] = fits.map(({ fit, track }) => ({ fit, track, medianAmount: median(fit.periods.map((p) => p.tx.absCents)) }));
  ordered.sort((a, b) => a.fit.periods[0].k - b.fit.periods[0].k);
  const chains: { last: PricedTrackFit<T>; tracks: PreparedTransaction<T>[][] }[] = [];
  for (const trackFit of ordered) {
    const chain = chains.find((c) => continues(c.last, trackFit));
    if (chain) {
      chain.last = trackFit;
      chain.tracks.push(trackFit.track);
    } else {
      chains.push({ last: trackFit, tracks: [trackFit.track] });
    }
  }
  return chains.filter((c) => c.tracks.length > 1).map((c) => c.tracks.flat().sort(byDate));
}

/**
 * Where one set of payments fits two periodicities equally well (four payments fit both Monthly
 * and Quad Weekly within tolerance), the more common one is taken.
 */
const PREFERENCE: readonly Periodicity[] = ['Monthly', 'Weekly', 'Quarterly', 'Quad Weekly'];

/** Best first: most matched periods, fewest extras, least likely a coincidence, more members, closer to the dates, more common periodicity. */
function rank(a: Candidate, b: Candidate): number {
  return (
    b.fit.periods.length - a.fit.periods.length ||
    a.extras - b.extras ||
    Math.sign(a.chance - b.chance) ||
    b.members.length - a.members.length ||
    a.meanAbsDeviation - b.meanAbsDeviation ||
    PREFERENCE.indexOf(a.fit.grid.periodicity) - PREFERENCE.indexOf(b.fit.grid.periodicity) ||
    a.members[0].tx.index - b.members[0].tx.index
  );
}

function consider<T extends SequencingTransaction>(fit: GridFit<T> | null, context: GroupContext, candidates: Candidate<T>[], fits: GridFit<T>[]): void {
  if (!fit) return;
  fits.push(fit);
  const candidate = evaluateFit(fit, context);
  if (candidate) candidates.push(candidate);
}

/** Best first, never sharing a transaction with one taken before (or with `taken` as given). */
function takeBestFirst<T extends SequencingTransaction>(candidates: Candidate<T>[], taken: Set<number>): Candidate<T>[] {
  candidates.sort(rank);
  const selected: Candidate<T>[] = [];
  for (const candidate of candidates) {
    if (candidate.members.some((m) => taken.has(m.tx.index))) continue;
    for (const m of candidate.members) taken.add(m.tx.index);
    selected.push(candidate);
  }
  return selected;
}

/**
 * The sequences of one counterparty group: every periodicity is fitted to every fixed-amount
 * track, to chains of tracks that continue one another (price changes) and to the whole group
 * (amounts that vary); accepted fits are taken best first, never sharing a transaction. Then the
 * rejected fits that share no transaction with those taken are judged again against the rest of
 * the group: two subscriptions at one merchant do not compete for its share.
 */
export function selectSequences<T extends SequencingTransaction>(group: CounterpartyGroup<T>, asOfDay: number): Candidate<T>[] {
  const transactions = group.transactions;
  if (transactions.length < 2) return [];
  // Two transactions can only be an Early sequence, which needs the same amount.
  if (transactions.length === 2 && transactions[0].absCents !== transactions[1].absCents) return [];
  if (amountsScratch.length < transactions.length) amountsScratch = new Float64Array(2 * transactions.length);
  const sortedAmounts = amountsScratch;
  for (let i = 0; i < transactions.length; i++) sortedAmounts[i] = transactions[i].absCents;
  sortAscending(sortedAmounts, transactions.length);
  const context: GroupContext = { sortedAmounts, groupSize: transactions.length, oppositeCount: group.oppositeCount, asOfDay, explained: 0 };
  const candidates: Candidate<T>[] = [];
  const fits: GridFit<T>[] = [];

  const tracks = fixedAmountTracks(transactions);
  const wholeGroupIsOneTrack = tracks.length === 1 && tracks[0].length === transactions.length;
  const windowDays = transactions[transactions.length - 1].day - transactions[0].day + 1;
  for (const grid of GRIDS) {
    // No track can fit a grid the whole group is too short for.
    if (tooShortForTwoPeriods(windowDays - 1, grid)) continue;
    const trackFits: TrackFit<T>[] = [];
    for (const track of tracks) {
      const fit = fitGrid(track, grid, false);
      if (!fit) continue;
      trackFits.push({ fit, track });
      // Two-transaction tracks only matter as part of a price change; alone they are judged as the whole group.
      if (track.length > 2 || track.length === transactions.length) consider(fit, context, candidates, fits);
    }
    if (trackFits.length > 1) for (const track of priceChangeTracks(trackFits)) consider(fitGrid(track, grid, false), context, candidates, fits);
    // Varying amounts at a counterparty this busy would leave too many extras to pass anyway.
    const busy = transactions.length > MAX_TRANSACTIONS_PER_PERIOD * (windowDays / grid.periodDays + 1) + 5;
    if (!wholeGroupIsOneTrack && !busy) consider(fitGrid(transactions, grid, true), context, candidates, fits);
  }

  const taken = new Set<number>();
  const selected = takeBestFirst(candidates, taken);
  if (selected.length === 0 || candidates.length === fits.length) return selected;
  const accepted = new Set(candidates.map((c) => c.fit));
  const explainedContext: GroupContext = { ...context, explained: taken.size };
  const more: Candidate<T>[] = [];
  for (const fit of fits) {
    if (accepted.has(fit) || fit.periods.some((p) => taken.has(p.tx.index))) continue;
    const candidate = evaluateFit(fit, explainedContext);
    if (candidate && !candidate.members.some((m) => taken.has(m.tx.index))) more.push(candidate);
  }
  return [...selected, ...takeBestFirst(more, taken)];
}
