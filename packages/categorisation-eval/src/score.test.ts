import { formatScore, score, type ScoreInput } from './score';

const item = (expected: string, expectedFlags: string[], actual: string, actualFlags: string[], confidence: number, extra: Partial<ScoreInput> = {}): ScoreInput => ({
  expected: { category: expected, flags: expectedFlags },
  actual: { category: actual, flags: actualFlags, confidence },
  ...extra,
});

/*
 * Eight items, worked out by hand:
 *  #0 groceries      → groceries                 0.90  right
 *  #1 groceries      → eating-out                0.40  wrong (hard)
 *  #2 eating-out     → eating-out.fastfood       0.80  right (finer leaf)
 *  #3 energy [dd]    → energy [dd, recurring]    0.95  right (recurring ignored)
 *  #4 own [it]       → own []                    0.99  right category, but no internal-transfer flag
 *  #5 own [it]       → own [it]                  0.70  right
 *  #6 cash [cw]      → shopping [cw]             0.30  wrong
 *  #7 groceries.bakery → nonsense.category       0.20  wrong (no canonical category)
 */
const items: ScoreInput[] = [
  item('expenses.groceries', [], 'expenses.groceries', [], 0.9, { id: 'a' }),
  item('expenses.groceries', [], 'expenses.eating-out', [], 0.4, { id: 'b', label: 'SumUp *Bakkerij', difficulty: 'hard' }),
  item('expenses.eating-out', [], 'expenses.eating-out.fastfood', [], 0.8),
  item('expenses.housing.energy', ['direct-debit'], 'expenses.housing.energy', ['direct-debit', 'recurring'], 0.95),
  item('transfers.own-accounts', ['internal-transfer'], 'transfers.own-accounts', [], 0.99),
  item('transfers.own-accounts', ['internal-transfer'], 'transfers.own-accounts', ['internal-transfer'], 0.7),
  item('expenses.cash', ['cash-withdrawal'], 'expenses.shopping', ['cash-withdrawal'], 0.3),
  item('expenses.groceries.bakery', [], 'nonsense.category', [], 0.2),
];

describe('score', () => {
  const s = score(items);

  it('counts overall accuracy on the canonical prefix', () => {
    expect(s.total).toBe(8);
    expect(s.correct).toBe(5);
    expect(s.accuracy).toBeCloseTo(5 / 8, 10);
  });

  it('computes per-category accuracy (recall), precision and F1', () => {
    const g = s.perCategory['expenses.groceries'];
    expect(g).toMatchObject({ support: 3, predicted: 1, correct: 1, precision: 1 });
    expect(g.accuracy).toBeCloseTo(1 / 3, 10);
    expect(g.recall).toBeCloseTo(1 / 3, 10);
    expect(g.f1).toBeCloseTo(0.5, 10); // 2·1·⅓ / (1 + ⅓)

    const e = s.perCategory['expenses.eating-out'];
    expect(e).toMatchObject({ support: 1, predicted: 2, correct: 1, accuracy: 1, precision: 0.5, recall: 1 });
    expect(e.f1).toBeCloseTo(2 / 3, 10);

    expect(s.perCategory['expenses.housing.energy']).toMatchObject({ support: 1, predicted: 1, correct: 1, f1: 1 });
    expect(s.perCategory['transfers.own-accounts']).toMatchObject({ support: 2, predicted: 2, correct: 2, accuracy: 1, f1: 1 });
    // never predicted: precision has no data, F1 0
    expect(s.perCategory['expenses.cash']).toMatchObject({ support: 1, predicted: 0, correct: 0, precision: null, recall: 0, accuracy: 0, f1: 0 });
    // predicted but never expected: recall has no data, F1 0
    expect(s.perCategory['expenses.shopping']).toMatchObject({ support: 0, predicted: 1, correct: 0, precision: 0, recall: null, accuracy: null, f1: 0 });
    // untouched
    expect(s.perCategory['income.salary']).toMatchObject({ support: 0, predicted: 0, precision: null, recall: null, f1: 0 });
  });

  it('averages F1 over the categories expected or predicted', () => {
    expect(s.macroF1Categories).toEqual([
      'expenses.housing.energy', 'expenses.groceries', 'expenses.eating-out', 'expenses.shopping', 'expenses.cash', 'transfers.own-accounts',
    ]);
    // (0.5 + ⅔ + 1 + 0 + 0 + 1) / 6
    expect(s.macroF1).toBeCloseTo((0.5 + 2 / 3 + 1 + 0 + 0 + 1) / 6, 10);
  });

  it('scores each flag, ignoring recurring', () => {
    expect(s.ignoredFlags).toEqual(['recurring']);
    expect(s.flags.recurring).toBeUndefined();
    expect(s.flags['direct-debit']).toMatchObject({ expected: 1, predicted: 1, truePositives: 1, precision: 1, recall: 1 });
    expect(s.flags['internal-transfer']).toMatchObject({ expected: 2, predicted: 1, truePositives: 1, precision: 1, recall: 0.5 });
    expect(s.flags['cash-withdrawal']).toMatchObject({ expected: 1, predicted: 1, truePositives: 1, precision: 1, recall: 1 });
    expect(s.flags.refund).toMatchObject({ expected: 0, predicted: 0, truePositives: 0, precision: null, recall: null });
  });

  it('reports low-confidence answers and the accuracy of the confident ones', () => {
    expect(s.confidenceThreshold).toBe(0.5);
    expect(s.lowConfidence).toEqual({ count: 3, share: 3 / 8 });
    expect(s.confident).toEqual({ count: 5, correct: 5, accuracy: 1 });
  });

  it('requires both the category and the internal-transfer flag for own-account transfers', () => {
    expect(s.ownTransfers).toEqual({ total: 2, correct: 1, accuracy: 0.5 });
  });

  it('reports hard items separately', () => {
    expect(s.hard).toEqual({ total: 1, correct: 0, accuracy: 0 });
  });

  it('lists the misclassified items in order', () => {
    expect(s.misclassified).toEqual([
      { index: 1, id: 'b', label: 'SumUp *Bakkerij', expected: 'expenses.groceries', actual: 'expenses.eating-out', confidence: 0.4, difficulty: 'hard' },
      { index: 6, expected: 'expenses.cash', actual: 'expenses.shopping', confidence: 0.3 },
      { index: 7, expected: 'expenses.groceries.bakery', actual: 'nonsense.category', confidence: 0.2 },
    ]);
  });

  it('honours ignoreFlags and confidenceThreshold', () => {
    const t = score(items, { ignoreFlags: [], confidenceThreshold: 0.85 });
    expect(t.ignoredFlags).toEqual([]);
    expect(t.flags.recurring).toMatchObject({ expected: 0, predicted: 1, truePositives: 0, precision: 0, recall: null });
    // confident: #0 (0.90), #3 (0.95), #4 (0.99) — all right
    expect(t.lowConfidence).toEqual({ count: 5, share: 5 / 8 });
    expect(t.confident).toEqual({ count: 3, correct: 3, accuracy: 1 });
  });

  it('gives null ratios for no items', () => {
    const e = score([]);
    expect(e.total).toBe(0);
    expect(e.accuracy).toBeNull();
    expect(e.macroF1).toBeNull();
    expect(e.macroF1Categories).toEqual([]);
    expect(e.lowConfidence).toEqual({ count: 0, share: null });
    expect(e.confident.accuracy).toBeNull();
    expect(e.ownTransfers.accuracy).toBeNull();
    expect(e.misclassified).toEqual([]);
  });

  it('rejects an expected category that is not canonical', () => {
    expect(() => score([item('groceries', [], 'expenses.groceries', [], 1)])).toThrow(/not a canonical category/);
  });

  it('is pure: the same input gives the same score', () => {
    expect(score(items)).toEqual(s);
  });
});

