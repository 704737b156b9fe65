/**
 * A Dutch household: a current account and a savings account. Every stream runs on a fixed calendar derived
 * from the seed (see schedule.ts), so what happened on a day does not depend on the window asked for.
 */
import {
  civil, dayInMonth, dayNumber, formatDate, monthOfMonth, nextBankingDay, previousBankingDay, weekday, yearOfMonth,
} from './calendar';
import {
  CHARITIES, CITIES, COFFEE, EMPLOYERS, ENERGY_SUPPLIERS, FUEL, GYMS, HEALTH_INSURERS, INSURERS, INTERNET_PROVIDERS, LUNCH,
  MOBILE_PROVIDERS, MORTGAGE_LENDERS, PRIVATE_LANDLORDS, RESTAURANTS, SHOPS, SUPERMARKETS, TAKEAWAY, TIKKIE, TIKKIE_REASONS, WEBSHOPS,
  creditor, organisation, person, store, storeNumber, type City, type Person, type SupermarketChain,
} from './catalog';
import { personIban, randomDutchIban, type DutchBankCode } from './iban';
import { label, type Category, type Creditor, type Label, type Ledger, type Party, type Store } from './ledger';
import { rngFor, roundCents, type KeyPart, type Rng } from './random';
import { cyclesOf, daysOf, indexed, monthsOf, weeksOf, yearsOf } from './schedule';
import { HOURS, account, cardholder, localStore, monthLabel, monthName, pad, payByCard, quarterlyInterest, type Cardholder } from './spending';
import type { SandboxAccount } from './types';

type Housing =
  | { kind: 'rent'; landlord: Party; base: number; address: string }
  | { kind: 'mortgage'; lender: Creditor; amount: number; loanNumber: string };

interface Friend extends Person {
  iban: string;
}

export interface RetailPersona {
  seed: string;
  owner: Person;
  city: City;
  current: SandboxAccount;
  savings: SandboxAccount;
  card: Cardholder;
  employer: Party;
  employeeNumber: string;
  /** Net monthly salary in BASE_YEAR. */
  salaryBase: number;
  holidayPayFactor: number;
  housing: Housing;
  health: { insurer: Creditor; base: number; day: number; adults: number; relation: string; deductibleMonth: number };
  insurance: { insurer: Creditor; base: number; day: number; renewalMonth: number; policy: string; car: boolean };
  energy: { supplier: Creditor; base: number; day: number; contractMonth: number; customer: string };
  water: { company: Creditor; base: number; monthOffset: number; day: number; customer: string };
  municipal: { collector: Creditor; base: number; day: number; assessment: string };
  internet: { provider: Creditor; base: number; day: number; customer: string };
  mobile: { provider: Creditor; base: number; day: number; customer: string };
  netflix: { creditor: Creditor; base: number; day: number; riseMonth: number; step: number; plan: string; reference: string; cardMonth: number };
  spotify: { creditor: Creditor; base: number; day: number; riseMonth: number; plan: string; reference: string };
  gym: { creditor: Creditor; club: string; price: number; anchor: number };
  charity: { creditor: Creditor; amount: number; monthOffset: number; day: number };
  lottery: { creditor: Creditor; day: number } | null;
  children: number[];
  savingsMonthly: number;
  /** Spending scale: 1 for a household on an average salary. */
  affluence: number;
  groceries: { main: Store[]; extra: Store[]; weekday: number; scale: number };
  shops: { coffee: Store[]; lunch: Store[]; dinner: Store[]; shop: Store[]; fuel: Store[]; atm: Store[] };
  friends: Friend[];
}

const RETAIL_BANKS: readonly (readonly [DutchBankCode, number])[] = [
  ['INGB', 34], ['ABNA', 22], ['RABO', 22], ['SNSB', 7], ['ASNB', 3], ['TRIO', 2], ['BUNQ', 7], ['KNAB', 3],
];

function dayOfWeekIn(week: { monday: number }, weekdayFromMonday: number): number {
  return week.monday + weekdayFromMonday;
}

