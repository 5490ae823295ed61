import { and, asc, desc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pushOutbox, pushPreferences, pushSubscriptions } from '../../db/schema/index.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NewPushOutboxRow = typeof pushOutbox.$inferInsert;

/** Advisory locks (two-key space) taken by a subscription, on its browser and on its user. */
const PUSH_SUBSCRIBER_LOCK_SPACE = 7_215_034;

/**
 * Takes one browser's subscriptions, then one person's, one at a time, on every process: the same
 * browser sent by two accounts at once ends with one owner, and a person's browsers sent at once
 * cannot pass the limit between them (each would count the others' rows as not there yet).
 */
export async function lockPushSubscriber(
  db: Executor,
  { endpoint, userId }: { endpoint: string; userId: string },
) {
  await db.execute(sql`select pg_advisory_xact_lock(${PUSH_SUBSCRIBER_LOCK_SPACE}, hashtext(${endpoint}))`);
  await db.execute(sql`select pg_advisory_xact_lock(${PUSH_SUBSCRIBER_LOCK_SPACE}, hashtext(${userId}))`);
}

/** The subscription of a browser, locked against its owner turning it off meanwhile. */
export async function lockPushSubscriptionByEndpoint(db: Executor, { endpoint }: { endpoint: string }) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .for('update');
  return row;
}

export async function insertPushSubscription(
  db: Executor,
  values: Pick<
    typeof pushSubscriptions.$inferInsert,
    'userId' | 'endpoint' | 'p256dh' | 'auth' | 'createdAt'
  >,
): Promise<void> {
  // Sends of one browser are ordered by lockPushSubscriber; a conflict here means another path
  // added the row first, and that row stands.
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoNothing({ target: pushSubscriptions.endpoint });
}

export async function updatePushSubscriptionKeys(
  db: Executor,
  { id, p256dh, auth }: { id: string; p256dh: string; auth: string },
): Promise<void> {
  await db.update(pushSubscriptions).set({ p256dh, auth }).where(eq(pushSubscriptions.id, id));
}

/** Keeps the user's `keep` newest subscriptions and deletes the rest, with their waiting pushes. */
export async function deleteOldestPushSubscriptions(
  db: Executor,
  { userId, keep }: { userId: string; keep: number },
): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Deletes a user's subscription, with its waiting pushes; answers whether they had it. */
export async function deleteUserPushSubscription(
  db: Executor,
  { userId, endpoint }: { userId: string; endpoint: string },
): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** A user's browsers, oldest first: what their data export lists. */
export async function listPushSubscriptionsOf(db: Executor, { userId }: { userId: string }) {
  return db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** Every browser of a user, with their waiting pushes. */
export async function deletePushSubscriptionsOfUser(
  db: Executor,
  { userId }: { userId: string },
): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** A subscription the push service says is gone, with its waiting pushes. */
export async function deletePushSubscriptionById(db: Executor, { id }: { id: string }): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The subscriptions of these users, each with what its owner chose to have pushed (the defaults when never set). */
export async function listPushTargets(db: Executor, { userIds }: { userIds: string[] }) {
  return db
    .select({
      subscriptionId: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      deposits: sql<boolean>`coalesce(${pushPreferences.deposits}, true)`,
      withdrawals: sql<boolean>`coalesce(${pushPreferences.withdrawals}, true)`,
      tickets: sql<boolean>`coalesce(${pushPreferences.tickets}, true)`,
    })
    .from(pushSubscriptions)
    .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(inArray(pushSubscriptions.userId, userIds));
}

export async function insertPushOutbox(db: Executor, rows: NewPushOutboxRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(pushOutbox).values(rows);
}

/** The oldest pushes due, with where they go and the keys they are encrypted to. */
export async function listDuePushes(db: Executor, { now, limit }: { now: Date; limit: number }) {
  return db
    .select({
      id: pushOutbox.id,
      subscriptionId: pushOutbox.subscriptionId,
      message: pushOutbox.message,
      urgency: pushOutbox.urgency,
      attempts: pushOutbox.attempts,
      createdAt: pushOutbox.createdAt,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(or(isNull(pushOutbox.nextAttemptAt), lte(pushOutbox.nextAttemptAt, now)))
    .orderBy(asc(pushOutbox.createdAt), asc(pushOutbox.id))
    .limit(limit);
}
export type DuePush = Awaited<ReturnType<typeof listDuePushes>>[number];

export async function deletePushOutboxRow(db: Executor, { id }: { id: string }): Promise<void> {
  await db.delete(pushOutbox).where(eq(pushOutbox.id, id));
}

export async function reschedulePush(
  db: Executor,
  { id, attempts, nextAttemptAt }: { id: string; attempts: number; nextAttemptAt: Date },
): Promise<void> {
  await db.update(pushOutbox).set({ attempts, nextAttemptAt }).where(eq(pushOutbox.id, id));
}

/** Pushes older than their time to live: a push service would drop them too. */
export async function deletePushesBefore(db: Executor, { before }: { before: Date }): Promise<number> {
  const removed = await db
    .delete(pushOutbox)
    .where(lt(pushOutbox.createdAt, before))
    .returning({ id: pushOutbox.id });
  return removed.length;
}

export async function findPushPreferences(db: Executor, { userId }: { userId: string }) {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  return row;
}

export async function upsertPushPreferences(db: Executor, values: typeof pushPreferences.$inferInsert) {
  const { userId, ...changes } = values;
  const [row] = await db
    .insert(pushPreferences)
    .values(values)
    .onConflictDoUpdate({ target: pushPreferences.userId, set: changes })
    .returning();
  if (!row) throw new Error('upsert into push_preferences returned no row');
  return row;
}
