import { loadConfig, milliseconds as ms, port, serviceEnv, z } from '@obp/config';
import { platformService } from '@obp/platform';

/** This service's entry of the platform manifest: its default port and database. */
const manifest = platformService('analysis');

const schema = z.object({
  ...serviceEnv,
  PORT: port(manifest.port),
  ANALYSIS_DB_NAME: z.string().min(1).default(manifest.database.name),
  /** Jobs running at once in a process (the engine is CPU-bound: more mostly overlaps their reads). */
  ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A running job renews its lease every third of this; another worker takes it over after it lapses. */
  ANALYSIS_LEASE_MS: ms(60_000),
  /** Fallback look for due jobs; a new job and a finished fetch wake the runner at once. */
  ANALYSIS_POLL_MS: ms(30_000),
  /** Back-off of a job whose run failed on a transient error (store or broker down): base doubling to max, never given up. */
  ANALYSIS_RETRY_BASE_MS: ms(5_000),
  ANALYSIS_RETRY_MAX_MS: ms(300_000),
  /** How long after its creation a job waits for a consent's first fetch, or for an earlier job it names, before running without them. */
  ANALYSIS_DATA_WAIT_MS: ms(600_000),
  /**
   * How long after its creation a job waits for a consent or account it names, and this service has never
   * seen, to reach it before running without it; and how young a consent id must be to be waited for at all.
   * Its events take about a second, but while the consent service's outbox is behind (a broker failover, a
   * burst of fetches announcing their transactions) tens of seconds: a job on a consent the app already saw
   * `Updated` must not fail `NoData` for that.
   */
  ANALYSIS_VISIBILITY_WAIT_MS: ms(120_000),
  /**
   * How long POST /analysis-jobs looks again for a share opening another app's consent or account it
   * names (a share made a moment ago) before refusing it with a 422.
   */
  ANALYSIS_GRANT_WAIT_MS: ms(3_000),
  /** A waiting job looks again after this even when no event woke it. */
  ANALYSIS_WAIT_RECHECK_MS: ms(30_000),
  /** Tests only: each run waits this long before it computes, so a test can stop the service in the middle of one. */
  ANALYSIS_TEST_DELAY_MS: z.coerce.number().int().min(0).default(0),
});

export type AnalysisConfig = z.infer<typeof schema>;
export const loadAnalysisConfig = (env: NodeJS.ProcessEnv = process.env): AnalysisConfig => loadConfig(schema, env);
