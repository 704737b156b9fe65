/**
 * Money matters: the national tax office and other public collectors, lenders and credit cards,
 * debt collectors (what they collect is a debt, so a loan repayment), banks (fees out, interest in),
 * payment requests between people, and brokers and savings apps (money moved to them is the
 * customer's own, so a savings transfer).
 */
import { organisation, sellers, twoWay, type MerchantSpec } from './spec';

export const taxes: MerchantSpec[] = [
  organisation('belastingdienst', ['Belastingdienst', 'Belastingdienst Apeldoorn', 'Rijksbelastingdienst'], {
    out: { category: 'expenses.taxes', confidence: 0.95 },
    // a provisional refund (voorlopige teruggaaf) or a final assessment refund; allowances are paid by Toeslagen
    in: { category: 'income.refund', confidence: 0.75 },
  }),
  organisation('belastingdienst-toeslagen', ['Belastingdienst Toeslagen', 'Dienst Toeslagen', 'Toeslagen'], {
    out: { category: 'expenses.taxes', confidence: 0.8 },
    in: { category: 'income.benefits', confidence: 0.95 },
  }),
  organisation('cjib', ['CJIB', 'Centraal Justitieel Incassobureau'], { out: { category: 'expenses.other.fines', confidence: 0.95 }, in: { category: 'income.refund', confidence: 0.8 } }),
  organisation('douane', ['Douane'], { out: { category: 'expenses.taxes', confidence: 0.9 } }),
  organisation('kvk', ['^KVK', 'Kamer van Koophandel'], { out: { category: 'expenses.business.fees', confidence: 0.9 } }),
  organisation('rvo', ['^RVO', 'Rijksdienst voor Ondernemend Nederland'], {
    out: { category: 'expenses.business.fees', confidence: 0.7 },
    in: { category: 'income.benefits', confidence: 0.85 },
  }),
];

export const loans: MerchantSpec[] = sellers(
  'expenses.loans',
  {
    ics: ['^ICS', 'International Card Services', 'ICS Cards'],
    'american-express': ['American Express', 'Amex'],
    'santander-consumer-finance': ['Santander Consumer Finance', '^Santander'],
    defam: ['Defam'],
    freo: ['^Freo'],
    qander: ['Qander'],
    'ca-auto-finance': ['CA Auto Finance'],
    'bnp-paribas-personal-finance': ['BNP Paribas Personal Finance', 'Findio'],
    'lender-en-spender': ['Lender & Spender'],
    volkskredietbank: ['Volkskredietbank', 'Kredietbank Nederland', 'Stadsbank Amsterdam', 'Kredietbank'],
    intrum: ['Intrum', 'Intrum Justitia'],
    flanderijn: ['Flanderijn'],
    lavg: ['^LAVG'],
    ggn: ['^GGN', 'GGN Incasso'],
    'debt-collectors': ['Incassobureau', 'Incasso Bureau', 'Gerechtsdeurwaarder', 'Deurwaarderskantoor', 'Deurwaarder'],
    cannock: ['Cannock Chase', 'Cannock'],
    'vesting-finance': ['Vesting Finance'],
    ariadne: ['Ariadne Incasso'],
    hoist: ['Hoist Finance'],
    lowell: ['^Lowell'],
    'direct-pay': ['Direct Pay Services'],
    'bank-credit-cards': ['Rabo Card Services', 'Rabobank Creditcard', 'ING Creditcard', 'ABN AMRO Creditcard'],
  },
  { confidence: 0.9 },
);

const bank = (slug: string, names: readonly string[]): MerchantSpec =>
  organisation(slug, names, { out: { category: 'expenses.bank-fees', confidence: 0.6 }, in: { category: 'income.interest', confidence: 0.55 } });

