export { buildHeldOutSet, heldOutClasses, heldOutSet, HELD_OUT_SEED, type HeldOutClass, type HeldOutItem } from './held-out-set';
export { evaluateHeldOut, heldOutDevFailures, heldOutScoreInputs, type HeldOutDevFailure, type HeldOutEvaluation, type HeldOutScores } from './evaluate';
export { bankLayouts, type BankLayout } from './layouts';
export { heldOutHalves, readableHalves, splitTemplates, type HeldOutHalf } from './split';
