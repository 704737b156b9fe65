import type { TombstoneHandler, TypedEventHandler } from '@obp/bus';
import type { ConsentData } from '@obp/consent-data';
import { erasedConsentOfTombstone, type consentEvents } from '@obp/contracts';
import { eraseResult } from '../../domain/analysis-job';
import type { AnalysisJobEvents, AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import type { AnalysisResults } from '../../infrastructure/analysis-results';
import type { ErasedIds } from '@obp/db';

type OnConsentDeleted = TypedEventHandler<typeof consentEvents, 'consent.deleted'>;

interface Erasure {
  erased: ErasedIds;
  results: AnalysisResults;
  jobs: AnalysisJobStore;
  events: AnalysisJobEvents;
}

/**
 * The projection erases the consent's data (`project`), every stored result computed from it is deleted
 * and its job shows `resultErasedAt` (its result answers 410). The consent's id and its accounts' are kept
 * as a tombstone first, so a run finishing meanwhile deletes its own result, and a later job naming them
 * fails with `ConsentDeleted`. Every job that names the consent or one of its accounts, or was computed
 * from them, gets a tombstone on the job topic, so its events (its input, its metadata) leave the log.
 * Repeating it changes nothing but another tombstone.
 */
async function erase({ erased, results, jobs, events }: Erasure, consentId: string, accountIds: string[], project: () => Promise<void>): Promise<void> {
  const now = new Date();
  await erased.record([consentId, ...accountIds], now);
  await project();
  // Jobs first: a job shows `resultErasedAt` before its result is gone, so no reader sees a 410 beside a job that does not say why.
  for (const id of await jobs.ids({ erasureIds: { $in: [consentId, ...accountIds] } })) {
    await jobs.mutate(id, (current) => {
      const computedFrom = current.status === 'Completed' && !current.resultErasedAt && (current.scope?.consentIds.includes(consentId) ?? false);
      return { next: computedFrom ? eraseResult(current, now) : current, events: [events.tombstone(current)], result: undefined };
    });
  }
  await results.deleteByConsent(consentId);
}

/** `consent.deleted`: the consent is erased (see `erase`). */
export const onConsentDeleted =
  (project: OnConsentDeleted, erased: ErasedIds, results: AnalysisResults, jobs: AnalysisJobStore, events: AnalysisJobEvents): OnConsentDeleted =>
  (data, event, meta) =>
    erase({ erased, results, jobs, events }, data.consentId, data.accountIds, () => project(data, event, meta));

/**
 * The tombstone of a consent's own key, which follows `consent.deleted`. A consent already recorded erased
 * had its event: only the projection's (idempotent) erasure is repeated. Otherwise the event was compacted
 * away before this consumer read it, and the consent is erased here, with the accounts the projection knows.
 */
export const onConsentTombstone =
  (project: TombstoneHandler, consentData: ConsentData, erased: ErasedIds, results: AnalysisResults, jobs: AnalysisJobStore, events: AnalysisJobEvents): TombstoneHandler =>
  async (key, meta) => {
    const consentId = erasedConsentOfTombstone(key);
    if (consentId === null || (await erased.erasedAmong([consentId])).size > 0) return project(key, meta);
    const accountIds = (await consentData.accountsOf([consentId])).map((a) => a.id);
    await erase({ erased, results, jobs, events }, consentId, accountIds, () => project(key, meta));
  };
