/**
 * Feedback rules: categorisations the customer taught. A rule matches when every criterion it
 * names matches; the first matching rule, in the order given, wins.
 */
import { canonicalCategoryOf, transactionFlags, type TransactionFlag } from '@obp/contracts';
import { fold, merchantKey, normaliseIban, normaliseName, type NormalisedName } from './normalise';
import type { FeedbackRule } from './types';
import type { TransactionView } from './view';

export interface CompiledFeedbackRule {
  id: string;
  category: string;
  flags: readonly TransactionFlag[];
  nameKey: string | null;
  iban: string | null;
  pattern: RegExp | null;
}

const knownFlags: ReadonlySet<string> = new Set(transactionFlags);

function invalid(rule: FeedbackRule, reason: string): RangeError {
  return new RangeError(`feedback rule ${JSON.stringify(rule.id)}: ${reason}`);
}

/** "termijn*energie" → /termijn.*energie/: `*` is any run of characters, everything else literal; accents and case ignored. */
function patternOf(written: string): RegExp {
  const literal = fold(written)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(literal);
}

function compile(rule: FeedbackRule): CompiledFeedbackRule {
  if (canonicalCategoryOf(rule.category) === null) throw invalid(rule, `category ${JSON.stringify(rule.category)} is not a canonical category or a leaf below one`);
  for (const flag of rule.flags) if (!knownFlags.has(flag)) throw invalid(rule, `flag ${JSON.stringify(flag)} is not a transaction flag`);
  const nameKey = rule.counterpartName ? merchantKey(normaliseName(rule.counterpartName)) : null;
  const iban = rule.counterpartAccountNumber ? normaliseIban(rule.counterpartAccountNumber) : null;
  const pattern = rule.descriptionPattern && rule.descriptionPattern.replace(/\*/g, '').trim() !== '' ? patternOf(rule.descriptionPattern) : null;
  if (!nameKey && !iban && !pattern) throw invalid(rule, 'names no criterion that can match (counterpartName, counterpartAccountNumber or descriptionPattern)');
  return { id: rule.id, category: rule.category, flags: rule.flags, nameKey, iban, pattern };
}

const compiledRules = new WeakMap<readonly FeedbackRule[], readonly CompiledFeedbackRule[]>();

/** The rules checked and compiled, once per array; throws a RangeError naming the first invalid rule. */
export function compileFeedbackRules(rules: readonly FeedbackRule[] | undefined): readonly CompiledFeedbackRule[] {
  if (!rules || rules.length === 0) return [];
  let compiled = compiledRules.get(rules);
  if (!compiled) {
    compiled = rules.map(compile);
    compiledRules.set(rules, compiled);
  }
  return compiled;
}

function nameMatches(key: string, name: NormalisedName | null): boolean {
  if (name === null) return false;
  return name.text === key || name.text.startsWith(`${key} `);
}

function matches(rule: CompiledFeedbackRule, view: TransactionView, foldedDescription: () => string): boolean {
  if (rule.iban !== null && rule.iban !== view.iban) return false;
  if (rule.nameKey !== null && !nameMatches(rule.nameKey, view.counterpartName) && !nameMatches(rule.nameKey, view.describedName)) return false;
  return rule.pattern === null || rule.pattern.test(foldedDescription());
}

/** The first rule that matches the transaction, or null. */
export function matchFeedback(rules: readonly CompiledFeedbackRule[], view: TransactionView): CompiledFeedbackRule | null {
  if (rules.length === 0) return null;
  let folded: string | null = null;
  const foldedDescription = () => (folded ??= fold(view.transaction.description ?? ''));
  for (const rule of rules) if (matches(rule, view, foldedDescription)) return rule;
  return null;
}
