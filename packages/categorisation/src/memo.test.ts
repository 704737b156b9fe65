import { memoised } from './memo';

describe('memoised', () => {
  it('works a result out once per argument, also a null one', () => {
    const seen: string[] = [];
    const lengthOrNull = memoised((text: string) => {
      seen.push(text);
      return text === '' ? null : text.length;
    });
    expect([lengthOrNull('abc'), lengthOrNull('abc'), lengthOrNull(''), lengthOrNull('')]).toEqual([3, 3, null, null]);
    expect(seen).toEqual(['abc', '']);
  });

  it('keeps no more than its capacity: when full it forgets what it knew and works results out again', () => {
    let computed = 0;
    const double = memoised((n: number) => {
      computed++;
      return n * 2;
    }, 2);
    expect([double(1), double(2), double(1)]).toEqual([2, 4, 2]);
    expect(computed).toBe(2);
    expect(double(3)).toBe(6); // full: forgets 1 and 2
    expect(double(1)).toBe(2);
    expect(computed).toBe(4);
  });
});
