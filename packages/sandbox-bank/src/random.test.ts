import { cyrb53, floor, hashHex, imul, rngFor, roundCents } from './random';

describe('random', () => {
  it('imul and floor agree with Math', () => {
    const r = rngFor('math');
    const mismatches: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const a = (r.next() * 2 ** 32) | 0;
      const b = (r.next() * 2 ** 32) >>> 0;
      if (imul(a, b) !== Math.imul(a, b)) mismatches.push(`imul(${a}, ${b})`);
      const x = (r.next() - 0.5) * 10 ** r.int(0, 12);
      if (floor(x) !== Math.floor(x)) mismatches.push(`floor(${x})`);
    }
    for (const x of [0, -0.5, -1, 1, 2.5, -2.5, 1e15 + 0.5]) if (floor(x) !== Math.floor(x)) mismatches.push(`floor(${x})`);
    expect(mismatches).toEqual([]);
  });

  it('rounds to cents', () => {
    expect(roundCents(12.345678)).toBe(12.35);
    expect(roundCents(-12.344)).toBe(-12.34);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
  });

  it('hashes deterministically', () => {
    expect(cyrb53('a')).toBe(cyrb53('a'));
    expect(cyrb53('a')).not.toBe(cyrb53('b'));
    expect(hashHex('seed', 'x', 1)).toMatch(/^[0-9a-f]{16}$/);
    expect(hashHex('seed', 'x', 1)).toBe(hashHex('seed', 'x', 1));
    expect(hashHex('seed', 'x', 1)).not.toBe(hashHex('seed', 'x', 2));
  });

  it('draws the same sequence for the same key, a different one for another key', () => {
    const seq = (...key: (string | number)[]): number[] => {
      const r = rngFor(...key);
      return Array.from({ length: 5 }, () => r.next());
    };
    expect(seq('s', 1)).toEqual(seq('s', 1));
    expect(seq('s', 1)).not.toEqual(seq('s', 2));
    for (const x of seq('s', 3)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('draws integers in range and picks from lists', () => {
    const r = rngFor('ranges');
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(r.int(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
    expect(r.digits(8)).toMatch(/^\d{8}$/);
    expect(r.alnum(6)).toMatch(/^[A-Z0-9]{6}$/);
    expect(new Set(r.sample([1, 2, 3, 4, 5], 3)).size).toBe(3);
  });
});
