import { z } from 'zod/v4';
import { component } from './schema/json-schema';

/**
 * The canonical categories (dotted paths). Finer leaves may be added below any of them (e.g.
 * `expenses.subscriptions.streaming`); a category is judged by the canonical path it starts with.
 */
export const canonicalCategories = [
  'income.salary',
  'income.benefits',
  'income.pension',
  'income.interest',
  'income.refund',
  'income.business',
  'income.from-people',
  'income.other',
  'expenses.housing.rent',
  'expenses.housing.mortgage',
  'expenses.housing.energy',
  'expenses.housing.water',
  'expenses.housing.local-taxes',
  'expenses.insurance.health',
  'expenses.insurance.other',
  'expenses.telecom',
  'expenses.subscriptions',
  'expenses.groceries',
  'expenses.eating-out',
  'expenses.transport.public',
  'expenses.transport.fuel',
  'expenses.transport.car',
  'expenses.shopping',
  'expenses.health',
  'expenses.leisure',
  'expenses.travel',
  'expenses.education',
  'expenses.childcare',
  'expenses.charity',
  'expenses.gambling',
  'expenses.cash',
  'expenses.taxes',
  'expenses.loans',
  'expenses.bank-fees',
  'expenses.to-people',
  'expenses.business',
  'expenses.other',
  'transfers.own-accounts',
  'transfers.savings',
] as const;

export type CanonicalCategory = (typeof canonicalCategories)[number];

export const transactionFlags = ['recurring', 'internal-transfer', 'refund', 'cash-withdrawal', 'gambling', 'direct-debit', 'returned-direct-debit', 'subscription'] as const;

export type TransactionFlag = (typeof transactionFlags)[number];

const canonicalSet: ReadonlySet<string> = new Set(canonicalCategories);

/** The canonical category `category` is, or lies below; null when it is none of them. */
export function canonicalCategoryOf(category: string): CanonicalCategory | null {
  const parts = category.split('.');
  for (let length = parts.length; length > 0; length--) {
    const prefix = parts.slice(0, length).join('.');
    if (canonicalSet.has(prefix)) return prefix as CanonicalCategory;
  }
  return null;
}

/** A canonical category or a finer leaf below one: lower-case words joined by dots. */
export const categorySchema = component(
  'Category',
  z
    .string()
    .max(200)
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a dotted lower-case path')
    .refine((value) => canonicalCategoryOf(value) !== null, 'must be one of the canonical categories or a finer leaf below one')
    .meta({ description: `One of the canonical categories, or a finer leaf below one: ${canonicalCategories.join(', ')}.`, examples: [...canonicalCategories] }),
);

export const transactionFlagSchema = component('TransactionFlag', z.enum(transactionFlags));
