import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { DAY_MS } from '../../lib/time.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { reserveAttempt } from '../attempts/attempts.service.ts';
import { hashLinkToken } from '../auth/tokens.ts';
import { queueUserMail } from '../mail/mail.service.ts';
import type { Actor } from '../sessions/actor.ts';
import {
  claimEmailConfirmation,
  insertEmailConfirmation,
  markEmailConfirmed,
} from './email-confirmation.repo.ts';

const LINK_LIFETIME_DAYS = 3;
const RESEND_WINDOW_MS = 60 * 60_000;
/** New links a person can ask for in the window: enough for a lost e-mail, too few to flood an inbox. */
const MAX_RESENDS = 3;

interface ConfirmationDeps {
  config: Pick<AppConfig, 'publicUrl'>;
  clock: Clock;
}

/**
 * Queues a link that confirms `email` for the account, in the transaction that gave the account
 * that address (a sign-up, an e-mail change), so the e-mail exists exactly when the address does.
 */
export async function queueEmailConfirmation(
  tx: Executor,
  deps: ConfirmationDeps,
  { userId, email }: { userId: string; email: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await insertEmailConfirmation(tx, {
    userId,
    email,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(deps.clock.now().getTime() + LINK_LIFETIME_DAYS * DAY_MS),
  });
  await queueUserMail(tx, {
    userId,
    kind: 'email_confirmation',
    to: email,
    subject: 'Confirm your e-mail address',
    paragraphs: [
      `Please confirm that ${email} is your e-mail address by opening this link within ${LINK_LIFETIME_DAYS} days:`,
      { link: `${deps.config.publicUrl}/confirm-email?token=${token}` },
      'Until it is confirmed you can sign in, deposit and invest, but not withdraw or save a withdrawal address.',
      'If you did not open an account with us, ignore this e-mail.',
    ],
  });
}

/**
 * Confirms the address the link was sent to, once. The link is claimed before anything else, so a
 * made-up token costs one indexed update; a link sent to an address the account no longer has fails.
 */
export async function confirmEmail(deps: { db: Database; clock: Clock }, { token }: { token: string }) {
  await runInTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const confirmation = await claimEmailConfirmation(tx, { tokenHash: hashLinkToken(token), now });
    const isConfirmed =
      confirmation !== undefined && (await markEmailConfirmed(tx, { ...confirmation, now }));
    if (!isConfirmed) throw new AppError('BAD_REQUEST', MESSAGES.emailConfirmationLinkInvalid);
  });
}

/** A new link to the signed-in person's address, a few an hour: a lost e-mail should not strand them. */
export async function resendEmailConfirmation(
  deps: ConfirmationDeps & { db: Database },
  actor: Actor,
): Promise<void> {
  if (actor.user.emailConfirmedAt) throw new AppError('CONFLICT', MESSAGES.emailAlreadyConfirmed);
  // Each link sent counts, kept for the window rather than released like a success elsewhere.
  await reserveAttempt(deps, {
    limits: [{ subject: `email-confirmation:${actor.user.id}`, limit: MAX_RESENDS }],
    windowMs: RESEND_WINDOW_MS,
  });
  await runInTransaction(deps.db, async (tx) => {
    await queueEmailConfirmation(tx, deps, { userId: actor.user.id, email: actor.user.email });
  });
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export { deleteSpentEmailConfirmations } from './email-confirmation.repo.ts';

/**
 * Money leaves, and addresses it could leave to are saved, only for an account whose address is
 * proven: the e-mails that guard withdrawals must reach the owner.
 */
export function assertEmailConfirmed(actor: Actor, message: string): void {
  if (!actor.user.emailConfirmedAt) throw new AppError('FORBIDDEN', message, { isEmailUnconfirmed: true });
}
