/**
 * Dutch bank descriptions carry what the structured fields often lack: the merchant of a card
 * payment, the creditor of a direct debit, the remitter's IBAN, the remittance text. This module
 * reads the formats the Dutch banks write (ABN AMRO, ING, Rabobank, Knab, bunq, SNS, …), not one bank's.
 */

export type Channel = 'card' | 'atm' | 'direct-debit' | 'transfer' | 'ideal' | 'payment-request';

export interface DescriptionFacts {
  channel: Channel | null;
  /** Counterparty or merchant name as written ("ALBERT HEIJN 1403", "Vattenfall Klantenservice N.V."). */
  name: string | null;
  iban: string | null;
  /** SEPA creditor id of a direct debit ("NL12ZZZ123456780000"). */
  creditorId: string | null;
  /** The free text the payer wrote or the creditor sent. */
  remittance: string | null;
  /** Reason code of a returned direct debit (MT940 `/RTRN/`). */
  returnReason: string | null;
  /** ISO 20022 purpose code (MT940 `/PURP/`). */
  purposeCode: string | null;
  /**
   * Who asked for the money in a payment request ("Tikkie ID 000…, Pizza, J de Vries"): the one paid when the money
   * goes out, the payer when it comes in; also when the request stands inside another layout's remittance.
   */
  requester: string | null;
  /** What a payment request says it was for ("Pizza", "Bestelling", "Factuur 2025-014"), wherever the request stands. */
  requestFor: string | null;
}

const NOTHING: DescriptionFacts = Object.freeze({
  channel: null,
  name: null,
  iban: null,
  creditorId: null,
  remittance: null,
  returnReason: null,
  purposeCode: null,
  requester: null,
  requestFor: null,
});

// "/TRTP/SEPA OVERBOEKING/IBAN/NL.../BIC/.../NAME/.../REMI/.../EREF/..." (MT940 field 86, structured)
const STRUCTURED_TAG = /\/(TRTP|IBAN|BIC|NAME|REMI|EREF|CSID|MARF|RTRN|ORDP|BENM|ADDR|ISDT|SVCL|PURP|ULTC|ULTD|USTD|STRD|CDTRREFTP|CDTRREF|CUR|CD|ID|PREF|SPCD)(?=\/)/g;
const STRUCTURED_START = /^\s*\/(?:TRTP|IBAN|NAME|REMI|EREF|CSID|BIC|RTRN|PREF|ORDP|BENM)\//;

// "SEPA Incasso algemeen doorlopend Incassant: NL..ZZZ.. Naam: X Machtiging: M Omschrijving: O IBAN: I" and ING's "Naam: X Omschrijving: O IBAN: I Kenmerk: K"
const LABEL =
  /(?:^|[\s,])(incassant id|incassant|naam|machtiging id|machtiging|mandaat id|omschrijving|iban|bic|kenmerk|betalingskenmerk|betalingskenm|referentie|transactie|term|pasvolgnr|datum\/tijd|valutadatum|wisselkoers|id begunstigde|kenmerk machtiging)\s*:/gi;
const HAS_LABEL = /(?:^|[\s,])(?:naam|incassant(?: id)?|omschrijving|iban|machtiging(?: id)?|pasvolgnr)\s*:/i;

// "BEA, Betaalpas   ALBERT HEIJN 1403,PAS123 NR:ABC123, 01.02.24/12:34 AMSTERDAM"; older: "BEA NR:5G1234 01.02.24/12.34 ALBERT HEIJN 1403 AMSTERDAM,PAS123"
const CARD_HEAD = /^(bea|gea|ecom|e-com|pin|pinbetaling|betaalpas)\b[\s,:]*/i;
const CARD_WALLET = /^(?:betaalpas|apple pay|google pay|garmin pay|fitbit pay|creditcard|contactloos|mastercard|maestro|v pay|visa|debit card|debitcard)\b[\s,]*/i;
const CARD_OLD_HEAD = /^nr:?\s*\S+\s+\d{1,2}[.\-/]\d{1,2}[.\-/]\d{2,4}\s*\/?\s*\d{1,2}[.:]\d{2}\s*/i;
const CARD_TAIL = /,\s*pas\s*\d*|\s+nr:|\s{3,}/i;
// "Betaalautomaat 12:34 pasnr. 123 Albert Heijn Utrecht", "Geldautomaat 12:34 pasnr. 123 Utrecht Centrum"
const TERMINAL_HEAD = /^(betaalautomaat|geldautomaat)\s+(?:\d{1,2}[:.]\d{2}\s+)?(?:pasnr\.?\s*\d+\s+)?/i;
const IDEAL_HEAD = /^ideal\b[\s:,-]*/i;
const PAYMENT_REQUEST_HEAD = /^(tikkie|betaalverzoek|payment request)\b/i;
const WALLET_HEAD = /^(apple pay|google pay|gpay)\b[\s:,-]*/i;
const FROM_TO = /^(?:van|aan|from|to|naar)\s+/i;

const CREDITOR_ID = /\b([A-Z]{2}\d{2}ZZZ[A-Z0-9]{4,28})\b/i;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
const LONG_NUMBER = /\d{4,}/;

