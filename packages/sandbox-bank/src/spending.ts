/**
 * Pieces both profiles use: accounts, the card a persona pays with, shops, and the quarterly savings interest.
 */
import { MONTHS_NL, dayInMonth, formatDate, monthOfMonth, nextBankingDay, yearOfMonth } from './calendar';
import { store } from './catalog';
import { label, type Label, type Ledger, type Span, type Store } from './ledger';
import { hashHex, type Rng } from './random';
import { monthsOf } from './schedule';
import type { SandboxAccount, SandboxProfile } from './types';

export function account(seed: string, profile: SandboxProfile, role: string, fields: Omit<SandboxAccount, 'externalId' | 'currency'>): SandboxAccount {
  return { externalId: `acc-${hashHex(seed, profile, 'account', role)}`, currency: 'EUR', ...fields };
}

export interface Cardholder {
  account: SandboxAccount;
  /** Card sequence number printed as `PAS123`. */
  pas: string;
  /** How the card is presented: `Betaalpas`, `Apple Pay`, `Google Pay`, with weights. */
  devices: readonly (readonly [string, number])[];
}

export function cardholder(account: SandboxAccount, rng: Rng, wallets: boolean): Cardholder {
  const pas = String(rng.int(100, 999));
  const wallet = rng.chance(0.6) ? 'Apple Pay' : 'Google Pay';
  return { account, pas, devices: wallets ? [['Betaalpas', 2], [wallet, 3]] : [['Betaalpas', 1]] };
}

/** A branch of a chain (or an independent business) in a city; SumUp/CCV merchants keep their own label. */
export function localStore(brand: string, city: string): Store {
  const label = /^(SumUp \*|CCV\*)/.test(brand) ? brand : `${brand} ${city}`;
  return store(label, city);
}

/** Minutes after midnight, as an inclusive range. */
export type TimeWindow = readonly [number, number];

export const HOURS = {
  coffee: [7 * 60 + 30, 16 * 60] as TimeWindow,
  lunch: [11 * 60 + 45, 14 * 60] as TimeWindow,
  dinner: [18 * 60, 22 * 60 + 30] as TimeWindow,
  shop: [9 * 60 + 30, 18 * 60 + 30] as TimeWindow,
  groceries: [9 * 60, 20 * 60 + 30] as TimeWindow,
  fuel: [7 * 60, 21 * 60] as TimeWindow,
  online: [7 * 60, 23 * 60 + 30] as TimeWindow,
};

const REFUND = label('income.refund', 'refund');

/**
 * A card payment (or refund) at `shop` on `day`; late-evening payments are usually booked the next banking day.
 * A refund is labelled `income.refund`, flagged `refund`, whatever `what` the purchase was.
 */
export function payByCard(ledger: Ledger, key: string, holder: Cardholder, shop: Store, day: number, rng: Rng, amount: number, hours: TimeWindow, what: Label, refund = false): void {
  const minutes = rng.int(hours[0], hours[1]);
  ledger.card(key, holder.account, {
    store: shop,
    day,
    minutes,
    amount,
    late: rng.chance(minutes >= 18 * 60 ? 0.7 : 0.2),
    device: rng.weighted(holder.devices),
    pas: holder.pas,
    terminal: rng.pick(shop.terminals),
    refund,
    label: refund ? REFUND : what,
  });
}

/** Interest on a savings account, credited on the first banking day after each quarter. */
export function quarterlyInterest(ledger: Ledger, span: Span, savings: SandboxAccount, rngOf: (monthIndex: number) => Rng, min: number, max: number): void {
  for (const mi of monthsOf(span)) {
    if (monthOfMonth(mi) % 3 !== 0) continue;
    const from = dayInMonth(mi - 3, 1);
    const to = dayInMonth(mi, 1) - 1;
    ledger.bankCredit(`interest:${mi}`, savings, nextBankingDay(dayInMonth(mi, 1)), rngOf(mi).cents(min, max), `Creditrente ${formatDate(from)} t/m ${formatDate(to)}`, label('income.interest'));
  }
}

export function monthName(monthIndex: number): string {
  return MONTHS_NL[monthOfMonth(monthIndex)];
}

/** `november 2026` */
export function monthLabel(monthIndex: number): string {
  return `${monthName(monthIndex)} ${yearOfMonth(monthIndex)}`;
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
