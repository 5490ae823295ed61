import { MESSAGES } from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import type { AccountKind, TransferKind } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  addToBalance,
  ensureUserAccounts,
  findPlatformAccountId,
  findUserAccountId,
  insertTransfers,
  lockAccounts,
  readLedgerHealth,
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
 * The only way money moves. Posts the transfers inside the caller's transaction: locks every account
 * involved in id order, refuses to take a user account below zero, writes the immutable transfer rows
 * and the maintained balances together.
 */
export async function postTransfers(tx: Executor, transfers: TransferRequest[]): Promise<void> {
  const resolved = await Promise.all(
    transfers.map(async (transfer) => ({
      transfer,
      fromId: await resolveAccount(tx, transfer.from),
      toId: await resolveAccount(tx, transfer.to),
    })),
  );
  const accountIds = [...new Set(resolved.flatMap(({ fromId, toId }) => [fromId, toId]))];
  const accounts = new Map((await lockAccounts(tx, { ids: accountIds })).map((row) => [row.id, row]));

  const deltas = new Map<string, bigint>();
  for (const { transfer, fromId, toId } of resolved) {
    if (transfer.amountCents <= 0n) throw new Error('transfer amounts must be positive');
    deltas.set(fromId, (deltas.get(fromId) ?? 0n) - transfer.amountCents);
    deltas.set(toId, (deltas.get(toId) ?? 0n) + transfer.amountCents);
  }
  for (const [id, delta] of deltas) {
    const account = accounts.get(id);
    if (!account) throw new Error(`ledger account ${id} is missing`);
    if (mustStayCovered(account) && account.balanceCents + delta < 0n) {
      throw new AppError('CONFLICT', MESSAGES.insufficientBalance);
    }
  }

  const inserted = await insertTransfers(
    tx,
    resolved.map(({ transfer, fromId, toId }) => ({
      settlementKey: transfer.settlementKey,
      debitAccountId: fromId,
      creditAccountId: toId,
      amountCents: transfer.amountCents,
      kind: transfer.kind,
      referenceType: transfer.reference.type,
      referenceId: transfer.reference.id,
      actorId: transfer.actorId ?? null,
      reason: transfer.reason ?? null,
    })),
  );
  if (inserted.length !== transfers.length) throw new AppError('CONFLICT', MESSAGES.alreadyProcessed);
  for (const [id, deltaCents] of deltas) {
    if (deltaCents !== 0n) await addToBalance(tx, { id, deltaCents });
  }
}

/**
 * User balances never go negative, and neither does the yield reserve: a plan return is only
 * paid from money the operator actually put in. Other platform accounts are where money enters
 * from outside, so they run negative by design.
 */
function mustStayCovered(account: { userId: string | null; kind: AccountKind }): boolean {
  return account.userId !== null || account.kind === 'yield_reserve';
}

async function resolveAccount(tx: Executor, ref: AccountRef): Promise<string> {
  if ('platform' in ref) return findPlatformAccountId(tx, { kind: ref.platform });
  const existing = await findUserAccountId(tx, ref);
  if (existing) return existing;
  await ensureUserAccounts(tx, { userId: ref.userId });
  const created = await findUserAccountId(tx, ref);
  if (!created) throw new Error(`could not open ledger accounts for user ${ref.userId}`);
  return created;
}

export interface LedgerHealth {
  isHealthy: boolean;
  totalCents: string;
  negativeUserBalances: number;
  mismatchedBalances: number;
  unsettledApprovedDeposits: number;
  unsettledDecidedWithdrawals: number;
  platformAccounts: Record<string, number>;
}

export async function getLedgerHealth(db: Executor): Promise<LedgerHealth> {
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
