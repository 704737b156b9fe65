/**
 * A sole trader (ZZP): a business current account and a savings account to put tax aside. Client invoices
 * are a pure function of (seed, client, invoice month), so the quarterly VAT and the monthly tax reserve can
 * be computed from them for any period, whatever the window. A busier trader may have a part-time employee
 * (wages, holiday allowance, monthly loonheffingen), a contractor may rent a unit; every year brings the VAT
 * correction over the previous year (a refund) and the definitive income tax assessment (a refund or more to pay).
 *
 * Labels: invoice payments are `income.business`; running costs `expenses.business.<leaf>` (accounting,
 * software, insurance, telecom, rent, transport, travel, meals, supplies, salaries); payments to the tax office
 * `expenses.taxes.<vat|income-tax|payroll>` and its refunds `income.refund`. The owner's monthly draw to their
 * private account is `transfers.own-accounts`, flagged `internal-transfer`: a sole trader's business and
 * private accounts belong to one person (no separate legal entity), so the draw moves money between the
 * owner's own accounts rather than paying anyone.
 */
import { dayInMonth, monthIndexOf, monthOfMonth, nextBankingDay, previousBankingDay, weekday, yearOfMonth } from './calendar';
import { CITIES, FUEL, LUNCH, RESTAURANTS, WEBSHOPS, capitalised, creditor, organisation, person, type Person } from './catalog';
import { personIban, randomDutchIban, type DutchBankCode } from './iban';
import { label, type Creditor, type Ledger, type Party, type Store } from './ledger';
import { rngFor, roundCents, type KeyPart, type Rng } from './random';
import { daysOf, indexed, monthsOf, weeksOf, yearsOf } from './schedule';
import { HOURS, account, cardholder, localStore, monthLabel, monthName, pad, payByCard, quarterlyInterest, type Cardholder } from './spending';
import type { SandboxAccount } from './types';

type TradeKind = 'ict' | 'design' | 'advies' | 'bouw';

interface Trade {
  kind: TradeKind;
  names: readonly ((surname: string) => string)[];
  /** Hourly rate range, excluding VAT. */
  rate: readonly [number, number];
  /** Hours per project invoice. */
  hours: readonly [number, number];
  /** Monthly retainer range excluding VAT; null when the trade has none. */
  retainer: readonly [number, number] | null;
  clientSuffixes: readonly string[];
}

const TRADES: readonly Trade[] = [
  {
    kind: 'ict',
    names: [(s) => `${s} IT Consultancy`, (s) => `${s} Software`, (s) => `Codewerk ${s}`],
    rate: [75, 125], hours: [8, 96], retainer: [1800, 5200],
    clientSuffixes: ['Logistiek B.V.', 'Software B.V.', 'Retail B.V.', 'Energie B.V.', 'Zorggroep', 'Verzekeringen N.V.'],
  },
  {
    kind: 'design',
    names: [(s) => `Studio ${s}`, (s) => `${s} Ontwerp`, (s) => `${s} Grafisch Ontwerp`],
    rate: [55, 95], hours: [6, 60], retainer: [900, 2800],
    clientSuffixes: ['Media B.V.', 'Marketing B.V.', 'Uitgeverij B.V.', 'Evenementen B.V.', 'Retail B.V.', 'Architecten B.V.'],
  },
  {
    kind: 'advies',
    names: [(s) => `${s} Advies`, (s) => `${s} Interim & Advies`, (s) => `${s} Consultancy`],
    rate: [85, 140], hours: [8, 80], retainer: [2500, 6000],
    clientSuffixes: ['Vastgoed B.V.', 'Zorggroep', 'Woningcorporatie', 'Holding B.V.', 'Onderwijsgroep', 'Advocaten N.V.'],
  },
  {
    kind: 'bouw',
    names: [(s) => `Klusbedrijf ${s}`, (s) => `${s} Timmerwerken`, (s) => `${s} Bouw & Onderhoud`],
    rate: [50, 70], hours: [16, 110], retainer: null,
    clientSuffixes: ['Bouwgroep B.V.', 'Vastgoed B.V.', 'Aannemersbedrijf B.V.', 'Installatietechniek B.V.', 'VvE Beheer B.V.'],
  },
];

const CLIENT_PREFIXES = ['Noordzee', 'Hollandse', 'Zuidas', 'Amstel', 'Rijnmond', 'Veluwe', 'Utrechtse', 'Delta', 'Polder', 'Kennemer', 'Brabantse', 'Twentse', 'Groene', 'Maas', 'IJssel'] as const;

