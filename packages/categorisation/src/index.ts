/** @obp/categorisation: categories and flags for Dutch bank transactions (retail and corporate). Pure: no I/O. */
export { categorise, categoriseOne } from './categorise';
export { normalisedCounterparty } from './counterparty';
export type { CategorisedTransaction, CategoriseOptions, FeedbackRule } from './types';
export { CATEGORISER_VERSION } from './version';
export { feedbackRuleFrom, orderFeedbackRules, type AcceptedCorrection, type RankedFeedbackRule } from './feedback-rule-from';
