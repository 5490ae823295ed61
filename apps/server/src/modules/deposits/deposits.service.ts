import { type Coin, formatUsd, MESSAGES, type TradeUser } from '@vestora/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Transaction } from '../../lib/transaction.ts';
import { detectAllowedType, PROOF_TYPES } from '../../lib/uploads.ts';
import {
  type AdminChangeHandler,
  approveAdminChangeIn,
  findPendingChangeAbout,
  proposeAdminChange,
  withdrawPendingChangesAbout,
} from '../admin-changes/admin-changes.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { storeFile } from '../files/files.service.ts';
import { currentGateway } from '../gateways/gateways.service.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { notifyAndMail } from '../notifications/notifications.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { toTradeUser } from '../users/users.mapper.ts';
import { loadUserRecord, lockActiveUserOrFail } from '../users/users.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { depositEventData } from '../webhooks/webhook-payloads.ts';
import {
  countPendingDeposits,
  type DepositRow,
  findDepositForApproval,
  insertDeposit,
  isChainDeposit,
  lockDeposit,
  recordDepositDecision,
} from './deposits.repo.ts';

export interface DepositInput {
  mode: Coin;
  amountCents: bigint;
  proof: Buffer | undefined;
}

/** The deposit waits for an administrator; the answer is the depositor's record with it. */
export async function createDeposit(
  tx: Transaction,
  {
    actor,
    minDepositCents,
    maxPending,
    fileUrlBase,
  }: { actor: Actor; minDepositCents: bigint; maxPending: number; fileUrlBase: string },
  input: DepositInput,
): Promise<TradeUser> {
  if (input.amountCents < minDepositCents) {
    throw new AppError('BAD_REQUEST', `minimum is ${Number(minDepositCents) / 100}`);
  }
  const proofType = input.proof ? await detectAllowedType(input.proof, PROOF_TYPES) : null;
  if (input.proof && !proofType) throw new AppError('BAD_REQUEST', MESSAGES.proofType);

  const userId = actor.user.id;
  // Held until commit: an account being deleted at this instant either waits for this or is gone,
  // and the user's other deposits are counted one request at a time. Not 'update': that would also
  // block the key-share lock an approval of the user's earlier deposit takes on the user (its
  // notification's reference) while that approval holds the pending-deposit count this insert
  // needs, a deadlock the soak met on nearly every approval (bench/ANALYSIS.md).
  await lockActiveUserOrFail(tx, userId, 'no key update');
  if ((await countPendingDeposits(tx, { userId })) >= maxPending) {
    throw new AppError('CONFLICT', MESSAGES.tooManyPendingDeposits);
  }
  const proof =
    input.proof && proofType
      ? await storeFile(tx, { content: input.proof, mimeType: proofType, ownerId: userId })
      : null;
  // The address and QR the depositor was shown stay with the deposit, whatever happens to the gateway.
  const gateway = await currentGateway(tx, input.mode);
  await insertDeposit(tx, {
    userId,
    mode: input.mode,
    amountCents: input.amountCents,
    proofFileId: proof?.id ?? null,
    address: gateway?.address ?? null,
    addressImageFileId: gateway?.imageFileId ?? null,
  });
  return toTradeUser(await loadUserRecord(tx, userId), fileUrlBase);
}

/**
 * Credits the depositor's available balance through the ledger. Only a pending deposit. Approving
 * one above the credit approval amount creates money on a claim, as a credit does: with other
 * finance staff on the platform, the first approval is recorded as a pending change and the
 * deposit is credited on the quorum's last approval, given here or in the approvals inbox.
 */
export async function approveDeposit(
  tx: Transaction,
  deps: { actor: Actor; now: Date; clock: Clock; config: Pick<AppConfig, 'staffApproval'> },
  id: string,
): Promise<'approved' | 'awaitingApprovals'> {
  const { actor } = deps;
  const deposit = await lockPendingDeposit(tx, id);
  if (deposit.amountCents > deps.config.staffApproval.creditCents) {
    const pending = await findPendingChangeAbout(tx, { kind: 'deposit.approval', subject: id });
    if (pending) {
      const outcome = await approveAdminChangeIn(
        tx,
        { ...deps, handlers: DEPOSIT_HANDLERS },
        actor,
        pending.id,
      );
      return outcome.status === 'applied' ? 'approved' : 'awaitingApprovals';
    }
    const payload: DepositApproval = { depositId: id };
    if (await proposeAdminChange(tx, actor, { kind: 'deposit.approval', subject: id, payload })) {
      return 'awaitingApprovals';
    }
  }
  await applyDepositApproval(tx, actor, deposit, deps.now);
  return 'approved';
}