interface Client {
  party: Party;
  /** Monthly retainer excluding VAT in BASE_YEAR, or null for project work. */
  retainer: number | null;
  /** Chance of a project invoice in a month. */
  monthly: number;
  term: number;
  style: number;
  vendorNumber: string;
}

export interface Invoice {
  key: string;
  client: Client;
  number: string;
  issueDay: number;
  payDay: number;
  /** Including 21% VAT. */
  amount: number;
}

export interface BusinessPersona {
  seed: string;
  owner: Person;
  tradeName: string;
  trade: Trade;
  city: string;
  current: SandboxAccount;
  savings: SandboxAccount;
  privateAccount: Party;
  card: Cardholder;
  rate: number;
  clients: Client[];
  /** Share of the output VAT offset by VAT on costs. */
  inputVatShare: number;
  vatDay: number;
  reserveRate: number;
  reserveDay: number;
  drawBase: number;
  drawDay: number;
  incomeTax: { base: number; assessment: string };
  accountant: { creditor: Creditor; base: number; day: number };
  bookkeeping: { creditor: Creditor; base: number; day: number; product: string };
  adobe: { creditor: Creditor; base: number; day: number } | null;
  workspace: { creditor: Creditor; base: number; day: number; product: string; users: number };
  disability: { creditor: Creditor; base: number; day: number; policy: string };
  liability: { creditor: Creditor; base: number; month: number; policy: string };
  phone: { creditor: Creditor; base: number; day: number; customer: string };
  coworking: { creditor: Creditor; base: number } | null;
  parking: Creditor | null;
  hosting: { creditor: Creditor; month: number; amount: number } | null;
  fuel: Store[];
  lunch: Store[];
  materials: Store[];
  /** A part-time employee on the payroll, or null when the owner works alone. */
  staff: Staff | null;
  /** A rented workshop or storage unit (contractors), or null. */
  premises: { landlord: Party; base: number; address: string } | null;
  /** The month (0-11) the accountant files the VAT correction (suppletie) for the previous year. */
  vatCorrectionMonth: number;
  /** The month (0-11) the definitive income tax assessment for the previous year arrives. */
  finalAssessmentMonth: number;
}

export interface Staff {
  employee: Party;
  /** Gross monthly wage in BASE_YEAR. */
  gross: number;
  /** Share of the gross wage paid out net (the rest is withheld wage tax and employee premiums). */
  netShare: number;
}

/** Employer's premiums (WW, WIA, Zvw) on top of the gross wage, paid with the withheld tax as loonheffingen. */
const EMPLOYER_PREMIUMS = 0.19;
/** Holiday allowance: 8% of the year's gross wage, paid in May. */
const HOLIDAY_ALLOWANCE = 0.08;

/** The tax office's published account for tax payments. */
const BELASTINGDIENST_IBAN = 'NL86INGB0002445588';

const BUSINESS_BANKS: readonly (readonly [DutchBankCode, number])[] = [['KNAB', 20], ['BUNQ', 15], ['INGB', 25], ['RABO', 20], ['ABNA', 20]];

