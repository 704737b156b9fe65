import type { ConsentData, ProjectedAccount, ProjectedConsent } from '@obp/consent-data';
import type { TransactionDto } from '@obp/contracts';
import { canRead, type GrantTarget, type ShareGrants } from '@obp/share-grants';
import type { AnalysisJob, JobFailure, JobScope } from '../domain/analysis-job';
import type { AnalysisJobStore } from '../infrastructure/analysis-job-store';
import type { ErasedConsents } from '../infrastructure/erased-consents';

/** What a job runs on, or why it cannot run (yet). */
export type Resolution =
  | { kind: 'ready'; scope: JobScope; transactions: TransactionDto[]; ownIbans: string[] }
  | { kind: 'wait'; waitingFor: string[] }
  | { kind: 'failed'; failure: JobFailure };

/** Statuses in which a consent's first fetch is still to come. */
const FETCH_AHEAD = new Set(['Authenticated', 'Updating', 'Failing']);

/** The consents a job reads and, of each, all accounts or only some; what was found erased; what is not there yet. */
class Selection {
  readonly consents = new Map<string, { consent: ProjectedConsent; accounts: Set<string> | 'all' }>();
  readonly erased = new Set<string>();
  readonly waitingFor = new Set<string>();

  includes(account: ProjectedAccount): boolean {
    const accounts = this.consents.get(account.consentId)?.accounts;
    return accounts === 'all' || (accounts?.has(account.id) ?? false);
  }

  add(consent: ProjectedConsent, accounts: string[] | 'all'): void {
    const selected = this.consents.get(consent.id);
    if (accounts === 'all' || selected?.accounts === 'all') this.consents.set(consent.id, { consent, accounts: 'all' });
    else this.consents.set(consent.id, { consent, accounts: new Set([...(selected?.accounts ?? []), ...accounts]) });
  }
}

const noData: JobFailure = { code: 'NoData', message: 'Nothing in the input could be read: no consent or account with fetched data that the app owns or was given through a share.' };

/**
 * Turns a job's input into the transactions it analyses, reading as the job's owner: consentIds and
 * accountIds as given (an account through its consent); userIds and externalUserIds as every consent of
 * that user; analysisJobIds as the union of what those jobs were computed from. Readable means owned, or
 * named by an unexpired share of the owner (a share naming an earlier job opens what that job read).
 * A consent whose first fetch is under way, or an earlier job still running, is waited for while the
 * caller allows it; an input naming erased data fails the job with `ConsentDeleted`.
 */
export class InputResolver {
  constructor(
    private readonly consentData: ConsentData,
    private readonly grants: ShareGrants,
    private readonly jobs: AnalysisJobStore,
    private readonly erased: ErasedConsents,
  ) {}

  async resolve(job: AnalysisJob, options: { mayWait: boolean }): Promise<Resolution> {
    const selection = new Selection();
    const values = job.input.values;
    switch (job.input.kind) {
      case 'consentIds':
        await this.selectConsents(job, values, selection);
        break;
      case 'accountIds':
        await this.selectAccounts(job, values, selection);
        break;
      case 'userIds':
        for (const userId of values) await this.selectWhole(job, await this.consentData.consentsOfUser(userId), selection);
        break;
      case 'externalUserIds':
        for (const externalUserId of values) await this.selectWhole(job, await this.consentData.consentsOfExternalUser(externalUserId), selection);
        break;
      case 'analysisJobIds':
        for (const jobId of values) await this.selectEarlierJob(job, jobId, selection);
        break;
    }
    if (selection.erased.size > 0) return { kind: 'failed', failure: { code: 'ConsentDeleted', message: 'Consent data the input names has been erased.' } };

    const selected = [...selection.consents.values()];
    for (const { consent } of selected) if (consent.transactionsThrough === null && FETCH_AHEAD.has(consent.status)) selection.waitingFor.add(consent.id);
    if (options.mayWait && selection.waitingFor.size > 0) return { kind: 'wait', waitingFor: [...selection.waitingFor] };

    const fetched = selected.filter(({ consent }) => consent.transactionsThrough !== null).map(({ consent }) => consent.id);
    const accounts = await this.consentData.accountsOf(fetched);
    const chosen = new Set(accounts.filter((a) => selection.includes(a)).map((a) => a.id));
    if (chosen.size === 0) return { kind: 'failed', failure: noData };

    const consentIds = fetched.filter((id) => accounts.some((a) => a.consentId === id && chosen.has(a.id))).sort();
    const transactions = (await this.consentData.history(consentIds, job.createdAt)).filter((t) => chosen.has(t.accountId));
    return { kind: 'ready', scope: { consentIds, accountIds: [...chosen].sort() }, transactions, ownIbans: accounts.map((a) => a.iban) };
  }

