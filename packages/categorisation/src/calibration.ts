/**
 * The confidence a categorisation reports, from the strength its evidence was weighed with. The rule
 * families weigh evidence against each other on their own scale (a keyword 0.6, a catalogue merchant
 * 0.95); how often an answer of each kind is right is another matter, measured on the labelled sets
 * (packages/categorisation-eval: reliability table and expected calibration error in the accuracy bench).
 * A rule's answer is right far more often than its weight says, a model guess less often: the reported
 * confidence is the measured chance of being right, so an app can route everything below a threshold to
 * review. Decisions inside the categoriser keep using the weights.
 */

/** A rule's weight (0.3–1) mapped onto how often such answers were right: [RULE_FLOOR, RULE_FLOOR + RULE_SPAN]. */
const RULE_FLOOR = 0.85;
const RULE_SPAN = 0.14;
/**
 * Model guesses: one from who the other party is (a person, an organisation: weight 0.45 and up) is
 * usually right; one that knows nothing of the payee (weight below 0.4: "expenses.other") seldom is.
 */
const KNOWN_PARTY_WEIGHT = 0.4;
const KNOWN_PARTY_FLOOR = 0.6;
const KNOWN_PARTY_SPAN = 0.4;
const UNKNOWN_PARTY_SCALE = 0.7;

function modelConfidence(weight: number): number {
  return weight >= KNOWN_PARTY_WEIGHT ? KNOWN_PARTY_FLOOR + KNOWN_PARTY_SPAN * weight : UNKNOWN_PARTY_SCALE * weight;
}

export type ConfidenceSource = 'rule' | 'model';

export function reportedConfidence(weight: number, source: ConfidenceSource): number {
  const calibrated = source === 'rule' ? RULE_FLOOR + RULE_SPAN * weight : modelConfidence(weight);
  return Math.round(calibrated * 100) / 100;
}