describe('formatScore', () => {
  const s = score(items);

  it('prints the headline figures, a category table, a flag table and the misclassified items', () => {
    const text = formatScore(s, { title: 'test set' });
    expect(text).toContain('test set\n========');
    expect(text).toContain('items 8   correct 5   accuracy 62.5%   macro-F1 0.528 (over 6 categories)');
    expect(text).toContain('low confidence (< 0.5): 3 (37.5%)   accuracy when confident: 100.0% of 5');
    expect(text).toContain('own-account transfers (category + internal-transfer flag): 1/2 (50.0%)   hard items: 0/1 (0.0%)');
    expect(text).toMatch(/expenses\.groceries\s+3\s+1\s+1\s+33\.3%\s+100\.0%\s+0\.500/);
    expect(text).toMatch(/expenses\.shopping\s+0\s+1\s+0\s+—\s+0\.0%\s+0\.000/);
    expect(text).not.toContain('income.salary');
    expect(text).toMatch(/internal-transfer\s+2\s+1\s+1\s+100\.0%\s+50\.0%/);
    expect(text).toContain('(ignored flags: recurring)');
    expect(text).toContain('misclassified: 3');
    expect(text).toContain('expenses.groceries → expenses.eating-out (0.40) [hard]  SumUp *Bakkerij');
    expect(text).toContain('expenses.cash → expenses.shopping (0.30)  #6');
  });

  it('limits the misclassified list and can show empty categories', () => {
    const text = formatScore(s, { maxMisclassified: 1, showEmptyCategories: true });
    expect(text).toContain('misclassified: 3 (first 1)');
    expect(text).not.toContain('#6');
    expect(text).toMatch(/income\.salary\s+0\s+0\s+0\s+—\s+—\s+0\.000/);
  });
});

describe('calibration', () => {
  it('computes the expected calibration error and the reliability table over ten confidence bins', () => {
    // bin 0.9–1.0: 0.90, 0.95, 0.99 all right (mean 0.9467, gap 0.0533); 0.8 right, 0.7 right; 0.4, 0.3, 0.2 wrong
    const s = score(items);
    expect(s.calibrationError).toBeCloseTo((3 * (1 - 2.84 / 3) + 0.2 + 0.3 + 0.4 + 0.3 + 0.2) / 8, 10);
    const top = s.reliability[9];
    expect(top).toMatchObject({ count: 3, accuracy: 1 });
    expect(top.meanConfidence).toBeCloseTo(2.84 / 3, 10);
    expect(s.reliability[4]).toMatchObject({ count: 1, accuracy: 0, meanConfidence: 0.4 });
    expect(s.reliability[5]).toMatchObject({ count: 0, accuracy: null, meanConfidence: null });
    expect(s.reliability.reduce((n, bin) => n + bin.count, 0)).toBe(items.length);
  });

  it('is 0 when every answer is right as often as its confidence says, and prints a reliability table', () => {
    const calibrated = [0.75, 0.75, 0.75, 0.75].map((confidence, i) => item('expenses.cash', [], i < 3 ? 'expenses.cash' : 'expenses.other', [], confidence));
    const s = score(calibrated);
    expect(s.calibrationError).toBeCloseTo(0, 10);
    expect(formatScore(s)).toMatch(/expected calibration error 0\.000\n[\s\S]*0\.7–0\.8 +4 +0\.75 +75\.0%/);
  });

  it('has no calibration error for no answers', () => {
    expect(score([]).calibrationError).toBeNull();
  });
});

