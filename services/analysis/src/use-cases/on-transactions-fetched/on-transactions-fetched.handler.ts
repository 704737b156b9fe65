import type { TypedEventHandler } from '@obp/bus';
import type { consentEvents } from '@obp/contracts';
import type { AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import { wakeJobsWaitingFor } from '../../jobs/analysis-run/wake-waiting-jobs';

type OnTransactionsFetched = TypedEventHandler<typeof consentEvents, 'transactions.fetched'>;

/** `transactions.fetched`: once the projection has the fetch's data (`project`), jobs waiting for the consent run. */
export const onTransactionsFetched =
  (project: OnTransactionsFetched, jobs: AnalysisJobStore, wakeRunner: () => void): OnTransactionsFetched =>
  async (data, event, meta) => {
    await project(data, event, meta);
    if ((await wakeJobsWaitingFor(jobs, data.consentId)) > 0) wakeRunner();
  };
