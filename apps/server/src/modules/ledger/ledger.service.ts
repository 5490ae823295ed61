import { type LedgerHealth, MESSAGES } from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import type { AccountKind, TransferKind } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { postgresCode } from '../../lib/transaction.ts';
import {
  ALREADY_SETTLED_CODE,
  callPostTransfers,
  INSUFFICIENT_BALANCE_CODE,
  lockPlatformBalance,
  readLedgerHealth,
  readLedgerHealthReport,
  readPlatformBalance,
  saveLedgerHealthReport,
  type UserAccountKind,
} from './ledger.repo.ts';

export type AccountRef = { userId: string; kind: UserAccountKind } | { platform: AccountKind };

export interface TransferRequest {
  from: AccountRef;
  to: AccountRef;
  amountCents: bigint;
  kind: TransferKind;
  reference: { type: 'deposit' | 'withdrawal' | 'adjustment' | 'investment' | 'reserve'; id: string };
  /** Unique per settlement: the same deposit can never be credited twice. */
  settlementKey: string;
  actorId?: string | null;
  reason?: string | null;
}

/**
 * The only way money moves. Posts the transfers inside the caller's transaction, in one round trip
 * (the post_transfers function): changes each kept balance in one fixed order (by account id, so two
 * postings never wait on each other in a cycle), refusing to take a user account or the yield
 * reserve below zero, and writes the immutable transfer rows with them. Open platform accounts keep
 * no balance to change (OPEN_PLATFORM_KINDS). A refusal leaves the caller's transaction aborted, so
 * it must end there: the AppError thrown rolls it back.
 */
export async function postTransfers(db: Executor, transfers: TransferRequest[]): Promise<void> {
  if (transfers.some((transfer) => transfer.amountCents <= 0n)) {
    throw new Error('transfer amounts must be positive');
  }
  try {
    await callPostTransfers(
      db,
      transfers.map((transfer) => ({
        fromUserId: 'userId' in transfer.from ? transfer.from.userId : null,
        fromKind: 'userId' in transfer.from ? transfer.from.kind : transfer.from.platform,
        toUserId: 'userId' in transfer.to ? transfer.to.userId : null,
        toKind: 'userId' in transfer.to ? transfer.to.kind : transfer.to.platform,
        amountCents: transfer.amountCents,
        kind: transfer.kind,
        referenceType: transfer.reference.type,
        referenceId: transfer.reference.id,
        settlementKey: transfer.settlementKey,
        actorId: transfer.actorId ?? null,
        reason: transfer.reason ?? null,
      })),
    );
  } catch (error) {
    const code = postgresCode(error);
    if (code === INSUFFICIENT_BALANCE_CODE) throw new AppError('CONFLICT', MESSAGES.insufficientBalance);
    if (code === ALREADY_SETTLED_CODE) throw new AppError('CONFLICT', MESSAGES.alreadyProcessed);
    throw error;
  }
}

/**
 * The yield reserve's balance, locked until the transaction ends: a payout batch that reads it can
 * spend exactly that much, and nothing else moves the reserve meanwhile.
 */
export async function lockYieldReserve(tx: Executor): Promise<bigint> {
  return lockPlatformBalance(tx, { kind: 'yield_reserve' });
}

/**
 * What the yield reserve holds, in cents, unlocked (a solvency snapshot reads it in its REPEATABLE
 * READ transaction). The balance is positive while the reserve holds money: funding
 * (operator_funding → yield_reserve) and a principal a plan keeps (invested → yield_reserve) credit
 * it, each plan return (yield_reserve → the investor's available) debits it, and post_transfers never
 * takes it below zero. Clamped at zero all the same: a reserve cannot hold less than nothing, and a
 * coverage sum must not read a damaged balance as a debt of the reserve's.
 */
export async function yieldReserveCents(db: Executor): Promise<bigint> {
  const balanceCents = await readPlatformBalance(db, { kind: 'yield_reserve' });
  return balanceCents > 0n ? balanceCents : 0n;
}

/** A kept report, as the console banner reads it: with when it was computed from the transfers. */
export type LedgerHealthReport = LedgerHealth & { checkedAt: string };

/** How old a report the admin console's banner accepts before one is computed again. */
const HEALTH_REPORT_MAX_AGE_MS = 60_000;

/**
 * The ledger's health computed now from every transfer: exact, and as costly as the ledger is long.
 * Each report is kept, for the banner to read (getRecentLedgerHealth).
 */
export async function getLedgerHealth(db: Executor, clock: Clock): Promise<LedgerHealth> {
  const health = await computeLedgerHealth(db);
  const checkedAt = clock.now();
  await saveLedgerHealthReport(db, { report: { ...health, checkedAt: checkedAt.toISOString() }, checkedAt });
  return health;
}

/**
 * The latest exact report when it is at most HEALTH_REPORT_MAX_AGE_MS old, else a new one: the
 * banner on every admin page reads this, so the transfers are read once a minute, not per page.
 */
export async function getRecentLedgerHealth(db: Executor, clock: Clock): Promise<LedgerHealthReport> {
  const since = new Date(clock.now().getTime() - HEALTH_REPORT_MAX_AGE_MS);
  const latest = await readLedgerHealthReport(db, { since });
  if (latest) return latest as LedgerHealthReport;
  const health = await getLedgerHealth(db, clock);
  return { ...health, checkedAt: clock.now().toISOString() };
}

async function computeLedgerHealth(db: Executor): Promise<LedgerHealth> {
  const row = await readLedgerHealth(db);
  const health = {
    totalCents: row.total_cents,
    negativeUserBalances: Number(row.negative_user_accounts),
    mismatchedBalances: Number(row.mismatched_accounts),
    unsettledApprovedDeposits: Number(row.unsettled_deposits),
    unsettledDecidedWithdrawals: Number(row.unsettled_withdrawals),
    platformAccounts: Object.fromEntries(
      row.platform.map((account) => [account.kind, Number(account.balanceCents) / 100]),
    ),
  };
  const isHealthy =
    health.totalCents === '0' &&
    health.negativeUserBalances === 0 &&
    health.mismatchedBalances === 0 &&
    health.unsettledApprovedDeposits === 0 &&
    health.unsettledDecidedWithdrawals === 0;
  return { isHealthy, ...health };
}
