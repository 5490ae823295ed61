import type { Notification } from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import { type MailKind, queueUserMail } from '../mail/mail.service.ts';
import type { MailParagraph } from '../mail/mail-render.ts';
import { queuePushes } from '../push/push.service.ts';
import {
  insertNotifications,
  listNotificationRows,
  markNotificationsRead,
  type NewNotification,
  type NotificationRow,
} from './notifications.repo.ts';

/**
 * Tells a user what happened to their account, in the app and by a push to the browsers that asked
 * for it; called inside the transaction that made it happen.
 */
export async function notify(tx: Executor, ...notifications: NewNotification[]): Promise<void> {
  await insertNotifications(tx, notifications);
  await queuePushes(tx, notifications);
}

/**
 * Tells it in the app and by e-mail alike: the e-mail's subject is the notification's title, its
 * text the notification's body and then `more`.
 */
export async function notifyAndMail(
  tx: Executor,
  notification: NewNotification,
  mail: { kind: MailKind; more?: MailParagraph[] },
): Promise<void> {
  await notify(tx, notification);
  await queueUserMail(tx, {
    userId: notification.userId,
    kind: mail.kind,
    subject: notification.title,
    paragraphs: [notification.body, ...(mail.more ?? [])],
  });
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

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export type { NewNotification } from './notifications.repo.ts';
