import { randomBytes } from 'node:crypto';
import {
  type AntiPhishingCode,
  type ChangePasswordRequestSchema,
  formatDayMonthYear,
  MESSAGES,
  type ProfileDetails,
  type TradeUser,
  type UpdateProfileRequestSchema,
} from '@vestora/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { DAY_MS } from '../../lib/time.ts';
import { isUniqueViolation, postgresConstraint, runInTransaction } from '../../lib/transaction.ts';
import { detectAllowedType, IMAGE_TYPES } from '../../lib/uploads.ts';
import { hashPassword } from '../auth/password.ts';
import { confirmIdentity } from '../auth/reauthentication.service.ts';
import { hashLinkToken } from '../auth/tokens.ts';
import { queueEmailConfirmation } from '../email-confirmation/email-confirmation.service.ts';
import { removeFile, storeFile } from '../files/files.service.ts';
import { queueUserMail, readAntiPhishingCode } from '../mail/mail.service.ts';
import { removeAllPasskeys } from '../passkeys/passkey-assertions.ts';
import { queuePasswordChangedMail, voidPasswordResets } from '../password-reset/password-reset.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { endSessionsOfUser } from '../sessions/live-sessions.service.ts';
import { recordLoginEvent } from '../two-factor/two-factor.service.ts';
import { toTradeUser } from '../users/users.mapper.ts';
import { loadUserRecord } from '../users/users.service.ts';
import { lockWithdrawalsAfterCredentialChange } from '../withdrawal-addresses/withdrawal-addresses.service.ts';
import {
  claimEmailChangeLock,
  findAccountRow,
  insertEmailChangeLock,
  isEmailHeldForLock,
  lockAvatarFileId,
  restoreEmailAndPassword,
  updateAccountRow,
} from './account.repo.ts';

export interface AccountDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
}

const LOCK_LINK_LIFETIME_MS = 7 * DAY_MS;

/**
 * The anti-phishing code, to the person who proves who they are: a thief holding only a session
 * could otherwise read it and put it in forged e-mails that look like ours.
 */