export function businessPersona(seed: string): BusinessPersona {
  const r = (...k: KeyPart[]): Rng => rngFor(seed, 'business', ...k);
  const who = r('owner');
  const owner = person(who);
  const trade = who.pick(TRADES);
  const tradeName = who.pick(trade.names)(capitalised(owner.surname));
  const home = r('city').pick(CITIES);
  const city = home.name;

  const bankRng = r('bank');
  const bank = bankRng.weighted(BUSINESS_BANKS);
  const current = account(seed, 'business', 'current', { iban: randomDutchIban(bankRng, bank), name: 'Zakelijke rekening', type: 'Current', ownerName: tradeName });
  const savings = account(seed, 'business', 'savings', { iban: randomDutchIban(bankRng, bank), name: 'Zakelijke spaarrekening', type: 'Savings', ownerName: tradeName });

  const c = r('clients');
  const prefixes = c.sample(CLIENT_PREFIXES, 6);
  const clientCount = c.int(trade.kind === 'bouw' ? 5 : 4, 6);
  const clients: Client[] = Array.from({ length: clientCount }, (_, n) => {
    const isPrivate = trade.kind === 'bouw' && n >= 3;
    const party: Party = isPrivate
      ? { name: person(r('client-person', n)).formal, iban: personIban(seed, 'business-client', n) }
      : organisation(n === clientCount - 1 && c.chance(0.4) ? `Gemeente ${c.pick(CITIES).name}` : `${prefixes[n]} ${c.pick(trade.clientSuffixes)}`);
    const retainer = trade.retainer && (n === 0 || (n === 1 && c.chance(0.35))) ? Math.round(c.range(trade.retainer[0], trade.retainer[1]) / 50) * 50 : null;
    return {
      party,
      retainer,
      monthly: isPrivate ? c.range(0.15, 0.3) : c.range(0.3, 0.6),
      term: isPrivate ? 14 : c.pick([14, 30, 30]),
      style: isPrivate ? 0 : c.int(0, 3),
      vendorNumber: c.digits(6),
    };
  });

  const rate = Math.round(c.range(trade.rate[0], trade.rate[1]) / 5) * 5;
  // Expected monthly turnover excluding VAT: what the owner can draw and the tax office assesses.
  const turnover = clients.reduce((sum, x) => sum + (x.retainer ?? x.monthly * ((trade.hours[0] + trade.hours[1]) / 2) * rate), 0);
  // Less the running costs (materials and fuel above all for a contractor): what there is to live and pay tax on.
  const profit = Math.max(1500, turnover - (trade.kind === 'bouw' ? 1900 : 800));

  const cost = r('costs');
  const adobe = trade.kind === 'design' || cost.chance(0.25);
  const google = cost.chance(0.7);
  const bookkeeping = cost.weighted<[string, string]>([[['Moneybird B.V.', 'Moneybird'], 6], [['Jortt B.V.', 'Jortt'], 2], [['e-Boekhouden.nl', 'e-Boekhouden'], 2]]);
  const accountantName = cost.pick([`Administratiekantoor ${capitalised(cost.pick(['Hoekstra', 'Verbeek', 'Kuipers', 'Postma', 'Willems']))}`, `${cost.pick(['Van Dam', 'Bosman', 'Koster'])} & Partners Accountants`, `Boekhoudkantoor ${city}`]);

  const shop = r('shops');
  const nearby = [city, ...shop.sample(CITIES.filter((x) => x.name !== city), 2).map((x) => x.name)];
  const cardRng = r('card');

  // Drawn from streams of their own, so adding them changed none of the draws above.
  const hire = r('staff');
  const staff: Staff | null = profit > 9000 && hire.chance(0.4)
    ? { employee: { name: person(hire).formal, iban: personIban(seed, 'business-employee') }, gross: Math.round(hire.range(1400, 2600) / 25) * 25, netShare: hire.range(0.8, 0.86) }
    : null;
  const unit = r('premises');
  const premises = trade.kind === 'bouw' && unit.chance(0.6)
    ? {
        landlord: organisation(unit.pick(['Bedrijvenpark Vastgoed B.V.', 'Boxplus Bedrijfsunits B.V.', 'Unitpark Nederland B.V.', 'Ondernemershuis Beheer B.V.'])),
        base: Math.round(unit.range(350, 900) / 5) * 5,
        address: `${unit.pick(home.streets)} ${unit.int(2, 120)} unit ${unit.int(1, 24)}`,
      }
    : null;
  const tax = r('tax-calendar');
  const vatCorrectionMonth = tax.int(2, 5);
  const finalAssessmentMonth = tax.int(3, 8);

  return {
    seed,
    owner,
    tradeName,
    trade,
    city,
    current,
    savings,
    privateAccount: { name: owner.formal, iban: personIban(seed, 'business-owner-private') },
    card: cardholder(current, cardRng, false),
    rate,
    clients,
    inputVatShare: cost.range(0.08, 0.2),
    vatDay: cost.int(18, 27),
    reserveRate: cost.range(0.17, 0.22),
    reserveDay: cost.int(2, 6),
    drawBase: Math.min(8000, Math.max(1200, Math.round((profit * cost.range(0.48, 0.56)) / 100) * 100)),
    drawDay: cost.int(23, 28),
    incomeTax: { base: Math.round(profit * (profit > 8000 ? cost.range(0.26, 0.3) : cost.range(0.16, 0.22))), assessment: `${cost.digits(4)}.${cost.digits(2)}.${cost.digits(3)}` },
    accountant: { creditor: creditor(accountantName, seed), base: Math.round(cost.range(85, 220)), day: cost.int(1, 10) },
    bookkeeping: { creditor: creditor(bookkeeping[0], seed), base: cost.pick([15, 25, 39]), day: cost.int(1, 28), product: bookkeeping[1] },
    adobe: adobe ? { creditor: creditor('Adobe Systems Software Ireland Ltd', seed), base: trade.kind === 'design' ? 65.49 : 26.99, day: cost.int(1, 28) } : null,
    workspace: google
      ? { creditor: creditor('Google Cloud EMEA Limited', seed), base: 7, day: 1, product: 'Google Workspace Business Starter', users: cost.int(1, 2) }
      : { creditor: creditor('Microsoft Ireland Operations Ltd', seed), base: 11.7, day: cost.int(1, 28), product: 'Microsoft 365 Business Standard', users: 1 },
    disability: { creditor: creditor(cost.pick(['Movir N.V.', 'a.s.r. schadeverzekering N.V.', 'De Goudse Verzekeringen', 'Nationale-Nederlanden Schadeverzekering']), seed), base: cost.cents(160, 420), day: cost.int(1, 5), policy: cost.digits(9) },
    liability: { creditor: creditor(cost.pick(['Hiscox', 'Centraal Beheer', 'Markel Insurance SE']), seed), base: cost.cents(180, 650), month: cost.int(0, 11), policy: cost.digits(8) },
    phone: { creditor: creditor(cost.pick(['KPN B.V.', 'Odido Netherlands B.V.', 'Vodafone Libertel B.V.']), seed, 'business'), base: cost.cents(25, 55), day: cost.int(5, 20), customer: cost.digits(9) },
    coworking: trade.kind !== 'bouw' && cost.chance(0.4) ? { creditor: creditor(cost.pick(['Spaces Nederland B.V.', 'Seats2meet B.V.', 'Regus Management B.V.']), seed), base: Math.round(cost.range(220, 450)) } : null,
    parking: cost.chance(0.4) ? creditor('Yellowbrick Mobility B.V.', seed) : null,
    hosting: trade.kind !== 'bouw' && cost.chance(0.8) ? { creditor: creditor('TransIP B.V.', seed), month: cost.int(0, 11), amount: cost.cents(45, 180) } : null,
    fuel: [localStore(shop.pick(FUEL), nearby[0]), localStore(shop.pick(FUEL), nearby[1]), localStore(shop.pick(FUEL), nearby[2])],
    lunch: shop.sample(LUNCH, 2).map((b) => localStore(b, city)).concat(shop.sample(RESTAURANTS, 2).map((b) => localStore(b, shop.pick(nearby)))),
    materials: ['Gamma', 'Hornbach', 'Bouwmaat', 'Praxis'].map((b) => localStore(b, shop.pick(nearby))),
    staff,
    premises,
    vatCorrectionMonth,
    finalAssessmentMonth,
  };
}

