/**
 * The profiles record transactions on a Ledger as drafts: a key naming the real-world event (unique per seed
 * and profile, e.g. `salary:24322`), the account, the booking facts and the label (what the transaction truly
 * is, known where it is generated). The generator turns the drafts in the requested window into
 * SandboxTransactions.
 */
import type { CanonicalCategory, TransactionFlag } from '@obp/contracts';
import { isBankingDay, nextBankingDay } from './calendar';
import { cardText, idealText, incassoText, sepaTransferText } from './descriptions';
import { roundCents } from './random';
import type { SandboxAccount } from './types';

export type TxType = 'ba' | 'ei' | 'tb' | 'gm' | 'ic' | 'id';

export const TRANSACTION_TYPE_NAMES: Readonly<Record<TxType, string>> = {
  ba: 'Betaalautomaat',
  ei: 'SEPA Incasso',
  tb: 'SEPA Overboeking',
  gm: 'Geldautomaat',
  ic: 'SEPA Overboeking',
  id: 'iDEAL',
};

/** Anyone with an account: a company, a person, a government body. */
export interface Party {
  name: string;
  iban: string;
}

/** A party collecting by SEPA direct debit under a mandate the account owner signed. */
export interface Creditor extends Party {
  creditorId: string;
  mandate: string;
}

/** A point of sale. */
export interface Store {
  label: string;
  city: string;
  terminals: readonly string[];
}

export interface Codes {
  purposeCode?: string | null;
  reasonCode?: string | null;
}

/** A canonical category of @obp/contracts, or a finer leaf below one (`expenses.subscriptions.streaming`). */
export type Category = CanonicalCategory | `${CanonicalCategory}.${string}`;

/**
 * The truth about a transaction, for testing categorisation against: its category and flags. `recurring` is
 * never set here (recurrence is for the sequencing detector to find). The Ledger adds the flags that follow
 * from how a transaction is made: `direct-debit` for an incasso, `cash-withdrawal` for an ATM withdrawal,
 * `internal-transfer` for a transfer between the owner's accounts; the profiles give the rest.
 */
export interface Label {
  category: Category;
  flags: readonly TransactionFlag[];
}

export function label(category: Category, ...flags: TransactionFlag[]): Label {
  return { category, flags };
}

function withFlags(l: Label, ...flags: TransactionFlag[]): Label {
  return { category: l.category, flags: [...new Set([...l.flags, ...flags])] };
}

/** An ATM withdrawal is cash, whatever it is spent on later. */
const CASH = label('expenses.cash', 'cash-withdrawal');

export interface Draft {
  key: string;
  account: SandboxAccount;
  amount: number;
  bookingDay: number;
  valueDay: number;
  type: TxType;
  description: string;
  counterpartName: string | null;
  counterpartAccountNumber: string | null;
  reasonCode: string | null;
  purposeCode: string | null;
  label: Label;
}

/** Inclusive range of day numbers the profiles generate occurrences for (the window plus a margin). */
export interface Span {
  from: number;
  to: number;
}

/**
 * A card payment is booked on the day it is made, or (late in the day, or on a non-banking day) on the
 * next banking day, keeping the purchase day as value date.
 */
export function cardBookingDay(day: number, late: boolean): number {
  if (!isBankingDay(day)) return nextBankingDay(day);
  return late ? nextBankingDay(day + 1) : day;
}

export class Ledger {
  readonly drafts: Draft[] = [];

  constructor(readonly span: Span) {}

  private push(d: Omit<Draft, 'valueDay' | 'reasonCode' | 'purposeCode'> & Codes & { valueDay?: number }): void {
    this.drafts.push({
      key: d.key,
      account: d.account,
      amount: roundCents(d.amount),
      bookingDay: d.bookingDay,
      valueDay: d.valueDay ?? d.bookingDay,
      type: d.type,
      description: d.description,
      counterpartName: d.counterpartName,
      counterpartAccountNumber: d.counterpartAccountNumber,
      reasonCode: d.reasonCode ?? null,
      purposeCode: d.purposeCode ?? null,
      label: d.label,
    });
  }

  /** A SEPA direct debit collected on `day` (a banking day); flagged `direct-debit`. */
  incasso(key: string, account: SandboxAccount, creditor: Creditor, day: number, amount: number, remittance: string, label: Label, opts: Codes & { kenmerk?: string } = {}): void {
    this.push({
      key,
      account,
      amount: -amount,
      bookingDay: day,
      type: 'ei',
      description: incassoText({ ...creditor, remittance, kenmerk: opts.kenmerk }),
      counterpartName: creditor.name,
      counterpartAccountNumber: creditor.iban,
      purposeCode: opts.purposeCode,
      reasonCode: opts.reasonCode,
      label: withFlags(label, 'direct-debit'),
    });
  }

