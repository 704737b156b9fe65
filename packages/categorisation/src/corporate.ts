/**
 * The corporate profile (business and sole-trader accounts): what a household would spend on
 * groceries, shopping or eating out is a business cost there, and money received from customers is
 * business income. Categories that name a kind of cost a business has under the same name stay as
 * they are: housing (premises rent, energy, water, local taxes), insurance, telecom, subscriptions,
 * transport, travel, taxes, loans, bank fees, cash, charity and gambling.
 */
import type { Category } from './types';

const CORPORATE_CATEGORIES: ReadonlyMap<string, Category> = new Map<string, Category>([
  ['expenses.groceries', 'expenses.business.supplies'],
  ['expenses.shopping', 'expenses.business.supplies'],
  ['expenses.eating-out', 'expenses.business.meals'],
  ['expenses.leisure', 'expenses.business'],
  ['expenses.health', 'expenses.business'],
  ['expenses.education', 'expenses.business.training'],
  ['expenses.childcare', 'expenses.business'],
  ['expenses.to-people', 'expenses.business'],
  ['expenses.other', 'expenses.business'],
  ['income.from-people', 'income.business'],
  ['income.other', 'income.business'],
]);

/**
 * The category as the corporate profile reads it. Finer leaves are kept: they say more than
 * "business" (alimony, dividend, a gambling win, a cash deposit, legal costs).
 */
export function forCorporate(category: Category): Category {
  return CORPORATE_CATEGORIES.get(category) ?? category;
}
