import { describe, expect, it } from 'vitest';
import {
  explorerAddressUrl,
  formatBaseUnits,
  formatBasisPoints,
  isBelowFullCover,
  readStatement,
} from './solvency-format.ts';

describe('formatBaseUnits', () => {
  it('writes base units as coins without trailing zeros', () => {
    expect(formatBaseUnits('150000', 'btc')).toBe('0.0015');
    expect(formatBaseUnits('100000000', 'btc')).toBe('1');
    expect(formatBaseUnits('0', 'btc')).toBe('0');
    expect(formatBaseUnits('2500000', 'usdt')).toBe('2.5');
  });

  it('keeps every digit of 18 decimals and groups the thousands', () => {
    expect(formatBaseUnits('1', 'eth')).toBe('0.000000000000000001');
    expect(formatBaseUnits('1234567890000000000000', 'eth')).toBe('1,234.56789');
    expect(formatBaseUnits('123456789012345678901234567890', 'eth')).toBe(
      '123,456,789,012.34567890123456789',
    );
  });

  it('shows anything that is not a whole number as it came', () => {
    expect(formatBaseUnits('-5', 'btc')).toBe('-5');
    expect(formatBaseUnits('1.5', 'btc')).toBe('1.5');
  });
});

describe('formatBasisPoints', () => {
  it('writes two decimals exactly', () => {
    expect(formatBasisPoints(0)).toBe('0.00 %');
    expect(formatBasisPoints(11)).toBe('0.11 %');
    expect(formatBasisPoints(9999)).toBe('99.99 %');
    expect(formatBasisPoints(10000)).toBe('100.00 %');
    expect(formatBasisPoints(10250)).toBe('102.50 %');
    expect(formatBasisPoints(1234567)).toBe('12,345.67 %');
  });

  it('marks only a ratio below 100 % as short; nothing owed is not short', () => {
    expect(isBelowFullCover(9999)).toBe(true);
    expect(isBelowFullCover(0)).toBe(true);
    expect(isBelowFullCover(10000)).toBe(false);
    expect(isBelowFullCover(null)).toBe(false);
  });
});

describe('explorerAddressUrl', () => {
  it('links Bitcoin mainnet and testnet to mempool.space, Ethereum to Etherscan, regtest nowhere', () => {
    expect(explorerAddressUrl({ coin: 'btc', network: 'mainnet' }, 'bc1qxyz')).toBe(
      'https://mempool.space/address/bc1qxyz',
    );
    expect(explorerAddressUrl({ coin: 'btc', network: 'testnet' }, 'tb1qxyz')).toBe(
      'https://mempool.space/testnet/address/tb1qxyz',
    );
    expect(explorerAddressUrl({ coin: 'btc', network: 'regtest' }, 'bcrt1qxyz')).toBeNull();
    expect(explorerAddressUrl({ coin: 'usdt', network: 'ethereum' }, '0xabc')).toBe(
      'https://etherscan.io/address/0xabc',
    );
  });
});

const STATEMENT = {
  format: 2,
  platform: 'https://invest.example.com',
  liabilitiesCents: '1234500',
  blocks: { bitcoin: { height: 870000, hash: '00ab' } },
  rates: { btc: { usdCentsPerCoin: '9512345', at: '2026-11-25T12:00:00.000Z' } },
  reserves: [
    {
      coin: 'btc',
      network: 'mainnet',
      kind: 'address',
      address: 'bc1qxyz',
      accountKey: null,
      childIndex: null,
      challenge: 'Vestora proof of reserves',
      signatureType: 'bip322-simple',
      signature: 'AkcwRAIg',
      holdings: [{ address: 'bc1qxyz', childIndex: null, amountBaseUnits: '150000' }],
      amountBaseUnits: '150000',
      usdCents: '14268',
    },
  ],
  reservesUsdCents: '14268',
  yieldReserveCents: '0',
  promisedReturnsCents: '0',
  solvencyBasisPoints: 115,
  coverageBasisPoints: null,
};

describe('readStatement', () => {
  it('reads the statement of a format 2 snapshot', () => {
    const statement = readStatement({ format: 2, statement: JSON.stringify(STATEMENT) });
    expect(statement?.solvencyBasisPoints).toBe(115);
    expect(statement?.reserves[0]?.address).toBe('bc1qxyz');
  });

  it('gives nothing for format 1, unreadable JSON or a missing field', () => {
    expect(readStatement({ format: 1, statement: null })).toBeNull();
    expect(readStatement({ format: 2, statement: '{' })).toBeNull();
    expect(
      readStatement({ format: 2, statement: JSON.stringify({ ...STATEMENT, reservesUsdCents: 5 }) }),
    ).toBeNull();
    const reserve = { ...STATEMENT.reserves[0], usdCents: '1.5' };
    expect(
      readStatement({ format: 2, statement: JSON.stringify({ ...STATEMENT, reserves: [reserve] }) }),
    ).toBeNull();
  });
});
