/** What the driver asks of one load run (bench/load.ts) and what the run answers. */

/** One request target: a path and the index of its bearer token in `LoadSpec.tokens`. */
export interface LoadTarget {
  path: string;
  token: number;
}

export interface LoadSpec {
  /** e.g. http://127.0.0.1:18080 */
  origin: string;
  method: 'GET' | 'POST';
  connections: number;
  seconds: number;
  /** Each request picks one target at random. */
  targets: LoadTarget[];
  tokens: string[];
  body?: string;
}

export interface LoadSummary {
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
