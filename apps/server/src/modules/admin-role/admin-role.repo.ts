import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Locks every active administrator's row, in one order: two administrators revoking each other at
 * once are serialised here, so the count after it cannot be raced down to zero.
 */
export async function lockAdministrators(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, 'active')))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

export async function setIsAdmin(db: Executor, { id, isAdmin }: { id: string; isAdmin: boolean }) {
  await db.update(users).set({ isAdmin }).where(eq(users.id, id));
}
