/**
 * Accepted feedback as feedback rules: what about the corrected transaction says "this counterparty",
 * and which rule wins when several match.
 */
import type { TransactionDto, TransactionFlag } from '@obp/contracts';
import { fold } from './normalise';
import type { FeedbackRule } from './types';
import { viewOf } from './view';

/** A correction a reviewer accepted: the transaction as the app described it, and the categorisation it should have. */
export interface AcceptedCorrection {
  id: string;
  acceptedAt: Date;
  transaction: TransactionDto;
  category: string;
  flags: TransactionFlag[];
}

/** A feedback rule with what orders it among others: the more specific first, then the newest. */
export interface RankedFeedbackRule {
  rule: FeedbackRule;
  /** 3: the counterparty's account number; 2: its name; 1: a description pattern alone. */
  specificity: number;
  acceptedAt: Date;
}

/** Words of a description that say what it is, not when or which instance: no digits, at least three letters. */
const PATTERN_WORDS = 3;
const wordsOf = (text: string): string[] => fold(text).split(/[^a-z0-9]+/);
const describingWords = (description: string, leaveOut: ReadonlySet<string> = new Set()): string[] =>
  wordsOf(description)
    .filter((word) => word.length >= 3 && !/\d/.test(word) && !leaveOut.has(word))
    .slice(0, PATTERN_WORDS);

const LABEL_WORDS = ['naam', 'omschrijving', 'iban', 'kenmerk', 'machtiging', 'incassant'];

/**
 * The rule a correction teaches: the counterparty's account number when it has one of its own; through a
 * payment processor (Mollie, Adyen, …, whose account and name many merchants share), the words that name
 * the merchant in the description; else the counterparty's name, or the one the description gives; else
 * the first words of the description that carry no digits (dates, references and amounts differ every
 * time), in order. Null when none of them exists: such a correction cannot be recognised in another
 * transaction.
 */
export function feedbackRuleFrom(correction: AcceptedCorrection): RankedFeedbackRule | null {
  const { transaction, acceptedAt } = correction;
  const view = viewOf(transaction);
  const base = { id: correction.id, category: correction.category, flags: correction.flags };
  const byPattern = (words: string[], specificity: number): RankedFeedbackRule | null =>
    words.length === 0 ? null : { rule: { ...base, descriptionPattern: words.join('*') }, specificity, acceptedAt };
  if (view.viaProcessor) {
    const processorWords = new Set([...wordsOf(transaction.counterpartName ?? ''), ...LABEL_WORDS]);
    return byPattern(describingWords(view.facts.remittance ?? transaction.description ?? '', processorWords), 2);
  }
  if (view.iban !== '') return { rule: { ...base, counterpartAccountNumber: view.iban }, specificity: 3, acceptedAt };
  const name = transaction.counterpartName ?? view.facts.name;
  if (name && (view.counterpartName !== null || view.describedName !== null)) return { rule: { ...base, counterpartName: name }, specificity: 2, acceptedAt };
  return byPattern(describingWords(transaction.description ?? ''), 1);
}

/**
 * The rules in the order the categoriser tries them (the first that matches wins): the more specific
 * before the more general, and among equally specific ones the newest accepted first.
 */
export function orderFeedbackRules(rules: readonly RankedFeedbackRule[]): FeedbackRule[] {
  return [...rules]
    .sort((a, b) => b.specificity - a.specificity || b.acceptedAt.getTime() - a.acceptedAt.getTime() || a.rule.id.localeCompare(b.rule.id))
    .map((ranked) => ranked.rule);
}
