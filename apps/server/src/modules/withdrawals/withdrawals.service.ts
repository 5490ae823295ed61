import { type Coin, centsToUsd, formatUsd, MESSAGES, type Page, type Withdrawal } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import { isAddressForCoin } from '../../lib/crypto-address.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../auth/auth.service.ts';
import { type StoredResponse, withIdempotency } from '../idempotency/idempotency.service.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { lockActiveUserOrFail, UUID } from '../users/users.service.ts';
import {
  countPendingWithdrawals,
  insertWithdrawal,
  listWithdrawals,
  lockWithdrawal,
  recordWithdrawalDecision,
  type WithdrawalRow,
} from './withdrawals.repo.ts';

export interface WithdrawInput {
  method: Coin;
  amountCents: bigint;
  address: string;
}

function toWithdrawal(row: WithdrawalRow, fullName: string): Withdrawal {
  return {
    _id: row.id,
    userId: row.userId,
    fullName,
    method: row.method,
    amount: centsToUsd(row.amountCents),
    address: row.address,
    status: row.status,
    payoutTxHash: row.payoutTxHash,
    reason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The requested amount leaves the available balance at once and waits in the user's hold account. */
export async function requestWithdrawal(
  { db, maxPending }: { db: Database; maxPending: number },
  actor: Actor,
  input: WithdrawInput,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  if (!actor.user.isVerified) throw new AppError('FORBIDDEN', MESSAGES.mustBeVerifiedToWithdraw);
  if (!isAddressForCoin(input.method, input.address))
    throw new AppError('BAD_REQUEST', MESSAGES.invalidAddress);
  const userId = actor.user.id;
  const fingerprint = { action: 'withdraw', ...input };
  return withIdempotency(db, { userId, key: idempotencyKey, fingerprint }, async (tx) => {
    // One request of this user at a time past this point, so the count below cannot be raced.
    await lockActiveUserOrFail(tx, userId, 'update');
    if ((await countPendingWithdrawals(tx, { userId })) >= maxPending) {
      throw new AppError('CONFLICT', MESSAGES.tooManyPendingWithdrawals);
    }
    const withdrawal = await insertWithdrawal(tx, { userId, ...input });
    await postTransfers(tx, [
      {
        from: { userId, kind: 'available' },
        to: { userId, kind: 'withdrawal_hold' },
        amountCents: input.amountCents,
        kind: 'withdrawal_hold',
        reference: { type: 'withdrawal', id: withdrawal.id },
        settlementKey: `withdrawal:${withdrawal.id}:hold`,
        actorId: userId,
      },
    ]);
    return {
      status: 201,
      body: { data: toWithdrawal(withdrawal, actor.user.fullName), message: MESSAGES.withdrawalRequested },
    };
  });
}

type Decision = { action: 'approve'; txHash: string | null } | { action: 'decline'; reason: string | null };

/** Approve pays the held amount out; decline returns it to the available balance. Only pending ones. */
export async function decideWithdrawal(
  db: Database,
  actor: Actor,
  id: string,
  decision: Decision,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
  const fingerprint = { ...decision, id, kind: 'withdrawal-decision' };
  return withIdempotency(db, { userId: actor.user.id, key: idempotencyKey, fingerprint }, async (tx) => {
    const withdrawal = await lockWithdrawal(tx, { id });
    if (!withdrawal) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
    if (withdrawal.status !== 'pending') throw new AppError('CONFLICT', MESSAGES.alreadyProcessed);
    const isApproval = decision.action === 'approve';
    await postTransfers(tx, [
      {
        from: { userId: withdrawal.userId, kind: 'withdrawal_hold' },
        to: isApproval ? { platform: 'withdrawals' } : { userId: withdrawal.userId, kind: 'available' },
        amountCents: withdrawal.amountCents,
        kind: isApproval ? 'withdrawal_payout' : 'withdrawal_release',
        reference: { type: 'withdrawal', id },
        settlementKey: `withdrawal:${id}:settle`,
        actorId: actor.user.id,
        reason: decision.action === 'decline' ? decision.reason : null,
      },
    ]);
    await recordWithdrawalDecision(tx, {
      id,
      status: isApproval ? 'approved' : 'rejected',
      decidedBy: actor.user.id,
      reason: decision.action === 'decline' ? decision.reason : null,
      payoutTxHash: decision.action === 'approve' ? decision.txHash : null,
    });
    const amount = formatUsd(withdrawal.amountCents);
    await notify(tx, {
      userId: withdrawal.userId,
      kind: 'withdrawal',
      title: isApproval ? 'Withdrawal paid' : 'Withdrawal declined',
      body: isApproval
        ? `Your withdrawal of ${amount} was paid to ${withdrawal.address}.`
        : `Your withdrawal of ${amount} was declined and the amount is back in your balance${decision.action === 'decline' && decision.reason ? `: ${decision.reason}` : '.'}`,
      link: '/user/withdraw',
    });
    await recordAudit(tx, actor, {
      action: isApproval ? 'withdrawal.approve' : 'withdrawal.decline',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: 'pending' },
      after: {
        status: isApproval ? 'approved' : 'rejected',
        reason: decision.action === 'decline' ? decision.reason : null,
        txHash: decision.action === 'approve' ? decision.txHash : null,
      },
    });
    return {
      status: 200,
      body: { message: isApproval ? MESSAGES.withdrawalApproved : MESSAGES.withdrawalDeclined },
    };
  });
}

export async function getWithdrawals(
  db: Executor,
  filter: { userId?: string; status?: 'pending' | 'approved' | 'rejected'; page: number; pageSize: number },
): Promise<Page<Withdrawal>> {
  const { rows, total } = await listWithdrawals(db, filter);
  return {
    data: rows.map((row) => toWithdrawal(row.withdrawal, row.fullName)),
    page: filter.page,
    pageSize: filter.pageSize,
    total,
  };
}
