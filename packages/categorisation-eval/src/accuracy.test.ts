/**
 * Floors for the categoriser's accuracy, a little below the targets the accuracy bench prints
 * (bench/categorisation-accuracy.bench.ts): on the sandbox's labelled data for held-out seeds (used nowhere
 * else) and on the hand-written set of real-world Dutch transactions.
 */
import { canonicalCategories } from '@obp/contracts';
import { evaluateHandWritten, sandboxScoreInputs } from './evaluate';
import { formatScore, score, type Score } from './score';

const AS_OF = new Date('2026-10-15T00:00:00.000Z');
const RETAIL_SEEDS = Array.from({ length: 12 }, (_, i) => `holdout-${i + 1}`);
const BUSINESS_SEEDS = Array.from({ length: 6 }, (_, i) => `business-holdout-${i + 1}`);

const MIN_EXAMPLES = 5;
/** Issue 27: the reported confidence is the chance of being right, to within this expected calibration error. */
const MAX_CALIBRATION_ERROR = 0.05;
const CATEGORY_FLOOR = 0.75;

/** Categories with at least MIN_EXAMPLES expected items whose accuracy is below the floor. */
function categoriesBelowFloor(s: Score): string[] {
  return canonicalCategories
    .map((c) => s.perCategory[c])
    .filter((c) => c.support >= MIN_EXAMPLES && (c.accuracy ?? 0) < CATEGORY_FLOOR)
    .map((c) => `${c.category}: ${((c.accuracy ?? 0) * 100).toFixed(1)}% of ${c.support}`);
}

/** Fails with the whole report when the overall accuracy is below `floor`. */
function expectOverallAtLeast(s: Score, floor: number): void {
  if (s.accuracy === null || s.accuracy < floor) {
    throw new Error(`overall accuracy ${s.accuracy === null ? '—' : (s.accuracy * 100).toFixed(1) + '%'} is below ${floor * 100}%\n${formatScore(s, { maxMisclassified: 40 })}`);
  }
}

/** Own-account transfers both categorised `transfers.own-accounts` and flagged `internal-transfer`, of all. */
function ownTransfersRight(s: Score): string {
  return `${s.ownTransfers.correct}/${s.ownTransfers.total}`;
}

describe('categoriser accuracy', () => {
  let sandbox: Score;
  let handWritten: Score;

  beforeAll(() => {
    sandbox = score([
      ...sandboxScoreInputs({ seeds: RETAIL_SEEDS, profile: 'retail', asOf: AS_OF }),
      ...sandboxScoreInputs({ seeds: BUSINESS_SEEDS, profile: 'business', asOf: AS_OF }),
    ]);
    handWritten = evaluateHandWritten();
  }, 300_000);

  describe('sandbox labels (held-out seeds)', () => {
    it('is at least 93% accurate overall', () => {
      expectOverallAtLeast(sandbox, 0.93);
    });

    it('is at least 75% accurate on every category with 5 or more examples', () => {
      expect(categoriesBelowFloor(sandbox)).toEqual([]);
    });

    it('gets every own-account transfer right, with its internal-transfer flag', () => {
      expect(sandbox.ownTransfers.total).toBeGreaterThan(0);
      expect(ownTransfersRight(sandbox)).toBe(`${sandbox.ownTransfers.total}/${sandbox.ownTransfers.total}`);
    });

    it('reports a calibrated confidence (expected calibration error at most 0.05)', () => {
      expect(sandbox.calibrationError).toBeLessThanOrEqual(MAX_CALIBRATION_ERROR);
    });
  });

  describe('hand-written set', () => {
    it('is at least 88% accurate overall', () => {
      expectOverallAtLeast(handWritten, 0.88);
    });

    it('is at least 75% accurate on every category with 5 or more examples', () => {
      expect(categoriesBelowFloor(handWritten)).toEqual([]);
    });

    it('gets every own-account transfer right, with its internal-transfer flag', () => {
      expect(handWritten.ownTransfers.total).toBeGreaterThan(0);
      expect(ownTransfersRight(handWritten)).toBe(`${handWritten.ownTransfers.total}/${handWritten.ownTransfers.total}`);
    });

    it('reports a calibrated confidence (expected calibration error at most 0.05)', () => {
      expect(handWritten.calibrationError).toBeLessThanOrEqual(MAX_CALIBRATION_ERROR);
    });
  });
});
