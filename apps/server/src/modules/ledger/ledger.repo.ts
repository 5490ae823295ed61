import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type AccountKind, ledgerAccounts, ledgerTransfers } from '../../db/schema/index.ts';

export type NewTransfer = typeof ledgerTransfers.$inferInsert;
export type UserAccountKind = Extract<AccountKind, 'available' | 'withdrawal_hold' | 'invested'>;
export const USER_ACCOUNT_KINDS: UserAccountKind[] = ['available', 'withdrawal_hold', 'invested'];

export async function ensureUserAccounts(db: Executor, { userId }: { userId: string }): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(USER_ACCOUNT_KINDS.map((kind) => ({ userId, kind })))
    .onConflictDoNothing();
}

/**
 * Where money enters and leaves the platform: deposits received, withdrawals paid out, admin
 * adjustments, operator funding. They run negative by design and nearly every transfer touches one
 * of them, so their balances are derived from the transfers when read, instead of kept in a row that
 * every posting would have to lock in turn.
 */
export const OPEN_PLATFORM_KINDS = ['deposits', 'withdrawals', 'adjustments', 'operator_funding'] as const;
const openKindsList = sql.raw(`(${OPEN_PLATFORM_KINDS.map((kind) => `'${kind}'`).join(', ')})`);

export interface AccountRow {
  id: string;
  userId: string | null;
  kind: AccountKind;
}

/** The platform accounts of `kinds` and every account of `userIds`, in one round trip. */
export async function findAccounts(
  db: Executor,
  { platformKinds, userIds }: { platformKinds: AccountKind[]; userIds: string[] },
): Promise<AccountRow[]> {
  // An empty list renders as `false`, so either side may be absent.
  return db
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(
      or(
        and(isNull(ledgerAccounts.userId), inArray(ledgerAccounts.kind, platformKinds)),
        inArray(ledgerAccounts.userId, userIds),
      ),
    );
}

/**
 * Adds `deltaCents` to a kept balance, unless `mustStayCovered` and the result would be negative:
 * one statement that locks the row, checks against the balance as committed by any posting it
 * waited for, and writes. Returns whether it changed the balance.
 */
export async function addToBalance(
  db: Executor,
  { id, deltaCents, mustStayCovered }: { id: string; deltaCents: bigint; mustStayCovered: boolean },
): Promise<boolean> {
  const rows = await db
    .update(ledgerAccounts)
    .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${deltaCents}` })
    .where(
      and(
        eq(ledgerAccounts.id, id),
        mustStayCovered ? sql`${ledgerAccounts.balanceCents} + ${deltaCents} >= 0` : undefined,
      ),
    )
    .returning({ id: ledgerAccounts.id });
  return rows.length === 1;
}

export async function insertTransfers(db: Executor, rows: NewTransfer[]) {
  return db.insert(ledgerTransfers).values(rows).onConflictDoNothing().returning({ id: ledgerTransfers.id });
}

export async function readLedgerHealth(db: Executor) {
  const result = await db.execute<{
    total_cents: string;
    negative_user_accounts: string;
    mismatched_accounts: string;
    unsettled_deposits: string;
    unsettled_withdrawals: string;
    platform: { kind: AccountKind; balanceCents: string }[];
  }>(sql`
    with flows as (
      select account_id, sum(delta) as net from (
        select credit_account_id as account_id, amount_cents as delta from ledger_transfers
        union all
        select debit_account_id, -amount_cents from ledger_transfers
      ) movements group by account_id
    ),
    balances as (
      select a.user_id, a.kind, a.balance_cents as stored, coalesce(f.net, 0) as net,
        a.user_id is null and a.kind in ${openKindsList} as is_open
      from ledger_accounts a left join flows f on f.account_id = a.id
    )
    select
      (select coalesce(sum(case when is_open then net else stored end), 0) from balances)::text as total_cents,
      (select count(*) from balances where user_id is not null and stored < 0)::text as negative_user_accounts,
      -- A kept balance must equal its transfers; an open account keeps none.
      (select count(*) from balances
        where case when is_open then stored <> 0 else stored <> net end)::text as mismatched_accounts,
      (select count(*) from deposits d where d.status = 'approved' and (
        select count(*) from ledger_transfers t where t.reference_id = d.id and t.kind = 'deposit') <> 1
      )::text as unsettled_deposits,
      (select count(*) from withdrawals w where w.status <> 'pending' and (
        select count(*) from ledger_transfers t where t.reference_id = w.id
          and t.kind in ('withdrawal_payout', 'withdrawal_release')) <> 1
      )::text as unsettled_withdrawals,
      (select json_agg(json_build_object('kind', kind,
          'balanceCents', (case when is_open then net else stored end)::text) order by kind)
        from balances where user_id is null) as platform
  `);
  const [row] = result.rows;
  if (!row) throw new Error('ledger health query returned nothing');
  return row;
}
