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

  it('reads a plainly written amount as the general reading does (a leading space takes that reading)', () => {
    let state = 11;
    const random = (n: number) => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    const digits = (n: number) => Array.from({ length: n }, () => String(random(10))).join('');
    for (let i = 0; i < 5_000; i++) {
      const separator = random(2) === 0 ? ',' : '.';
      const written = `${random(3) === 0 ? '-' : ''}${random(8) === 0 ? '0' : String(1 + random(9)) + digits(random(20))}${separator}${digits(1 + random(8))}`;
      expect([written, normaliseDecimal(written, separator)]).toEqual([written, normaliseDecimal(` ${written}`, separator)]);
    }
    expect(normaliseDecimal('-12,5', ',')).toBe('-12.5');
    expect(normaliseDecimal('-0,000', ',')).toBe('0.000');
    expect(normaliseDecimal('12345678901234567,0', ',')).toBe('12345678901234567.0');
    expect(normaliseDecimal('123456789012345678,0', ',')).toBeNull();
  });

  it('adds without floating-point error and keeps the largest scale', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['100', '-0.01', '-99.99'])).toBe('0.00');
    expect(sumDecimals(['1000000000000000.01', '0.02'])).toBe('1000000000000000.03');
    expect(sumDecimals([])).toBe('0');
  });

  it('adds exactly however many terms and however large, as bigint arithmetic does', () => {
    let state = 7;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const term = (): string => {
      const digits = 1 + Math.floor(random() * (random() < 0.1 ? 18 : 9));
      const text = Array.from({ length: digits }, () => Math.floor(random() * 10)).join('');
      const scale = Math.floor(random() * Math.min(5, digits));
      const value = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
      return `${random() < 0.5 ? '-' : ''}${value.startsWith('.') ? `0${value}` : value}`;
    };
    const reference = (values: string[]): string => {
      const scale = Math.max(0, ...values.map((v) => (v.includes('.') ? v.length - v.indexOf('.') - 1 : 0)));
      const units = values.reduce((sum, v) => {
        const [whole, fraction = ''] = v.replace('-', '').split('.');
        return sum + (v.startsWith('-') ? -1n : 1n) * BigInt(whole! + fraction.padEnd(scale, '0'));
      }, 0n);
      const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
      return `${units < 0n ? '-' : ''}${scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`}`;
    };
    for (let run = 0; run < 200; run++) {
      const values = Array.from({ length: 1 + Math.floor(random() * 300) }, term);
      expect(sumDecimals(values)).toBe(reference(values));
    }
    const large = Array.from({ length: 5_000 }, () => '999999999999999');
    expect(sumDecimals(large)).toBe(reference(large));
    expect(sumDecimals([...large, ...large.map((v) => `-${v}`), '0.01'])).toBe('0.01');
    expect(() => sumDecimals(['1', '1e5'])).toThrow('not a decimal');
  });

  it('negates and compares', () => {
    expect(negateDecimal('-0.00')).toBe('0.00');
    expect(negateDecimal('0')).toBe('0');
    expect(negateDecimal('007.50')).toBe('-7.50');
    expect(negateDecimal('-000.0100')).toBe('0.0100');
    expect(() => negateDecimal('12,5')).toThrow('not a decimal');
    expect(negateDecimal('12.50')).toBe('-12.50');
    expect(negateDecimal('-3')).toBe('3');
    expect(compareDecimals('1.10', '1.1')).toBe(0);
    expect(compareDecimals('-1', '0.5')).toBe(-1);
    expect(compareDecimals('2', '1.999')).toBe(1);
  });
});
