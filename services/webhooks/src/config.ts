import { loadConfig, milliseconds as ms, port, serviceEnv, z } from '@obp/config';
import { platformService } from '@obp/platform';
import { parseRetrySchedule } from './domain/retry-schedule';

/** This service's entry of the platform manifest: its default port and database. */
const manifest = platformService('webhooks');

const schedule = z
  .string()
  .default('5s,5m,30m,2h,5h,10h,14h,20h,24h')
  .transform((value, ctx) => {
    const parsed = parseRetrySchedule(value);
    if (typeof parsed === 'string') {
      ctx.issues.push({ code: 'custom', input: value, message: parsed });
      return z.NEVER;
    }
    return parsed;
  });

const schema = z.object({
  ...serviceEnv,
  PORT: port(manifest.port),
  WEBHOOKS_DB_NAME: z.string().min(1).default(manifest.database.name),
  /** Delays before each retry after a failed attempt (`5s`, `5m`, `2h`, `500ms`), comma-separated; jittered by up to a tenth. */
  WEBHOOK_RETRY_SCHEDULE: schedule,
  /** One attempt (connect, answer, the start of the body) is abandoned after this. */
  WEBHOOK_TIMEOUT_MS: ms(15_000),
  /** An endpoint whose every attempt failed for this long is disabled. */
  WEBHOOK_DISABLE_AFTER_MS: ms(5 * 86_400_000),
  /** How long a rotated-out secret keeps signing beside the new one. */
  WEBHOOK_SECRET_GRACE_MS: ms(86_400_000),
  /** Messages and attempts are kept this long (replay reaches back this far). */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Attempts of the stored queue (retries, redeliveries, replays, the other topics' events) under way at once in one process, over all endpoints. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(4096).default(256),
  /**
   * Attempts to one endpoint under way at once in one process, each of a different resource, the first
   * attempts made from the consumed share events and the stored queue's together: what one endpoint can
   * receive per second is about this over the time an attempt takes, and a receiver that hangs holds no
   * more than this of the process's attempts.
   */
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(32),
  /**
   * How long a run of consumed share events waits for its first attempts. One still under way then
   * (a slow receiver) is handed over to the stored queue, which records its answer: so one slow
   * endpoint holds the consumer, and with it the other endpoints' next events, this long at most.
   */
  WEBHOOK_FIRST_ATTEMPT_WAIT_MS: ms(1_000),
  /** The queue of due messages is read again at least this often while messages wait; after a write, within a tenth of it. */
  WEBHOOK_QUEUE_REFRESH_MS: ms(5_000),
  /** A running delivery renews its lease every third of this; it must outlast an attempt. */
  WEBHOOK_LEASE_MS: ms(45_000),
  /** Fallback look for due deliveries; writes wake the runner at once. */
  WEBHOOK_POLL_MS: ms(30_000),
  PURGE_INTERVAL_MS: ms(3_600_000),
  /** `true`: deliver only to localhost and loopback addresses, refusing any other URL without resolving it (test stacks). */
  WEBHOOK_LOOPBACK_ONLY: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
});

export type WebhooksConfig = z.infer<typeof schema>;
export const loadWebhooksConfig = (env: NodeJS.ProcessEnv = process.env): WebhooksConfig => loadConfig(schema, env);
