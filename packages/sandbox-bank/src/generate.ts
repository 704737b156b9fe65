/**
 * Turns a profile's drafts into the dataset for a window. The profiles generate every occurrence of every
 * stream for the periods touching the window (plus a margin for payments shifted by weekends, holidays and
 * payment terms); only here is the window applied, by booking date. So the data is a function of the seed
 * alone, and a later `asOf` returns the same transactions for the overlapping dates plus new ones.
 */
import { generateBusiness } from './business-profile';
import { DAY_MS, dayOf, isoDateTime, subtractMonths } from './calendar';
import { Ledger, TRANSACTION_TYPE_NAMES, type Draft } from './ledger';
import { hashHex } from './random';
import { generateRetail } from './retail-profile';
import type { GenerateOptions, LabelledSandboxDataset, LabelledSandboxTransaction, SandboxAccount, SandboxDataset, SandboxProfile, SandboxTransaction } from './types';

export const DEFAULT_MONTHS = 14;

/**
 * Days generated beyond either end of the window: more than any shift of a booking from the day it belongs
 * to (weekends and holidays, card settlement, a refund two weeks after a purchase). Invoices, paid up to
 * three months after their month, are enumerated by month in business-profile.ts.
 */
const MARGIN_DAYS = 20;

/** Seeds starting with `business` (any case) get the sole-trader profile; all others the household. */
export function profileForSeed(seed: string): SandboxProfile {
  return /^business/i.test(seed) ? 'business' : 'retail';
}

export function generateSandboxData(options: GenerateOptions): SandboxDataset {
  const { accounts, drafts } = draftsInWindow(options);
  return { accounts, transactions: drafts.map(({ draft, id }) => transactionOf(draft, id)) };
}

/**
 * The same dataset as `generateSandboxData` (same transactions, ids and fields), each transaction with its
 * label: the category and flags it truly has, set where the profile generated it. For testing categorisation.
 */
export function generateLabelledSandboxData(options: GenerateOptions): LabelledSandboxDataset {
  const { accounts, drafts } = draftsInWindow(options);
  return {
    accounts,
    transactions: drafts.map(({ draft, id }): LabelledSandboxTransaction => ({
      ...transactionOf(draft, id),
      label: { category: draft.label.category, flags: [...draft.label.flags] },
    })),
  };
}

/** The drafts booked inside the window, with their ids, sorted by booking day, then id. */
function draftsInWindow(options: GenerateOptions): { accounts: SandboxAccount[]; drafts: { draft: Draft; id: string }[] } {
  const { seed, profile, asOf } = options;
  const months = options.months ?? DEFAULT_MONTHS;
  if (typeof seed !== 'string') throw new TypeError('seed must be a string');
  if (profile !== 'retail' && profile !== 'business') throw new TypeError(`unknown sandbox profile: ${String(profile)}`);
  if (!(asOf instanceof Date) || Number.isNaN(asOf.getTime())) throw new TypeError('asOf must be a valid Date');
  if (!Number.isInteger(months) || months < 1 || months > 120) throw new RangeError('months must be an integer from 1 to 120');

  const upper = asOf.getTime();
  const lower = subtractMonths(asOf, months).getTime();
  const ledger = new Ledger({ from: dayOf(lower) - MARGIN_DAYS, to: dayOf(upper) + MARGIN_DAYS });
  const accounts = profile === 'retail' ? generateRetail(seed, ledger) : generateBusiness(seed, ledger);

  const seen = new Set<string>();
  const inWindow: { draft: Draft; id: string }[] = [];
  for (const draft of ledger.drafts) {
    const booked = draft.bookingDay * DAY_MS;
    if (booked <= lower || booked > upper) continue;
    if (seen.has(draft.key)) throw new Error(`sandbox-bank: two transactions share the key ${draft.key}`);
    seen.add(draft.key);
    inWindow.push({ draft, id: `tx-${hashHex(seed, profile, draft.key)}` });
  }
  inWindow.sort((a, b) => a.draft.bookingDay - b.draft.bookingDay || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { accounts, drafts: inWindow };
}

function transactionOf(draft: Draft, id: string): SandboxTransaction {
  return {
    externalId: id,
    accountExternalId: draft.account.externalId,
    amount: draft.amount,
    currency: 'EUR',
    bookingDate: isoDateTime(draft.bookingDay),
    valueDate: isoDateTime(draft.valueDay),
    description: draft.description,
    counterpartName: draft.counterpartName,
    counterpartAccountNumber: draft.counterpartAccountNumber,
    transactionType: draft.type,
    transactionTypeName: TRANSACTION_TYPE_NAMES[draft.type],
    reasonCode: draft.reasonCode,
    purposeCode: draft.purposeCode,
  };
}
