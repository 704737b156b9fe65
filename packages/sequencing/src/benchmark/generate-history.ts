/**
 * Seeded synthetic account histories with known ground truth: which transaction ids form which
 * sequence, with which periodicity, next date and status. Histories span 16 months up to asOf, so
 * the engine's 13-month cut is exercised; the truth holds only transactions inside those 13 months.
 *
 * Realism over convenience: dates jitter (±3 days for direct debits, ±1–3 for rent, ±2 for 4-weekly
 * and quarterly benefit payments, ±1 for card subscriptions, weekly payments mostly on the day with
 * an occasional holiday shift, salaries on the day or one early) and move off weekends the way each
 * payer does (salaries to the Friday before, direct debits to the Monday after, cards not at all); amounts
 * drift (energy ±10–30 %, telecom ±10 %, wages by hours worked) and rise (indexation, price
 * changes); periods are missed and doubled; counterpart names vary per transaction; card payments
 * have no IBAN; the same merchants also get one-off and everyday purchases, refunds, settlements.
 * Harder cases: weekly payments whose day wobbles by up to two days (paid by hand, collected in a
 * loose batch); card descriptors that vary per charge (a city or country suffix, a fresh reference
 * code, a brand abbreviation such as "AH" for Albert Heijn, also on everyday purchases); quarterly
 * bills of varying amount with only three payments so far; two or three Apple subscriptions on one
 * descriptor among App Store purchases at the same price points.
 * Everyday spending (groceries, coffee at fixed prices, commuting fares, ATM, restaurants, webshops,
 * haircuts every 4–8 weeks, friends paying back) fills the rest and is the whole of a pure-noise history.
 */
import { addCalendarMonths, businessDayDeviation, civilFromDay, DAY_MS, dayFromCivil, daysInMonth, isoDate, isoWeekday } from '../calendar';
import type { Periodicity, SequenceStatus, SequencingTransaction } from '../types';
import { mulberry32, type Random } from './prng';

export interface TruthSequence {
  /** Scenario that produced it, e.g. 'energy', 'salary-4-weekly'. */
  label: string;
  periodicity: Periodicity;
  direction: 'income' | 'expense';
  /** Ids of its transactions inside the 13-month window, oldest first (a doubled payment included). */
  transactionIds: string[];
  /** Undisturbed (no jitter) date of the period after the latest transaction, moved off the weekend as the payer does. */
  nextDate: string;
  status: SequenceStatus;
}

export interface GeneratedHistory {
  seed: number;
  pureNoise: boolean;
  asOf: Date;
  ownAccountNumbers: string[];
  /** Newest first, as bank APIs list them. */
  transactions: SequencingTransaction[];
  truth: TruthSequence[];
}

export interface HistoryOptions {
  /** Everyday spending only: nothing in it is a sequence. */
  pureNoise?: boolean;
  /**
   * Size of the history: 1 ≈ 1,100 transactions in 16 months. Larger scales add merchants, visit
   * rates and subscriptions (more counterparties, and denser ones, as for a business account).
   */
  scale?: number;
}

type TypeCode = 'ba' | 'ei' | 'tb' | 'gm' | 'id';
const TYPE_NAMES: Record<TypeCode, string> = { ba: 'Betaalautomaat', ei: 'Incasso', tb: 'Overboeking', gm: 'Geldautomaat', id: 'iDEAL' };

const REFERENCE_CHARACTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];

interface Counterparty {
  /** Name variants; '#' becomes a random digit, '@' a random letter or digit, per transaction. */
  names: readonly string[];
  iban: string | null;
  type: TypeCode;
  /** Used as description when there is no name (ATM). */
  description?: string;
}

type WeekendPolicy = 'forward' | 'backward' | 'none';
type Lifecycle = 'ongoing' | 'cancelled' | 'started' | 'new' | 'three';

const PERIOD_DAYS: Record<Periodicity, number> = { Weekly: 7, 'Quad Weekly': 28, Monthly: 30.44, Quarterly: 91.31 };
/** The documented 'Ended' rule: more than this many business days past the next expected date (docs/sequencing.md). */
const ENDED_AFTER_BUSINESS_DAYS: Record<Periodicity, number> = { Weekly: 1, 'Quad Weekly': 3, Monthly: 4, Quarterly: 5 };
const HISTORY_DAYS = 490;

const cents = (amount: number): number => Math.round(amount * 100) / 100;

