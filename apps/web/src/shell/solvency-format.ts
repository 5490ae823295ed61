/**
 * Reading and writing what a format 2 snapshot states (decision 016): its statement, its ratios in
 * basis points, coin amounts in base units and the explorer page of a reserve address. The public
 * Solvency page and the console's Solvency page both show them.
 */

import {
  COIN_SYMBOLS,
  type Coin,
  type LiabilitySnapshot,
  type ProofCheck,
  type Sha256,
  type SolvencyStatement,
  type StatedReserve,
} from '@vestora/shared';

export { COIN_DECIMALS, COIN_SYMBOLS, formatBaseUnits } from '@vestora/shared';
export const COIN_NAMES: Record<Coin, string> = { btc: 'Bitcoin', eth: 'Ether', usdt: 'USDT' };

const INTEGER = /^(0|[1-9]\d*)$/;
const grouped = new Intl.NumberFormat('en-US');

/** Basis points as a percentage with two decimals, exactly: 11 → "0.11 %", 10250 → "102.50 %". */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const hundredths = String(Math.abs(basisPoints % 100)).padStart(2, '0');
  return `${grouped.format(whole)}.${hundredths} %`;
}

/** 100 %: below it the platform held less than it owed (or promised). */
export const FULL_COVER_BASIS_POINTS = 10_000;

export const isBelowFullCover = (basisPoints: number | null): boolean =>
  basisPoints !== null && basisPoints < FULL_COVER_BASIS_POINTS;

/**
 * The public page of a reserve address on a block explorer, or null where none shows it (a
 * regtest chain, an unknown network).
 */
export function explorerAddressUrl(reserve: Pick<StatedReserve, 'coin' | 'network'>, address: string) {
  const encoded = encodeURIComponent(address);
  if (reserve.coin === 'btc') {
    if (reserve.network === 'mainnet') return `https://mempool.space/address/${encoded}`;
    if (reserve.network === 'testnet') return `https://mempool.space/testnet/address/${encoded}`;
    return null;
  }
  return reserve.network === 'ethereum' ? `https://etherscan.io/address/${encoded}` : null;
}

type Shape = Record<string, unknown>;
const isShape = (value: unknown): value is Shape => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown) => typeof value === 'string' && INTEGER.test(value);
const isRatio = (value: unknown) => value === null || Number.isSafeInteger(value);
const isCoin = (value: unknown): value is Coin => value === 'btc' || value === 'eth' || value === 'usdt';

function isStatedReserve(value: unknown): value is StatedReserve {
  if (!isShape(value)) return false;
  const { coin, network, kind, address, signatureType, signature, holdings, amountBaseUnits, usdCents } =
    value;
  return (
    isCoin(coin) &&
    isText(network) &&
    (kind === 'address' || kind === 'account') &&
    isText(address) &&
    isText(signatureType) &&
    isText(signature) &&
    Array.isArray(holdings) &&
    holdings.every(
      (holding) => isShape(holding) && isText(holding.address) && isCount(holding.amountBaseUnits),
    ) &&
    isCount(amountBaseUnits) &&
    isCount(usdCents)
  );
}

/**
 * The statement a format 2 snapshot publishes, read for display; null when there is none or it does
 * not have the fields shown. A light check rather than the zod schema, so the public page stays
 * small: what the page shows is only read from what passed it, and the in-browser check proves the
 * text is the one the platform signed.
 */
export function readStatement(
  snapshot: Pick<LiabilitySnapshot, 'format' | 'statement'>,
): SolvencyStatement | null {
  if (snapshot.format !== 2 || snapshot.statement === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(snapshot.statement);
  } catch {
    return null;
  }
  if (!isShape(value) || value.format !== 2) return null;
  const isStatement =
    isText(value.platform) &&
    isCount(value.liabilitiesCents) &&
    isShape(value.blocks) &&
    isShape(value.rates) &&
    Array.isArray(value.reserves) &&
    value.reserves.every(isStatedReserve) &&
    isCount(value.reservesUsdCents) &&
    isCount(value.yieldReserveCents) &&
    isCount(value.promisedReturnsCents) &&
    isRatio(value.solvencyBasisPoints) &&
    isRatio(value.coverageBasisPoints);
  return isStatement ? (value as SolvencyStatement) : null;
}

/** floor(numerator × 10000 / denominator) in basis points, exactly; null when the denominator is 0. */
export function ratioBasisPoints(numerator: bigint, denominator: bigint): bigint | null {
  return denominator === 0n ? null : (numerator * BigInt(FULL_COVER_BASIS_POINTS)) / denominator;
}

const sumOf = (values: readonly string[]) => values.reduce((sum, value) => sum + BigInt(value), 0n);
const showRatio = (value: bigint | number | null) => (value === null ? 'null' : String(value));

function sameRatio(stated: number | null, expected: bigint | null): boolean {
  return expected === null ? stated === null : stated !== null && BigInt(stated) === expected;
}

