/**
 * Deterministic randomness. Every random choice is drawn from a generator keyed by what it decides
 * (seed, stream, period), never from one long sequence, so a choice never depends on which window of
 * time is being generated or on how many other choices were made before it.
 */

export type KeyPart = string | number;

/*
 * Math.imul and Math.floor are replaced by plain arithmetic: identical results, but under jest (whose module
 * sandbox makes every Math.* call a slow cross-realm call) the generator runs ten times faster.
 */

/** Math.imul: the low 32 bits of a * b, as a signed integer. */
export function imul(a: number, b: number): number {
  const ah = (a >>> 16) & 0xffff;
  const al = a & 0xffff;
  const bh = (b >>> 16) & 0xffff;
  const bl = b & 0xffff;
  return (al * bl + (((ah * bl + al * bh) << 16) >>> 0)) | 0;
}

/** Math.floor. */
export function floor(x: number): number {
  const t = x - (x % 1);
  return t > x ? t - 1 : t;
}

/** cyrb53: a fast, well-mixed 53-bit string hash. */
export function cyrb53(text: string, salt = 0): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = imul(h1 ^ ch, 2654435761);
    h2 = imul(h2 ^ ch, 1597334677);
  }
  h1 = imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function keyOf(parts: readonly KeyPart[]): string {
  let key = `${parts[0] ?? ''}`;
  for (let i = 1; i < parts.length; i++) key += '\u001f' + parts[i];
  return key;
}

const HEX = '0123456789abcdef';

function hex32(x: number): string {
  let s = '';
  for (let shift = 28; shift >= 0; shift -= 4) s += HEX[(x >>> shift) & 15];
  return s;
}

/** 16 hex digits identifying `parts` (64 bits from two salted cyrb53 hashes). */
export function hashHex(...parts: KeyPart[]): string {
  const key = keyOf(parts);
  return hex32(cyrb53(key, 1) % 4294967296) + hex32(cyrb53(key, 2) % 4294967296);
}

/** mulberry32: a tiny 32-bit PRNG, uniform in [0, 1). */
export function mulberry32(state: number): () => number {
  let a = state | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = imul(a ^ (a >>> 15), 1 | a);
    t = (t + imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function roundCents(x: number): number {
  return floor(x * 100 + 0.5) / 100;
}

const DIGITS = '0123456789';
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export class Rng {
  private readonly source: () => number;

  constructor(state: number) {
    this.source = mulberry32(state);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.source();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + floor(this.next() * (max - min + 1));
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** Triangular in [min, max), peaking in the middle: amounts cluster as real ones do. */
  around(min: number, max: number): number {
    return min + ((this.next() + this.next()) / 2) * (max - min);
  }

  /** An amount in euros with cents, in [min, max). */
  cents(min: number, max: number): number {
    return roundCents(this.around(min, max));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[floor(this.next() * items.length)];
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(floor(this.next() * pool.length), 1)[0]);
    return out;
  }

  weighted<T>(options: readonly (readonly [T, number])[]): T {
    const total = options.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of options) {
      r -= weight;
      if (r < 0) return value;
    }
    return options[options.length - 1][0];
  }

  digits(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += DIGITS[floor(this.next() * 10)];
    return s;
  }

  alnum(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += ALNUM[floor(this.next() * ALNUM.length)];
    return s;
  }
}

/** A generator fully determined by `parts`. */
export function rngFor(...parts: KeyPart[]): Rng {
  return new Rng(cyrb53(keyOf(parts)) % 4294967296);
}
