import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { TransferKind } from '../../db/schema/index.ts';

/** A user's name, whatever their status: a closed account's statement stays readable by the operator. */
export async function findUserName(db: Executor, { userId }: { userId: string }) {
  const result = await db.execute<{ user_name: string }>(
    sql`select user_name from users where id = ${userId}`,
  );
  return result.rows[0]?.user_name;
}

/**
 * Takes one of the person's export slots for this transaction (released at its end, a crash
 * included), on every server sharing the database; false when all are taken.
 */
export async function tryTakeExportSlot(
  db: Executor,
  { personId, slots }: { personId: string; slots: number },
): Promise<boolean> {
  for (let slot = 0; slot < slots; slot += 1) {
    const result = await db.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`statement:${personId}:${slot}`}, 7215)) as locked`,
    );
    if (result.rows[0]?.locked === true) return true;
  }
  return false;
}

/** The id of the user's available balance, the one the account balance shows; none before their first movement. */
export async function findAvailableAccountId(db: Executor, { userId }: { userId: string }) {
  const result = await db.execute<{ id: string }>(sql`select id from ledger_accounts
    where user_id = ${userId} and kind = 'available'`);
  return result.rows[0]?.id;
}

/** The account's balance just before `before`: the sum of every movement until then. */
export async function sumMovementsBefore(
  db: Executor,
  { accountId, before }: { accountId: string; before: string },
): Promise<bigint> {
  const result = await db.execute<{ total: string }>(sql`select coalesce(sum(delta), 0)::text as total from (
      select t.amount_cents as delta from ledger_transfers t
        where t.credit_account_id = ${accountId} and t.created_at < ${before}::timestamptz
      union all
      select -t.amount_cents from ledger_transfers t
        where t.debit_account_id = ${accountId} and t.created_at < ${before}::timestamptz
    ) movements`);
  return BigInt(result.rows[0]?.total ?? '0');
}

export type MovementRow = {
  id: string;
  /** The exact time, as PostgreSQL writes it: the key the next page starts after. */
  position: string;
  /** YYYY-MM-DD HH:MM:SS in UTC, which spreadsheets read as a date and time. */
  at: string;
  kind: TransferKind;
  reference_id: string;
  delta_cents: string;
  balance_after_cents: string;
  reason: string | null;
  payout_tx_hash: string | null;
};

/**
 * One page of the account's movements in time order (ties by id, so the order is the same on
 * every read), each signed (+ into the account, − out of it) with the balance after it: the
 * balance before the page plus the running sum over the page. Each side of the transfers is read
 * through its (account, created_at, id) index from the key on, so a page costs the same however
 * deep into a long history it is.
 */
export async function listMovementsPage(
  db: Executor,
  {
    accountId,
    after,
    from,
    until,
    openingCents,
    limit,
  }: {
    accountId: string;
    after: { position: string; id: string } | null;
    from: string;
    until: string;
    openingCents: bigint;
    limit: number;
  },
): Promise<MovementRow[]> {
  const onPage = (alias: string) => sql`${sql.raw(alias)}.created_at >= ${from}::timestamptz
    and ${sql.raw(alias)}.created_at < ${until}::timestamptz
    ${after ? sql`and (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) > (${after.position}::timestamptz, ${after.id}::uuid)` : sql``}`;
  const result = await db.execute<MovementRow>(sql`
    select m.id, m.created_at::text as position,
      to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at,
      m.kind, m.reference_id, m.delta::text as delta_cents,
      (${openingCents.toString()}::bigint + sum(m.delta) over (order by m.created_at, m.id))::text as balance_after_cents,
      m.reason, w.payout_tx_hash
    from (
      (select c.id, c.created_at, c.kind, c.reference_id, c.amount_cents as delta, c.reason
        from ledger_transfers c where c.credit_account_id = ${accountId} and ${onPage('c')}
        order by c.created_at, c.id limit ${limit})
      union all
      (select d.id, d.created_at, d.kind, d.reference_id, -d.amount_cents, d.reason
        from ledger_transfers d where d.debit_account_id = ${accountId} and ${onPage('d')}
        order by d.created_at, d.id limit ${limit})
    ) m
    left join withdrawals w on w.id = m.reference_id and m.kind = 'withdrawal_hold'
    order by m.created_at, m.id
    limit ${limit}`);
  return result.rows;
}
