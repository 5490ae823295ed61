import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { FundReserveRequestSchema } from './plans.ts';
import { amountCents } from './transactions.ts';

/**
 * The reserve funding dialog's form, checked as FundReserveRequestSchema checks the body (its words,
 * its output), with the amount's problem on the amount.
 */
export const FundReserveFormSchema = z
  .object({
    amount: z.string().transform((amount, ctx) => amountCents(amount, ctx, MESSAGES.invalidAmount)),
    note: FundReserveRequestSchema.in.shape.note.unwrap(),
  })
  .transform(({ amount, note }) => ({ amountCents: amount, note: note || null }));
export type FundReserveForm = z.input<typeof FundReserveFormSchema>;