export function retailPersona(seed: string): RetailPersona {
  const r = (...k: KeyPart[]): Rng => rngFor(seed, 'retail', ...k);
  const owner = person(r('owner'));
  const city = r('city').pick(CITIES);
  const bankRng = r('bank');
  const bank = bankRng.weighted(RETAIL_BANKS);
  const current = account(seed, 'retail', 'current', { iban: randomDutchIban(bankRng, bank), name: 'Betaalrekening', type: 'Current', ownerName: owner.formal });
  const savings = account(seed, 'retail', 'savings', { iban: randomDutchIban(bankRng, bank), name: 'Spaarrekening', type: 'Savings', ownerName: owner.formal });

  const work = r('employer');
  const salaryBase = roundCents(work.around(2800, 4500));
  const affluence = salaryBase / 3600;

  const home = r('housing');
  const street = `${home.pick(city.streets)} ${home.int(2, 180)}${home.chance(0.2) ? home.pick(['A', 'B', '-1', '-2', ' hs']) : ''}`;
  const housing: Housing = home.chance(0.6)
    ? {
        kind: 'rent',
        landlord: organisation(home.chance(0.6) ? home.pick(city.landlords) : home.pick(PRIVATE_LANDLORDS)),
        base: Math.round(salaryBase * home.range(0.3, 0.36)),
        address: street,
      }
    : {
        kind: 'mortgage',
        lender: creditor(home.pick(MORTGAGE_LENDERS), seed),
        amount: roundCents(salaryBase * home.range(0.28, 0.4)),
        loanNumber: home.digits(10),
      };

  const family = r('family');
  const adults = family.chance(0.55) ? 2 : 1;
  const childCount = family.weighted([[0, 45], [1, 25], [2, 25], [3, 5]]);
  const children = Array.from({ length: childCount }, () => dayNumber(family.int(2009, 2024), family.int(0, 11), family.int(1, 28))).sort((a, b) => a - b);

  const h = r('health');
  const i = r('insurance');
  const e = r('energy');
  const w = r('water');
  const m = r('municipal');
  const t = r('telecom');
  const s = r('subscriptions');
  const g = r('gym');
  const c = r('charity');
  const shopping = r('shopping');

  const mainChain: SupermarketChain = shopping.chance(0.55) ? 'ah' : 'jumbo';
  const extraChain: SupermarketChain = shopping.pick((['ah', 'jumbo', 'lidl', 'aldi', 'plus', 'dirk'] as const).filter((x) => x !== mainChain));
  const supermarket = (chain: SupermarketChain, n: number): Store =>
    store(SUPERMARKETS[chain]({ number: storeNumber(seed, chain, n), city: city.name, owner: shopping.pick(['de Boer', 'Visser', 'van der Veen', 'Hoekstra', 'Kramer']) }), city.name);
  const otherCity = (): string => shopping.pick(CITIES.filter((x) => x.name !== city.name)).name;

  const gym = g.pick(GYMS);
  const netflixPlan = s.weighted<[string, number]>([[['Standaard', 13.99], 5], [['Premium', 19.99], 3], [['Standaard met advertenties', 6.99], 2]]);
  const spotifyPlan = s.weighted<[string, number]>([[['Individual', 11.99], 5], [['Duo', 16.99], 2], [['Family', 19.99], 3]]);

  const cardRng = r('card');
  const wallets = cardRng.chance(0.6);

  return {
    seed,
    owner,
    city,
    current,
    savings,
    card: cardholder(current, cardRng, wallets),
    employer: organisation(work.pick(EMPLOYERS)),
    employeeNumber: work.digits(6),
    salaryBase,
    holidayPayFactor: work.range(0.72, 0.86),
    housing,
    health: { insurer: creditor(h.pick(HEALTH_INSURERS), seed), base: h.cents(138, 162) * adults, day: h.pick([1, 1, 27, 28]), adults, relation: h.digits(9), deductibleMonth: h.int(2, 11) },
    insurance: { insurer: creditor(i.pick(INSURERS), seed), base: i.cents(38, 105), day: i.int(1, 28), renewalMonth: i.int(0, 11), policy: `${i.digits(8)}`, car: i.chance(0.7) },
    energy: { supplier: creditor(e.pick(ENERGY_SUPPLIERS), seed), base: Math.round(e.around(110, 230) * (adults + childCount / 2) / 1.5), day: e.int(18, 28), contractMonth: e.int(0, 11), customer: e.digits(9) },
    water: { company: creditor(city.water, seed), base: w.cents(52, 86) * (adults + childCount / 2) / 1.5, monthOffset: w.int(0, 2), day: w.int(5, 25), customer: w.digits(8) },
    municipal: { collector: creditor(city.municipalTax, seed), base: m.cents(520, 980) * (housing.kind === 'mortgage' ? 1.35 : 1), day: m.int(24, 28), assessment: `${m.digits(4)}.${m.digits(4)}.${m.digits(4)}` },
    internet: { provider: creditor(t.pick(INTERNET_PROVIDERS), seed, 'internet'), base: t.cents(45, 72), day: t.int(14, 22), customer: t.digits(9) },
    mobile: { provider: creditor(t.pick(MOBILE_PROVIDERS), seed, 'mobile'), base: t.cents(12, 32) * adults, day: t.int(1, 12), customer: t.digits(8) },
    netflix: {
      creditor: creditor('Netflix International B.V.', seed),
      base: netflixPlan[1],
      day: s.int(1, 28),
      riseMonth: s.int(0, 11),
      step: s.pick([1, 1, 2]),
      plan: netflixPlan[0],
      reference: s.digits(5),
      cardMonth: s.int(0, 3),
    },
    spotify: { creditor: creditor('Spotify AB', seed), base: spotifyPlan[1], day: s.int(1, 28), riseMonth: s.int(0, 23), plan: spotifyPlan[0], reference: `P${s.alnum(9)}` },
    gym: { creditor: creditor(gym.name, seed), club: gym.club, price: gym.price, anchor: dayNumber(2024, 0, 1) + g.int(0, 27) },
    charity: { creditor: creditor(c.pick(CHARITIES), seed), amount: c.pick([10, 12.5, 15, 20, 25, 30]), monthOffset: c.int(0, 2), day: c.int(1, 28) },
    lottery: c.chance(0.5) ? { creditor: creditor('Nationale Postcode Loterij', seed), day: c.int(2, 12) } : null,
    children,
    savingsMonthly: Math.max(50, Math.round((salaryBase - 2600) * shopping.range(0.1, 0.25) / 25) * 25),
    affluence,
    groceries: {
      main: [supermarket(mainChain, 1), supermarket(mainChain, 2)],
      extra: [supermarket(extraChain, 1)],
      weekday: shopping.weighted([[4, 3], [5, 5], [0, 1], [2, 1], [3, 1]]),
      scale: (adults + childCount * 0.6) / 1.6,
    },
    shops: {
      coffee: shopping.sample(COFFEE, 3).map((b) => localStore(b, city.name)),
      lunch: shopping.sample(LUNCH, 3).map((b) => localStore(b, city.name)),
      dinner: [...shopping.sample(RESTAURANTS, 5).map((b) => localStore(b, city.name)), localStore(shopping.pick(RESTAURANTS), otherCity())],
      shop: shopping.sample(SHOPS, 8).map((b) => localStore(b, city.name)),
      fuel: [localStore(shopping.pick(FUEL), city.name), localStore(shopping.pick(FUEL), city.name), localStore(shopping.pick(FUEL), otherCity())],
      atm: [store(`Geldmaat ${shopping.pick(city.streets)} ${shopping.int(1, 90)}`, city.name), store(`Geldmaat ${city.name} Centraal`, city.name)],
    },
    friends: Array.from({ length: 6 }, (_, n) => ({ ...person(r('friend', n)), iban: personIban(seed, 'friend', n) })),
  };
}