/** Invoices issued to clients in a month (payments may arrive weeks later). */
export function invoicesOf(p: BusinessPersona, monthIndex: number): Invoice[] {
  const out: Invoice[] = [];
  const year = yearOfMonth(monthIndex);
  p.clients.forEach((client, n) => {
    const r = rngFor(p.seed, 'business', 'invoice', n, monthIndex);
    let excl: number;
    let issueDay: number;
    if (client.retainer !== null) {
      excl = Math.round(indexed(client.retainer, year, [p.seed, 'business', 'retainer', n], 0, 0.05));
      issueDay = dayInMonth(monthIndex, 1);
    } else if (r.chance(client.monthly)) {
      excl = r.int(p.trade.hours[0], p.trade.hours[1]) * p.rate;
      issueDay = dayInMonth(monthIndex, r.int(1, 28));
    } else {
      return;
    }
    const late = r.chance(0.1) ? r.int(15, 35) : 0;
    out.push({
      key: `invoice:${n}:${monthIndex}`,
      client,
      number: `${year}-${pad(monthOfMonth(monthIndex) * 8 + n + 1, 3)}`,
      issueDay,
      payDay: nextBankingDay(issueDay + client.term + r.int(-3, 8) + late),
      amount: roundCents(excl * 1.21),
    });
  });
  return out;
}

/** Generates the persona's transactions for every period touching the ledger's span. */
export function generateBusiness(seed: string, ledger: Ledger): SandboxAccount[] {
  const p = businessPersona(seed);
  clientPayments(p, ledger);
  taxes(p, ledger);
  owner(p, ledger);
  costs(p, ledger);
  payroll(p, ledger);
  dailySpending(p, ledger);
  quarterlyInterest(ledger, ledger.span, p.savings, (mi) => rngFor(p.seed, 'business', 'interest', mi), 1, 30);
  return [p.current, p.savings];
}

