import { fold, merchantKey, normaliseIban, normaliseName, normaliseText } from './normalise';

describe('normaliseName', () => {
  it('gives the ways banks write one supermarket the same key', () => {
    const keys = ['ALBERT HEIJN 1403 AMSTERDAM', 'Albert Heijn B.V.', 'CCV*Albert Heijn', 'Apple Pay ALBERT HEIJN 2210', 'albert heijn 1403 den haag'].map((name) =>
      merchantKey(normaliseName(name)),
    );
    expect(new Set(keys)).toEqual(new Set(['albert heijn']));
  });

  it('drops store numbers and a trailing place but keeps the place in the text', () => {
    expect(normaliseName('JUMBO 5678 UTRECHT')).toEqual({ text: 'jumbo utrecht', coreLength: 5 });
    expect(normaliseName('AH to go 5847')).toEqual({ text: 'ah to go', coreLength: 8 });
    expect(merchantKey(normaliseName('Gemeente Capelle aan den IJssel'))).toBe('gemeente');
  });

  it('never drops a whole name as a place', () => {
    expect(merchantKey(normaliseName('Utrecht'))).toBe('utrecht');
  });

  it('strips payment processors and wallets in front of the merchant', () => {
    for (const written of ['SumUp *Bakkerij Jansen', 'Zettle_*Bakkerij Jansen', 'MOLLIE*Bakkerij Jansen', 'PayPal *Bakkerij Jansen', 'iZ *Bakkerij Jansen', 'Google Pay Bakkerij Jansen']) {
      expect(normaliseName(written).text).toBe('bakkerij jansen');
    }
  });

  it('reduces web addresses to their name and spells out & and +', () => {
    expect(normaliseName('www.bol.com').text).toBe('bol');
    expect(normaliseName('APPLE.COM/BILL').text).toBe('apple bill');
    expect(normaliseName('H&M Hennes & Mauritz').text).toBe('h en m hennes en mauritz');
    expect(normaliseName('Disney+').text).toBe('disney plus');
  });

  it('strips legal forms, country codes, accents and punctuation', () => {
    expect(normaliseName('Lidl Nederland GmbH').text).toBe('lidl');
    expect(normaliseName("McDonald's Restaurants N.V.").text).toBe('mcdonalds restaurants');
    expect(normaliseName('Univé Zorg, N.V.').text).toBe('unive zorg');
    expect(normaliseName('Café Rosé V.O.F.').text).toBe('cafe rose');
  });

  it('keeps a leading number (9292, 711) and drops later ones', () => {
    expect(normaliseName('9292 REISINFORMATIE 123').text).toBe('9292 reisinformatie');
    expect(normaliseName('711.nl').text).toBe('711');
  });
});

describe('normaliseText', () => {
  it('keeps numbers anywhere and makes punctuation word breaks', () => {
    expect(normaliseText('Termijnbedrag: energie 01-2024, 13e maand')).toBe('termijnbedrag energie 01 2024 13e maand');
  });
});

describe('fold and normaliseIban', () => {
  it('folds accents and case', () => {
    expect(fold('Crème BRÛLÉE')).toBe('creme brulee');
  });

  it('compares IBANs without spaces and case', () => {
    expect(normaliseIban(' nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(normaliseIban(null)).toBe('');
  });
});
