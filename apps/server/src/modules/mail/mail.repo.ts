import { and, asc, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { knownDevices, mailOutbox, mailPreferences, users } from '../../db/schema/index.ts';

export type OutboxMailRow = typeof mailOutbox.$inferSelect;
export type KnownDevice = Pick<typeof knownDevices.$inferInsert, 'kind' | 'hash'>;

/** Who an e-mail goes to, with their code and money e-mail choices (the defaults when never set). */
export async function findMailRecipient(db: Executor, { userId }: { userId: string }) {
  const [row] = await db
    .select({
      email: users.email,
      fullName: users.fullName,
      antiPhishingCode: mailPreferences.antiPhishingCode,
      deposits: sql<boolean>`coalesce(${mailPreferences.deposits}, true)`,
      withdrawals: sql<boolean>`coalesce(${mailPreferences.withdrawals}, true)`,
      adjustments: sql<boolean>`coalesce(${mailPreferences.adjustments}, true)`,
    })
    .from(users)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function upsertMailPreferences(
  db: Executor,
  values: { userId: string } & Partial<Omit<typeof mailPreferences.$inferInsert, 'userId'>>,
) {
  const { userId, ...changes } = values;
  const [row] = await db
    .insert(mailPreferences)
    .values(values)
    .onConflictDoUpdate({ target: mailPreferences.userId, set: changes })
    .returning();
  if (!row) throw new Error('upsert into mail_preferences returned no row');
  return row;
}

/** Queues an e-mail; the senders hear of it when the transaction commits, not before. */
export async function insertOutboxMail(db: Executor, values: typeof mailOutbox.$inferInsert) {
  await db.insert(mailOutbox).values(values);
  await db.execute(sql`select pg_notify('mail_outbox', '')`);
}

/** The oldest e-mail due, locked for this transaction; one another sender holds is passed over. */
export async function claimDueMail(db: Executor, { now }: { now: Date }) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Sent: the body goes, since it may hold a one-time link; kind, recipient, subject and time stay. */
export async function markMailSent(db: Executor, { id, now }: { id: string; now: Date }) {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: now,
      textBody: null,
      htmlBody: null,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function markMailAttemptFailed(
  db: Executor,
  { id, error, nextAttemptAt }: { id: string; error: string; nextAttemptAt: Date | null },
) {
  await db
    .update(mailOutbox)
    .set({
      status: nextAttemptAt ? 'pending' : 'failed',
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt,
      lastError: error.slice(0, 1000),
    })
    .where(eq(mailOutbox.id, id));
}

/** Sent or given-up e-mails older than `before`: the record of what was sent goes with sign-in events. */
export async function deleteFinishedMailBefore(db: Executor, { before }: { before: Date }): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(and(ne(mailOutbox.status, 'pending'), lt(mailOutbox.createdAt, before)))
    .returning({ id: mailOutbox.id });
  return removed.length;
}

export async function hasKnownDevice(db: Executor, { userId }: { userId: string }): Promise<boolean> {
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Remembers the devices and answers how many were new. A sign-in racing another from the same new
 * device waits for the first to commit and then finds it known, so only one of them counts it.
 */
export async function rememberDevices(
  db: Executor,
  { userId, devices }: { userId: string; devices: KnownDevice[] },
): Promise<number> {
  if (devices.length === 0) return 0;
  const added = await db
    .insert(knownDevices)
    .values(devices.map((device) => ({ userId, ...device })))
    .onConflictDoNothing()
    .returning({ kind: knownDevices.kind });
  return added.length;
}
