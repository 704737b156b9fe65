import { analysisResultSchema, canonicalCategories, type AnalysisResult, type TransactionDto, type TransactionFlag } from '@obp/contracts';
import { analyse } from './analyse';
import { toCents } from './cents';
import { analysisInput, labelCategorise, tx } from './engine.fixture';
import { PER_MONTH } from './recurring-per-month';

/** mulberry32: a small seeded generator, so every run sees the same inputs. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OWN = ['NL91ABNA0417164300'];
const INTERNAL = ['NL02RABO0123456789'];
const NAMES = ['Albert Heijn', 'Holland Casino', 'Belastingdienst', 'Werkgever B.V.', 'Vattenfall', 'Toto', 'Klant B.V.', 'Jan de Vries'];
const FLAGS: TransactionFlag[] = ['gambling', 'cash-withdrawal', 'returned-direct-debit', 'internal-transfer', 'refund', 'direct-debit'];

function randomHistory(seed: number): TransactionDto[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const start = Date.UTC(2025, 5, 1);
  const transactions: TransactionDto[] = [];
  const count = Math.floor(next() * 120);
  for (let i = 0; i < count; i++) {
    const amount = Math.round((next() - 0.5) * 2 * 10 ** (1 + Math.floor(next() * 4))) / 100;
    const date = new Date(start + Math.floor(next() * 395) * 86_400_000 + Math.floor(next() * 86_400_000)).toISOString();
    const roll = next();
    transactions.push(
      tx({
        amount,
        date,
        category: pick(canonicalCategories),
        flags: next() < 0.3 ? [pick(FLAGS)] : [],
        counterpartName: next() < 0.1 ? null : pick(NAMES),
        counterpartAccountNumber: roll < 0.1 ? pick(OWN).toLowerCase() : roll < 0.15 ? INTERNAL[0] : null,
        transactionType: next() < 0.1 ? 'gm' : 'ba',
        description: pick(['Storno incasso', 'Omzetbelasting Q1', 'Geldautomaat', 'Boodschappen', 'Factuur', null]),
      }),
    );
  }
  // Some recurring payments the detector finds: monthly income and a weekly expense.
  for (let m = 0; m < 12; m++) transactions.push(tx({ amount: 1000 + Math.floor(next() * 5), date: new Date(Date.UTC(2025, 6 + m, 25)).toISOString(), counterpartName: 'Werkgever B.V.', counterpartAccountNumber: 'NL20INGB0001234567', category: 'income.salary' }));
  for (let w = 0; w < 40; w++) transactions.push(tx({ amount: -(9.99 + Math.floor(next() * 2)), date: new Date(Date.UTC(2025, 8, 1) + w * 7 * 86_400_000).toISOString(), counterpartName: 'Sportschool', category: 'expenses.leisure' }));
  return transactions;
}

interface Traced {
  name: string;
  amount: number;
  transactionIds: string[];
}

/** Every figure of the result that is a sum of transactions. */
function sums(result: AnalysisResult): Traced[] {
  const flows = [...result.months.map((m) => [`${m.month} income`, m.income] as const), ...result.months.map((m) => [`${m.month} expense`, m.expense] as const), ['total income', result.totals.income] as const, ['total expense', result.totals.expense] as const];
  const figures: Traced[] = [];
  for (const [name, flow] of flows) {
    figures.push({ name, ...flow });
    for (const c of flow.byCategory ?? []) figures.push({ name: `${name} ${c.category}`, ...c });
  }
  const { gambling, cash, returnedDirectDebits } = result.indicators;
  figures.push({ name: 'gambling', ...gambling }, { name: 'cash', ...cash }, { name: 'returned direct debits', ...returnedDirectDebits });
  if (result.corporate) {
    const { revenue, costs, vatPaid, taxPaid } = result.corporate;
    figures.push({ name: 'revenue', ...revenue }, { name: 'costs', ...costs }, { name: 'vat', ...vatPaid }, { name: 'tax', ...taxPaid });
  }
  return figures;
}

const cases = Array.from({ length: 60 }, (_, i) => ({ seed: 1000 + i, engine: i % 2 === 0 ? ('e1' as const) : ('z2' as const), profile: i % 3 === 0 ? ('corporate' as const) : ('retail' as const) }));

describe('traceability (property, seeded random histories)', () => {
  it.each(cases)('every sum is the sum of the transactions it lists (seed $seed, $engine, $profile)', ({ seed, engine, profile }) => {
    const transactions = randomHistory(seed);
    const byId = new Map(transactions.map((t) => [t.id, t]));
    const result = analysisResultSchema.parse(
      analyse(analysisInput({ engine, profile, kvkNumber: profile === 'corporate' ? '12345678' : null, transactions, ownIbans: OWN, internalIbans: INTERNAL }), { categorise: labelCategorise }),
    );
    const internal = new Set(result.internalTransferIds);
    for (const figure of sums(result)) {
      const ids = figure.transactionIds;
      expect(new Set(ids).size).toBe(ids.length);
      const cents = ids.reduce((sum, id) => {
        const transaction = byId.get(id);
        if (!transaction) throw new Error(`${figure.name} lists unknown transaction ${id}`);
        if (internal.has(id)) throw new Error(`${figure.name} lists internal transfer ${id}`);
        return sum + toCents(transaction.amount);
      }, 0);
      expect([figure.name, toCents(figure.amount)]).toEqual([figure.name, cents]);
    }

    // The months split the totals; each flow's categories split the flow (e1).
    for (const side of ['income', 'expense'] as const) {
      expect(result.months.flatMap((m) => m[side].transactionIds).sort()).toEqual([...result.totals[side].transactionIds].sort());
      for (const flow of [...result.months.map((m) => m[side]), result.totals[side]]) {
        if (flow.byCategory) expect(flow.byCategory.flatMap((c) => c.transactionIds).sort()).toEqual([...flow.transactionIds].sort());
      }
    }
    const net = toCents(result.totals.income.amount) + toCents(result.totals.expense.amount);
    expect(toCents(result.totals.net)).toBe(net);

    // The per-month indicators are per-sequence averages of the transactions they list, times occurrences per month.
    for (const [figure, sequences] of [
      [result.indicators.recurringIncomePerMonth, result.sequencing.incomeSequences],
      [result.indicators.fixedCostsPerMonth, result.sequencing.expenseSequences],
    ] as const) {
      const listed = new Set(figure.transactionIds);
      let expected = 0;
      for (const s of sequences) {
        const used = s.transactions.filter((t) => listed.has(t.id));
        if (s.status !== 'Active') expect(used).toEqual([]);
        if (used.length > 0) expected += (used.reduce((sum, t) => sum + toCents(t.amount), 0) / used.length) * PER_MONTH[s.periodicity];
      }
      expect(toCents(figure.amount)).toBe(Math.sign(expected) * Math.round(Math.abs(expected)) || 0);
      expect(figure.transactionIds.every((id) => !internal.has(id))).toBe(true);
    }

    expect(result.transactions === null).toBe(engine === 'z2');
    if (result.transactions) expect(result.transactions.map((t) => t.transactionId).sort()).toEqual([...byId.keys()].sort());
  });
});
