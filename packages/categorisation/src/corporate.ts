/**
 * The corporate profile (business and sole-trader accounts): what a household would spend on
 * groceries, shopping or eating out is a business cost there, and so are the running costs a
 * business has (fuel, car and parking, travel, telecom, software subscriptions, insurance other than
 * health, premises rent): the platform labels them `expenses.business.*`. Money received from
 * customers is business income. Housing utilities (energy, water, local taxes), health insurance,
 * taxes, loans, bank fees, cash, charity and gambling stay as they are.
 */
import { canonicalOf } from './canonical';
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

/** Running costs: the whole canonical category (with any leaf below it) becomes a business leaf. */
const CORPORATE_RUNNING_COSTS: ReadonlyMap<string, Category> = new Map<string, Category>([
  ['expenses.transport.fuel', 'expenses.business.transport.fuel'],
  ['expenses.transport.car', 'expenses.business.transport.car'],
  ['expenses.transport.public', 'expenses.business.travel'],
  ['expenses.travel', 'expenses.business.travel'],
  ['expenses.telecom', 'expenses.business.telecom'],
  ['expenses.subscriptions', 'expenses.business.software'],
  ['expenses.insurance.other', 'expenses.business.insurance'],
  ['expenses.housing.rent', 'expenses.business.rent'],
]);

/**
 * The category as the corporate profile reads it. Finer leaves of the household categories are
 * kept: they say more than "business" (alimony, dividend, a gambling win, a cash deposit, legal costs).
 */
export function forCorporate(category: Category): Category {
  const exact = CORPORATE_CATEGORIES.get(category);
  if (exact) return exact;
  return CORPORATE_RUNNING_COSTS.get(canonicalOf(category) ?? '') ?? category;
}
