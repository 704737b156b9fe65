/** The processor-fronted set scored: how many items the categoriser puts in their labelled category (flags are not scored). */
import { categorise } from '../categorise';
import { processorFrontedSet, type ProcessorFrontedItem } from './items';

export interface ProcessorFrontedScore {
  correct: number;
  total: number;
  accuracy: number;
}

export function scoreProcessorFronted(items: readonly ProcessorFrontedItem[] = processorFrontedSet): ProcessorFrontedScore {
  let correct = 0;
  for (const { transaction, options, expected } of items) {
    const [result] = categorise([transaction], options);
    if (result.category === expected) correct++;
  }
  return { correct, total: items.length, accuracy: correct / items.length };
}
