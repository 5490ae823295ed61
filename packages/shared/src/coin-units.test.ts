import { describe, expect, it } from 'vitest';
import { formatBaseUnits, formatCoinConversion } from './coin-units.ts';

describe('formatBaseUnits', () => {
  it.each([
    ['150000', 'btc', '0.0015'],
    ['1', 'eth', '0.000000000000000001'],
    ['100000000000000000', 'eth', '0.1'],
    ['1234567000000', 'usdt', '1,234,567'],
    ['0', 'btc', '0'],
  ] as const)('writes %s base units of %s as %s', (baseUnits, coin, text) => {
    expect(formatBaseUnits(baseUnits, coin)).toBe(text);
  });
});

describe('formatCoinConversion', () => {
  it('states the coin amount and the rate, exactly', () => {
    expect(formatCoinConversion('100000000000000000', '300000', 'eth')).toBe('0.1 ETH at $3,000.00 per ETH');
    expect(formatCoinConversion('250000', '4000000', 'btc')).toBe('0.0025 BTC at $40,000.00 per BTC');
    expect(formatCoinConversion('25000000', '100', 'usdt')).toBe('25 USDT at $1.00 per USDT');
  });

  it('says nothing while the amount or the rate is unknown', () => {
    expect(formatCoinConversion(null, '300000', 'eth')).toBeNull();
    expect(formatCoinConversion('1', null, 'eth')).toBeNull();
  });
});