/** Records the persona's transactions for every period touching the ledger's span. */
export function generateRetail(seed: string, ledger: Ledger): SandboxAccount[] {
  const p = retailPersona(seed);
  income(p, ledger);
  housing(p, ledger);
  bills(p, ledger);
  subscriptions(p, ledger);
  savings(p, ledger);
  groceries(p, ledger);
  dailySpending(p, ledger);
  return [p.current, p.savings];
}

const rng = (p: RetailPersona, ...k: KeyPart[]): Rng => rngFor(p.seed, 'retail', ...k);

const GROCERIES = label('expenses.groceries');
const STREAMING = label('expenses.subscriptions.streaming', 'subscription');
/** Money back for something bought: a returned order, an energy bill settled in the household's favour. */
const REFUND: Label = label('income.refund', 'refund');

/** What a household buys at one of the SHOPS. */
function shopCategory(where: Store): Category {
  if (/^Apotheek/.test(where.label)) return 'expenses.health.pharmacy';
  if (/^(Kruidvat|Etos)/.test(where.label)) return 'expenses.shopping.personal-care';
  if (/^(Gamma|Praxis|IKEA)/.test(where.label)) return 'expenses.shopping.home';
  if (/^Primark/.test(where.label)) return 'expenses.shopping.clothing';
  return 'expenses.shopping';
}

