/**
 * The fresh processor-fronted test set (issue 27, sixth round; README.md beside this file): the shops of shops.ts
 * paid through card terminals, online payment providers, PayPal, Klarna, Tikkie and Paylogic, printed in eight
 * banks' layouts (bank-lines.ts). Built deterministically (references and amounts are hashes of the item's key).
 * Used only to measure the categoriser, never to tune it.
 */
import type { TransactionDto, TransactionFlag } from '@obp/contracts';
import { code, creditorId, deterministicGuid, iban, nl } from '../support';
import { collectionLine, freshBanks, idealLine, terminalPayment, transferLine, type FreshBank, type Moment, type Party, type Printed } from './bank-lines';
import { freshRequesters, freshShops, type FreshRoute, type FreshShop } from './shops';

export interface FreshItem {
  transaction: TransactionDto;
  profile: 'retail';
  /** The holder's KvK number when the holder is a sole trader (an e1 retail job with `kvk_number`). */
  kvkNumber: string | null;
  ownIbans: readonly string[];
  expected: { category: string; flags: TransactionFlag[] };
  bank: FreshBank;
  route: FreshRoute;
  /** The party behind the provider (a shop, or a person who sent a Tikkie). */
  party: string;
}

interface Holder {
  key: string;
  bank: FreshBank;
  kvkNumber: string | null;
  current: string;
  savings: string;
  cardSequence: string;
}

const BANK_CODE: Record<FreshBank, string> = { ING: 'INGB', 'ABN AMRO': 'ABNA', Rabobank: 'RABO', Knab: 'KNAB', SNS: 'SNSB', ASN: 'ASNB', bunq: 'BUNQ', Triodos: 'TRIO' };

function holder(key: string, bank: FreshBank, kvkNumber: string | null = null): Holder {
  const bc = BANK_CODE[bank];
  return { key, bank, kvkNumber, current: nl(bc, code(`fresh-pf:${key}:current`, 10)), savings: nl(bc, code(`fresh-pf:${key}:savings`, 10)), cardSequence: code(`fresh-pf:${key}:pas`, 3) };
}

const households: readonly Holder[] = freshBanks.map((bank, i) => holder(`household-${i}`, bank));
const soleTraders: readonly Holder[] = [holder('sole-trader-knab', 'Knab', '81234567'), holder('sole-trader-ing', 'ING', '76543210'), holder('sole-trader-rabobank', 'Rabobank', '69876543')];

const BIC: Record<string, string> = { ABNA: 'ABNANL2A', INGB: 'INGBNL2A', RABO: 'RABONL2U', DEUT: 'DEUTNL2A', KNAB: 'KNABNL2H', TRIO: 'TRIONL2U', BUNQ: 'BUNQNL2A', ADYB: 'ADYBNL2A', SNSB: 'SNSBNL2A' };

function dutchParty(name: string, bankCode: string): Party {
  const account = nl(bankCode, code(`fresh-pf:account:${name}`, 10));
  return { name, iban: account, bic: BIC[bankCode] ?? 'INGBNL2A' };
}

/** The shop's own account (where a Tikkie pays it, and what it prints in the Tikkie). */
function shopAccount(shop: string): string {
  return nl(['RABO', 'INGB', 'ABNA', 'KNAB', 'TRIO'][Number(code(`fresh-pf:shop-bank:${shop}`, 1)) % 5], code(`fresh-pf:shop:${shop}`, 10));
}

function upper(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
}

function glued(text: string): string {
  return upper(text).replace(/[^A-Z0-9]/g, '');
}

/** A terminal's descriptor for `shop` behind SumUp or CCV, in one of the ways they print it. */
function descriptorOf(route: 'sumup' | 'ccv', shop: FreshShop, variant: number): string {
  const name = shop.descriptor ?? shop.name;
  if (route === 'sumup') {
    switch (variant % 4) {
      case 0: return `SumUp  *${name}`.slice(0, 25);
      case 1: return `SUMUP *${upper(name)}`.slice(0, 22);
      case 2: return `SumUp *${name}`;
      default: return `SUMUP *${upper(name)}`.slice(0, 25);
    }
  }
  switch (variant % 4) {
    case 0: return `CCV*${upper(name)}`;
    case 1: return `CCV*${upper(name)}`.slice(0, 22);
    case 2: return `CCV *${name}`;
    default: return `CCV*${upper(name)} ${upper(shop.city)}`.slice(0, 25);
  }
}

interface Online {
  party: Party;
  remittance: string;
}

