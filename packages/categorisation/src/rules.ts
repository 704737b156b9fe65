/**
 * The rule families: each reads the transaction view and adds the candidates its evidence supports
 * (returned direct debits, catalogue merchants, purpose codes, transaction types, keywords).
 */
import { Evidence, type Candidate, type EvidenceKind } from './candidates';
import { findMerchantInName, findMerchantInText, type MerchantHit } from './catalogue';
import { forEachKeyword } from './keywords';
import { categoryOfMerchantCode, MCC_CONFIDENCE } from './merchant-category-codes';
import { outcomesOfPurpose } from './purpose-codes';
import { tradeNamedIn, tradeOfCompound, type NamedTrade } from './trade-words';
import { isPayoutFirstPlatform, isPayoutPlatform } from './catalogue/platforms';
import { memoised } from './memo';
import { requestedByOrganisation } from './payment-requests';
import { kindOfParty } from './people';
import { isReturnReason } from './return-reasons';
import { has, Signal } from './signals';
import type { Category, Direction, DirectedOutcomes, Outcome } from './types';
import type { TransactionView } from './view';
import { isLegalNameWord, normaliseName, normaliseText, type NormalisedName } from './normalise';
import { isPaymentProcessor } from './catalogue/processors';

/** How much less a merchant counts when found in the description rather than as the counterparty. */
const DESCRIBED_NAME_DISCOUNT = 0.05;
const FREE_TEXT_DISCOUNT = 0.15;
/** Money in from a merchant that only sells is a refund, with this confidence at most. */
const REFUND_CONFIDENCE = 0.6;

function candidate(category: Category, confidence: number, ruleId: string, evidence: EvidenceKind, specificity = 0, membership = false): Candidate {
  return { category, confidence, ruleId, evidence, specificity, membership };
}

function outcomeFor(outcomes: DirectedOutcomes, direction: Direction): Outcome | undefined {
  return direction === 'in' ? outcomes.in : outcomes.out;
}

const STORNO_TEXT = /\b(?:storno|stornering|gestorneerd|terugboeking|retour incasso|incasso retour|terugbetaling incasso|reversal|returned direct debit|direct debit returned)\b/;
const STORNO_HINTS = ['stor', 'terug', 'retour', 'revers', 'return'];

function speaksOfReturn(text: string): boolean {
  return STORNO_HINTS.some((hint) => text.includes(hint)) && STORNO_TEXT.test(text);
}

/** Words that say the reversed payment was a collection, not a card payment or a transfer. */
const COLLECTION_TEXT = /\b(?:incasso|incassant|machtiging|direct debit|sepa dd|lastschrift|prelevement|collection|mandaat|mandate)\b/;
const CARD_REFUND_CONFIDENCE = 0.85;

/**
 * A direct debit that came back: refused, reversed, or refunded at the debtor's request. A SEPA
 * return reason code says so by itself; a type or the words ("storno", "terugboeking", "reversal")
 * only of a collection: the reversal of a card payment is a card refund, with no returned direct debit.
 */
export function returnedDirectDebit(view: TransactionView, into: Candidate[]): boolean {
  const { transaction, facts } = view;
  const byReason = isReturnReason(transaction.reasonCode) || isReturnReason(facts.returnReason);
  const byType = has(view.signals, Signal.Returned);
  const byWords = !byReason && !byType && speaksOfReturn(view.descriptionText);
  if (!byReason && !byType && !byWords) return false;
  const card = has(view.signals, Signal.Card | Signal.Atm | Signal.Ideal);
  const collection = has(view.signals, Signal.DirectDebit) || facts.creditorId !== null || transaction.creditorSchemeId != null || transaction.mandateId != null || COLLECTION_TEXT.test(view.descriptionText);
  if (!byReason && (card || !collection)) {
    if (card && view.direction === 'in') into.push(candidate('income.refund', CARD_REFUND_CONFIDENCE, 'type.card-refund', Evidence.TransactionType));
    return false;
  }
  const byCode = byReason || byType;
  const confidence = byCode ? 0.9 : 0.8;
  if (view.direction === 'in') into.push(candidate('income.refund', confidence, 'reason.returned-direct-debit', Evidence.ReturnedDebit));
  else into.push(candidate('expenses.other', 0.5, 'reason.returned-direct-debit', Evidence.ReturnedDebit));
  return true;
}