const REVENUE = label('income.business');
const VAT = label('expenses.taxes.vat');
const INCOME_TAX = label('expenses.taxes.income-tax');
const PAYROLL_TAX = label('expenses.taxes.payroll');
const TAX_REFUND = label('income.refund', 'refund');
const OWNER_DRAW = label('transfers.own-accounts', 'internal-transfer');
const SOFTWARE = label('expenses.business.software', 'subscription');
const INSURANCE = label('expenses.business.insurance');
const RENT = label('expenses.business.rent');
const SUPPLIES = label('expenses.business.supplies');
const SALARIES = label('expenses.business.salaries');

/**
 * The employee's net wage on the 25th (the banking day before), the holiday allowance with May's wage, and
 * the month's loonheffingen (withheld wage tax and premiums plus the employer's premiums) to the tax office
 * by the end of the following month.
 */
function payroll(p: BusinessPersona, ledger: Ledger): void {
  const staff = p.staff;
  if (!staff) return;
  const belastingdienst: Party = { name: 'Belastingdienst', iban: BELASTINGDIENST_IBAN };
  const wage = (mi: number): number => indexed(staff.gross, yearOfMonth(mi), [p.seed, 'business', 'wage'], 0.02, 0.05);
  const allowance = (mi: number): number => (monthOfMonth(mi) === 4 ? wage(mi) * 12 * HOLIDAY_ALLOWANCE : 0);
  for (const mi of monthsOf(ledger.span)) {
    const day = previousBankingDay(dayInMonth(mi, 25));
    ledger.transferOut(`wage:${mi}`, p.current, staff.employee, day, roundCents(wage(mi) * staff.netShare), `Salaris ${monthLabel(mi)} ${staff.employee.name}`, SALARIES, { purposeCode: 'SALA' });
    if (allowance(mi) > 0) {
      const year = yearOfMonth(mi);
      ledger.transferOut(`holiday-allowance:${year}`, p.current, staff.employee, day, roundCents(allowance(mi) * staff.netShare), `Vakantiegeld ${year} ${staff.employee.name}`, SALARIES, { purposeCode: 'SALA' });
    }
    // Loonheffingen over the previous month's gross pay.
    const gross = wage(mi - 1) + allowance(mi - 1);
    const due = roundCents(gross * (1 - staff.netShare) + gross * EMPLOYER_PREMIUMS);
    const r = rngFor(p.seed, 'business', 'payroll-tax', mi);
    ledger.transferOut(`payroll-tax:${mi}`, p.current, belastingdienst, previousBankingDay(dayInMonth(mi, r.int(24, 28))), due, `${r.digits(16)} Loonheffingen ${monthLabel(mi - 1)}`, PAYROLL_TAX, { purposeCode: 'TAXS' });
  }
}

function remittanceFor(p: BusinessPersona, invoice: Invoice): string {
  switch (invoice.client.style) {
    case 1:
      return invoice.number;
    case 2:
      return `Betaling factuur ${invoice.number} ${p.tradeName}`;
    case 3:
      return `INV ${invoice.number.replace('-', '')} CREDITEURNR ${invoice.client.vendorNumber}`;
    default:
      return `Factuur ${invoice.number}`;
  }
}

function clientPayments(p: BusinessPersona, ledger: Ledger): void {
  // Invoices issued up to three months before the span may be paid inside it.
  const months = monthsOf(ledger.span);
  for (let mi = months[0] - 3; mi <= months[months.length - 1]; mi++) {
    for (const invoice of invoicesOf(p, mi)) {
      const retainer = invoice.client.retainer !== null ? ` ${monthLabel(mi)}` : '';
      ledger.transferIn(invoice.key, p.current, invoice.client.party, invoice.payDay, invoice.amount, `${remittanceFor(p, invoice)}${retainer}`, REVENUE, {
        purposeCode: invoice.client.style === 3 ? 'SUPP' : null,
        kenmerk: invoice.client.style >= 2 ? `${rngFor(p.seed, 'business', 'batch', invoice.key).digits(12)}` : undefined,
      });
    }
  }
}

