import { normaliseAccountNumber, normaliseCounterpartName, withoutPlaceSuffix } from './normalise-counterparty';

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

describe('normaliseCounterpartName on card descriptors', () => {
  it('drops reference codes (letters and digits alternating, after the name) and store numbers, keeping the name', () => {
    expect(normaliseCounterpartName('Spotify P2B8C7D1E')).toBe('spotify');
    expect(normaliseCounterpartName('Amazon Prime*2K4L51MT5')).toBe('amazon prime');
    expect(normaliseCounterpartName('JUMBO8011 UTRECHT')).toBe('jumbo utrecht');
  });

  it('keeps the first word as the merchant’s letters, also with a digit inside, not as a reference code', () => {
    expect(normaliseCounterpartName('FIT4FREE AMSTERDAM')).toBe('fitfree amsterdam');
    expect(normaliseCounterpartName('Wash2Go Amsterdam')).toBe('washgo amsterdam');
    expect(normaliseCounterpartName('CCV*Lunch4Less Utrecht')).toBe('lunchless utrecht');
    expect(normaliseCounterpartName('Sport2Go')).toBe('sportgo');
    expect(withoutPlaceSuffix(normaliseCounterpartName('FIT4FREE AMSTERDAM'))).toBe('fitfree');
  });

  it('writes out a brand abbreviation that starts the name, and only there', () => {
    expect(normaliseCounterpartName('AH to go 5812')).toBe('albert heijn to go');
    expect(normaliseCounterpartName('AMZN Mktp NL')).toBe('amazon mktp');
    expect(normaliseCounterpartName('Cafe AH')).toBe('cafe ah');
  });

  it('drops a word repeated right after itself, as an abbreviation written out before the full name gives', () => {
    expect(normaliseCounterpartName('MSFT *Microsoft 365 E0400ABCDE')).toBe('microsoft');
  });
});

describe('withoutPlaceSuffix', () => {
  it('drops the places a card acquirer appends, of one or two words, and country codes', () => {
    expect(withoutPlaceSuffix(normaliseCounterpartName('SPOTIFY AB STOCKHOLM'))).toBe('spotify');
    expect(withoutPlaceSuffix(normaliseCounterpartName('APPLE.COM/BILL CORK'))).toBe('apple bill');
    expect(withoutPlaceSuffix(normaliseCounterpartName('McDonalds Den Haag'))).toBe('mcdonald');
    expect(withoutPlaceSuffix(normaliseCounterpartName('SPOTIFY SE STOCKHOLM'))).toBe('spotify');
  });

  it('keeps the first word, and places that are not at the end', () => {
    expect(withoutPlaceSuffix('utrecht')).toBe('utrecht');
    expect(withoutPlaceSuffix('amsterdam pizza')).toBe('amsterdam pizza');
  });
});
