import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { parseUsdToCents } from './money.ts';
import { COINS, type Coin } from './transaction-kinds.ts';

/**
 * Texts of specification sections 5 and 8 that only the deposit screens show. The two flows keep
 * their own minimums (section 9): /user/deposit asks the server's (MIN_DEPOSIT_USD, read from
 * /api/site), /user/depo 100 USD.
 */
export const DEPOSIT_FORM_TEXTS = {
  /** The server's own words for the same refusal. */
  belowMinimum: (minimumUsd: number) => `minimum is ${minimumUsd}`,
  depoBelowMinimum: 'The minimum amount to deposit is $100.',
  depoNoMethod: 'Please enter the amount and select a payment method.',
  depoProofRequired: 'Please upload proof of payment.',
} as const;

const DEPO_MIN_CENTS = 100_00n;

/** What a filled first step hands to the payment step. */
export interface DepositDraft<C extends Coin> {
  amount: string;
  coin: C;
}
/** A deposit flow's first step as typed: the amount, and the coin once one is chosen. */
export interface DepositEntryForm<C extends Coin> {
  amount: string;
  coin: C | null;
}
type EntryProblem = { path: 'amount' | 'coin'; message: string } | null;

/**
 * A first step's form: the flow's rule gives the one problem the specification reports first, on
 * the field it is about; a filled step becomes the draft (the amount trimmed).
 */
function depositEntrySchema<C extends Coin>(problemOf: (amount: string, coin: C | null) => EntryProblem) {
  return z
    .object({
      amount: z.string().trim(),
      coin: z.custom<C | null>((coin) => coin === null || COINS.includes(coin as Coin)),
    })
    .superRefine(({ amount, coin }, ctx) => {
      const problem = problemOf(amount, coin);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    })
    .transform(({ amount, coin }): DepositDraft<C> => ({ amount, coin: coin as C }));
}

/**
 * /user/deposit, CONTINUE: an amount of digits only, at least the server's minimum, and one coin.
 * Until the minimum has arrived (`undefined`) only the server checks it, and says the same words.
 */
export function depositEntryFormSchema<C extends Coin>(minimumUsd: number | undefined) {
  return depositEntrySchema<C>((amount, coin) => {
    if (amount === '') return { path: 'amount', message: MESSAGES.depositModeAndAmount };
    if (coin === null) return { path: 'coin', message: MESSAGES.depositModeAndAmount };
    if (!/^\d+$/.test(amount)) return { path: 'amount', message: MESSAGES.amountNumberOnly };
    if (minimumUsd !== undefined && Number(amount) < minimumUsd) {
      return { path: 'amount', message: DEPOSIT_FORM_TEXTS.belowMinimum(minimumUsd) };
    }
    return null;
  });
}

/** /user/depo, Proceed to Payment: a positive amount (at most two decimals), at least 100, a method. */
export const DepoEntryFormSchema = depositEntrySchema<Coin>((amount, method) => {
  const cents = parseUsdToCents(amount);
  if (cents === null || cents <= 0n) return { path: 'amount', message: MESSAGES.invalidAmount };
  if (cents < DEPO_MIN_CENTS) return { path: 'amount', message: DEPOSIT_FORM_TEXTS.depoBelowMinimum };
  if (method === null) return { path: 'coin', message: DEPOSIT_FORM_TEXTS.depoNoMethod };
  return null;
});

/**
 * A deposit's payment step: the proof file the person picked, or null. /user/depo requires one,
 * /user/deposit takes it as optional. `Proof` is the browser's File (this package has no DOM types).
 */
export function depositProofFormSchema<Proof extends object>({ isRequired }: { isRequired: boolean }) {
  return z.object({
    proof: z
      .custom<Proof | null>((proof) => proof === null || typeof proof === 'object')
      .refine((proof) => !isRequired || proof !== null, { message: DEPOSIT_FORM_TEXTS.depoProofRequired }),
  });
}
export interface DepositProofForm<Proof extends object> {
  proof: Proof | null;
}