function netSalary(p: RetailPersona, year: number): number {
  return indexed(p.salaryBase, year, [p.seed, 'retail', 'raise'], 0.015, 0.045);
}

function salaryDay(monthIndex: number): number {
  return previousBankingDay(dayInMonth(monthIndex, 25));
}

function income(p: RetailPersona, ledger: Ledger): void {
  const employerCode = p.employer.name.replace(/[^A-Za-z]/g, '').slice(0, 4).toUpperCase();
  for (const mi of monthsOf(ledger.span)) {
    const year = yearOfMonth(mi);
    const r = rng(p, 'salary', mi);
    const expenses = r.chance(0.25) ? r.cents(12, 140) : 0;
    const day = salaryDay(mi);
    ledger.transferIn(`salary:${mi}`, p.current, p.employer, day, netSalary(p, year) + expenses, `Salaris ${monthLabel(mi)} pers.nr ${p.employeeNumber}`, label('income.salary'), {
      kenmerk: `${employerCode}${year}${pad(monthOfMonth(mi) + 1, 2)}${p.employeeNumber}`,
      purposeCode: 'SALA',
    });
    if (monthOfMonth(mi) === 4) {
      const holidayPay = roundCents(netSalary(p, year) * p.holidayPayFactor);
      ledger.transferIn(`holiday-pay:${year}`, p.current, p.employer, day, holidayPay, `Vakantiegeld ${year} pers.nr ${p.employeeNumber}`, label('income.salary'), {
        kenmerk: `${employerCode}${year}VT${p.employeeNumber}`,
        purposeCode: 'SALA',
      });
      if (r.chance(0.6)) {
        const saved = Math.round((holidayPay * r.range(0.4, 0.8)) / 50) * 50;
        ledger.ownTransfer(`holiday-pay-saved:${year}`, p.current, p.savings, day + r.int(1, 6), saved, 'Vakantiegeld sparen');
      }
    }
    if (monthOfMonth(mi) % 3 === 0 && p.children.length > 0) childBenefit(p, ledger, mi);
  }
}

const CHILD_BENEFIT_2025 = [281.09, 341.33, 401.57];

/** SVB pays child benefit at the start of the quarter after the one it is for, by the children's ages then. */
function childBenefit(p: RetailPersona, ledger: Ledger, monthIndex: number): void {
  const quarterStart = dayInMonth(monthIndex - 3, 1);
  const { year, month } = civil(quarterStart);
  let amount = 0;
  for (const birth of p.children) {
    if (birth >= quarterStart) continue;
    const age = civil(quarterStart).year - civil(birth).year - (civil(quarterStart).month < civil(birth).month ? 1 : 0);
    if (age >= 18) continue;
    amount += CHILD_BENEFIT_2025[age < 6 ? 0 : age < 12 ? 1 : 2] * 1.025 ** (year - 2025);
  }
  if (amount <= 0) return;
  const svb = organisation('Sociale Verzekeringsbank');
  const quarter = Math.floor(month / 3) + 1;
  ledger.transferIn(`child-benefit:${monthIndex}`, p.current, svb, nextBankingDay(dayInMonth(monthIndex, 2)), roundCents(amount), `Kinderbijslag ${quarter}e kwartaal ${year}`, label('income.benefits'), {
    kenmerk: `KB${year}${quarter}${p.owner.surname.length}${rng(p, 'svb').digits(8)}`,
    purposeCode: 'GOVT',
  });
}

