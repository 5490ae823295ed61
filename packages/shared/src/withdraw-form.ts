import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { parseUsdToCents } from './money.ts';
import { COINS } from './transaction-kinds.ts';
import { WithdrawRequestSchema } from './transactions.ts';

/**
 * What the Withdrawal page says before anyone submits. Here rather than in MESSAGES, which every
 * first page downloads: only the withdrawal form shows it.
 */
export const WITHDRAWAL_FEE_POLICY =
  "The platform pays the network fee. Your withdrawal is converted to the coin at the platform's rate when it is approved.";

const FIELDS = ['amount', 'method', 'address'] as const;
type WithdrawField = (typeof FIELDS)[number];

/** The field each of WithdrawRequestSchema's refusals is about (a missing one: the first blank). */
function fieldOf(message: string, form: Record<WithdrawField, string>): WithdrawField {
  if (message === MESSAGES.withdrawFieldsRequired)
    return FIELDS.find((field) => form[field] === '') ?? 'amount';
  if (message === MESSAGES.unknownCoin) return 'method';
  if (message === MESSAGES.invalidAddress) return 'address';
  return 'amount';
}

/**
 * The withdrawal form: the amount, the coin and a saved address, checked in the server's words
 * (WithdrawRequestSchema, then the balance) so nothing is sent that would be refused for its shape.
 * Its value is the request as sent: the amount and the address trimmed.
 */
export function withdrawFormSchema(balance: number) {
  const balanceCents = parseUsdToCents(balance.toFixed(2)) ?? 0n;
  return z
    .object({ amount: z.string(), method: z.enum(COINS), address: z.string() })
    .superRefine((form, ctx) => {
      const parsed = WithdrawRequestSchema.safeParse(form);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? MESSAGES.unexpected;
        ctx.addIssue({ code: 'custom', path: [fieldOf(message, form)], message });
      } else if (parsed.data.amountCents > balanceCents) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.insufficientBalance });
      }
    })
    .transform(({ amount, method, address }) => ({ amount: amount.trim(), method, address: address.trim() }));
}
export type WithdrawForm = z.input<ReturnType<typeof withdrawFormSchema>>;
