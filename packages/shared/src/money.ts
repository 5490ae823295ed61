/** Money is integer cents everywhere; these convert at the API edge, where amounts are USD numbers. */
export function centsToUsd(cents: bigint | number): number {
  return Number(cents) / 100;
}

/** Cents as a plain decimal with two places, exact for any amount: -1234567n → "-12345.67". */
export function centsToDecimalText(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${cents < 0n ? '-' : ''}${magnitude / 100n}.${fraction}`;
}

export function formatUsd(cents: bigint | number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(centsToUsd(cents));
}

/** Nothing the platform handles comes near a billion dollars in one movement. */
export const MAX_AMOUNT_CENTS = 100_000_000_000n;

const USD_AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Reads a USD amount given as a number or a decimal string with at most two decimals ("250",
 * 250.5) into cents. Anything else (exponents, signs, more decimals, NaN) gives null.
 */
export function parseUsdToCents(value: unknown): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof text !== 'string' || !USD_AMOUNT.test(text.trim())) return null;
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}