function housing(p: RetailPersona, ledger: Ledger): void {
  const h = p.housing;
  for (const mi of monthsOf(ledger.span)) {
    const day = nextBankingDay(dayInMonth(mi, 1));
    const year = yearOfMonth(mi);
    if (h.kind === 'rent') {
      // Dutch rents go up on 1 July.
      const rentYear = monthOfMonth(mi) >= 6 ? year : year - 1;
      const amount = indexed(h.base, rentYear, [p.seed, 'retail', 'rent'], 0.02, 0.055);
      ledger.transferOut(`rent:${mi}`, p.current, h.landlord, day, amount, `Huur ${monthLabel(mi)} ${h.address} ${p.city.name}`, label('expenses.housing.rent'), { standingOrder: true, purposeCode: 'RENT' });
    } else {
      ledger.incasso(`mortgage:${mi}`, p.current, h.lender, day, h.amount, `Termijn hypotheek ${h.loanNumber} ${monthLabel(mi)}`, label('expenses.housing.mortgage'), { purposeCode: 'LOAR' });
    }
  }
}

function bills(p: RetailPersona, ledger: Ledger): void {
  const span = ledger.span;
  for (const mi of monthsOf(span)) {
    const year = yearOfMonth(mi);
    const month = monthOfMonth(mi);

    // Health insurance: premiums change every January.
    const health = indexed(p.health.base, year, [p.seed, 'retail', 'health'], 0.02, 0.08);
    ledger.incasso(`health:${mi}`, p.current, p.health.insurer, nextBankingDay(dayInMonth(mi, p.health.day)), health, `Premie zorgverzekering ${monthLabel(mi)} relatienr ${p.health.relation}`, label('expenses.insurance.health'), { purposeCode: 'HLTI' });

    // Car/home insurance: premium changes at the policy's renewal.
    const policyYear = month >= p.insurance.renewalMonth ? year : year - 1;
    const premium = indexed(p.insurance.base, policyYear, [p.seed, 'retail', 'insurance'], 0, 0.07);
    const cover = p.insurance.car ? 'auto, inboedel, aansprakelijkheid' : 'inboedel, opstal, aansprakelijkheid';
    ledger.incasso(`insurance:${mi}`, p.current, p.insurance.insurer, nextBankingDay(dayInMonth(mi, p.insurance.day)), premium, `Premie ${monthName(mi)} polis ${p.insurance.policy} pakket ${cover}`, label('expenses.insurance.other'), { purposeCode: 'INSU' });

    // Energy: a monthly term, re-estimated at each yearly settlement.
    const contractYear = month >= p.energy.contractMonth ? year : year - 1;
    const term = Math.round(p.energy.base * rngFor(p.seed, 'retail', 'energy-term', contractYear).range(0.8, 1.25));
    const energyDay = nextBankingDay(dayInMonth(mi, p.energy.day));
    ledger.incasso(`energy:${mi}`, p.current, p.energy.supplier, energyDay, term, `Termijnbedrag energie ${monthLabel(mi)} klantnr ${p.energy.customer}`, label('expenses.housing.energy'), { purposeCode: 'ELEC' });
    if (month === p.energy.contractMonth) {
      const r = rng(p, 'energy-settlement', year);
      const balance = r.cents(-260, 340);
      const day = nextBankingDay(dayInMonth(mi, p.energy.day - 14 + r.int(0, 6)));
      const period = `${year - 1}/${year}`;
      if (balance < 0) {
        ledger.transferIn(`energy-settlement:${year}`, p.current, p.energy.supplier, day, -balance, `Terugbetaling jaarafrekening ${period} klantnr ${p.energy.customer}`, REFUND);
      } else {
        ledger.incasso(`energy-settlement:${year}`, p.current, p.energy.supplier, day, balance, `Jaarafrekening ${period} klantnr ${p.energy.customer} nota ${r.digits(9)}`, label('expenses.housing.energy'), { purposeCode: 'ELEC' });
      }
    }

    // Water: quarterly.
    if (month % 3 === p.water.monthOffset) {
      const quarter = Math.floor(month / 3) + 1;
      const water = indexed(p.water.base, year, [p.seed, 'retail', 'water'], 0.01, 0.06);
      ledger.incasso(`water:${mi}`, p.current, p.water.company, nextBankingDay(dayInMonth(mi, p.water.day)), water, `Voorschot drinkwater ${quarter}e kwartaal ${year} klantnr ${p.water.customer}`, label('expenses.housing.water'), { purposeCode: 'WTER' });
    }

    // Municipal taxes: the year's assessment in 10 monthly terms, February to November.
    if (month >= 1 && month <= 10) {
      const total = indexed(p.municipal.base, year, [p.seed, 'retail', 'municipal'], 0.02, 0.08);
      const term = Math.floor((total * 100) / 10) / 100;
      const amount = month === 1 ? roundCents(total - 9 * term) : term;
      ledger.incasso(`municipal:${mi}`, p.current, p.municipal.collector, nextBankingDay(dayInMonth(mi, p.municipal.day)), amount, `Aanslag ${year} nr ${p.municipal.assessment} termijn ${month} van 10 gemeentelijke belastingen`, label('expenses.housing.local-taxes'), { purposeCode: 'TAXS' });
    }

    // Internet (price indexed every July) and mobile (bundle plus some usage on top).
    const internetYear = month >= 6 ? year : year - 1;
    const internet = indexed(p.internet.base, internetYear, [p.seed, 'retail', 'internet'], 0.02, 0.05);
    ledger.incasso(`internet:${mi}`, p.current, p.internet.provider, nextBankingDay(dayInMonth(mi, p.internet.day)), internet, `Factuur ${p.internet.customer}-${year}${pad(month + 1, 2)} internet en tv ${monthName(mi)}`, label('expenses.telecom.internet', 'subscription'), { purposeCode: 'PHON' });
    const usage = rng(p, 'mobile', mi);
    const mobile = p.mobile.base + (usage.chance(0.2) ? usage.cents(0.5, 14) : 0);
    ledger.incasso(`mobile:${mi}`, p.current, p.mobile.provider, nextBankingDay(dayInMonth(mi, p.mobile.day)), mobile, `Factuur ${p.mobile.customer}/${year}${pad(month + 1, 2)} mobiel abonnement`, label('expenses.telecom.mobile', 'subscription'), { purposeCode: 'PHON' });

    // Charity quarterly, lottery monthly.
    if (month % 3 === p.charity.monthOffset) {
      ledger.incasso(`charity:${mi}`, p.current, p.charity.creditor, nextBankingDay(dayInMonth(mi, p.charity.day)), p.charity.amount, `Donatie ${Math.floor(month / 3) + 1}e kwartaal ${year} hartelijk dank voor uw steun`, label('expenses.charity'), { purposeCode: 'CHAR' });
    }
    if (p.lottery) {
      ledger.incasso(`lottery:${mi}`, p.current, p.lottery.creditor, nextBankingDay(dayInMonth(mi, p.lottery.day)), 15.5, `Lot ${monthLabel(mi)} postcode ${pad(1000 + (p.owner.surname.length * 379) % 9000, 4)}`, label('expenses.gambling.lottery', 'gambling'));
    }
  }

  // Health insurer: the deductible (eigen risico), collected once a year after care was claimed, in the
  // persona's month (so every 13-month window has one).
  for (const year of yearsOf(span)) {
    const r = rng(p, 'deductible', year);
    const day = nextBankingDay(dayNumber(year, p.health.deductibleMonth, r.int(3, 26)));
    ledger.incasso(`health-deductible:${year}`, p.current, p.health.insurer, day, r.cents(45, 385), `Eigen risico ${year} declaratienr ${r.digits(10)} relatienr ${p.health.relation}`, label('expenses.health.deductible'), { purposeCode: 'HLTI' });
  }
}

