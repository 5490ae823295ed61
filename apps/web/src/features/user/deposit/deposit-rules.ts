import { type Coin, MESSAGES, parseUsdToCents } from '@vestora/shared';

/**
 * Client texts of specification sections 5 and 8 that only the deposit screens show. The two flows
 * keep their own minimums (section 9): /user/deposit asks the server's (MIN_DEPOSIT_USD, read from
 * /api/site), /user/depo 100 USD.
 */
export const DEPOSIT_TEXTS = {
  minimumHint: (minimumUsd: number) => `Minimum: ${minimumUsd}.00 USD`,
  /** The server's own words for the same refusal. */
  belowMinimum: (minimumUsd: number) => `minimum is ${minimumUsd}`,
  depoBelowMinimum: 'The minimum amount to deposit is $100.',
  depoNoMethod: 'Please enter the amount and select a payment method.',
  depoProofRequired: 'Please upload proof of payment.',
  gatewayFailed: 'Failed to fetch gateway details. Please try again later.',
} as const;

const DEPO_MIN_CENTS = 100_00n;

/** What a filled first step hands to the payment step. */
export interface DepositDraft<C extends Coin> {
  amount: string;
  coin: C;
}
/** A first step's verdict: the message to show, or the draft to pay. */
export type DepositEntryCheck<C extends Coin> = { problem: string } | { draft: DepositDraft<C> };

/**
 * /user/deposit, CONTINUE: an amount of digits only, at least the server's minimum, and one coin.
 * Until the minimum has arrived (`undefined`) only the server checks it, and says the same words.
 */
export function checkDepositEntry<C extends Coin>(
  amount: string,
  coin: C | null,
  minimumUsd: number | undefined,
): DepositEntryCheck<C> {
  if (amount === '' || coin === null) return { problem: MESSAGES.depositModeAndAmount };
  if (!/^\d+$/.test(amount)) return { problem: MESSAGES.amountNumberOnly };
  if (minimumUsd !== undefined && Number(amount) < minimumUsd) {
    return { problem: DEPOSIT_TEXTS.belowMinimum(minimumUsd) };
  }
  return { draft: { amount, coin } };
}

/** /user/depo, Proceed to Payment: a positive amount (at most two decimals), at least 100, a method. */
export function checkDepoEntry(amount: string, method: Coin | null): DepositEntryCheck<Coin> {
  const cents = parseUsdToCents(amount);
  if (cents === null || cents <= 0n) return { problem: MESSAGES.invalidAmount };
  if (cents < DEPO_MIN_CENTS) return { problem: DEPOSIT_TEXTS.depoBelowMinimum };
  if (method === null) return { problem: DEPOSIT_TEXTS.depoNoMethod };
  return { draft: { amount, coin: method } };
}