function shiftOffWeekend(day: number, policy: WeekendPolicy): number {
  const weekday = isoWeekday(day);
  if (weekday <= 5 || policy === 'none') return day;
  return policy === 'forward' ? day + (8 - weekday) : day - (weekday - 5);
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ven', 'tor', 'sa', 'rin', 'dal', 'mer', 'co', 'no', 'bi', 'tex', 'lan', 'gro', 'fi', 'ra', 'zu', 'pe', 'hol', 'stra', 'quin', 'vel', 'do'];
const ENDINGS = ['', 's', 'ia', 'o', 'ex', 'um', 'heim', 'dam'];
const BANKS = ['INGB', 'RABO', 'ABNA', 'SNSB', 'TRIO', 'BUNQ', 'KNAB', 'ASNB'];
const CITIES = ['Utrecht', 'Amsterdam', 'Rotterdam', 'Den Haag', 'Eindhoven', 'Groningen', 'Zwolle', 'Breda'];
const INITIALS = ['A.', 'J.', 'M.', 'S.', 'P.', 'L.', 'E.', 'R.'];
const SURNAMES = ['Jansen', 'de Vries', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'Bos', 'Vos', 'Peters', 'Hendriks', 'Dekker', 'Brouwer'];

class HistoryBuilder {
  readonly transactions: SequencingTransaction[] = [];
  readonly truth: TruthSequence[] = [];
  readonly ownAccountNumbers: string[] = [];
  readonly startDay: number;
  readonly asOfDay: number;
  readonly windowStartMs: number;
  private count = 0;
  private readonly dates = new Map<number, string>();
  private readonly names = new Set<string>();

  constructor(
    readonly rng: Random,
    readonly accountId: string,
    readonly asOfMs: number,
  ) {
    this.asOfDay = Math.floor(asOfMs / DAY_MS);
    this.startDay = this.asOfDay - HISTORY_DAYS;
    this.windowStartMs = addCalendarMonths(asOfMs, -13);
  }

  get windowStartDay(): number {
    return Math.floor(this.windowStartMs / DAY_MS) + 1;
  }

  iban(): string {
    const r = this.rng;
    return `NL${r.int(10, 99)}${r.pick(BANKS)}${String(r.int(0, 99_999)).padStart(5, '0')}${String(r.int(0, 99_999)).padStart(5, '0')}`;
  }

  /** A name from the pool not used yet in this history, else an invented one. */
  uniqueName(pool: readonly string[]): string {
    const free = pool.filter((n) => !this.names.has(n));
    const name = free.length > 0 ? this.rng.pick(free) : this.inventedName();
    this.names.add(name);
    return name;
  }

  inventedName(): string {
    for (;;) {
      const parts = this.rng.int(2, 3);
      let name = '';
      for (let i = 0; i < parts; i++) name += this.rng.pick(SYLLABLES);
      name = name[0].toUpperCase() + name.slice(1) + this.rng.pick(ENDINGS);
      if (!this.names.has(name)) {
        this.names.add(name);
        return name;
      }
    }
  }

  personName(): string {
    for (let attempt = 0; attempt < 50; attempt++) {
      const name = `${this.rng.pick(INITIALS)} ${this.rng.pick(SURNAMES)}`;
      if (!this.names.has(name)) {
        this.names.add(name);
        return name;
      }
    }
    return `${this.rng.pick(INITIALS)} ${this.inventedName()}`;
  }

  add(day: number, amount: number, cp: Counterparty, description?: string): SequencingTransaction | null {
    if (day < this.startDay || day > this.asOfDay || Math.abs(amount) < 0.01) return null;
    const raw = cp.names.length > 0 ? this.rng.pick(cp.names) : null;
    const name = raw === null ? null : raw.replace(/#/g, () => String(this.rng.int(0, 9))).replace(/@/g, () => this.rng.pick(REFERENCE_CHARACTERS));
    let date = this.dates.get(day);
    if (date === undefined) this.dates.set(day, (date = new Date(day * DAY_MS).toISOString()));
    const tx: SequencingTransaction = {
      id: `${this.accountId}-${++this.count}`,
      accountId: this.accountId,
      amount: cents(amount),
      currency: 'EUR',
      bookingDate: date,
      valueDate: date,
      description: description ?? cp.description ?? name,
      counterpartName: name,
      counterpartAccountNumber: cp.iban,
      transactionType: cp.type,
      transactionTypeName: TYPE_NAMES[cp.type],
    };
    this.transactions.push(tx);
    return tx;
  }

  inWindow(tx: SequencingTransaction): boolean {
    const ms = Date.parse(tx.bookingDate);
    return ms > this.windowStartMs && ms <= this.asOfMs;
  }

  /** Nominal dates per period over the whole history and a little beyond asOf. */
  monthly(dayOfMonth: number | 'last' | 'last-working-day'): number[] {
    const days: number[] = [];
    const from = civilFromDay(this.startDay - 100);
    const to = civilFromDay(this.asOfDay + 100);
    for (let m = from.year * 12 + from.month - 1; m <= to.year * 12 + to.month - 1; m++) {
      const year = Math.floor(m / 12);
      const month = (m % 12) + 1;
      const length = daysInMonth(year, month);
      if (dayOfMonth === 'last-working-day') days.push(shiftOffWeekend(dayFromCivil(year, month, length), 'backward'));
      else days.push(dayFromCivil(year, month, dayOfMonth === 'last' ? length : Math.min(dayOfMonth, length)));
    }
    return days;
  }

  quarterly(monthInQuarter: number, dayOfMonth: number): number[] {
    return this.monthly(dayOfMonth).filter((day) => (civilFromDay(day).month - 1) % 3 === monthInQuarter);
  }

  everyNDays(weekday: number, n: 7 | 28): number[] {
    let day = this.startDay - 100 - this.rng.int(0, n - 1);
    while (isoWeekday(day) !== weekday) day++;
    const days: number[] = [];
    for (; day <= this.asOfDay + 100; day += n) days.push(day);
    return days;
  }

  /** Nominal-date range a sequence is active in. */
  lifecycleRange(periodicity: Periodicity, lifecycle: Lifecycle, nominal: readonly number[]): { from: number; to: number } {
    const period = PERIOD_DAYS[periodicity];
    const r = this.rng;
    switch (lifecycle) {
      case 'ongoing':
        return { from: -Infinity, to: Infinity };
      case 'cancelled': {
        // At least five periods in the window, and clearly over by asOf.
        const earliest = this.windowStartDay + 5 * period;
        const latest = this.asOfDay - 2.5 * period;
        return { from: -Infinity, to: Math.round(earliest <= latest ? r.uniform(earliest, latest) : latest) };
      }
      case 'started': {
        const low = 3.5 * period;
        const high = Math.max(low + 1, 0.9 * (this.asOfDay - this.windowStartDay));
        return { from: Math.round(this.asOfDay - r.uniform(low, high)), to: Infinity };
      }
      case 'new':
      case 'three': {
        // Exactly two (three) payments so far, the last recent enough that the next is not yet overdue.
        const last = [...nominal].reverse().find((d) => d <= this.asOfDay - 5) ?? this.asOfDay;
        const first = nominal[nominal.indexOf(last) - (lifecycle === 'new' ? 1 : 2)] ?? last;
        return { from: first, to: Infinity };
      }
    }
  }
}

interface SequenceSpec {
  label: string;
  periodicity: Periodicity;
  cp: Counterparty;
  direction: 'income' | 'expense';
  nominal: number[];
  /** Positive amount of the payment due on a nominal date. */
  amount: (nominalDay: number) => number;
  jitter: () => number;
  weekend: WeekendPolicy;
  lifecycle: Lifecycle;
  missProbability?: number;
  doubleProbability?: number;
  description?: string;
}

/** Books a sequence's payments and records its truth. */
function emitSequence(b: HistoryBuilder, spec: SequenceSpec): void {
  const r = b.rng;
  const { from, to } = b.lifecycleRange(spec.periodicity, spec.lifecycle, spec.nominal);
  const occurrences: { nominal: number; day: number }[] = [];
  for (const nominal of spec.nominal) {
    if (nominal < from || nominal > to) continue;
    const day = shiftOffWeekend(nominal + spec.jitter(), spec.weekend);
    if (day >= b.startDay && day <= b.asOfDay) occurrences.push({ nominal, day });
  }
  if (spec.lifecycle !== 'new' && spec.lifecycle !== 'three' && occurrences.length >= 6 && r.chance(spec.missProbability ?? 0.25)) {
    // Never the latest two, so whether it has ended stays a matter of the lifecycle.
    const first = r.int(1, occurrences.length - 3);
    const second = r.chance(0.3) ? r.int(1, occurrences.length - 3) : -1;
    const keep = occurrences.filter((_, i) => i !== first && (Math.abs(second - first) < 2 || i !== second));
    occurrences.splice(0, occurrences.length, ...keep);
  }
  const sign = spec.direction === 'income' ? 1 : -1;
  const ids: string[] = [];
  let periodsInWindow = 0;
  const doubled = spec.lifecycle !== 'new' && spec.lifecycle !== 'three' && occurrences.length >= 4 && r.chance(spec.doubleProbability ?? 0.12) ? r.int(0, occurrences.length - 2) : -1;
  occurrences.forEach((o, i) => {
    const amount = sign * spec.amount(o.nominal);
    const tx = b.add(o.day, amount, spec.cp, spec.description);
    if (tx && b.inWindow(tx)) {
      ids.push(tx.id);
      periodsInWindow++;
    }
    if (i === doubled) {
      const again = b.add(shiftOffWeekend(o.day + r.int(0, spec.periodicity === 'Weekly' ? 1 : 2), spec.weekend), amount, spec.cp, spec.description);
      if (again && b.inWindow(again)) ids.push(again.id);
    }
  });
  const last = occurrences[occurrences.length - 1];
  if (last) {
    const nextNominal = spec.nominal[spec.nominal.indexOf(last.nominal) + 1];
    const nextDay = shiftOffWeekend(nextNominal, spec.weekend);
    const ended = businessDayDeviation(b.asOfDay, nextDay) > ENDED_AFTER_BUSINESS_DAYS[spec.periodicity];
    const status: SequenceStatus = ended ? 'Ended' : periodsInWindow < 3 ? 'Early' : 'Active';
    if (periodsInWindow >= 3 || (periodsInWindow === 2 && !ended)) {
      b.truth.push({ label: spec.label, periodicity: spec.periodicity, direction: spec.direction, transactionIds: ids, nextDate: isoDate(nextDay), status });
    }
  }
}

const jitterUpTo =
  (r: Random, max: number): (() => number) =>
  () =>
    r.int(-max, max);

/** Weekly payments: on the day, sometimes a day off, rarely two (a bank holiday). */
const weeklyJitter =
  (r: Random): (() => number) =>
  () => {
    const x = r.next();
    return x < 0.9 ? 0 : x < 0.94 ? -1 : x < 0.98 ? 1 : 2;
  };

function pickLifecycle(r: Random, allowNew: boolean, periodicity: Periodicity): Lifecycle {
  const x = r.next();
  if (allowNew && x < 0.08) return 'new';
  if (x < 0.2 && periodicity !== 'Quarterly') return 'cancelled';
  if (x < 0.32) return 'started';
  return 'ongoing';
}

/** Amount with one step change (price rise, indexation) at a random point of the history. */
function stepped(r: Random, base: number, probability: number, low: number, high: number): (day: number) => number {
  if (!r.chance(probability)) return () => base;
  const changeDay = r.int(0, HISTORY_DAYS);
  const after = cents(base * r.uniform(low, high));
  return (day) => (day >= changeDay ? after : base);
}

// ---- Scenarios: each adds one or more sequences (and the one-offs that come with them) ----

function salaryMonthly(b: HistoryBuilder): void {
  const r = b.rng;
  const name = b.uniqueName(['Acme Logistics', 'Zorggroep Noord', 'TechNova Solutions', 'Hanze Installatietechniek', 'Veldhuis Bouw', 'Gemeente Utrecht']);
  const cp: Counterparty = { names: [`${name} B.V.`, name.toUpperCase(), `${name} Salarisadministratie`], iban: b.iban(), type: 'tb' };
  const monthEnd = r.chance(0.4);
  const base = cents(r.uniform(1800, 5500));
  const raiseDay = b.startDay + r.int(0, HISTORY_DAYS);
  const raised = cents(base * r.uniform(1.02, 1.06));
  const amount = (day: number): number => (day >= raiseDay ? raised : base);
  emitSequence(b, {
    label: monthEnd ? 'salary-month-end' : 'salary-25th',
    periodicity: 'Monthly',
    cp,
    direction: 'income',
    nominal: b.monthly(monthEnd ? 'last-working-day' : r.pick([25, 25, 24, 20])),
    amount,
    jitter: () => (r.chance(0.85) ? 0 : -1),
    weekend: 'backward',
    lifecycle: r.chance(0.15) ? 'started' : 'ongoing',
    missProbability: 0.05,
    doubleProbability: 0,
    description: 'Salaris',
  });
  holidayAllowanceAndBonus(b, cp, base);
}

/** One-off payments from an employer that also pays a salary sequence. */
function holidayAllowanceAndBonus(b: HistoryBuilder, cp: Counterparty, base: number): void {
  const r = b.rng;
  for (let year = civilFromDay(b.startDay).year; year <= civilFromDay(b.asOfDay).year; year++) {
    b.add(dayFromCivil(year, 5, r.int(18, 28)), base * 0.96, cp, 'Vakantiegeld');
    if (r.chance(0.3)) b.add(dayFromCivil(year, 12, r.int(8, 18)), base * r.uniform(0.9, 1.1), cp, 'Eindejaarsuitkering');
  }
}

function salaryQuadWeekly(b: HistoryBuilder): void {
  const r = b.rng;
  const name = b.uniqueName(['Jumbo Personeelszaken', 'Stichting Thuiszorg', 'Distributiecentrum Oost', 'Transavia Crew Payroll']);
  const cp: Counterparty = { names: [name, `${name} B.V.`], iban: b.iban(), type: 'tb' };
  const base = cents(r.uniform(1500, 3800));
  emitSequence(b, {
    label: 'salary-4-weekly',
    periodicity: 'Quad Weekly',
    cp,
    direction: 'income',
    nominal: b.everyNDays(r.pick([4, 5]), 28),
    amount: stepped(r, base, 0.5, 1.02, 1.05),
    jitter: () => (r.chance(0.85) ? 0 : r.pick([-1, 1])),
    weekend: 'backward',
    lifecycle: r.chance(0.2) ? 'started' : 'ongoing',
    doubleProbability: 0,
    description: 'Loon periode',
  });
  holidayAllowanceAndBonus(b, cp, base);
}

function weeklyWage(b: HistoryBuilder): void {
  const r = b.rng;
  const name = b.uniqueName(['Randstad Uitzendbureau', 'Tempo-Team', 'Olympia Uitzendbureau', 'YoungCapital']);
  const base = r.uniform(180, 650);
  emitSequence(b, {
    label: 'weekly-wage',
    periodicity: 'Weekly',
    cp: { names: [`${name} B.V.`, name], iban: b.iban(), type: 'tb' },
    direction: 'income',
    nominal: b.everyNDays(5, 7),
    amount: () => cents(base * r.uniform(0.8, 1.2)),
    jitter: weeklyJitter(r),
    weekend: 'backward',
    lifecycle: pickLifecycle(r, false, 'Weekly'),
    doubleProbability: 0,
  });
}

function rent(b: HistoryBuilder): void {
  const r = b.rng;
  const name = b.uniqueName(['Vesteda Woningen', 'Woonstad Rotterdam', 'Mitros Wonen', 'Portaal Vastgoed', 'Ymere']);
  const cp: Counterparty = { names: [name, name.toUpperCase()], iban: b.iban(), type: 'tb' };
  const base = cents(r.uniform(650, 1600));
  // Yearly indexation on 1 July.
  const amount = (day: number): number => {
    const { year, month } = civilFromDay(day);
    const raises = year - civilFromDay(b.startDay).year + (month >= 7 ? 1 : 0);
    return cents(base * 1.035 ** raises);
  };
  emitSequence(b, {
    label: 'rent',
    periodicity: 'Monthly',
    cp,
    direction: 'expense',
    nominal: b.monthly(1),
    amount,
    jitter: jitterUpTo(r, r.pick([1, 2, 3])),
    weekend: 'forward',
    lifecycle: r.chance(0.1) ? 'started' : 'ongoing',
    description: 'Huur',
  });
  if (r.chance(0.4)) b.add(r.int(b.startDay, b.asOfDay), -base * r.pick([r.uniform(0.1, 0.5), r.uniform(1.8, 3)]), cp, 'Servicekosten afrekening');
}

function energy(b: HistoryBuilder): void {
  const r = b.rng;
  const name = b.uniqueName(['Eneco', 'Vattenfall', 'Essent', 'Greenchoice', 'Budget Energie', 'Oxxio']);
  const cp: Counterparty = { names: [name, `${name.toUpperCase()} CONSUMENTEN B.V.`, `${name} Retail N.V.`], iban: b.iban(), type: 'ei' };
  const base = r.uniform(60, 220);
  const spread = r.uniform(0.1, 0.3);
  const newAdvanceDay = b.startDay + r.int(0, HISTORY_DAYS);
  const newAdvance = r.uniform(0.9, 1.15);
  emitSequence(b, {
    label: 'energy',
    periodicity: 'Monthly',
    cp,
    direction: 'expense',
    nominal: b.monthly(r.int(1, 28)),
    amount: (day) => cents(base * (day >= newAdvanceDay ? newAdvance : 1) * (1 + r.uniform(-spread, spread))),
    jitter: jitterUpTo(r, 3),
    weekend: 'forward',
    lifecycle: pickLifecycle(r, false, 'Monthly'),
    description: 'Termijnbedrag energie',
  });
  if (r.chance(0.6)) {
    const settlement = r.chance(0.5) ? -base * r.uniform(1.7, 4) : base * r.uniform(0.3, 3);
    b.add(r.int(b.startDay, b.asOfDay), settlement, cp, 'Jaarafrekening');
  }
}

function telecom(b: HistoryBuilder): void {
  const r = b.rng;
  const name = b.uniqueName(['KPN', 'Odido', 'Vodafone Libertel', 'Ziggo', 'Tele2']);
  const cp: Counterparty = { names: [`${name} B.V.`, name.toUpperCase()], iban: b.iban(), type: 'ei' };
  const base = r.uniform(15, 80);
  emitSequence(b, {
    label: 'telecom',
    periodicity: 'Monthly',
    cp,
    direction: 'expense',
    nominal: b.monthly(r.int(15, 28)),
    amount: () => cents(base * r.uniform(0.9, 1.1)),
    jitter: jitterUpTo(r, 3),
    weekend: 'forward',
    lifecycle: pickLifecycle(r, false, 'Monthly'),
  });
  if (r.chance(0.3)) b.add(r.int(b.startDay, b.asOfDay), -base * r.uniform(2, 8), { ...cp, type: 'ba', iban: null });
}

interface Merchant {
  key: string;
  names: string[];
  prices: number[];
}

const STREAMING: Merchant[] = [
  { key: 'netflix', names: ['NETFLIX.COM #####', 'Netflix International B.V.', 'NETFLIX.COM'], prices: [7.99, 13.99, 19.99] },
  { key: 'spotify', names: ['Spotify AB', 'SPOTIFY P###A#B#', 'PAYPAL *SPOTIFY'], prices: [5.99, 10.99, 16.99] },
  { key: 'disney', names: ['DISNEY PLUS', 'Disney Plus ####'], prices: [5.99, 9.99, 13.99] },
  { key: 'videoland', names: ['Videoland', 'VIDEOLAND.NL'], prices: [4.99, 7.99, 11.99] },
  { key: 'youtube', names: ['Google YouTube Premium', 'GOOGLE *YouTube Premium'], prices: [12.99, 22.99] },
  { key: 'icloud', names: ['APPLE.COM/BILL', 'Apple.com/bill ####'], prices: [0.99, 2.99, 9.99] },
  { key: 'xbox', names: ['Microsoft Xbox', 'MICROSOFT XBOX ####'], prices: [10.99, 14.99] },
  { key: 'audible', names: ['Audible Ltd', 'AUDIBLE UK'], prices: [9.95] },
  { key: 'nrc', names: ['NRC Media B.V.', 'NRC MEDIA ####'], prices: [24.5, 32.0] },
];

function cardSubscription(b: HistoryBuilder, merchant: Merchant, price: number, label: string, lifecycle?: Lifecycle, dayOfMonth?: number): void {
  const r = b.rng;
  emitSequence(b, {
    label,
    periodicity: 'Monthly',
    cp: { names: merchant.names, iban: null, type: 'ba' },
    direction: 'expense',
    nominal: b.monthly(dayOfMonth ?? r.int(1, 28)),
    amount: stepped(r, price, 0.35, 1.1, 1.3),
    jitter: () => (r.chance(0.8) ? 0 : r.pick([-1, 1])),
    weekend: 'none',
    lifecycle: lifecycle ?? pickLifecycle(r, true, 'Monthly'),
  });
}

function streaming(b: HistoryBuilder, used: Set<string>): void {
  const r = b.rng;
  const merchant = r.pick(STREAMING.filter((m) => !used.has(m.key)));
  used.add(merchant.key);
  cardSubscription(b, merchant, r.pick(merchant.prices), 'card-subscription');
  // A refund from a merchant the customer pays: positive, neither income sequence nor part of the expense one.
  if (r.chance(0.15)) b.add(r.int(b.startDay, b.asOfDay), r.pick(merchant.prices), { names: merchant.names, iban: null, type: 'ba' }, 'Refund');
}

function twoSubscriptionsOneMerchant(b: HistoryBuilder, used: Set<string>): void {
  const r = b.rng;
  const merchant = r.pick(STREAMING.filter((m) => !used.has(m.key) && m.prices.length > 1));
  used.add(merchant.key);
  const [low, high] = [...merchant.prices].sort(() => r.next() - 0.5).slice(0, 2).sort((a, b2) => a - b2);
  const day = r.int(1, 28);
  cardSubscription(b, merchant, low, 'two-subscriptions', 'ongoing', day);
  cardSubscription(b, merchant, high, 'two-subscriptions', r.chance(0.8) ? 'ongoing' : 'started', r.chance(0.5) ? day : r.int(1, 28));
}

/** A subscription at a merchant the customer also buys from at random. */
function subscriptionWithPurchases(b: HistoryBuilder, used: Set<string>): void {
  const r = b.rng;
  const amazon = r.chance(0.5);
  // One Prime membership per customer, whichever descriptor it is billed under.
  if (amazon) used.add('amazon-prime');
  const cp: Counterparty = amazon
    ? { names: ['AMAZON.NL', 'Amazon EU S.a r.l.', 'www.amazon.nl'], iban: null, type: 'ba' }
    : { names: ['Basic-Fit Nederland B.V.', 'BASIC-FIT NEDERLAND'], iban: null, type: 'ba' };
  if (amazon) cardSubscription(b, { key: 'amazon', names: [...cp.names], prices: [4.99] }, 4.99, 'subscription-among-purchases', 'ongoing');
  else {
    emitSequence(b, {
      label: 'subscription-among-purchases',
      periodicity: 'Monthly',
      cp: { ...cp, iban: b.iban(), type: 'ei' },
      direction: 'expense',
      nominal: b.monthly(r.int(20, 28)),
      amount: stepped(r, r.pick([24.99, 29.99, 34.99]), 0.3, 1.05, 1.15),
      jitter: jitterUpTo(r, 3),
      weekend: 'forward',
      lifecycle: pickLifecycle(r, false, 'Monthly'),
    });
  }
  const rate = amazon ? 0.07 : 0.1;
  for (let day = b.startDay; day <= b.asOfDay; day++) {
    if (!r.chance(rate)) continue;
    const amount = amazon ? Math.exp(Math.log(25) + 0.9 * r.normal()) : r.pick([2.5, 3.5, 4.95, r.uniform(1.5, 9)]);
    b.add(day, -Math.min(400, Math.max(1, amount)), cp);
    if (amazon && r.chance(0.1)) b.add(day + r.int(5, 20), Math.min(400, Math.max(1, amount)), cp, 'Refund');
  }
}

function directDebit(b: HistoryBuilder, label: string, pool: string[], periodicity: 'Monthly' | 'Quarterly', low: number, high: number): void {
  const r = b.rng;
  const name = b.uniqueName(pool);
  const base = cents(r.uniform(low, high));
  // Premiums change on 1 January.
  const amount = (day: number): number => cents(base * 1.04 ** (civilFromDay(day).year - civilFromDay(b.startDay).year));
  emitSequence(b, {
    label,
    periodicity,
    cp: { names: [name, `${name.toUpperCase()} N.V.`], iban: b.iban(), type: 'ei' },
    direction: 'expense',
    nominal: periodicity === 'Monthly' ? b.monthly(r.int(1, 28)) : b.quarterly(r.int(0, 2), r.int(1, 28)),
    amount,
    jitter: jitterUpTo(r, 3),
    weekend: 'forward',
    lifecycle: pickLifecycle(r, false, periodicity),
  });
}

function quarterlyIncome(b: HistoryBuilder): void {
  const r = b.rng;
  if (r.chance(0.5)) {
    // Child benefit: early in January, April, July, October; indexed each January.
    const base = cents(r.uniform(280, 560));
    emitSequence(b, {
      label: 'child-benefit',
      periodicity: 'Quarterly',
      cp: { names: ['Sociale Verzekeringsbank', 'SVB KINDERBIJSLAG'], iban: b.iban(), type: 'tb' },
      direction: 'income',
      nominal: b.quarterly(0, r.int(2, 6)),
      amount: (day) => cents(base * 1.02 ** (civilFromDay(day).year - civilFromDay(b.startDay).year)),
      jitter: jitterUpTo(r, 2),
      weekend: 'forward',
      lifecycle: r.chance(0.15) ? 'started' : 'ongoing',
    });
  } else {
    const base = r.uniform(40, 900);
    emitSequence(b, {
      label: 'dividend',
      periodicity: 'Quarterly',
      cp: { names: [b.uniqueName(['DEGIRO', 'ABN AMRO Clearing Bank N.V.', 'Meesman Indexbeleggen', 'Brand New Day'])], iban: b.iban(), type: 'tb' },
      direction: 'income',
      nominal: b.quarterly(r.int(0, 2), r.int(5, 28)),
      amount: () => cents(base * r.uniform(0.85, 1.15)),
      jitter: jitterUpTo(r, 3),
      weekend: 'forward',
      lifecycle: 'ongoing',
    });
  }
}

function weeklyExpense(b: HistoryBuilder): void {
  const r = b.rng;
  const kind = r.pick(['meal-box', 'cleaner', 'pocket-money'] as const);
  const card = kind === 'meal-box';
  const name = card ? b.uniqueName(['HelloFresh', 'Marley Spoon', 'Ekomenu']) : b.personName();
  const price = kind === 'meal-box' ? r.pick([39.99, 52.99, 64.99]) : kind === 'cleaner' ? cents(r.uniform(45, 95)) : r.pick([5, 7.5, 10, 15]);
  emitSequence(b, {
    label: `weekly-${kind}`,
    periodicity: 'Weekly',
    cp: card ? { names: [name, `${name.toUpperCase()} NL #####`], iban: null, type: 'ba' } : { names: [name], iban: b.iban(), type: 'tb' },
    direction: 'expense',
    nominal: b.everyNDays(r.int(1, 6), 7),
    amount: stepped(r, price, card ? 0.35 : 0.15, 1.05, 1.2),
    jitter: weeklyJitter(r),
    weekend: card ? 'none' : 'forward',
    lifecycle: pickLifecycle(r, false, 'Weekly'),
    missProbability: 0.5,
  });
}

function quadWeeklyExpense(b: HistoryBuilder): void {
  const r = b.rng;
  const name = b.uniqueName(['Kinderopvang Humankind', 'Partou Kinderopvang', 'Kinderdagverblijf Ukkie', 'Stichting Gastouderbureau']);
  const base = r.uniform(300, 1200);
  emitSequence(b, {
    label: 'childcare-4-weekly',
    periodicity: 'Quad Weekly',
    cp: { names: [name, `${name} B.V.`], iban: b.iban(), type: 'ei' },
    direction: 'expense',
    nominal: b.everyNDays(r.int(1, 3), 28),
    amount: () => cents(base * r.uniform(0.92, 1.08)),
    jitter: jitterUpTo(r, 2),
    weekend: 'forward',
    lifecycle: pickLifecycle(r, false, 'Quad Weekly'),
  });
}

function monthlyMisc(b: HistoryBuilder): void {
  const r = b.rng;
  const kind = r.pick(['lottery', 'study-loan', 'allowance'] as const);
  if (kind === 'allowance') {
    const base = cents(r.uniform(40, 420));
    emitSequence(b, {
      label: 'tax-allowance',
      periodicity: 'Monthly',
      cp: { names: ['Belastingdienst', 'BELASTINGDIENST TOESLAGEN'], iban: b.iban(), type: 'tb' },
      direction: 'income',
      nominal: b.monthly(20),
      amount: (day) => cents(base * 1.03 ** (civilFromDay(day).year - civilFromDay(b.startDay).year)),
      jitter: jitterUpTo(r, 2),
      weekend: 'backward',
      lifecycle: 'ongoing',
    });
    return;
  }
  const name = kind === 'lottery' ? b.uniqueName(['Nationale Postcode Loterij', 'VriendenLoterij', 'BankGiro Loterij']) : 'DUO Hoofdkantoor';
  emitSequence(b, {
    label: kind,
    periodicity: 'Monthly',
    cp: { names: [name, `${name} N.V.`], iban: b.iban(), type: 'ei' },
    direction: 'expense',
    nominal: b.monthly(r.int(1, 28)),
    amount: () => (kind === 'lottery' ? 15 : 112.45),
    jitter: jitterUpTo(r, 3),
    weekend: 'forward',
    lifecycle: pickLifecycle(r, false, 'Monthly'),
  });
}

/** Payments made by hand or collected in a loose batch: half on the day, a third a day off, the rest two days off. */
const looseWeeklyJitter =
  (r: Random): (() => number) =>
  () => {
    const x = r.next();
    return x < 0.5 ? 0 : x < 0.84 ? r.pick([-1, 1]) : r.pick([-2, 2]);
  };

/** Weekly payments whose day wobbles: a cleaner paid by hand, a weekly direct debit, a platform's weekly payout. */
function looseWeekly(b: HistoryBuilder): void {
  const r = b.rng;
  const kind = r.pick(['cleaner-by-hand', 'direct-debit', 'platform-payout'] as const);
  const jitter = looseWeeklyJitter(r);
  if (kind === 'platform-payout') {
    const name = b.uniqueName(['Uber Payments B.V.', 'Deliveroo Netherlands', 'Temper B.V.', 'Thuisbezorgd.nl']);
    const base = r.uniform(120, 480);
    emitSequence(b, {
      label: 'weekly-loose-payout',
      periodicity: 'Weekly',
      cp: { names: [name, name.toUpperCase()], iban: b.iban(), type: 'tb' },
      direction: 'income',
      nominal: b.everyNDays(r.int(1, 5), 7),
      amount: () => cents(base * r.uniform(0.85, 1.15)),
      jitter,
      weekend: 'forward',
      lifecycle: pickLifecycle(r, false, 'Weekly'),
      doubleProbability: 0,
    });
    return;
  }
  const byHand = kind === 'cleaner-by-hand';
  const name = byHand ? b.personName() : b.uniqueName(['Voedselbank Steunfonds', 'Groentetas Boerderij', 'Stichting Sportclub', 'Marley Spoon Incasso']);
  emitSequence(b, {
    label: `weekly-loose-${kind}`,
    periodicity: 'Weekly',
    cp: { names: byHand ? [name] : [name, `${name.toUpperCase()} B.V.`], iban: b.iban(), type: byHand ? 'tb' : 'ei' },
    direction: 'expense',
    nominal: b.everyNDays(r.int(1, 5), 7),
    amount: stepped(r, byHand ? r.pick([40, 45, 50, 60, 75]) : cents(r.uniform(8, 60)), 0.2, 1.05, 1.15),
    jitter,
    weekend: byHand ? 'none' : 'forward',
    lifecycle: pickLifecycle(r, false, 'Weekly'),
    missProbability: 0.4,
  });
}

/**
 * Card merchants whose descriptor varies from charge to charge: a city or country suffix, a fresh
 * reference code ('@' is a random letter or digit), a brand abbreviation ("AH" for Albert Heijn).
 */
const VARYING_DESCRIPTORS: Merchant[] = [
  { key: 'spotify', names: ['SPOTIFY AB STOCKHOLM', 'Spotify P@@@@@@@@', 'Spotify AB', 'SPOTIFY SE'], prices: [5.99, 10.99, 16.99] },
  { key: 'amazon-prime', names: ['Amazon Prime*@@@@@@@@@', 'AMZN Prime NL', 'AMAZON PRIME LUXEMBOURG'], prices: [4.99] },
  { key: 'ah-premium', names: ['AH Premium ZAANDAM', 'ALBERT HEIJN PREMIUM', 'AH PREMIUM @@@@@@'], prices: [2.99, 3.99] },
  { key: 'mcdonalds', names: ['McDonalds App @@@@@@', "MCDONALD'S AMSTERDAM", 'MCD App NL'], prices: [4.5, 6.99] },
  { key: 'microsoft', names: ['MSFT *Microsoft 365 @@@@@@@@@', 'Microsoft 365 DUBLIN', 'MICROSOFT*365 @@@@@@'], prices: [7, 10] },
];

/** A card subscription billed under varying descriptors. */
function varyingDescriptorSubscription(b: HistoryBuilder, used: Set<string>): void {
  const r = b.rng;
  const merchant = r.pick(VARYING_DESCRIPTORS.filter((m) => !used.has(m.key)));
  used.add(merchant.key);
  cardSubscription(b, merchant, r.pick(merchant.prices), 'card-varying-name');
}

/** A quarterly bill of varying amount (usage-based water, a new holding's dividend) with three payments so far. */
function quarterlyThreeVarying(b: HistoryBuilder): void {
  const r = b.rng;
  const water = r.chance(0.6);
  const name = water ? b.uniqueName(['Vitens', 'Evides Waterbedrijf', 'Brabant Water', 'PWN Waterleidingbedrijf', 'Waternet']) : b.uniqueName(['Aegon Asset Management', 'NN Investment Partners', 'Robeco Dividend']);
  const base = water ? r.uniform(45, 160) : r.uniform(40, 600);
  emitSequence(b, {
    label: water ? 'quarterly-three-water' : 'quarterly-three-dividend',
    periodicity: 'Quarterly',
    cp: { names: [name, `${name.toUpperCase()} N.V.`], iban: b.iban(), type: water ? 'ei' : 'tb' },
    direction: water ? 'expense' : 'income',
    nominal: b.quarterly(r.int(0, 2), r.int(1, 28)),
    amount: () => cents(base * r.uniform(0.85, 1.15)),
    jitter: jitterUpTo(r, water ? 3 : 2),
    weekend: 'forward',
    lifecycle: 'three',
  });
}

/** Two or three Apple subscriptions on one descriptor, among App Store purchases at the usual price points. */
function appleSubscriptions(b: HistoryBuilder, used: Set<string>): void {
  const r = b.rng;
  used.add('icloud');
  const merchant: Merchant = { key: 'icloud', names: ['APPLE.COM/BILL', 'Apple.com/bill ####', 'APPLE.COM/BILL CORK'], prices: [0.99, 2.99, 9.99, 10.99, 6.99, 19.95] };
  const prices = [...merchant.prices].sort(() => r.next() - 0.5).slice(0, r.chance(0.3) ? 3 : 2);
  const day = r.int(1, 28);
  for (const price of prices) cardSubscription(b, merchant, price, 'apple-subscriptions', r.chance(0.75) ? 'ongoing' : 'started', r.chance(0.4) ? day : r.int(1, 28));
  const cp: Counterparty = { names: merchant.names, iban: null, type: 'ba' };
  for (let day2 = b.startDay; day2 <= b.asOfDay; day2++) if (r.chance(0.02)) b.add(day2, -r.pick([0.99, 1.99, 2.99, 4.99, 5.99, 9.99]), cp);
}

/** Extra subscriptions for large histories, with invented counterparties. */
function genericSubscription(b: HistoryBuilder): void {
  const r = b.rng;
  const periodicity = r.pick<Periodicity>(['Monthly', 'Monthly', 'Monthly', 'Weekly', 'Quad Weekly', 'Quarterly']);
  const name = b.inventedName();
  const nominal =
    periodicity === 'Monthly'
      ? b.monthly(r.int(1, 28))
      : periodicity === 'Quarterly'
        ? b.quarterly(r.int(0, 2), r.int(1, 28))
        : b.everyNDays(r.int(1, 5), periodicity === 'Weekly' ? 7 : 28);
  emitSequence(b, {
    label: 'generic',
    periodicity,
    cp: { names: [name, `${name} B.V.`], iban: b.iban(), type: 'ei' },
    direction: r.chance(0.15) ? 'income' : 'expense',
    nominal,
    amount: stepped(r, cents(r.uniform(5, 400)), 0.3, 1.03, 1.2),
    jitter: periodicity === 'Weekly' ? weeklyJitter(r) : jitterUpTo(r, periodicity === 'Quad Weekly' ? 2 : 3),
    weekend: 'forward',
    lifecycle: pickLifecycle(r, false, periodicity),
  });
}

// ---- Everyday spending: never a sequence ----

/** Other descriptors of a chain's stores: a brand abbreviation, a store format. */
const STORE_ALIASES: Readonly<Record<string, string>> = { 'Albert Heijn': 'AH to go', Jumbo: 'JUMBO CITY', 'Dirk van den Broek': 'DIRK VDBROEK' };

const WEEKDAY_WEIGHT = [0, 0.9, 0.9, 0.9, 1, 1.2, 1.6, 0.5];

function lognormal(r: Random, median: number, sigma: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, Math.exp(Math.log(median) + sigma * r.normal())));
}

