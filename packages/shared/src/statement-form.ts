import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { StatementQuerySchema } from './statement.ts';

/**
 * The statement export's form: two date inputs, empty when left blank, checked as the statement's
 * query once an empty day means "no bound". A reversed range is reported on the "To" day.
 */
export const StatementFormSchema = z
  .object({ from: z.string(), to: z.string() })
  .refine(({ from, to }) => !from || !to || from <= to, {
    message: MESSAGES.statementRangeReversed,
    path: ['to'],
  })
  .transform(({ from, to }) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) }))
  .pipe(StatementQuerySchema);
export type StatementForm = z.input<typeof StatementFormSchema>;
