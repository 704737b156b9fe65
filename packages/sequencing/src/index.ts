/** @obp/sequencing: detection of recurring income and expenses in a bank account history. */
export { detectSequences, ENGINE_VERSION, HISTORY_MONTHS } from './detect-sequences';
export { InvalidSequencingInput } from './errors';
export { normaliseCounterpartName } from './normalise-counterparty';
export type {
  AmountConsistency,
  AmountRange,
  AmountStatistics,
  Periodicity,
  Sequence,
  SequenceStatus,
  SequencingOptions,
  SequencingResult,
  SequencingTransaction,
  TimeConsistency,
  TimeStatistics,
} from './types';
