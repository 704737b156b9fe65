import { scoreFourthRoundSet } from './evaluate';
import { fourthRoundSet } from './fourth-round-items';

describe('processor-fronted held-out set of the fourth round (issue 27)', () => {
  it('holds 92 labelled processor-fronted payments with distinct ids', () => {
    expect(fourthRoundSet).toHaveLength(92);
    expect(new Set(fourthRoundSet.map((item) => item.transaction.id)).size).toBe(92);
  });

  // the figures before and after the fourth round are in README.md
  it('puts at least 88 % of them in the category of the party behind the provider', () => {
    expect(scoreFourthRoundSet().accuracy).toBeGreaterThanOrEqual(0.88);
  });
});
