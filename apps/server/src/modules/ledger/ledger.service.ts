import { MESSAGES } from '@vestora/shared';
import type { Executor } from '../../db/client.ts';
import type { AccountKind, TransferKind } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type AccountRow,
  addToBalance,
  ensureUserAccounts,
  findAccounts,
  insertTransfers,
  OPEN_PLATFORM_KINDS,
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
 * The only way money moves. Posts the transfers inside the caller's transaction: changes each kept
 * balance in one fixed order (by account id, so two postings never wait on each other in a cycle),
 * refusing to take a user account or the yield reserve below zero, and writes the immutable
 * transfer rows with them. Open platform accounts keep no balance to change (OPEN_PLATFORM_KINDS).
 */
export async function postTransfers(tx: Executor, transfers: TransferRequest[]): Promise<void> {
  const accounts = await resolveAccounts(tx, transfers);
  const deltas = new Map<string, bigint>();
  const resolved = transfers.map((transfer) => {
    if (transfer.amountCents <= 0n) throw new Error('transfer amounts must be positive');
    const fromId = accountIdOf(accounts, transfer.from);
    const toId = accountIdOf(accounts, transfer.to);
    deltas.set(fromId, (deltas.get(fromId) ?? 0n) - transfer.amountCents);
    deltas.set(toId, (deltas.get(toId) ?? 0n) + transfer.amountCents);
    return { transfer, fromId, toId };
  });

  const kept = [...deltas].filter(([id, delta]) => delta !== 0n && !isOpen(accountById(accounts, id)));
  for (const [id, deltaCents] of kept.sort(([a], [b]) => (a < b ? -1 : 1))) {
    const mustStayCovered = isCovered(accountById(accounts, id));
    if (!(await addToBalance(tx, { id, deltaCents, mustStayCovered }))) {
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
}

const isOpen = (account: AccountRow) =>
  account.userId === null && (OPEN_PLATFORM_KINDS as readonly string[]).includes(account.kind);

/**
 * User balances never go negative, and neither does the yield reserve: a plan return is only
 * paid from money the operator actually put in.
 */
const isCovered = (account: AccountRow) => account.userId !== null || account.kind === 'yield_reserve';

function accountById(accounts: AccountRow[], id: string): AccountRow {
  const account = accounts.find((candidate) => candidate.id === id);
  if (!account) throw new Error(`ledger account ${id} is missing`);
  return account;
}

function accountIdOf(accounts: AccountRow[], ref: AccountRef): string {
  const account =
    'platform' in ref
      ? accounts.find((candidate) => candidate.userId === null && candidate.kind === ref.platform)
      : accounts.find((candidate) => candidate.userId === ref.userId && candidate.kind === ref.kind);
  if (!account) throw new Error(`ledger account ${JSON.stringify(ref)} is missing`);
  return account.id;
}

/** Every account the transfers name, opening a user's accounts on their first movement. */
async function resolveAccounts(tx: Executor, transfers: TransferRequest[]): Promise<AccountRow[]> {
  const refs = transfers.flatMap((transfer) => [transfer.from, transfer.to]);
  const platformKinds = [...new Set(refs.flatMap((ref) => ('platform' in ref ? [ref.platform] : [])))];
  const userIds = [...new Set(refs.flatMap((ref) => ('userId' in ref ? [ref.userId] : [])))];
  const accounts = await findAccounts(tx, { platformKinds, userIds });
  const unopened = userIds.filter((userId) => !accounts.some((account) => account.userId === userId));
  if (unopened.length === 0) return accounts;
  for (const userId of unopened) await ensureUserAccounts(tx, { userId });
  return findAccounts(tx, { platformKinds, userIds });
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
