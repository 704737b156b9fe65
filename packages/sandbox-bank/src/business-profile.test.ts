import { businessPersona, invoicesOf } from './business-profile';
import { monthIndexOf } from './calendar';
import { generateSandboxData, type SandboxTransaction } from './index';

const DAY = 86_400_000;
const AS_OF = new Date('2026-11-21T12:00:00Z');
const SEEDS = ['business-demo', ...Array.from({ length: 19 }, (_, i) => `business-${i}`)];

describe.each(SEEDS)('business profile, seed %s, 13 months', (seed) => {
  const data = generateSandboxData({ seed, profile: 'business', asOf: AS_OF, months: 13 });
  const [current, savings] = data.accounts;
  const onCurrent = data.transactions.filter((t) => t.accountExternalId === current.externalId);
  const persona = businessPersona(seed);

  it('has a business current account and a savings account for tax', () => {
    expect([current.type, current.name, savings.type, savings.name]).toEqual(['Current', 'Zakelijke rekening', 'Savings', 'Zakelijke spaarrekening']);
    expect(current.ownerName).toBe(persona.tradeName);
    expect(savings.ownerName).toBe(persona.tradeName);
  });

  it('receives invoice payments from several clients', () => {
    const clientIbans = new Set(persona.clients.map((c) => c.party.iban));
    const payments = onCurrent.filter((t) => t.transactionType === 'ic' && clientIbans.has(t.counterpartAccountNumber ?? ''));
    expect(payments.length).toBeGreaterThanOrEqual(12);
    expect(new Set(payments.map((t) => t.counterpartName)).size).toBeGreaterThanOrEqual(3);
    for (const t of payments) expect(t.description).toMatch(/\d{4}-?\d{3}/);
    for (const client of persona.clients.filter((c) => c.retainer !== null)) {
      expect(payments.filter((t) => t.counterpartAccountNumber === client.party.iban).length).toBeGreaterThanOrEqual(11);
    }
  });

  it('pays VAT quarterly, after taking it from the tax savings', () => {
    const vat = onCurrent.filter((t) => t.purposeCode === 'VATX');
    expect(vat.length).toBeGreaterThanOrEqual(4);
    for (const t of vat) {
      expect(t.counterpartName).toBe('Belastingdienst');
      expect(t.counterpartAccountNumber).toBe('NL86INGB0002445588');
      expect(t.transactionType).toBe('tb');
      expect(['01', '04', '07', '10']).toContain(t.bookingDate.slice(5, 7));
      // VAT on the previous quarter's invoices, less input VAT.
      const mi = monthIndexOf(Date.parse(t.bookingDate) / DAY);
      const invoiced = [mi - 3, mi - 2, mi - 1].flatMap((m) => invoicesOf(persona, m)).reduce((s, i) => s + i.amount, 0);
      expect(-t.amount).toBeLessThanOrEqual((invoiced * 21) / 121 + 0.01);
      expect(-t.amount).toBeGreaterThan((invoiced * 21) / 121 * 0.75);
      if (Date.parse(t.bookingDate) - Date.parse('2025-10-21T12:00:00Z') < 7 * DAY) continue; // its reserve transfer may precede the window
      const fromSavings = onCurrent.filter((s) => s.counterpartAccountNumber === savings.iban && s.amount >= -t.amount && Date.parse(t.bookingDate) - Date.parse(s.bookingDate) <= 6 * DAY && s.bookingDate <= t.bookingDate);
      expect(fromSavings).toHaveLength(1);
    }
  });

  it('puts tax aside on the savings account and draws a monthly income to the private account', () => {
    const reserve = onCurrent.filter((t) => t.counterpartAccountNumber === savings.iban && t.amount < 0);
    expect(reserve.length).toBeGreaterThanOrEqual(6); // not after a month without receipts
    const draws = onCurrent.filter((t) => t.counterpartAccountNumber === persona.privateAccount.iban);
    expect(draws.length).toBeGreaterThanOrEqual(12);
    for (const t of draws) {
      expect(t.transactionType).toBe('tb');
      expect(t.counterpartName).toBe(persona.owner.formal);
      expect(t.description).toMatch(/Privé opname/);
    }
    expect([current.iban, savings.iban]).not.toContain(persona.privateAccount.iban);
  });

  it('pays the accountant, software, insurance, phone and income tax monthly', () => {
    const monthly = (test: (t: SandboxTransaction) => boolean): number => onCurrent.filter((t) => t.transactionType === 'ei' && test(t)).length;
    expect(monthly((t) => t.counterpartName === persona.accountant.creditor.name)).toBeGreaterThanOrEqual(12);
    expect(monthly((t) => /^(Moneybird B\.V\.|Jortt B\.V\.|e-Boekhouden\.nl)$/.test(t.counterpartName ?? ''))).toBeGreaterThanOrEqual(12);
    expect(monthly((t) => /^(Google Cloud EMEA Limited|Microsoft Ireland Operations Ltd)$/.test(t.counterpartName ?? ''))).toBeGreaterThanOrEqual(12);
    expect(monthly((t) => /arbeidsongeschiktheidsverzekering/.test(t.description))).toBeGreaterThanOrEqual(12);
    expect(monthly((t) => t.purposeCode === 'PHON')).toBeGreaterThanOrEqual(12);
    expect(monthly((t) => /Voorlopige aanslag inkomstenbelasting/.test(t.description))).toBeGreaterThanOrEqual(10);
  });

  it('pays fuel and purchases by card', () => {
    const fuel = onCurrent.filter((t) => t.transactionType === 'ba' && /^(Shell|BP|Esso|TotalEnergies|Tango|Tinq) /.test(t.counterpartName ?? ''));
    expect(fuel.length).toBeGreaterThanOrEqual(30);
    expect(onCurrent.filter((t) => t.transactionType === 'ba').length).toBeGreaterThan(fuel.length);
  });
});

describe('business variety', () => {
  it('has different trades, clients and amounts per seed', () => {
    const personas = SEEDS.map((seed) => businessPersona(seed));
    expect(new Set(personas.map((p) => p.trade.kind)).size).toBe(4);
    expect(new Set(personas.map((p) => p.tradeName)).size).toBeGreaterThan(15);
    expect(new Set(personas.flatMap((p) => p.clients.map((c) => c.party.name))).size).toBeGreaterThan(40);
  });
});
