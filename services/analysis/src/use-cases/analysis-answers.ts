import type { AnalysisJob } from '../domain/analysis-job';

export const analysisJobNotFound = (jobId: string) => ({ status: 404 as const, problem: { detail: `Analysis job ${jobId} was not found.` } });

/** The result of a job that has none (yet): 409 while it is queued or running, and when it failed (with its reason). */
export function noResultYet(job: AnalysisJob) {
  const detail =
    job.status === 'Failed' && job.failure
      ? `The analysis job failed (${job.failure.code}): ${job.failure.message}`
      : `The analysis job is ${job.status}; its result can be read once it is Completed.`;
  return { status: 409 as const, problem: { title: job.status === 'Failed' ? 'Analysis job failed' : 'Analysis job not finished', detail } };
}

export const resultErased = (jobId: string) => ({
  status: 410 as const,
  problem: { title: 'Gone', detail: `The result of analysis job ${jobId} was erased: a consent it was computed from has been deleted.` },
});
