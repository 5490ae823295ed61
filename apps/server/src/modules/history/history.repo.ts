import { createHash } from 'node:crypto';
import {
  type Coin,
  type HistoryType,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@vestora/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { pageHourCte, withinPageHour } from '../../db/hourly-pages.ts';

const dialect = new PgDialect();
/** The pages the console opens on most: prepared, they skip a planning that costs more than the run. */
const PREPARED_PAGES = 3;

export type HistoryRow = {
  id: string;
  type: HistoryType;
  mode: string;
  amount_cents: string;
  status: TransactionStatus;
  reason: string | null;
  /** A paid withdrawal's payout reference (its transaction id), as the administrator gave it. */
  payout_reference: string | null;
  created_at: Date;
};

/**
 * Everything that touched one user's money, newest first: deposits and withdrawals with their state,
 * admin adjustments with their reason, plan events from the ledger. A transfer is read from the side
 * the user's money is on (credited, or debited), so one between two of the user's own accounts (an
 * investment, a principal return) is listed once.
 */
export async function listUserHistory(
  db: Executor,
  { userId, type, page, pageSize }: { userId: string; type?: string; page: number; pageSize: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const events = sql`
    select d.id, 'deposit' as type, d.mode, d.amount_cents, d.status, d.decision_reason as reason,
        null as payout_reference, d.created_at
      from deposits d where d.user_id = ${userId}
    union all
    select w.id, 'withdrawal', w.method, w.amount_cents, w.status, w.decision_reason, w.payout_tx_hash,
        w.created_at
      from withdrawals w where w.user_id = ${userId}
    union all
    select t.id,
      case when t.kind = 'admin_credit' then 'adjustment' else 'plan' end,
      case t.kind when 'admin_credit' then 'credit' else t.kind end,
      t.amount_cents, 'approved', t.reason, null, t.created_at
      from ledger_transfers t
      join ledger_accounts a on a.id = t.credit_account_id and a.user_id = ${userId}
      where t.kind in ('admin_credit', 'plan_return', 'principal_return')
    union all
    select t.id,
      case when t.kind = 'admin_debit' then 'adjustment' else 'plan' end,
      case t.kind when 'admin_debit' then 'debit' else t.kind end,
      t.amount_cents, 'approved', t.reason, null, t.created_at
      from ledger_transfers t
      join ledger_accounts a on a.id = t.debit_account_id and a.user_id = ${userId}
      where t.kind in ('admin_debit', 'investment')`;
  const filter = type ? sql`where type = ${type}` : sql``;
  const [rows, totals] = await Promise.all([
    db.execute<HistoryRow>(sql`select * from (${events}) events ${filter}
      order by created_at desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute<{ total: string }>(sql`select count(*)::text as total from (${events}) events ${filter}`),
  ]);
  return { rows: rows.rows, total: Number(totals.rows[0]?.total ?? 0) };
}

export type AdminTransactionRow = {
  id: string;
  type: TransactionType;
  mode: Coin;
  user_id: string;
  full_name: string;
  user_name: string;
  amount_cents: string;
  status: TransactionStatus;
  created_at: Date;
  proof_file_id: string | null;
  address: string | null;
  reason: string | null;
  duplicate_proof: boolean;
};

/**
 * Deposits and withdrawals of everyone, newest first, optionally of one status or type. Paged by
 * key behind the page numbers: the hourly counts say which hour the page's first row was created
 * in (pageHourCte), the rows of that hour are skipped up to it in the (status,) created_at indexes
 * alone, and then only the page's rows are read, from that key on. A deep page costs about what
 * the first one does, not a walk over every row before it. The first pages skip their rows directly.
 */
export async function listAllTransactions(
  db: Database,
  { status, type, page, pageSize }: { status?: string; type?: string; page: number; pageSize: number },
): Promise<{ rows: AdminTransactionRow[]; total: number }> {
  const statusFilter = (alias: string) => (status ? sql`and ${sql.raw(alias)}.status = ${status}` : sql``);
  // Written into the statement, not sent as parameters: a prepared plan for an unknown limit would
  // assume a tenth of the table and sort it. Both are whole numbers checked by the query schema.
  const limit = sql.raw(String(pageSize));
  const sources = TRANSACTION_TYPES.filter((source) => !type || type === source);
  const offset = (page - 1) * pageSize;
  // The first pages skip their few rows directly; summing the hourly counts would cost more.
  const isShallow = page <= PREPARED_PAGES;
  // Each table's own newest keys, through its (status,) created_at index: on the first pages its
  // own limit keeps PostgreSQL from sorting the whole table for a handful of rows.
  const keysOf = (table: 'deposits' | 'withdrawals', alias: string) =>
    isShallow
      ? sql`(select ${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id from ${sql.raw(table)} ${sql.raw(alias)}
          where true ${statusFilter(alias)}
          order by ${sql.raw(alias)}.created_at desc, ${sql.raw(alias)}.id desc limit ${sql.raw(String(offset + 1))})`
      : sql`select ${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id from ${sql.raw(table)} ${sql.raw(alias)}
          where ${withinPageHour(alias)} ${statusFilter(alias)}`;
  // The boundary's key, as two values the index scans below can start from.
  const fromBoundary = (alias: string) =>
    sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) <= ((select created_at from boundary), (select id from boundary))`;
  const keys = [];
  const parts = [];
  if (type !== 'withdrawal') {
    keys.push(keysOf('deposits', 'd'));
    parts.push(sql`(select d.id, 'deposit' as type, d.mode, d.user_id, d.amount_cents, d.status, d.created_at,
      d.proof_file_id, d.address, d.decision_reason as reason from deposits d
      where ${fromBoundary('d')} ${statusFilter('d')}
      order by d.created_at desc, d.id desc limit ${limit})`);
  }
  if (type !== 'deposit') {
    keys.push(keysOf('withdrawals', 'w'));
    parts.push(sql`(select w.id, 'withdrawal' as type, w.method as mode, w.user_id, w.amount_cents, w.status,
      w.created_at, null::uuid as proof_file_id, w.address, w.decision_reason as reason from withdrawals w
      where ${fromBoundary('w')} ${statusFilter('w')}
      order by w.created_at desc, w.id desc limit ${limit})`);
  }
  // One round trip: the total rides along with the page, on a row of its own when the page is empty.
  const query = dialect.sqlToQuery(sql`
    with ${isShallow ? sql`` : sql`${pageHourCte({ sources, status, offset, order: 'desc' })},`}
    boundary as (
      select created_at, id from (${sql.join(keys, sql` union all `)}) keys
      order by created_at desc, id desc offset ${isShallow ? sql.raw(String(offset)) : sql`(select skip from page_hour)`}
      limit 1
    ),
    page as (
      select e.*, u.full_name, u.user_name,
        -- A receipt is reused when an earlier deposit, of anyone, was sent with the same file content.
        -- Nested from the row's own file outwards, so each check is a few index lookups.
        e.proof_file_id is not null and exists (select 1 from stored_files f
          join stored_files same_content on same_content.sha256 = f.sha256 and same_content.id <> f.id
          where f.id = e.proof_file_id and exists (select 1 from deposits earlier
            where earlier.proof_file_id = same_content.id and earlier.created_at < e.created_at)
        ) as duplicate_proof
      from (
        select * from (${sql.join(parts, sql` union all `)}) unioned order by created_at desc, id desc limit ${limit}
      ) e join users u on u.id = e.user_id
    ),
    -- Kept exact by triggers: counting a million rows per page view would cost more than the page.
    total as (
      select coalesce(sum(count), 0)::text as total from transaction_counts
      where true ${type ? sql`and type = ${type}` : sql``} ${status ? sql`and status = ${status}` : sql``}
    )
    select total.total, page.* from total left join page on true
    order by page.created_at desc, page.id desc`);
  const name =
    page <= PREPARED_PAGES
      ? `admin_transactions_${createHash('sha256').update(query.sql).digest('hex').slice(0, 16)}`
      : undefined;
  const result = await db.$client.query<Partial<AdminTransactionRow> & { total: string }>({
    name,
    text: query.sql,
    values: query.params,
  });
  const rows = result.rows.filter((row): row is AdminTransactionRow & { total: string } => row.id != null);
  return { rows, total: Number(result.rows[0]?.total ?? 0) };
}
