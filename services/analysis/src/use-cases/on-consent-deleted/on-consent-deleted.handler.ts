import type { TypedEventHandler } from '@obp/bus';
import type { consentEvents } from '@obp/contracts';
import { eraseResult } from '../../domain/analysis-job';
import type { AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import type { AnalysisResults } from '../../infrastructure/analysis-results';
import type { ErasedConsents } from '../../infrastructure/erased-consents';

type OnConsentDeleted = TypedEventHandler<typeof consentEvents, 'consent.deleted'>;

/**
 * `consent.deleted`: the projection erases the consent's data (`project`), every stored result computed
 * from it is deleted and its job shows `resultErasedAt` (its result answers 410). The consent's id and
 * its accounts' are kept as a tombstone first, so a run finishing meanwhile deletes its own result, and
 * a later job naming them fails with `ConsentDeleted`. Repeating it changes nothing.
 */
export const onConsentDeleted =
  (project: OnConsentDeleted, erased: ErasedConsents, results: AnalysisResults, jobs: AnalysisJobStore): OnConsentDeleted =>
  async (data, event, meta) => {
    const now = new Date();
    await erased.record(data.consentId, data.accountIds, now);
    await project(data, event, meta);
    await results.deleteByConsent(data.consentId);
    for (const id of await jobs.ids({ scopeConsentIds: data.consentId })) {
      await jobs.mutate(id, (current) => (current.status === 'Completed' && !current.resultErasedAt ? { next: eraseResult(current, now), result: undefined } : { result: undefined }));
    }
  };