function isSpaceOrSlashOrComma(code: number): boolean {
  return code === 32 || code === 47 || code === 44 || (code >= 9 && code <= 13) || code === 160;
}

/** The value without leading spaces, slashes, commas and colons and trailing spaces, slashes and commas; null when nothing is left. */
function clean(value: string | undefined): string | null {
  if (value === undefined) return null;
  let start = 0;
  let end = value.length;
  while (start < end && (isSpaceOrSlashOrComma(value.charCodeAt(start)) || value.charCodeAt(start) === 58)) start++;
  while (end > start && isSpaceOrSlashOrComma(value.charCodeAt(end - 1))) end--;
  return start === end ? null : value.slice(start, end);
}

function ibanIn(value: string | undefined): string | null {
  if (value === undefined) return null;
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return IBAN.test(compact) && !compact.startsWith('ZZZ', 4) ? compact : null;
}

function creditorIdIn(text: string): string | null {
  const match = CREDITOR_ID.exec(text);
  return match ? match[1].toUpperCase() : null;
}

function channelOfTransferType(text: string): Channel | null {
  const lower = text.toLowerCase();
  if (lower.includes('incasso') || lower.includes('direct debit')) return 'direct-debit';
  if (lower.includes('ideal')) return 'ideal';
  if (lower.includes('geldautomaat')) return 'atm';
  if (lower.includes('betaalautomaat') || lower.includes('pasvolgnr') || lower.includes('betaalpas')) return 'card';
  if (lower.includes('overb') || lower.includes('ovb') || lower.includes('transfer') || lower.includes('acceptgiro') || lower.includes('periodiek')) {
    return 'transfer';
  }
  return null;
}

function parseStructured(text: string): DescriptionFacts {
  const fields = new Map<string, string>();
  STRUCTURED_TAG.lastIndex = 0;
  let previous: { tag: string; end: number } | null = null;
  for (let match = STRUCTURED_TAG.exec(text); match !== null; match = STRUCTURED_TAG.exec(text)) {
    if (previous !== null && !fields.has(previous.tag)) fields.set(previous.tag, text.slice(previous.end, match.index));
    previous = { tag: match[1], end: match.index + match[0].length };
  }
  if (previous !== null && !fields.has(previous.tag)) fields.set(previous.tag, text.slice(previous.end));
  const type = clean(fields.get('TRTP'));
  return {
    channel: type === null ? null : channelOfTransferType(type),
    name: clean(fields.get('NAME')),
    iban: ibanIn(clean(fields.get('IBAN')) ?? undefined),
    creditorId: clean(fields.get('CSID')),
    remittance: clean(fields.get('REMI')) ?? clean(fields.get('USTD')) ?? clean(fields.get('CDTRREF')),
    returnReason: clean(fields.get('RTRN')),
    purposeCode: clean(fields.get('PURP')),
    requester: null,
    requestFor: null,
  };
}

function parseLabelled(text: string): DescriptionFacts {
  const fields = new Map<string, string>();
  LABEL.lastIndex = 0;
  let header: string | null = null;
  let previous: { label: string; end: number } | null = null;
  for (let match = LABEL.exec(text); match !== null; match = LABEL.exec(text)) {
    if (previous === null) header = text.slice(0, match.index);
    else if (!fields.has(previous.label)) fields.set(previous.label, text.slice(previous.end, match.index));
    previous = { label: match[1].toLowerCase(), end: match.index + match[0].length };
  }
  if (previous !== null && !fields.has(previous.label)) fields.set(previous.label, text.slice(previous.end));
  const creditorField = fields.get('incassant id') ?? fields.get('incassant') ?? fields.get('id begunstigde');
  const creditorId = creditorField === undefined ? null : creditorIdIn(creditorField);
  let channel = channelOfTransferType(header ?? '');
  if (channel === null) {
    if (creditorId !== null || fields.has('machtiging') || fields.has('machtiging id')) channel = 'direct-debit';
    else if (fields.has('pasvolgnr') || fields.has('term')) channel = 'card';
  }
  return {
    channel,
    name: clean(fields.get('naam')),
    iban: ibanIn(clean(fields.get('iban')) ?? undefined),
    creditorId,
    remittance: clean(fields.get('omschrijving')) ?? clean(fields.get('kenmerk')) ?? clean(fields.get('betalingskenmerk')),
    returnReason: null,
    purposeCode: null,
    requester: null,
    requestFor: null,
  };
}

function parseCard(text: string, head: RegExpExecArray): DescriptionFacts {
  const kind = head[1].toLowerCase();
  let rest = text.slice(head[0].length);
  for (let round = 0; round < 2; round++) rest = rest.replace(CARD_WALLET, '');
  const old = CARD_OLD_HEAD.exec(rest);
  if (old) rest = rest.slice(old[0].length);
  const tail = CARD_TAIL.exec(rest);
  const name = clean(tail ? rest.slice(0, tail.index) : rest);
  return { ...NOTHING, channel: kind === 'gea' ? 'atm' : 'card', name };
}

