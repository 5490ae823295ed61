import type { SortOrder, TransactionStatus, UserSortField } from '@vestora/shared';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageHourCte, withinPageHour } from '../../db/hourly-pages.ts';
import { ledgerAccounts, userCounts, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export interface RecentDeposit {
  _id: string;
  mode: string;
  amount_cents: string;
  status: TransactionStatus;
  created_at: string;
}

const toBigint = (value: unknown) => BigInt(String(value ?? 0));
/**
 * The money figures of the user record, read from the ledger and the deposit and withdrawal tables
 * in the same statement as the user, so a profile is one round trip. `owner` is the user's id as a
 * value when one user is read (the planner then sizes each subquery for that user, even when one
 * whale owns most rows), or the correlated column when a page of users is listed.
 */
function userFigures(owner: SQL) {
  return {
    availableCents: sql<bigint>`coalesce((select la.balance_cents from ledger_accounts la
      where la.user_id = ${owner} and la.kind = 'available'), 0)`.mapWith(toBigint),
    totalDepositCents: sql<bigint>`coalesce((select sum(d.amount_cents) from deposits d
      where d.user_id = ${owner} and d.status = 'approved'), 0)`.mapWith(toBigint),
    totalWithdrawnCents: sql<bigint>`coalesce((select sum(w.amount_cents) from withdrawals w
      where w.user_id = ${owner} and w.payout_state = 'paid'), 0)`.mapWith(toBigint),
    planReturnCents: sql<bigint>`coalesce((select sum(t.amount_cents) from ledger_transfers t
      join ledger_accounts la on la.id = t.credit_account_id
      where la.user_id = ${owner} and t.kind = 'plan_return'), 0)`.mapWith(toBigint),
  };
}
// Qualified by hand: inside the subqueries a bare "id" would be ambiguous.
const eachListedUser = sql.raw('users.id');

export type UserFigures = {
  availableCents: bigint;
  totalDepositCents: bigint;
  totalWithdrawnCents: bigint;
  planReturnCents: bigint;
  recentDeposits?: RecentDeposit[];
};
export type UserWithFigures = UserFigures & { user: UserRow };

/** The user's newest deposits, for the `deposits` list of the record. */
function recentDepositsOf(owner: SQL) {
  return sql<RecentDeposit[]>`(select coalesce(json_agg(recent), '[]'::json) from (
    select d.id as "_id", d.mode, d.amount_cents::text as amount_cents, d.status, d.created_at
    from deposits d where d.user_id = ${owner} order by d.created_at desc limit 20) recent)`;
}

export async function findUserRecord(
  db: Executor,
  { id }: { id: string },
): Promise<UserWithFigures | undefined> {
  const [row] = await db
    .select({
      user: users,
      ...userFigures(sql`${id}::uuid`),
      recentDeposits: recentDepositsOf(sql`${id}::uuid`),
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * The columns of a listed user's own record besides the row: the money figures and newest deposits,
 * for a query that reads the user along with something else (the profile read's session).
 */
export function userRecordColumns() {
  return { ...userFigures(eachListedUser), recentDeposits: recentDepositsOf(eachListedUser) };
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

/**
 * What each sort reads. Case-insensitive names: user names walk their unique lower() index, the
 * newest-first default walks the partial (created_at, id) index of active users alone, without
 * reading a row it skips; full name and balance are top-N sorts.
 */
const SORT_EXPRESSIONS: Record<UserSortField, SQL> = {
  createdAt: sql`${users.createdAt}`,
  fullName: sql`lower(${users.fullName})`,
  userName: sql`lower(${users.userName})`,
  balance: sql`coalesce(${ledgerAccounts.balanceCents}, 0)`,
};

/** A case-insensitive "contains" over full name, e-mail and user name; LIKE wildcards typed are literal. */
function matchesSearch(q: string): SQL | undefined {
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(
    sql`lower(${users.fullName}) like lower(${pattern})`,
    sql`lower(${users.email}) like lower(${pattern})`,
    sql`lower(${users.userName}) like lower(${pattern})`,
  );
}

/**
 * The first active user of a page in creation order, found from the hourly counts (pageHourCte)
 * and the created_at index of that hour alone, whatever the page's depth; none past the end. The
 * time comes back as PostgreSQL's text, to the microsecond a JavaScript date would round away.
 */
async function findPageStart(
  db: Executor,
  { offset, order }: { offset: number; order: SortOrder },
): Promise<{ createdAt: string; id: string } | undefined> {
  const direction = sql.raw(order);
  const result = await db.execute<{ created_at: string; id: string }>(sql`
    with ${pageHourCte({ sources: ['user'], status: 'active', offset, order })}
    select u.created_at::text as created_at, u.id from users u
    where u.status = 'active' and ${withinPageHour('u')}
    order by u.created_at ${direction}, u.id ${direction} offset (select skip from page_hour) limit 1`);
  const [row] = result.rows;
  return row ? { createdAt: row.created_at, id: row.id } : undefined;
}

export async function listActiveUsers(
  db: Executor,
  query: { page: number; pageSize: number; q?: string; sort: UserSortField; order: SortOrder },
): Promise<{ rows: UserWithFigures[]; total: number }> {
  const where = and(eq(users.status, 'active'), query.q ? matchesSearch(query.q) : undefined);
  const direction = query.order === 'asc' ? asc : desc;
  const sortKey = SORT_EXPRESSIONS[query.sort];
  const pageIds = db
    .select({ id: users.id, sortKey: sql`${sortKey}`.as('sort_key') })
    .from(users)
    .$dynamic();
  if (query.sort === 'balance') {
    pageIds.leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'available')),
    );
  }
  const offset = (query.page - 1) * query.pageSize;
  // Newest (or oldest) first without a search, the common case, pages by key: see findPageStart.
  const isByCreation = query.sort === 'createdAt' && !query.q;
  const start = isByCreation ? await findPageStart(db, { offset, order: query.order }) : undefined;
  const fromStart = start
    ? sql`(${users.createdAt}, ${users.id}) ${sql.raw(query.order === 'asc' ? '>=' : '<=')} (${start.createdAt}::timestamptz, ${start.id}::uuid)`
    : isByCreation
      ? sql`false`
      : undefined;
  // The page's ids first: the money figures are then computed for its rows only, not for every
  // row an offset skips.
  const page = pageIds
    .where(and(where, fromStart))
    .orderBy(direction(sortKey), direction(users.id))
    .limit(query.pageSize)
    .offset(isByCreation ? 0 : offset)
    .as('page');
  const [rows, [totals]] = await Promise.all([
    db
      .select({ user: users, ...userFigures(eachListedUser) })
      .from(page)
      .innerJoin(users, eq(users.id, page.id))
      .orderBy(direction(page.sortKey), direction(page.id)),
    // Without a search, the kept count of active accounts: counting a million rows per page costs more than the page.
    query.q
      ? db.select({ total: count() }).from(users).where(where)
      : db.select({ total: userCounts.count }).from(userCounts).where(eq(userCounts.status, 'active')),
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

/** Locks an active user's row: `update` to delete it, `share` to move their money meanwhile. */
export type UserLockMode = 'update' | 'no key update' | 'share';

export async function lockActiveUser(
  db: Executor,
  { id, mode }: { id: string; mode: UserLockMode },
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active')))
    .for(mode);
  return row;
}

export async function setUserSuspended(
  db: Executor,
  { id, suspended }: { id: string; suspended: boolean },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ suspended })
    .where(and(eq(users.id, id), eq(users.status, 'active')))
    .returning();
  return row;
}

/**
 * What still ties a user to money, read in one statement so the answer is one consistent snapshot:
 * a deposit being approved is either still pending here or already in the balance.
 */
export async function findOpenMoney(
  db: Executor,
  { id }: { id: string },
): Promise<{
  hasPendingDeposit: boolean;
  hasPendingWithdrawal: boolean;
  hasActivePlan: boolean;
  hasBalance: boolean;
}> {
  const result = await db.execute<{
    has_pending_deposit: boolean;
    has_pending_withdrawal: boolean;
    has_active_plan: boolean;
    has_balance: boolean;
  }>(sql`select
    exists(select 1 from deposits where user_id = ${id} and status = 'pending') as has_pending_deposit,
    exists(select 1 from withdrawals where user_id = ${id}
      and (status = 'pending' or payout_state in ('awaitingPayment', 'broadcast'))) as has_pending_withdrawal,
    exists(select 1 from investments where user_id = ${id} and status = 'active') as has_active_plan,
    exists(select 1 from ledger_accounts where user_id = ${id} and balance_cents <> 0) as has_balance`);
  const row = result.rows[0];
  return {
    hasPendingDeposit: row?.has_pending_deposit === true,
    hasPendingWithdrawal: row?.has_pending_withdrawal === true,
    hasActivePlan: row?.has_active_plan === true,
    hasBalance: row?.has_balance === true,
  };
}

/** Deactivates the account; the row stays, so the ledger and the history keep their owner. */
export async function markUserDeleted(db: Executor, { id }: { id: string }): Promise<void> {
  await db.update(users).set({ status: 'deleted', closedAt: sql`now()` }).where(eq(users.id, id));
}
