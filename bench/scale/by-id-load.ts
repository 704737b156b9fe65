/**
 * GET /shares/{id} under load on bare express, the share service, the edge and, with BENCH_EDGE_BASELINE, the
 * baseline edge: each a warm-up and a measured autocannon run, the targets in turn, BENCH_LOAD_ROUNDS times (the two
 * edges take turns at going first, so neither always follows the direct run), with the CPU time per request of the
 * edges and the share service over each run. Both benchmarks of issue 29 (many apps, one app) run it.
 */
import type { BaselineEdge } from './edge-baseline';
import type { LoadTarget } from './load-spec';
import { loadRun, medianLoad, type LoadSettings, type MeasuredLoad } from './measure';

export type ByIdTarget = 'bare' | 'direct' | 'edge' | 'baselineEdge';
export type ByIdRounds = Record<ByIdTarget, MeasuredLoad[]>;

export interface ByIdLoad {
  /** Medians over the rounds; the baseline edge's when one runs. */
  get: { bare: MeasuredLoad; direct: MeasuredLoad; edge: MeasuredLoad; baselineEdge: MeasuredLoad | undefined };
  /** Each round's runs. */
  getRounds: ByIdRounds;
}

export interface ByIdOrigins {
  bare: string;
  direct: string;
  edge: string;
  baselineEdge: BaselineEdge | undefined;
}

/** `pids`: the processes whose CPU per request is taken (the edge's and the share service's; bare express's when known); the baseline edge's is added. */
export async function byIdLoad(settings: LoadSettings, rounds: number, origins: ByIdOrigins, sample: { targets: LoadTarget[]; tokens: string[] }, pids: { edge: number; share: number; bare?: number }): Promise<ByIdLoad> {
  const watched: Record<string, number> = Object.fromEntries(Object.entries(pids).filter((entry): entry is [string, number] => entry[1] !== undefined));
  if (origins.baselineEdge) watched['baseline edge'] = origins.baselineEdge.pid;
  const targets: Array<[ByIdTarget, string]> = [
    ['bare', origins.bare],
    ['direct', origins.direct],
    ['edge', origins.edge],
  ];
  if (origins.baselineEdge) targets.push(['baselineEdge', origins.baselineEdge.url]);
  const runs: ByIdRounds = { bare: [], direct: [], edge: [], baselineEdge: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 1 && origins.baselineEdge ? [targets[0]!, targets[1]!, targets[3]!, targets[2]!] : targets;
    for (const [name, origin] of order) runs[name].push(await loadRun(settings, origin, sample, watched));
  }
  return {
    get: { bare: medianLoad(runs.bare), direct: medianLoad(runs.direct), edge: medianLoad(runs.edge), baselineEdge: origins.baselineEdge ? medianLoad(runs.baselineEdge) : undefined },
    getRounds: runs,
  };
}
