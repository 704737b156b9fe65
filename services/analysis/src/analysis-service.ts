import { ConsentData } from '@obp/consent-data';
import { analysisEvents, analysisRoutes, consentEvents, feedbackEvents } from '@obp/contracts';
import { ErasedIds } from '@obp/db';
import { bindRoutes } from '@obp/http';
import { JobRunner } from '@obp/jobs';
import { startService, type RunningService, type ServiceDefinition, type ServiceOverrides } from '@obp/service-kit';
import type { ShareGrants } from '@obp/share-grants';
import type { AnalysisConfig } from './config';
import type { AnalysisJob } from './domain/analysis-job';
import { analyse } from './domain/engine/analyse';
import { historyStart } from './domain/history-window';
import { AnalysisJobEvents, analysisJobStoreOptions, type AnalysisJobStore } from './infrastructure/analysis-job-store';
import { AnalysisResults } from './infrastructure/analysis-results';
import { FeedbackRules } from './infrastructure/feedback-rules';
import { AnalysisMetrics } from './jobs/analysis-run/analysis-metrics';
import { AnalysisRunJobs, type Analyse } from './jobs/analysis-run/analysis-run.job';
import { InputResolver } from './jobs/analysis-run/resolve-input';
import { wakeJobsWaitingFor } from './jobs/analysis-run/wake-waiting-jobs';
import { analysisMigrations } from './migrations';
import { AnalysisJobAccess } from './use-cases/analysis-job-access';
import { enrichTransactionsHttp } from './use-cases/enrich-transactions/enrich-transactions.http';
import { EnrichTransactionsService } from './use-cases/enrich-transactions/enrich-transactions.service';
import { createAnalysisJobHttp } from './use-cases/create-analysis-job/create-analysis-job.http';
import { CreateAnalysisJobService } from './use-cases/create-analysis-job/create-analysis-job.service';
import { getAnalysisJobHttp } from './use-cases/get-analysis-job/get-analysis-job.http';
import { getAnalysisResultHttp } from './use-cases/get-analysis-result/get-analysis-result.http';
import { listAnalysisJobsHttp } from './use-cases/list-analysis-jobs/list-analysis-jobs.http';
import { onConsentDeleted, onConsentTombstone } from './use-cases/on-consent-deleted/on-consent-deleted.handler';
import { onFeedbackErased } from './use-cases/on-feedback-erased/on-feedback-erased.handler';
import { onFeedbackRetired } from './use-cases/on-feedback-retired/on-feedback-retired.handler';
import { onFeedbackReviewed } from './use-cases/on-feedback-reviewed/on-feedback-reviewed.handler';
import { onTransactionsFetched } from './use-cases/on-transactions-fetched/on-transactions-fetched.handler';

export const SERVICE_NAME = 'analysis';

/**
 * How long a run waits for the consent projection to catch up before it takes an id it has not seen for
 * one naming nothing; past it the job waits for visibility as if the id were new, and looks again.
 */
const CATCH_UP_TIMEOUT_MS = 2_000;

export interface AnalysisServiceParts {
  jobs: AnalysisJobStore;
  results: AnalysisResults;
  consentData: ConsentData;
  runner: JobRunner<AnalysisJob>;
  shareGrants: ShareGrants;
  feedbackRules: FeedbackRules;
}

export type AnalysisServiceHandle = RunningService<AnalysisServiceParts>;

/** Analysis jobs: their API, their durable queue and runs on the engine, their results, and their projections of consent data and share grants. */
export const analysisService = (engine: Analyse = analyse): ServiceDefinition<AnalysisConfig, AnalysisServiceParts> => ({
  name: SERVICE_NAME,
  databaseName: (config) => config.ANALYSIS_DB_NAME,
  migrations: analysisMigrations,
  async compose(kit) {
    const { config, logger } = kit;
    const jobs = kit.store<AnalysisJob>(analysisJobStoreOptions);
    const events = new AnalysisJobEvents(kit.events(analysisEvents));
    const consentData = new ConsentData(kit.db, { historyStart });
    const results = new AnalysisResults(kit.database);
    const erased = new ErasedIds(kit.database, 'erased_consents');
    const feedbackRules = new FeedbackRules(kit.database);
    for (const component of [consentData, results, feedbackRules, erased]) await component.ensureIndexes();
    const shareGrants = kit.shareGrants();
    const claims = await kit.claims();

    const runner = kit.worker(
      new JobRunner<AnalysisJob>({
        name: 'analysis jobs',
        logger,
        concurrency: config.ANALYSIS_CONCURRENCY,
        pollIntervalMs: config.ANALYSIS_POLL_MS,
        leaseMs: config.ANALYSIS_LEASE_MS,
        source: new AnalysisRunJobs({
          jobs,
          events,
          results,
          erased,
          // Called by runs only, once the service runs: the consumer is made below.
          resolver: new InputResolver(consentData, shareGrants, jobs, erased, () => consentProjection.caughtUp({ timeoutMs: CATCH_UP_TIMEOUT_MS })),
          feedbackRules,
          claims,
          metrics: new AnalysisMetrics(),
          logger,
          analyse: engine,
          leaseMs: config.ANALYSIS_LEASE_MS,
          retryBaseMs: config.ANALYSIS_RETRY_BASE_MS,
          retryMaxMs: config.ANALYSIS_RETRY_MAX_MS,
          dataWaitMs: config.ANALYSIS_DATA_WAIT_MS,
          waitRecheckMs: config.ANALYSIS_WAIT_RECHECK_MS,
          visibilityWaitMs: config.ANALYSIS_VISIBILITY_WAIT_MS,
          testDelayMs: config.ANALYSIS_TEST_DELAY_MS,
          // The runner looks for due jobs after every run, so the woken ones are taken next.
          onFinished: async (jobId) => void (await wakeJobsWaitingFor(jobs, jobId)),
        }),
      }),
    );
    const wakeRunner = () => runner.kick();

    const projection = consentData.handlers();
    const consentProjection = kit.subscribe('consent-data', consentEvents, {
      ...projection,
      'transactions.fetched': onTransactionsFetched(projection['transactions.fetched']!, jobs, wakeRunner),
      'consent.deleted': onConsentDeleted(projection['consent.deleted']!, erased, results, jobs, events),
      onTombstone: onConsentTombstone(projection.onTombstone!, consentData, erased, results, jobs, events),
    });
    kit.subscribe('feedback-rules', feedbackEvents, {
      'categorization-feedback.reviewed': onFeedbackReviewed(feedbackRules),
      'categorization-feedback.retired': onFeedbackRetired(feedbackRules),
      'categorization-feedback.erased': onFeedbackErased(feedbackRules),
    });

    const access = new AnalysisJobAccess(jobs, shareGrants);
    return {
      routes: bindRoutes(analysisRoutes, {
        listAnalysisJobs: listAnalysisJobsHttp(jobs),
        createAnalysisJob: createAnalysisJobHttp(new CreateAnalysisJobService(jobs, events, access, consentData, shareGrants, wakeRunner, config.ANALYSIS_GRANT_WAIT_MS)),
        getAnalysisJob: getAnalysisJobHttp(access),
        getAnalysisJobResult: getAnalysisResultHttp(access, results),
        enrichTransactions: enrichTransactionsHttp(new EnrichTransactionsService(feedbackRules)),
      }),
      expose: { jobs, results, consentData, runner, shareGrants, feedbackRules },
    };
  },
});

export const startAnalysisService = (config: AnalysisConfig, overrides: ServiceOverrides & { analyse?: Analyse } = {}): Promise<AnalysisServiceHandle> =>
  startService(analysisService(overrides.analyse), config, overrides);
