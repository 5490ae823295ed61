import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export interface RecentDeposit {
  _id: string;
  mode: string;
  amount_cents: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
}

const toBigint = (value: unknown) => BigInt(String(value ?? 0));
// Qualified by hand: inside the subqueries a bare "id" would be ambiguous.
const userId = sql.raw('users.id');

/**
 * The money figures of the user record, read from the ledger and the deposit and withdrawal tables
 * in the same statement as the user, so a profile is one round trip.
 */
const userFigures = {
  availableCents: sql<bigint>`coalesce((select la.balance_cents from ledger_accounts la
    where la.user_id = ${userId} and la.kind = 'available'), 0)`.mapWith(toBigint),
  totalDepositCents: sql<bigint>`coalesce((select sum(d.amount_cents) from deposits d
    where d.user_id = ${userId} and d.status = 'approved'), 0)`.mapWith(toBigint),
  totalWithdrawnCents: sql<bigint>`coalesce((select sum(w.amount_cents) from withdrawals w
    where w.user_id = ${userId} and w.status = 'approved'), 0)`.mapWith(toBigint),
  planReturnCents: sql<bigint>`coalesce((select sum(t.amount_cents) from ledger_transfers t
    join ledger_accounts la on la.id = t.credit_account_id
    where la.user_id = ${userId} and t.kind = 'plan_return'), 0)`.mapWith(toBigint),
};

export type UserFigures = {
  availableCents: bigint;
  totalDepositCents: bigint;
  totalWithdrawnCents: bigint;
  planReturnCents: bigint;
  recentDeposits?: RecentDeposit[];
};
export type UserWithFigures = UserFigures & { user: UserRow };

export async function findUserRecord(
  db: Executor,
  { id }: { id: string },
): Promise<UserWithFigures | undefined> {
  const [row] = await db
    .select({
      user: users,
      ...userFigures,
      recentDeposits: sql<RecentDeposit[]>`(select coalesce(json_agg(recent), '[]'::json) from (
        select d.id as "_id", d.mode, d.amount_cents::text as amount_cents, d.status, d.created_at
        from deposits d where d.user_id = ${userId} order by d.created_at desc limit 20) recent)`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, { id }: { id: string }): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Matches an e-mail or a user name, ignoring case, as the sign-in field accepts either. */
export async function findUserByLogin(
  db: Executor,
  { userNameOrEmail }: { userNameOrEmail: string },
): Promise<UserRow | undefined> {
  const login = userNameOrEmail.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${login}`, sql`lower(${users.userName}) = ${login}`))
    .limit(1);
  return row;
}

export async function findUserConflicts(
  db: Executor,
  { email, userName }: { email: string; userName: string },
): Promise<{ emailTaken: boolean; userNameTaken: boolean }> {
  const rows = await db
    .select({ email: users.email, userName: users.userName })
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        sql`lower(${users.userName}) = ${userName.toLowerCase()}`,
      ),
    );
  return {
    emailTaken: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
    userNameTaken: rows.some((row) => row.userName.toLowerCase() === userName.toLowerCase()),
  };
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function hasAdmin(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return row !== undefined;
}

export async function listActiveUsers(
  db: Executor,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: UserWithFigures[]; total: number }> {
  const isActive = eq(users.status, 'active');
  const [rows, [totals]] = await Promise.all([
    db
      .select({ user: users, ...userFigures })
      .from(users)
      .where(isActive)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).where(isActive),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function setUserVerified(db: Executor, { id }: { id: string }): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ isVerified: true })
    .where(and(eq(users.id, id), eq(users.status, 'active')))
    .returning();
  return row;
}

export async function markUserLoggedIn(db: Executor, { id }: { id: string }): Promise<void> {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, id));
}
