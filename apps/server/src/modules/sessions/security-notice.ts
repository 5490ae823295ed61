import type { Executor } from '../../db/client.ts';
import { queueUserMail } from '../mail/mail.service.ts';

/** What an administrator did to the account's protection: the owner is always told by e-mail. */
export type SecurityNoticeKind = 'sessionsEnded' | 'twoFactorReset';

/** Every text of these e-mails, in one place. */
const NOTICES = {
  sessionsEnded: {
    kind: 'sessions_ended',
    subject: 'Your sessions were ended by an administrator',
    body: 'An administrator signed your account out on every device. Sign in again with your password.',
  },
  twoFactorReset: {
    kind: 'second_factor_changed',
    subject: 'Two-factor sign-in was turned off by an administrator',
    body: 'An administrator turned off two-factor sign-in on your account and signed it out on every device. Turn it on again under Settings, Security once you are signed in.',
  },
} as const;

/** Queued in the transaction of the administrator's act, so the e-mail goes exactly when it stands. */
export async function queueSecurityNotice(
  tx: Executor,
  userId: string,
  kind: SecurityNoticeKind,
): Promise<void> {
  const notice = NOTICES[kind];
  await queueUserMail(tx, {
    userId,
    kind: notice.kind,
    subject: notice.subject,
    paragraphs: [notice.body, 'If you did not ask for this, write to our support at once.'],
  });
}
