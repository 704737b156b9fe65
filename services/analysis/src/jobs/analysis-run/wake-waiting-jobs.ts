import { wakeUp } from '../../domain/analysis-job';
import type { AnalysisJobStore } from '../../infrastructure/analysis-job-store';

/** Jobs waiting for `id` (a consent's first fetch, or an earlier job's end) are due now; returns how many. */
export async function wakeJobsWaitingFor(jobs: AnalysisJobStore, id: string, now = new Date()): Promise<number> {
  let woken = 0;
  for (const jobId of await jobs.ids({ waitingFor: id })) {
    const outcome = await jobs.mutate(jobId, (current) => (current.run?.waitingFor.includes(id) ? { next: wakeUp(current, now), result: true } : { result: false }));
    if (outcome.found && outcome.result) woken++;
  }
  return woken;
}
