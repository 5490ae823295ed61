import {
  baseUnitsAtRate,
  centsToUsd,
  formatUsd,
  MESSAGES,
  PASSKEY_MESSAGES,
  PAYOUT_MESSAGES,
  type Page,
  type PasskeyAssertion,
  type TransactionStatus,
  type Withdrawal,
} from '@vestora/shared';
import type { AppConfig, ChainConfig } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { payoutConfirmations } from '../chain/chain.service.ts';
import { assertEmailConfirmed } from '../email-confirmation/email-confirmation.service.ts';
import { verificationLevelOf } from '../identity/verification-level.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { queueUserMail } from '../mail/mail.service.ts';
import { notify, notifyAndMail } from '../notifications/notifications.service.ts';
import { hasPasskeys, type PasskeyDeps, verifyPasskeyAssertion } from '../passkeys/passkey-assertions.ts';
import type { Actor } from '../sessions/actor.ts';
import { assertMayApprove, listStaffHolding, planApprovals } from '../staff/quorum.service.ts';
import { lockActiveUserOrFail } from '../users/users.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { withdrawalEventData } from '../webhooks/webhook-payloads.ts';
import {
  resolveWithdrawalAddress,
  type WithdrawalTarget,
} from '../withdrawal-addresses/withdrawal-addresses.service.ts';
import {
  conversionText,
  isPayoutCheckedOnChain,
  payoutOf,
  payoutRate,
  payWithdrawal,
} from './payouts.service.ts';
import { assertWithinWithdrawalLimits, listWithdrawalsCounted, usedCents } from './withdrawal-limits.ts';
import {
  countPendingWithdrawals,
  insertWithdrawal,
  insertWithdrawalApproval,
  listWithdrawalApprovals,
  listWithdrawals,
  lockWithdrawal,
  updateWithdrawal,
  type WithdrawalRow,
} from './withdrawals.repo.ts';

export interface WithdrawInput {
  amountCents: bigint;
  /** The saved address the money goes to. */
  target: WithdrawalTarget;
  /** Required when the account has a passkey: its answer to a challenge bound to this withdrawal. */
  passkey?: PasskeyAssertion | undefined;
}

type Approval = { adminName: string; at: Date };

function toWithdrawal(
  row: WithdrawalRow,
  fullName: string,
  approvals: Approval[],
  config: ChainConfig,
): Withdrawal {
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
    needsTwoApprovals: row.requiredApprovals > 1,
    requiredApprovals: row.requiredApprovals,
    approvals: approvals.map((approval) => ({
      adminName: approval.adminName,
      at: approval.at.toISOString(),
    })),
    isPayoutCheckedOnChain: isPayoutCheckedOnChain(row, config),
    payout: payoutOf(row, config),
  };
}

/**
 * The requested amount leaves the available balance at once and waits in the user's hold account.
 * It goes only to a saved address past its cool-off, not while a credential change locks
 * withdrawals, and not past the limits of the user's verification level.
 */
export async function requestWithdrawal(
  tx: Transaction,
  {
    actor,
    maxPending,
    now,
    dualApprovalCents,
    limitCents,
    config,
    passkeyDeps,
  }: {
    actor: Actor;
    maxPending: number;
    now: Date;
    dualApprovalCents: bigint | null;
    limitCents: AppConfig['withdrawalLimitCents'];
    config: ChainConfig;
    passkeyDeps: PasskeyDeps;
  },
  input: WithdrawInput,
): Promise<Withdrawal> {
  assertEmailConfirmed(actor, MESSAGES.emailUnconfirmedToWithdraw);
  if (!actor.user.isVerified) throw new AppError('FORBIDDEN', MESSAGES.mustBeVerifiedToWithdraw);
  const userId = actor.user.id;
  // One request of this user at a time past this point, so the counts below (pending requests,
  // limits) cannot be raced, across processes too; the lock read here is the one a credential
  // change committed before. Not 'update', which would also block the key-share lock that an
  // approval of the user's deposit takes on the user while holding the user's balance this request
  // needs: a deadlock (deposits.test.ts).
  const user = await lockActiveUserOrFail(tx, userId, 'no key update');
  const level = await verificationLevelOf(tx, user);
  if (level === 'none') throw new AppError('FORBIDDEN', MESSAGES.mustBeVerifiedToWithdraw);
  const saved = await resolveWithdrawalAddress(
    tx,
    {
      userId,
      now,
      withdrawalsLockedUntil: user.withdrawalsLockedUntil,
      bitcoinNetwork: config.bitcoinNetwork,
    },
    input.target,
  );
  if (await hasPasskeys(tx, userId)) {
    if (!input.passkey)
      throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.required, { passkeyRequired: true });
    await verifyPasskeyAssertion(tx, passkeyDeps, {
      assertion: input.passkey,
      purpose: 'withdrawal',
      userId,
      intent: { coin: saved.coin, address: saved.address, amountCents: input.amountCents },
    });
  }
  if ((await countPendingWithdrawals(tx, { userId })) >= maxPending) {
    throw new AppError('CONFLICT', MESSAGES.tooManyPendingWithdrawals);
  }
  const counted = await listWithdrawalsCounted(tx, userId);
  assertWithinWithdrawalLimits({ level, counted, limitCents }, input.amountCents);
  // The day's total, so that splitting a large payout does not slip under the threshold.
  const isAboveThreshold =
    dualApprovalCents !== null && usedCents(counted, 'daily') + input.amountCents >= dualApprovalCents;
  const withdrawal = await insertWithdrawal(tx, {
    userId,
    method: saved.coin,
    address: saved.address,
    amountCents: input.amountCents,
    requiredApprovals: isAboveThreshold ? (await planApprovals(tx, 'withdrawal', null)).requiredApprovals : 1,
  });
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
  await emitWebhookEvent(tx, { type: 'withdrawal.requested', data: withdrawalEventData(withdrawal) });
  await queueUserMail(tx, {
    userId,
    kind: 'withdrawal_requested',
    subject: 'Withdrawal requested',
    paragraphs: [
      `A withdrawal of ${formatUsd(input.amountCents)} to your ${saved.coin.toUpperCase()} address ${saved.address} was requested. The amount is held until an administrator pays it out.`,
      'If it was not you, change your password now and tell our support.',
    ],
  });
  return toWithdrawal(withdrawal, actor.user.fullName, [], config);
}

