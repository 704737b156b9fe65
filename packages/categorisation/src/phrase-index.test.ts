import { PhraseIndex } from './phrase-index';

function findAll<T>(index: PhraseIndex<T>, text: string): Array<{ value: T; start: number; end: number }> {
  const found: Array<{ value: T; start: number; end: number }> = [];
  index.forEachMatch(text, (value, start, end) => found.push({ value, start, end }));
  return found;
}

describe('PhraseIndex', () => {
  const index = new PhraseIndex<string>();
  index.add('huur', 'rent');
  index.add('kale huur', 'bare rent');
  index.add('hypothe', 'mortgage', true);
  index.add('ns', 'train');

  it('finds whole words and phrases at word starts', () => {
    expect(findAll(index, 'betaling kale huur mei').map((m) => [m.value, m.start, m.end])).toEqual([
      ['bare rent', 9, 18],
      ['rent', 14, 18],
    ]);
  });

  it('does not find a word inside another word', () => {
    expect(findAll(index, 'schuur nsx dns')).toEqual([]);
    expect(findAll(index, 'huurder')).toEqual([]);
  });

  it('finds stems at the start of longer words', () => {
    expect(findAll(index, 'hypotheekrente').map((m) => m.value)).toEqual(['mortgage']);
    expect(findAll(index, 'de hypothecaire lening').map((m) => m.value)).toEqual(['mortgage']);
  });

  it('grows past its first nodes and still finds every phrase', () => {
    const many = new PhraseIndex<number>();
    const phrases = Array.from({ length: 500 }, (_, i) => `winkel${i.toString(36)}x nummer ${i}`);
    phrases.forEach((phrase, i) => many.add(phrase, i));
    for (const i of [0, 63, 64, 257, 499]) expect(findAll(many, `betaling ${phrases[i]}`).map((m) => m.value)).toEqual([i]);
    expect(findAll(many, 'winkel0 nummer 0')).toEqual([]);
  });

  it('refuses phrases that are not normalised', () => {
    expect(() => index.add('Huur', 'x')).toThrow(/not normalised/);
    expect(() => index.add('', 'x')).toThrow(/empty/);
  });
});
