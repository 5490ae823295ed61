import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PasskeyPurpose, passkeyChallenges, passkeys } from '../../db/schema/index.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type PasskeyChallengeRow = typeof passkeyChallenges.$inferSelect;

export async function listPasskeysOfUser(db: Executor, { userId }: { userId: string }) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeysOfUser(db: Executor, { userId }: { userId: string }): Promise<number> {
  const [row] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.total ?? 0;
}

export async function findPasskeyByCredentialId(
  db: Executor,
  { credentialId }: { credentialId: string },
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(db: Executor, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  if (!row) throw new Error('insert into passkeys returned no row');
  return row;
}

/**
 * Records a verified use. The counter moves only forward, compared in the statement: two answers
 * of one authenticator checked at once cannot both write and leave the lower one standing.
 */
export async function recordPasskeyUse(
  db: Executor,
  input: { id: string; counter: number; isBackedUp: boolean; usedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: input.counter, isBackedUp: input.isBackedUp, lastUsedAt: input.usedAt })
    .where(
      and(eq(passkeys.id, input.id), sql`(${passkeys.counter} < ${input.counter} OR ${input.counter} = 0)`),
    )
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** Turns a credential off for good: a copy of it was seen. */
export async function disablePasskey(db: Executor, { id, at }: { id: string; at: Date }): Promise<void> {
  await db.update(passkeys).set({ disabledAt: at }).where(eq(passkeys.id, id));
}

export async function findPasskeyById(db: Executor, { id }: { id: string }): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return row;
}

export async function deletePasskey(
  db: Executor,
  { userId, id }: { userId: string; id: string },
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskeysOfUser(db: Executor, { userId }: { userId: string }): Promise<number> {
  const rows = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return rows.length;
}

export async function insertChallenge(
  db: Executor,
  values: typeof passkeyChallenges.$inferInsert,
): Promise<PasskeyChallengeRow> {
  const [row] = await db.insert(passkeyChallenges).values(values).returning();
  if (!row) throw new Error('insert into passkey_challenges returned no row');
  return row;
}

/**
 * Takes a challenge for its one use: the row is deleted as it is read, so of two answers racing
 * for it one gets the row and the other waits on its lock and then finds nothing.
 */
export async function takeChallenge(
  db: Executor,
  { id, purpose }: { id: string; purpose: PasskeyPurpose },
): Promise<PasskeyChallengeRow | undefined> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.purpose, purpose)))
    .returning();
  return row;
}

/**
 * The registrations the account started and has not finished. A passkey added voids them: one
 * started by password while the account had none must not add a second after the first.
 */
export async function deleteRegistrationChallengesOfUser(
  db: Executor,
  { userId }: { userId: string },
): Promise<number> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.userId, userId), eq(passkeyChallenges.purpose, 'register')))
    .returning({ id: passkeyChallenges.id });
  return rows.length;
}

export async function deleteExpiredChallenges(db: Executor, { now }: { now: Date }): Promise<number> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, now))
    .returning({ id: passkeyChallenges.id });
  return rows.length;
}
