import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Letters and digits of any script, spaces, dots, dashes and underscores: printable, short, no markup. */
const ANTI_PHISHING_CODE_PATTERN = /^[\p{L}\p{N} ._-]{4,32}$/u;

/** A code to set, or null (or an empty text) to remove it. */
export const SetAntiPhishingCodeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .nullable()
    .refine((code) => !code || ANTI_PHISHING_CODE_PATTERN.test(code), MESSAGES.antiPhishingCodeInvalid)
    .transform((code) => code || null),
});

/**
 * Whether a code is set, and the code itself only where the person has just proved who they are
 * (their password) or just chosen it: a stolen session alone cannot read it to forge our e-mails.
 */
export const AntiPhishingCodeSchema = z.object({ isSet: z.boolean(), code: z.string().nullable() });

export const RevealAntiPhishingCodeRequestSchema = z.object({
  password: z.string().max(200).optional(),
  /** The authenticator or recovery code, when two-factor sign-in is on. */
  code: z.string().trim().max(20).optional(),
});
export type AntiPhishingCode = z.infer<typeof AntiPhishingCodeSchema>;

/** Which money e-mails a user gets; security e-mails always go. */
export const MailChoicesSchema = z.object({
  deposits: z.boolean(),
  withdrawals: z.boolean(),
  adjustments: z.boolean(),
});
export type MailChoices = z.infer<typeof MailChoicesSchema>;
