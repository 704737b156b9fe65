import type { ConsentData, ProjectedAccount, ProjectedConsent } from '@obp/consent-data';
import type { AnalysisJobWait, TransactionDto } from '@obp/contracts';
import { canRead, type GrantTarget, type ShareGrants } from '@obp/share-grants';
import type { AnalysisJob, JobFailure, JobScope } from '../../domain/analysis-job';
import type { AnalysisJobStore } from '../../infrastructure/analysis-job-store';
import type { ErasedIds } from '@obp/db';
import { mayBeOnItsWay, type NamedKind } from './unseen-ids';

/**
 * What a job runs on, or why it cannot run (yet). A wait is `for` data (a consent's first fetch, an
 * earlier job's end: minutes) or for `visibility` (a consent or account named in the input that has not
 * reached this service through its events yet: about a second).
 */
export type Resolution =
  | { kind: 'ready'; scope: JobScope; transactions: TransactionDto[]; ownIbans: string[] }
  | { kind: 'wait'; waitingFor: string[]; for: 'data' | 'visibility'; reason: AnalysisJobWait }
  | { kind: 'failed'; failure: JobFailure };

export interface ResolveOptions {
  /** The job may still wait for a consent's first fetch or an earlier job's end. */
  mayWait: boolean;
  /** The job may still wait for what it names to reach this service (a new consent, a new share). */
  mayAwaitVisibility: boolean;
  /** How long a job waits for visibility: an id made longer ago than this is not waited for. */
  visibilityWaitMs: number;
  now: Date;
}

/**
 * Whether this service's consent projection has applied every consent event published up to now (false
 * when it cannot tell within its own timeout): only then may an id it does not hold be taken for one
 * that names nothing.
 */
export type ProjectionCaughtUp = () => Promise<boolean>;

/**
 * Statuses in which a consent's first fetch is still to come. `Initialized` is one: the user may approve yet, and this
 * service's projection lags the consent service, so an app may already have seen the consent `Updated` while its
 * status here is still the one of its creation.
 */
const FETCH_AHEAD = new Set(['Initialized', 'Authenticated', 'Updating', 'Failing']);

/**
 * The accounts of a consent a job reads: all, or some, each with the last booking date it may read
 * (null: no bound; an account read through an earlier job is read as far as that job read it).
 */
type ChosenAccounts = 'all' | Map<string, Date | null>;

/** The consents a job reads and, of each, which accounts; what was found erased; what is not there yet. */
class Selection {
  readonly consents = new Map<string, { consent: ProjectedConsent; accounts: ChosenAccounts }>();
  readonly erased = new Set<string>();
  /** Consents whose first fetch, and earlier jobs whose end, is awaited. */
  readonly waitingFor = new Set<string>();
  /** Of `waitingFor`, the earlier jobs. */
  readonly earlierJobs = new Set<string>();
  /** Named consents or accounts this service has not seen (yet), by what they name: a new consent's events may still be on the way. */
  readonly notVisible = new Map<string, NamedKind>();

  includes(account: ProjectedAccount): boolean {
    const accounts = this.consents.get(account.consentId)?.accounts;
    return accounts === 'all' || (accounts?.has(account.id) ?? false);
  }

  /** Whether the transaction is inside what the job may read of its account. */
  admits(transaction: TransactionDto, consentId: string): boolean {
    const accounts = this.consents.get(consentId)?.accounts;
    if (accounts === undefined) return false;
    if (accounts === 'all') return true;
    if (!accounts.has(transaction.accountId)) return false;
    const through = accounts.get(transaction.accountId);
    return through === null || through === undefined || new Date(transaction.bookingDate).getTime() <= through.getTime();
  }

  add(consent: ProjectedConsent, accounts: string[] | 'all', through: Date | null = null): void {
    const selected = this.consents.get(consent.id)?.accounts;
    if (accounts === 'all' || selected === 'all') {
      this.consents.set(consent.id, { consent, accounts: 'all' });
      return;
    }
    const merged = new Map(selected ?? []);
    for (const id of accounts) {
      const before = merged.get(id);
      // Read through two earlier jobs: as far as the later of them read.
      merged.set(id, before === null || through === null ? null : before === undefined || through > before ? through : before);
    }
    this.consents.set(consent.id, { consent, accounts: merged });
  }
}

