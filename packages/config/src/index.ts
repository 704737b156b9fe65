import { z } from 'zod/v4';

export { z };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates configuration once, at start. Every problem is reported together so an
 * operator fixes the environment in one go instead of one variable per restart.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  return result.data;
}

/** Environment variables every service reads. */
export const commonEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SERVICE_NAME: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URI').default('mongodb://127.0.0.1:27017'),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:9092')
    .transform((s) => s.split(',').map((b) => b.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[^:]+:\d+$/, 'must be host:port')).min(1)),
  /** Prefix of topic names and consumer group ids, so tests and parallel stacks share neither. */
  NAMESPACE: z.string().regex(/^[a-z0-9-]*$/).default(''),
  /**
   * The roll of every topic's segments (`eventLogConfig` in @obp/contracts): erased data leaves the
   * event log within `EVENT_LOG_LAG_BOUND_MS` plus about 6.5 × this. Set where topics are created; seconds only in tests.
   */
  EVENT_LOG_ROLL_MS: z.coerce.number().int().positive().default(600_000),
  /**
   * How far a consumer may fall behind and still read every event (`min.compaction.lag.ms` of every
   * topic): nothing is compacted before it is this old. Erased data leaves the log this much later too.
   */
  EVENT_LOG_LAG_BOUND_MS: z.coerce.number().int().min(0).default(86_400_000),
  /**
   * How long a consumer's fetch waits at the broker while there is nothing to read (a message ends the
   * wait at once): how often an idle consumer asks Kafka (and heartbeats: at most 20 s, under the 30 s
   * session), how long its stop may wait for that fetch and an idle member takes to notice a rebalance.
   */
  KAFKA_FETCH_MAX_WAIT_MS: z.coerce.number().int().min(100).max(20_000).default(10_000),
  /**
   * How long Kafka waits for a consumer that stopped answering (a crashed replica) before the group's other
   * members take its partitions: events of those partitions wait that long. The fetch wait is held to a third
   * of it (a member heartbeats between fetches). From 6 s (the broker's least) to 5 min.
   */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6_000).max(300_000).default(30_000),
  /** Copies of each partition of the topics a service creates; unset, the cluster's size decides (1 to 3). */
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(10).optional(),
};

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** What every service behind the edge reads: the common settings, token verification and outbox polling. */
export const serviceEnv = {
  ...commonEnv,
  /** `iss` of every access token; the edge signs it, services verify it. */
  TOKEN_ISSUER: z.string().url().default('http://localhost:8080'),
  JWKS_URL: z.string().url().default('http://127.0.0.1:8080/.well-known/jwks.json'),
  /** Fallback poll of the outbox relays; a write wakes them at once. */
  OUTBOX_POLL_MS: ms(30_000),
  /**
   * Aggregates with events not yet published a service may hold before it answers writes that add events
   * with 503 (code `outbox_backlog`) until its relays catch up; 0: no bound.
   */
  OUTBOX_BACKLOG_LIMIT: z.coerce.number().int().min(0).default(10_000),
};

export const milliseconds = ms;

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** The settings every process reads (see `commonEnv`). */
export type CommonConfig = z.infer<z.ZodObject<typeof commonEnv>>;
/** What every service behind the edge reads (see `serviceEnv`). */
export type ServiceEnvConfig = z.infer<z.ZodObject<typeof serviceEnv>>;
