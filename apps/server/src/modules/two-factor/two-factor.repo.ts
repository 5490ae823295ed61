import { and, count, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginEvents, users } from '../../db/schema/index.ts';

export type NewLoginEvent = typeof loginEvents.$inferInsert;

export async function findTwoFactorRow(db: Executor, { userId }: { userId: string }) {
  const [row] = await db
    .select({
      email: users.email,
      fullName: users.fullName,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      recoveryCodesLeft: sql<number>`cardinality(${users.totpRecoveryHashes})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function setPendingSecret(db: Executor, { userId, secret }: { userId: string; secret: string }) {
  await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

export async function enableTwoFactor(
  db: Executor,
  { userId, recoveryHashes, now }: { userId: string; recoveryHashes: string[]; now: Date },
) {
  await db
    .update(users)
    .set({ totpEnabledAt: now, totpRecoveryHashes: recoveryHashes })
    .where(eq(users.id, userId));
}

export async function disableTwoFactor(db: Executor, { userId }: { userId: string }) {
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpRecoveryHashes: [] })
    .where(eq(users.id, userId));
}

export async function replaceRecoveryCodes(
  db: Executor,
  { userId, recoveryHashes }: { userId: string; recoveryHashes: string[] },
) {
  await db.update(users).set({ totpRecoveryHashes: recoveryHashes }).where(eq(users.id, userId));
}

/** Claims a code's time step atomically: the same code (or an older one) never works twice. */
export async function claimTotpStep(db: Executor, { userId, step }: { userId: string; step: number }) {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

/** Uses up one recovery code, atomically. */
export async function claimRecoveryCode(db: Executor, { userId, hash }: { userId: string; hash: string }) {
  const claimed = await db
    .update(users)
    .set({ totpRecoveryHashes: sql`array_remove(${users.totpRecoveryHashes}, ${hash})` })
    .where(and(eq(users.id, userId), sql`${hash} = any(${users.totpRecoveryHashes})`))
    .returning({ id: users.id });
  return claimed.length === 1;
}

export async function countAdminsWithoutTwoFactor(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, 'active'), isNull(users.totpEnabledAt)));
  return row?.total ?? 0;
}

export async function insertLoginEvent(db: Executor, values: NewLoginEvent): Promise<void> {
  await db.insert(loginEvents).values(values);
}

export async function listLoginEventRows(
  db: Executor,
  { userId, page, pageSize }: { userId: string; page: number; pageSize: number },
) {
  const mine = eq(loginEvents.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(loginEvents)
      .where(mine)
      .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(loginEvents)
      .where(and(mine, isNotNull(loginEvents.id))),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
