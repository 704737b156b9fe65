import { isBankingDay } from './calendar';
import { generateSandboxData, type SandboxDataset, type SandboxTransaction } from './index';

const DAY = 86_400_000;
const AS_OF = new Date('2026-11-21T12:00:00Z');
const SEEDS = ['demo', ...Array.from({ length: 24 }, (_, i) => `retail-${i}`)];

const dayOf = (t: SandboxTransaction): number => Date.parse(t.bookingDate) / DAY;
const gaps = (txs: SandboxTransaction[]): number[] => txs.slice(1).map((t, i) => dayOf(t) - dayOf(txs[i]));
const on = (data: SandboxDataset, type: 'Current' | 'Savings'): SandboxTransaction[] => {
  const account = data.accounts.find((a) => a.type === type)!;
  return data.transactions.filter((t) => t.accountExternalId === account.externalId);
};

describe.each(SEEDS)('retail profile, seed %s, 13 months', (seed) => {
  const data = generateSandboxData({ seed, profile: 'retail', asOf: AS_OF, months: 13 });
  const current = on(data, 'Current');

  it('has a current and a savings account of one owner', () => {
    expect(data.accounts.map((a) => [a.type, a.name, a.currency])).toEqual([
      ['Current', 'Betaalrekening', 'EUR'],
      ['Savings', 'Spaarrekening', 'EUR'],
    ]);
    expect(data.accounts[0].ownerName).toBe(data.accounts[1].ownerName);
    expect(data.accounts[0].externalId).toMatch(/^acc-[0-9a-f]{16}$/);
  });

  it('has a monthly salary on the 25th or the banking day before, plus holiday pay in May', () => {
    const salary = current.filter((t) => t.purposeCode === 'SALA' && /^SEPA Overboeking .* Omschrijving: Salaris /.test(t.description));
    expect(salary.length).toBeGreaterThanOrEqual(12);
    const employer = salary[0].counterpartAccountNumber;
    for (const t of salary) {
      expect(t.transactionType).toBe('ic');
      expect(t.reasonCode).toBeNull(); // a return reason only; the salary is in the purpose code
      expect(t.counterpartAccountNumber).toBe(employer);
      expect(t.amount).toBeGreaterThanOrEqual(2800);
      expect(t.amount).toBeLessThan(5500);
      const date = new Date(t.bookingDate);
      expect(date.getUTCDate()).toBeLessThanOrEqual(25);
      for (let d = date.getUTCDate() + 1; d <= 25; d++) expect(isBankingDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), d) / DAY)).toBe(false);
    }
    const holidayPay = current.filter((t) => /Vakantiegeld \d{4}/.test(t.description) && t.amount > 0);
    expect(holidayPay).toHaveLength(1);
    expect(holidayPay[0].bookingDate.slice(5, 7)).toBe('05');
  });

  it('raises the salary in January', () => {
    const history = generateSandboxData({ seed, profile: 'retail', asOf: AS_OF, months: 26 });
    const salary = history.transactions.filter((t) => t.purposeCode === 'SALA' && / Omschrijving: Salaris /.test(t.description));
    // The lowest of a year is the plain salary; other months may carry expense claims on top.
    const base = (year: string): number => Math.min(...salary.filter((t) => t.bookingDate.startsWith(year)).map((t) => t.amount));
    expect(base('2026')).toBeGreaterThan(base('2025'));
    expect(base('2026') / base('2025')).toBeLessThan(1.05);
    expect(salary.filter((t) => t.bookingDate.startsWith('2026')).every((t) => t.amount >= base('2026'))).toBe(true);
  });

  it('pays rent or mortgage on the first banking day of each month', () => {
    const housing = current.filter((t) => t.purposeCode === 'RENT' || t.purposeCode === 'LOAR');
    expect(housing.length).toBeGreaterThanOrEqual(13);
    for (const t of housing) {
      const date = new Date(t.bookingDate);
      for (let d = 1; d < date.getUTCDate(); d++) expect(isBankingDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), d) / DAY)).toBe(false);
      expect(-t.amount).toBeGreaterThan(700);
      expect(-t.amount).toBeLessThan(2000);
    }
  });

  it('has 50+ grocery card payments, mostly one weekday', () => {
    const groceries = current.filter((t) => t.transactionType === 'ba' && /^(Albert Heijn|Jumbo|Lidl|ALDI|PLUS|Dirk)/.test(t.counterpartName ?? ''));
    expect(groceries.length).toBeGreaterThanOrEqual(50);
    for (const t of groceries) {
      expect(-t.amount).toBeGreaterThan(2);
      expect(-t.amount).toBeLessThan(400);
    }
    const main = groceries.filter((t) => -t.amount >= 22);
    const weekdays = new Map<number, number>();
    for (const t of main) weekdays.set(new Date(t.valueDate).getUTCDay(), (weekdays.get(new Date(t.valueDate).getUTCDay()) ?? 0) + 1);
    expect(Math.max(...weekdays.values())).toBeGreaterThan(main.length / 3);
  });

  it('has a quarterly water bill and monthly energy, insurance, phone and internet', () => {
    const water = current.filter((t) => t.purposeCode === 'WTER');
    expect(water.length).toBeGreaterThanOrEqual(4);
    for (const g of gaps(water)) {
      expect(g).toBeGreaterThanOrEqual(84);
      expect(g).toBeLessThanOrEqual(98);
    }
    const monthly = (purpose: string, min: number): void => {
      expect(current.filter((t) => t.purposeCode === purpose && t.transactionType === 'ei').length).toBeGreaterThanOrEqual(min);
    };
    monthly('ELEC', 12);
    monthly('HLTI', 12);
    monthly('INSU', 12);
    monthly('PHON', 24);
  });

  it('has a four-weekly gym membership', () => {
    const gym = current.filter((t) => / lidmaatschap \d{2}-\d{2}-\d{4} t\/m /.test(t.description));
    expect(gym.length).toBeGreaterThanOrEqual(13);
    for (const g of gaps(gym)) expect(Math.abs(g - 28)).toBeLessThanOrEqual(4);
    expect(new Set(gym.map((t) => t.amount)).size).toBe(1);
  });

  it('collects municipal taxes in 10 terms, February to November', () => {
    const tax = current.filter((t) => t.purposeCode === 'TAXS');
    expect(tax.length).toBeGreaterThanOrEqual(9);
    for (const t of tax) {
      const term = Number(/termijn (\d+) van 10/.exec(t.description)![1]);
      const month = new Date(t.bookingDate).getUTCMonth();
      expect(month === term || month === term + 1).toBe(true); // booked in the term's month, or just after it
    }
  });

  it('has Netflix under different names, with a price rise, and Spotify', () => {
    const netflix = current.filter((t) => /netflix/i.test(t.counterpartName ?? ''));
    expect(netflix.length).toBeGreaterThanOrEqual(12);
    expect(new Set(netflix.map((t) => t.counterpartName)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(netflix.map((t) => t.counterpartAccountNumber)).size).toBe(1);
    expect(netflix.some((t) => /NETFLIX\.COM \d{5}/.test(t.description))).toBe(true);
    const prices = netflix.map((t) => -t.amount);
    expect(new Set(prices).size).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThanOrEqual(prices[i - 1]);
    expect(current.filter((t) => t.counterpartName === 'Spotify AB').length).toBeGreaterThanOrEqual(12);
  });

  it('has irregular spending: coffee and restaurants by card, iDEAL, Tikkie, ATM, refunds', () => {
    expect(current.filter((t) => t.transactionType === 'ba').length).toBeGreaterThan(150);
    expect(current.filter((t) => t.transactionType === 'id').length).toBeGreaterThan(10);
    expect(current.filter((t) => t.counterpartName === 'AAB INZ TIKKIE').length).toBeGreaterThan(3);
    const atm = current.filter((t) => t.transactionType === 'gm');
    expect(atm.length).toBeGreaterThanOrEqual(2);
    for (const t of atm) expect(t.counterpartAccountNumber).toBeNull();
    const refunds = current.filter((t) => t.amount > 0 && (/^Terugbetaling retour/.test(t.description.split('Omschrijving: ')[1] ?? '') || t.transactionType === 'ba'));
    expect(refunds.length).toBeGreaterThanOrEqual(1);
  });

  it('has a one-off extra payment to a counterparty it also pays every month', () => {
    const monthly = new Set(current.filter((t) => t.purposeCode === 'HLTI' && /Premie/.test(t.description)).map((t) => t.counterpartAccountNumber));
    const extra = current.filter((t) => /Eigen risico \d{4}/.test(t.description));
    expect(extra.length).toBeGreaterThanOrEqual(1);
    expect(extra.length).toBeLessThanOrEqual(2);
    for (const t of extra) {
      expect(monthly.has(t.counterpartAccountNumber)).toBe(true);
      expect(t.amount).not.toBe(current.find((p) => p.counterpartAccountNumber === t.counterpartAccountNumber && /Premie/.test(p.description))!.amount);
    }
  });

  it('moves money to and from the savings account, which earns interest', () => {
    const savings = on(data, 'Savings');
    const savingsIban = data.accounts[1].iban;
    const standing = current.filter((t) => t.counterpartAccountNumber === savingsIban && /^SEPA Periodieke overb\./.test(t.description));
    expect(standing.length).toBeGreaterThanOrEqual(12);
    expect(savings.filter((t) => t.description.startsWith('Creditrente')).length).toBeGreaterThanOrEqual(4);
  });
});