  transferOut(key: string, account: SandboxAccount, to: Party, day: number, amount: number, remittance: string, label: Label, opts: Codes & { kenmerk?: string; standingOrder?: boolean } = {}): void {
    this.push({
      key,
      account,
      amount: -amount,
      bookingDay: day,
      type: 'tb',
      description: sepaTransferText({ ...to, remittance, kenmerk: opts.kenmerk, standingOrder: opts.standingOrder }),
      counterpartName: to.name,
      counterpartAccountNumber: to.iban,
      purposeCode: opts.purposeCode,
      reasonCode: opts.reasonCode,
      label,
    });
  }

  transferIn(key: string, account: SandboxAccount, from: Party, day: number, amount: number, remittance: string, label: Label, opts: Codes & { kenmerk?: string } = {}): void {
    this.push({
      key,
      account,
      amount,
      bookingDay: day,
      type: 'ic',
      description: sepaTransferText({ ...from, remittance, kenmerk: opts.kenmerk }),
      counterpartName: from.name,
      counterpartAccountNumber: from.iban,
      purposeCode: opts.purposeCode,
      reasonCode: opts.reasonCode,
      label,
    });
  }

  /** A credit the bank books itself (interest): no counterpart. */
  bankCredit(key: string, account: SandboxAccount, day: number, amount: number, description: string, label: Label): void {
    this.push({ key, account, amount, bookingDay: day, type: 'ic', description, counterpartName: null, counterpartAccountNumber: null, label });
  }

  /** An iDEAL payment: instant, so booked on the day it is made, weekends included. */
  ideal(key: string, account: SandboxAccount, to: Party, day: number, minutes: number, amount: number, remittance: string, reference: string, label: Label): void {
    this.push({
      key,
      account,
      amount: -amount,
      bookingDay: day,
      type: 'id',
      description: idealText({ ...to, remittance, day, minutes, reference }),
      counterpartName: to.name,
      counterpartAccountNumber: to.iban,
      label,
    });
  }

  /** A card payment (or, with `refund`, a card refund) at `store` on `day`. */
  card(key: string, account: SandboxAccount, p: { store: Store; day: number; minutes: number; amount: number; late: boolean; device: string; pas: string; terminal: string; refund?: boolean; label: Label }): void {
    this.push({
      key,
      account,
      amount: p.refund ? p.amount : -p.amount,
      bookingDay: cardBookingDay(p.day, p.late),
      valueDay: p.day,
      type: 'ba',
      description: cardText({ kind: 'BEA', device: p.device, label: p.store.label, pas: p.pas, terminal: p.terminal, day: p.day, minutes: p.minutes, city: p.store.city }),
      counterpartName: p.store.label,
      counterpartAccountNumber: null,
      label: p.label,
    });
  }

  /** A cash withdrawal: `expenses.cash`, flagged `cash-withdrawal`. */
  atm(key: string, account: SandboxAccount, p: { store: Store; day: number; minutes: number; amount: number; late: boolean; pas: string; terminal: string }): void {
    this.push({
      key,
      account,
      amount: -p.amount,
      bookingDay: cardBookingDay(p.day, p.late),
      valueDay: p.day,
      type: 'gm',
      description: cardText({ kind: 'GEA', device: 'Betaalpas', label: p.store.label, pas: p.pas, terminal: p.terminal, day: p.day, minutes: p.minutes, city: p.store.city }),
      counterpartName: p.store.label,
      counterpartAccountNumber: null,
      label: CASH,
    });
  }

  /**
   * A transfer between two accounts of the same owner: booked on both, the same day, both sides flagged
   * `internal-transfer`. Its category is `transfers.savings` when one side is a savings account (putting
   * money aside or taking it back, whichever way it goes), else `transfers.own-accounts`.
   */
  ownTransfer(key: string, from: SandboxAccount, to: SandboxAccount, day: number, amount: number, remittance: string, opts: { standingOrder?: boolean } = {}): void {
    const both = label(from.type === 'Savings' || to.type === 'Savings' ? 'transfers.savings' : 'transfers.own-accounts', 'internal-transfer');
    this.push({
      key: `${key}:debit`,
      account: from,
      amount: -amount,
      bookingDay: day,
      type: 'tb',
      description: sepaTransferText({ iban: to.iban, name: to.ownerName, remittance, standingOrder: opts.standingOrder }),
      counterpartName: to.ownerName,
      counterpartAccountNumber: to.iban,
      label: both,
    });
    this.push({
      key: `${key}:credit`,
      account: to,
      amount,
      bookingDay: day,
      type: 'ic',
      description: sepaTransferText({ iban: from.iban, name: from.ownerName, remittance }),
      counterpartName: from.ownerName,
      counterpartAccountNumber: from.iban,
      label: both,
    });
  }
}