function subscriptions(p: RetailPersona, ledger: Ledger): void {
  for (const mi of monthsOf(ledger.span)) {
    // Netflix: the price goes up once a year; the collector's name is printed differently some months.
    const n = p.netflix;
    const rises = Math.floor((mi - n.riseMonth) / 12) - Math.floor((2025 * 12 - n.riseMonth) / 12);
    const price = roundCents(Math.max(n.base / 2, n.base + n.step * rises));
    const printed = mi % 4 === n.cardMonth ? 'NETFLIX.COM' : rng(p, 'netflix-label', mi).chance(0.2) ? 'Netflix.com' : 'Netflix International B.V.';
    const remittance = printed === 'NETFLIX.COM' ? `NETFLIX.COM ${n.reference}` : printed === 'Netflix.com' ? `Netflix.com ${n.plan} ${monthName(mi)}` : `Netflix ${n.plan} abonnement ${monthLabel(mi)}`;
    ledger.incasso(`netflix:${mi}`, p.current, { ...n.creditor, name: printed }, nextBankingDay(dayInMonth(mi, n.day)), price, remittance, STREAMING, { purposeCode: 'SUBS' });

    // Spotify: a price rise every two years.
    const s = p.spotify;
    const spotifyRises = Math.floor((mi - s.riseMonth) / 24) - Math.floor((2025 * 12 - s.riseMonth) / 24);
    ledger.incasso(`spotify:${mi}`, p.current, s.creditor, nextBankingDay(dayInMonth(mi, s.day)), roundCents(Math.max(s.base / 2, s.base + spotifyRises)), `Spotify Premium ${s.plan} ${s.reference}`, STREAMING, { purposeCode: 'SUBS' });
  }

  // Gym: every four weeks.
  const g = p.gym;
  for (const { cycle, day } of cyclesOf(ledger.span, g.anchor, 28)) {
    ledger.incasso(`gym:${cycle}`, p.current, g.creditor, nextBankingDay(day), g.price, `${g.club} lidmaatschap ${formatDate(day)} t/m ${formatDate(day + 27)}`, label('expenses.leisure.sport', 'subscription'), { purposeCode: 'SUBS' });
  }
}

