import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { type AntiPhishingCode, formatUtcTime, type MailChoices } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { queuePushes } from '../push/push.service.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import {
  findMailRecipient,
  hasKnownDevice,
  insertOutboxMail,
  type KnownDevice,
  rememberDevices,
  upsertMailPreferences,
} from './mail.repo.ts';
import { type MailContent, type RenderedMail, renderUserMail } from './mail-render.ts';

/** Money e-mails, each under the choice that turns it off. */
const MONEY_MAIL_CHOICE = {
  deposit_approved: 'deposits',
  deposit_declined: 'deposits',
  withdrawal_requested: 'withdrawals',
  withdrawal_approved: 'withdrawals',
  withdrawal_declined: 'withdrawals',
  admin_credit: 'adjustments',
  admin_debit: 'adjustments',
} as const satisfies Record<string, keyof MailChoices>;

/** Security e-mails: they always go. */
type SecurityMailKind =
  | 'new_sign_in'
  | 'password_changed'
  | 'password_reset'
  | 'email_changed'
  | 'second_factor_changed'
  | 'sessions_ended'
  | 'account_closed'
  | 'anti_phishing_code_changed'
  | 'alerts_turned_off'
  | 'email_confirmation'
  | 'signup_attempt'
  | 'withdrawal_address_added'
  | 'administrator_role'
  | 'solvency_shortfall'
  | 'identity_submitted'
  | 'identity_approved'
  | 'identity_rejected';

type MoneyMailKind = keyof typeof MONEY_MAIL_CHOICE;
export type MailKind = MoneyMailKind | SecurityMailKind;

function isMoneyMail(kind: MailKind): kind is MoneyMailKind {
  return Object.hasOwn(MONEY_MAIL_CHOICE, kind);
}

/**
 * Security e-mails also pushed to the account's browsers, as they always go: the ones no in-app
 * notification already pushes (an administrator's reset of the second factor, say, has one).
 */
const PUSHED_SECURITY_MAIL: ReadonlySet<MailKind> = new Set<SecurityMailKind>([
  'new_sign_in',
  'password_changed',
  'email_changed',
  'withdrawal_address_added',
  'administrator_role',
]);

export interface UserMail extends MailContent {
  userId: string;
  kind: MailKind;
  /** Another address than the account's own: the old one, told of an e-mail change. */
  to?: string;
}

/**
 * Queues an e-mail to a user, in the transaction of the event it reports: it exists exactly when
 * the event committed, and goes once that commit is done. A money e-mail the user turned off is
 * not queued.
 */
export async function queueUserMail(tx: Executor, mail: UserMail): Promise<void> {
  const rendered = await renderFor(tx, mail);
  if (!rendered) return;
  await insertOutboxMail(tx, {
    userId: mail.userId,
    kind: mail.kind,
    toAddress: rendered.to,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  });
  if (PUSHED_SECURITY_MAIL.has(mail.kind)) {
    await queuePushes(tx, [
      {
        userId: mail.userId,
        kind: 'account',
        title: mail.subject,
        body: mail.paragraphs.find((paragraph): paragraph is string => typeof paragraph === 'string') ?? '',
        link: '/user/security',
      },
    ]);
  }
}

/**
 * Sends at once, never storing the message: for an e-mail that carries a credential (a password
 * reset link), which must not sit in the database.
 */
export async function sendUserMailNow(deps: { db: Database; mailer: Mailer }, mail: UserMail): Promise<void> {
  const rendered = await renderFor(deps.db, mail);
  if (!rendered) return;
  await deps.mailer.send(rendered);
}

async function renderFor(db: Executor, mail: UserMail): Promise<(RenderedMail & { to: string }) | undefined> {
  const recipient = await findMailRecipient(db, { userId: mail.userId });
  if (!recipient) return undefined;
  if (isMoneyMail(mail.kind) && !recipient[MONEY_MAIL_CHOICE[mail.kind]]) return undefined;
  const site = await getSiteSettings(db);
  return { to: mail.to ?? recipient.email, ...renderUserMail(mail, recipient, site) };
}

/** Whether the user has a code, not the code: reading it takes their password (revealAntiPhishingCode). */
export async function getAntiPhishingCode(db: Executor, userId: string): Promise<AntiPhishingCode> {
  return { isSet: (await readAntiPhishingCode(db, userId)) !== null, code: null };
}

/** The code itself, for the caller that has checked who is asking. */
export async function readAntiPhishingCode(db: Executor, userId: string): Promise<string | null> {
  const recipient = await findMailRecipient(db, { userId });
  return recipient?.antiPhishingCode ?? null;
}