  private async selectConsents(job: AnalysisJob, consentIds: string[], selection: Selection): Promise<void> {
    const missing: string[] = [];
    for (const id of consentIds) {
      const consent = await this.consentData.consent(id);
      if (!consent) missing.push(id);
      else if (await this.readable(job, consent, [{ consentId: id }])) selection.add(consent, 'all');
    }
    await this.noteErased(missing, selection);
  }

  private async selectAccounts(job: AnalysisJob, accountIds: string[], selection: Selection): Promise<void> {
    const accounts = await this.consentData.accountsById(accountIds);
    const found = new Set(accounts.map((a) => a.id));
    await this.noteErased(accountIds.filter((id) => !found.has(id)), selection);
    for (const account of accounts) {
      const consent = await this.consentData.consent(account.consentId);
      if (consent && (await this.readable(job, consent, [{ consentId: consent.id }, { accountId: account.id }]))) selection.add(consent, [account.id]);
    }
  }

  /** A user's consents: each the owner of the job may read, with all its accounts. */
  private async selectWhole(job: AnalysisJob, consents: ProjectedConsent[], selection: Selection): Promise<void> {
    for (const consent of consents) if (await this.readable(job, consent, [{ consentId: consent.id }])) selection.add(consent, 'all');
  }

  /** What an earlier job was computed from; it was readable when this job was created and must still be. */
  private async selectEarlierJob(job: AnalysisJob, earlierId: string, selection: Selection): Promise<void> {
    const earlier = await this.jobs.find(earlierId);
    if (!earlier || !(await canRead(this.grants, job.ownerClientId, { ownerClientId: earlier.ownerClientId, grantedBy: [{ analysisId: earlier.id }] }))) return;
    if (earlier.status === 'Pending' || earlier.status === 'Running') {
      selection.waitingFor.add(earlier.id);
      return;
    }
    if (earlier.resultErasedAt || earlier.failure?.code === 'ConsentDeleted') {
      selection.erased.add(earlier.id);
      return;
    }
    if (!earlier.scope) return;
    const accounts = new Set(earlier.scope.accountIds);
    const missing: string[] = [];
    for (const consentId of earlier.scope.consentIds) {
      const consent = await this.consentData.consent(consentId);
      if (!consent) {
        missing.push(consentId);
        continue;
      }
      if (!(await this.readable(job, consent, [{ consentId }, { analysisId: earlier.id }]))) continue;
      selection.add(consent, (await this.consentData.accountsOf([consentId])).filter((a) => accounts.has(a.id)).map((a) => a.id));
    }
    await this.noteErased(missing, selection);
  }

  private readable(job: AnalysisJob, consent: ProjectedConsent, grantedBy: GrantTarget[]): Promise<boolean> {
    return canRead(this.grants, job.ownerClientId, { ownerClientId: consent.ownerClientId, grantedBy });
  }

  /** Ids not in the projection: erased ones fail the job; others (unknown, or not seen yet) are simply not read. */
  private async noteErased(missing: string[], selection: Selection): Promise<void> {
    for (const id of await this.erased.erasedAmong(missing)) selection.erased.add(id);
  }
}
