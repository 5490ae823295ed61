import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { getSiteSettings } from '../settings/settings.service.ts';

export interface SecurityNoticeDeps {
  db: Database;
  mailer: Mailer;
  log: { error(details: object, message: string): void };
}

/** What an administrator did to the account's protection: the owner is always told by e-mail. */
export type SecurityNoticeKind = 'sessionsEnded' | 'twoFactorReset';

/** Every text of these e-mails, in one place. */
const NOTICES: Record<SecurityNoticeKind, { subject: string; body: string }> = {
  sessionsEnded: {
    subject: 'Your sessions were ended by an administrator',
    body: 'An administrator signed your account out on every device. Sign in again with your password.',
  },
  twoFactorReset: {
    subject: 'Two-factor sign-in was turned off by an administrator',
    body: 'An administrator turned off two-factor sign-in on your account and signed it out on every device. Turn it on again under Settings, Security once you are signed in.',
  },
};

/**
 * Sends the notice after the act has committed, without holding up the administrator's answer; a
 * failed delivery is logged, as the act itself stands.
 */
export function sendSecurityNotice(
  deps: SecurityNoticeDeps,
  recipient: { email: string; fullName: string },
  kind: SecurityNoticeKind,
): void {
  void mailSecurityNotice(deps, recipient, kind).catch((error: unknown) =>
    deps.log.error({ err: error }, `the ${kind} security notice could not be sent`),
  );
}

async function mailSecurityNotice(
  deps: SecurityNoticeDeps,
  recipient: { email: string; fullName: string },
  kind: SecurityNoticeKind,
): Promise<void> {
  const site = await getSiteSettings(deps.db);
  const notice = NOTICES[kind];
  await deps.mailer.send({
    to: recipient.email,
    subject: `${notice.subject} (${site.firmName})`,
    text: [
      `Hello ${recipient.fullName},`,
      '',
      notice.body,
      '',
      `If you did not ask for this, contact ${site.firmName} support: ${site.supportEmail}`,
    ].join('\n'),
  });
}