function received(p: BusinessPersona, monthIndex: number): number {
  let total = 0;
  for (let mi = monthIndex - 3; mi <= monthIndex; mi++) {
    for (const invoice of invoicesOf(p, mi)) if (monthIndexOf(invoice.payDay) === monthIndex) total += invoice.amount;
  }
  return total;
}

function taxes(p: BusinessPersona, ledger: Ledger): void {
  const belastingdienst: Party = { name: 'Belastingdienst', iban: BELASTINGDIENST_IBAN };
  const incomeTaxCollector: Creditor = { ...creditor('Belastingdienst', p.seed, 'inkomstenbelasting'), iban: BELASTINGDIENST_IBAN };

  for (const mi of monthsOf(ledger.span)) {
    const month = monthOfMonth(mi);
    const year = yearOfMonth(mi);

    // VAT return and payment for the previous quarter, due at the end of the month after it.
    if (month % 3 === 0) {
      let revenue = 0;
      for (let q = mi - 3; q < mi; q++) for (const invoice of invoicesOf(p, q)) revenue += invoice.amount;
      const vat = roundCents((revenue * 21) / 121 * (1 - p.inputVatShare));
      if (vat > 0) {
        const quarterYear = yearOfMonth(mi - 3);
        const quarter = monthOfMonth(mi - 3) / 3 + 1;
        const day = nextBankingDay(dayInMonth(mi, p.vatDay));
        const r = rngFor(p.seed, 'business', 'vat', mi);
        ledger.ownTransfer(`vat-reserve:${mi}`, p.savings, p.current, previousBankingDay(day - 2), Math.ceil(vat / 100) * 100, `Btw ${quarter}e kwartaal ${quarterYear}`);
        ledger.transferOut(`vat:${mi}`, p.current, belastingdienst, day, vat, `${r.digits(16)} Omzetbelasting ${quarter}e kwartaal ${quarterYear}`, VAT, { purposeCode: 'VATX' });
      }
    }

    // Put the tax share of last month's receipts aside.
    const reserve = Math.ceil((received(p, mi - 1) * p.reserveRate) / 50) * 50;
    if (reserve > 0) ledger.ownTransfer(`tax-reserve:${mi}`, p.current, p.savings, nextBankingDay(dayInMonth(mi, p.reserveDay)), reserve, `Reservering belasting ${monthLabel(mi - 1)}`);

    // Provisional income tax assessment, collected in 11 monthly terms from February.
    if (month >= 1) {
      const amount = Math.round(indexed(p.incomeTax.base, year, [p.seed, 'business', 'income-tax'], -0.1, 0.2));
      ledger.incasso(`income-tax:${mi}`, p.current, incomeTaxCollector, nextBankingDay(dayInMonth(mi, 28)), amount, `Voorlopige aanslag inkomstenbelasting ${year} aanslagnr ${p.incomeTax.assessment}.H.${pad(year % 100, 2)}.01 termijn ${month} van 11`, INCOME_TAX, { purposeCode: 'TAXS' });
    }
  }

  for (const year of yearsOf(ledger.span)) {
    // The VAT correction (suppletie) over the previous year, filed with the annual accounts: input VAT left out
    // of the quarterly returns (late supplier invoices, a purchase booked in the wrong quarter) comes back.
    const correction = rngFor(p.seed, 'business', 'vat-correction', year);
    const refund = roundCents(outputVat(p, year - 1) * correction.range(0.01, 0.035));
    if (refund >= 10) {
      const refundDay = nextBankingDay(dayInMonth(year * 12 + p.vatCorrectionMonth, correction.int(3, 26)));
      ledger.transferIn(`vat-refund:${year - 1}`, p.current, belastingdienst, refundDay, refund, `${correction.digits(16)} Teruggaaf omzetbelasting suppletie ${year - 1}`, TAX_REFUND);
    }

    // The definitive income tax assessment over the previous year settles the provisional terms: a refund,
    // or an additional assessment collected under the same mandate.
    const assessment = rngFor(p.seed, 'business', 'final-assessment', year);
    const provisional = 11 * Math.round(indexed(p.incomeTax.base, year - 1, [p.seed, 'business', 'income-tax'], -0.1, 0.2));
    const balance = Math.round(provisional * assessment.range(-0.15, 0.12));
    const day = nextBankingDay(dayInMonth(year * 12 + p.finalAssessmentMonth, assessment.int(3, 26)));
    const number = `${p.incomeTax.assessment}.H.${pad((year - 1) % 100, 2)}.66`;
    if (balance < 0) {
      ledger.transferIn(`income-tax-settlement:${year - 1}`, p.current, belastingdienst, day, -balance, `${assessment.digits(16)} Teruggaaf inkomstenbelasting ${year - 1} aanslagnr ${number}`, TAX_REFUND);
    } else if (balance > 0) {
      ledger.incasso(`income-tax-settlement:${year - 1}`, p.current, incomeTaxCollector, day, balance, `Definitieve aanslag inkomstenbelasting ${year - 1} aanslagnr ${number}`, INCOME_TAX, { purposeCode: 'TAXS' });
    }
  }
}