function savings(p: RetailPersona, ledger: Ledger): void {
  for (const mi of monthsOf(ledger.span)) {
    ledger.ownTransfer(`savings:${mi}`, p.current, p.savings, nextBankingDay(salaryDay(mi) + 1), p.savingsMonthly, 'Maandelijks sparen', { standingOrder: true });
    const r = rng(p, 'savings-withdrawal', mi);
    if (r.chance(0.15)) {
      const day = dayInMonth(mi, r.int(1, 28));
      ledger.ownTransfer(`savings-withdrawal:${mi}`, p.savings, p.current, day, Math.round(r.range(150, 1200) / 50) * 50, r.pick(['Van spaarrekening', 'Overboeking eigen rekening', 'Vakantie', 'Nieuwe wasmachine']));
    }
  }
  quarterlyInterest(ledger, ledger.span, p.savings, (mi) => rng(p, 'interest', mi), 2, 45);
}

function groceries(p: RetailPersona, ledger: Ledger): void {
  const g = p.groceries;
  for (const week of weeksOf(ledger.span)) {
    const r = rng(p, 'groceries', week.week);
    if (!r.chance(0.04)) {
      const jitter = r.chance(0.35) ? r.pick([-1, 1]) : 0;
      const day = dayOfWeekIn(week, (g.weekday + jitter + 7) % 7);
      const shop = r.chance(0.85) ? g.main[0] : g.main[1];
      payByCard(ledger, `groceries:${week.week}`, p.card, shop, day, r, r.cents(22, 140) * g.scale, HOURS.groceries, GROCERIES);
    }
    const extra = rng(p, 'groceries-extra', week.week);
    if (extra.chance(0.55)) {
      const day = dayOfWeekIn(week, extra.int(0, 6));
      const shop = extra.chance(0.5) ? g.extra[0] : g.main[extra.int(0, 1)];
      payByCard(ledger, `groceries-extra:${week.week}`, p.card, shop, day, extra, extra.cents(4, 42), HOURS.groceries, GROCERIES);
    }
  }
}

/** Whether each kind of irregular spending happens on a day: one draw per kind, always in this order. */
const DAILY = ['coffee', 'lunch', 'dinner', 'shop', 'webshop', 'takeaway', 'travel', 'tikkie-out', 'tikkie-in', 'atm'] as const;

