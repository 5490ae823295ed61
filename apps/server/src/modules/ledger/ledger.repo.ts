import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type AccountKind, ledgerHealthReports, type TransferKind } from '../../db/schema/index.ts';

export type UserAccountKind = Extract<AccountKind, 'available' | 'withdrawal_hold' | 'invested'>;

/**
 * Where money enters and leaves the platform: deposits received, withdrawals paid out, admin
 * adjustments, operator funding. They run negative by design and nearly every transfer touches one
 * of them, so their balances are derived from the transfers when read, instead of kept in a row that
 * every posting would have to lock in turn. The post_transfers function (migrations 0012 and 0021) names them too.
 */
const OPEN_PLATFORM_KINDS = ['deposits', 'withdrawals', 'adjustments', 'operator_funding'] as const;
const openKindsList = sql.raw(`(${OPEN_PLATFORM_KINDS.map((kind) => `'${kind}'`).join(', ')})`);

/** One transfer as post_transfers takes it: each side a user's account, or a platform account (null user). */
export interface TransferRow {
  fromUserId: string | null;
  fromKind: AccountKind;
  toUserId: string | null;
  toKind: AccountKind;
  amountCents: bigint;
  kind: TransferKind;
  referenceType: 'deposit' | 'withdrawal' | 'adjustment' | 'investment' | 'reserve';
  referenceId: string;
  settlementKey: string;
  actorId: string | null;
  reason: string | null;
}

/** Raised by post_transfers: a balance that must stay covered would go below zero. */
export const INSUFFICIENT_BALANCE_CODE = 'V0001';
/** Raised by post_transfers: a settlement key of the transfers is already used. */
export const ALREADY_SETTLED_CODE = 'V0002';

/**
 * Posts the transfers with one statement, the post_transfers function (migrations 0012 and 0021): it opens
 * a user's accounts on their first movement, changes each kept balance in account id order and
 * writes the transfer rows. Raises INSUFFICIENT_BALANCE_CODE or ALREADY_SETTLED_CODE on refusal.
 */
export async function callPostTransfers(db: Executor, rows: TransferRow[]): Promise<void> {
  const column = <T>(pick: (row: TransferRow) => T) => sql.param(rows.map(pick));
  await db.execute(sql`select post_transfers(
    ${column((row) => row.fromUserId)}::uuid[], ${column((row) => row.fromKind)}::text[],
    ${column((row) => row.toUserId)}::uuid[], ${column((row) => row.toKind)}::text[],
    ${column((row) => row.amountCents.toString())}::bigint[], ${column((row) => row.kind)}::text[],
    ${column((row) => row.referenceType)}::text[], ${column((row) => row.referenceId)}::uuid[],
    ${column((row) => row.settlementKey)}::text[], ${column((row) => row.actorId)}::uuid[],
    ${column((row) => row.reason)}::text[])`);
}

/** A kept platform balance, locked for the rest of the transaction. */
export async function lockPlatformBalance(db: Executor, { kind }: { kind: AccountKind }): Promise<bigint> {
  const result = await db.execute<{ balance_cents: string }>(sql`select balance_cents::text
    from ledger_accounts where user_id is null and kind = ${kind} for update`);
  const [row] = result.rows;
  if (!row) throw new Error(`platform account ${kind} is missing`);
  return BigInt(row.balance_cents);
}

/**
 * A kept platform balance as the caller's transaction sees it, without a lock: a reader that spends
 * nothing (a solvency snapshot) must not hold up the payer.
 */
export async function readPlatformBalance(db: Executor, { kind }: { kind: AccountKind }): Promise<bigint> {
  const result = await db.execute<{ balance_cents: string }>(sql`select balance_cents::text
    from ledger_accounts where user_id is null and kind = ${kind}`);
  const [row] = result.rows;
  if (!row) throw new Error(`platform account ${kind} is missing`);
  return BigInt(row.balance_cents);
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
      -- Declined or paid: settled once. Pending or approved and waiting for its payment: held still.
      (select count(*) from withdrawals w where (
        select count(*) from ledger_transfers t where t.reference_id = w.id
          and t.kind in ('withdrawal_payout', 'withdrawal_release'))
        <> case when w.status = 'rejected' or w.payout_state = 'paid' then 1 else 0 end
      )::text as unsettled_withdrawals,
      (select json_agg(json_build_object('kind', kind,
          'balanceCents', (case when is_open then net else stored end)::text) order by kind)
        from balances where user_id is null) as platform
  `);
  const [row] = result.rows;
  if (!row) throw new Error('ledger health query returned nothing');
  return row;
}

/** Keeps the latest health report, replacing the one before. */
export async function saveLedgerHealthReport(
  db: Executor,
  { report, checkedAt }: { report: object; checkedAt: Date },
): Promise<void> {
  await db
    .insert(ledgerHealthReports)
    .values({ id: 1, report, checkedAt })
    .onConflictDoUpdate({ target: ledgerHealthReports.id, set: { report, checkedAt } });
}

/** The latest health report, when it was computed after `since`. */
export async function readLedgerHealthReport(db: Executor, { since }: { since: Date }): Promise<unknown> {
  const [row] = await db
    .select({ report: ledgerHealthReports.report })
    .from(ledgerHealthReports)
    .where(and(eq(ledgerHealthReports.id, 1), gt(ledgerHealthReports.checkedAt, since)));
  return row?.report;
}
