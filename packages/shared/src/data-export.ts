import { z } from 'zod';
import { formatUtcTime } from './dates.ts';

/**
 * Downloads of one's own data in any 24 hours: each decrypts the person's identity documents and
 * reads their whole history, so a stolen session with a guessed password gets few tries at it.
 */
export const DATA_EXPORTS_PER_DAY = 3;

export const DATA_EXPORT_MESSAGES = {
  passwordRequired: 'Enter your password to download your data.',
  downloaded: 'Your data was downloaded.',
} as const;

/** The refusal of a download past the limit, with the moment the oldest one counted leaves the window. */
export function dataExportLimitMessage(nextAt: Date): string {
  return `You can download your data ${DATA_EXPORTS_PER_DAY} times in 24 hours. The next download is possible from ${formatUtcTime(nextAt)}.`;
}

/**
 * The Settings form that asks for the password before a download (and the code once the server asks
 * for it); a passkey confirms without it. The route takes any `IdentityProofSchema`.
 */
export const DataExportFormSchema = z.object({
  password: z.string().min(1, DATA_EXPORT_MESSAGES.passwordRequired).max(200),
  code: z.string().trim().max(20).optional(),
});
export type DataExportForm = z.input<typeof DataExportFormSchema>;
