import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
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

export async function findUserAccountId(
  db: Executor,
  { userId, kind }: { userId: string; kind: UserAccountKind },
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)));
  return row?.id;
}

export async function findPlatformAccountId(db: Executor, { kind }: { kind: AccountKind }): Promise<string> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.kind, kind)));
  if (!row) throw new Error(`platform account ${kind} is missing`);
  return row.id;
}

/** Locks the accounts in one fixed order (by id), so concurrent transfers can never deadlock. */
export async function lockAccounts(db: Executor, { ids }: { ids: string[] }) {
  return db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    .for('update');
}

export async function insertTransfers(db: Executor, rows: NewTransfer[]) {
  return db.insert(ledgerTransfers).values(rows).onConflictDoNothing().returning({ id: ledgerTransfers.id });
}

export async function addToBalance(db: Executor, { id, deltaCents }: { id: string; deltaCents: bigint }) {
  await db
    .update(ledgerAccounts)
    .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${deltaCents}` })
    .where(eq(ledgerAccounts.id, id));
}

export async function readLedgerHealth(db: Executor) {
  const result = await db.execute<{
    total_cents: string;
    negative_user_accounts: string;
    mismatched_accounts: string;
    unsettled_deposits: string;
    unsettled_withdrawals: string;
  }>(sql`
    with flows as (
      select account_id, sum(delta) as net from (
        select credit_account_id as account_id, amount_cents as delta from ledger_transfers
        union all
        select debit_account_id, -amount_cents from ledger_transfers
      ) movements group by account_id
    )
    select
      (select coalesce(sum(balance_cents), 0) from ledger_accounts)::text as total_cents,
      (select count(*) from ledger_accounts where user_id is not null and balance_cents < 0)::text
        as negative_user_accounts,
      (select count(*) from ledger_accounts a left join flows f on f.account_id = a.id
        where a.balance_cents <> coalesce(f.net, 0))::text as mismatched_accounts,
      (select count(*) from deposits d where d.status = 'approved' and (
        select count(*) from ledger_transfers t where t.reference_id = d.id and t.kind = 'deposit') <> 1
      )::text as unsettled_deposits,
      (select count(*) from withdrawals w where w.status <> 'pending' and (
        select count(*) from ledger_transfers t where t.reference_id = w.id
          and t.kind in ('withdrawal_payout', 'withdrawal_release')) <> 1
      )::text as unsettled_withdrawals
  `);
  const platform = await db
    .select({ kind: ledgerAccounts.kind, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(isNull(ledgerAccounts.userId));
  const [row] = result.rows;
  if (!row) throw new Error('ledger health query returned nothing');
  return { ...row, platform };
}