function addMerchant(hit: MerchantHit, view: TransactionView, discount: number, evidence: EvidenceKind, into: Candidate[]): void {
  const { spec } = hit;
  const outcome = outcomeFor(spec.outcomes, view.direction);
  if (outcome) {
    into.push(candidate(outcome.category, outcome.confidence - discount, spec.id, evidence, hit.length, spec.membership));
    return;
  }
  const sold = spec.outcomes.out;
  if (view.direction === 'in' && spec.refundsIn && sold && sold.category.startsWith('expenses.')) {
    into.push(candidate('income.refund', Math.min(REFUND_CONFIDENCE, sold.confidence - discount), spec.id, evidence, hit.length));
  }
}

/** A trade read from a compound or a name's first word weighs a little less than a whole trade word (0.75). */
const NAMED_TRADE_CONFIDENCE = 0.7;
const REMITTANCE_TRADE_CONFIDENCE = 0.65;

function addNamedTrade(trade: NamedTrade, view: TransactionView, confidence: number, evidence: EvidenceKind, into: Candidate[]): void {
  const ruleId = `business-type.compound.${trade.category}`;
  if (view.direction === 'out') into.push(candidate(trade.category, confidence, ruleId, evidence, trade.word.length));
  else if (trade.category.startsWith('expenses.')) into.push(candidate('income.refund', Math.min(REFUND_CONFIDENCE, confidence), ruleId, evidence, trade.word.length));
}

/** A card payment or one a processor stands in front of: a name there is a merchant's, not a person's or a firm's invoice. */
function paidAtMerchant(view: TransactionView): boolean {
  return view.processorPrefix || view.viaProcessor || has(view.signals, Signal.Card | Signal.Ideal);
}

function wordsOfName(name: NormalisedName | null): readonly string[] {
  return name === null ? [] : name.text.slice(0, name.coreLength).split(' ');
}

const tradeAtMerchant = memoised((name: NormalisedName) => tradeNamedIn(wordsOfName(name), { atMerchant: true }));
const tradeInName = memoised((name: NormalisedName) => tradeNamedIn(wordsOfName(name), { atMerchant: false }));

/**
 * The trade the names tell by a compound ("Banketbakkerij", "Kaasspeciaalzaak") or, at a merchant, by
 * what a name starts with ("Bloemen Annie"); behind a processor also the shop named in the remittance
 * ("Bestelling 1234 Theewinkeltje.nl"). Read only when the catalogue knows neither name. True when a name
 * (not the remittance) told it.
 */
function namedTrade(view: TransactionView, frontsRemittance: boolean, into: Candidate[]): boolean {
  // PayPal or Klarna in front: the name behind it is a shop's as much as behind a processor; a request paid to a
  // person ("Tikkie ID …, Pizza, Sanne Bakker") names no shop, whatever the layout around it
  const toPerson = view.facts.requester !== null && kindOfParty(view.facts.requester) === 'person';
  const atMerchant = (paidAtMerchant(view) || frontsRemittance) && !toPerson;
  if (atMerchant || kindOfParty(view.partyName) !== 'person') {
    for (const name of [view.counterpartName, view.describedName]) {
      const trade = name === null ? undefined : atMerchant ? tradeAtMerchant(name) : tradeInName(name);
      if (trade) {
        addNamedTrade(trade, view, NAMED_TRADE_CONFIDENCE, Evidence.MerchantName, into);
        return true;
      }
    }
  }
  if (!(view.viaProcessor || view.processorPrefix || frontsRemittance || has(view.signals, Signal.Ideal)) || view.facts.remittance === null) return false;
  const trade = tradeNamedIn(normaliseText(view.facts.remittance).split(' '), { atMerchant: false, kitchens: true });
  if (trade) addNamedTrade(trade, view, REMITTANCE_TRADE_CONFIDENCE, Evidence.MerchantText, into);
  return false;
}

