export { JobMetrics, type JobQueueView } from './job-metrics';
export { JobRunner, type JobContext, type JobRunnerOptions, type JobSource, type Worker } from './job-runner';
export { periodicTask } from './periodic-task';
export { ClaimLedger } from './claim-ledger';
export { backoffDelayMs, nextAttemptAt, type BackoffPolicy } from './retry-policy';
