import { normalisedCounterparty } from '@obp/categorisation';
import { MAX_ENRICH_TRANSACTIONS, previewValue, type EnrichmentDto, type EnrichTransactionInput, type EnrichTransactionsBody, type TransactionDto } from '@obp/contracts';
import { err, ExceptionBase, ok, ValidationFailed, type Result } from '@obp/core';
import { detectSequences, type Sequence } from '@obp/sequencing';
import { defaultCategorise } from '../../domain/engine/categoriser';
import { classifyE1 } from '../../domain/engine/classify-e1';
import { ownIbanSet } from '../../domain/engine/internal-transfers';
import { sequenceMemberIds } from '../../domain/engine/sequences';
import type { FeedbackRules } from '../../infrastructure/feedback-rules';

/** More transactions than one request may hold (a 413). */
export class TooManyTransactions extends ExceptionBase {
  readonly code = 'TOO_MANY_TRANSACTIONS';
  constructor(count: number) {
    super(`The request holds ${count} transactions; at most ${MAX_ENRICH_TRANSACTIONS} may be sent at once.`);
  }
}

export interface EnrichTransactionsCommand {
  clientId: string;
  body: EnrichTransactionsBody;
  includeSequences: boolean;
}

/** The account every transaction of a batch is taken to be booked on: the app sends one account's transactions, or says which IBANs are its own. */
const BATCH_ACCOUNT_ID = '00000000-0000-4000-8000-000000000000';

function transactionOf(input: EnrichTransactionInput): TransactionDto {
  return {
    id: input.id,
    accountId: BATCH_ACCOUNT_ID,
    amount: input.amount,
    currency: input.currency,
    bookingDate: input.bookingDate.toISOString(),
    valueDate: input.valueDate?.toISOString() ?? null,
    description: input.description,
    counterpartName: input.counterpartName,
    counterpartAccountNumber: input.counterpartAccountNumber,
    transactionType: input.transactionType,
    transactionTypeName: input.transactionTypeName,
    reasonCode: input.reasonCode,
    purposeCode: input.purposeCode,
    bankTransactionCode: input.bankTransactionCode,
    mandateId: input.mandateId,
    creditorSchemeId: input.creditorSchemeId,
    merchantCategoryCode: input.merchantCategoryCode,
  };
}

/** Ids sent twice: each later one is filed under its own position, naming the first. */
function duplicateIds(transactions: readonly EnrichTransactionInput[]): ValidationFailed | null {
  const first = new Map<string, number>();
  const errors: Record<string, string[]> = {};
  transactions.forEach(({ id }, i) => {
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, i);
    else errors[`transactions[${i}].id`] = [`The id '${previewValue(id)}' is also the id of transactions[${earlier}]; ids must be unique in a request.`];
  });
  return Object.keys(errors).length > 0 ? new ValidationFailed(errors) : null;
}

const withIds = ({ transactions, ...sequence }: Sequence<TransactionDto>) => ({ ...sequence, transactionIds: transactions.map((t) => t.id) });

/**
 * Categorises an app's own transactions as an e1 analysis job of that app would (engine/classify-e1.ts with
 * the same categoriser, the app's accepted feedback rules as of now, own IBANs and the recurring
 * transactions of the sequences found), and stores nothing: the only read is of the app's rules.
 */
export class EnrichTransactionsService {
  constructor(private readonly feedbackRules: FeedbackRules) {}

  async execute(cmd: EnrichTransactionsCommand, now = new Date()): Promise<Result<EnrichmentDto, TooManyTransactions | ValidationFailed>> {
    const { body } = cmd;
    if (body.transactions.length > MAX_ENRICH_TRANSACTIONS) return err(new TooManyTransactions(body.transactions.length));
    const duplicates = duplicateIds(body.transactions);
    if (duplicates) return err(duplicates);

    const transactions = body.transactions.map(transactionOf);
    const ownIbans = ownIbanSet(body.ownIbans);
    const sequencing = detectSequences(transactions, { asOf: now, ownAccountNumbers: [...ownIbans] });
    const feedbackRules = await this.feedbackRules.rulesFor(cmd.clientId, now);
    const entries = classifyE1(transactions, defaultCategorise, { profile: body.profile, ownIbans, recurringIds: sequenceMemberIds(sequencing), feedbackRules, kvkNumber: body.kvkNumber ?? null });
    return ok({
      transactions: entries.map(({ tx, categorisation }) => ({ id: tx.id, ...categorisation!, counterparty: normalisedCounterparty(tx) })),
      sequencing: cmd.includeSequences
        ? { incomeSequences: sequencing.incomeSequences.map(withIds), expenseSequences: sequencing.expenseSequences.map(withIds), engineVersion: sequencing.engineVersion }
        : null,
    });
  }
}
