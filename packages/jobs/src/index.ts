export { JobMetrics, type JobQueueView } from './job-metrics';
export { JobRunner, type JobContext, type JobRunnerOptions, type JobSource, type Worker } from './job-runner';
export { periodicRound, periodicTask, ROUND_CLAIM_RETENTION_MS } from './periodic-task';
export { ClaimLedger } from './claim-ledger';
export { DueBacklog, type DueBacklogOptions } from './due-backlog';
export { backoffDelayMs, nextAttemptAt, type BackoffPolicy } from './retry-policy';
export { JobTakenOver, LeasedJobs, type JobChange, type JobLease, type LeasedJobContext, type LeasedJobsOptions, type LeasedJobStore } from './leased-jobs';
export { GroupCommit } from './group-commit';
export { BatchedLeasedJobs, type BatchedFinish, type BatchedJobContext, type BatchedLease, type BatchedLeasedJobsOptions, type BatchedLeaseStore, type DueSelection } from './batched-leased-jobs';
