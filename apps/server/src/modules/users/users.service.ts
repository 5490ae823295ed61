import { type AdminUserRow, type AdminUsersQuery, MESSAGES, type TradeUser } from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { defineSessionAdmission, endSessionsOfUser } from '../sessions/live-sessions.service.ts';
import { toAdminUserRow, toTradeUser } from './users.mapper.ts';
import {
  findOpenMoney,
  findUserRecord,
  listActiveUsers,
  lockActiveUser,
  markUserDeleted,
  setUserSuspended,
  setUserVerified,
  type UserLockMode,
  type UserWithFigures,
  userRecordColumns,
} from './users.repo.ts';

/** What the admin user actions need: file URLs in the records they answer start with `fileUrlBase`. */
interface UserDeps {
  db: Database;
  config: Pick<AppConfig, 'fileUrlBase'>;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The active user with this id and their money figures, or 404. */
export async function loadUserRecord(db: Executor, id: string) {
  const record = UUID.test(id) ? await findUserRecord(db, { id }) : undefined;
  if (record?.user.status !== 'active') throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return record;
}

/**
 * Locks the active user's row for the rest of the transaction, or 404. Money movements take it
 * shared and deletion exclusively, so a credit cannot land on an account being deleted. 'no key
 * update' serialises one user's requests of a kind without blocking the key-share locks that other
 * transactions' rows referencing the user take (a credit, a notification).
 */
export async function lockActiveUserOrFail(db: Executor, id: string, mode: UserLockMode) {
  const user = UUID.test(id) ? await lockActiveUser(db, { id, mode }) : undefined;
  if (!user) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return user;
}

/**
 * A bearer token's session together with its user's own record, in one round trip: the access check
 * of the profile read, which most often asks for exactly that record.
 */
export const authenticateWithRecord = defineSessionAdmission('session_user_record', userRecordColumns());

/**
 * A user record: the caller's own (from `ownRecord` when the session read it already), or anyone's
 * for an administrator. `id` is null when the path named no id at all.
 */
export async function getProfile(
  { db, config }: UserDeps,
  actor: Actor,
  id: string | null,
  ownRecord?: UserWithFigures,
): Promise<TradeUser> {
  // Ownership first: a user learns nothing about other ids, not even whether they exist.
  if (!actor.hasAdminPowers && actor.user.id !== id) throw new AppError('FORBIDDEN', MESSAGES.notYours);
  if (id === null) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  if (id === actor.user.id && ownRecord) return toTradeUser(ownRecord, config.fileUrlBase);
  return toTradeUser(await loadUserRecord(db, id), config.fileUrlBase);
}

export async function listUsers(
  { db, config }: UserDeps,
  query: AdminUsersQuery,
): Promise<{ users: AdminUserRow[]; total: number }> {
  const { rows, total } = await listActiveUsers(db, query);
  return { users: rows.map((row) => toAdminUserRow(row, config.fileUrlBase)), total };
}

export async function verifyUser({ db, config }: UserDeps, actor: Actor, id: string): Promise<AdminUserRow> {
  return runInTransaction(db, async (tx) => {
    const before = await lockActiveUserOrFail(tx, id, 'update');
    await setUserVerified(tx, { id });
    await recordAudit(tx, actor, {
      action: 'user.verify',
      targetType: 'user',
      targetId: id,
      before: { userName: before.userName, isVerified: before.isVerified },
      after: { userName: before.userName, isVerified: true },
    });
    return toAdminUserRow(await loadUserRecord(tx, id), config.fileUrlBase);
  });
}

/**
 * Suspension takes effect on the user's next request: every request re-reads the account, so their
 * sessions stay but answer 403 until they are unsuspended.
 */
export async function setSuspension(
  { db, config }: UserDeps,
  actor: Actor,
  id: string,
  suspended: boolean,
): Promise<AdminUserRow> {
  if (suspended && actor.user.id === id) throw new AppError('CONFLICT', MESSAGES.cannotSuspendSelf);
  return runInTransaction(db, async (tx) => {
    const before = await lockActiveUserOrFail(tx, id, 'update');
    await setUserSuspended(tx, { id, suspended });
    await recordAudit(tx, actor, {
      action: suspended ? 'user.suspend' : 'user.unsuspend',
      targetType: 'user',
      targetId: id,
      before: { userName: before.userName, suspended: before.suspended },
      after: { userName: before.userName, suspended },
    });
    return toAdminUserRow(await loadUserRecord(tx, id), config.fileUrlBase);
  });
}

/**
 * Deactivates an account that holds no money and awaits no decision (DESIGN.md section 2): it leaves
 * every list, its sessions end, and its ledger rows and history stay.
 */
export async function deleteUser({ db, config }: UserDeps, actor: Actor, id: string): Promise<AdminUserRow> {
  if (actor.user.id === id) throw new AppError('CONFLICT', MESSAGES.cannotDeleteSelf);
  return runInTransaction(db, async (tx) => {
    const before = await lockActiveUserOrFail(tx, id, 'update');
    const open = await findOpenMoney(tx, { id });
    if (open.hasPendingDeposit) throw new AppError('CONFLICT', MESSAGES.deleteHasPendingDeposit);
    if (open.hasPendingWithdrawal) throw new AppError('CONFLICT', MESSAGES.deleteHasPendingWithdrawal);
    if (open.hasBalance) throw new AppError('CONFLICT', MESSAGES.deleteHasBalance);
    await markUserDeleted(tx, { id });
    await endSessionsOfUser(tx, { userId: id });
    const record = await findUserRecord(tx, { id });
    if (!record) throw new Error(`user ${id} vanished while being deleted`);
    await recordAudit(tx, actor, {
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      before: { userName: before.userName, status: before.status },
      after: { userName: before.userName, status: record.user.status },
    });
    return toAdminUserRow(record, config.fileUrlBase);
  });
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export {
  findOpenMoney,
  findUserById,
  findUserByLogin,
  findUserConflicts,
  hasAdmin,
  insertUser,
  markUserDeleted,
  markUserLoggedIn,
  type UserRow,
} from './users.repo.ts';