function everydaySpending(b: HistoryBuilder, scale: number): void {
  const r = b.rng;
  const copies = Math.max(1, Math.round(Math.sqrt(scale)));
  const rate = scale / copies;
  const card = (names: string[]): Counterparty => ({ names, iban: null, type: 'ba' });
  const daily = (perDay: number, visit: (day: number) => void, weekdaysOnly = false): void => {
    for (let day = b.startDay; day <= b.asOfDay; day++) {
      const weekday = isoWeekday(day);
      if (weekdaysOnly && weekday > 5) continue;
      if (r.chance(Math.min(1, perDay * rate * WEEKDAY_WEIGHT[weekday]))) visit(day);
    }
  };
  const chains = ['Albert Heijn', 'Jumbo', 'Lidl', 'Plus', 'Aldi', 'Dirk van den Broek', 'Coop', 'Spar'];
  const savings = b.iban();
  b.ownAccountNumbers.push(savings);

  for (let copy = 0; copy < copies; copy++) {
    const suffix = copy === 0 ? '' : ` ${b.inventedName()}`;
    const [main, second] = [b.uniqueName(chains), b.uniqueName(chains)];
    const alias = STORE_ALIASES[main];
    const mainStore = card([`${main}${suffix} ${r.int(1000, 9999)}`, `${main}${suffix} ${r.int(1000, 9999)}`, ...(alias ? [`${alias}${suffix} ${r.int(1000, 9999)}`] : [])]);
    daily(0.3, (day) => b.add(day, -lognormal(r, 28, 0.8, 1.5, 250), mainStore));
    const secondStore = card([`${second}${suffix} ${r.int(1000, 9999)}`]);
    daily(0.1, (day) => b.add(day, -lognormal(r, 18, 0.7, 1, 150), secondStore));

    // Coffee and bread at fixed menu prices, several times a week on no fixed day.
    const bakery = card([`${b.uniqueName(['Bakkerij Bart', 'Coffee Company', 'Bagels & Beans', 'Starbucks', 'Bakker Vlaar'])}${suffix}`]);
    const menu = [2.8, 3.4, 4.95, 6.5].map((p) => cents(p * r.uniform(0.9, 1.2)));
    daily(0.25, (day) => b.add(day, -r.pick(menu), bakery), true);

    // Commuting: the same fare on most working days.
    const fare = cents(r.uniform(3, 12));
    const ns = card(['NS GROEP IZ NS REIZIGERS', 'NS Reizigers B.V.']);
    daily(0.5, (day) => b.add(day, -fare, ns), true);

    const restaurants = Array.from({ length: 12 }, () => card([b.inventedName()]));
    daily(0.2, (day) => b.add(day, -lognormal(r, 28, 0.6, 4, 250), restaurants[Math.floor(restaurants.length * r.next() ** 2)]));

    const shops = ['bol.com', 'Coolblue', 'Zalando', 'IKEA', 'HEMA', 'Action', 'Kruidvat', 'Etos', 'Gamma', 'Blokker'].map((n) => card([`${n}${suffix}`]));
    daily(0.18, (day) => {
      const shop = r.pick(shops);
      const amount = lognormal(r, 22, 0.9, 1, 600);
      b.add(day, -amount, shop);
      if (r.chance(0.08)) b.add(day + r.int(4, 25), r.chance(0.7) ? amount : amount * r.uniform(0.2, 0.9), shop, 'Retour');
    });

    const parking = card([`Parkmobile${suffix}`, `PARKMOBILE${suffix.toUpperCase()} ####`]);
    daily(0.05, (day) => b.add(day, -r.pick([1.8, 2.4, 3.6, 4.5, 7.2]), parking));

    const fuel = card([`${b.uniqueName(['Shell', 'Tango', 'BP', 'Esso', 'TinQ'])}${suffix} ${r.pick(CITIES)}`]);
    for (let day = b.startDay + r.int(0, 10); day <= b.asOfDay; day += r.int(7, 20)) b.add(day, -r.uniform(40, 85), fuel);

    // Hairdresser every four to eight weeks at a fixed price: regular-ish, but no periodicity.
    const hairdresser = card([`Kapsalon ${b.inventedName()}`]);
    const haircut = cents(r.uniform(22, 45));
    for (let day = b.startDay + r.int(0, 30); day <= b.asOfDay; day += r.int(28, 56)) b.add(day, -haircut, hairdresser);

    const city = r.pick(CITIES);
    const atm: Counterparty = { names: [], iban: null, type: 'gm', description: `GELDMAAT ${city}${suffix}` };
    for (let day = b.startDay + r.int(0, 10); day <= b.asOfDay; day += r.int(4, 25)) b.add(day, -r.pick([20, 50, 50, 100, 150]), atm);

    daily(0.12, (day) => b.add(day, -lognormal(r, 30, 1, 2, 800), card([b.inventedName()])));

    const friends = Array.from({ length: 6 }, () => ({ names: [b.personName()], iban: b.iban(), type: 'tb' as const }));
    daily(0.04, (day) => b.add(day, lognormal(r, 20, 0.7, 2, 300), r.pick(friends), 'Tikkie'));
    daily(0.03, (day) => b.add(day, -lognormal(r, 25, 0.7, 2, 300), r.pick(friends)));
  }

  // Own-account transfers: a monthly standing order to savings plus ad-hoc moves; never income or expense.
  const own: Counterparty = { names: ['Spaarrekening', 'Oranje Spaarrekening'], iban: savings, type: 'tb' };
  if (r.chance(0.8)) {
    const amount = r.pick([50, 100, 200, 250, 500]);
    for (const day of b.monthly(r.int(24, 28))) b.add(shiftOffWeekend(day, 'forward'), -amount, own, 'Automatisch sparen');
  }
  daily(0.04, (day) => b.add(day, (r.chance(0.5) ? 1 : -1) * r.pick([50, 100, 250, 500, 1000]), own));
}

