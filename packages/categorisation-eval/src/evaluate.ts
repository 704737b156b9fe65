/**
 * Runs the categoriser (@obp/categorisation) on labelled data and scores it: the hand-written set, and the
 * sandbox bank's generated data with the labels the generator knows.
 */
import { categorise, type CategoriseOptions } from '@obp/categorisation';
import type { TransactionDto } from '@obp/contracts';
import { generateLabelledSandboxData, type LabelledSandboxTransaction, type SandboxProfile } from '@obp/sandbox-bank';
import { handWrittenSet, type EvalProfile, type HandWrittenItem } from './hand-written-set';
import { score, type Score, type ScoreInput, type ScoreOptions } from './score';
import { deterministicGuid } from './support';

interface Batch {
  profile: EvalProfile;
  ownIbans: readonly string[];
  transactions: TransactionDto[];
}

/** Categorises one batch and returns the answers in the batch's order (every transaction must be answered). */
function categoriseBatch(batch: Batch): { category: string; flags: readonly string[]; confidence: number }[] {
  const options: CategoriseOptions = { profile: batch.profile, ownIbans: batch.ownIbans };
  const results = categorise(batch.transactions, options);
  const byId = new Map(results.map((r) => [r.transactionId, r]));
  return batch.transactions.map((t) => {
    const r = byId.get(t.id);
    if (!r) throw new Error(`categorise returned no answer for transaction ${t.id}`);
    return { category: r.category, flags: r.flags, confidence: r.confidence };
  });
}

/**
 * The hand-written items, categorised. Items are categorised in batches of the same profile and own
 * accounts (one batch per persona), as a dataset would be.
 */
export function handWrittenScoreInputs(items: readonly HandWrittenItem[] = handWrittenSet): ScoreInput[] {
  const batches = new Map<string, { batch: Batch; indices: number[] }>();
  items.forEach((item, index) => {
    const ownIbans = item.ownIbans ?? [];
    const key = `${item.profile}|${ownIbans.join(',')}`;
    let entry = batches.get(key);
    if (!entry) {
      entry = { batch: { profile: item.profile, ownIbans, transactions: [] }, indices: [] };
      batches.set(key, entry);
    }
    entry.batch.transactions.push(item.transaction);
    entry.indices.push(index);
  });
  const inputs: ScoreInput[] = new Array(items.length);
  for (const { batch, indices } of batches.values()) {
    const answers = categoriseBatch(batch);
    indices.forEach((index, i) => {
      const item = items[index];
      const t = item.transaction;
      inputs[index] = {
        expected: item.expected,
        actual: answers[i],
        id: t.id,
        label: [t.counterpartName, t.description].filter(Boolean).join(' | '),
        ...(item.difficulty ? { difficulty: item.difficulty } : {}),
      };
    });
  }
  return inputs;
}

export function evaluateHandWritten(options?: ScoreOptions): Score {
  return score(handWrittenScoreInputs(), options);
}

export interface SandboxEvaluationOptions {
  seeds: readonly string[];
  /** The sandbox profile; `business` is categorised with the categoriser's `corporate` profile. */
  profile: SandboxProfile;
  asOf: Date;
  /** Default: the sandbox's default window. */
  months?: number;
}

/** The sandbox's transaction as the platform sees it: GUIDs derived from the sandbox's external ids. */
export function sandboxTransactionDto(t: LabelledSandboxTransaction): TransactionDto {
  return {
    id: deterministicGuid('obp-categorisation-eval', 'sandbox', 'transaction', t.externalId),
    accountId: deterministicGuid('obp-categorisation-eval', 'sandbox', 'account', t.accountExternalId),
    amount: t.amount,
    currency: t.currency,
    bookingDate: t.bookingDate,
    valueDate: t.valueDate,
    description: t.description,
    counterpartName: t.counterpartName,
    counterpartAccountNumber: t.counterpartAccountNumber,
    transactionType: t.transactionType,
    transactionTypeName: t.transactionTypeName,
    reasonCode: t.reasonCode,
    purposeCode: t.purposeCode,
  };
}

/** Every labelled sandbox transaction of the seeds, categorised one dataset (seed) at a time. */
export function sandboxScoreInputs(options: SandboxEvaluationOptions): ScoreInput[] {
  const profile: EvalProfile = options.profile === 'business' ? 'corporate' : 'retail';
  const inputs: ScoreInput[] = [];
  for (const seed of options.seeds) {
    const data = generateLabelledSandboxData({ seed, profile: options.profile, asOf: options.asOf, ...(options.months !== undefined ? { months: options.months } : {}) });
    const transactions = data.transactions.map(sandboxTransactionDto);
    const answers = categoriseBatch({ profile, ownIbans: data.accounts.map((a) => a.iban), transactions });
    data.transactions.forEach((t, i) => {
      inputs.push({
        expected: { category: t.label.category, flags: t.label.flags },
        actual: answers[i],
        id: `${seed}/${t.externalId}`,
        label: [t.counterpartName, t.description].filter(Boolean).join(' | '),
      });
    });
  }
  return inputs;
}

export function evaluateSandbox(options: SandboxEvaluationOptions, scoreOptions?: ScoreOptions): Score {
  return score(sandboxScoreInputs(options), scoreOptions);
}