/** What an online provider puts in the counterparty and remittance fields of a payment to `shop`. */
function onlineOf(route: FreshRoute, shop: FreshShop, variant: number, key: string): Online {
  const order = code(`${key}:order`, 5);
  const ref = code(`${key}:ref`, 16);
  const goods = shop.goods[variant % shop.goods.length];
  const name = shop.name;
  // a cause's payment page calls a payment a gift, not an order
  const charity = shop.category === 'expenses.charity';
  const orderHeading = charity ? 'Donatie' : 'Bestelling';
  const orderWord = charity ? 'donatie' : 'order';
  const invoiceWord = charity ? 'gift' : 'factuur';
  switch (route) {
    case 'mollie':
      switch (variant % 4) {
        case 0: return { party: dutchParty('Stichting Mollie Payments', 'ABNA'), remittance: `M${code(`${key}:m`, 10)} ${ref} ${orderHeading} ${order} ${name}` };
        case 1: return { party: dutchParty(`${name} via Stichting Mollie Payments`, 'ABNA'), remittance: `${orderHeading} ${order}` };
        case 2: return { party: dutchParty('Mollie B.V.', 'ABNA'), remittance: `${name} - ${orderWord} ${order}` };
        default: return { party: dutchParty('Stichting Mollie Payments', 'ABNA'), remittance: `${ref} ${name} ${goods}` };
      }
    case 'adyen':
      switch (variant % 3) {
        case 0: return { party: dutchParty('Adyen N.V.', 'ADYB'), remittance: `${ref} ${name}` };
        case 1: return { party: dutchParty('Adyen N.V.', 'ADYB'), remittance: `Ref: ${code(`${key}:psp`, 16, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')} ${name} Order ${order}` };
        default: return { party: dutchParty('Adyen B.V.', 'ADYB'), remittance: `${name} ${goods} ${ref}` };
      }
    case 'stripe': {
      const party = (legal: string): Party => ({ name: legal, iban: iban('IE', `STRP${code(`fresh-pf:stripe:${legal}`, 14)}`), bic: 'STRPIE22' });
      switch (variant % 3) {
        case 0: return { party: party('Stripe Technology Europe Ltd'), remittance: `${upper(name).slice(0, 22)} ${code(`${key}:sd`, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}` };
        case 1: return { party: party('Stripe Payments Europe Ltd'), remittance: `${name} ${goods}` };
        default: return { party: party('Stripe'), remittance: `pi_${code(`${key}:pi`, 14, 'abcdefghijklmnopqrstuvwxyz0123456789')} ${name}` };
      }
    }
    case 'buckaroo':
      switch (variant % 3) {
        case 0: return { party: dutchParty('Stichting Derdengelden Buckaroo', 'INGB'), remittance: `${code(`${key}:b`, 12)} ${name}` };
        case 1: return { party: dutchParty('Buckaroo B.V.', 'INGB'), remittance: `${name} ${invoiceWord} ${order}` };
        default: return { party: dutchParty('Buckaroo', 'INGB'), remittance: `Order ${order} ${name} ${goods}` };
      }
    case 'multisafepay':
      return variant % 2 === 0
        ? { party: dutchParty('MultiSafepay B.V.', 'DEUT'), remittance: `${name} ${charity ? 'gift' : 'ordernr'} ${order}` }
        : { party: dutchParty('Stichting Derdengelden MultiSafepay', 'DEUT'), remittance: `${order}${code(`${key}:x`, 4)} ${name}` };
    case 'worldline':
      return variant % 2 === 0
        ? { party: { name: 'Worldline Financial Services (Europe) S.A.', iban: iban('BE', code(`fresh-pf:worldline`, 12)), bic: 'BBRUBEBB' }, remittance: `${name} ${ref}` }
        : { party: dutchParty('Worldline B.V.', 'ABNA'), remittance: `${code(`${key}:w`, 10)} ${name} ${goods}` };
    case 'paylogic':
      switch (variant % 3) {
        case 0: return { party: dutchParty('Paylogic', 'RABO'), remittance: `Paylogic order ${order}${code(`${key}:p`, 3)} ${name}` };
        case 1: return { party: dutchParty('Paylogic B.V.', 'RABO'), remittance: `${order}${code(`${key}:p`, 3)} ${name} ${goods}` };
        default: return { party: dutchParty('Paylogic', 'RABO'), remittance: `Order ${order} tickets ${name}` };
      }
    case 'klarna':
      return variant % 2 === 0
        ? { party: { name: 'Klarna Bank AB', iban: iban('SE', `5000${code('fresh-pf:klarna', 16)}`), bic: 'ESSESESS' }, remittance: `Betaling aan ${name} ${code(`${key}:k`, 12)}` }
        : { party: { name: 'Klarna Bank AB (publ)', iban: iban('SE', `5000${code('fresh-pf:klarna', 16)}`), bic: 'ESSESESS' }, remittance: `Klarna ref ${code(`${key}:k`, 13)} ${name} order ${order}` };
    default:
      throw new Error(`no online format for ${route}`);
  }
}

