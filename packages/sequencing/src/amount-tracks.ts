import { byDate } from './group-candidates';
import type { PreparedTransaction } from './prepare-transactions';
import { sortAscending } from './statistics';
import type { SequencingTransaction } from './types';

// Reused between calls (the engine is synchronous): every counterparty group is split into tracks.
let keysScratch = new Float64Array(256);
let trackScratch = new Int32Array(256);

/** Relative gap between neighbouring amounts that still counts as one price (card FX, rounding). */
const FIXED_AMOUNT_GAP = 0.015;

/**
 * Splits a counterparty group into tracks of (nearly) the same amount, each oldest first: one
 * merchant can carry two subscriptions, or a subscription among purchases of other amounts.
 * Single-linkage on the sorted amounts; tracks of one transaction are dropped. Group and tracks
 * are oldest first.
 */
export function fixedAmountTracks<T extends SequencingTransaction>(group: readonly PreparedTransaction<T>[]): PreparedTransaction<T>[][] {
  const n = group.length;
  if (keysScratch.length < n) {
    keysScratch = new Float64Array(2 * n);
    trackScratch = new Int32Array(2 * n);
  }
  // Sort positions by amount with a numeric sort of cents × 2^21 + position (exact below 2^53).
  const keys = keysScratch;
  for (let i = 0; i < n; i++) {
    const cents = group[i].absCents;
    if (cents >= 2 ** 32 || n >= POSITION_RANGE) return fixedAmountTracksSlow(group);
    keys[i] = cents * POSITION_RANGE + i;
  }
  sortAscending(keys, n);
  // Each position's track number in order of amount (clusters of one get none), then the tracks
  // filled in one oldest-first pass over the group.
  const trackOf = trackScratch;
  let tracks = 0;
  let clusterStart = 0;
  const closeCluster = (end: number): void => {
    const track = end - clusterStart >= 2 ? tracks++ : -1;
    for (let i = clusterStart; i < end; i++) trackOf[keys[i] % POSITION_RANGE] = track;
    clusterStart = end;
  };
  for (let i = 1; i < n; i++) {
    const amount = group[keys[i] % POSITION_RANGE].absCents;
    const previous = group[keys[i - 1] % POSITION_RANGE].absCents;
    if (amount - previous > Math.max(1, FIXED_AMOUNT_GAP * amount)) closeCluster(i);
  }
  closeCluster(n);
  const byTrack: PreparedTransaction<T>[][] = [];
  for (let track = 0; track < tracks; track++) byTrack.push([]);
  for (let p = 0; p < n; p++) if (trackOf[p] >= 0) byTrack[trackOf[p]].push(group[p]);
  return byTrack;
}

const POSITION_RANGE = 2 ** 21;

/** The same for amounts or groups too large for the packed sort. Group oldest first. */
function fixedAmountTracksSlow<T extends SequencingTransaction>(group: readonly PreparedTransaction<T>[]): PreparedTransaction<T>[][] {
  const byAmount = [...group].sort((a, b) => a.absCents - b.absCents || byDate(a, b));
  const tracks: PreparedTransaction<T>[][] = [];
  let current: PreparedTransaction<T>[] = [];
  for (const tx of byAmount) {
    const previous = current[current.length - 1];
    if (previous && tx.absCents - previous.absCents > Math.max(1, FIXED_AMOUNT_GAP * tx.absCents)) {
      if (current.length >= 2) tracks.push(current);
      current = [];
    }
    current.push(tx);
  }
  if (current.length >= 2) tracks.push(current);
  for (const track of tracks) track.sort(byDate);
  return tracks;
}
