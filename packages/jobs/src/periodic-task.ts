import type { Logger } from '@obp/telemetry';
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
