import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { parseUsdToCents } from './money.ts';

const FIELDS = ['mode', 'amount', 'reason'] as const;

/**
 * The Credit/Debit dialog's form, in the specification's words (section 5). Every field is asked
 * for, the reason too (DESIGN.md principle 5: the user sees who, when and why) although the API
 * accepts none; a missing one is reported once, on the first field left empty. The body keeps the
 * amount and the reason as typed, trimmed.
 */
export const CreditDebitFormSchema = z
  .object({ mode: z.enum(['', 'credit', 'debit']).nullable(), amount: z.string(), reason: z.string() })
  .transform((form, ctx) => {
    const missing = FIELDS.find((field) => !form[field]?.trim());
    if (missing) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.adjustmentFieldsRequired, path: [missing] });
      return z.NEVER;
    }
    const cents = parseUsdToCents(form.amount);
    if (cents === null || cents <= 0n) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidAmount, path: ['amount'] });
      return z.NEVER;
    }
    const mode: 'credit' | 'debit' = form.mode === 'debit' ? 'debit' : 'credit';
    return { mode, amount: form.amount.trim(), reason: form.reason.trim() };
  });
export type CreditDebitForm = z.input<typeof CreditDebitFormSchema>;
