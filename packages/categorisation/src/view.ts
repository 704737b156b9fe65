/** Everything the rules read from one transaction, worked out once: direction, names, description facts, signals. */
import type { TransactionDto } from '@obp/contracts';
import { findMerchantInName } from './catalogue';
import { isPaymentProcessor } from './catalogue/processors';
import { memoised } from './memo';
import { parseDescription, type DescriptionFacts } from './describe-formats';
import { normaliseIban, normaliseName, normaliseText, type NormalisedName } from './normalise';
import { kindOfParty } from './people';
import { channelSignal, Signal, typeSignals } from './signals';
import type { Direction } from './types';

export interface TransactionView {
  transaction: TransactionDto;
  direction: Direction;
  facts: DescriptionFacts;
  /** The counterparty name, normalised; null when absent or only a payment provider's. */
  counterpartName: NormalisedName | null;
  /** The counterparty name is a payment service provider's (Adyen, Mollie, …). */
  viaProcessor: boolean;
  /** A processor's prefix stands before the merchant's name ("CCV*Bakkerij Jansen", "SumUp *De Zon"). */
  processorPrefix: boolean;
  /** The name the description gives (card merchant, creditor, payment-request sender), normalised. */
  describedName: NormalisedName | null;
  /** The name that says who the other party is, as written: the payment request's requester, else the counterparty name. */
  partyName: string | null;
  /** The description as catalogue words. */
  descriptionText: string;
  /** Description and names as catalogue words: what keywords are looked for in. */
  keywordText: string;
  signals: number;
  /** The counterparty IBAN, from the field or else the description; '' for none. */
  iban: string;
}

// "1043456789012 PAYPAL *JANSENFIETSEN", "Omschrijving: SumUp *De Kaaskraam 12-04": a card descriptor inside the remittance
const DESCRIPTOR_IN_TEXT = /(?:^|[\s:,/])((?:ccv|sumup|zettle|izettle|iz|sq|paypal|mollie|mol|stripe|adyen|wl|worldline|pay\.nl|viva|mypos|lightspeed)\s*_?\s*\*\s*[^,*/]+?)(?=\s{2,}|,|\/|$|\s+\d{4,}|\s+\d{1,2}[-.]\d{1,2}[-.]\d{2,4})/i;

/** The merchant a processor's descriptor names inside a description, when no field or layout gives a name. */
function nameAfterProcessorIn(description: string | null): NormalisedName | null {
  if (description === null || !description.includes('*')) return null;
  const descriptor = DESCRIPTOR_IN_TEXT.exec(description);
  return descriptor === null ? null : nameOf(descriptor[1]);
}

function nameOf(raw: string | null): NormalisedName | null {
  if (!raw) return null;
  const name = normaliseName(raw);
  return name.text === '' ? null : name;
}

const VIA = ' via ';
// "ABN AMRO Bank NV inz. Tikkie", "Stichting Mollie Payments inzake Kaashuis Tromp": paid to a bank or provider on another's behalf
const ON_BEHALF = / (?:inzake|inz|namens|iov|tbv|ten behoeve van|on behalf of|obo) /;

interface Behind {
  /** The party the money is for. */
  name: NormalisedName;
  /** Whether the one in front is a payment provider (else a bank). */
  processor: boolean;
}

/**
 * "Slagerij Koster via Stichting Mollie Payments", "Zalando SE via Adyen", "ABN AMRO Bank inz. Tikkie": the
 * party a provider or bank took the money for, or null.
 */
function behindVia(name: NormalisedName | null): Behind | null {
  return name === null ? null : partyBehind(name);
}

function isBank(text: string): boolean {
  return findMerchantInName({ text, coreLength: text.length })?.spec.outcomes.out?.category === 'expenses.bank-fees';
}

function named(text: string): NormalisedName {
  return { text, coreLength: text.length };
}

// one object per name, so that what is worked out from a name is worked out once (memo.ts)
const partyBehind = memoised((name: NormalisedName): Behind | null => {
  const via = name.text.indexOf(VIA);
  if (via > 0 && isPaymentProcessor(name.text.slice(via + VIA.length))) {
    const text = name.text.slice(0, via);
    return { name: { text, coreLength: Math.min(text.length, name.coreLength) }, processor: true };
  }
  const onBehalf = ON_BEHALF.exec(name.text);
  if (onBehalf === null) return null;
  const before = name.text.slice(0, onBehalf.index);
  const after = name.text.slice(onBehalf.index + onBehalf[0].length);
  if (after === '') return null;
  if (isPaymentProcessor(before)) return { name: named(after), processor: true };
  return isBank(before) ? { name: named(after), processor: false } : null;
});

// "Ihr Einkauf bei Huidtherapie Utrecht", "Uw aankoop bij …", "Behandeling bij …", "Votre achat chez …": the last such clause
const SHOP_AFTER = /^.*(?:^|\s)(?:bij|bei|chez|presso)\s+(\S.*)$/i;
const AFTER_SHOP = /\s+(?:via\s.*|\d{4,}.*|[a-z]{2}\d{2}[a-z]{4}\d{6,}.*)$/i;

/** The shop a payment provider or a service in front of shops (PayPal, Klarna) names in the remittance after "bij", "bei", "chez". */
function shopAfterIn(remittance: string | null): NormalisedName | null {
  if (remittance === null) return null;
  const clause = SHOP_AFTER.exec(remittance);
  if (clause === null) return null;
  const shop = clause[1].replace(AFTER_SHOP, '');
  return /^[\p{L}]/u.test(shop) ? nameOf(shop) : null;
}

