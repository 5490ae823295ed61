import type { Sha256, SolvencyStatement } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import {
  checkHeldStatement,
  checkListedFigures,
  checkStatementFigures,
  explorerAddressUrl,
  formatBaseUnits,
  formatBasisPoints,
  isBelowFullCover,
  ratioBasisPoints,
  readStatement,
  statementHashOf,
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

/** A statement whose figures all follow: $12,345 owed, $500 promised, one account of two holdings. */
const CONSISTENT: SolvencyStatement = {
  ...(STATEMENT as unknown as SolvencyStatement),
  reserves: [
    {
      ...(STATEMENT.reserves[0] as unknown as SolvencyStatement['reserves'][number]),
      kind: 'account',
      holdings: [
        { address: 'bc1qa', childIndex: 0, amountBaseUnits: '100000' },
        { address: 'bc1qb', childIndex: 1, amountBaseUnits: '50000' },
      ],
      amountBaseUnits: '150000',
      usdCents: '14268',
    },
    {
      ...(STATEMENT.reserves[0] as unknown as SolvencyStatement['reserves'][number]),
      coin: 'usdt',
      network: 'ethereum',
      address: '0xabc',
      holdings: [{ address: '0xabc', childIndex: null, amountBaseUnits: '2500000000' }],
      amountBaseUnits: '2500000000',
      usdCents: '250000',
    },
  ],
  reservesUsdCents: '264268',
  yieldReserveCents: '99999999',
  promisedReturnsCents: '50000',
  // floor(264268 × 10000 / 1234500) and floor(264268 × 10000 / 1284500): the yield reserve is not counted.
  solvencyBasisPoints: 2140,
  coverageBasisPoints: 2057,
};
const ROOT = { rootSum: '1234500' };

describe('ratioBasisPoints', () => {
  it('floors exactly, beyond what a float holds, and is null against nothing', () => {
    expect(ratioBasisPoints(264268n, 1234500n)).toBe(2140n);
    expect(ratioBasisPoints(1n, 3n)).toBe(3333n);
    expect(ratioBasisPoints(10n ** 30n + 1n, 10n ** 26n)).toBe(100000000n);
    expect(ratioBasisPoints(5n, 0n)).toBeNull();
  });
});

describe('checkStatementFigures', () => {
  it('accepts a statement whose sums and ratios follow from its figures', () => {
    expect(checkStatementFigures(CONSISTENT, ROOT)).toEqual({ isValid: true });
  });

  it('accepts null ratios when nothing is owed or promised, and only then', () => {
    const empty = {
      ...CONSISTENT,
      liabilitiesCents: '0',
      promisedReturnsCents: '0',
      solvencyBasisPoints: null,
      coverageBasisPoints: null,
    };
    expect(checkStatementFigures(empty, { rootSum: '0' })).toEqual({ isValid: true });
    // Nothing owed but returns promised: solvency is null, coverage is not.
    const promised = { ...empty, promisedReturnsCents: '264268' };
    expect(checkStatementFigures(promised, { rootSum: '0' }).isValid).toBe(false);
    expect(checkStatementFigures({ ...promised, coverageBasisPoints: 10000 }, { rootSum: '0' })).toEqual({
      isValid: true,
    });
    expect(checkStatementFigures({ ...CONSISTENT, solvencyBasisPoints: null }, ROOT).isValid).toBe(false);
  });

  const problemOf = (statement: SolvencyStatement, root = ROOT) => {
    const check = checkStatementFigures(statement, root);
    return check.isValid ? undefined : check.problem;
  };

  it('names liabilities that are not the root sum', () => {
    expect(problemOf(CONSISTENT, { rootSum: '1234501' })).toMatch(
      /^the statement's liabilitiesCents \(1234500\)/,
    );
    expect(problemOf(CONSISTENT, { rootSum: 'x' })).toMatch(/liabilitiesCents/);
  });

  it('names a reserves total that is not the sum of the reserves', () => {
    expect(problemOf({ ...CONSISTENT, reservesUsdCents: '264269' })).toBe(
      "reservesUsdCents (264269) is not the sum of the reserves' usdCents (264268).",
    );
  });

  it('names the first reserve whose amount is not the sum of its holdings', () => {
    const [first, second] = CONSISTENT.reserves;
    if (!first || !second) throw new Error('two reserves expected');
    const reserves = [first, { ...second, amountBaseUnits: '2500000001' }];
    expect(problemOf({ ...CONSISTENT, reserves })).toBe(
      'reserve 2 (USDT 0xabc) states amountBaseUnits 2500000001, but its holdings add up to 2500000000.',
    );
  });

  it('names a solvency ratio that does not follow', () => {
    expect(problemOf({ ...CONSISTENT, solvencyBasisPoints: 2141 })).toMatch(
      /^solvencyBasisPoints is 2141, but .* is 2140\.$/,
    );
  });

  it('names a coverage ratio that counts the yield reserve', () => {
    // The former formula: (reserves + yield reserve) against liabilities plus promised returns.
    const withYieldReserve = Number(((264268n + 99999999n) * 10000n) / 1284500n);
    expect(problemOf({ ...CONSISTENT, coverageBasisPoints: withYieldReserve })).toMatch(
      /^coverageBasisPoints is \d+, but floor\(reservesUsdCents × 10000 \/ \(liabilitiesCents \+ promisedReturnsCents\)\) is 2057\.$/,
    );
  });
});

const sha256: Sha256 = async (data) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(data)));
const FIGURES = {
  liabilitiesCents: '1234500',
  reservesUsdCents: '264268',
  solvencyBasisPoints: 2140,
  coverageBasisPoints: 2057,
};