const DepositApprovalSchema = z.object({ depositId: z.string() });
type DepositApproval = z.infer<typeof DepositApprovalSchema>;

async function applyDepositApproval(tx: Transaction, actor: Actor, deposit: DepositRow, now: Date) {
  const id = deposit.id;
  await postTransfers(tx, [
    {
      from: { platform: 'deposits' },
      to: { userId: deposit.userId, kind: 'available' },
      amountCents: deposit.amountCents,
      kind: 'deposit',
      reference: { type: 'deposit', id },
      settlementKey: `deposit:${id}`,
      actorId: actor.user.id,
    },
  ]);
  const credited = await recordDepositDecision(tx, {
    id,
    status: 'approved',
    decidedBy: actor.user.id,
    reason: null,
    decidedAt: now,
  });
  await emitWebhookEvent(tx, { type: 'deposit.credited', data: depositEventData(credited, null) });
  await notifyAndMail(
    tx,
    {
      userId: deposit.userId,
      kind: 'deposit',
      title: 'Deposit approved',
      body: `Your ${deposit.mode.toUpperCase()} deposit of ${formatUsd(deposit.amountCents)} was approved and added to your balance.`,
      link: '/user/history',
    },
    { kind: 'deposit_approved' },
  );
  await recordAudit(tx, actor, {
    action: 'deposit.approve',
    targetType: 'deposit',
    targetId: id,
    before: { status: 'pending' },
    after: { status: 'approved', reason: null },
  });
}

export const depositApprovalChangeHandler: AdminChangeHandler = {
  async describe(payload, { db }) {
    const { depositId } = DepositApprovalSchema.parse(payload);
    const deposit = await findDepositForApproval(db, depositId);
    if (!deposit) throw new Error(`deposit ${depositId} of a pending approval is gone`);
    return {
      account: `${deposit.fullName} <${deposit.email}>`,
      amount: formatUsd(deposit.amountCents),
      coin: deposit.mode.toUpperCase(),
    };
  },
  async apply(tx, { approver, now }, payload) {
    const { depositId } = DepositApprovalSchema.parse(payload);
    await applyDepositApproval(tx, approver, await lockPendingDeposit(tx, depositId), now);
  },
};

/** The one handler a deposit's own route applies its pending approval with. */
const DEPOSIT_HANDLERS = { 'deposit.approval': depositApprovalChangeHandler };

/** Moves nothing: the money never reached the platform. Only a pending deposit. */
export async function declineDeposit(
  tx: Transaction,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
  { reason }: { reason: string | null },
): Promise<void> {
  const deposit = await lockPendingDeposit(tx, id);
  await withdrawPendingChangesAbout(tx, actor, { kind: 'deposit.approval', subject: id });
  const declined = await recordDepositDecision(tx, {
    id,
    status: 'rejected',
    decidedBy: actor.user.id,
    reason,
    decidedAt: now,
  });
  await emitWebhookEvent(tx, { type: 'deposit.declined', data: depositEventData(declined, null) });
  await notifyAndMail(
    tx,
    {
      userId: deposit.userId,
      kind: 'deposit',
      title: 'Deposit declined',
      body: `Your ${deposit.mode.toUpperCase()} deposit of ${formatUsd(deposit.amountCents)} was declined${reason ? `: ${reason}` : '.'}`,
      link: '/user/history',
    },
    { kind: 'deposit_declined' },
  );
  await recordAudit(tx, actor, {
    action: 'deposit.decline',
    targetType: 'deposit',
    targetId: id,
    before: { status: 'pending' },
    after: { status: 'rejected', reason },
  });
}

async function lockPendingDeposit(tx: Transaction, id: string): Promise<DepositRow> {
  const deposit = await lockDeposit(tx, { id });
  if (!deposit) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
  if (deposit.status !== 'pending') throw new AppError('CONFLICT', MESSAGES.alreadyProcessed);
  // Credited by the chain watcher once confirmed, never by an administrator's judgement.
  if (await isChainDeposit(tx, { id })) throw new AppError('CONFLICT', MESSAGES.chainDepositNotReviewed);
  return deposit;
}
