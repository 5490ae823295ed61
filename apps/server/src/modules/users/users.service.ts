import { type AdminUserRow, MESSAGES, type PageQuery, type TradeUser } from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import { toAdminUserRow, toTradeUser } from './users.mapper.ts';
import { findUserRecord, listActiveUsers, setUserVerified } from './users.repo.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The active user with this id and their money figures, or 404. */
export async function loadUserRecord(db: Executor, id: string) {
  const record = UUID.test(id) ? await findUserRecord(db, { id }) : undefined;
  if (record?.user.status !== 'active') throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return record;
}

export async function getProfile(db: Executor, actor: Actor, id: string): Promise<TradeUser> {
  // Ownership first: a user learns nothing about other ids, not even whether they exist.
  if (!actor.user.isAdmin && actor.user.id !== id) throw new AppError('FORBIDDEN', MESSAGES.notYours);
  return toTradeUser(await loadUserRecord(db, id));
}

export async function listUsers(
  db: Executor,
  query: PageQuery,
): Promise<{ users: AdminUserRow[]; total: number }> {
  const { rows, total } = await listActiveUsers(db, query);
  return { users: rows.map(toAdminUserRow), total };
}

export async function verifyUser(db: Executor, id: string): Promise<AdminUserRow> {
  const user = UUID.test(id) ? await setUserVerified(db, { id }) : undefined;
  if (!user) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return toAdminUserRow(await loadUserRecord(db, id));
}
