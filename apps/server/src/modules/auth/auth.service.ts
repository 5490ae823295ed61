import { randomBytes } from 'node:crypto';
import {
  type LoginRequestSchema,
  MESSAGES,
  PASSKEY_MESSAGES,
  type PasskeyAssertion,
  type PasskeySignInRequestSchema,
  SESSION_TTL_MS,
  type SignupRequestSchema,
  type TradeUser,
} from '@vestora/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import {
  isUniqueViolation,
  postgresConstraint,
  runInTransaction,
  type Transaction,
} from '../../lib/transaction.ts';
import { isEmailHeldForLock } from '../account/account.service.ts';
import { deleteSubjectAttempts, reserveAttempt } from '../attempts/attempts.service.ts';
import { queueEmailConfirmation } from '../email-confirmation/email-confirmation.service.ts';
import { alertOnNewDevice, queueUserMail, rememberSignUpDevice } from '../mail/mail.service.ts';
import {
  hasPasskeys,
  isPasskeyStillUsable,
  issuePasskeyChallenge,
  verifyPasskeyAssertion,
} from '../passkeys/passkey-assertions.ts';
import type { Actor } from '../sessions/actor.ts';
import { endSession, openSessionOfGeneration } from '../sessions/live-sessions.service.ts';
import { replaceRoles } from '../staff/quorum.service.ts';
import { verifySecondFactor } from '../two-factor/second-factor.ts';
import { recordLoginEvent } from '../two-factor/two-factor.service.ts';
import { toTradeUser } from '../users/users.mapper.ts';
import {
  findUserById,
  findUserByLogin,
  findUserConflicts,
  hasAdmin,
  insertUser,
  loadUserRecord,
  markUserLoggedIn,
} from '../users/users.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { userEventData } from '../webhooks/webhook-payloads.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password.ts';
import { createSessionToken, hashSessionToken } from './tokens.ts';

/**
 * Opens the account and sends the link that confirms its address. An address that already has an
 * account is answered exactly the same, and its owner is told instead, so a sign-up never reveals
 * who is registered; the password is hashed on both paths, so neither does the time it takes.
 */
export async function signUp(
  deps: { db: Database; clock: Clock; config: Pick<AppConfig, 'publicUrl'> },
  input: z.output<typeof SignupRequestSchema> & { ip: string; userAgent: string | null },
): Promise<void> {
  const { db } = deps;
  const { emailTaken, userNameTaken } = await findUserConflicts(db, input);
  if (userNameTaken) throw new AppError('CONFLICT', MESSAGES.userNameTaken);
  const passwordHash = await hashPassword(input.password);
  if (emailTaken || (await isEmailHeldForLock(db, { email: input.email, now: deps.clock.now() }))) {
    return warnOwnerOfSignUp(deps, input.email);
  }
  try {
    await runInTransaction(db, async (tx) => {
      const user = await insertUser(tx, {
        fullName: input.fullName.replace(/\s+/g, ' '),
        userName: input.userName,
        email: input.email,
        passwordHash,
      });
      await rememberSignUpDevice(tx, { userId: user.id, ip: input.ip, userAgent: input.userAgent });
      await queueEmailConfirmation(tx, deps, { userId: user.id, email: user.email });
      await emitWebhookEvent(tx, { type: 'user.registered', data: userEventData(user, 'none') });
    });
  } catch (error) {
    // Two sign-ups racing for one name or address: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    if (postgresConstraint(error) === 'users_email_key') return warnOwnerOfSignUp(deps, input.email);
    throw new AppError('CONFLICT', MESSAGES.userNameTaken);
  }
}

const SIGN_UP_WARNING_WINDOW_MS = 60 * 60_000;
/** Warnings an address receives in the window: a stranger signing up with it cannot flood its inbox. */
const MAX_SIGN_UP_WARNINGS = 3;

