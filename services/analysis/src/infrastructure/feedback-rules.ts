import { feedbackRuleFrom, orderFeedbackRules, type FeedbackRule, type RankedFeedbackRule } from '@obp/categorisation';
import type { FeedbackItemDto, TransactionDto, TransactionFlag } from '@obp/contracts';
import type { mongo } from '@obp/db';

/** An accepted correction of an app, as the feedback event told it, and when it stopped applying. */
interface AcceptedFeedbackRecord {
  _id: string;
  ownerClientId: string;
  acceptedAt: Date;
  /** When a newer accepted item about the same transaction replaced it; null while it applies. */
  retiredAt: Date | null;
  transaction: TransactionDto;
  category: string;
  flags: TransactionFlag[];
}

/** The feedback item's transaction in the shape the categoriser reads; it was never booked here, so it has no dates of its own. */
function transactionOf(item: FeedbackItemDto): TransactionDto {
  const t = item.transaction;
  return {
    id: t.transactionId,
    accountId: t.accountId,
    amount: t.amount,
    currency: t.currency,
    bookingDate: item.createdAt,
    valueDate: null,
    description: t.description,
    counterpartName: t.counterpartDescription,
    counterpartAccountNumber: t.counterpartAccountNumber,
    transactionType: t.transactionType,
    transactionTypeName: t.transactionTypeName,
    reasonCode: t.reasonCode,
    purposeCode: t.purposeCode,
  };
}

/**
 * The analysis service's own record of each app's accepted categorization feedback, from the feedback
 * events: what later e1 jobs of that app apply as feedback rules. A job applies the rules accepted before
 * it was created and not retired by then, so a job run again after a crash applies the same ones, and a
 * job created before a rule was accepted never applies it.
 */
export class FeedbackRules {
  private readonly accepted: mongo.Collection<AcceptedFeedbackRecord>;

  constructor(db: mongo.Db) {
    this.accepted = db.collection<AcceptedFeedbackRecord>('accepted_feedback');
  }

  async ensureIndexes(): Promise<void> {
    await this.accepted.createIndex({ ownerClientId: 1, acceptedAt: 1 });
  }

  /** An item accepted by a reviewer: from now on a rule of its app (repeating it changes nothing). */
  async accept(item: FeedbackItemDto, ownerClientId: string): Promise<void> {
    if (item.status !== 'Accepted' || item.reviewedAt === null) return;
    // An insert, not an upsert with $setOnInsert: FerretDB 1.24 drops empty arrays (no flags) from those.
    await this.accepted
      .insertOne({
        _id: item.id,
        ownerClientId,
        acceptedAt: new Date(item.reviewedAt),
        retiredAt: null,
        transaction: transactionOf(item),
        category: item.target.category,
        flags: item.target.flags,
      })
      .catch((error: { code?: number }) => {
        if (error.code !== 11000) throw error;
      });
  }

  /** An accepted item replaced by a newer accepted one about the same transaction: it stops applying then. */
  async retire(itemId: string, at: Date): Promise<void> {
    await this.accepted.updateOne({ _id: itemId, retiredAt: null }, { $set: { retiredAt: at } });
  }

  /**
   * An item erased (its account was erased with its consent): its rule and the transaction it was
   * learnt from go for good, also for jobs created before (a job run again after a crash no longer
   * applies it).
   */
  async forget(itemId: string): Promise<void> {
    await this.accepted.deleteOne({ _id: itemId });
  }

  /** The app's rules as of `asOf`, in the order the categoriser tries them (more specific first, then newest). */
  async rulesFor(ownerClientId: string, asOf: Date): Promise<FeedbackRule[]> {
    const records = await this.accepted.find({ ownerClientId, acceptedAt: { $lte: asOf } }).toArray();
    const ranked: RankedFeedbackRule[] = [];
    for (const record of records) {
      if (record.retiredAt !== null && record.retiredAt <= asOf) continue;
      const rule = feedbackRuleFrom({ id: record._id, acceptedAt: record.acceptedAt, transaction: record.transaction, category: record.category, flags: record.flags });
      if (rule) ranked.push(rule);
    }
    return orderFeedbackRules(ranked);
  }
}
