import { analysisResultSchema } from '@obp/contracts';
import { analyse } from './analyse';
import { analysisInput, fixedSequences, labelCategorise, tx } from './engine.fixture';

const deps = { categorise: labelCategorise, detectSequences: fixedSequences([]) };
const BELASTINGDIENST = 'NL86INGB0002445588';
const OWN = 'NL91ABNA0417164300';

describe('corporate summary', () => {
  const invoice1 = tx({ amount: 1210, date: '2026-01-10', category: 'income.business', counterpartName: 'Klant B.V.' });
  const invoice2 = tx({ amount: 605, date: '2026-02-10', category: 'income.business', counterpartName: 'Klant B.V.' });
  const vatRefund = tx({ amount: 50, date: '2026-02-11', category: 'income.refund', flags: ['refund'], counterpartName: 'Belastingdienst', counterpartAccountNumber: BELASTINGDIENST, description: 'Teruggaaf omzetbelasting 2025' });
  const software = tx({ amount: -121, date: '2026-01-12', category: 'expenses.business.software', counterpartName: 'Exact' });
  const vat = tx({ amount: -210, date: '2026-01-31', category: 'expenses.taxes.vat', counterpartName: 'Belastingdienst', counterpartAccountNumber: BELASTINGDIENST, description: 'Omzetbelasting 4e kwartaal 2025', purposeCode: 'VATX' });
  // An unspecified tax whose description names VAT counts as VAT.
  const vatUnspecified = tx({ amount: -50, date: '2026-02-28', category: 'expenses.taxes', counterpartName: 'Belastingdienst', counterpartAccountNumber: BELASTINGDIENST, description: 'Betaling BTW suppletie' });
  const incomeTax = tx({ amount: -300, date: '2026-02-20', category: 'expenses.taxes.income-tax', counterpartName: 'Belastingdienst', counterpartAccountNumber: BELASTINGDIENST, description: 'Voorlopige aanslag inkomstenbelasting' });
  const localTax = tx({ amount: -80, date: '2026-03-01', category: 'expenses.housing.local-taxes', counterpartName: 'Gemeentebelastingen Utrecht', description: 'Aanslag 2026' });
  const draw = tx({ amount: -1000, date: '2026-03-02', category: 'transfers.own-accounts', counterpartAccountNumber: OWN });
  const transactions = [invoice1, invoice2, vatRefund, software, vat, vatUnspecified, incomeTax, localTax, draw];

  const run = (engine: 'e1' | 'z2') =>
    analysisResultSchema.parse(analyse(analysisInput({ engine, profile: 'corporate', kvkNumber: '12345678', internalIbans: [OWN], transactions }), deps));

  it('e1: revenue is income.business, costs every expense but taxes, VAT and other taxes apart, result = revenue + costs', () => {
    const result = run('e1');
    expect(result.kvkNumber).toBe('12345678');
    expect(result.corporate).toEqual({
      kvkNumber: '12345678',
      revenue: { amount: 1815, transactionIds: [invoice1.id, invoice2.id] },
      costs: { amount: -121, transactionIds: [software.id] },
      vatPaid: { amount: -260, transactionIds: [vat.id, vatUnspecified.id] },
      taxPaid: { amount: -380, transactionIds: [incomeTax.id, localTax.id] },
      result: 1694,
      months: expect.any(Array),
    });
    const none = { amount: 0, transactionIds: [] };
    expect(result.corporate?.months).toEqual([
      { month: '2026-01', revenue: { amount: 1210, transactionIds: [invoice1.id] }, costs: { amount: -121, transactionIds: [software.id] }, vatPaid: { amount: -210, transactionIds: [vat.id] }, taxPaid: none, result: 1089 },
      { month: '2026-02', revenue: { amount: 605, transactionIds: [invoice2.id] }, costs: none, vatPaid: { amount: -50, transactionIds: [vatUnspecified.id] }, taxPaid: { amount: -300, transactionIds: [incomeTax.id] }, result: 605 },
      { month: '2026-03', revenue: none, costs: none, vatPaid: none, taxPaid: { amount: -80, transactionIds: [localTax.id] }, result: 0 },
    ]);
  });

  it('gives every month of the period, also one with no business transaction', () => {
    const result = analysisResultSchema.parse(
      analyse(analysisInput({ profile: 'corporate', kvkNumber: '12345678', transactions: [invoice1, tx({ amount: -20, date: '2026-02-05', category: 'transfers.own-accounts', counterpartAccountNumber: OWN }), localTax], internalIbans: [OWN] }), deps),
    );
    expect(result.corporate?.months?.map((m) => [m.month, m.result, m.revenue.transactionIds.length + m.costs.transactionIds.length + m.taxPaid.transactionIds.length])).toEqual([
      ['2026-01', 1210, 1],
      ['2026-02', 0, 0],
      ['2026-03', 0, 1],
    ]);
  });

  it('z2: revenue is all income; taxes are payments to the tax authorities, VAT those naming it', () => {
    const result = run('z2');
    expect(result.corporate).toEqual({
      kvkNumber: '12345678',
      revenue: { amount: 1865, transactionIds: [invoice1.id, invoice2.id, vatRefund.id] },
      costs: { amount: -121, transactionIds: [software.id] },
      vatPaid: { amount: -260, transactionIds: [vat.id, vatUnspecified.id] },
      taxPaid: { amount: -380, transactionIds: [incomeTax.id, localTax.id] },
      result: 1744,
      months: expect.any(Array),
    });
    expect(result.corporate?.months?.map((m) => [m.month, m.revenue.transactionIds, m.result])).toEqual([
      ['2026-01', [invoice1.id], 1089],
      ['2026-02', [invoice2.id, vatRefund.id], 655],
      ['2026-03', [], 0],
    ]);
    expect(result.internalTransferIds).toEqual([draw.id]);
  });

  it('is null for profile retail, which still echoes a KvK number', () => {
    const result = analysisResultSchema.parse(analyse(analysisInput({ kvkNumber: '12345678', transactions }), deps));
    expect(result.corporate).toBeNull();
    expect(result.kvkNumber).toBe('12345678');
    expect(analyse(analysisInput({ transactions }), deps).kvkNumber).toBeNull();
  });

  it('refuses profile corporate without a KvK number', () => {
    expect(() => analyse(analysisInput({ profile: 'corporate', transactions }), deps)).toThrow(/kvkNumber/);
  });
});