/** Sets (or, with null, removes) the code; the e-mail saying so already shows the new one. */
export async function setAntiPhishingCode(
  db: Database,
  userId: string,
  code: string | null,
): Promise<AntiPhishingCode> {
  return runInTransaction(db, async (tx) => {
    await upsertMailPreferences(tx, { userId, antiPhishingCode: code });
    await queueUserMail(tx, {
      userId,
      kind: 'anti_phishing_code_changed',
      subject: code ? 'Your anti-phishing code was set' : 'Your anti-phishing code was removed',
      paragraphs: [
        code
          ? 'Your anti-phishing code was set. From now on every e-mail from us shows it at the top; an e-mail without it, or with another code, is not from us.'
          : 'Your anti-phishing code was removed. Our e-mails no longer show one.',
        'If you did not make this change, change your password now.',
      ],
    });
    return { isSet: code !== null, code };
  });
}

export async function getMailChoices(db: Executor, userId: string): Promise<MailChoices> {
  const recipient = await findMailRecipient(db, { userId });
  return {
    deposits: recipient?.deposits ?? true,
    withdrawals: recipient?.withdrawals ?? true,
    adjustments: recipient?.adjustments ?? true,
  };
}

/** How each money e-mail reads in the notice that it was turned off. */
const CHOICE_NAMES: Record<keyof MailChoices, string> = {
  deposits: 'deposits approved or declined',
  withdrawals: 'withdrawals requested, paid or declined',
  adjustments: "an administrator's credit or debit",
};

/**
 * Saves which money e-mails the user gets. Turning one off is itself told by e-mail, which always
 * goes: a stolen session could otherwise mute the withdrawal e-mails before emptying the account.
 */
export async function setMailChoices(
  db: Database,
  userId: string,
  choices: MailChoices,
): Promise<MailChoices> {
  return runInTransaction(db, async (tx) => {
    const before = await getMailChoices(tx, userId);
    const row = await upsertMailPreferences(tx, { userId, ...choices });
    const turnedOff = (Object.keys(CHOICE_NAMES) as (keyof MailChoices)[]).filter(
      (choice) => before[choice] && !row[choice],
    );
    if (turnedOff.length > 0) {
      await queueUserMail(tx, {
        userId,
        kind: 'alerts_turned_off',
        subject: 'E-mail alerts were turned off',
        paragraphs: [
          `You will no longer get e-mails about ${turnedOff.map((choice) => CHOICE_NAMES[choice]).join(', ')}. Security e-mails always go.`,
          'If you did not make this change, change your password now and turn the alerts on again under Settings, Security.',
        ],
      });
    }
    return { deposits: row.deposits, withdrawals: row.withdrawals, adjustments: row.adjustments };
  });
}

export interface SignInPlace {
  userId: string;
  ip: string;
  userAgent: string | null;
}

/**
 * The network an address stands for: an IPv4 address itself (also when IPv6 maps it), an IPv6 one
 * by its /64, within which privacy addresses change every day.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = (ip.split('%')[0] ?? '').split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const prefix = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${prefix.map((group) => group.toLowerCase().padStart(4, '0')).join(':')}::/64`;
}

/**
 * A browser is known by its user agent without digits, so its updates are not new devices; an
 * address by its network. Only hashes are kept.
 */
function devicesOf(place: SignInPlace): KnownDevice[] {
  const hash = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
  const devices: KnownDevice[] = [{ kind: 'address', hash: hash(networkOf(place.ip)) }];
  if (place.userAgent) devices.push({ kind: 'agent', hash: hash(place.userAgent.replace(/[0-9]+/g, '')) });
  return devices;
}

/** The device that registered the account is known from the start: its first sign-in is no news. */
export async function rememberSignUpDevice(tx: Executor, place: SignInPlace): Promise<void> {
  await rememberDevices(tx, { userId: place.userId, devices: devicesOf(place) });
}

/**
 * E-mails the account when it is signed into from a browser or address it has not used before,
 * once per new device however many sign-ins race. An account that knows no device yet (made before
 * devices were kept, and never signed into since) learns this one quietly.
 */
export async function alertOnNewDevice(tx: Executor, place: SignInPlace & { at: Date }): Promise<void> {
  const hasHistory = await hasKnownDevice(tx, { userId: place.userId });
  const added = await rememberDevices(tx, { userId: place.userId, devices: devicesOf(place) });
  if (!hasHistory || added === 0) return;
  await queueUserMail(tx, {
    userId: place.userId,
    kind: 'new_sign_in',
    subject: 'New sign-in to your account',
    paragraphs: [
      `Your account was signed into from a browser or network address it had not used before, at ${formatUtcTime(place.at)}.`,
      `Address: ${place.ip}. Browser: ${place.userAgent ?? 'not given'}.`,
      'If it was you, there is nothing to do. If it was not, change your password now (that ends every other session) and turn on two-factor sign-in under Settings, Security.',
    ],
  });
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export { deleteFinishedMailBefore } from './mail.repo.ts';
