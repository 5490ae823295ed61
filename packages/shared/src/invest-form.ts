import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { formatUsd, parseUsdToCents } from './money.ts';
import type { Plan } from './plans.ts';

const toCents = (amount: number) => BigInt(Math.round(amount * 100));

/**
 * The invest dialog's form: the amount, checked in the server's words (InvestRequestSchema, then the
 * plan's range and the balance) so nothing is sent that would be refused for its shape.
 */
export function investFormSchema(plan: Pick<Plan, 'name' | 'minAmount' | 'maxAmount'>, balance: number) {
  return z.object({
    amount: z
      .string()
      .trim()
      .superRefine((amount, ctx) => {
        const problem = investProblem(amount, plan, balance);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  });
}
export type InvestForm = z.input<ReturnType<typeof investFormSchema>>;

function investProblem(
  amount: string,
  plan: Pick<Plan, 'name' | 'minAmount' | 'maxAmount'>,
  balance: number,
): string | null {
  if (amount === '') return MESSAGES.investFieldsRequired;
  const amountCents = parseUsdToCents(amount);
  if (amountCents === null || amountCents <= 0n) return MESSAGES.invalidAmount;
  const [minCents, maxCents] = [toCents(plan.minAmount), toCents(plan.maxAmount)];
  if (amountCents < minCents || amountCents > maxCents) {
    return `The amount for ${plan.name} must be between ${formatUsd(minCents)} and ${formatUsd(maxCents)}.`;
  }
  return amountCents > toCents(balance) ? MESSAGES.insufficientBalance : null;
}
