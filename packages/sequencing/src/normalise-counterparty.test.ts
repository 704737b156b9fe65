import { normaliseAccountNumber, normaliseCounterpartName } from './normalise-counterparty';

describe('normaliseCounterpartName', () => {
  it('gives card descriptors and legal names of one company the same key', () => {
    const keys = ['NETFLIX.COM 12345', 'Netflix International B.V.', 'NETFLIX.COM', 'PAYPAL *NETFLIX', 'www.netflix.com'].map(normaliseCounterpartName);
    expect(new Set(keys)).toEqual(new Set(['netflix']));
  });

  it('strips legal forms, digits, punctuation and accents', () => {
    expect(normaliseCounterpartName('Albert Heijn 1403')).toBe('albert heijn');
    expect(normaliseCounterpartName('Amazon EU S.a r.l.')).toBe('amazon');
    expect(normaliseCounterpartName('Crème Brûlée GmbH')).toBe('creme brulee');
    expect(normaliseCounterpartName('Basic-Fit Nederland N.V.')).toBe('basic fit nederland');
  });

  it('keeps different companies apart', () => {
    expect(normaliseCounterpartName('Spotify AB')).not.toBe(normaliseCounterpartName('Netflix'));
  });

  it('is empty when nothing distinctive is left', () => {
    expect(normaliseCounterpartName('B.V. 12345')).toBe('');
  });
});

describe('normaliseAccountNumber', () => {
  it('compares IBANs without spaces and case', () => {
    expect(normaliseAccountNumber('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(normaliseAccountNumber(null)).toBe('');
  });
});
