import type { AnalysisResult, TransactionDto } from '@obp/contracts';
import type { FeedbackRule } from '@obp/categorisation';
import { detectSequences } from '@obp/sequencing';
import { isoDay } from './booking-date';
import { categorisedTransactions } from './categorised-transactions';
import { defaultCategorise, type Categorise } from './categoriser';
import { classifyE1 } from './classify-e1';
import { classifyZ2 } from './classify-z2';
import { corporateSummary } from './corporate-summary';
import { byBooking, type Entry } from './entry';
import { indicators } from './indicators';
import { ownIbanSet } from './internal-transfers';
import { monthlyFlows, monthSpanOf } from './monthly-flows';
import { resultCurrency, sequencesIn } from './result-currency';
import { sequenceMemberIds, type SequenceDetector } from './sequences';

/** Semantic version of each engine: of its algorithm and of the meaning of its figures; bump on any change to either. */
export const ANALYSIS_ENGINE_VERSIONS: Record<'e1' | 'z2', string> = { e1: '1.2.0', z2: '1.2.0' };

export interface AnalysisInput {
  jobId: string;
  engine: 'e1' | 'z2';
  profile: 'retail' | 'corporate';
  countryCode: string | null;
  kvkNumber: string | null;
  consentIds: string[];
  accountIds: string[];
  transactions: TransactionDto[];
  /** IBANs of the consents' own accounts. */
  ownIbans: string[];
  /** The job's `Metadata.internal_ibans`. */
  internalIbans: string[];
  /** The instant the analysis is made for (sequencing windows and statuses). */
  asOf: Date;
  /** Accepted categorisation feedback of the job's app (engine e1). */
  feedbackRules?: FeedbackRule[];
}

export interface AnalysisDependencies {
  categorise?: Categorise;
  detectSequences?: SequenceDetector;
}

/**
 * The analysis of one job's transactions: pure, the result depends only on the input. Every transaction given
 * is in the period, the months, the totals, the indicators and (e1) `transactions`; only sequencing keeps to
 * its latest 13 months before `asOf` (the spec's rule). The service gives the whole fetched history. Engine e1 categorises every transaction and follows the
 * categories; engine z2 does not categorise and goes by sign, codes and descriptions (classify-z2.ts). Both
 * detect sequences, leave own-account transfers out of every figure, and trace each figure to its
 * transactions. Every money figure is in one currency, the one most transactions are booked in
 * (result-currency.ts); transactions in another are in no figure and are listed instead. Throws on a corporate profile without a KvK number and on an unreadable booking date.
 */
export function analyse(input: AnalysisInput, deps: AnalysisDependencies = {}): AnalysisResult {
  if (input.profile === 'corporate' && !input.kvkNumber) throw new RangeError('profile corporate needs a kvkNumber');
  const detect: SequenceDetector = deps.detectSequences ?? detectSequences;
  const ownIbans = ownIbanSet(input.ownIbans, input.internalIbans);
  const sequencing = detect(input.transactions, { asOf: input.asOf, ownAccountNumbers: [...ownIbans] });

  const entries: Entry[] =
    input.engine === 'e1'
      ? classifyE1(input.transactions, deps.categorise ?? defaultCategorise, {
          profile: input.profile,
          ownIbans,
          recurringIds: sequenceMemberIds(sequencing),
          kvkNumber: input.kvkNumber,
          ...(input.feedbackRules ? { feedbackRules: input.feedbackRules } : {}),
        })
      : classifyZ2(input.transactions, ownIbans);
  entries.sort(byBooking);

  const currency = resultCurrency(input.transactions);
  const inResultCurrency = entries.filter((entry) => entry.tx.currency === currency);
  const span = monthSpanOf(entries);
  const flows = monthlyFlows(inResultCurrency, input.engine === 'e1', span);
  const first = entries[0];
  const last = entries[entries.length - 1];
  return {
    jobId: input.jobId,
    engine: input.engine,
    engineVersion: ANALYSIS_ENGINE_VERSIONS[input.engine],
    currency,
    profile: input.profile,
    countryCode: input.countryCode,
    kvkNumber: input.kvkNumber,
    period: first && last ? { from: isoDay(first.ms), to: isoDay(last.ms) } : null,
    consentIds: input.consentIds,
    accountIds: input.accountIds,
    sequencing,
    months: flows.months,
    totals: flows.totals,
    indicators: indicators(inResultCurrency, sequencesIn(sequencing, currency), input.asOf, flows.expenseCents),
    corporate: input.profile === 'corporate' && input.kvkNumber ? corporateSummary(inResultCurrency, input.kvkNumber, span) : null,
    transactions: input.engine === 'e1' ? categorisedTransactions(entries) : null,
    internalTransferIds: entries.filter((entry) => entry.internal).map((entry) => entry.tx.id),
    otherCurrencyTransactionIds: entries.filter((entry) => entry.tx.currency !== currency).map((entry) => entry.tx.id),
  };
}