/**
 * What the browser can cheaply recompute from a statement (decision 016), in this order: the
 * liabilities are the snapshot's root sum, the reserves' total is the sum of their dollar values,
 * each reserve's amount is the sum of its holdings, and both ratios follow from those amounts.
 * Obligation coverage counts reserves only, against the liabilities plus the promised returns: the
 * yield reserve is a ledger figure whose coins, if any, are already among the reserves. Names the
 * first figure that does not follow. Expects a statement that passed readStatement.
 */
export function checkStatementFigures(
  statement: SolvencyStatement,
  snapshot: Pick<LiabilitySnapshot, 'rootSum'>,
): ProofCheck {
  const fail = (problem: string): ProofCheck => ({ isValid: false, problem });
  if (!INTEGER.test(snapshot.rootSum) || BigInt(statement.liabilitiesCents) !== BigInt(snapshot.rootSum)) {
    return fail(
      `the statement's liabilitiesCents (${statement.liabilitiesCents}) is not the snapshot's root sum (${snapshot.rootSum}).`,
    );
  }
  const reservesTotal = sumOf(statement.reserves.map((reserve) => reserve.usdCents));
  if (BigInt(statement.reservesUsdCents) !== reservesTotal) {
    return fail(
      `reservesUsdCents (${statement.reservesUsdCents}) is not the sum of the reserves' usdCents (${reservesTotal}).`,
    );
  }
  for (const [index, reserve] of statement.reserves.entries()) {
    const held = sumOf(reserve.holdings.map((holding) => holding.amountBaseUnits));
    if (BigInt(reserve.amountBaseUnits) !== held) {
      return fail(
        `reserve ${index + 1} (${COIN_SYMBOLS[reserve.coin]} ${reserve.address}) states amountBaseUnits ${reserve.amountBaseUnits}, but its holdings add up to ${held}.`,
      );
    }
  }
  const reserves = BigInt(statement.reservesUsdCents);
  const liabilities = BigInt(statement.liabilitiesCents);
  const solvency = ratioBasisPoints(reserves, liabilities);
  if (!sameRatio(statement.solvencyBasisPoints, solvency)) {
    return fail(
      `solvencyBasisPoints is ${showRatio(statement.solvencyBasisPoints)}, but floor(reservesUsdCents × 10000 / liabilitiesCents) is ${showRatio(solvency)}.`,
    );
  }
  const coverage = ratioBasisPoints(reserves, liabilities + BigInt(statement.promisedReturnsCents));
  if (!sameRatio(statement.coverageBasisPoints, coverage)) {
    return fail(
      `coverageBasisPoints is ${showRatio(statement.coverageBasisPoints)}, but floor(reservesUsdCents × 10000 / (liabilitiesCents + promisedReturnsCents)) is ${showRatio(coverage)}.`,
    );
  }
  return { isValid: true };
}

/** The headline figures a format 2 snapshot lists beside its statement hash, copied from its statement. */
export type ListedFigures = NonNullable<LiabilitySnapshot['figures']>;

const LISTED_FIGURES = [
  'liabilitiesCents',
  'reservesUsdCents',
  'solvencyBasisPoints',
  'coverageBasisPoints',
] as const satisfies readonly (keyof ListedFigures & keyof SolvencyStatement)[];

/**
 * The figures a snapshot lists are unsigned on their own: they hold only if they are its statement's.
 * Names the first one that is not.
 */
export function checkListedFigures(statement: SolvencyStatement, figures: ListedFigures | null): ProofCheck {
  if (figures === null)
    return { isValid: false, problem: 'the snapshot lists no figures beside its statement.' };
  for (const name of LISTED_FIGURES) {
    if (figures[name] !== statement[name]) {
      return {
        isValid: false,
        problem: `the listed ${name} (${String(figures[name])}) is not the statement's (${String(statement[name])}).`,
      };
    }
  }
  return { isValid: true };
}

/** Lowercase hex SHA-256 of a statement's UTF-8 text, as a snapshot's statementHash names it. */
export async function statementHashOf(text: string, sha256: Sha256): Promise<string> {
  const digest = await sha256(new TextEncoder().encode(text));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Everything the browser can check of a statement it holds, in this order: its SHA-256 is the
 * snapshot's statementHash (which the signature covers), the listed figures are its own, and its
 * sums and ratios follow (checkStatementFigures). Expects `statement` read from `text`.
 */
export async function checkHeldStatement(
  text: string,
  statement: SolvencyStatement,
  snapshot: Pick<LiabilitySnapshot, 'rootSum' | 'statementHash' | 'figures'>,
  sha256: Sha256,
): Promise<ProofCheck> {
  const hash = await statementHashOf(text, sha256);
  if (hash !== snapshot.statementHash) {
    return {
      isValid: false,
      problem: `the statement's SHA-256 (${hash}) is not the snapshot's statement hash (${snapshot.statementHash ?? 'none'}).`,
    };
  }
  const listed = checkListedFigures(statement, snapshot.figures);
  return listed.isValid ? checkStatementFigures(statement, snapshot) : listed;
}
