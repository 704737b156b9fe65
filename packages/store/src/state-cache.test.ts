import { StateCache } from './state-cache';

interface Note {
  id: string;
  text: string;
  at: Date;
}

const note = (id: string, text = 'first'): Note => ({ id, text, at: new Date('2026-11-23T10:00:00.000Z') });

function cacheAt(options: { maxEntries?: number; ttlMs?: number } = {}) {
  const clock = { now: 1_000 };
  const cache = new StateCache<Note>({ maxEntries: options.maxEntries ?? 10, ttlMs: options.ttlMs ?? 60_000, now: () => clock.now });
  return { cache, clock };
}

describe('StateCache', () => {
  it('answers what a read filled, as a copy the caller may change', () => {
    const { cache } = cacheAt();
    const read = note('n-1');
    cache.fill('n-1', read, cache.mark());
    read.text = 'changed by the reader after filling';

    const first = cache.get('n-1')!;
    expect(first).toEqual(note('n-1'));
    first.text = 'changed by a caller';
    first.at.setUTCFullYear(1999);
    expect(cache.get('n-1')).toEqual(note('n-1'));
    expect(cache.get('n-2')).toBeUndefined();
  });

  it('drops a read that a forget overtook, so a slow read cannot put back a replaced state', () => {
    const { cache } = cacheAt();
    const mark = cache.mark();
    cache.forget('n-1'); // a write finished while the read was on its way
    cache.fill('n-1', note('n-1', 'before the write'), mark);
    expect(cache.get('n-1')).toBeUndefined();

    cache.fill('n-1', note('n-1', 'after the write'), cache.mark());
    expect(cache.get('n-1')?.text).toBe('after the write');
  });

  it('forgets one state, or all', () => {
    const { cache } = cacheAt();
    cache.fill('n-1', note('n-1'), cache.mark());
    cache.fill('n-2', note('n-2'), cache.mark());
    cache.forget('n-1');
    expect([cache.get('n-1'), cache.get('n-2')?.id]).toEqual([undefined, 'n-2']);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('reads the store again once a state is older than the ttl', () => {
    const { cache, clock } = cacheAt({ ttlMs: 500 });
    cache.fill('n-1', note('n-1'), cache.mark());
    clock.now += 499;
    expect(cache.get('n-1')).toBeDefined();
    clock.now += 1;
    expect(cache.get('n-1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, evicting the least recently read', () => {
    const { cache } = cacheAt({ maxEntries: 2 });
    cache.fill('n-1', note('n-1'), cache.mark());
    cache.fill('n-2', note('n-2'), cache.mark());
    cache.get('n-1');
    cache.fill('n-3', note('n-3'), cache.mark());
    expect(['n-1', 'n-2', 'n-3'].map((id) => cache.get(id)?.id)).toEqual(['n-1', undefined, 'n-3']);
    expect(cache.size).toBe(2);
  });

  it('keeps nothing with maxEntries 0', () => {
    const { cache } = cacheAt({ maxEntries: 0 });
    cache.fill('n-1', note('n-1'), cache.mark());
    expect(cache.get('n-1')).toBeUndefined();
  });
});