describe('retail variety', () => {
  it('differs between seeds in amounts, days and merchants', () => {
    const sets = SEEDS.slice(0, 8).map((seed) => generateSandboxData({ seed, profile: 'retail', asOf: AS_OF }));
    const salaries = new Set(sets.map((d) => d.transactions.find((t) => t.purposeCode === 'SALA')!.amount));
    expect(salaries.size).toBe(8);
    const merchants = new Set(sets.flatMap((d) => d.transactions.filter((t) => t.transactionType === 'ba').map((t) => t.counterpartName)));
    expect(merchants.size).toBeGreaterThan(60);
    const owners = new Set(sets.map((d) => d.accounts[0].ownerName));
    expect(owners.size).toBeGreaterThan(5);
  });

  it('pays child benefit quarterly to families', () => {
    const families = SEEDS.map((seed) => generateSandboxData({ seed, profile: 'retail', asOf: AS_OF }))
      .map((d) => d.transactions.filter((t) => t.counterpartName === 'Sociale Verzekeringsbank'))
      .filter((benefit) => benefit.length > 0);
    expect(families.length).toBeGreaterThan(5);
    for (const benefit of families) {
      for (const t of benefit) expect(['01', '04', '07', '10']).toContain(t.bookingDate.slice(5, 7));
    }
  });
});
