import { kindOfParty } from './people';

describe('kindOfParty', () => {
  it('recognises natural persons as Dutch banks write them', () => {
    for (const name of ['J. de Vries', 'M.J. van den Berg', 'JANSEN J A', 'Vries J.M. de', 'Hr J Jansen', 'Mw. A. Jansen-de Boer', 'Fam. de Boer', 'J Jansen en/of M Jansen', 'Sanne Bakker', 'A.B. Jansen', 'T. Hoekman', 'T. van der Linden']) {
      expect([name, kindOfParty(name)]).toEqual([name, 'person']);
    }
  });

  it('recognises organisations by legal form and words they use', () => {
    for (const name of ['Jansen B.V.', 'Bakkerij de Boer VOF', 'Stichting Het Gebouw', 'Zorggroep Midden', 'De Vries Installatietechniek', 'Gemeente Utrecht', 'Jansen Holding']) {
      expect([name, kindOfParty(name)]).toEqual([name, 'organisation']);
    }
  });

  it('does not guess for names that could be either', () => {
    for (const name of ['Pizza Roma', 'JANSEN', 'Onbekende Zaak', 'T Mobile']) expect([name, kindOfParty(name)]).toEqual([name, 'unknown']);
    expect(kindOfParty(null)).toBe('unknown');
  });
});