export const banks: MerchantSpec[] = [
  bank('ing', ['=ING', 'ING Bank', 'ING Groep']),
  bank('rabobank', ['Rabobank', '=Rabo']),
  bank('abn-amro', ['ABN AMRO', 'ABN AMRO Bank', 'ABNAMRO']),
  bank('sns', ['^SNS', 'SNS Bank', 'de Volksbank']),
  bank('asn-bank', ['ASN Bank']),
  bank('regiobank', ['RegioBank']),
  bank('triodos', ['Triodos', 'Triodos Bank']),
  bank('knab', ['Knab']),
  bank('van-lanschot', ['Van Lanschot', 'Van Lanschot Kempen']),
  bank('nibc', ['NIBC']),
  // Money sent to an app bank is most often the customer's own top-up.
  organisation('revolut', ['Revolut'], { out: { category: 'transfers.own-accounts', confidence: 0.5 }, in: { category: 'transfers.own-accounts', confidence: 0.5 } }),
  organisation('bunq', ['bunq'], { out: { category: 'transfers.own-accounts', confidence: 0.45 }, in: { category: 'transfers.own-accounts', confidence: 0.45 } }),
  organisation('n26', ['N26'], { out: { category: 'transfers.own-accounts', confidence: 0.5 }, in: { category: 'transfers.own-accounts', confidence: 0.5 } }),
  organisation('wise', ['^Wise', 'Wise Europe', 'TransferWise'], { out: { category: 'transfers.own-accounts', confidence: 0.45 }, in: { category: 'transfers.own-accounts', confidence: 0.45 } }),
];

/** Geldmaat runs the ATMs of ABN AMRO, ING and Rabobank. */
export const cash: MerchantSpec[] = sellers('expenses.cash', { geldmaat: ['Geldmaat'] });

export const paymentRequests: MerchantSpec[] = [
  // what was shared ("Taxi", "Pizza") does not change who is paid: a person
  organisation(
    'tikkie',
    ['Tikkie', 'AAB INZ TIKKIE', 'ABN AMRO Tikkie'],
    { out: { category: 'expenses.to-people', confidence: 0.9 }, in: { category: 'income.from-people', confidence: 0.9 } },
    { fronts: 'name' },
  ),
  organisation('betaalverzoek', ['Betaalverzoek', 'ING Betaalverzoek', 'Rabo Betaalverzoek'], {
    out: { category: 'expenses.to-people', confidence: 0.9 },
    in: { category: 'income.from-people', confidence: 0.9 },
  }),
];

export const investments: MerchantSpec[] = [
  twoWay('degiro', ['DEGIRO', 'flatex DEGIRO', 'flatexDEGIRO'], 'transfers.savings.investments', 0.85),
  twoWay('meesman', ['Meesman', 'Meesman Indexbeleggen'], 'transfers.savings.investments', 0.85),
  twoWay('brand-new-day', ['Brand New Day'], 'transfers.savings.investments', 0.85),
  twoWay('peaks', ['^Peaks', 'Peaks Beleggen'], 'transfers.savings.investments', 0.85),
  twoWay('bux', ['^BUX', 'BUX Zero'], 'transfers.savings.investments', 0.85),
  twoWay('saxo', ['Saxo Bank', '^Saxo'], 'transfers.savings.investments', 0.85),
  twoWay('bitvavo', ['Bitvavo'], 'transfers.savings.investments', 0.85),
  twoWay('trading212', ['Trading212'], 'transfers.savings.investments', 0.85),
  twoWay('etoro', ['eToro'], 'transfers.savings.investments', 0.85),
  twoWay('binance', ['Binance'], 'transfers.savings.investments', 0.85),
  twoWay('coinbase', ['Coinbase'], 'transfers.savings.investments', 0.85),
  twoWay('lynx', ['^LYNX', 'LYNX Beleggen'], 'transfers.savings.investments', 0.85),
  twoWay('centraal-beheer-beleggen', ['Centraal Beheer Beleggen', 'Centraal Beheer PPI'], 'transfers.savings.investments', 0.85),
  twoWay('bitonic', ['Bitonic'], 'transfers.savings.investments', 0.85),
  twoWay('raisin', ['Raisin', 'Weltsparen'], 'transfers.savings', 0.85),
];