/** The VAT charged on the invoices of a year. */
function outputVat(p: BusinessPersona, year: number): number {
  let total = 0;
  for (let mi = year * 12; mi < year * 12 + 12; mi++) for (const invoice of invoicesOf(p, mi)) total += invoice.amount;
  return (total * 21) / 121;
}

function owner(p: BusinessPersona, ledger: Ledger): void {
  for (const mi of monthsOf(ledger.span)) {
    const r = rngFor(p.seed, 'business', 'draw', mi);
    const month = monthOfMonth(mi);
    const extra = (month === 4 || month === 11) && r.chance(0.6) ? Math.round(r.range(500, 1500) / 100) * 100 : 0;
    ledger.transferOut(`draw:${mi}`, p.current, p.privateAccount, previousBankingDay(dayInMonth(mi, p.drawDay)), p.drawBase + extra, `Privé opname ${monthLabel(mi)}`, OWNER_DRAW);
  }
}

function costs(p: BusinessPersona, ledger: Ledger): void {
  for (const mi of monthsOf(ledger.span)) {
    const year = yearOfMonth(mi);
    const month = monthOfMonth(mi);
    const yyyymm = `${year}${pad(month + 1, 2)}`;
    const on = (day: number): number => nextBankingDay(dayInMonth(mi, day));
    const r = rngFor(p.seed, 'business', 'costs', mi);

    const fee = roundCents(indexed(p.accountant.base, year, [p.seed, 'business', 'accountant'], 0.02, 0.06) * 1.21);
    ledger.incasso(`accountant:${mi}`, p.current, p.accountant.creditor, on(p.accountant.day), fee, `Factuur ${yyyymm}-${r.digits(4)} administratie en advies ${monthName(mi)}`, label('expenses.business.accounting'));

    const b = p.bookkeeping;
    ledger.incasso(`bookkeeping:${mi}`, p.current, b.creditor, on(b.day), roundCents(indexed(b.base, year, [p.seed, 'business', 'bookkeeping'], 0, 0.12) * 1.21), `${b.product} abonnement ${monthLabel(mi)} factuur ${yyyymm}${r.digits(5)}`, SOFTWARE, { purposeCode: 'SUBS' });

    if (p.adobe) ledger.incasso(`adobe:${mi}`, p.current, p.adobe.creditor, on(p.adobe.day), indexed(p.adobe.base, year, [p.seed, 'business', 'adobe'], 0, 0.1), `Adobe Creative Cloud ${r.alnum(12)}`, SOFTWARE, { purposeCode: 'SUBS' });

    // Workspace: billed per user, VAT reverse-charged (an EU supplier), price raised in some years.
    const w = p.workspace;
    ledger.incasso(`workspace:${mi}`, p.current, w.creditor, on(w.day), roundCents(indexed(w.base, year, [p.seed, 'business', 'workspace'], 0, 0.15) * w.users), `${w.product} ${w.users} gebruiker${w.users > 1 ? 's' : ''} ${monthLabel(mi)} ${r.digits(10)}`, SOFTWARE, { purposeCode: 'SUBS' });

    const d = p.disability;
    ledger.incasso(`disability:${mi}`, p.current, d.creditor, on(d.day), indexed(d.base, year, [p.seed, 'business', 'disability'], 0.01, 0.06), `Premie arbeidsongeschiktheidsverzekering polis ${d.policy} ${monthLabel(mi)}`, INSURANCE, { purposeCode: 'INSU' });

    if (month === p.liability.month) {
      ledger.incasso(`liability:${year}`, p.current, p.liability.creditor, on(8), indexed(p.liability.base, year, [p.seed, 'business', 'liability'], 0, 0.08), `Jaarpremie beroeps- en bedrijfsaansprakelijkheid polis ${p.liability.policy} ${year}/${year + 1}`, INSURANCE, { purposeCode: 'INSU' });
    }

    const ph = p.phone;
    const usage = r.chance(0.25) ? r.cents(1, 22) : 0;
    ledger.incasso(`phone:${mi}`, p.current, ph.creditor, on(ph.day), roundCents((ph.base + usage) * 1.21), `Factuur ${ph.customer}/${yyyymm} zakelijk mobiel`, label('expenses.business.telecom', 'subscription'), { purposeCode: 'PHON' });

    if (p.coworking) ledger.incasso(`coworking:${mi}`, p.current, p.coworking.creditor, on(1), roundCents(indexed(p.coworking.base, year, [p.seed, 'business', 'coworking'], 0.02, 0.06) * 1.21), `Flexplek lidmaatschap ${monthLabel(mi)}`, RENT);

    if (p.parking) ledger.incasso(`parking:${mi}`, p.current, p.parking, on(12), r.cents(6, 70), `Parkeerkosten ${monthLabel(mi - 1)} factuur ${r.digits(8)}`, label('expenses.business.transport.parking'));

    if (p.hosting && month === p.hosting.month) {
      ledger.incasso(`hosting:${year}`, p.current, p.hosting.creditor, on(15), p.hosting.amount, `TransIP factuur ${year}${r.digits(6)} domeinnamen en hosting`, SOFTWARE);
    }

    // A workshop or storage unit, rent including VAT, by standing order on the first banking day.
    if (p.premises) {
      const amount = roundCents(indexed(p.premises.base, year, [p.seed, 'business', 'premises'], 0.02, 0.05) * 1.21);
      ledger.transferOut(`premises:${mi}`, p.current, p.premises.landlord, on(1), amount, `Huur bedrijfsunit ${p.premises.address} ${monthLabel(mi)}`, RENT, { standingOrder: true, purposeCode: 'RENT' });
    }
  }
}

