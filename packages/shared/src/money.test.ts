import { describe, expect, it } from 'vitest';
import { centsToDecimalText, centsToUsd, formatUsd, MAX_AMOUNT_CENTS, parseUsdToCents } from './money.ts';

describe('parseUsdToCents', () => {
  it.each([
    [250, 25_000n],
    [250.5, 25_050n],
    [0.29, 29n],
    [0.1, 10n],
    [19.99, 1_999n],
    [0, 0n],
    ['250', 25_000n],
    ['250.5', 25_050n],
    ['250.05', 25_005n],
    ['0.01', 1n],
    ['007', 700n],
    ['999999999999.99', 99_999_999_999_999n],
  ] as const)('reads %j as %s cents', (value, cents) => {
    expect(parseUsdToCents(value)).toBe(cents);
  });

  it('reads a number and its decimal text the same', () => {
    for (const amount of [1.1, 2.2, 33.33, 1234.56, 99.9]) {
      expect(parseUsdToCents(amount)).toBe(parseUsdToCents(String(amount)));
    }
  });

  it('accepts spaces around the amount, none inside it', () => {
    expect(parseUsdToCents(' 250 ')).toBe(25_000n);
    expect(parseUsdToCents('\t250.50\n')).toBe(25_050n);
    expect(parseUsdToCents('2 50')).toBeNull();
    expect(parseUsdToCents('250. 5')).toBeNull();
  });

  it.each([
    ['three decimals', '1.005'],
    ['three decimals as a number', 1.005],
    ['a float sum’s noise', 0.1 + 0.2],
    ['a negative string', '-5'],
    ['a negative number', -5],
    ['a plus sign', '+5'],
    ['an exponent', '1e3'],
    ['an exponent as a number too big to print plainly', 1e21],
    ['an exponent as a number too small to print plainly', 1e-7],
    ['NaN', Number.NaN],
    ['NaN as text', 'NaN'],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['Infinity as text', 'Infinity'],
    ['thirteen whole digits', '1000000000000'],
    ['a huge number', Number.MAX_SAFE_INTEGER],
    ['a hexadecimal', '0x10'],
    ['a thousands separator', '1,000'],
    ['a decimal comma', '1,5'],
    ['a trailing point', '250.'],
    ['a leading point', '.5'],
    ['a currency sign', '$250'],
    ['the empty string', ''],
    ['only spaces', '   '],
    ['letters', 'abc'],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['a bigint', 250n],
    ['an object', { amount: 250 }],
    ['an array', ['250']],
  ])('refuses %s', (_, value) => {
    expect(parseUsdToCents(value)).toBeNull();
  });
});

describe('cents and text', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [10n, '0.10'],
    [25_050n, '250.50'],
    [-1_234_567n, '-12345.67'],
    [-5n, '-0.05'],
    [MAX_AMOUNT_CENTS, '1000000000.00'],
    [123_456_789_012_345_678_901n, '1234567890123456789.01'],
  ])('writes %s cents as %s', (cents, text) => {
    expect(centsToDecimalText(cents)).toBe(text);
  });

  it('round-trips every cents value through its text exactly', () => {
    const samples = [0n, 1n, 9n, 10n, 99n, 100n, 101n, 12_345n, MAX_AMOUNT_CENTS, 99_999_999_999_999n];
    for (const cents of samples) {
      expect(parseUsdToCents(centsToDecimalText(cents))).toBe(cents);
    }
  });

  it('round-trips the amounts that cross the API as numbers', () => {
    for (let cents = 0n; cents <= 1_000n; cents += 7n) {
      expect(parseUsdToCents(centsToUsd(cents))).toBe(cents);
    }
    expect(parseUsdToCents(centsToUsd(MAX_AMOUNT_CENTS))).toBe(MAX_AMOUNT_CENTS);
    expect(parseUsdToCents(centsToUsd(123_456_789_01n))).toBe(123_456_789_01n);
  });

  it('gives USD numbers from cents, bigint or number', () => {
    expect(centsToUsd(25_050n)).toBe(250.5);
    expect(centsToUsd(1)).toBe(0.01);
    expect(centsToUsd(-199n)).toBe(-1.99);
  });
});

describe('formatUsd', () => {
  it.each([
    [0n, '$0.00'],
    [5n, '$0.05'],
    [25_050n, '$250.50'],
    [123_456_789n, '$1,234,567.89'],
    [-1_999n, '-$19.99'],
    [MAX_AMOUNT_CENTS, '$1,000,000,000.00'],
    [2_500, '$25.00'],
  ])('formats %s cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});