const PAYPAL: Party = { name: 'PayPal (Europe) S.a r.l. et Cie, S.C.A.', iban: iban('LU', `751${code('fresh-pf:paypal', 13)}`), bic: 'PPLXLULL' };
const PAYPAL_CREDITOR_ID = creditorId('LU', '0000000000000000058');

function paypalRemittance(shop: FreshShop, variant: number, key: string): string {
  const ref = `10${code(`${key}:pp`, 11)}`;
  switch (variant % 4) {
    case 0: return `${ref} PAYPAL *${glued(shop.name)}`.slice(0, ref.length + 23);
    case 1: return `${ref} PAYPAL *${shop.name}`;
    case 2: return `${ref} Ihr Einkauf bei ${shop.name}`;
    default: return `PP.${code(`${key}:pp4`, 4)}.PP . ${shop.name}, Ihr Einkauf bei ${shop.name}`;
  }
}

const TIKKIE_NAMES = ['AAB INZ TIKKIE', 'ABN AMRO Bank NV inzake Tikkie', 'AAB INZ TIKKIE'] as const;

function tikkieRemittance(requester: string, account: string, what: string, variant: number, key: string): string {
  const id = `0000${code(`${key}:tikkie`, 8)}`;
  switch (variant % 3) {
    case 0: return `Tikkie ID ${id}, ${what}, ${requester}, ${account}`;
    case 1: return `Tikkie ID ${id}, ${what}, Van ${requester}, ${account}`;
    default: return `Tikkie ID ${id}, ${what}, ${requester}`;
  }
}

function refundRemittance(route: FreshRoute, shop: FreshShop, variant: number, key: string): Online {
  const order = code(`${key}:order`, 5);
  switch (route) {
    case 'paypal':
      return { party: PAYPAL, remittance: `10${code(`${key}:pp`, 11)} Rückzahlung von ${shop.name}` };
    case 'klarna':
      return { party: { name: 'Klarna Bank AB', iban: iban('SE', `5000${code('fresh-pf:klarna', 16)}`), bic: 'ESSESESS' }, remittance: `Terugbetaling retour ${shop.name} order ${order}` };
    default: {
      const { party } = onlineOf(route, shop, variant, key);
      const words = ['Terugbetaling bestelling', 'Refund order', 'Retour bestelling'][variant % 3];
      return { party: party.name.endsWith(' via Stichting Mollie Payments') ? dutchParty('Stichting Mollie Payments', 'ABNA') : party, remittance: `${words} ${order} ${shop.name}` };
    }
  }
}

class FreshSetBuilder {
  readonly items: FreshItem[] = [];