const noData: JobFailure = { code: 'NoData', message: 'Nothing in the input could be read: no consent or account with fetched data that the app owns or was given through a share.' };

/**
 * Turns a job's input into the transactions it analyses, reading as the job's owner: consentIds and
 * accountIds as given (an account through its consent); userIds as every consent of that user;
 * externalUserIds as every consent of the job's owner for that user (an external id is the owner's
 * own name for its user: another app's same id may be another person); analysisJobIds as what those
 * jobs read: their accounts, booked up to their completion (a share naming an earlier job opens what
 * that job read, not what came later). Readable means owned, or named by an unexpired share of the owner.
 * A consent whose first fetch is under way, or an earlier job still running, is waited for while the
 * caller allows it; so is a named consent or account this service has not seen yet whose events may be on
 * the way. One that cannot be on its way (not made within the visibility wait: see `mayBeOnItsWay`) is
 * taken for naming nothing once the consent projection has caught up with what was published, and left
 * out at once; while it has not (or cannot tell), such ids are waited for too. One the projection knows
 * and the owner may not read is left out at once (the job's creation refused it unless a share opened it,
 * so the share has ended since). An input of nothing else fails with `NoData` without a wait. An input
 * naming erased data fails the job with `ConsentDeleted`.
 */
export class InputResolver {
  constructor(
    private readonly consentData: ConsentData,
    private readonly grants: ShareGrants,
    private readonly jobs: AnalysisJobStore,
    private readonly erased: ErasedIds,
    private readonly projectionCaughtUp: ProjectionCaughtUp,
  ) {}

  async resolve(job: AnalysisJob, options: ResolveOptions): Promise<Resolution> {
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
        for (const externalUserId of values) await this.selectWhole(job, await this.consentData.consentsOfExternalUser(job.ownerClientId, externalUserId), selection);
        break;
      case 'analysisJobIds':
        for (const jobId of values) await this.selectEarlierJob(job, jobId, selection);
        break;
    }
    if (selection.erased.size > 0) return { kind: 'failed', failure: { code: 'ConsentDeleted', message: 'Consent data the input names has been erased.' } };

    if (options.mayAwaitVisibility && (await this.awaitsVisibility(selection, options))) {
      return { kind: 'wait', waitingFor: [...selection.notVisible.keys()], for: 'visibility', reason: 'visibility' };
    }
    const selected = [...selection.consents.values()];
    for (const { consent } of selected) if (consent.transactionsThrough === null && FETCH_AHEAD.has(consent.status)) selection.waitingFor.add(consent.id);
    if (options.mayWait && selection.waitingFor.size > 0) {
      const reason = [...selection.waitingFor].every((id) => selection.earlierJobs.has(id)) ? 'earlier-job' : 'first-fetch';
      return { kind: 'wait', waitingFor: [...selection.waitingFor], for: 'data', reason };
    }

    const fetched = selected.filter(({ consent }) => consent.transactionsThrough !== null).map(({ consent }) => consent.id);
    const accounts = await this.consentData.accountsOf(fetched);
    const chosen = new Set(accounts.filter((a) => selection.includes(a)).map((a) => a.id));
    if (chosen.size === 0) return { kind: 'failed', failure: noData };

