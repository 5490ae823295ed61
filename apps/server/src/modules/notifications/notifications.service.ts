import type { Notification } from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import {
  insertNotifications,
  listNotificationRows,
  markNotificationsRead,
  type NewNotification,
  type NotificationRow,
} from './notifications.repo.ts';

/** Tells a user what happened to their account; called inside the transaction that made it happen. */
export async function notify(tx: Executor, ...notifications: NewNotification[]): Promise<void> {
  await insertNotifications(tx, notifications);
}

function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getNotifications(
  db: Executor,
  query: { userId: string; page: number; pageSize: number },
) {
  const { rows, total, unread } = await listNotificationRows(db, query);
  return { data: rows.map(toNotification), total, unread, page: query.page, pageSize: query.pageSize };
}

export async function readNotifications(
  db: Executor,
  { userId, ids, now }: { userId: string; ids: string[] | undefined; now: Date },
): Promise<void> {
  await markNotificationsRead(db, { userId, ids, now });
}
