import { BRAND_ABBREVIATIONS } from './brand-abbreviations';
import { normaliseCounterpartName } from './normalise-counterparty';

describe('BRAND_ABBREVIATIONS', () => {
  it('holds abbreviations as normalisation leaves a word, so that the lookup can match', () => {
    for (const abbreviation of BRAND_ABBREVIATIONS.keys()) expect(abbreviation).toMatch(/^[a-z]{2,}$/);
  });

  it('writes each brand as normalisation writes its full name, so that both spellings meet', () => {
    for (const [abbreviation, brand] of BRAND_ABBREVIATIONS) {
      expect({ abbreviation, brand: normaliseCounterpartName(brand) }).toEqual({ abbreviation, brand });
      expect(normaliseCounterpartName(abbreviation)).toBe(brand);
    }
  });

  it('gives the examples of issue 14 one key', () => {
    expect(normaliseCounterpartName('AH')).toBe(normaliseCounterpartName('ALBERT HEIJN 1403'));
    expect(normaliseCounterpartName('ITUNES.COM/BILL')).toBe(normaliseCounterpartName('APPLE.COM/BILL'));
  });
});
