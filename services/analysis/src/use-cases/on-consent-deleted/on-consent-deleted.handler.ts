import type { TypedEventHandler } from '@obp/bus';
import type { consentEvents } from '@obp/contracts';
import { eraseResult } from '../../domain/analysis-job';
import type { AnalysisJobEvents, AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import type { AnalysisResults } from '../../infrastructure/analysis-results';
import type { ErasedConsents } from '../../infrastructure/erased-consents';

type OnConsentDeleted = TypedEventHandler<typeof consentEvents, 'consent.deleted'>;

/**
 * `consent.deleted`: the projection erases the consent's data (`project`), every stored result computed
 * from it is deleted and its job shows `resultErasedAt` (its result answers 410). The consent's id and
 * its accounts' are kept as a tombstone first, so a run finishing meanwhile deletes its own result, and
 * a later job naming them fails with `ConsentDeleted`. Every job that names the consent or one of its
 * accounts, or was computed from them, gets a tombstone on the job topic, so its events (its input,
 * its metadata) leave the log. Repeating it changes nothing but another tombstone.
 */
export const onConsentDeleted =
  (project: OnConsentDeleted, erased: ErasedConsents, results: AnalysisResults, jobs: AnalysisJobStore, events: AnalysisJobEvents): OnConsentDeleted =>
  async (data, event, meta) => {
    const now = new Date();
    await erased.record(data.consentId, data.accountIds, now);
    await project(data, event, meta);
    await results.deleteByConsent(data.consentId);
    for (const id of await jobs.ids({ erasureIds: { $in: [data.consentId, ...data.accountIds] } })) {
      await jobs.mutate(id, (current) => {
        const computedFrom = current.status === 'Completed' && !current.resultErasedAt && (current.scope?.consentIds.includes(data.consentId) ?? false);
        return { next: computedFrom ? eraseResult(current, now) : current, events: [events.tombstone(current)], result: undefined };
      });
    }
  };
