import type { Logger } from '@obp/telemetry';
import type { ClaimLedger } from './claim-ledger';
import { JobRunner } from './job-runner';

/** A task run every `intervalMs` (housekeeping, purges) on the job runner: stopped and drained like any job. */
export function periodicTask(options: { name: string; logger: Logger; intervalMs: number; run: (now: Date) => Promise<void>; runAtStart?: boolean }): JobRunner<Date> {
  let nextRunAt = options.runAtStart ? 0 : Date.now() + options.intervalMs;
  return new JobRunner<Date>({
    name: options.name,
    logger: options.logger,
    pollIntervalMs: options.intervalMs,
    failedPassBackoff: { baseMs: options.intervalMs, maxMs: options.intervalMs },
    source: {
      due: async (now) => (now.getTime() >= nextRunAt ? [now] : []),
      key: () => options.name,
      run: async (now) => {
        nextRunAt = Date.now() + options.intervalMs;
        await options.run(now);
      },
    },
  });
}

/** How long round claims are kept: far past any round, so a late process cannot claim one again. */
export const ROUND_CLAIM_RETENTION_MS = 7 * 86_400_000;

/**
 * A periodic task that one process of the service does per round, however many run it: the round
 * (`now` in units of `intervalMs`) is claimed in the ledger like a job, and only the winner runs it.
 * The winner then forgets round claims past `ROUND_CLAIM_RETENTION_MS`.
 */
export function periodicRound(options: { name: string; logger: Logger; intervalMs: number; claims: ClaimLedger; run: (now: Date) => Promise<void> }): JobRunner<Date> {
  const { claims, intervalMs, name } = options;
  return periodicTask({
    name,
    logger: options.logger,
    intervalMs,
    run: async (now) => {
      if (!(await claims.claim(name, Math.floor(now.getTime() / intervalMs), now))) return;
      await options.run(now);
      await claims.purgeOlderThan(new Date(now.getTime() - ROUND_CLAIM_RETENTION_MS));
    },
  });
}