/**
 * A payment request (Tikkie) paid is between people unless its requester is a business: one whose name tells a trade
 * ("Taalschool Babel", "Zomerfestival …") or is an organisation's ("Stichting …", "… B.V."), or one not named as a
 * person that asks for an order or an invoice ("Tikkie ID …, Bestelling, Fotohandel Lens").
 */
function requestedByBusiness(view: TransactionView, tradeNamed: boolean): boolean {
  return tradeNamed ? view.direction === 'out' && view.facts.requester !== null : requestedByOrganisation(view);
}

/** A supermarket's filling station says so in its name ("INTERMARCHE CARBURANT", "TESCO PETROL"); "station" alone does not (AH Station Utrecht CS is a shop). */
const STORE_FUEL_WORDS = /\b(?:station service|stationservice|carburant|carburants|carburante|carburanti|petrol|fuel|tankstelle|tankstation|gasolinera|distributore|benzina|combustible|combustibles)\b/;

function fuelAtStore(hit: MerchantHit | null, view: TransactionView, into: Candidate[]): void {
  const sold = hit?.spec.outcomes.out;
  if (hit === null || view.direction !== 'out' || sold?.category !== 'expenses.groceries') return;
  const fuelNamed = (name: NormalisedName | null): boolean => name !== null && name.text.length > hit.length && STORE_FUEL_WORDS.test(name.text);
  if (fuelNamed(view.counterpartName) || fuelNamed(view.describedName)) into.push(candidate('expenses.transport.fuel', Math.min(1, sold.confidence + 0.01), `${hit.spec.id}.fuel`, Evidence.MerchantName, hit.length));
}

/** Catalogue merchants: as the counterparty name, as the name the description gives, or named in the description's text. */
export function merchants(view: TransactionView, into: Candidate[]): void {
  const fromName = view.counterpartName && findMerchantInName(view.counterpartName);
  const describedHit = view.describedName && findMerchantInName(view.describedName);
  // a service in front of the merchant (PayPal, Klarna, Tikkie, Paylogic) counts only when no merchant is named behind it
  const front = fromName && fromName.spec.fronts ? fromName : describedHit && describedHit.spec.fronts ? describedHit : null;
  const fromDescribed = describedHit && !describedHit.spec.fronts ? describedHit : null;
  if (fromName && !fromName.spec.fronts) addMerchant(fromName, view, 0, Evidence.MerchantName, into);
  if (fromDescribed) addMerchant(fromDescribed, view, DESCRIBED_NAME_DISCOUNT, Evidence.MerchantName, into);
  fuelAtStore(fromName && !fromName.spec.fronts ? fromName : fromDescribed, view, into);
  // the free text is searched only when neither name is a known merchant: it would at most agree
  if ((fromName && !fromName.spec.fronts) || fromDescribed) return;
  if (nameBehindPrefix(view, into)) return;
  const tradeNamed = namedTrade(view, front?.spec.fronts === 'remittance', into);
  const fromText = view.descriptionText === '' || front?.spec.fronts === 'name' ? null : findMerchantInText(view.descriptionText, front?.spec);
  if (fromText) addMerchant(fromText, view, front ? DESCRIBED_NAME_DISCOUNT : FREE_TEXT_DISCOUNT, Evidence.MerchantText, into);
  else if (front && !(front.spec.fronts === 'name' && requestedByBusiness(view, tradeNamed))) addMerchant(front, view, 0, Evidence.MerchantName, into);
}

const SHORTEST_GLUED_PART = 4;

/** A whole catalogue name or trade word: what the first part of a glued descriptor must be. */
function knownWhole(text: string): boolean {
  const hit = findMerchantInName({ text, coreLength: text.length });
  return (hit !== null && hit.length === text.length) || tradeOfCompound(text, true) !== undefined;
}

/**
 * A descriptor glued into one word, as PayPal and some terminals print it ("SLAGERIJDEVRIES",
 * "THUISBEZORGDNL", "DIERENARTSPRAKTIJKZUID"): read as the longest catalogue name or trade word it starts
 * with and the rest. Null when it starts with none.
 */
