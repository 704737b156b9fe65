import { idsHiddenFrom, type ConsentData } from '@obp/consent-data';
import type { CategorizationFeedbackBody } from '@obp/contracts';
import { err, ExceptionBase, ok, type Result } from '@obp/core';
import type { ErasedIds } from '@obp/db';
import type { ShareGrants } from '@obp/share-grants';
import { newFeedbackItem } from '../../domain/feedback-item';
import type { FeedbackEvents, FeedbackStore } from '../../infrastructure/feedback-store';
import type { TransactionAccounts } from '../../infrastructure/transaction-accounts';

/** The transaction's account was erased with its consent: nothing about it is kept any more. */
export class AccountErased extends ExceptionBase {
  readonly code = 'ACCOUNT_ERASED';
}

/** The feedback names an account, or a transaction, the app neither owns nor was given through a share (`errors` by field). */
export class NamesOthersData extends ExceptionBase {
  readonly code = 'NAMES_OTHERS_DATA';
  constructor(readonly errors: Record<string, string[]>) {
    super('The feedback names an account or transaction that this app neither owns nor was given through a share.');
  }
}

/** What the service knows of whose each account and transaction is, from the consent and share events. */
export interface FeedbackVisibility {
  consentOwners: ConsentData;
  transactionAccounts: TransactionAccounts;
  grants: ShareGrants;
  /** How long another app's account is looked at again for a share on its way (a share made a moment ago). */
  grantWaitMs: number;
}

/** Queues an item for review, with its `submitted` event in the same write (older items about the transaction are superseded from that event). */
export class SubmitFeedbackService {
  constructor(
    private readonly items: FeedbackStore,
    private readonly events: FeedbackEvents,
    private readonly erasedAccounts: ErasedIds,
    private readonly visibility: FeedbackVisibility,
  ) {}

  /**
   * Queues the item under `id` (a retry of the request gives the same id, and leaves the item its first
   * attempt made); refused when its account was erased with its consent, and when it names an account
   * known to be another app's that no unexpired share opens to this app, or a transaction known to be
   * of another account than the one named.
   */
  async execute(id: string, ownerClientId: string, body: CategorizationFeedbackBody, now = new Date()): Promise<Result<string, AccountErased | NamesOthersData>> {
    if (await this.erasedAccounts.isErased(body.accountId)) return err(new AccountErased(`Account ${body.accountId} was erased with its consent: no feedback about it is taken.`));
    const hidden = await this.othersData(ownerClientId, body, now);
    if (hidden) return err(hidden);
    const item = newFeedbackItem(id, ownerClientId, body, now);
    await this.items.insertIfAbsent(item, [this.events.submitted(item)]);
    return ok(item.id);
  }

  /**
   * What is not known here is taken (the body is self-contained, spec 2.7, and a consent fetched a moment
   * ago may not have reached this service yet); what is known to be another app's is refused.
   */
  private async othersData(clientId: string, body: CategorizationFeedbackBody, now: Date): Promise<NamesOthersData | null> {
    const { consentOwners, transactionAccounts, grants, grantWaitMs } = this.visibility;
    const errors: Record<string, string[]> = {};
    const hidden = await idsHiddenFrom(consentOwners, clientId, { consentIds: [], accountIds: [body.accountId] }, { granted: (owner, targets) => grants.allows(clientId, owner, targets, now), waitMs: grantWaitMs });
    if (hidden.accountIds.has(body.accountId)) errors.accountId = [`The account '${body.accountId}' belongs to another app and is not shared with this app.`];
    const accountOfTransaction = await transactionAccounts.accountOf(body.transactionId);
    if (accountOfTransaction !== null && accountOfTransaction !== body.accountId) errors.transactionId = [`The transaction '${body.transactionId}' is not a transaction of the account '${body.accountId}'.`];
    return Object.keys(errors).length > 0 ? new NamesOthersData(errors) : null;
  }
}