export async function revealAntiPhishingCode(
  deps: AccountDeps,
  actor: Actor,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<AntiPhishingCode> {
  if (!proof.password) throw new AppError('FORBIDDEN', MESSAGES.antiPhishingCodeNeedsPassword);
  await confirmIdentity(deps, actor.user.id, { password: proof.password, code: proof.code });
  const code = await readAntiPhishingCode(deps.db, actor.user.id);
  return { isSet: code !== null, code };
}

export async function getProfileDetails(db: Executor, userId: string): Promise<ProfileDetails> {
  const row = await findAccountRow(db, { userId });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return {
    phone: row.phone,
    dateOfBirth: row.dateOfBirth ? formatDayMonthYear(row.dateOfBirth, '/') : null,
    address: row.address,
    postalCode: row.postalCode,
    country: row.country,
  };
}

/**
 * Saves the profile. A new e-mail address hands over the account (reset links go there), so it asks
 * for the current password (and code), ends every other session, and tells the old address, with a
 * link that puts the old address back and locks the account. The new address is confirmed like a
 * new account's: until its link is opened, nothing can be withdrawn.
 */
export async function updateProfile(
  deps: AccountDeps,
  actor: Actor,
  input: z.output<typeof UpdateProfileRequestSchema>,
): Promise<{ user: TradeUser; details: ProfileDetails }> {
  const { password, code, passkey, ...values } = input;
  const previousEmail = actor.user.email;
  const isEmailChange = values.email !== previousEmail.toLowerCase();
  if (isEmailChange) {
    if (!password && !passkey) {
      throw new AppError('BAD_REQUEST', MESSAGES.emailChangeNeedsPassword, { passwordRequired: true });
    }
    await confirmIdentity(deps, actor.user.id, { password, code, passkey });
    const isHeld = await isEmailHeldForLock(deps.db, {
      email: values.email,
      now: deps.clock.now(),
      exceptUserId: actor.user.id,
    });
    if (isHeld) throw new AppError('CONFLICT', MESSAGES.emailTaken);
  }
  const lockToken = randomBytes(32).toString('base64url');
  try {
    await runInTransaction(deps.db, async (tx) => {
      await updateAccountRow(tx, {
        userId: actor.user.id,
        values: isEmailChange ? { ...values, emailConfirmedAt: null } : values,
      });
      if (!isEmailChange) return;
      await queueEmailConfirmation(tx, deps, { userId: actor.user.id, email: values.email });
      await endSessionsOfUser(tx, { userId: actor.user.id, keepSessionId: actor.sessionId });
      await lockWithdrawalsAfterCredentialChange(tx, deps, actor.user.id);
      await voidPasswordResets(tx, { userId: actor.user.id, now: deps.clock.now() });
      await insertEmailChangeLock(tx, {
        userId: actor.user.id,
        tokenHash: hashLinkToken(lockToken),
        previousEmail,
        expiresAt: new Date(deps.clock.now().getTime() + LOCK_LINK_LIFETIME_MS),
      });
      await queueUserMail(tx, {
        userId: actor.user.id,
        kind: 'email_changed',
        to: previousEmail,
        subject: 'The e-mail address of your account was changed',
        paragraphs: [
          `The e-mail address of your account was changed from ${previousEmail} to ${values.email}. Every other session of the account has ended.`,
          'If it was not you, open this link within 7 days: it puts this address back, ends every session and locks the account until you reset its password.',
          { link: `${deps.config.publicUrl}/lock-account?token=${lockToken}` },
        ],
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const isEmail = postgresConstraint(error) === 'users_email_key';
    throw new AppError('CONFLICT', isEmail ? MESSAGES.emailTaken : MESSAGES.userNameTaken);
  }
  const [record, details] = await Promise.all([
    loadUserRecord(deps.db, actor.user.id),
    getProfileDetails(deps.db, actor.user.id),
  ]);
  return { user: toTradeUser(record, deps.config.fileUrlBase), details };
}

/**
 * The old address's answer to an e-mail change it did not make: the address comes back, every
 * session and reset link ends, and the password stops working, so only a reset sent to the restored
 * address opens the account again.
 */
export async function lockAccountFromEmailChange(
  deps: { db: Database; clock: Clock },
  input: { token: string; ip: string; userAgent: string | null },
): Promise<void> {
  await runInTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const lock = await claimEmailChangeLock(tx, { tokenHash: hashLinkToken(input.token), now });
    if (!lock) throw new AppError('BAD_REQUEST', MESSAGES.accountLockLinkInvalid);
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    await restoreEmailAndPassword(tx, { userId: lock.userId, email: lock.previousEmail, passwordHash });
    await endSessionsOfUser(tx, { userId: lock.userId });
    // A passkey added by whoever changed the address would sign them straight back in.
    await removeAllPasskeys(tx, lock.userId);
    await voidPasswordResets(tx, { userId: lock.userId, now });
    await recordLoginEvent(tx, {
      userId: lock.userId,
      outcome: 'account_locked',
      ip: input.ip,
      userAgent: input.userAgent,
    });
  });
}

/** The old password proves it is really them; every other session and every reset link ends with the change. */
export async function changePassword(
  deps: { db: Database; config: AppConfig; clock: Clock },
  actor: Actor,
  input: z.output<typeof ChangePasswordRequestSchema>,
): Promise<void> {
  await confirmIdentity(
    deps,
    actor.user.id,
    { password: input.oldPassword },
    { wrongPasswordMessage: MESSAGES.oldPasswordWrong, isSecondFactorChecked: false },
  );
  const passwordHash = await hashPassword(input.newPassword);
  await runInTransaction(deps.db, async (tx) => {
    await updateAccountRow(tx, { userId: actor.user.id, values: { passwordHash } });
    await endSessionsOfUser(tx, { userId: actor.user.id, keepSessionId: actor.sessionId });
    await lockWithdrawalsAfterCredentialChange(tx, deps, actor.user.id);
    await voidPasswordResets(tx, { userId: actor.user.id, now: deps.clock.now() });
    await queuePasswordChangedMail(tx, actor.user.id);
  });
}

/**
 * Stores a new picture for the signed-in person and points their record at it. Only the actor's own
 * row is written, so nobody can replace someone else's picture; the file is private to its owner
 * (and admins), as every upload that is not a gateway QR is. The picture it replaces is deleted,
 * bytes included, so its address stops answering on every process.
 */
export async function updateAvatar(
  deps: { db: Database; config: Pick<AppConfig, 'fileUrlBase'> },
  actor: Actor,
  image: Buffer | undefined,
): Promise<TradeUser> {
  if (!image) throw new AppError('BAD_REQUEST', MESSAGES.avatarRequired);
  const mimeType = await detectAllowedType(image, IMAGE_TYPES);
  if (!mimeType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.avatarType);
  await runInTransaction(deps.db, async (tx) => {
    // The row lock orders two replacements at once, so each deletes exactly the picture it replaced.
    const previousFileId = await lockAvatarFileId(tx, { userId: actor.user.id });
    const file = await storeFile(tx, { content: image, mimeType, ownerId: actor.user.id });
    await updateAccountRow(tx, { userId: actor.user.id, values: { avatarFileId: file.id } });
    if (previousFileId) await removeFile(tx, previousFileId);
  });
  return toTradeUser(await loadUserRecord(deps.db, actor.user.id), deps.config.fileUrlBase);
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export { deleteExpiredEmailChangeLocks, isEmailHeldForLock } from './account.repo.ts';
