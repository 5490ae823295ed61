import {
  type ChangePasswordRequestSchema,
  MESSAGES,
  type ProfileDetails,
  type TradeUser,
  type UpdateProfileRequestSchema,
} from '@vestora/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { postgresCode, postgresConstraint, runInTransaction } from '../../lib/transaction.ts';
import { detectAllowedType, IMAGE_TYPES } from '../../lib/uploads.ts';
import type { Actor } from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { removeFile, storeFile } from '../files/files.service.ts';
import { toTradeUser } from '../users/users.mapper.ts';
import { loadUserRecord } from '../users/users.service.ts';
import { deleteOtherSessions, findAccountRow, lockAvatarFileId, updateAccountRow } from './account.repo.ts';

function toDayMonthYear(isoDate: string | null): string | null {
  if (!isoDate) return null;
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

export async function getProfileDetails(db: Executor, userId: string): Promise<ProfileDetails> {
  const row = await findAccountRow(db, { userId });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return {
    phone: row.phone,
    dateOfBirth: toDayMonthYear(row.dateOfBirth),
    address: row.address,
    postalCode: row.postalCode,
    country: row.country,
  };
}

export async function updateProfile(
  db: Database,
  actor: Actor,
  input: z.output<typeof UpdateProfileRequestSchema>,
): Promise<{ user: TradeUser; details: ProfileDetails }> {
  try {
    await updateAccountRow(db, { userId: actor.user.id, values: input });
  } catch (error) {
    if (postgresCode(error) !== '23505') throw error;
    const isEmail = postgresConstraint(error) === 'users_email_key';
    throw new AppError('CONFLICT', isEmail ? MESSAGES.emailTaken : MESSAGES.userNameTaken);
  }
  const [record, details] = await Promise.all([
    loadUserRecord(db, actor.user.id),
    getProfileDetails(db, actor.user.id),
  ]);
  return { user: toTradeUser(record), details };
}

/** The old password proves it is really them; every other session ends with the change. */
export async function changePassword(
  db: Database,
  actor: Actor,
  input: z.output<typeof ChangePasswordRequestSchema>,
): Promise<void> {
  const row = await findAccountRow(db, { userId: actor.user.id });
  if (!row || !(await verifyPassword(row.passwordHash, input.oldPassword))) {
    throw new AppError('BAD_REQUEST', MESSAGES.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await runInTransaction(db, async (tx) => {
    await updateAccountRow(tx, { userId: actor.user.id, values: { passwordHash } });
    await deleteOtherSessions(tx, { userId: actor.user.id, keepSessionId: actor.sessionId });
  });
}

/**
 * Stores a new picture for the signed-in person and points their record at it. Only the actor's own
 * row is written, so nobody can replace someone else's picture; the file is private to its owner
 * (and admins), as every upload that is not a gateway QR is. The picture it replaces is deleted,
 * bytes included, so its address stops answering on every process.
 */
export async function updateAvatar(
  deps: { db: Database },
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
  return toTradeUser(await loadUserRecord(deps.db, actor.user.id));
}
