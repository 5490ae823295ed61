import { z } from 'zod';
import { DeclineRequestSchema } from './transactions.ts';

const reasonRule = DeclineRequestSchema.shape.reason.unwrap();

/**
 * The decline dialog's form: the reason the user will see, trimmed as DeclineRequestSchema trims it,
 * and asked for where a reason is owed (a declined withdrawal).
 */
export function declineFormSchema(isReasonRequired: boolean) {
  return z.object({
    reason: isReasonRequired ? reasonRule.min(1, 'Please give the reason for declining.') : reasonRule,
  });
}
export type DeclineForm = z.input<ReturnType<typeof declineFormSchema>>;
