import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import {
  AntiPhishingCodeSchema,
  MailChoicesSchema,
  RevealAntiPhishingCodeRequestSchema,
  SetAntiPhishingCodeRequestSchema,
} from '../mail-alerts.ts';

export const antiPhishingCodeRoute = defineRoute({
  method: 'GET',
  path: '/api/user/antiPhishingCode',
  access: 'user',
  summary:
    'Whether the signed-in user has an anti-phishing code; the code itself is read with their password (revealAntiPhishingCode).',
  response: z.object({ data: AntiPhishingCodeSchema }),
});

export const revealAntiPhishingCodeRoute = defineRoute({
  method: 'POST',
  path: '/api/user/antiPhishingCode/reveal',
  access: 'user',
  summary:
    'The code every e-mail to the signed-in user shows, given their current password (and code when two-factor sign-in is on); 403 without it.',
  body: RevealAntiPhishingCodeRequestSchema,
  response: z.object({ data: AntiPhishingCodeSchema }),
});

export const setAntiPhishingCodeRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/antiPhishingCode',
  access: 'user',
  summary:
    'Set the anti-phishing code (4 to 32 letters, digits, spaces, dots, dashes or underscores), or remove it with null; the account is told by e-mail.',
  body: SetAntiPhishingCodeRequestSchema,
  response: z.object({ data: AntiPhishingCodeSchema, message: z.string() }),
});

export const alertPreferencesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/alertPreferences',
  access: 'user',
  summary: 'Which money e-mails (deposits, withdrawals, administrator adjustments) the signed-in user gets.',
  response: z.object({ data: MailChoicesSchema }),
});

export const setAlertPreferencesRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/alertPreferences',
  access: 'user',
  summary: 'Choose the money e-mails; security e-mails (sign-ins, credential changes) cannot be turned off.',
  body: MailChoicesSchema,
  response: z.object({ data: MailChoicesSchema, message: z.string() }),
});
