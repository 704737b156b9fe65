/**
 * Evidence as candidates, and how the verdict is chosen: the most confident candidate wins (on a
 * tie, the stronger kind of evidence, then the longer matched phrase); other kinds of evidence that
 * agree on its canonical category raise its confidence a little; a less confident candidate that
 * names a finer leaf below the winner ("expenses.taxes.vat" below "expenses.taxes") refines it.
 */
import { canonicalOf } from './canonical';
import type { Category } from './types';

/** Kinds of evidence, strongest first (the order ties are broken in). */
export const Evidence = {
  ReturnedDebit: 0,
  MerchantName: 1,
  Purpose: 2,
  TransactionType: 3,
  Keyword: 4,
  MerchantText: 5,
  Model: 6,
} as const;
export type EvidenceKind = (typeof Evidence)[keyof typeof Evidence];

export interface Candidate {
  category: Category;
  confidence: number;
  /** Rule id without `rule:`; null for a model guess. */
  ruleId: string | null;
  evidence: EvidenceKind;
  /** Length of the matched phrase or name: the more specific wins a tie. */
  specificity: number;
  /** The merchant sells memberships or plans (telecom, gyms). */
  membership: boolean;
}

export interface Verdict {
  category: Category;
  confidence: number;
  ruleId: string | null;
  membership: boolean;
}

const AGREEMENT_BONUS = 0.05;

/**
 * Finer readings outside the winner's own tree: municipal taxes (a TAXS purpose code says only
 * "taxes"); what a health insurer collects that is not the premium (eigen risico is care,
 * a package of car/home insurance is other insurance); the health premium an insurer of cars and
 * homes collects (Centraal Beheer, Interpolis, a.s.r. sell health cover too).
 */
const CROSS_REFINEMENTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['expenses.taxes', ['expenses.housing.local-taxes']],
  ['expenses.insurance.health', ['expenses.health', 'expenses.insurance.other']],
  ['expenses.insurance.other', ['expenses.insurance.health']],
]);
const MIN_CROSS_REFINEMENT = 0.7;
const MAX_COMBINED_CONFIDENCE = 0.98;

function beats(a: Candidate, b: Candidate): boolean {
  if (a.confidence !== b.confidence) return a.confidence > b.confidence;
  if (a.evidence !== b.evidence) return a.evidence < b.evidence;
  return a.specificity > b.specificity;
}

export function strongest(candidates: readonly Candidate[]): Candidate | null {
  let best: Candidate | null = null;
  for (const candidate of candidates) if (best === null || beats(candidate, best)) best = candidate;
  return best;
}

/** The verdict the candidates support; there must be at least one. */
export function decide(candidates: readonly Candidate[]): Verdict {
  const best = strongest(candidates);
  if (best === null) throw new RangeError('decide needs at least one candidate');
  const canonical = canonicalOf(best.category);
  let agreeing = 0;
  let seen = 1 << best.evidence;
  let category = best.category;
  let refinementConfidence = -1;
  const cross = CROSS_REFINEMENTS.get(best.category);
  for (const candidate of candidates) {
    if (candidate === best) continue;
    if (candidate.evidence !== Evidence.Model && (seen & (1 << candidate.evidence)) === 0 && canonicalOf(candidate.category) === canonical) {
      seen |= 1 << candidate.evidence;
      agreeing++;
    }
    if ((candidate.category.startsWith(`${best.category}.`) || (cross !== undefined && candidate.confidence >= MIN_CROSS_REFINEMENT && candidate.evidence === Evidence.Keyword && cross.includes(canonicalOf(candidate.category) ?? ''))) && candidate.confidence > refinementConfidence) {
      category = candidate.category;
      refinementConfidence = candidate.confidence;
    }
  }
  const confidence = agreeing === 0 ? best.confidence : Math.max(best.confidence, Math.min(MAX_COMBINED_CONFIDENCE, best.confidence + agreeing * AGREEMENT_BONUS));
  return { category, confidence, ruleId: best.ruleId, membership: best.membership };
}