function gluedReading(name: NormalisedName): NormalisedName | null {
  const space = name.text.indexOf(' ');
  const first = space < 0 ? name.text : name.text.slice(0, space);
  for (let end = first.length - 2; end >= SHORTEST_GLUED_PART; end--) {
    const part = first.slice(0, end);
    if (!knownWhole(part)) continue;
    const text = `${part} ${name.text.slice(end)}`;
    return { text, coreLength: text.length };
  }
  return null;
}

/**
 * Behind a processor's prefix the merchant typed its own name, often without spaces: read the CamelCase
 * words ("SumUp *BakkerijVanDam") or the glued descriptor ("PAYPAL *SLAGERIJDEVRIES") as a name. True when
 * that names a catalogue merchant or a trade.
 */
function nameBehindPrefix(view: TransactionView, into: Candidate[]): boolean {
  for (const name of [view.counterpartName, view.describedName]) {
    if (name === null || !name.prefixed) continue;
    for (const reading of [name.spaced ?? null, gluedReading(name.spaced ?? name)]) {
      if (reading === null) continue;
      const hit = findMerchantInName(reading);
      if (hit !== null && !hit.spec.fronts) {
        addMerchant(hit, view, DESCRIBED_NAME_DISCOUNT, Evidence.MerchantName, into);
        return true;
      }
      const trade = tradeNamedIn(wordsOfName(reading), { atMerchant: true });
      if (trade) {
        addNamedTrade(trade, view, NAMED_TRADE_CONFIDENCE, Evidence.MerchantName, into);
        return true;
      }
    }
  }
  return false;
}

/** What a payment provider charges the merchant who takes payments through it: fees, terminal hire, its plan. */
const PROVIDER_CHARGE_WORDS: ReadonlySet<string> = new Set([
  'kosten', 'transactiekosten', 'servicekosten', 'abonnementskosten', 'maandkosten', 'verwerkingskosten', 'provisie', 'commissie', 'fee', 'fees', 'charge', 'charges',
  'huur', 'huurkosten', 'terminal', 'terminals', 'betaalterminal', 'betaalautomaat', 'pinautomaat', 'pinapparaat', 'pinterminal', 'kaartlezer', 'cardreader', 'abonnement',
  'subscription', 'transacties', 'transaction', 'transactions', 'processing',
]);
/** Words around a provider's charge that name no party: periods, invoice words, the collection's own labels. */
const CHARGE_FILLER: ReadonlySet<string> = new Set([
  'factuur', 'factuurnr', 'invoice', 'nota', 'periode', 'period', 'maand', 'month', 'kwartaal', 'week', 'over', 'van', 'voor', 'de', 'het', 'en', 'of', 'for', 'sepa',
  'incasso', 'algemeen', 'doorlopend', 'omschrijving', 'ref', 'referentie', 'kenmerk', 'nr', 'inzake', 'januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli',
  'augustus', 'september', 'oktober', 'november', 'december', 'jan', 'feb', 'mrt', 'apr', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec',
]);
const DIGITS = /\d/;
const PROVIDER_CHARGE_CONFIDENCE = 0.9;

/**
 * Money out to a payment provider (Worldline, CCV, SumUp, Mollie as the counterparty) whose remittance
 * speaks only of the provider's own service ("Transactiekosten maart", "Huur betaalautomaat") pays the
 * provider, not a shop behind it: a business cost of a business or a sole trader taking card payments,
 * a payment fee for anyone else. A remittance that names anything else is a purchase through it.
 */
export function providerCharge(view: TransactionView, business: boolean, into: Candidate[]): void {
  if (view.direction !== 'out' || !view.viaProcessor || view.counterpartName !== null) return;
  const remittance = view.facts.remittance ?? view.transaction.description;
  if (!remittance) return;
  const provider = normaliseName(view.transaction.counterpartName ?? '').text.split(' ');
  let charged = false;
  for (const word of normaliseText(remittance).split(' ')) {
    if (PROVIDER_CHARGE_WORDS.has(word)) charged = true;
    else if (!CHARGE_FILLER.has(word) && !DIGITS.test(word) && !provider.includes(word) && !isPaymentProcessor(word) && !isLegalNameWord(word)) return;
  }
  if (charged) into.push(candidate(business ? 'expenses.business' : 'expenses.bank-fees', PROVIDER_CHARGE_CONFIDENCE, 'merchant.payment-provider.charge', Evidence.MerchantName));
}