describe('statementHashOf', () => {
  it('is the lowercase hex SHA-256 of the UTF-8 text', async () => {
    expect(await statementHashOf('abc', sha256)).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await statementHashOf('é', sha256)).toBe(await statementHashOf('\u00e9', sha256));
    expect(await statementHashOf('é', sha256)).not.toBe(await statementHashOf('e\u0301', sha256));
  });
});

describe('checkListedFigures', () => {
  it("accepts figures that are the statement's own", () => {
    expect(checkListedFigures(CONSISTENT, FIGURES)).toEqual({ isValid: true });
  });

  it('names the first listed figure that differs, and missing figures', () => {
    expect(checkListedFigures(CONSISTENT, { ...FIGURES, reservesUsdCents: '999999' })).toEqual({
      isValid: false,
      problem: "the listed reservesUsdCents (999999) is not the statement's (264268).",
    });
    expect(checkListedFigures(CONSISTENT, { ...FIGURES, coverageBasisPoints: null })).toEqual({
      isValid: false,
      problem: "the listed coverageBasisPoints (null) is not the statement's (2057).",
    });
    expect(checkListedFigures(CONSISTENT, null).isValid).toBe(false);
  });
});

describe('checkHeldStatement', () => {
  const text = JSON.stringify(CONSISTENT);
  const held = async (overrides: { statementHash?: string | null; figures?: typeof FIGURES | null } = {}) =>
    checkHeldStatement(
      text,
      CONSISTENT,
      {
        rootSum: '1234500',
        statementHash: await statementHashOf(text, sha256),
        figures: FIGURES,
        ...overrides,
      },
      sha256,
    );

  it('accepts the statement its hash names, with its own figures, whose sums follow', async () => {
    expect(await held()).toEqual({ isValid: true });
  });

  it('names a statement that is not the one its hash names', async () => {
    const check = await held({ statementHash: 'ab'.repeat(32) });
    expect(check.isValid ? undefined : check.problem).toMatch(
      /^the statement's SHA-256 \([0-9a-f]{64}\) is not the snapshot's statement hash \((ab){32}\)\.$/,
    );
    expect((await held({ statementHash: null })).isValid).toBe(false);
  });

  it("names listed figures that are not the statement's, then sums that do not follow", async () => {
    const check = await held({ figures: { ...FIGURES, solvencyBasisPoints: 10000 } });
    expect(check.isValid ? undefined : check.problem).toBe(
      "the listed solvencyBasisPoints (10000) is not the statement's (2140).",
    );
    const wrong = { ...CONSISTENT, solvencyBasisPoints: 10000 };
    const wrongText = JSON.stringify(wrong);
    const sumCheck = await checkHeldStatement(
      wrongText,
      wrong,
      {
        rootSum: '1234500',
        statementHash: await statementHashOf(wrongText, sha256),
        figures: { ...FIGURES, solvencyBasisPoints: 10000 },
      },
      sha256,
    );
    expect(sumCheck.isValid ? undefined : sumCheck.problem).toMatch(/^solvencyBasisPoints is 10000, but /);
  });
});