function dailySpending(p: BusinessPersona, ledger: Ledger): void {
  for (const week of weeksOf(ledger.span)) {
    const r = rngFor(p.seed, 'business', 'fuel', week.week);
    if (r.chance(0.8)) {
      const day = week.monday + r.int(0, 5);
      payByCard(ledger, `fuel:${week.week}`, p.card, r.pick(p.fuel), day, r, p.trade.kind === 'bouw' ? r.cents(70, 135) : r.cents(45, 105), HOURS.fuel, label('expenses.business.transport.fuel'));
    }
  }
  const webshops = WEBSHOPS.filter((w) => w.name === 'bol.com' || w.name === 'Coolblue B.V.');
  for (const day of daysOf(ledger.span)) {
    const wd = weekday(day);
    const weekend = wd === 0 || wd === 6;
    // One draw per kind of spending, always in this order; the details come from the kind's own generator.
    const gate = rngFor(p.seed, 'business', 'day', day);
    const rolls = [gate.next(), gate.next(), gate.next(), gate.next()];
    const r = (what: string): Rng => rngFor(p.seed, 'business', what, day);

    if (!weekend && rolls[0] < 0.1) {
      const lunch = r('lunch');
      payByCard(ledger, `lunch:${day}`, p.card, lunch.pick(p.lunch), day, lunch, lunch.cents(7, 48), HOURS.lunch, label('expenses.business.meals'));
    }

    if (p.trade.kind === 'bouw' && !weekend && rolls[1] < 0.16) {
      const materials = r('materials');
      payByCard(ledger, `materials:${day}`, p.card, materials.pick(p.materials), day, materials, materials.cents(12, 420), [7 * 60, 17 * 60], SUPPLIES);
    }

    if (rolls[2] < 0.03) {
      const web = r('webshop');
      const office = web.chance(0.3);
      const party = organisation(office ? 'Office Centre B.V.' : web.pick(webshops).name);
      ledger.ideal(`webshop:${day}`, p.current, party, day, web.int(HOURS.online[0], HOURS.online[1]), web.cents(office ? 15 : 25, office ? 160 : 650), `${web.digits(10)} ${office ? 'Office Centre kantoorartikelen' : 'bestelling zakelijk'}`, `00${web.digits(14)}`, SUPPLIES);
    }

    if (p.trade.kind === 'advies' && !weekend && rolls[3] < 0.15) {
      const train = r('train');
      payByCard(ledger, `train:${day}`, p.card, localStore('NS', p.city), day, train, train.cents(6, 38), [6 * 60 + 30, 19 * 60], label('expenses.business.travel'));
    }
  }
}