/** Tells the owner of `email` that someone tried to open an account with it; closed accounts hear nothing. */
async function warnOwnerOfSignUp(deps: { db: Database; clock: Clock }, email: string): Promise<void> {
  const owner = await findUserByLogin(deps.db, { userNameOrEmail: email });
  if (owner?.status !== 'active') return;
  try {
    await reserveAttempt(deps, {
      limits: [{ subject: `sign-up-warning:${owner.id}`, limit: MAX_SIGN_UP_WARNINGS }],
      windowMs: SIGN_UP_WARNING_WINDOW_MS,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return;
    throw error;
  }
  await queueUserMail(deps.db, {
    userId: owner.id,
    kind: 'signup_attempt',
    subject: 'Someone tried to register with your e-mail address',
    paragraphs: [
      'Someone just tried to open a new account with this e-mail address. No account was opened, and yours is unchanged.',
      'If it was you: you already have an account. Sign in with your user name or this address, or choose "Forgot password" on the sign-in page.',
      'If it was not you, you can ignore this e-mail.',
    ],
  });
}

export async function logIn(
  deps: { db: Database; config: AppConfig; clock: Clock },
  input: z.output<typeof LoginRequestSchema> & { ip: string; userAgent: string | null },
): Promise<{ user: TradeUser; token: string }> {
  const { db, config } = deps;
  const user = await findUserByLogin(db, { userNameOrEmail: input.userNameOrEmail });
  // Keyed by the account, so its user name and e-mail share one count; unknown names by their text.
  const accountSubject = user ? `account:${user.id}` : `login:${input.userNameOrEmail.toLowerCase()}`;
  const attempt = await reserveAttempt(deps, {
    limits: [
      { subject: accountSubject, limit: config.login.maxFailures },
      { subject: `ip:${input.ip}`, limit: config.login.maxFailures },
    ],
    windowMs: config.login.windowMs,
  });

  const isValid =
    user && user.status === 'active'
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDecoy(input.password);
  const event = { ip: input.ip, userAgent: input.userAgent };
  if (!user || !isValid) {
    if (user) await recordLoginEvent(db, { userId: user.id, outcome: 'wrong_password', ...event });
    throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  }
  if (user.suspended) {
    await attempt.release();
    await recordLoginEvent(db, { userId: user.id, outcome: 'suspended', ...event });
    throw new AppError('FORBIDDEN', MESSAGES.suspended);
  }
  if (user.totpEnabledAt) {
    // The password was right; the second factor decides, within the same reserved attempt.
    await checkSecondFactor(deps, { user, input, event, release: () => attempt.release() });
  }
  const token = await openSignedInSession(deps, {
    userId: user.id,
    generation: user.sessionGeneration,
    rememberMe: input.rememberMe,
    event,
    onOpened: async (tx) => {
      await attempt.release(tx);
      await deleteSubjectAttempts(tx, { subject: accountSubject });
    },
  });
  return { user: toTradeUser(await loadUserRecord(db, user.id), config.fileUrlBase), token };
}

type SignInEvent = { ip: string; userAgent: string | null };

/** Where a sign-up or sign-in comes from: the new-device alert compares it with the ones before. */
export function placeOf(request: {
  ip: string;
  headers: { 'user-agent'?: string | undefined };
}): SignInEvent {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}

/**
 * A passkey first when the account has one (it cannot be relayed by a phishing page), then the
 * authenticator code or a recovery code. Asked for without either, the answer carries a passkey
 * challenge for the browser to answer.
 */
async function checkSecondFactor(
  deps: { db: Database; config: AppConfig; clock: Clock },
  {
    user,
    input,
    event,
    release,
  }: {
    user: { id: string };
    input: { code?: string | undefined; passkey?: PasskeyAssertion | undefined };
    event: SignInEvent;
    release: () => Promise<void>;
  },
): Promise<void> {
  const { db, clock } = deps;
  if (input.passkey) {
    try {
      await verifyPasskeyAssertion(db, deps, {
        assertion: input.passkey,
        purpose: 'second-factor',
        userId: user.id,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await recordLoginEvent(db, { userId: user.id, outcome: 'wrong_passkey', ...event });
      // Refused like a wrong code: the sign-in stays at its second step, where a code still works.
      throw new AppError('UNAUTHENTICATED', error.message, { twoFactorRequired: true });
    }
    return;
  }
  if (!input.code) {
    await release();
    await recordLoginEvent(db, { userId: user.id, outcome: 'code_required', ...event });
    const passkey = (await hasPasskeys(db, user.id))
      ? await issuePasskeyChallenge(deps, { userId: user.id, purpose: 'second-factor' })
      : undefined;
    throw new AppError('UNAUTHENTICATED', MESSAGES.twoFactorCodeNeeded, {
      twoFactorRequired: true,
      ...(passkey && { passkey: { challengeId: passkey.challengeId, options: passkey.options } }),
    });
  }
  if (!(await verifySecondFactor(db, clock, user.id, input.code))) {
    await recordLoginEvent(db, { userId: user.id, outcome: 'wrong_code', ...event });
    throw new AppError('UNAUTHENTICATED', MESSAGES.twoFactorCodeWrong, { twoFactorRequired: true });
  }
}

/**
 * Opens the session of a sign-in that passed its checks, with what every sign-in records: the
 * event, the new-device alert. Answers the session's token.
 */
async function openSignedInSession(
  deps: { db: Database; clock: Clock },
  {
    userId,
    generation,
    rememberMe,
    event,
    onOpened,
  }: {
    userId: string;
    generation: number;
    rememberMe: boolean;
    event: SignInEvent;
    onOpened: (tx: Transaction) => Promise<void>;
  },
): Promise<string> {
  const token = createSessionToken();
  const ttl = rememberMe ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.short;
  await runInTransaction(deps.db, async (tx) => {
    // The row's update lock first: sign-ins of one account racing queue here, rather than each
    // taking the share lock below and deadlocking when they all want to upgrade it.
    await markUserLoggedIn(tx, { id: userId });
    const isCurrent = await openSessionOfGeneration(tx, {
      userId,
      tokenHash: hashSessionToken(token),
      // Wall time, not the injected clock: the session lookup compares it with the database's now().
      expiresAt: new Date(Date.now() + ttl),
      // Signing in proves the password (and code): it opens the few minutes of staff sudo mode.
      reauthenticatedAt: new Date(),
      generation,
      ...event,
    });
    // The password or second factor changed while this sign-in was checking the old one.
    if (!isCurrent) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
    await recordLoginEvent(tx, { userId, outcome: 'success', ...event });
    await alertOnNewDevice(tx, { userId, ...event, at: deps.clock.now() });
    await onOpened(tx);
  });
  return token;
}

/**
 * Signs in with a passkey alone: the passkey names its account (a discoverable credential) and
 * verifies its user, so it stands for the password and the second factor together. The limits,
 * the refusals of a suspended or closed account and the session rules are a password sign-in's.
 */
export async function signInWithPasskey(
  deps: { db: Database; config: AppConfig; clock: Clock },
  input: z.output<typeof PasskeySignInRequestSchema> & SignInEvent,
): Promise<{ user: TradeUser; token: string }> {
  const { db, config } = deps;
  const event = { ip: input.ip, userAgent: input.userAgent };
  const attempt = await reserveAttempt(deps, {
    limits: [{ subject: `ip:${input.ip}`, limit: config.login.maxFailures }],
    windowMs: config.login.windowMs,
  });
  const { userId, passkeyId } = await verifyPasskeyAssertion(db, deps, {
    assertion: input.passkey,
    purpose: 'sign-in',
    userId: null,
  }).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    // Anyone may ask: whether a credential id is registered somewhere is not theirs to learn.
    const message =
      error.message === PASSKEY_MESSAGES.unknownPasskey ? PASSKEY_MESSAGES.notVerified : error.message;
    throw new AppError('UNAUTHENTICATED', message);
  });
  const user = await findUserById(db, { id: userId });
  if (user?.status !== 'active') throw new AppError('UNAUTHENTICATED', PASSKEY_MESSAGES.unknownPasskey);
  if (user.suspended) {
    await attempt.release();
    await recordLoginEvent(db, { userId, outcome: 'suspended', ...event });
    throw new AppError('FORBIDDEN', MESSAGES.suspended);
  }
  const token = await openSignedInSession(deps, {
    userId,
    generation: user.sessionGeneration,
    rememberMe: input.rememberMe,
    event,
    onOpened: async (tx) => {
      // Under the user's row lock: a removal of this passkey that committed after it was checked.
      if (!(await isPasskeyStillUsable(tx, passkeyId))) {
        throw new AppError('UNAUTHENTICATED', PASSKEY_MESSAGES.notVerified);
      }
      await attempt.release(tx);
      await deleteSubjectAttempts(tx, { subject: `account:${userId}` });
    },
  });
  return { user: toTradeUser(await loadUserRecord(db, userId), config.fileUrlBase), token };
}

export async function logOut(db: Database, actor: Actor): Promise<void> {
  await endSession(db, { sessionId: actor.sessionId });
}

/**
 * The first start creates the first administrator: from ADMIN_EMAIL/ADMIN_PASSWORD when set,
 * otherwise with a generated password that is printed once.
 */
export async function ensureFirstAdmin(
  db: Database,
  config: AppConfig,
  print: (line: string) => void,
): Promise<void> {
  if (await hasAdmin(db)) return;
  const email = config.admin.email ?? 'admin@vestora.local';
  const password = config.admin.password ?? generateAdminPassword();
  const passwordHash = await hashPassword(password);
  try {
    await runInTransaction(db, async (tx) => {
      const now = new Date();
      const admin = await insertUser(tx, {
        fullName: config.admin.fullName,
        userName: config.admin.userName,
        email,
        passwordHash,
        isVerified: true,
        emailConfirmedAt: now,
      });
      await replaceRoles(tx, { userId: admin.id, roles: ['owner'], grantedBy: null, now });
    });
  } catch (error) {
    if (isUniqueViolation(error) && (await hasAdmin(db))) return;
    throw error;
  }
  if (config.admin.password) {
    print(`First administrator created: ${config.admin.userName} <${email}> (password from ADMIN_PASSWORD).`);
  } else {
    print(
      [
        'First administrator created. This password is shown only once:',
        `  user name: ${config.admin.userName}`,
        `  e-mail:    ${email}`,
        `  password:  ${password}`,
      ].join('\n'),
    );
  }
}

function generateAdminPassword(): string {
  // The suffix guarantees the sign-up strength rule (upper, lower, special) whatever the random part is.
  return `${randomBytes(15).toString('base64url')}Aa!`;
}