/** What a platform writes on money it pays out to a seller, driver or freelancer. */
const PLATFORM_PAYOUT_WORDS = /\b(?:uitbetaling|uitbetalingen|uitbetaald|uitbetalen|payout|payouts|pay out|paid out|settlement|settlements|settled|earnings|verdiensten|auszahlung|versement|virement vendeur|opbrengst|opbrengsten|verkoopopbrengst|seller payment|seller payout|transfer to bank|withdrawal|disbursement|opname tegoed|saldo opname|deposit|verkoop|verkocht|sales|sold|rider fees|courier fees|driver fees|tips|fooi|fooien|ritten|bezorgingen|diensten|shift|shifts|partnerprogramma|affiliate|gelijk betaald)\b/;
/** What a refund to a buyer says, which a payout-first platform's money in otherwise is not. */
const BUYER_REFUND_WORDS = /\b(?:refund|refunded|terugbetaling|terugbetaald|retour|retourzending|restitutie|creditnota|geannuleerd|annulering|cancelled|canceled|cancellation|compensatie|tegoed terug|chargeback)\b/;
const PAYOUT_FIRST_CONFIDENCE = 0.8;
/** The payout words any organisation may use; without a platform they count less (a savings account's payout, an insurer's claim say more). */
const PAYOUT_WORDS = /\b(?:uitbetaling|payout|payouts|pay out|settlement|auszahlung|disbursement)\b/;
const PAYOUT_CONFIDENCE = 0.9;
const UNKNOWN_PAYER_PAYOUT_CONFIDENCE = 0.62;

/**
 * Money in from a payment service provider or a platform that pays out what its users sold or
 * earned (marketplaces, gig platforms): with a payout word ("uitbetaling", "payout", "settlement") it
 * is business income for a business or a sole trader, other income for a consumer, never a refund.
 * Without one, money in from a payment service provider is a payout to a business or a web shop's
 * refund to a consumer.
 */
export function paymentProviderPayout(view: TransactionView, business: boolean, into: Candidate[]): void {
  if (view.direction !== 'in') return;
  const platform = view.viaProcessor || isPayoutPlatform(view.counterpartName) || isPayoutPlatform(view.describedName);
  if (platform && PLATFORM_PAYOUT_WORDS.test(view.descriptionText)) {
    const ruleId = view.viaProcessor ? 'merchant.payment-provider' : 'merchant.platform-payout';
    into.push(candidate(business ? 'income.business' : 'income.other', PAYOUT_CONFIDENCE, ruleId, Evidence.MerchantName));
    return;
  }
  if ((isPayoutFirstPlatform(view.counterpartName) || isPayoutFirstPlatform(view.describedName)) && !BUYER_REFUND_WORDS.test(view.descriptionText)) {
    into.push(candidate(business ? 'income.business' : 'income.other', PAYOUT_FIRST_CONFIDENCE, 'merchant.platform-payout', Evidence.MerchantName));
    return;
  }
  if (!platform && PAYOUT_WORDS.test(view.descriptionText) && kindOfParty(view.partyName) !== 'person') {
    into.push(candidate(business ? 'income.business' : 'income.other', UNKNOWN_PAYER_PAYOUT_CONFIDENCE, 'keyword.payout', Evidence.Keyword));
  }
  if (!view.viaProcessor) return;
  if (business) into.push(candidate('income.business', 0.75, 'merchant.payment-provider', Evidence.MerchantName));
  else into.push(candidate('income.refund', 0.5, 'merchant.payment-provider', Evidence.MerchantName));
}

/** ISO 20022 purpose code, from its field or the description (MT940 `/PURP/`). */
export function purpose(view: TransactionView, into: Candidate[]): void {
  const code = view.transaction.purposeCode ?? view.facts.purposeCode;
  const outcomes = outcomesOfPurpose(code);
  const outcome = outcomes && outcomeFor(outcomes, view.direction);
  if (code && outcome) into.push(candidate(outcome.category, outcome.confidence, `purpose.${code.trim().toLowerCase()}`, Evidence.Purpose));
}

