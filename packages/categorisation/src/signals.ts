/**
 * What the bank's transaction type says about a transaction, as bits: Dutch bank codes (`ba`
 * betaalautomaat, `gm` geldautomaat, `ei` euro-incasso, …), ISO 20022 bank transaction codes
 * (`PMNT-CCRD-CWDL`), type names in Dutch and English, and the channel the description shows.
 */
import type { Channel } from './describe-formats';
import { normaliseText } from './normalise';
import { PhraseIndex } from './phrase-index';

export const Signal = {
  Card: 1 << 0,
  Atm: 1 << 1,
  DirectDebit: 1 << 2,
  Transfer: 1 << 3,
  Ideal: 1 << 4,
  PaymentRequest: 1 << 5,
  CashDeposit: 1 << 6,
  Interest: 1 << 7,
  Fees: 1 << 8,
  Salary: 1 << 9,
  Returned: 1 << 10,
} as const;

export function has(signals: number, signal: number): boolean {
  return (signals & signal) !== 0;
}

// Transaction type codes of Dutch banks (ABN AMRO, Rabobank, ING, Knab, SNS/ASN/RegioBank), lower-cased.
const TYPE_CODES: ReadonlyMap<string, number> = new Map([
  ['ba', Signal.Card], ['bc', Signal.Card], ['bea', Signal.Card], ['ck', Signal.Card], ['pos', Signal.Card], ['pin', Signal.Card],
  ['gm', Signal.Atm], ['ga', Signal.Atm], ['gb', Signal.Atm], ['gea', Signal.Atm], ['atm', Signal.Atm], ['pk', Signal.Atm], ['kh', Signal.Atm],
  ['ei', Signal.DirectDebit], ['ic', Signal.DirectDebit], ['eb', Signal.DirectDebit], ['ma', Signal.DirectDebit], ['dd', Signal.DirectDebit],
  ['tb', Signal.Transfer], ['ov', Signal.Transfer], ['bg', Signal.Transfer], ['cb', Signal.Transfer], ['sp', Signal.Transfer], ['vz', Signal.Transfer],
  ['ac', Signal.Transfer], ['ct', Signal.Transfer], ['po', Signal.Transfer], ['fb', Signal.Transfer],
  ['id', Signal.Ideal], ['ideal', Signal.Ideal],
  ['st', Signal.CashDeposit],
  ['sb', Signal.Salary],
]);

// Subfamily codes of ISO 20022 bank transaction codes (domain-family-subfamily).
const BANK_TRANSACTION_SUBFAMILIES: ReadonlyMap<string, number> = new Map([
  ['POSD', Signal.Card], ['POSP', Signal.Card], ['SMRT', Signal.Card], ['POSC', Signal.Card],
  ['CWDL', Signal.Atm], ['CDPT', Signal.CashDeposit],
  ['ESDD', Signal.DirectDebit], ['BBDD', Signal.DirectDebit], ['PMDD', Signal.DirectDebit], ['OODD', Signal.DirectDebit],
  ['UPDD', Signal.Returned], ['PRDD', Signal.Returned], ['RRTN', Signal.Returned], ['ARET', Signal.Returned],
  ['ESCT', Signal.Transfer], ['DMCT', Signal.Transfer], ['STDO', Signal.Transfer], ['BOOK', Signal.Transfer], ['AUTT', Signal.Transfer],
  ['SALA', Signal.Salary], ['INTR', Signal.Interest], ['CHRG', Signal.Fees], ['FEES', Signal.Fees], ['COMM', Signal.Fees],
]);
const BANK_TRANSACTION_FAMILIES: ReadonlyMap<string, number> = new Map([
  ['CCRD', Signal.Card], ['IDDT', Signal.DirectDebit], ['RDDT', Signal.DirectDebit], ['ICDT', Signal.Transfer], ['RCDT', Signal.Transfer], ['CASH', Signal.Atm],
]);