    const consentIds = fetched.filter((id) => accounts.some((a) => a.consentId === id && chosen.has(a.id))).sort();
    const consentOf = new Map(accounts.map((a) => [a.id, a.consentId]));
    const transactions = (await this.consentData.history(consentIds, job.createdAt)).filter((t) => chosen.has(t.accountId) && selection.admits(t, consentOf.get(t.accountId)!));
    return { kind: 'ready', scope: { consentIds, accountIds: [...chosen].sort() }, transactions, ownIbans: accounts.map((a) => a.iban) };
  }

  private async selectConsents(job: AnalysisJob, consentIds: string[], selection: Selection): Promise<void> {
    const missing: string[] = [];
    for (const id of consentIds) {
      const consent = await this.consentData.consent(id);
      if (!consent) missing.push(id);
      else if (await this.readable(job, consent, [{ consentId: id }])) selection.add(consent, 'all');
    }
    await this.noteMissing(missing, 'consent', selection);
  }

  private async selectAccounts(job: AnalysisJob, accountIds: string[], selection: Selection): Promise<void> {
    const accounts = await this.consentData.accountsById(accountIds);
    const found = new Set(accounts.map((a) => a.id));
    await this.noteMissing(accountIds.filter((id) => !found.has(id)), 'account', selection);
    for (const account of accounts) {
      const consent = await this.consentData.consent(account.consentId);
      if (!consent) selection.notVisible.set(account.id, 'account');
      else if (await this.readable(job, consent, [{ consentId: consent.id }, { accountId: account.id }])) selection.add(consent, [account.id]);
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
      selection.earlierJobs.add(earlier.id);
      return;
    }
    if (earlier.resultErasedAt || earlier.failure?.code === 'ConsentDeleted') {
      selection.erased.add(earlier.id);
      return;
    }
    if (!earlier.scope) return;
    const accounts = new Set(earlier.scope.accountIds);
    const readThrough = earlier.completedAt;
    const missing: string[] = [];
    for (const consentId of earlier.scope.consentIds) {
      const consent = await this.consentData.consent(consentId);
      if (!consent) {
        missing.push(consentId);
        continue;
      }
      if (!(await this.readable(job, consent, [{ consentId }, { analysisId: earlier.id }]))) continue;
      selection.add(
        consent,
        (await this.consentData.accountsOf([consentId])).filter((a) => accounts.has(a.id)).map((a) => a.id),
        readThrough,
      );
    }
    await this.noteErased(missing, selection);
  }

  private readable(job: AnalysisJob, consent: ProjectedConsent, grantedBy: GrantTarget[]): Promise<boolean> {
    return canRead(this.grants, job.ownerClientId, { ownerClientId: consent.ownerClientId, grantedBy });
  }

  /** Ids not in the projection: erased ones fail the job; others are unknown, or not seen yet. */
  private async noteMissing(missing: string[], kind: NamedKind, selection: Selection): Promise<void> {
    const erased = await this.erased.erasedAmong(missing);
    for (const id of missing) {
      if (erased.has(id)) selection.erased.add(id);
      else selection.notVisible.set(id, kind);
    }
  }

  /**
   * Whether the ids not seen are waited for: all of them while one may be on its way or the projection has
   * not caught up (or cannot tell); none once it has and none may be (they name nothing). The projection
   * was read before it caught up: one that arrived in between is read at the job's next look.
   */
  private async awaitsVisibility(selection: Selection, { now, visibilityWaitMs }: ResolveOptions): Promise<boolean> {
    if (selection.notVisible.size === 0) return false;
    if ([...selection.notVisible].some(([id, kind]) => mayBeOnItsWay(id, kind, now, visibilityWaitMs))) return true;
    if (!(await this.projectionCaughtUp())) return true;
    return this.arrivedAmong(selection.notVisible);
  }

  /** Whether any of the ids not seen is in the projection now (a consent, or an account whose consent is there too). */
  private async arrivedAmong(ids: Map<string, NamedKind>): Promise<boolean> {
    const of = (kind: NamedKind) => [...ids].filter(([, k]) => k === kind).map(([id]) => id);
    for (const id of of('consent')) if (await this.consentData.consent(id)) return true;
    for (const account of await this.consentData.accountsById(of('account'))) if (await this.consentData.consent(account.consentId)) return true;
    return false;
  }

  /** Ids an earlier job read that are not in the projection any more: erased ones fail the job. */
  private async noteErased(missing: string[], selection: Selection): Promise<void> {
    for (const id of await this.erased.erasedAmong(missing)) selection.erased.add(id);
  }
}