function dailySpending(p: RetailPersona, ledger: Ledger): void {
  const s = p.shops;
  const a = p.affluence;
  const tikkie = organisation(TIKKIE);
  for (const day of daysOf(ledger.span)) {
    const wd = weekday(day);
    const weekend = wd === 0 || wd === 6;
    const gate = rng(p, 'day', day);
    const rolls = DAILY.map(() => gate.next());
    const happens = (what: (typeof DAILY)[number], probability: number): Rng | null => (rolls[DAILY.indexOf(what)] < probability ? rng(p, what, day) : null);

    const coffee = happens('coffee', (weekend ? 0.12 : 0.26) * a);
    if (coffee) payByCard(ledger, `coffee:${day}`, p.card, coffee.pick(s.coffee), day, coffee, coffee.cents(2.6, 7.8), HOURS.coffee, label('expenses.eating-out.coffee'));

    const lunch = happens('lunch', weekend ? 0 : 0.1 * a);
    if (lunch) payByCard(ledger, `lunch:${day}`, p.card, lunch.pick(s.lunch), day, lunch, lunch.cents(6.5, 16), HOURS.lunch, label('expenses.eating-out.lunch'));

    const dinner = happens('dinner', (wd === 5 || wd === 6 ? 0.24 : 0.05) * a);
    if (dinner) payByCard(ledger, `dinner:${day}`, p.card, dinner.chance(0.9) ? dinner.pick(s.dinner.slice(0, 5)) : s.dinner[5], day, dinner, dinner.cents(24, 105), HOURS.dinner, label('expenses.eating-out.restaurant'));

    const shop = happens('shop', 0.14 * a);
    if (shop) {
      const where = shop.pick(s.shop);
      const big = /IKEA|Gamma|Praxis|Intertoys/.test(where.label);
      const what = label(shopCategory(where));
      payByCard(ledger, `shop:${day}`, p.card, where, day, shop, big ? shop.cents(18, 190) : shop.cents(2.5, 48), HOURS.shop, what);
      if (shop.chance(0.05)) payByCard(ledger, `shop-refund:${day}`, p.card, where, day + shop.int(2, 9), shop, shop.cents(4, 35), HOURS.shop, what, true);
    }

    const web = happens('webshop', 0.055 * a);
    if (web) {
      const webshop = web.pick(WEBSHOPS);
      const party = organisation(webshop.name);
      const amount = web.cents(webshop.min, webshop.max);
      const order = web.digits(10);
      ledger.ideal(`webshop:${day}`, p.current, party, day, web.int(HOURS.online[0], HOURS.online[1]), amount, `${order} ${webshop.remittance}`, `00${web.digits(14)}`, label(webshop.category));
      if (webshop.refundable && web.chance(0.2)) {
        const refund = web.chance(0.7) ? amount : roundCents(amount * web.range(0.2, 0.7));
        ledger.transferIn(`webshop-refund:${day}`, p.current, party, nextBankingDay(day + web.int(4, 14)), refund, `Terugbetaling retour bestelling ${order}`, REFUND, { kenmerk: `RET${web.digits(9)}` });
      }
    }

    const food = happens('takeaway', wd === 5 || wd === 6 || wd === 0 ? 0.09 * a : 0);
    if (food) {
      ledger.ideal(`takeaway:${day}`, p.current, organisation(TAKEAWAY.name), day, food.int(17 * 60 + 30, 21 * 60), food.cents(19, 52), `${food.digits(8)} ${TAKEAWAY.remittance}`, `00${food.digits(14)}`, label('expenses.eating-out.takeaway'));
    }

    const travel = happens('travel', p.insurance.car ? 0.08 : 0.05);
    if (travel && p.insurance.car) payByCard(ledger, `fuel:${day}`, p.card, travel.pick(s.fuel), day, travel, travel.cents(38, 92), HOURS.fuel, label('expenses.transport.fuel'));
    else if (travel) payByCard(ledger, `travel:${day}`, p.card, localStore('NS', p.city.name), day, travel, travel.cents(4.5, 28), HOURS.fuel, label('expenses.transport.public'));

    const out = happens('tikkie-out', 0.045);
    if (out) {
      const id = out.digits(12);
      ledger.ideal(`tikkie-out:${day}`, p.current, tikkie, day, out.int(HOURS.online[0], HOURS.online[1]), out.cents(4, 48), `${id} Tikkie ID ${id}, ${out.pick(TIKKIE_REASONS)}, Via Tikkie`, `00${out.digits(14)}`, label('expenses.to-people'));
    }
    const back = happens('tikkie-in', 0.035);
    if (back) {
      const friend = back.pick(p.friends);
      ledger.transferIn(`tikkie-in:${day}`, p.current, tikkie, day, back.cents(4, 48), `Tikkie ID ${back.digits(12)}, ${back.pick(TIKKIE_REASONS)}, Van ${friend.formal}, ${friend.iban}`, label('income.from-people'));
    }

    const cash = happens('atm', 0.04);
    if (cash) {
      const where = cash.pick(s.atm);
      ledger.atm(`atm:${day}`, p.current, { store: where, day, minutes: cash.int(9 * 60, 20 * 60), amount: cash.pick([20, 50, 50, 70, 100, 100, 150]), late: cash.chance(0.3), pas: p.card.pas, terminal: cash.pick(where.terminals) });
    }
  }
}