const TYPE_WORDS = new PhraseIndex<number>();
const typeWords: ReadonlyArray<readonly [string, number, boolean?]> = [
  ['betaalautomaat', Signal.Card], ['pinbetaling', Signal.Card], ['pin', Signal.Card], ['betaalpas', Signal.Card], ['kaartbetaling', Signal.Card],
  ['card payment', Signal.Card], ['card', Signal.Card], ['pos', Signal.Card], ['contactloos', Signal.Card], ['debit card', Signal.Card],
  ['geldautomaat', Signal.Atm], ['geldopname', Signal.Atm], ['opname', Signal.Atm], ['atm', Signal.Atm], ['cash withdrawal', Signal.Atm], ['chipknip', Signal.Card],
  ['incasso', Signal.DirectDebit, true], ['direct debit', Signal.DirectDebit], ['machtiging', Signal.DirectDebit], ['sepa dd', Signal.DirectDebit],
  ['overboeking', Signal.Transfer], ['overschrijving', Signal.Transfer], ['transfer', Signal.Transfer], ['online bankieren', Signal.Transfer],
  ['telebankieren', Signal.Transfer], ['mobiel bankieren', Signal.Transfer], ['periodieke', Signal.Transfer], ['acceptgiro', Signal.Transfer],
  ['verzamelbetaling', Signal.Transfer], ['credit transfer', Signal.Transfer],
  ['ideal', Signal.Ideal], ['tikkie', Signal.PaymentRequest], ['betaalverzoek', Signal.PaymentRequest],
  ['storting', Signal.CashDeposit], ['cash deposit', Signal.CashDeposit],
  ['rente', Signal.Interest], ['interest', Signal.Interest],
  ['kosten', Signal.Fees], ['fee', Signal.Fees], ['fees', Signal.Fees], ['charges', Signal.Fees], ['provisie', Signal.Fees],
  ['salaris', Signal.Salary], ['salary', Signal.Salary],
  ['storno', Signal.Returned], ['terugboeking', Signal.Returned], ['retour incasso', Signal.Returned], ['reversal', Signal.Returned], ['returned', Signal.Returned],
];
for (const [phrase, signal, stem] of typeWords) TYPE_WORDS.add(phrase, signal, stem);

const CHANNEL_SIGNALS: Readonly<Record<Channel, number>> = {
  card: Signal.Card,
  atm: Signal.Atm,
  'direct-debit': Signal.DirectDebit,
  transfer: Signal.Transfer,
  ideal: Signal.Ideal,
  'payment-request': Signal.PaymentRequest,
};

function codeSignals(written: string): number {
  const code = written.trim();
  const direct = TYPE_CODES.get(code.toLowerCase());
  if (direct !== undefined) return direct;
  if (!code.includes('-')) return 0;
  const [, family, subfamily] = code.toUpperCase().split('-');
  return (BANK_TRANSACTION_SUBFAMILIES.get(subfamily ?? '') ?? 0) | (BANK_TRANSACTION_FAMILIES.get(family ?? '') ?? 0);
}

function nameSignals(typeName: string): number {
  let signals = 0;
  TYPE_WORDS.forEachMatch(normaliseText(typeName), (signal) => {
    signals |= signal;
  });
  return signals;
}

// Banks use a handful of distinct codes and names: the answer for each is kept rather than recomputed.
const MAX_REMEMBERED = 4096;
const rememberedCodes = new Map<string, number>();
const rememberedNames = new Map<string, number>();

function remembered(value: string, memory: Map<string, number>, compute: (value: string) => number): number {
  let signals = memory.get(value);
  if (signals === undefined) {
    signals = compute(value);
    if (memory.size < MAX_REMEMBERED) memory.set(value, signals);
  }
  return signals;
}

/** Signals of a transaction type code and type name. */
export function typeSignals(transactionType: string | null, transactionTypeName: string | null): number {
  return (transactionType ? remembered(transactionType, rememberedCodes, codeSignals) : 0) | (transactionTypeName ? remembered(transactionTypeName, rememberedNames, nameSignals) : 0);
}

export function channelSignal(channel: Channel | null): number {
  return channel === null ? 0 : CHANNEL_SIGNALS[channel];
}
