import { creditorId, dutchIban, isValidIban, mod97, organisationIban, personIban } from './iban';

describe('isValidIban', () => {
  it.each([
    'NL91ABNA0417164300',
    'NL86INGB0002445588',
    'NL91 ABNA 0417 1643 00',
    'nl91abna0417164300',
    'DE89370400440532013000',
    'GB82WEST12345698765432',
    'BE68539007547034',
  ])('accepts %s', (iban) => expect(isValidIban(iban)).toBe(true));

  it.each([
    ['a wrong check digit', 'NL92ABNA0417164300'],
    ['a changed account digit', 'NL91ABNA0417164301'],
    ['swapped digits', 'NL91ABNA0417163400'],
    ['a Dutch IBAN one digit short', 'NL91ABNA041716430'],
    ['a Dutch IBAN with digits for the bank code', 'NL911234041716430'],
    ['a German IBAN of the wrong length', 'DE8937040044053201300'],
    ['letters in the check digits', 'NLAAABNA0417164300'],
    ['an empty string', ''],
    ['punctuation', 'NL91-ABNA-0417-1643-00'],
  ])('rejects %s', (_what, iban) => expect(isValidIban(iban)).toBe(false));

  it('rejects what is not a string', () => {
    expect(isValidIban(undefined as unknown as string)).toBe(false);
    expect(isValidIban(91 as unknown as string)).toBe(false);
  });
});

describe('Dutch IBAN generation', () => {
  it('computes the check digits of a known IBAN', () => {
    expect(dutchIban('ABNA', '0417164300')).toBe('NL91ABNA0417164300');
  });

  it('makes valid IBANs whose account number passes the elfproef', () => {
    for (let i = 0; i < 200; i++) {
      const iban = personIban('seed', i);
      expect(isValidIban(iban)).toBe(true);
      const account = iban.slice(8);
      const sum = [...account].reduce((s, d, n) => s + Number(d) * (10 - n), 0);
      expect(sum % 11).toBe(0);
    }
  });

  it('gives an organisation the same IBAN every time, and different organisations different ones', () => {
    expect(organisationIban('Vattenfall Klantenservice N.V.')).toBe(organisationIban('Vattenfall Klantenservice N.V.'));
    expect(organisationIban('Vattenfall Klantenservice N.V.')).not.toBe(organisationIban('Eneco Consumenten B.V.'));
  });

  it('makes creditor ids with valid check digits', () => {
    const id = creditorId('12345678');
    expect(id).toMatch(/^NL\d{2}ZZZ123456780000$/);
    const digits = `123456780000NL${id.slice(2, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    expect(mod97(digits)).toBe(1);
  });
});
