import { compareDecimals, negateDecimal, normaliseDecimal, sumDecimals } from './decimal';

describe('exact decimals', () => {
  it.each([
    ['1.234,56', ',', '1234.56'],
    ['1234,5', ',', '1234.5'],
    ['1234,', ',', '1234'],
    ['-0,00', ',', '0.00'],
    ['+12,30', ',', '12.30'],
    ['1,234.56', '.', '1234.56'],
    ['0012.10', '.', '12.10'],
    ['1 234,56', ',', '1234.56'],
    ['9.999.999.999.999.999,99', ',', '9999999999999999.99'],
    ['0,12345', ',', '0.12345'],
  ] as const)('reads %s (decimal %s) as %s', (written, separator, expected) => {
    expect(normaliseDecimal(written, separator)).toBe(expected);
  });

  it.each(['', '12a', '1.23.4,5,6', '1,2345.6', '--1', '1e5', `1${'0'.repeat(40)},00`, '1234567890123456789', '0,123456'])('refuses %j', (written) => {
    expect(normaliseDecimal(written, ',')).toBeNull();
  });

  it('adds without floating-point error and keeps the largest scale', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['100', '-0.01', '-99.99'])).toBe('0.00');
    expect(sumDecimals(['1000000000000000.01', '0.02'])).toBe('1000000000000000.03');
    expect(sumDecimals([])).toBe('0');
  });

  it('negates and compares', () => {
    expect(negateDecimal('12.50')).toBe('-12.50');
    expect(negateDecimal('-3')).toBe('3');
    expect(compareDecimals('1.10', '1.1')).toBe(0);
    expect(compareDecimals('-1', '0.5')).toBe(-1);
    expect(compareDecimals('2', '1.999')).toBe(1);
  });
});
