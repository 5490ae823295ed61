import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { PasskeyAssertionSchema } from './passkeys.ts';

/** A calendar day, `YYYY-MM-DD`, that exists (2026-02-30 does not). */
function calendarDay(message: string) {
  return z
    .string({ message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((day) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
    }, message);
}

/**
 * The days a statement covers, both included, in UTC. Either may be left out: the statement then
 * starts with the first movement, or ends with the latest.
 */
export const StatementQuerySchema = z
  .object({
    from: calendarDay(MESSAGES.statementFromInvalid).optional(),
    to: calendarDay(MESSAGES.statementToInvalid).optional(),
  })
  .refine(({ from, to }) => !from || !to || from <= to, { message: MESSAGES.statementRangeReversed });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

/** The columns of a statement, in order. */
export const STATEMENT_COLUMNS = [
  'Date (UTC)',
  'Type',
  'Reference',
  'Amount (USD)',
  'Balance after (USD)',
  'Reason',
  /** A withdrawal's payout: its transaction id, or the reference staff gave. */
  'Transaction',
] as const;

/** What a closing account confirms with: the password, and the second factor when it is on. */
export const CloseAccountRequestSchema = z
  .object({
    // Left out and empty say the same: the password is what is missing.
    password: z.string().max(200).optional().default(''),
    code: z.string().trim().max(20).optional(),
    passkey: PasskeyAssertionSchema.optional(),
  })
  .refine((input) => input.password.length > 0 || input.passkey !== undefined, {
    message: MESSAGES.closeAccountPasswordRequired,
    path: ['password'],
  });
export type CloseAccountRequest = z.input<typeof CloseAccountRequestSchema>;