/** One history. Deterministic in the seed. */
export function generateHistory(seed: number, options: HistoryOptions = {}): GeneratedHistory {
  const r = mulberry32(seed);
  const scale = options.scale ?? 1;
  const asOfDay = dayFromCivil(2025, 1, 1) + r.int(0, 729);
  const asOfMs = asOfDay * DAY_MS + r.int(6 * 3600, 22 * 3600) * 1000;
  const b = new HistoryBuilder(r, `h${seed}`, asOfMs);

  everydaySpending(b, scale);
  if (!options.pureNoise) {
    const used = new Set<string>();
    const income = r.next();
    if (income < 0.6) salaryMonthly(b);
    else if (income < 0.85) salaryQuadWeekly(b);
    else {
      salaryMonthly(b);
      salaryQuadWeekly(b);
    }
    if (r.chance(0.85)) rent(b);
    energy(b);
    if (r.chance(0.85)) telecom(b);
    for (let i = r.int(1, 3); i > 0; i--) streaming(b, used);
    if (r.chance(0.3)) twoSubscriptionsOneMerchant(b, used);
    if (r.chance(0.6)) subscriptionWithPurchases(b, used);
    if (r.chance(0.6)) directDebit(b, 'insurance-monthly', ['Zilveren Kruis', 'Centraal Beheer', 'Interpolis', 'FBTO', 'OHRA Zorgverzekeringen'], 'Monthly', 20, 180);
    if (r.chance(0.45)) directDebit(b, 'insurance-quarterly', ['ANWB Verzekeren', 'Univé', 'a.s.r. Schadeverzekering', 'VvE Parkzicht'], 'Quarterly', 45, 300);
    if (r.chance(0.5)) quarterlyIncome(b);
    if (r.chance(0.6)) weeklyExpense(b);
    if (r.chance(0.25)) weeklyWage(b);
    if (r.chance(0.35)) quadWeeklyExpense(b);
    if (r.chance(0.5)) monthlyMisc(b);
    if (r.chance(0.3)) looseWeekly(b);
    if (r.chance(0.4)) varyingDescriptorSubscription(b, used);
    if (r.chance(0.25)) quarterlyThreeVarying(b);
    if (r.chance(0.25) && !used.has('icloud')) appleSubscriptions(b, used);
    for (let i = Math.round(Math.max(0, scale - 1) * 6); i > 0; i--) genericSubscription(b);
  }

  const transactions = b.transactions.sort((x, y) => (x.bookingDate < y.bookingDate ? 1 : x.bookingDate > y.bookingDate ? -1 : 0));
  const order = new Map(transactions.map((tx, i) => [tx.id, i]));
  for (const t of b.truth) t.transactionIds.sort((x, y) => (order.get(y) ?? 0) - (order.get(x) ?? 0));
  return { seed, pureNoise: options.pureNoise ?? false, asOf: new Date(asOfMs), ownAccountNumbers: b.ownAccountNumbers, transactions, truth: b.truth };
}

export interface SuiteOptions {
  seed: number;
  histories: number;
  noiseHistories: number;
  scale?: number;
}

/** `histories` histories with sequences followed by `noiseHistories` pure-noise ones. */
export function generateSuite(options: SuiteOptions): GeneratedHistory[] {
  const suite: GeneratedHistory[] = [];
  for (let i = 0; i < options.histories; i++) suite.push(generateHistory(options.seed * 100_003 + i, { scale: options.scale }));
  for (let i = 0; i < options.noiseHistories; i++) suite.push(generateHistory(options.seed * 100_003 + 50_000 + i, { pureNoise: true, scale: options.scale }));
  return suite;
}