// "Order 82962241 Platenzaak Concerto via MultiSafepay 6472…": a provider's remittance naming the shop before "via <provider>"
const VIA_IN_TEXT = /\s+via\s+/gi;
const AFTER_PROVIDER = /\s+\d.*$/;
// the order's number and the words that introduce it, before the shop's name
const ORDER_HEAD = /^(?:.*\d\S*\s+)?(?:(?:bestelling|order|ordernr|ordernummer|betaling|factuur|nr|no)\.?:?\s+)*/i;

/** The shop a provider's remittance names before "via" and the provider's own name, or null. */
function shopViaProviderIn(remittance: string | null): NormalisedName | null {
  if (remittance === null || !remittance.toLowerCase().includes(' via ')) return null;
  let via: RegExpExecArray | null = null;
  VIA_IN_TEXT.lastIndex = 0;
  for (let match = VIA_IN_TEXT.exec(remittance); match !== null; match = VIA_IN_TEXT.exec(remittance)) via = match;
  if (via === null) return null;
  const provider = nameOf(remittance.slice(via.index + via[0].length).replace(AFTER_PROVIDER, ''));
  if (provider === null || !isPaymentProcessor(provider.text)) return null;
  const shop = remittance.slice(0, via.index).replace(ORDER_HEAD, '');
  return /^[\p{L}]/u.test(shop) ? nameOf(shop) : null;
}

/** A name that is a service in front of the shop (PayPal, Klarna, Tikkie), not the shop. */
function fronts(name: NormalisedName | null): boolean {
  return name !== null && findMerchantInName(name)?.spec.fronts !== undefined;
}

/**
 * The type code, the type name, the ISO bank transaction code and the channel the description shows; a
 * mandate or creditor scheme id on money out is evidence of a SEPA direct debit taken (on money in it is a
 * creditor collecting, or a refund of a direct debit: no direct debit taken).
 */
function signalsOf(transaction: TransactionDto, facts: DescriptionFacts, direction: Direction): number {
  let signals = typeSignals(transaction.transactionType, transaction.transactionTypeName) | channelSignal(facts.channel);
  if (transaction.bankTransactionCode) signals |= typeSignals(transaction.bankTransactionCode, null);
  if (direction === 'out' && (transaction.mandateId || transaction.creditorSchemeId || facts.creditorId !== null)) signals |= Signal.DirectDebit;
  return signals;
}

export function viewOf(transaction: TransactionDto): TransactionView {
  const facts = parseDescription(transaction.description);
  const normalisedCounterpart = nameOf(transaction.counterpartName);
  const behind = behindVia(normalisedCounterpart);
  const viaProcessor = behind?.processor || (behind === null && normalisedCounterpart !== null && isPaymentProcessor(normalisedCounterpart.text));
  const counterpartName = behind?.name ?? (viaProcessor ? null : normalisedCounterpart);
  // a request paid names who asked for the money: a shop, a club, or a person, whose name is no shop's (the layout's name is
  // read then); money in from a request is the payer's. ING writes the counterparty name into the description too: normalise it once
  const requestedBy = facts.requester !== null && facts.requester !== facts.name && transaction.amount < 0 && kindOfParty(facts.requester) !== 'person' ? facts.requester : null;
  const describedRaw = requestedBy ?? facts.name;
  const described = describedRaw === transaction.counterpartName ? counterpartName : (behindVia(nameOf(describedRaw))?.name ?? nameOf(describedRaw));
  // "Naam: Stichting Mollie Payments": a processor named in the description is no merchant either
  const describedProcessor = described !== null && isPaymentProcessor(described.text);
  let describedName = (describedProcessor ? null : described) ?? nameAfterProcessorIn(transaction.description);
  // "PAYPAL … Ihr Einkauf bei <shop>": when the names give only the provider, the shop it names after "bei"
  if ((describedName === null || (facts.requester === null && fronts(describedName))) && (viaProcessor || describedProcessor || fronts(normalisedCounterpart) || fronts(describedName))) {
    const remittance = facts.remittance ?? transaction.description;
    describedName = shopAfterIn(remittance) ?? shopViaProviderIn(remittance) ?? describedName;
  }
  const descriptionText = transaction.description ? normaliseText(transaction.description) : '';
  let keywordText = descriptionText;
  if (counterpartName !== null && !descriptionText.includes(counterpartName.text)) keywordText = `${counterpartName.text} ${keywordText}`;
  const partyName = (facts.channel === 'payment-request' ? facts.requester : requestedBy) ?? transaction.counterpartName ?? facts.name;
  return {
    transaction,
    direction: transaction.amount > 0 ? 'in' : 'out',
    facts,
    counterpartName,
    // "/NAME/Stichting Adyen/REMI/…" with no counterparty field: the provider is the counterparty as much
    viaProcessor: viaProcessor || (describedProcessor && counterpartName === null),
    processorPrefix: (counterpartName?.prefixed ?? false) || (describedName?.prefixed ?? false),
    describedName,
    partyName,
    descriptionText,
    keywordText: keywordText.trim(),
    signals: signalsOf(transaction, facts, transaction.amount > 0 ? 'in' : 'out'),
    iban: normaliseIban(transaction.counterpartAccountNumber) || normaliseIban(facts.iban),
  };
}
