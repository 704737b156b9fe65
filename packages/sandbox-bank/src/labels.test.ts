import { canonicalCategoryOf, transactionFlags } from '@obp/contracts';
import { businessPersona } from './business-profile';
import {
  generateLabelledSandboxData, generateSandboxData, type LabelledSandboxDataset, type LabelledSandboxTransaction, type SandboxProfile,
} from './index';

const AS_OF = new Date('2026-11-21T12:00:00Z');
const RETAIL = ['demo', ...Array.from({ length: 19 }, (_, i) => `retail-${i}`)];
const BUSINESS = ['business-demo', ...Array.from({ length: 19 }, (_, i) => `business-${i}`)];
const SEEDS: [string, SandboxProfile][] = [...RETAIL.map((s): [string, SandboxProfile] => [s, 'retail']), ...BUSINESS.map((s): [string, SandboxProfile] => [s, 'business'])];

const labelled = (seed: string, profile: SandboxProfile, months = 13): LabelledSandboxDataset => generateLabelledSandboxData({ seed, profile, asOf: AS_OF, months });
const known: ReadonlySet<string> = new Set(transactionFlags);
const is = (t: LabelledSandboxTransaction, category: string): boolean => t.label.category === category || t.label.category.startsWith(`${category}.`);
const flagged = (t: LabelledSandboxTransaction, flag: string): boolean => (t.label.flags as string[]).includes(flag);

describe('generateLabelledSandboxData', () => {
  describe.each(SEEDS)('seed %s (%s)', (seed, profile) => {
    const data = labelled(seed, profile);
    const violating = (rule: (t: LabelledSandboxTransaction) => boolean): LabelledSandboxTransaction[] => data.transactions.filter((t) => !rule(t));

    it('labels every transaction with a canonical category and known flags, never `recurring`', () => {
      expect(data.transactions.length).toBeGreaterThan(100);
      expect(violating((t) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(t.label.category) && canonicalCategoryOf(t.label.category) !== null)).toEqual([]);
      expect(violating((t) => t.label.flags.every((f) => known.has(f)) && new Set(t.label.flags).size === t.label.flags.length)).toEqual([]);
      expect(violating((t) => !flagged(t, 'recurring'))).toEqual([]);
    });

    it('agrees with the booking facts: signs, direct debits, cash, own-account transfers, refunds, gambling', () => {
      const own = new Set(data.accounts.map((a) => a.iban));
      expect(violating((t) => !is(t, 'income') || t.amount > 0)).toEqual([]);
      expect(violating((t) => !is(t, 'expenses') || t.amount < 0)).toEqual([]);
      expect(violating((t) => (t.transactionType === 'ei') === flagged(t, 'direct-debit'))).toEqual([]);
      expect(violating((t) => (t.transactionType === 'gm') === (is(t, 'expenses.cash') && flagged(t, 'cash-withdrawal')))).toEqual([]);
      expect(violating((t) => flagged(t, 'refund') === is(t, 'income.refund'))).toEqual([]);
      expect(violating((t) => flagged(t, 'gambling') === is(t, 'expenses.gambling'))).toEqual([]);
      expect(violating((t) => !flagged(t, 'returned-direct-debit'))).toEqual([]); // the sandbox never reverses one
      // Between the two accounts of the dataset: transfers.savings (one of them is the savings account), both sides.
      const between = data.transactions.filter((t) => own.has(t.counterpartAccountNumber ?? ''));
      expect(between.length).toBeGreaterThanOrEqual(10);
      for (const t of between) expect(t.label).toEqual({ category: 'transfers.savings', flags: ['internal-transfer'] });
      expect(violating((t) => !flagged(t, 'internal-transfer') || is(t, 'transfers'))).toEqual([]);
      expect(violating((t) => !is(t, 'transfers') || flagged(t, 'internal-transfer'))).toEqual([]);
      expect(violating((t) => !is(t, 'income.interest') || (t.counterpartAccountNumber === null && /^Creditrente /.test(t.description)))).toEqual([]);
    });
  });

  it('returns exactly what generateSandboxData returns, plus the labels', () => {
    for (const [seed, profile] of [['demo', 'retail'], ['retail-3', 'retail'], ['business-demo', 'business'], ['business-11', 'business']] as [string, SandboxProfile][]) {
      for (const months of [3, 14]) {
        const plain = generateSandboxData({ seed, profile, asOf: AS_OF, months });
        const withLabels = labelled(seed, profile, months);
        expect(withLabels.accounts).toEqual(plain.accounts);
        expect(withLabels.transactions.map(({ label: _label, ...rest }) => rest)).toEqual(plain.transactions);
        expect(JSON.stringify(withLabels.transactions.map(({ label: _label, ...rest }) => rest))).toBe(JSON.stringify(plain.transactions));
        expect(plain.transactions.filter((t) => 'label' in t)).toEqual([]);
      }
    }
  });

  it('gives each transaction its own flags array', () => {
    const first = labelled('demo', 'retail');
    for (const t of first.transactions) (t.label.flags as string[]).push('recurring');
    expect(labelled('demo', 'retail').transactions.filter((t) => flagged(t, 'recurring'))).toEqual([]);
  });
});