/** The card merchant category code (ISO 18245) of a card payment out: the trade the card scheme knows the merchant by. */
export function merchantCategory(view: TransactionView, into: Candidate[]): void {
  if (view.direction !== 'out') return;
  const code = view.transaction.merchantCategoryCode;
  const category = categoryOfMerchantCode(code);
  if (code && category) into.push(candidate(category, MCC_CONFIDENCE, `mcc.${code.trim()}`, Evidence.Purpose));
}

/** What the transaction type and channel say by themselves: cash, interest, fees, wages, payment requests. */
const FEE_WORDS = /\b(?:kosten|fee|fees|provisie|commissie|toeslag|charge|charges|gebuehr|gebuhr|frais|comision|commissione)\b/;
const WITHDRAWAL_WORDS = /\b(?:geldopname|geldautomaat|pinautomaat|atm|withdrawal|cash|bargeld|retrait|retirada|prelievo)\b/;

/** A bank's fee for a withdrawal (abroad, outside the euro zone, by credit card) is a bank fee, not cash. */
function isWithdrawalFee(view: TransactionView): boolean {
  return view.direction === 'out' && FEE_WORDS.test(view.descriptionText) && (has(view.signals, Signal.Atm) || WITHDRAWAL_WORDS.test(view.descriptionText));
}

export function transactionType(view: TransactionView, into: Candidate[]): void {
  const { signals, direction } = view;
  const out = direction === 'out';
  if (isWithdrawalFee(view)) {
    into.push(candidate('expenses.bank-fees', 0.97, 'type.withdrawal-fee', Evidence.TransactionType));
    return;
  }
  if (has(signals, Signal.Atm)) {
    into.push(out ? candidate('expenses.cash', 0.95, 'type.atm', Evidence.TransactionType) : candidate('income.other.cash-deposit', 0.6, 'type.atm', Evidence.TransactionType));
  }
  if (has(signals, Signal.CashDeposit) && !out) into.push(candidate('income.other.cash-deposit', 0.7, 'type.cash-deposit', Evidence.TransactionType));
  if (has(signals, Signal.Interest)) {
    into.push(out ? candidate('expenses.bank-fees', 0.6, 'type.interest', Evidence.TransactionType) : candidate('income.interest', 0.8, 'type.interest', Evidence.TransactionType));
  }
  if (has(signals, Signal.Fees)) {
    into.push(out ? candidate('expenses.bank-fees', 0.75, 'type.fees', Evidence.TransactionType) : candidate('income.refund', 0.5, 'type.fees', Evidence.TransactionType));
  }
  if (has(signals, Signal.Salary)) {
    into.push(out ? candidate('expenses.business.salaries', 0.6, 'type.salary', Evidence.TransactionType) : candidate('income.salary', 0.6, 'type.salary', Evidence.TransactionType));
  }
  // a request an organisation sent ("Vereniging …", "… B.V.", a shop's "Bestelling") is no money between people
  if (has(signals, Signal.PaymentRequest) && !requestedByOrganisation(view)) {
    into.push(out ? candidate('expenses.to-people', 0.55, 'type.payment-request', Evidence.TransactionType) : candidate('income.from-people', 0.6, 'type.payment-request', Evidence.TransactionType));
  }
}

/** Description keywords; returns whether one of them speaks of a subscription. */
export function keywords(view: TransactionView, into: Candidate[]): boolean {
  if (view.keywordText === '') return false;
  let subscription = false;
  forEachKeyword(view.keywordText, (spec, start, end) => {
    if (spec.notWith !== undefined && spec.notWith.test(view.keywordText)) return;
    if (spec.notAtMerchant && paidAtMerchant(view)) return;
    const outcome = outcomeFor(spec.outcomes, view.direction);
    if (spec.subscription) subscription = true;
    if (outcome) into.push(candidate(outcome.category, outcome.confidence, spec.id, Evidence.Keyword, end - start));
  });
  return subscription;
}
