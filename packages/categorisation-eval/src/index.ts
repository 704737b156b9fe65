/**
 * @obp/categorisation-eval: an independent evaluation of the transaction categoriser. A hand-written,
 * labelled set of realistic Dutch bank transactions, a pure scorer, and runners for the hand-written set and
 * the sandbox bank's labelled data.
 */
export { handWrittenSet, type EvalProfile, type ExpectedLabel, type HandWrittenItem } from './hand-written-set';
export { formatReliability, formatScore, reliabilityOf, score, type ReliabilityBin, type CategoryScore, type FlagScore, type FormatOptions, type Misclassified, type Score, type ScoreInput, type ScoreOptions } from './score';
export { evaluateHandWritten, evaluateSandbox, handWrittenScoreInputs, sandboxScoreInputs, sandboxTransactionDto, type SandboxEvaluationOptions } from './evaluate';
export { creditorId, deterministicGuid, iban, isValidIban, nl } from './support';
export { bankLayouts, buildHeldOutSet, evaluateHeldOut, heldOutClasses, heldOutDevFailures, heldOutHalves, heldOutScoreInputs, heldOutSet, HELD_OUT_SEED, readableHalves, splitTemplates, type BankLayout, type HeldOutClass, type HeldOutDevFailure, type HeldOutEvaluation, type HeldOutHalf, type HeldOutItem, type HeldOutScores } from './held-out';
export { buildFreshSet, evaluateFreshSet, freshBanks, freshRoutes, freshSet, freshShops, type FreshBank, type FreshEvaluation, type FreshItem, type FreshRoute, type FreshShop } from './fresh-processor-fronted';
