/**
 * The profiles record transactions on a Ledger as drafts: a key naming the real-world event (unique per seed
 * and profile, e.g. `salary:24322`), the account, and the booking facts. The generator turns the drafts in
 * the requested window into SandboxTransactions.
 */
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
    });
  }

  /** A SEPA direct debit collected on `day` (a banking day). */
  incasso(key: string, account: SandboxAccount, creditor: Creditor, day: number, amount: number, remittance: string, opts: Codes & { kenmerk?: string } = {}): void {
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
    });
  }

  transferOut(key: string, account: SandboxAccount, to: Party, day: number, amount: number, remittance: string, opts: Codes & { kenmerk?: string; standingOrder?: boolean } = {}): void {
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
    });
  }

  transferIn(key: string, account: SandboxAccount, from: Party, day: number, amount: number, remittance: string, opts: Codes & { kenmerk?: string } = {}): void {
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
    });
  }

  /** A credit the bank books itself (interest): no counterpart. */
  bankCredit(key: string, account: SandboxAccount, day: number, amount: number, description: string): void {
    this.push({ key, account, amount, bookingDay: day, type: 'ic', description, counterpartName: null, counterpartAccountNumber: null });
  }

  /** An iDEAL payment: instant, so booked on the day it is made, weekends included. */
  ideal(key: string, account: SandboxAccount, to: Party, day: number, minutes: number, amount: number, remittance: string, reference: string): void {
    this.push({
      key,
      account,
      amount: -amount,
      bookingDay: day,
      type: 'id',
      description: idealText({ ...to, remittance, day, minutes, reference }),
      counterpartName: to.name,
      counterpartAccountNumber: to.iban,
    });
  }

  /** A card payment (or, with `refund`, a card refund) at `store` on `day`. */
  card(key: string, account: SandboxAccount, p: { store: Store; day: number; minutes: number; amount: number; late: boolean; device: string; pas: string; terminal: string; refund?: boolean }): void {
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
    });
  }

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
    });
  }

  /** A transfer between two accounts of the same owner: booked on both, the same day. */
  ownTransfer(key: string, from: SandboxAccount, to: SandboxAccount, day: number, amount: number, remittance: string, opts: { standingOrder?: boolean } = {}): void {
    this.push({
      key: `${key}:debit`,
      account: from,
      amount: -amount,
      bookingDay: day,
      type: 'tb',
      description: sepaTransferText({ iban: to.iban, name: to.ownerName, remittance, standingOrder: opts.standingOrder }),
      counterpartName: to.ownerName,
      counterpartAccountNumber: to.iban,
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
    });
  }
}