describe('retail labels', () => {
  describe.each(RETAIL.slice(0, 8))('seed %s', (seed) => {
    const data = labelled(seed, 'retail');
    const where = (test: (t: LabelledSandboxTransaction) => boolean): LabelledSandboxTransaction[] => data.transactions.filter(test);

    it('labels salary, benefits and housing', () => {
      const salary = where((t) => t.purposeCode === 'SALA');
      expect(salary.length).toBeGreaterThanOrEqual(13);
      for (const t of salary) expect(t.label).toEqual({ category: 'income.salary', flags: [] });
      for (const t of where((t) => /Kinderbijslag/.test(t.description))) expect(t.label.category).toBe('income.benefits');
      for (const t of where((t) => t.purposeCode === 'RENT')) expect(t.label).toEqual({ category: 'expenses.housing.rent', flags: [] });
      for (const t of where((t) => t.purposeCode === 'LOAR')) expect(t.label).toEqual({ category: 'expenses.housing.mortgage', flags: ['direct-debit'] });
      expect(where((t) => t.purposeCode === 'RENT' || t.purposeCode === 'LOAR').length).toBeGreaterThanOrEqual(13);
      for (const t of where((t) => t.purposeCode === 'HLTI' && /Premie zorgverzekering/.test(t.description))) expect(t.label.category).toBe('expenses.insurance.health');
    });

    it('labels ATM withdrawals, groceries, Tikkies and subscriptions', () => {
      const atm = where((t) => t.transactionType === 'gm');
      expect(atm.length).toBeGreaterThan(3);
      for (const t of atm) expect(t.label).toEqual({ category: 'expenses.cash', flags: ['cash-withdrawal'] });
      const groceries = where((t) => t.transactionType === 'ba' && /^(Albert Heijn|Jumbo|Lidl|ALDI|PLUS|Dirk)/.test(t.counterpartName ?? '') && t.amount < 0);
      expect(groceries.length).toBeGreaterThanOrEqual(50);
      for (const t of groceries) expect(t.label).toEqual({ category: 'expenses.groceries', flags: [] });
      for (const t of where((t) => /Via Tikkie/.test(t.description))) expect(t.label.category).toBe('expenses.to-people');
      for (const t of where((t) => /^SEPA Overboeking .*Tikkie ID/.test(t.description))) expect(t.label.category).toBe('income.from-people');
      const streaming = where((t) => /netflix|spotify/i.test(t.counterpartName ?? ''));
      expect(streaming.length).toBeGreaterThanOrEqual(24);
      for (const t of streaming) expect(t.label).toEqual({ category: 'expenses.subscriptions.streaming', flags: ['subscription', 'direct-debit'] });
      for (const t of where((t) => t.purposeCode === 'PHON')) expect(t.label.flags).toEqual(['subscription', 'direct-debit']);
      for (const t of where((t) => t.counterpartName === 'Nationale Postcode Loterij')) expect(t.label).toEqual({ category: 'expenses.gambling.lottery', flags: ['gambling', 'direct-debit'] });
      for (const t of where((t) => /Terugbetaling/.test(t.description))) expect(t.label).toEqual({ category: 'income.refund', flags: ['refund'] });
    });
  });
});

