/** The processor-fronted sets scored: how many items the categoriser puts in their labelled category (flags are not scored). */
import { categorise } from '../categorise';
import { fourthRoundSet } from './fourth-round-items';
import { processorFrontedSet, type ProcessorFrontedItem } from './items';

export interface ProcessorFrontedScore {
  correct: number;
  total: number;
  accuracy: number;
}

/** A label names a category or any finer leaf below it: a sole trader's 'expenses.business' takes 'expenses.business.software'. */
function inCategory(category: string, expected: string): boolean {
  return category === expected || category.startsWith(`${expected}.`);
}

export function scoreProcessorFronted(items: readonly ProcessorFrontedItem[] = processorFrontedSet): ProcessorFrontedScore {
  let correct = 0;
  for (const { transaction, options, expected } of items) {
    const [result] = categorise([transaction], options);
    if (inCategory(result.category, expected)) correct++;
  }
  return { correct, total: items.length, accuracy: correct / items.length };
}

/** The second set, written before the fourth round (fourth-round-items.ts). */
export function scoreFourthRoundSet(): ProcessorFrontedScore {
  return scoreProcessorFronted(fourthRoundSet);
}