/**
 * Approves a pending withdrawal; only finance staff who held that power before it was requested and
 * for longer than the delay on new staff. One that took the user's last 24 hours to the
 * dual-approval amount is approved on the last of the distinct approvals it was requested with:
 * earlier ones are recorded and the money stays held. The withdrawal's row lock orders approvals
 * arriving together, so it is approved once.
 *
 * The coin amount is fixed at the coin's rate now. Where Vestora reads the coin's payouts from a
 * node (ETH and USDT with ETHEREUM_RPC_URL), the money stays held until the chain shows the payment
 * (payouts.service.ts); elsewhere the staff member's word pays it, recorded as unverified.
 */
export async function approveWithdrawal(
  tx: Transaction,
  deps: {
    actor: Actor;
    now: Date;
    config: Pick<AppConfig, 'staffApproval'> & { chain: ChainConfig };
  },
  id: string,
  { txHash }: { txHash: string | null },
): Promise<'paid' | 'awaitingPayment' | 'awaitingApprovals'> {
  const { actor, now, config } = deps;
  const withdrawal = await lockPendingWithdrawal(tx, id);
  const isCheckedOnChain = isPayoutCheckedOnChain(withdrawal, config.chain);
  if (isCheckedOnChain && txHash) throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutReferenceOnChain);
  await assertMayApprove(tx, deps, actor, { kind: 'withdrawal', proposedAt: withdrawal.createdAt });
  let approverIds = [actor.user.id];
  if (withdrawal.requiredApprovals > 1) {
    const isNew = await insertWithdrawalApproval(tx, {
      withdrawalId: id,
      adminId: actor.user.id,
      createdAt: now,
    });
    if (!isNew) throw new AppError('CONFLICT', MESSAGES.withdrawalApprovedAlreadyByYou);
    const approvals = await listWithdrawalApprovals(tx, { withdrawalIds: [id] });
    approverIds = approvals.map((approval) => approval.adminId);
    if (approvals.length < withdrawal.requiredApprovals) {
      await recordAudit(tx, actor, {
        action: 'withdrawal.firstApproval',
        targetType: 'withdrawal',
        targetId: id,
        before: { status: 'pending', approvals: approvals.length - 1 },
        after: {
          status: 'pending',
          approvals: approvals.length,
          requiredApprovals: withdrawal.requiredApprovals,
          approvedBy: approverIds,
        },
      });
      // The first approval is where the others' turn begins: later partial ones change nothing for them.
      if (approvals.length === 1) {
        await emitWebhookEvent(tx, {
          type: 'approval.pending',
          data: {
            approvalId: id,
            kind: 'withdrawal',
            summary: `Withdrawal of ${formatUsd(withdrawal.amountCents)} in ${withdrawal.method.toUpperCase()} to ${withdrawal.address}`,
            proposedBy: actor.user.id,
            requiredApprovals: withdrawal.requiredApprovals - 1,
          },
        });
      }
      return 'awaitingApprovals';
    }
  }
  const usdCentsPerCoin = await payoutRate(tx, withdrawal.method, {
    now,
    rateMaxAgeMs: config.chain.rateMaxAgeMs,
  });
  if (isCheckedOnChain && usdCentsPerCoin === null)
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutRateMissing);
  const approved = await updateWithdrawal(tx, id, {
    status: 'approved',
    decidedBy: actor.user.id,
    decidedAt: now,
    decisionReason: null,
    payoutTxHash: isCheckedOnChain ? null : txHash,
    payoutState: 'awaitingPayment',
    coinAmountBaseUnits:
      usdCentsPerCoin === null
        ? null
        : baseUnitsAtRate(withdrawal.amountCents, usdCentsPerCoin, withdrawal.method).toString(),
    usdCentsPerCoin,
    requiredConfirmations: isCheckedOnChain ? await payoutConfirmations(tx, withdrawal.method) : null,
  });
  await emitWebhookEvent(tx, { type: 'withdrawal.approved', data: withdrawalEventData(approved) });
  await recordAudit(tx, actor, {
    action: 'withdrawal.approve',
    targetType: 'withdrawal',
    targetId: id,
    before: { status: 'pending' },
    after: {
      status: 'approved',
      reason: null,
      txHash,
      approvedBy: approverIds,
      coinAmountBaseUnits: approved.coinAmountBaseUnits,
      usdCentsPerCoin: usdCentsPerCoin?.toString() ?? null,
      checkedOnChain: isCheckedOnChain,
    },
  });
  if (!isCheckedOnChain) {
    await payWithdrawal(tx, approved, { actorId: actor.user.id, now, config: config.chain });
    return 'paid';
  }
  await notify(tx, {
    userId: approved.userId,
    kind: 'withdrawal',
    title: 'Withdrawal approved',
    body: `Your withdrawal of ${formatUsd(approved.amountCents)} was approved: ${conversionText(approved)}, to ${approved.address}. You will be told when its transaction is confirmed.`,
    link: '/user/withdraw',
  });
  return 'awaitingPayment';
}

