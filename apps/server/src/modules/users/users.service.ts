import { type AdminUserRow, type AdminUsersQuery, MESSAGES, type TradeUser } from '@vestora/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { type AdminChangeHandler, proposeAdminChange } from '../admin-changes/admin-changes.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { verificationLevelOf } from '../identity/verification-level.ts';
import { forgetPushSubscriptionsOf } from '../push/push.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { defineSessionAdmission, endSessionsOfUser } from '../sessions/live-sessions.service.ts';
import { replaceRoles } from '../staff/quorum.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { userEventData } from '../webhooks/webhook-payloads.ts';
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
  type UserRow,
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
    const verified = await setUserVerified(tx, { id });
    if (!verified) throw new Error(`user ${id} vanished under its lock`);
    if (!before.isVerified) {
      await emitWebhookEvent(tx, {
        type: 'user.verified',
        data: userEventData(verified, await verificationLevelOf(tx, verified)),
      });
    }
    await recordAudit(tx, actor, {
      action: 'user.verify',
      targetType: 'user',
      targetId: id,
      before: { userName: before.userName, isVerified: before.isVerified },
      // The specification's one-click verification: the basic level, on an administrator's word, no documents.
      after: { userName: before.userName, isVerified: true, level: 'basic', method: 'manual' },
    });
    return toAdminUserRow(await loadUserRecord(tx, id), config.fileUrlBase);
  });
}

export type StaffGuardedResult = { data: AdminUserRow; isPending: boolean };

/**
 * Suspension takes effect on the user's next request: every request re-reads the account, so their
 * sessions stay but answer 403 until they are unsuspended. Suspending a staff member waits for a
 * quorum of owners: otherwise one person could sideline the others who must approve them.
 */
export async function setSuspension(
  deps: UserDeps & { clock: Clock },
  actor: Actor,
  id: string,
  suspended: boolean,
): Promise<StaffGuardedResult> {
  if (suspended && actor.user.id === id) throw new AppError('CONFLICT', MESSAGES.cannotSuspendSelf);
  return runInTransaction(deps.db, async (tx) => {
    const before = await lockActiveUserOrFail(tx, id, 'update');
    const proposed =
      suspended &&
      before.isAdmin &&
      (await proposeAdminChange(tx, actor, {
        kind: 'staff.suspension',
        subject: id,
        payload: { userId: id },
      }));
    if (!proposed) await applySuspension(tx, actor, before, suspended);
    return {
      data: toAdminUserRow(await loadUserRecord(tx, id), deps.config.fileUrlBase),
      isPending: !!proposed,
    };
  });
}

async function applySuspension(tx: Executor, actor: Actor, before: UserRow, suspended: boolean) {
  const after = await setUserSuspended(tx, { id: before.id, suspended });
  if (!after) throw new Error(`user ${before.id} vanished under its lock`);
  if (suspended && !before.suspended) {
    await emitWebhookEvent(tx, {
      type: 'user.suspended',
      data: userEventData(after, await verificationLevelOf(tx, after)),
    });
  }
  await recordAudit(tx, actor, {
    action: suspended ? 'user.suspend' : 'user.unsuspend',
    targetType: 'user',
    targetId: before.id,
    before: { userName: before.userName, suspended: before.suspended },
    after: { userName: before.userName, suspended },
  });
}

const StaffSubjectSchema = z.object({ userId: z.string() });

export const staffSuspensionChangeHandler: AdminChangeHandler = {
  async describe(payload, { db }) {
    const { userId } = StaffSubjectSchema.parse(payload);
    const { user } = await loadUserRecord(db, userId);
    return { staffMember: `${user.fullName} <${user.email}>`, change: 'Suspend' };
  },
  async apply(tx, { approver }, payload) {
    const { userId } = StaffSubjectSchema.parse(payload);
    await applySuspension(tx, approver, await lockActiveUserOrFail(tx, userId, 'update'), true);
  },
};

/**
 * Deactivates an account that holds no money and awaits no decision (DESIGN.md section 2): it leaves
 * every list, its sessions end, and its ledger rows and history stay. A staff member's deletion
 * waits for a quorum of owners, as their suspension does.
 */
export async function deleteUser(
  deps: UserDeps & { clock: Clock },
  actor: Actor,
  id: string,
): Promise<StaffGuardedResult> {
  if (actor.user.id === id) throw new AppError('CONFLICT', MESSAGES.cannotDeleteSelf);
  return runInTransaction(deps.db, async (tx) => {
    const before = await lockActiveUserOrFail(tx, id, 'update');
    await assertNothingOpen(tx, id);
    const proposed =
      before.isAdmin &&
      (await proposeAdminChange(tx, actor, {
        kind: 'staff.deletion',
        subject: id,
        payload: { userId: id },
      }));
    if (proposed) {
      return { data: toAdminUserRow(await loadUserRecord(tx, id), deps.config.fileUrlBase), isPending: true };
    }
    return {
      data: toAdminUserRow(await applyDeletion(tx, actor, before), deps.config.fileUrlBase),
      isPending: false,
    };
  });
}

async function assertNothingOpen(tx: Executor, id: string): Promise<void> {
  const open = await findOpenMoney(tx, { id });
  if (open.hasPendingDeposit) throw new AppError('CONFLICT', MESSAGES.deleteHasPendingDeposit);
  if (open.hasPendingWithdrawal) throw new AppError('CONFLICT', MESSAGES.deleteHasPendingWithdrawal);
  if (open.hasBalance) throw new AppError('CONFLICT', MESSAGES.deleteHasBalance);
}

async function applyDeletion(tx: Executor, actor: Actor, before: UserRow) {
  const id = before.id;
  await markUserDeleted(tx, { id });
  await replaceRoles(tx, { userId: id, roles: [], grantedBy: actor.user.id, now: new Date() });
  await endSessionsOfUser(tx, { userId: id });
  await forgetPushSubscriptionsOf(tx, id);
  const record = await findUserRecord(tx, { id });
  if (!record) throw new Error(`user ${id} vanished while being deleted`);
  await recordAudit(tx, actor, {
    action: 'user.delete',
    targetType: 'user',
    targetId: id,
    before: { userName: before.userName, status: before.status },
    after: { userName: before.userName, status: record.user.status },
  });
  return record;
}

export const staffDeletionChangeHandler: AdminChangeHandler = {
  async describe(payload, { db }) {
    const { userId } = StaffSubjectSchema.parse(payload);
    const { user } = await loadUserRecord(db, userId);
    return { staffMember: `${user.fullName} <${user.email}>`, change: 'Delete the account' };
  },
  async apply(tx, { approver }, payload) {
    const { userId } = StaffSubjectSchema.parse(payload);
    const before = await lockActiveUserOrFail(tx, userId, 'update');
    await assertNothingOpen(tx, userId);
    await applyDeletion(tx, approver, before);
  },
};

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
  setUserVerified,
  type UserRow,
} from './users.repo.ts';
