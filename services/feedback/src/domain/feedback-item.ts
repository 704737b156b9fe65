import type { CategorizationFeedbackBody, FeedbackDecision, FeedbackItemDto, FeedbackStatus, TransactionFlag } from '@obp/contracts';

export interface Categorisation {
  category: string;
  flags: TransactionFlag[];
}

export interface HistoryEntry {
  at: Date;
  event: 'submitted' | 'superseded' | 'accepted' | 'rejected' | 'retired';
  /** The client id of the app or reviewer. */
  by: string;
  note: string | null;
}

export interface FeedbackItem {
  id: string;
  ownerClientId: string;
  status: FeedbackStatus;
  engine: CategorizationFeedbackBody['engine'];
  countryCode: string;
  profile: CategorizationFeedbackBody['profile'];
  transaction: FeedbackItemDto['transaction'];
  original: Categorisation;
  target: Categorisation;
  remark: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
  reviewNote: string | null;
  supersededBy: string | null;
  history: HistoryEntry[];
}

export function newFeedbackItem(id: string, ownerClientId: string, body: CategorizationFeedbackBody, now: Date): FeedbackItem {
  const { engine, countryCode, profile, originalCategory, originalFlags, targetCategory, targetFlags, remark, ...transaction } = body;
  return {
    id,
    ownerClientId,
    status: 'Pending',
    engine,
    countryCode,
    profile,
    transaction,
    original: { category: originalCategory, flags: originalFlags },
    target: { category: targetCategory, flags: targetFlags },
    remark,
    createdAt: now,
    reviewedAt: null,
    reviewNote: null,
    supersededBy: null,
    history: [{ at: now, event: 'submitted', by: ownerClientId, note: null }],
  };
}

/** Why a decision cannot be taken: the item is not Pending any more. */
export type DecisionRefusal = { kind: 'not-pending'; status: FeedbackStatus };

export function decide(item: FeedbackItem, decision: FeedbackDecision, reviewerClientId: string, note: string | null, now: Date): FeedbackItem | DecisionRefusal {
  if (item.status !== 'Pending') return { kind: 'not-pending', status: item.status };
  return {
    ...item,
    status: decision,
    reviewedAt: now,
    reviewNote: note,
    history: [...item.history, { at: now, event: decision === 'Accepted' ? 'accepted' : 'rejected', by: reviewerClientId, note }],
  };
}

/** Ordered by arrival: the later of two items about one transaction is the newer. */
export const isNewer = (a: Pick<FeedbackItem, 'createdAt' | 'id'>, b: Pick<FeedbackItem, 'createdAt' | 'id'>): boolean =>
  a.createdAt.getTime() !== b.createdAt.getTime() ? a.createdAt > b.createdAt : a.id > b.id;

/**
 * What a newer item about the same transaction does to this one: a Pending item is superseded (no one
 * need review it); an Accepted one is retired once the newer one is accepted (its rule stops applying).
 * Null when it changes nothing (already replaced, decided otherwise, or not older).
 */
export function replacedBy(item: FeedbackItem, newer: FeedbackItem, now: Date): FeedbackItem | null {
  if (!isNewer(newer, item) || item.supersededBy !== null) return null;
  if (item.status === 'Pending') {
    return { ...item, status: 'Superseded', supersededBy: newer.id, history: [...item.history, { at: now, event: 'superseded', by: newer.ownerClientId, note: `Replaced by ${newer.id}.` }] };
  }
  if (item.status === 'Accepted' && newer.status === 'Accepted') {
    return { ...item, status: 'Superseded', supersededBy: newer.id, history: [...item.history, { at: now, event: 'retired', by: newer.ownerClientId, note: `Replaced by ${newer.id}, accepted later.` }] };
  }
  return null;
}

/**
 * Who the transaction was with, for finding other items about it: the account number without spaces,
 * upper-case, or else the name, lower-case with single spaces; null without either.
 */
export function counterpartyKey(transaction: FeedbackItem['transaction']): string | null {
  const account = transaction.counterpartAccountNumber?.replace(/\s+/g, '').toUpperCase();
  if (account) return `account:${account}`;
  const name = transaction.counterpartDescription?.trim().toLowerCase().replace(/\s+/g, ' ');
  return name ? `name:${name}` : null;
}

/** The category paths an item is found under: every prefix of its original and target categories (`expenses`, `expenses.groceries`, ...). */
export function categoryPaths(item: Pick<FeedbackItem, 'original' | 'target'>): string[] {
  const paths = new Set<string>();
  for (const category of [item.original.category, item.target.category]) {
    const parts = category.split('.');
    for (let length = 1; length <= parts.length; length++) paths.add(parts.slice(0, length).join('.'));
  }
  return [...paths].sort();
}

export function toFeedbackItemDto(item: FeedbackItem): FeedbackItemDto {
  return {
    id: item.id,
    status: item.status,
    engine: item.engine,
    countryCode: item.countryCode,
    profile: item.profile,
    transaction: item.transaction,
    original: item.original,
    target: item.target,
    remark: item.remark,
    createdAt: item.createdAt.toISOString(),
    reviewedAt: item.reviewedAt?.toISOString() ?? null,
    reviewNote: item.reviewNote,
    supersededBy: item.supersededBy,
    history: item.history.map((h) => ({ at: h.at.toISOString(), event: h.event, by: h.by, note: h.note })),
  };
}
