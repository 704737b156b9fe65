export { buildHeldOutSet, heldOutClasses, heldOutSet, HELD_OUT_SEED, type HeldOutClass, type HeldOutItem } from './held-out-set';
export { evaluateHeldOut, heldOutScoreInputs, type HeldOutEvaluation } from './evaluate';
export { bankLayouts, type BankLayout } from './layouts';
