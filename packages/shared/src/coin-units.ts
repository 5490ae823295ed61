import { formatUsd } from './money.ts';
import type { Coin } from './transaction-kinds.ts';

/** Base units per coin: satoshi, wei, USDT's micro-units. */
export const COIN_DECIMALS: Record<Coin, number> = { btc: 8, eth: 18, usdt: 6 };
export const COIN_SYMBOLS: Record<Coin, string> = { btc: 'BTC', eth: 'ETH', usdt: 'USDT' };

const INTEGER = /^(0|[1-9]\d*)$/;
const grouped = new Intl.NumberFormat('en-US');

/**
 * A whole number of base units as coins, exactly (no floating point): 150000 satoshi → "0.0015",
 * 1 wei → "0.000000000000000001", with the thousands grouped and no trailing zeros.
 */
export function formatBaseUnits(amountBaseUnits: string, coin: Coin): string {
  if (!INTEGER.test(amountBaseUnits)) return amountBaseUnits;
  const decimals = COIN_DECIMALS[coin];
  const digits = amountBaseUnits.padStart(decimals + 1, '0');
  const whole = grouped.format(BigInt(digits.slice(0, digits.length - decimals)));
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * What a USD amount buys of a coin at a price per coin, in base units, rounded down: a withdrawal's
 * coin amount, fixed when it is approved.
 */
export function baseUnitsAtRate(amountCents: bigint, usdCentsPerCoin: bigint, coin: Coin): bigint {
  return (amountCents * 10n ** BigInt(COIN_DECIMALS[coin])) / usdCentsPerCoin;
}

/**
 * "0.1 ETH at $3,000.00 per ETH": the coin amount a withdrawal was fixed at and the rate it was
 * converted at, exactly; null while either is unknown (a withdrawal approved before rates were kept).
 */
export function formatCoinConversion(
  coinAmountBaseUnits: string | null,
  usdCentsPerCoin: string | null,
  coin: Coin,
): string | null {
  if (coinAmountBaseUnits === null || usdCentsPerCoin === null || !INTEGER.test(usdCentsPerCoin)) return null;
  const symbol = COIN_SYMBOLS[coin];
  return `${formatBaseUnits(coinAmountBaseUnits, coin)} ${symbol} at ${formatUsd(BigInt(usdCentsPerCoin))} per ${symbol}`;
}
