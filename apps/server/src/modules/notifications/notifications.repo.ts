import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: Executor, values: NewNotification[]): Promise<void> {
  if (values.length > 0) await db.insert(notifications).values(values);
}

export async function listNotificationRows(
  db: Executor,
  { userId, page, pageSize }: { userId: string; page: number; pageSize: number },
) {
  const mine = eq(notifications.userId, userId);
  const [rows, [totals], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(notifications).where(mine),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  return { rows, total: totals?.total ?? 0, unread: unread?.unread ?? 0 };
}

export async function markNotificationsRead(
  db: Executor,
  { userId, ids, now }: { userId: string; ids?: string[]; now: Date },
) {
  const conditions = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids) conditions.push(inArray(notifications.id, ids));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(...conditions));
}