function parseTerminal(text: string, head: RegExpExecArray): DescriptionFacts {
  const name = clean(text.slice(head[0].length).split(',')[0]);
  return { ...NOTHING, channel: head[1].toLowerCase() === 'geldautomaat' ? 'atm' : 'card', name };
}

/** "iDEAL bol.com 1234567890 0050001234567890": the merchant is the words before the references. */
function parseIdeal(text: string, head: RegExpExecArray): DescriptionFacts {
  const rest = text.slice(head[0].length);
  const nameWords: string[] = [];
  for (const word of rest.split(/\s+/)) {
    if (word === '') continue;
    if (LONG_NUMBER.test(word)) {
      if (nameWords.length > 0) break;
      continue;
    }
    nameWords.push(word);
  }
  return { ...NOTHING, channel: 'ideal', name: clean(nameWords.join(' ')), remittance: clean(rest) };
}

const REQUEST_ID = /^id\b/i;
// "…, Pizza, Via Tikkie": the service, not who asked
const VIA_SERVICE = /^via\s/i;
// the reference, date or time a bank prints after the requester's name ("…, Taalschool Babel 7201229503307797", "… J. Smit 12-03-2026 10:02")
const TRAILING_REFERENCE = /\s+\d.*$/;

/**
 * "Tikkie ID 000123456, Etentje, Van J de Vries, NL86INGB0002445588", "Tikkie ID 000123456, Cursus, Taalschool
 * Babel" and "Betaalverzoek van J. Jansen": what it was for, then who asked (with "Van" or without), then an IBAN.
 */
function parsePaymentRequest(text: string, head: RegExpExecArray): DescriptionFacts {
  let name: string | null = null;
  let iban: string | null = null;
  let remittance: string | null = null;
  const segments = text.slice(head[0].length).split(',');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i].trim();
    // "ID 000123456789": the request's number, not an account
    if (segment === '' || (i === 0 && REQUEST_ID.test(segment))) continue;
    const segmentIban = ibanIn(segment);
    const fromTo = FROM_TO.exec(segment);
    if (segmentIban !== null) iban = segmentIban;
    else if (fromTo !== null) name = clean(segment.slice(fromTo[0].length).replace(TRAILING_REFERENCE, ''));
    else if (i > 0 && remittance === null) remittance = segment;
    else if (i > 1 && name === null && !VIA_SERVICE.test(segment)) name = clean(segment.replace(TRAILING_REFERENCE, ''));
  }
  return { ...NOTHING, channel: 'payment-request', name, iban, remittance, requester: name, requestFor: remittance };
}

// a Tikkie's own text inside another layout: "iDEAL Tikkie 9059… Tikkie ID 855963758956, Cursus, Taalschool Babel", "/REMI/… Tikkie ID …"
const TIKKIE_ID = /\btikkie id\b/i;

/** The requester of a Tikkie whose text stands inside the remittance of an iDEAL, transfer or statement line. */
function withRequestInside(facts: DescriptionFacts, text: string): DescriptionFacts {
  if (facts.requester !== null) return facts;
  // the remittance field when the layout has one, so that the next label ("Kenmerk: …") is no part of the name
  const inRemittance = facts.remittance !== null ? facts.remittance.search(TIKKIE_ID) : -1;
  const request = inRemittance >= 0 ? (facts.remittance as string).slice(inRemittance) : text.slice(Math.max(0, text.search(TIKKIE_ID)));
  if (!TIKKIE_ID.test(request)) return facts;
  const parsed = parsePaymentRequest(request, PAYMENT_REQUEST_HEAD.exec(request) as RegExpExecArray);
  return parsed.requester === null ? facts : { ...facts, requester: parsed.requester, requestFor: parsed.requestFor, iban: facts.iban ?? parsed.iban };
}

function parseWallet(text: string, head: RegExpExecArray): DescriptionFacts {
  return { ...NOTHING, channel: 'card', name: clean(text.slice(head[0].length).split(',')[0]) };
}

/** What the description says about channel, counterparty, creditor and remittance; all null when it says nothing parseable. */
export function parseDescription(description: string | null): DescriptionFacts {
  if (description === null) return NOTHING;
  const text = description.trim();
  if (text === '') return NOTHING;
  const facts = parseLayout(text);
  return text.length > 12 && (text.includes('ikkie') || text.includes('IKKIE')) ? withRequestInside(facts, text) : facts;
}

function parseLayout(text: string): DescriptionFacts {
  if (STRUCTURED_START.test(text)) return parseStructured(text);
  let head = CARD_HEAD.exec(text);
  if (head) return parseCard(text, head);
  if ((head = TERMINAL_HEAD.exec(text))) return parseTerminal(text, head);
  if ((head = PAYMENT_REQUEST_HEAD.exec(text))) return parsePaymentRequest(text, head);
  if ((head = IDEAL_HEAD.exec(text))) return parseIdeal(text, head);
  if ((head = WALLET_HEAD.exec(text))) return parseWallet(text, head);
  if (HAS_LABEL.test(text)) return parseLabelled(text);
  return { ...NOTHING, creditorId: text.length > 11 ? creditorIdIn(text) : null, remittance: text };
}