describe('business labels', () => {
  const datasets = BUSINESS.map((seed) => ({ seed, persona: businessPersona(seed), data: labelled(seed, 'business') }));

  describe.each(datasets)('seed $seed', ({ persona, data }) => {
    const [current] = data.accounts;
    const onCurrent = data.transactions.filter((t) => t.accountExternalId === current.externalId);
    const sum = (txs: LabelledSandboxTransaction[]): number => txs.reduce((s, t) => s + t.amount, 0);

    it('labels client payments as revenue, costs as business expenses, and the tax office', () => {
      const clientIbans = new Set(persona.clients.map((c) => c.party.iban));
      const revenue = onCurrent.filter((t) => is(t, 'income.business'));
      expect(revenue.length).toBeGreaterThanOrEqual(12);
      expect(revenue.filter((t) => !clientIbans.has(t.counterpartAccountNumber ?? ''))).toEqual([]);
      expect(onCurrent.filter((t) => clientIbans.has(t.counterpartAccountNumber ?? '') && !is(t, 'income.business'))).toEqual([]);
      // Every expense is a business cost or a tax: no household categories on a business account.
      expect(onCurrent.filter((t) => is(t, 'expenses') && !is(t, 'expenses.business') && !is(t, 'expenses.taxes') && !is(t, 'expenses.cash'))).toEqual([]);
      const costs = onCurrent.filter((t) => is(t, 'expenses.business'));
      expect(new Set(costs.map((t) => t.label.category)).size).toBeGreaterThanOrEqual(5);
      expect(sum(revenue)).toBeGreaterThan(-sum(costs));

      const vat = onCurrent.filter((t) => t.purposeCode === 'VATX');
      expect(vat.length).toBeGreaterThanOrEqual(4);
      for (const t of vat) {
        expect(t.label).toEqual({ category: 'expenses.taxes.vat', flags: [] });
        expect(t.description).toMatch(/Omzetbelasting [1-4]e kwartaal \d{4}$/);
      }
      const refunds = onCurrent.filter((t) => t.counterpartName === 'Belastingdienst' && t.amount > 0);
      expect(refunds.filter((t) => /Teruggaaf omzetbelasting/.test(t.description)).length).toBeGreaterThanOrEqual(1);
      for (const t of refunds) {
        expect(t.label).toEqual({ category: 'income.refund', flags: ['refund'] });
        expect(t.counterpartAccountNumber).toBe('NL86INGB0002445588');
      }
      for (const t of onCurrent.filter((t) => /aanslag inkomstenbelasting/i.test(t.description))) expect(t.label).toEqual({ category: 'expenses.taxes.income-tax', flags: ['direct-debit'] });
      for (const t of onCurrent.filter((t) => t.counterpartName === 'Belastingdienst' && t.amount < 0)) expect(is(t, 'expenses.taxes')).toBe(true);
    });

    it("labels the owner's draw as a transfer between the owner's own accounts", () => {
      const draws = onCurrent.filter((t) => t.counterpartAccountNumber === persona.privateAccount.iban);
      expect(draws.length).toBeGreaterThanOrEqual(12);
      for (const t of draws) expect(t.label).toEqual({ category: 'transfers.own-accounts', flags: ['internal-transfer'] });
    });

    it('labels the payroll when there is staff', () => {
      const wages = onCurrent.filter((t) => t.purposeCode === 'SALA');
      const payrollTax = onCurrent.filter((t) => /Loonheffingen/.test(t.description));
      if (!persona.staff) {
        expect([...wages, ...payrollTax]).toEqual([]);
        return;
      }
      expect(wages.length).toBeGreaterThanOrEqual(13);
      for (const t of wages) expect(t.label).toEqual({ category: 'expenses.business.salaries', flags: [] });
      expect(payrollTax.length).toBeGreaterThanOrEqual(12);
      for (const t of payrollTax) {
        expect(t.label).toEqual({ category: 'expenses.taxes.payroll', flags: [] });
        expect(t.counterpartAccountNumber).toBe('NL86INGB0002445588');
      }
    });
  });

  it('has staff, premises and software subscriptions in some of the seeds', () => {
    const all = datasets.flatMap(({ data }) => data.transactions);
    expect(datasets.filter(({ persona }) => persona.staff !== null).length).toBeGreaterThanOrEqual(2);
    expect(all.filter((t) => t.label.category === 'expenses.business.rent' && /bedrijfsunit/.test(t.description)).length).toBeGreaterThan(12);
    expect(all.filter((t) => t.label.category === 'expenses.business.software' && flagged(t, 'subscription')).length).toBeGreaterThan(200);
    expect(all.filter((t) => t.label.category === 'expenses.business.supplies').length).toBeGreaterThan(100);
  });
});
