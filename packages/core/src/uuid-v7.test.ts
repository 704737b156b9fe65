import { randomUUID } from 'node:crypto';
import { uuidv7, uuidv7Time } from './uuid-v7';

describe('uuidv7', () => {
  it('is a lower-case UUID of version 7 and the RFC 9562 variant', () => {
    for (let i = 0; i < 200; i++) {
      const id = uuidv7();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('carries the time it is made at in its first 48 bits', () => {
    const at = Date.UTC(2026, 10, 29, 7, 30, 15, 123);
    const id = uuidv7(at);
    expect(id.slice(0, 13)).toBe(`${at.toString(16).padStart(12, '0').slice(0, 8)}-${at.toString(16).padStart(12, '0').slice(8)}`);
    expect(uuidv7Time(id)).toEqual(new Date(at));
    expect(uuidv7Time(uuidv7(new Date(at)))).toEqual(new Date(at));
  });

  it('reads back the time of an id made now', () => {
    const before = Date.now();
    const time = uuidv7Time(uuidv7());
    expect(time!.getTime()).toBeGreaterThanOrEqual(before);
    expect(time!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('sorts ids made in different milliseconds by their time', () => {
    const times = [0, 1, 255, 256, 65_535, 65_536, 1_700_000_000_000, 1_700_000_000_001, 2 ** 48 - 1];
    const ids = times.map((t) => uuidv7(t));
    expect([...ids].reverse().sort()).toEqual(ids);
    expect(ids.map((id) => uuidv7Time(id)!.getTime())).toEqual(times);
  });

  it('differs between ids of the same millisecond', () => {
    const ids = new Set(Array.from({ length: 1_000 }, () => uuidv7(1_700_000_000_000)));
    expect(ids.size).toBe(1_000);
  });

  it('refuses a time a UUIDv7 cannot hold', () => {
    for (const t of [-1, 2 ** 48, 1.5, Number.NaN]) expect(() => uuidv7(t)).toThrow(RangeError);
  });
});

describe('uuidv7Time', () => {
  it('is null for ids of other versions and for what is no UUID', () => {
    const v7 = uuidv7(1_700_000_000_000);
    const withVersion = (v: string) => `${v7.slice(0, 14)}${v}${v7.slice(15)}`;
    const withVariant = (v: string) => `${v7.slice(0, 19)}${v}${v7.slice(20)}`;
    for (const id of [randomUUID(), withVersion('4'), withVersion('5'), withVersion('8'), withVariant('c'), withVariant('7'), '', 'not-a-uuid', v7.slice(1), `${v7}0`, v7.replace(/-/g, ''), ` ${v7}`]) {
      expect(uuidv7Time(id)).toBeNull();
    }
  });

  it('reads an id written in upper case', () => {
    expect(uuidv7Time(uuidv7(1_700_000_000_000).toUpperCase())).toEqual(new Date(1_700_000_000_000));
  });
});
