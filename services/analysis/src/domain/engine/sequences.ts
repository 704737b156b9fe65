import type { TransactionDto } from '@obp/contracts';
import type { SequencingOptions, SequencingResult } from '@obp/sequencing';

export type Sequencing = SequencingResult<TransactionDto>;

/** The sequence detector the engine uses (@obp/sequencing's `detectSequences`, or a stand-in in tests). */
export type SequenceDetector = (transactions: readonly TransactionDto[], options: SequencingOptions) => Sequencing;

/** Ids of the transactions in any detected sequence: the recurring ones. */
export function sequenceMemberIds(sequencing: Sequencing): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const sequence of [...sequencing.incomeSequences, ...sequencing.expenseSequences]) for (const tx of sequence.transactions) ids.add(tx.id);
  return ids;
}