/**
 * Returns the held amount to the available balance: a pending withdrawal, or an approved one whose
 * payment has not been given yet.
 */
export async function declineWithdrawal(
  tx: Transaction,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
  { reason }: { reason: string | null },
): Promise<void> {
  const withdrawal = await lockWithdrawal(tx, { id });
  if (!withdrawal) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
  const isDeclinable = withdrawal.status === 'pending' || withdrawal.payoutState === 'awaitingPayment';
  if (!isDeclinable) throw new AppError('CONFLICT', MESSAGES.alreadyProcessed);
  if (withdrawal.payoutBatchId !== null) throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutInOpenBatch);
  await postTransfers(tx, [
    {
      from: { userId: withdrawal.userId, kind: 'withdrawal_hold' },
      to: { userId: withdrawal.userId, kind: 'available' },
      amountCents: withdrawal.amountCents,
      kind: 'withdrawal_release',
      reference: { type: 'withdrawal', id },
      settlementKey: `withdrawal:${id}:settle`,
      actorId: actor.user.id,
      reason,
    },
  ]);
  const declined = await updateWithdrawal(tx, id, {
    status: 'rejected',
    decidedBy: actor.user.id,
    decidedAt: now,
    decisionReason: reason,
    payoutTxHash: null,
    payoutState: null,
  });
  await emitWebhookEvent(tx, { type: 'withdrawal.declined', data: withdrawalEventData(declined) });
  await notifyAndMail(
    tx,
    {
      userId: withdrawal.userId,
      kind: 'withdrawal',
      title: 'Withdrawal declined',
      body: `Your withdrawal of ${formatUsd(withdrawal.amountCents)} was declined and the amount is back in your balance${reason ? `: ${reason}` : '.'}`,
      link: '/user/withdraw',
    },
    { kind: 'withdrawal_declined' },
  );
  await recordAudit(tx, actor, {
    action: 'withdrawal.decline',
    targetType: 'withdrawal',
    targetId: id,
    before: { status: withdrawal.status, payoutState: withdrawal.payoutState },
    after: { status: 'rejected', reason, txHash: null },
  });
}

async function lockPendingWithdrawal(tx: Transaction, id: string): Promise<WithdrawalRow> {
  const withdrawal = await lockWithdrawal(tx, { id });
  if (!withdrawal) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
  if (withdrawal.status !== 'pending') throw new AppError('CONFLICT', MESSAGES.alreadyProcessed);
  return withdrawal;
}

export async function getWithdrawals(
  db: Executor,
  config: ChainConfig,
  filter: { userId?: string; status?: TransactionStatus; page: number; pageSize: number },
): Promise<Page<Withdrawal>> {
  const { rows, total } = await listWithdrawals(db, filter);
  const approvals = await listWithdrawalApprovals(db, {
    withdrawalIds: rows.map((row) => row.withdrawal.id),
  });
  return {
    data: rows.map((row) =>
      toWithdrawal(
        row.withdrawal,
        row.fullName,
        approvals.filter((approval) => approval.withdrawalId === row.withdrawal.id),
        config,
      ),
    ),
    page: filter.page,
    pageSize: filter.pageSize,
    total,
  };
}

/** The console's list: every withdrawal with its approvals, and how many staff can approve one. */
export async function getWithdrawalsForAdmin(
  db: Executor,
  config: ChainConfig,
  filter: { status?: TransactionStatus; page: number; pageSize: number },
) {
  const [page, approvers] = await Promise.all([
    getWithdrawals(db, config, filter),
    listStaffHolding(db, 'money.approve'),
  ]);
  const administratorCount = approvers.length;
  return { ...page, administratorCount };
}