  private moment(key: string): Moment {
    const n = Number(code(`${key}:when`, 6));
    const month = 9 + (n % 3);
    const day = 1 + (Math.floor(n / 3) % 28);
    const hour = 8 + (Math.floor(n / 100) % 13);
    const minute = Math.floor(n / 1000) % 60;
    return { date: `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
  }

  private amount(key: string, [min, max]: readonly [number, number]): number {
    const fraction = Number(code(`${key}:amount`, 6)) / 1_000_000;
    return Math.round((min + fraction * (max - min)) * 100) / 100;
  }

  add(h: Holder, at: Moment, amount: number, printed: Printed, category: string, flags: TransactionFlag[], route: FreshRoute, party: string): void {
    const index = this.items.length;
    const transaction: TransactionDto = {
      id: deterministicGuid('obp-categorisation-eval', 'fresh-processor-fronted', 'transaction', String(index)),
      accountId: deterministicGuid('obp-categorisation-eval', 'fresh-processor-fronted', 'account', h.key),
      amount,
      currency: 'EUR',
      bookingDate: `${at.date}T00:00:00.000Z`,
      valueDate: `${at.date}T00:00:00.000Z`,
      ...printed,
      reasonCode: null,
      purposeCode: null,
    };
    this.items.push({ transaction, profile: 'retail', kvkNumber: h.kvkNumber, ownIbans: [h.current, h.savings], expected: { category, flags }, bank: h.bank, route, party });
  }

  /** A payment to `shop` through `route`, the `variant`-th of its kind. */
  payment(h: Holder, shop: FreshShop, route: FreshRoute, variant: number, key: string): void {
    const at = this.moment(key);
    const amount = -this.amount(key, shop.amount);
    const category = shop.category;
    const bank = h.bank;
    switch (route) {
      case 'sumup':
      case 'ccv': {
        const printed = terminalPayment(bank, at, {
          descriptor: descriptorOf(route, shop, variant), city: shop.city, wallet: variant % 3 === 1, cardSequence: h.cardSequence,
          reference: code(`${key}:tr`, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'), terminalId: code(`${key}:term`, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'), variant,
        });
        this.add(h, at, amount, printed, category, [], route, shop.name);
        return;
      }
      case 'tikkie': {
        const what = shop.goods[variant % shop.goods.length];
        const name = TIKKIE_NAMES[variant % TIKKIE_NAMES.length];
        const printed = idealLine(bank, at, dutchParty(name, 'ABNA'), tikkieRemittance(shop.name, shopAccount(shop.name), what, variant, key), code(`${key}:ideal`, 16), variant);
        this.add(h, at, amount, printed, category, [], route, shop.name);
        return;
      }
      case 'paypal': {
        const mandate = { creditorId: PAYPAL_CREDITOR_ID, mandateId: code(`fresh-pf:paypal-mandate:${h.key}`, 13, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'), endToEnd: code(`${key}:e2e`, 13) };
        this.add(h, at, amount, collectionLine(bank, at, PAYPAL, paypalRemittance(shop, variant, key), mandate), category, ['direct-debit'], route, shop.name);
        return;
      }
      case 'klarna': {
        const online = onlineOf(route, shop, variant, key);
        const printed = variant % 2 === 0
          ? idealLine(bank, at, online.party, online.remittance, code(`${key}:ideal`, 16), variant)
          : transferLine(bank, at, true, online.party, online.remittance, code(`${key}:e2e`, 16));
        this.add(h, at, amount, printed, category, [], route, shop.name);
        return;
      }
      default: {
        const online = onlineOf(route, shop, variant, key);
        this.add(h, at, amount, idealLine(bank, at, online.party, online.remittance, code(`${key}:ideal`, 16), variant), category, [], route, shop.name);
      }
    }
  }

  /** Money back from `shop` through the provider it was paid with. */
  refund(h: Holder, shop: FreshShop, route: FreshRoute, variant: number, key: string): void {
    const at = this.moment(key);
    const { party, remittance } = refundRemittance(route, shop, variant, key);
    this.add(h, at, this.amount(key, shop.amount), transferLine(h.bank, at, false, party, remittance, code(`${key}:e2e`, 16)), 'income.refund', ['refund'], route, shop.name);
  }

  /** A person's Tikkie for a share of what they paid for the group. */
  share(h: Holder, requester: { name: string; goods: string }, variant: number, key: string): void {
    const at = this.moment(key);
    const name = TIKKIE_NAMES[variant % TIKKIE_NAMES.length];
    const remittance = tikkieRemittance(requester.name, nl('INGB', code(`fresh-pf:person:${requester.name}`, 10)), requester.goods, variant, key);
    this.add(h, at, -this.amount(key, [6, 80]), idealLine(h.bank, at, dutchParty(name, 'ABNA'), remittance, code(`${key}:ideal`, 16), variant), 'expenses.to-people', [], 'tikkie', requester.name);
  }
}

export function buildFreshSet(): FreshItem[] {
  const b = new FreshSetBuilder();
  let turn = 0;
  // a supplier is paid by sole traders; a sole trader's other purchases here are groceries, which stay groceries
  const nextHolder = (shop: FreshShop | null): Holder => {
    turn++;
    if (shop?.supplier || (turn % 7 === 0 && shop?.category === 'expenses.groceries')) return soleTraders[turn % soleTraders.length];
    return households[turn % households.length];
  };
  freshShops.forEach((shop, s) => {
    const count = Math.max(3, shop.routes.length);
    for (let i = 0; i < count; i++) {
      const route = shop.routes[i % shop.routes.length];
      b.payment(nextHolder(shop), shop, route, s + i, `fresh-pf:${shop.name}:${i}`);
    }
    if (shop.refunds) {
      const online = shop.routes.filter((route) => route !== 'sumup' && route !== 'ccv' && route !== 'tikkie' && route !== 'paylogic');
      b.refund(nextHolder(null), shop, online[s % online.length], s, `fresh-pf:${shop.name}:refund`);
    }
  });
  freshRequesters.forEach((requester, r) => b.share(nextHolder(null), requester, r, `fresh-pf:${requester.name}:share`));
  return b.items;
}

export const freshSet: readonly FreshItem[] = buildFreshSet();
